"""Review this game in a real Voila server and a real Chromium: a two-player Main Merah game clicked to its
end, the review opened (the page live while it runs), its costliest moment tried again by clicking the
better card, judged and not played; screenshots at 1280 and 390 px. One page open."""

from __future__ import annotations

import re

import pytest
from conftest import VoilaServer, open_notebook
from test_table import READY, WAIT, full_shot, play_whole_game, seed_with_a_choice, simulate

import mainmerah as mm
from mainmerah.core.review import review
from mainmerah.table.review import WORLDS
from mainmerah.table.style import card_class

pytestmark = pytest.mark.browser


def seed_with_a_play_mistake(levels: list[str]) -> tuple[int, mm.Moment]:
    """A seed whose game (the clicking policy against greedy) has a costliest mistake at a play decision;
    the review the page will make (the same seeded review of the same game)."""
    seed = seed_with_a_choice(2, "classic", levels)
    for s in [seed, *range(seed + 1, seed + 40)]:
        g, _choices = simulate(2, "classic", s, levels)
        r = review(g, seat=0, worlds=WORLDS)
        if r.moments and g.replay().goto(r.moments[0].step).decision.kind == "play":
            return s, r.moments[0]
    raise AssertionError("no seed with a mistake at a play decision")


def text_of(page, selector: str) -> str:  # noqa: ANN001
    return re.sub(r"\s+", " ", page.text_content(selector) or "")


def test_review_a_finished_game_and_try_a_moment_again(voila: VoilaServer, page) -> None:  # noqa: ANN001
    levels = ["greedy"]
    seed, moment = seed_with_a_play_mistake(levels)
    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=2&variant=classic&bots=greedy&pace=manual", READY)
    assert page.locator(".mm-review-start").count() == 0 or not page.is_visible(".mm-review-start")
    play_whole_game(page)
    page.click(".mm-review-start")
    page.wait_for_selector(".mm-review-moment", timeout=WAIT)
    method = text_of(page, ".mm-review-status")
    assert f"compared over {WORLDS} deals of the cards you could not see" in method
    first = text_of(page, ".mm-review-moment")
    assert f"you chose {moment.action}; {moment.better} was better" in first
    assert f"What happened after {moment.action}:" in first and "You play" in first
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800})
        full_shot(page, f"review-{width}px")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.set_viewport_size({"width": 1280, "height": 800})

    page.click(".mm-review-retry >> nth=0")
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('Try this position')",
                           timeout=WAIT)
    page.click(f".mm-hand .{card_class(mm.Card.parse(moment.better))}")
    page.wait_for_selector(f".mm-hand .mm-selected.{card_class(mm.Card.parse(moment.better))}", timeout=WAIT)
    page.click(".mm-play")
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('best choice found')",
                           timeout=WAIT)
    assert mm.Card.parse(moment.better) in [mm.Card.parse(t) for t in page.eval_on_selector_all(
        ".mm-hand .mm-card:not(.mm-empty)", "els => els.map(e => e.textContent)")], "judged, not played"
    full_shot(page, "review-retry-1280px")
    page.click(".mm-review-back")
    page.wait_for_function("() => document.querySelector('.mm-status').textContent.includes('Game over')",
                           timeout=WAIT)
    assert page.errors == []
