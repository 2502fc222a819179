"""Practice in a real Voila server and a real Chromium: a Main Merah game clicked to its end and reviewed at the
table; the tutorial (another page: only what the browser kept carries over) shows its mistake in the Practice tab,
the better card is clicked there and judged right; screenshots of the tab at 1280 and 390 px, in English and in
Chinese (switched live). Two page opens."""

from __future__ import annotations

import datetime as dt

import pytest
from conftest import SCREENSHOTS, VoilaServer, open_notebook, tall_shot
from test_review_browser import seed_with_a_play_mistake, text_of
from test_table import READY, WAIT, play_whole_game, simulate

import mainmerah as mm
from mainmerah.core.review import review, theme_name
from mainmerah.table.review import WORLDS
from mainmerah.table.style import card_class
from mainmerah.teach.practice import Practice, exercises_of

pytestmark = pytest.mark.browser

TAB = ".mm-tutorial-tabs .lm-TabBar-tab"


def tab_shot(page, name: str) -> None:  # noqa: ANN001
    """A screenshot of the whole tutorial (Voila scrolls inside the page: the viewport grows to hold it); none in CI."""
    if not SCREENSHOTS:
        return
    page.evaluate("() => { for (let e = document.querySelector('.mm-tutorial'); e; e = e.parentElement) "
                  "e.scrollTop = 0; window.scrollTo(0, 0); }")
    tall_shot(page, name, ".mm-tutorial")


def test_a_mistake_reviewed_at_the_table_comes_back_in_practice(voila: VoilaServer, page) -> None:  # noqa: ANN001
    levels = ["greedy"]
    seed, moment = seed_with_a_play_mistake(levels)
    g, _choices = simulate(2, "classic", seed, levels)
    r = review(g, seat=0, worlds=WORLDS)  # the review the page makes (the same seeded review of the same game)
    today = dt.datetime.now(dt.UTC).date()
    first = Practice("main-merah").add(exercises_of(r, g, today)).due(today)[0]
    judged = first.judged()  # as the Practice tab judges it (seeded by the exercise)

    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=2&variant=classic&bots=greedy&pace=manual", READY)
    play_whole_game(page)
    page.click(".mm-review-start")
    page.wait_for_selector(".mm-review-kept", timeout=WAIT)
    assert "kept for the tutorial's Practice tab" in text_of(page, ".mm-review-kept")
    assert f"Theme: {theme_name('main-merah', moment.theme)}" in text_of(page, ".mm-review-moment")

    open_notebook(page, voila, "tutorial.ipynb?game=main-merah", TAB)
    page.locator(TAB, has_text="Practice").first.click()
    page.wait_for_selector(".mm-practice-heading h3", timeout=WAIT)
    heading = text_of(page, ".mm-practice-heading")
    assert f"Theme: {theme_name('main-merah', first.theme)}" in heading and f"You chose {first.played}" in heading
    summary = text_of(page, ".mm-practice-summary")
    assert f"{len(r.moments)} exercise" in summary and theme_name("main-merah", moment.theme) in summary
    better = card_class(mm.Card.parse(judged.better))
    page.click(f".mm-practice .mm-hand .{better}")
    page.wait_for_selector(f".mm-practice .mm-hand .mm-selected.{better}", timeout=WAIT)
    page.click(".mm-practice .mm-play")
    page.wait_for_selector(".mm-practice-right", timeout=WAIT)
    assert "best choice found" in text_of(page, ".mm-practice .mm-prompt")

    for lang, button in (("en", 1), ("zh", 3)):
        if lang != "en":
            page.click(f".mm-language button:nth-child({button})")
            page.wait_for_function("() => document.documentElement.lang === 'zh-Hans' && "
                                   "document.querySelector('.mm-practice-intro').textContent.includes('错误')",
                                   timeout=WAIT)
            assert "主题" in text_of(page, ".mm-practice-heading")
        for width in (1280, 390):
            page.set_viewport_size({"width": width, "height": 800})
            tab_shot(page, f"practice-{lang}-{width}px")
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), (lang, width)
        page.set_viewport_size({"width": 1280, "height": 800})
    assert page.errors == []
