"""Nothing you may click next moves, and on a phone the move's pieces are on the screen.

The hand, Play, Hint and Undo are measured (their boxes relative to the table's top) before
the first move, with a card selected, after the first move and with a hint shown, at 1280 and
390 px: they must not move. At 390x844 a capture choice must show its prompt, the cards to
choose from and the buttons inside the viewport by itself. Targets are at least 24 px (44 on a
phone). Screenshots of each game's table at both widths and in both languages go to
tests/artifacts/ (table-layout-*.png).
"""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook, save_shot
from test_table import full_shot

import mainmerah as mm
from mainmerah.families.fishing.rules import PARTNER
from mainmerah.table.style import card_class

pytestmark = pytest.mark.browser
WAIT = 60_000
READY = ".mm-hand .mm-card:not(.mm-empty)"

BOXES = """sels => { const top = document.querySelector('.mm-root').getBoundingClientRect().top;
  const out = {};
  for (const s of sels) {
    const e = [...document.querySelectorAll(s)].find(x => x.getClientRects().length && !x.closest('.mm-gameover'));
    if (!e) { out[s] = null; continue; }
    const r = e.getBoundingClientRect();
    out[s] = [Math.round(r.left), Math.round(r.top - top), Math.round(r.width)];
  }
  return out; }"""
CLICKABLE = [".mm-hand", ".mm-hand .mm-card:not(.mm-empty)", ".mm-board .mm-actions .mm-play",
             ".mm-board .mm-actions .mm-hint", ".mm-board .mm-actions .mm-undo", ".mm-tablecards"]


def boxes(page) -> dict:  # noqa: ANN001
    return page.evaluate(BOXES, CLICKABLE)


def my_turn(page) -> None:  # noqa: ANN001
    page.wait_for_function("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')",
                           timeout=WAIT)
    page.wait_for_timeout(300)  # the rest of the redraw (it comes in one message, then a frame)


def first_capture_choice_seed() -> tuple[int, mm.Card]:
    """A seed whose first hand has a card that pairs with two table cards (so a choice comes at once)."""
    for seed in range(1, 500):
        g = mm.Game.new(2, "classic", seed=seed)
        d = g.decision
        if d is None or d.seat != 0:
            continue
        for c in d.options:
            if sum(t.rank == PARTNER[c.rank] for t in g.table) >= 2:
                return seed, c
    raise AssertionError("no seed with a first-move choice")


@pytest.mark.parametrize("width", [1280, 390])
def test_nothing_you_may_click_next_moves(voila: VoilaServer, browser, width: int) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 800})
    page = context.new_page()
    open_notebook(page, voila, "play.ipynb?seed=5&players=2&bots=greedy&pace=instant", READY)
    my_turn(page)
    start = boxes(page)
    page.click(".mm-hand .mm-card:not(.mm-empty) >> nth=0")
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    selected = boxes(page)
    page.click(".mm-board .mm-actions .mm-play")
    page.wait_for_function("() => document.querySelector('.mm-header').dataset.decisions !== '0'", timeout=WAIT)
    my_turn(page)
    after = boxes(page)
    page.click(".mm-board .mm-actions .mm-hint")
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.startsWith('Hint')",
                           timeout=WAIT)
    page.wait_for_timeout(300)
    hinted = boxes(page)
    lines = page.evaluate("() => { const p = document.querySelector('.mm-prompt');"
                          " return p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight); }")
    full_shot(page, f"table-layout-hint-{width}")
    context.close()
    assert lines >= 2, "the hint should take two lines or more here, or this measures nothing"
    for name, seen in (("a card selected", selected), ("after the first move", after), ("with a hint", hinted)):
        for sel in CLICKABLE:
            if sel == ".mm-hand .mm-card:not(.mm-empty)":
                # its left edge (a selected card rises on purpose; the row's top is checked as .mm-hand)
                assert seen[sel][0] == start[sel][0], (name, sel, start[sel], seen[sel])
            else:
                assert seen[sel] == start[sel], (name, sel, start[sel], seen[sel])


