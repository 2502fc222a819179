"""The Puzzles page as a learner meets it: a wrong card, the line that punishes it, then the right
card and its stars; the solved puzzle is kept by the browser across a reload. Screenshots at
1280 and 390 px, in English and Bahasa Indonesia."""

from __future__ import annotations

import re

import pytest
from conftest import open_notebook, reload, tall_shot

import mainmerah as mm

pytestmark = pytest.mark.browser
WAIT = 30_000


def expect():  # noqa: ANN201 (playwright's expect, imported late so collection works without it)
    from playwright.sync_api import expect as e

    return e


def screenshot(page, name: str, content: str = ".mm-puzzles-page") -> None:  # noqa: ANN001
    """The whole page's content; none in CI."""
    tall_shot(page, name, content, margin=40, element=True)


def click(page, card: str) -> None:  # noqa: ANN001
    c = mm.Card.parse(card)
    page.locator(f".mm-pz-hand .mm-c-{c.rank_text}{c.suit}").first.click()


def tab(page, title: str):  # noqa: ANN001, ANN201
    return page.locator(".mm-tutorial-tabs .lm-TabBar-tab", has_text=title).first


def test_solve_a_puzzle_wrong_then_right_and_it_is_kept(page, voila) -> None:  # noqa: ANN001
    first, second = mm.puzzles("main-merah", level=1)[:2]
    open_notebook(page, voila, "puzzles.ipynb", ".mm-pz-hand .mm-card")
    feedback = page.locator(".mm-pz-feedback").first
    expect()(page.locator(".mm-pz-title").first).to_contain_text("Level 1", timeout=WAIT)
    wrong = next(a for a in first.values if a != first.best)
    click(page, wrong)
    expect()(feedback).to_contain_text("Not the best card", timeout=WAIT)
    expect()(feedback).to_contain_text(first.margin_text(wrong), timeout=WAIT)
    page.set_viewport_size({"width": 1280, "height": 800})
    screenshot(page, "puzzles-wrong-1280")
    click(page, first.best)
    expect()(feedback).to_contain_text(f"Right: {first.best} is the best card", timeout=WAIT)
    expect()(feedback).to_contain_text("★★☆", timeout=WAIT)
    expect()(page.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    screenshot(page, "puzzles-right-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "puzzles-right-390")
    # A new visit in the same browser opens on the next puzzle: the solved one was kept.
    open_notebook(page, voila, "puzzles.ipynb", ".mm-pz-hand .mm-card")
    expect()(page.locator(".mm-pz-counter").first).to_contain_text("Puzzle 2 of", timeout=WAIT)
    expect()(page.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    assert page.locator(f".mm-pz-hand .mm-c-{mm.Card.parse(second.best).rank_text}"
                        f"{mm.Card.parse(second.best).suit}").count() == 1
    assert page.errors == []


def test_the_page_in_indonesian_for_chinese_ten(page, voila) -> None:  # noqa: ANN001
    p = mm.puzzles("chinese-ten", level=1)[0]
    page.goto(voila.render_url("puzzles.ipynb") + "?game=chinese-ten&lang=id", timeout=60_000)
    page.wait_for_selector(".mm-pz-hand .mm-card", timeout=60_000)
    expect()(page.locator(".mm-pz-title").first).to_contain_text("Tingkat 1", timeout=WAIT)
    wrong = next(a for a in p.values if a != p.best)
    click(page, wrong)
    feedback = page.locator(".mm-pz-feedback").first
    expect()(feedback).to_contain_text("Belum kartu terbaik", timeout=WAIT)
    screenshot(page, "puzzles-id-wrong-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    click(page, p.best)
    expect()(feedback).to_contain_text("Betul", timeout=WAIT)
    screenshot(page, "puzzles-id-right-390")
    assert page.errors == []


def test_the_tutorials_puzzles_tab_solves_and_keeps_its_place(page, voila) -> None:  # noqa: ANN001
    """The tutorial's Puzzles tab: wrong then right; a reload comes back to the tab with the puzzle solved,
    and the Puzzles page of the same browser knows it too. The tab bar never moves between the tabs."""
    first, second = mm.puzzles("main-merah", level=1)[:2]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook(page, voila, "tutorial.ipynb", ".mm-progress-step")
    bar = page.locator(".mm-tutorial-tabs > .lm-TabBar").first
    before = bar.bounding_box()
    tab(page, "Puzzles").click()
    page.wait_for_selector(".mm-puzzles-tab .mm-pz-hand .mm-card", timeout=WAIT)
    assert bar.bounding_box() == before
    assert page.locator(".mm-puzzles-tab .mm-pz-game").first.is_hidden()  # the tutorial's game only
    feedback = page.locator(".mm-puzzles-tab .mm-pz-feedback").first
    wrong = next(a for a in first.values if a != first.best)
    click(page, wrong)
    expect()(feedback).to_contain_text("Not the best card", timeout=WAIT)
    click(page, first.best)
    expect()(feedback).to_contain_text("★★☆", timeout=WAIT)
    screenshot(page, "tutorial-puzzles-tab-1280", ".mm-tutorial-page")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "tutorial-puzzles-tab-390", ".mm-tutorial-page")
    page.set_viewport_size({"width": 1280, "height": 800})
    reload(page, ".mm-puzzles-tab .mm-pz-counter")
    counter = page.locator(".mm-puzzles-tab .mm-pz-counter").first
    expect()(counter).to_contain_text("Puzzle 2 of", timeout=WAIT)  # the tab reopened, the solved one kept
    expect()(counter).to_contain_text("1 solved", timeout=WAIT)
    expect()(tab(page, "Puzzles")).to_have_class(re.compile("lm-mod-current"), timeout=WAIT)
    best = mm.Card.parse(second.best)
    assert page.locator(f".mm-puzzles-tab .mm-pz-hand .mm-c-{best.rank_text}{best.suit}").count() == 1
    tab(page, "Lessons").click()
    expect()(page.locator(".mm-progress-step").first).to_be_visible(timeout=WAIT)
    open_notebook(page, voila, "puzzles.ipynb", ".mm-pz-hand .mm-card")
    expect()(page.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    assert page.errors == []


def test_the_puzzles_tab_in_indonesian(page, voila) -> None:  # noqa: ANN001
    p = mm.puzzles("chinese-ten", level=1)[0]
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(voila.render_url("tutorial.ipynb") + "?game=chinese-ten&lang=id", timeout=60_000)
    page.wait_for_selector(".mm-progress-step", timeout=60_000)
    tab(page, "Teka-teki").click()
    page.wait_for_selector(".mm-puzzles-tab .mm-pz-hand .mm-card", timeout=WAIT)
    expect()(page.locator(".mm-puzzles-tab .mm-pz-title").first).to_contain_text("Tingkat 1", timeout=WAIT)
    click(page, p.best)
    expect()(page.locator(".mm-puzzles-tab .mm-pz-feedback").first).to_contain_text("Betul", timeout=WAIT)
    screenshot(page, "tutorial-puzzles-tab-id-1280", ".mm-tutorial-page")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "tutorial-puzzles-tab-id-390", ".mm-tutorial-page")
    assert page.errors == []
