"""Pass and play in a real page (real Voilà, real Chromium): two people play a whole game of Main Merah
on one screen, and a Red Ten hand with two people and two computers, chosen in the table page's own
"Pass and play" controls. Every change of the board's model that reaches the page is watched: while the
"Pass to …" screen shows, the model holds no hand card (not only what is painted). The pass screen is
answered by keyboard (its button has the focus) and by a click, and checked by axe; a reload comes back to
it, never to a hand. The same on the static site (Python in the page). Screenshots at 1280 and 390 px,
English and Indonesian (tests/artifacts/passplay-*.png).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import VoilaServer, open_notebook, reload
from test_a11y import check as check_a11y
from test_red_ten_browser import turn as red_ten_turn
from test_static_site import COLD, chromium, offline_page, site_root, site_url  # noqa: F401 (the static site's fixtures)
from test_table import full_shot

pytestmark = pytest.mark.browser
WAIT = 60_000
PASS = ".mm-pass:not(.mm-hidden)"

# Every change of the board's model (each message from the kernel) is checked in the page: while the pass
# screen is up, no hand card and no word of the hand.
WATCH_JS = """async () => {
  const mgr = window.jupyterapp.widgetManager;
  const models = await Promise.all(Object.values(mgr._models));
  const board = models.find((m) => m.get('zones') !== undefined && m.get('passing') !== undefined);
  window.__mmLeaks = [];
  window.__mmChanges = 0;
  window.__mmPassing = 0;
  board.on('change', () => {
    window.__mmChanges += 1;
    const p = board.get('passing') || {};
    if (p.seat === undefined) { return; }
    window.__mmPassing += 1;
    const hand = board.get('hand') || [];
    if (hand.some((slot) => /mm-c-/.test(slot[0]))) { window.__mmLeaks.push(JSON.stringify(hand)); }
    if ((board.get('you') || {}).hand_label) { window.__mmLeaks.push(board.get('you').hand_label); }
  });
  return true;
}"""

# What the table waits for: the pass screen, your turn, the game's end.
WAITING_JS = """() => !!document.querySelector('.mm-pass:not(.mm-hidden)')
  || document.querySelector('.mm-status').classList.contains('mm-yourturn')
  || !!document.querySelector('.mm-gameover:not(.mm-hidden)')"""


def watch(page) -> None:  # noqa: ANN001
    assert page.evaluate(WATCH_JS)


def leaks(page) -> dict:  # noqa: ANN001
    return page.evaluate("() => ({leaks: window.__mmLeaks, changes: window.__mmChanges, "
                         "passing: window.__mmPassing})")


def seat_people(page, people: dict[int, str]) -> None:  # noqa: ANN001
    """The table page's Pass and play choice: these seats are people (named), the others computers."""
    page.check(".mm-pp-on input[type=checkbox]")
    page.wait_for_selector(".mm-pp-seats .mm-pp-row-0", state="visible", timeout=WAIT)
    for seat, name in people.items():
        page.select_option(f".mm-pp-row-{seat} select", label="Person")
        box = page.locator(f".mm-pp-row-{seat} input[type=text]")
        page.wait_for_function("s => !document.querySelector(s).disabled", arg=f".mm-pp-row-{seat} input[type=text]",
                               timeout=WAIT)
        box.fill(name)
        box.press("Enter")
    page.wait_for_timeout(300)  # the names reach the kernel (each box sends on Enter)
    page.click(".mm-pp-deal")
    page.wait_for_selector(PASS, timeout=WAIT)


def answer_pass_screen(page, by_keyboard: bool) -> str:  # noqa: ANN001
    """The pass screen: no hand drawn, the focus on its one button (Enter answers it), or a click; answered.
    Returns whose turn it was."""
    assert page.locator(".mm-hand .mm-card:not(.mm-empty)").count() == 0
    title = page.text_content(".mm-pass-title")
    dialog = page.locator(".mm-pass")
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    if by_keyboard:  # the screen came with the focus on its button
        page.wait_for_function("() => document.activeElement?.classList.contains('mm-reveal')", timeout=WAIT)
        page.keyboard.press("Enter")
    else:
        page.click(".mm-pass .mm-reveal")
    page.wait_for_selector(".mm-hand .mm-card:not(.mm-empty)", timeout=WAIT)
    page.wait_for_selector(PASS, state="hidden", timeout=WAIT)
    if by_keyboard:  # the focus goes on to the hand just shown
        page.wait_for_function("() => !!document.activeElement?.closest('.mm-hand')", timeout=WAIT)
    return title


def in_language(page, lang: str) -> None:  # noqa: ANN001
    page.click(f".mm-language button:nth-child({1 if lang == 'en' else 2})")
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang, timeout=WAIT)


def shots(page, name: str) -> None:  # noqa: ANN001
    """The table at a laptop's and a phone's width, in English and Indonesian."""
    for lang, width in (("en", 1280), ("en", 390), ("id", 390), ("id", 1280)):
        in_language(page, lang)
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        full_shot(page, f"passplay-{name}-{lang}-{width}px")
    in_language(page, "en")


