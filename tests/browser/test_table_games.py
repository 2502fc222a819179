"""Every game's table in a real page: Chinese Ten for four at a desktop and a phone width, played by clicking.

The board lays four seats out legibly: no seat panel overlaps another and nothing makes the
page scroll sideways, at 1280 px and at 390 px. A card is played and the computers answer.
Screenshots (tests/artifacts/) show Main Merah for three and Chinese Ten for four, in
English and Bahasa Indonesia, at both widths.
"""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook
from test_table import full_shot

pytestmark = pytest.mark.browser
WAIT = 60_000
READY = ".mm-hand .mm-card"
WIDTHS = (1280, 390)

# Seat panels (the computers' and yours) that overlap another, and elements past the viewport's right edge.
LAYOUT_JS = """() => {
  const seats = [...document.querySelectorAll('.mm-opp, .mm-you')].filter((e) => e.offsetParent !== null)
    .map((e) => e.getBoundingClientRect());
  const overlaps = [];
  seats.forEach((a, i) => seats.slice(i + 1).forEach((b, j) => {
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
      overlaps.push([i, i + 1 + j]);
    }
  }));
  const wide = [...document.querySelectorAll('.mm-root *')]
    .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 1)
    .map((e) => e.className).slice(0, 5);
  return {seats: seats.length, overlaps, wide, scroll: document.documentElement.scrollWidth - window.innerWidth};
}"""


def status(page) -> str:  # noqa: ANN001
    return page.text_content(".mm-status")


def decisions(page) -> int:  # noqa: ANN001
    return int(page.get_attribute(".mm-header", "data-decisions"))


def check_layout(page, seats: int) -> None:  # noqa: ANN001
    found = page.evaluate(LAYOUT_JS)
    assert found["seats"] == seats, found
    assert found["overlaps"] == [] and found["wide"] == [] and found["scroll"] <= 0, found


def wait_my_turn(page) -> None:  # noqa: ANN001
    page.wait_for_function("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')",
                           timeout=WAIT)


def play_a_card(page, players: int) -> None:  # noqa: ANN001
    """Click a hand card, then Play; take a card when asked; wait until the computers have answered."""
    wait_my_turn(page)
    before = decisions(page)
    page.click(".mm-hand .mm-card:not(.mm-empty)")
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    page.click(".mm-play")
    page.wait_for_function("n => Number(document.querySelector('.mm-header').dataset.decisions) > n",
                           arg=before, timeout=WAIT)
    for _ in range(10):  # the play, then maybe the flip, may each ask which table card to take
        page.wait_for_function(PLAY_OR_CHOICE, timeout=WAIT)
        if page.query_selector(".mm-tablecards .mm-card.mm-choice") is None:
            break
        n = decisions(page)
        page.click(".mm-tablecards .mm-card.mm-choice")
        page.wait_for_function("n => Number(document.querySelector('.mm-header').dataset.decisions) > n",
                               arg=n, timeout=WAIT)
    # My play, then each computer's (at "instant" pace they answer by themselves).
    assert decisions(page) >= before + players


# Your turn again: a hand card to play, or a table card to take.
PLAY_OR_CHOICE = """() => document.querySelector('.mm-status').classList.contains('mm-yourturn')
  && (document.querySelector('.mm-hand:not(.mm-wait)') || document.querySelector('.mm-tablecards .mm-choice'))"""


@pytest.mark.parametrize("width", WIDTHS)
def test_chinese_ten_for_four_lays_out_every_seat_and_plays(voila: VoilaServer, page, width: int) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": width, "height": 900})
    open_notebook(page, voila, "play.ipynb?game=chinese-ten&players=4&seed=7&pace=instant", READY)
    assert page.text_content(".mm-title") == "Chinese Ten"
    assert page.locator(".mm-opp").count() == 3
    assert "4 players" in page.text_content(".mm-info")
    check_layout(page, 4)
    hand = page.locator(".mm-hand .mm-card:not(.mm-empty)").count()
    assert hand == 6  # 24 / 4
    play_a_card(page, 4)
    assert page.locator(".mm-hand .mm-card:not(.mm-empty)").count() == hand - 1
    narrated = page.eval_on_selector_all(".mm-log li", "els => els.map(e => e.textContent)")
    assert any(t.startswith(("Sari", "Budi", "Ayu")) for t in narrated)
    check_layout(page, 4)
    box = page.locator(".mm-hand .mm-card:not(.mm-empty)").first.bounding_box()
    assert box["width"] >= 44  # cards stay big enough to read and to tap
    assert page.errors == []


@pytest.mark.parametrize("game,players", [("main-merah", 3), ("chinese-ten", 4)])
def test_screenshots_in_both_languages(voila: VoilaServer, page, game: str, players: int) -> None:  # noqa: ANN001
    open_notebook(page, voila, f"play.ipynb?game={game}&players={players}&seed=12&pace=instant", READY)
    play_a_card(page, players)
    for lang, button in (("en", 1), ("id", 2)):
        if lang == "id":
            before = status(page)
            page.click(f".mm-language button:nth-child({button})")
            page.wait_for_function("t => document.documentElement.lang === 'id' && "
                                   "document.querySelector('.mm-status').textContent !== t", arg=before,
                                   timeout=WAIT)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(200)  # the container queries settle
            check_layout(page, players)
            full_shot(page, f"games-{game}-{players}p-{lang}-{width}px")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.errors == []


def test_a_tables_links_open_its_own_lessons_and_the_home_page(voila: VoilaServer, page) -> None:  # noqa: ANN001
    """Red Ten's table, in Bahasa Indonesia: "How to play" opens Red Ten's lessons, the other link every game."""
    open_notebook(page, voila, "play.ipynb?game=red-ten&lang=id&pace=manual", READY)
    links = page.eval_on_selector_all(".mm-links a", "(as) => as.map((a) => a.getAttribute('href'))")
    assert links == ["tutorial.ipynb?game=red-ten&lang=id", "home.ipynb?lang=id"]
    page.click(".mm-links a >> nth=0")
    page.wait_for_selector(".mm-lesson", timeout=WAIT)
    assert page.url.endswith("tutorial.ipynb?game=red-ten&lang=id")
    assert "Traceback" not in page.inner_text("body")
