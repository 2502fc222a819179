"""The strategy lab as a reader uses it: a real Voilà server, a real Chromium, clicks only.

The page opens with quick results already there; a bigger sample is chosen and run, and the
progress text is seen to change while the games are played (every text it shows is recorded
in the page, so no timing is assumed); the result comes with its interval. Then the page is
switched to Bahasa Indonesia, and ``?lang=id`` opens it so. Expected words come from the
package's catalog, so the test follows its wording. Screenshots at 1280 and 390 px.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from conftest import open_notebook, screenshot

from mainmerah.core.i18n import _, set_language
from mainmerah.families.fishing.ui.lab import Duels
from mainmerah.table.keeper import LANG_KEY

pytestmark = [pytest.mark.browser, pytest.mark.slow]
WAIT = 120_000
READY = ".mm-lab-redeals .mm-lab-result table"  # the last experiment's quick result: the page is complete


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def in_indonesian(words: Callable[[], str]) -> str:
    set_language("id")
    try:
        return words()
    finally:
        set_language("en")


def indonesian(text: str) -> str:
    return in_indonesian(lambda: _(text))


RECORD = """css => {
  const el = document.querySelector(css);
  window.mmSeen = [el.textContent];
  new MutationObserver(() => window.mmSeen.push(el.textContent))
    .observe(el, {childList: true, subtree: true, characterData: true});
}"""


def shoot(page, name: str, width: int) -> None:  # noqa: ANN001
    """The whole page at ``width`` (Voila scrolls inside its own element: the window is made as tall as the lab)."""
    page.set_viewport_size({"width": width, "height": 900})
    height = page.evaluate("document.querySelector('.mm-lab').scrollHeight")
    page.set_viewport_size({"width": width, "height": height + 80})
    screenshot(page, name)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_choose_a_size_run_it_and_watch_it_move(page, voila) -> None:  # noqa: ANN001
    open_notebook(page, voila, "strategy-lab.ipynb", READY, timeout=WAIT)
    duels = ".mm-lab-duels"
    # The quick duel is tiny and says so in words.
    assert page.locator(f"{duels} .mm-lab-warning").count() == len(Duels.PAIRS)
    assert "too few to tell these bots apart" in page.text_content(f"{duels} .mm-lab-warning")
    assert page.locator(".mm-lab-figures img").count() == 8
    for width in (1280, 390):
        shoot(page, f"lab-en-{width}", width)

    page.click(f"{duels} .mm-lab-size button:nth-child(2)")  # careful
    size = Duels.sizes["careful"]
    page.wait_for_function("([css, t]) => document.querySelector(css).textContent.includes(t)",
                           arg=[f"{duels} .mm-lab-size-text", f"{size.n} deals per duel"], timeout=WAIT)
    page.evaluate(RECORD, f"{duels} .mm-lab-progress-text")
    page.click(f"{duels} .mm-lab-run")
    total = len(Duels.PAIRS) * size.n
    done = f"{total} of {total} deals played (100%)"
    page.wait_for_function("([css, t]) => document.querySelector(css).textContent.includes(t)",
                           arg=[f"{duels} .mm-lab-result .mm-lab-sample", "careful"], timeout=WAIT)
    seen = page.evaluate("window.mmSeen")
    assert seen[-1] == done
    moving = [t for t in seen if "deals played" in t and t != done]
    assert moving, seen  # at least one text before the end: the progress moved while it played
    assert any(not t.startswith("0 of") for t in moving), seen
    result = page.text_content(f"{duels} .mm-lab-result")
    assert "±" in result and f"{2 * size.n}" in result  # games = deals x seats, with its interval
    assert page.locator(f"{duels} .mm-lab-warning").count() == 0  # 40 deals: big enough for a verdict
    assert page.locator(f"{duels} .mm-lab-verdict").count() == len(Duels.PAIRS)

    page.click(".mm-language button:nth-child(2)")
    heading = indonesian("Main Merah strategy lab")
    page.wait_for_function("t => document.documentElement.lang === 'id' && "
                           "document.querySelector('.mm-lab h1').textContent === t", arg=heading, timeout=WAIT)
    # Every box is worded again in turn, its plots drawn last: the last plot in Indonesian means all are.
    page.wait_for_function("t => [...document.querySelectorAll('.mm-lab-redeals img')].some(e => e.alt === t)",
                           arg=indonesian("Redeal odds: exact and simulated"), timeout=WAIT)
    text = page.inner_text(".mm-lab")  # what is shown (not the style sheets)
    for english_text in ("Bots against each other", "Sample size", "Results of the {size} sample ({what}):",
                         "{done} of {total} deals played ({pct})", "its wins (95% interval)"):
        assert indonesian(english_text) != english_text
        words = max(re.split(r"\{[^}]*\}", english_text), key=len).strip()  # its longest run of words
        assert words not in text, words
    assert indonesian("Run") in page.text_content(f"{duels} .mm-lab-run")
    assert "mod-active" in page.get_attribute(f"{duels} .mm-lab-size button:nth-child(2)", "class")  # still careful
    alts = page.eval_on_selector_all(".mm-lab-figures img", "els => els.map(e => e.alt)")
    assert indonesian("Bots against each other") in alts  # the plots were drawn again in Indonesian
    for width in (1280, 390):
        shoot(page, f"lab-id-{width}", width)
    # The switch is kept in the browser for the next page.
    page.wait_for_function("k => localStorage.getItem(k) === 'id'", arg=LANG_KEY, timeout=WAIT)
    assert page.errors == []


def test_the_url_opens_it_in_indonesian(page, voila) -> None:  # noqa: ANN001
    page.goto(voila.render_url("strategy-lab.ipynb") + "?lang=id", timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    assert page.text_content(".mm-lab h1") == indonesian("Main Merah strategy lab")
    warning = page.text_content(".mm-lab-duels .mm-lab-warning")
    assert in_indonesian(lambda: Duels().few_text(2 * Duels.sizes["quick"].n)) in warning
    assert page.errors == []


def test_the_language_kept_from_another_page_applies(browser, voila) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        # As if the visitor had chosen Bahasa Indonesia on the tutorial before (no ?lang= here).
        page.add_init_script(f"localStorage.setItem({LANG_KEY!r}, 'id')")
        page.goto(voila.render_url("strategy-lab.ipynb"), timeout=WAIT)
        page.wait_for_selector(READY, timeout=WAIT)
        page.wait_for_function("t => document.querySelector('.mm-lab h1').textContent === t",
                               arg=indonesian("Main Merah strategy lab"), timeout=WAIT)
        page.wait_for_function("t => [...document.querySelectorAll('.mm-lab-redeals img')].some(e => e.alt === t)",
                               arg=indonesian("Redeal odds: exact and simulated"), timeout=WAIT)
    finally:
        context.close()
