"""Issue 23 findings 18-19 in a real page, at 1280 and 390 px: In The Red's hand and buttons stay put when a
round's result is told or the hand changes (the page positions of their bottom edges, before and after), the
log follows its newest line, a deal's result waits for Next deal; the header's two links stand apart."""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook
from test_in_the_red_browser import play_turn

pytestmark = pytest.mark.browser
WAIT = 60_000

PLACES = """() => Object.fromEntries(
  ['.mm-board > .mm-you .mm-hand', '.mm-board > .mm-actions', '.mm-board > .mm-prompt']
  .map((s) => { const r = document.querySelector(s).getBoundingClientRect();
                return [s, Math.round(r.bottom + window.scrollY)]; }))"""
LOG_AT_END = ("() => { const l = document.querySelector('.mm-log'); "
              "return l.scrollHeight - l.scrollTop - l.clientHeight; }")


# The header's links, apart: the right edge of one and the left edge of the next (or the next row).
LINK_GAP = """() => { const [a, b] = [...document.querySelectorAll('.mm-links a')]
  .map((e) => e.getBoundingClientRect());
  return b.top >= a.bottom ? 99 : b.left - a.right; }"""


# At 390 px a hand that loses a row, or a hand label that takes a line more, used to lift the prompt and the
# buttons by 12-67 px (the page now scrolls with what changed above them: style.py's overflow-anchor).
@pytest.mark.parametrize("width", [1280, 390])
def test_in_the_reds_controls_stay_put_and_the_log_follows(voila: VoilaServer, browser, width: int) -> None:  # noqa: ANN001
    page = browser.new_page(viewport={"width": width, "height": 800})
    try:
        open_notebook(page, voila, "play.ipynb?game=in-the-red&players=2&seed=4&pace=instant", ".mm-stacks .mm-stack")
        page.wait_for_selector(".mm-status.mm-yourturn", timeout=WAIT)
        first = page.evaluate(PLACES)
        assert page.evaluate(LINK_GAP) >= 8, "How to play and All games run together"
        rounds = 0
        for _ in range(40):
            if page.locator(".mm-next-deal:not(.mm-hidden)").count():
                break
            play_turn(page)
            page.wait_for_selector(".mm-status.mm-yourturn, .mm-next-deal:not(.mm-hidden)", timeout=WAIT)
            rounds = page.locator(".mm-log li.mm-ev-round").count()
            if rounds and not page.locator(".mm-next-deal:not(.mm-hidden)").count():
                # the bottom edges (a hand that drew cards grows upwards, the page scrolled with it): within 2 px
                now = page.evaluate(PLACES)
                assert all(abs(now[k] - first[k]) <= 2 for k in first), (width, first, now)
            assert page.evaluate(LOG_AT_END) < 24, "the log did not follow its newest line"
        assert rounds, "no round ended"
        # the deal's result, on the table until Next deal
        page.wait_for_selector(".mm-gameover .mm-deal-result", timeout=WAIT)
        assert page.locator(".mm-status").text_content() == "Deal over"
        page.click(".mm-gameover .mm-next-deal")
        page.wait_for_selector(".mm-gameover.mm-hidden", state="attached", timeout=WAIT)
        page.wait_for_selector(".mm-status.mm-yourturn, .mm-status:has-text('playing')", timeout=WAIT)
    finally:
        page.close()
