"""In The Red in a real page: a deal played by clicking (a card, then a lit stack), the seats laid out
legibly at 1280 px (2, 4, 6 players) and 390 px (2, 4), in both languages; each lesson opened and its
first task solved. Screenshots go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest
from conftest import VoilaServer, open_notebook, screenshot
from test_table import full_shot
from test_table_games import check_layout, decisions, wait_my_turn

pytestmark = pytest.mark.browser
WAIT = 60_000
READY = ".mm-stacks .mm-stack"


def play_turn(page) -> None:  # noqa: ANN001
    """Click hand cards until one lights a stack (click it) or must be discarded (Discard)."""
    wait_my_turn(page)
    before = decisions(page)
    from playwright.sync_api import expect

    cards = page.locator(".mm-hand .mm-card:not(.mm-empty)")
    for i in range(cards.count()):
        cards.nth(i).click()
        expect(cards.nth(i)).to_have_class(re.compile(r"mm-selected"), timeout=WAIT)  # this card's stacks lit
        lit = page.locator(".mm-stack .mm-card.mm-match")
        if lit.count():
            lit.first.click()
            break
        if page.locator(".mm-actions .mm-discard:not(.mm-hidden):not(.mm-idle)").count():
            page.click(".mm-actions .mm-discard")
            break
    page.wait_for_function("n => Number(document.querySelector('.mm-header').dataset.decisions) > n",
                           arg=before, timeout=WAIT)


def deal_over(page) -> bool:  # noqa: ANN001
    return page.locator(".mm-log li.mm-ev-deal-end").count() > 0


def test_a_deal_played_by_clicking(voila: VoilaServer, page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, voila, "play.ipynb?game=in-the-red&players=3&seed=4&pace=instant", READY)
    assert page.text_content(".mm-title") == "In The Red"
    assert page.locator(".mm-stack").count() == 3
    for _ in range(60):
        if deal_over(page):
            break
        play_turn(page)
        assert page.locator(".mm-stack.mm-inred").count() >= 1 or deal_over(page)
    assert deal_over(page)
    assert page.errors == []


@pytest.mark.parametrize("players,widths", [(2, (1280, 390)), (4, (1280, 390)), (6, (1280,))])
def test_screenshots_in_both_languages(voila: VoilaServer, page, players: int, widths: tuple[int, ...]) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, voila, f"play.ipynb?game=in-the-red&players={players}&seed=12&pace=instant", READY)
    play_turn(page)
    wait_my_turn(page)
    page.locator(".mm-hand .mm-card:not(.mm-empty)").first.click()  # a card selected: its stacks lit
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    for lang in ("en", "id"):
        if lang == "id":
            before = page.text_content(".mm-status")
            page.click(".mm-language button:nth-child(2)")
            page.wait_for_function("t => document.documentElement.lang === 'id' && "
                                   "document.querySelector('.mm-status').textContent !== t", arg=before,
                                   timeout=WAIT)
        for width in widths:
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(200)
            check_layout(page, players)
            full_shot(page, f"in-the-red-{players}p-{lang}-{width}px")
    assert page.errors == []


def test_each_lesson_opens_and_its_first_task_is_solved(voila: VoilaServer, page) -> None:  # noqa: ANN001
    from playwright.sync_api import expect

    page.set_viewport_size({"width": 1280, "height": 900})
    open_notebook(page, voila, "tutorial.ipynb?game=in-the-red", ".mm-lesson-itr-red")
    expect(page.locator(".mm-progress-text")).to_contain_text("Lesson 1 of 4")

    def feedback(task: str):  # noqa: ANN202
        return page.locator(f".mm-task-{task} > .mm-feedback").first

    def solved(task: str) -> None:
        expect(page.locator(f".mm-task-{task}").first).to_have_class(re.compile(r"mm-solved"), timeout=WAIT)

    page.locator(".mm-task-red .mm-c-9H").first.click()
    expect(feedback("red")).to_contain_text("K♦ is higher", timeout=WAIT)
    page.locator(".mm-task-red .mm-c-KD").first.click()
    solved("red")
    screenshot(page, "in-the-red-lesson1")
    page.locator(".mm-nav .mm-next").first.click()
    page.wait_for_selector(".mm-lesson-itr-place", timeout=WAIT)
    page.locator(".mm-task-fits .mm-c-KD").first.click()
    expect(feedback("fits")).to_contain_text("neither the suit", timeout=WAIT)
    for code in ("7H", "2S", "QS"):
        page.locator(f".mm-task-fits .mm-c-{code}").first.click()
    solved("fits")
    page.locator(".mm-nav .mm-next").first.click()
    page.wait_for_selector(".mm-lesson-itr-tactics", timeout=WAIT)
    page.locator(".mm-task-save .mm-choice-0").first.click()
    expect(feedback("save")).to_contain_text("you are in the red", timeout=WAIT)
    page.locator(".mm-task-save .mm-choice-2").first.click()
    solved("save")
    page.locator(".mm-nav .mm-next").first.click()
    page.wait_for_selector(".mm-lesson-itr-game .mm-stacks .mm-stack", timeout=WAIT)
    play_turn(page)  # the guided deal's table answers a click
    screenshot(page, "in-the-red-lesson4")
    assert page.errors == []
