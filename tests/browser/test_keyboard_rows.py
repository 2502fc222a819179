"""Each row of cards is one tab stop; the arrow keys move within it; Enter and Space click.

Tab through the whole table page: the hand and the table row each take one stop (not one per
card, which put twelve table cards before the hand). In the hand, ArrowRight, End and Home
move the focus; Enter selects a card (its partners light up) and Space on it again plays it,
which the engine's log shows.
"""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook

pytestmark = pytest.mark.browser
WAIT = 60_000

WHERE = """() => { const a = document.activeElement; if (!a || a === document.body) return null;
  const row = a.closest('.mm-hand, .mm-tablecards');
  return {row: row ? (row.classList.contains('mm-hand') ? 'hand' : 'table') : null, text: a.textContent,
          index: row ? [...row.querySelectorAll('button.mm-card:not(.mm-empty)')].indexOf(a) : -1}; }"""


def where(page) -> dict | None:  # noqa: ANN001
    return page.evaluate(WHERE)


def test_one_tab_stop_per_row_and_arrows_within(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=5&players=2&bots=greedy&pace=instant", ".mm-hand .mm-card")
    page.wait_for_function("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')",
                           timeout=WAIT)
    n_hand = page.eval_on_selector_all(".mm-hand .mm-card:not(.mm-empty)", "els => els.length")
    n_table = page.eval_on_selector_all(".mm-tablecards .mm-card:not(.mm-empty)", "els => els.length")
    assert n_hand >= 5 and n_table >= 5
    # Tab through the page once: count the stops in each row.
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    stops = {"hand": 0, "table": 0}
    order = []
    for _ in range(80):
        page.keyboard.press("Tab")
        w = where(page)
        if w and w["row"]:
            stops[w["row"]] += 1
            order.append(w["row"])
        if stops["hand"] and w and not w["row"] and order[-1:] == ["hand"]:
            break
    assert stops == {"hand": 1, "table": 1}, (stops, order)
    assert order.index("table") < order.index("hand")  # the table row, then the hand
    # Back into the hand, then the arrows.
    page.keyboard.press("Shift+Tab")
    while (w := where(page)) is None or w["row"] != "hand":
        page.keyboard.press("Shift+Tab")
    assert w["index"] == 0
    page.keyboard.press("ArrowRight")
    assert where(page)["index"] == 1
    page.keyboard.press("End")
    assert where(page)["index"] == n_hand - 1
    page.keyboard.press("ArrowRight")
    assert where(page)["index"] == n_hand - 1  # the row's end: focus stays
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    card = where(page)
    assert card["index"] == 1
    # Enter selects (nothing is played yet); Space on it again plays it.
    page.keyboard.press("Enter")
    page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=WAIT)
    assert page.get_attribute(".mm-header", "data-decisions") == "0"
    assert page.text_content(".mm-hand .mm-card.mm-selected") == card["text"]
    page.keyboard.press("Space")
    page.wait_for_function("() => document.querySelector('.mm-header').dataset.decisions !== '0'", timeout=WAIT)
    log = page.text_content(".mm-log")
    assert f"You play {card['text']}" in log
    # After the redraw the hand is still one stop, and focus is still on a card of it or a control.
    page.wait_for_function("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')",
                           timeout=WAIT)
    tabbable = page.eval_on_selector_all(".mm-hand .mm-card:not(.mm-empty)",
                                         "els => els.filter(e => e.tabIndex === 0).length")
    assert tabbable == 1
    assert page.errors == []
