"""A whole game at the table by keyboard only: Tab, Shift+Tab, the arrow keys and Enter, never a click.

Cards are real buttons; each row of them (the hand, the table) is one tab stop and the arrow
keys move within it; Enter on a hand
card selects it, a second Enter (or Enter on Play) plays it; when a capture must be
chosen, focus goes to the first table card on offer. After every redraw focus must
still be on a control (never lost to <body>), and it must be visibly marked. The game
played is checked against the engine through the page's own save file, opened by
keyboard as well.
"""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook, screenshot

import mainmerah as mm
from mainmerah.families.fishing.rules import PARTNER, card_name
from mainmerah.families.fishing.ui.frame import hand_order
from mainmerah.table.style import card_class

pytestmark = pytest.mark.browser
WAIT = 60_000

FOCUS = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  return {cls: e.className, text: e.textContent, label: e.getAttribute('aria-label'),
          hand: !!e.closest('.mm-hand'), table: !!e.closest('.mm-tablecards'), over: !!e.closest('.mm-gameover'),
          visible: e.matches(':focus-visible'), outline: [s.outlineStyle, parseFloat(s.outlineWidth)]};
}"""


FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def policy_play(hand: list[mm.Card], table: list[mm.Card]) -> mm.Card:
    """The hand card with most partners on the table (so choices come up), first in hand order."""
    return max(hand, key=lambda c: (sum(t.rank == PARTNER[c.rank] for t in table), -hand.index(c)))


def simulate(seed: int) -> tuple[mm.Game, int]:
    g = mm.Game.new(2, "classic", seed=seed)
    bot = mm.make_bot("greedy", seed=seed * 10 + 1)  # seeded as the table seeds it
    choices = 0
    while (d := g.decision) is not None:
        if d.seat != 0:
            g.decide(bot.choose(g.view(d.seat)))
        elif d.kind == "play":
            g.play(policy_play(sorted(d.options, key=hand_order), list(g.table)))
        else:
            g.capture(d.options[-1])
            choices += 1
    return g, choices


def focus(page) -> dict | None:  # noqa: ANN001
    return page.evaluate(FOCUS)


def settled_focus(page) -> dict:  # noqa: ANN001
    """Focus after a redraw: it must land on a visibly focused control, never on <body>."""
    page.evaluate(FRAMES)  # the page script moves focus on the frame after a redraw
    page.wait_for_function("() => document.activeElement && document.activeElement !== document.body",
                           timeout=WAIT)
    f = focus(page)
    assert f is not None and f["visible"], f
    assert f["outline"][0] != "none" and f["outline"][1] >= 2, f  # a strong ring (WCAG 2.4.7)
    return f


def tab_to(page, css: str, limit: int = 60) -> int:  # noqa: ANN001
    """Tab (Shift+Tab when ``css`` comes earlier on the page) until ``css`` has focus; the presses."""
    # A row of cards is one tab stop: once focus is in the target's row, the arrow keys move within it.
    where = """css => { const t = document.querySelector(css), a = document.activeElement;
      if (!t) return 'missing'; if (t === a) return 'here';
      const row = t.closest('.mm-hand, .mm-tablecards, .mm-stacks');
      if (row && a && row.contains(a)) {
        return (a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ? 'ArrowRight' : 'ArrowLeft'; }
      return (!a || a === document.body || (a.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING))
        ? 'Tab' : 'Shift+Tab'; }"""
    for presses in range(limit):
        key = page.evaluate(where, css)
        assert key != "missing", css
        if key == "here":
            return presses
        page.keyboard.press(key)
    raise AssertionError(f"no focus on {css} after {limit} key presses; focus is on {focus(page)}")


def step(page) -> str:  # noqa: ANN001
    return page.get_attribute(".mm-header", "data-step")


def enter_and_wait(page) -> None:  # noqa: ANN001
    before = step(page)
    page.keyboard.press("Enter")
    page.wait_for_function("s => document.querySelector('.mm-header').dataset.step !== s", arg=before,
                           timeout=WAIT)


def cards(page, css: str) -> list[mm.Card]:  # noqa: ANN001
    return [mm.Card.parse(t) for t in page.eval_on_selector_all(css, "els => els.map(e => e.textContent)")]


def status(page) -> str:  # noqa: ANN001
    return page.text_content(".mm-status")


def test_a_whole_game_by_keyboard_only(voila: VoilaServer, page) -> None:  # noqa: ANN001
    seed = next(s for s in range(1, 500) if simulate(s)[1] >= 1)
    expected, _n = simulate(seed)
    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=2&variant=classic&bots=greedy&pace=instant",
                  ".mm-hand .mm-card")
    page.wait_for_function("() => window.__mmA11y && document.querySelector('.mm-status').textContent"
                           ".includes('choose a card')", timeout=WAIT)
    # Every card says what it is (its accessible name), the face-down stock too.
    for card in cards(page, ".mm-hand .mm-card:not(.mm-empty)"):
        assert page.get_attribute(f".mm-hand .{card_class(card)}", "aria-label") == f"{card}, {card_name(card)}"
    assert page.get_attribute(".mm-latest", "aria-live") == "polite"

    assert tab_to(page, ".mm-hand .mm-card", limit=40) > 0  # from the top of the page, by Tab alone
    turns = choices = 0
    while "Game over" not in status(page):
        s = status(page)
        if "choose a card to play" in s:
            hand = cards(page, ".mm-hand .mm-card:not(.mm-empty)")
            card = policy_play(hand, cards(page, ".mm-tablecards .mm-card:not(.mm-empty)"))
            tab_to(page, f".mm-hand .{card_class(card)}")
            page.keyboard.press("Enter")  # select: partners light up, nothing is played yet
            page.wait_for_selector(f".mm-hand .mm-selected.{card_class(card)}", timeout=WAIT)
            f = focus(page)
            assert f is not None and f["hand"] and f["label"] == f"{card}, {card_name(card)}" and f["visible"], f
            if turns % 2:
                tab_to(page, ".mm-play")  # confirm with the Play button...
            enter_and_wait(page)  # ...or with a second Enter on the same card
            turns += 1
        elif "choose the card to take" in s:
            f = settled_focus(page)
            assert f["table"] and "mm-choice" in f["cls"], f  # focus went to the choice by itself
            options = cards(page, ".mm-tablecards .mm-card.mm-choice")
            assert len(options) >= 2
            if choices == 0:
                screenshot(page, "keyboard-capture-choice")
            tab_to(page, f".mm-tablecards .mm-choice.{card_class(options[-1])}")
            enter_and_wait(page)
            choices += 1
        else:
            page.wait_for_function("s => document.querySelector('.mm-status').textContent !== s", arg=s,
                                   timeout=WAIT)
            continue
        f = settled_focus(page)
        if "Game over" not in status(page) and "choose the card to take" not in status(page):
            assert f["hand"] or "mm-next" in f["cls"], f  # back in the hand (or on Next), not lost
        assert turns + choices < 200
    assert choices >= 1 and turns >= 5
    f = settled_focus(page)
    assert f["over"], f  # the game-over view's buttons: "Next game of the match"
    screenshot(page, "keyboard-game-over")
    # The save file, by keyboard too: the engine's game, decision for decision.
    tab_to(page, ".mm-save-button")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.mm-save textarea').value.length > 10", timeout=WAIT)
    g = mm.Game.from_json(page.input_value(".mm-save textarea"))
    assert g.choices == expected.choices and g.is_over and g.scores == expected.scores
    assert page.errors == []