def main_merah_turn(page) -> None:  # noqa: ANN001
    """A person's turn of Main Merah: a card (twice: chosen, then played); a table card when asked."""
    before = int(page.get_attribute(".mm-header", "data-decisions"))
    if "take" in page.text_content(".mm-status"):
        page.click(".mm-tablecards .mm-card.mm-choice")
    else:
        page.click(".mm-hand .mm-card:not(.mm-empty)")
        page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
        page.click(".mm-play")
    page.wait_for_function("n => Number(document.querySelector('.mm-header').dataset.decisions) > n", arg=before,
                           timeout=WAIT)


def play_out(page, game: str, one_turn: Callable[[], None], reload_at: int | None = None) -> list[str]:  # noqa: ANN001
    """Play until the game's end: each pass screen answered (by keyboard or a click in turn), each person's
    turn by ``one_turn``; screenshots of the first pass screen and of a hand; the page reloaded once."""
    titles: list[str] = []
    for _ in range(300):
        page.wait_for_function(WAITING_JS, timeout=WAIT)
        if page.locator(".mm-gameover:not(.mm-hidden)").count():
            return titles
        if not page.locator(PASS).count():
            one_turn()
            continue
        if not titles:
            check_a11y(page, f"{game}: the pass screen")  # axe and the contrast of every text
            shots(page, f"{game}-pass")  # (the language buttons then have the focus: answered by a click)
        titles.append(answer_pass_screen(page, by_keyboard=len(titles) % 2 == 1))
        if len(titles) == 2:
            shots(page, f"{game}-hand")
        if len(titles) == reload_at:  # back at the pass screen of the person to move, no hand shown
            reload(page, PASS)
            watch(page)
            titles.append(answer_pass_screen(page, by_keyboard=False))
    raise AssertionError("the game did not end")


def check_ended(page, titles: list[str], game: str) -> None:  # noqa: ANN001
    assert {"Pass to Sari", "Pass to Budi"} <= set(titles), titles
    found = leaks(page)
    assert found["leaks"] == [] and found["passing"] > 0, found
    text = page.text_content(".mm-gameover")
    assert "Sari" in text and "Budi" in text  # the tally names both people, to everyone
    full_shot(page, f"passplay-{game}-over-en-1280px")
    assert page.errors == []


def test_two_people_play_a_whole_main_merah_game_on_one_screen(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?game=main-merah&seed=11&pace=instant", ".mm-hand .mm-card")
    watch(page)
    seat_people(page, {0: "Sari", 1: "Budi"})
    titles = play_out(page, "main-merah", lambda: main_merah_turn(page), reload_at=3)
    check_ended(page, titles, "main-merah")
    # Each person reviews their own seat: a button each, the review saying whose it is.
    page.locator(".mm-review-people .mm-review-start", has_text="Review Budi's decisions").click()
    page.wait_for_selector(".mm-review-whose", timeout=WAIT)
    assert "Budi: your decisions, judged and played out from what you could see." in page.text_content(
        ".mm-review-whose")
    assert page.errors == []


def test_two_people_and_two_computers_play_a_red_ten_hand(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?game=red-ten&seed=5&pace=instant", ".mm-hand .mm-card")
    watch(page)
    seat_people(page, {0: "Sari", 2: "Budi"})
    assert page.locator(".mm-opp").count() == 3
    seen = {"pass": 0, "multi": 0}
    titles = play_out(page, "red-ten", lambda: red_ten_turn(page, ".mm-root", seen))
    assert "Hand over" in page.text_content(".mm-gameover")
    check_ended(page, titles, "red-ten")


# ----- the static site: Python in the page, no server -----------------------------------------------
def test_pass_and_play_on_the_static_site(request: pytest.FixtureRequest) -> None:
    """The same table with no server at all: the pass screen comes between two people's turns, no hand under it."""
    pg = request.getfixturevalue("offline_page")  # the static site's fixtures (imported above)
    pg.goto(request.getfixturevalue("site_url") + "/voici/render/play.html?seed=11&pace=instant")
    pg.wait_for_selector(".mm-hand .mm-card", timeout=COLD)
    seat_people(pg, {0: "Sari", 1: "Budi"})
    first = answer_pass_screen(pg, by_keyboard=True)
    assert first == "Pass to Sari"
    main_merah_turn(pg)
    while not pg.locator(PASS).count():  # Sari may have a table card to take after her play
        pg.wait_for_function(WAITING_JS, timeout=WAIT)
        if not pg.locator(PASS).count():
            main_merah_turn(pg)
    assert pg.text_content(".mm-pass-title") == "Pass to Budi"
    assert pg.locator(".mm-hand .mm-card:not(.mm-empty)").count() == 0
    assert answer_pass_screen(pg, by_keyboard=True) == "Pass to Budi"
    assert pg.errors == [], pg.errors