def test_a_phone_shows_what_a_capture_choice_needs(voila: VoilaServer, browser) -> None:  # noqa: ANN001
    seed, card = first_capture_choice_seed()
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=2&bots=greedy&pace=instant", READY)
    my_turn(page)
    page.tap(f".mm-hand .{card_class(card)}")
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    page.tap(".mm-board .mm-actions .mm-play")
    page.wait_for_selector(".mm-tablecards .mm-card.mm-choice", timeout=WAIT)
    page.wait_for_timeout(500)
    seen = page.evaluate("""() => {
      const q = s => [...document.querySelectorAll(s)]
        .filter(e => e.getClientRects().length && !e.closest('.mm-gameover'));
      const r = e => { const b = e.getBoundingClientRect(); return [b.top, b.bottom]; };
      return {h: innerHeight, prompt: q('.mm-prompt').map(r), choices: q('.mm-card.mm-choice').map(r),
              buttons: q('.mm-board .mm-actions > button:not(.mm-hidden):not(.mm-idle)').map(r),
              words: document.querySelector('.mm-prompt').textContent}; }""")
    save_shot(page, "table-layout-phone-choice")
    context.close()
    assert len(seen["choices"]) >= 2 and seen["buttons"]
    for what in ("prompt", "choices", "buttons"):
        for top, bottom in seen[what]:
            assert 0 <= top and bottom <= seen["h"], (what, top, bottom, seen["h"])
    assert "click" not in seen["words"].lower()  # words for a finger as well as a mouse


@pytest.mark.parametrize(("width", "least"), [(1280, 24), (390, 44)])
def test_targets_are_big_enough(voila: VoilaServer, browser, width: int, least: int) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    open_notebook(page, voila, "play.ipynb?seed=5&players=3&pace=instant", READY)
    my_turn(page)
    sizes = page.evaluate("""() => {
      const box = e => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
      const four = document.querySelector('.mm-four-colour label.widget-label-basic');
      return {level: [...document.querySelectorAll('.mm-level select')].map(box), four: box(four),
              buttons: [...document.querySelectorAll('.mm-board .mm-actions > button:not(.mm-hidden):not(.mm-idle)')]
                .filter(b => !b.closest('.mm-gameover')).map(box)}; }""")
    context.close()
    assert len(sizes["level"]) == 2 and sizes["buttons"]
    for what, found in (("level", sizes["level"]), ("four", [sizes["four"]]), ("buttons", sizes["buttons"])):
        for w, h in found:
            assert h >= (least if what != "four" or width < 500 else 24) and w >= 24, (what, w, h)


GAMES = [("main-merah", 2), ("chinese-ten", 4), ("red-ten", 4), ("in-the-red", 4)]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_screenshots_of_each_table(voila: VoilaServer, browser, game: str, players: int) -> None:  # noqa: ANN001
    """Each game's table at both widths and in both languages, for a person to look at; nothing overflows."""
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 844 if width < 500 else 800})
        page = context.new_page()
        open_notebook(page, voila, f"play.ipynb?game={game}&players={players}&seed=4&pace=instant", READY)
        my_turn(page)
        for lang in ("en", "id"):
            if lang == "id":
                page.click(".mm-language button:has-text('Bahasa Indonesia')")
                page.wait_for_function("() => document.documentElement.lang === 'id'", timeout=WAIT)
                page.wait_for_timeout(500)
            full_shot(page, f"table-layout-{game}-{width}-{lang}")
            cut = page.evaluate("""() => [...document.querySelectorAll('.mm-root *')].filter(e =>
              e.getClientRects().length && e.children.length === 0 && e.textContent.trim() && e.clientWidth > 2 &&
              getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
              .map(e => e.textContent)""")
            assert cut == [], (game, width, lang, cut)
            room = page.evaluate("""() => { const i = document.querySelector('.mm-entry input');
              const s = getComputedStyle(i);
              const c = document.createElement('canvas').getContext('2d'); c.font = s.font;
              return [c.measureText(i.placeholder).width, i.clientWidth - parseFloat(s.paddingLeft)
                      - parseFloat(s.paddingRight), i.placeholder]; }""")
            assert room[0] <= room[1] + 1, (game, width, lang, room)  # the typed box's hint is whole
        context.close()
