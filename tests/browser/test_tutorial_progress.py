"""The tutorial remembers: stars on a map of lessons, a hint ladder, progress kept across a reload.

A real Voilà server and Chromium; localStorage is the browser's own, kept within one context.
"""

from __future__ import annotations

import re

import pytest
from conftest import open_notebook, reload, screenshot

import mainmerah as mm
from mainmerah.core.i18n import _, set_language

pytestmark = pytest.mark.browser
WAIT = 20_000


def expect():  # noqa: ANN201
    from playwright.sync_api import expect as e

    return e


def card(page, scope: str, name: str):  # noqa: ANN001, ANN201
    c = mm.Card.parse(name)
    return page.locator(f"{scope} .mm-c-{c.rank_text}{c.suit}").first


def coach_hand(page) -> list[str]:  # noqa: ANN001
    return [t.strip() for t in page.locator(".mm-coach-hand .mm-card").all_inner_texts()]


def coach_table(page) -> list[str]:  # noqa: ANN001
    return [t.strip() for t in page.locator(".mm-coach-table .mm-card").all_inner_texts()]


def fresh(browser, width: int = 1280, height: int = 800):  # noqa: ANN001, ANN201
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return context, page


def test_reload_in_the_middle_of_lesson_3_keeps_cards_progress_and_stars(voila, browser) -> None:  # noqa: ANN001
    context, page = fresh(browser)
    try:
        open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
        for c in ("A♥", "7♦", "K♠", "9♥", "2♦", "A♣", "Q♦", "5♣"):
            card(page, ".mm-task-reveal", c).click()
        expect()(page.locator(".mm-task-reveal")).to_have_class(re.compile("mm-solved"), timeout=WAIT)
        expect()(page.locator(".mm-progress-1")).to_contain_text("★ 3 of 12", timeout=WAIT)
        page.locator(".mm-progress-3").click()  # the map: straight to lesson 3
        page.wait_for_selector(".mm-lesson-turn .mm-coach", timeout=WAIT)
        card(page, ".mm-coach-hand", "K♠").click()  # pairs with nothing: a mistake
        expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("find a hand card", timeout=WAIT)
        card(page, ".mm-coach-hand", "7♥").click()
        expect()(page.locator(".mm-coach-prompt")).to_contain_text("pairs with", timeout=WAIT)
        card(page, ".mm-coach-table", "3♦").click()
        expect()(page.locator(".mm-coach-prompt")).to_contain_text("stock", timeout=WAIT)
        hand, table = coach_hand(page), coach_table(page)
        page.wait_for_function("() => Object.keys(localStorage).some(k => k.startsWith('mainmerah:tutorial'))"
                               " && localStorage.getItem('mainmerah:tutorial:main-merah').includes('3♦')",
                               timeout=WAIT)
        reload(page, ".mm-lesson-turn .mm-coach")  # back in lesson 3, not lesson 1
        expect()(page.locator(".mm-kept-note")).to_contain_text("Welcome back", timeout=WAIT)
        assert coach_hand(page) == hand and coach_table(page) == table
        expect()(page.locator(".mm-coach-prompt")).to_contain_text("stock")
        expect()(page.locator(".mm-progress-1")).to_contain_text("★ 3 of 12")
        page.locator(".mm-progress-1").click()
        page.wait_for_selector(".mm-lesson-cards", timeout=WAIT)
        expect()(page.locator(".mm-task-reveal")).to_have_class(re.compile("mm-solved"))
        expect()(page.locator(".mm-lesson-cards .mm-lesson-stars")).to_contain_text("3/12")
        assert not page.errors, page.errors

        # Start over, after a confirmation: everything is forgotten, here and in the browser.
        page.locator(".mm-start-over").click()
        page.locator(".mm-start-over-yes").click()
        expect()(page.locator(".mm-progress-1")).to_contain_text("★ 0 of 12", timeout=WAIT)
        expect()(page.locator(".mm-progress-3")).to_contain_text("not started")
        reload(page, ".mm-lesson-cards")
        expect()(page.locator(".mm-progress-3")).to_contain_text("not started")
        assert "mm-solved" not in (page.locator(".mm-task-reveal").get_attribute("class") or "")
    finally:
        context.close()


def test_hint_ladder_costs_a_star_a_rung_and_a_finished_task_stays_put(voila, browser) -> None:  # noqa: ANN001
    context, page = fresh(browser)
    try:
        open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
        page.locator(".mm-progress-2").click()
        page.wait_for_selector(".mm-lesson-pairing", timeout=WAIT)
        task = ".mm-task-pair1"
        worth = page.locator(f"{task} .mm-task-stars .mm-stars")
        expect()(worth).to_have_text("★★★")
        for rung, stars in ((1, "★★☆"), (2, "★☆☆"), (3, "★☆☆")):
            page.locator(f"{task} .mm-hint-button").click()
            expect()(page.locator(f"{task} .mm-hint-{rung}")).to_be_visible(timeout=WAIT)
            expect()(worth).to_have_text(stars)
        expect()(page.locator(f"{task} .mm-hint-1")).to_contain_text("Look at the 7s")
        expect()(page.locator(f"{task} .mm-hint-2")).to_contain_text("add up to 10")
        expect()(page.locator(f"{task} .mm-card.mm-hint")).to_have_count(2)  # the answer, marked on the cards
        screenshot(page, "tutorial-ladder-1280")
        card(page, task, "7♣").click()
        card(page, task, "7♦").click()
        expect()(page.locator(task)).to_have_class(re.compile("mm-solved"), timeout=WAIT)
        expect()(page.locator(f"{task} .mm-task-stars")).to_contain_text("★☆☆")
        said = page.locator(f"{task} > .mm-feedback").inner_text()
        wrong = card(page, task, "6♠")
        expect()(wrong).to_be_disabled()
        wrong.click(force=True)  # a click on a finished task changes nothing
        page.wait_for_timeout(300)
        assert page.locator(f"{task} > .mm-feedback").inner_text() == said
        assert not page.errors, page.errors
    finally:
        context.close()


def test_the_hint_button_stays_put_when_an_answer_is_told(voila, browser) -> None:  # noqa: ANN001
    """Issue 23 finding 19: a wrong answer's feedback appears below the Hint button, which does not move."""
    context, page = fresh(browser, 390, 844)
    try:
        open_notebook(page, voila, "tutorial.ipynb?game=in-the-red", ".mm-lesson-itr-red")
        task = ".mm-task-red"
        button = page.locator(f"{task} .mm-hint-button")
        expect()(button).to_be_visible(timeout=WAIT)
        # Where the button sits in its task (the click may scroll the page to bring the card into view).
        place = (f"e => {{ const r = e.getBoundingClientRect(), t = document.querySelector('{task}')"
                 ".getBoundingClientRect(); return [Math.round(r.left - t.left), Math.round(r.top - t.top)]; }")
        before = button.evaluate(place)
        page.locator(f"{task} .mm-c-9H").first.click()  # not the highest red card
        expect()(page.locator(f"{task} > .mm-feedback")).to_contain_text("K♦ is higher", timeout=WAIT)
        now = button.evaluate(place)
        assert abs(now[0] - before[0]) <= 2 and abs(now[1] - before[1]) <= 2, (before, now)  # within 2 px
        button.click()
        expect()(page.locator(f"{task} .mm-hint-1")).to_be_visible(timeout=WAIT)
        feedback = page.locator(f"{task} > .mm-feedback").bounding_box()
        assert feedback and feedback["y"] > button.bounding_box()["y"]  # type: ignore[index]
        assert not page.errors, page.errors
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("lang", ["en", "id"])
def test_map_and_stars_screens(voila, browser, width: int, lang: str) -> None:  # noqa: ANN001
    context, page = fresh(browser, width, 800 if width > 400 else 844)
    try:
        query = "" if lang == "en" else "?lang=id"
        open_notebook(page, voila, f"tutorial.ipynb{query}", ".mm-lesson-cards")
        for c in ("A♥", "7♦", "K♠", "9♥", "2♦", "A♣", "Q♦", "5♣"):
            card(page, ".mm-task-reveal", c).click()
        expect()(page.locator(".mm-task-red")).to_be_visible(timeout=WAIT)
        page.locator(".mm-task-red .mm-hint-button").click()
        expect()(page.locator(".mm-task-red .mm-hint-1")).to_be_visible(timeout=WAIT)
        overflow = page.evaluate("""() => [...document.querySelectorAll('.mm-lessons *')].filter(e => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.right > window.innerWidth + 1; }).map(e => e.className).slice(0, 5)""")
        assert overflow == [], overflow  # nothing cut off at this width
        stars = page.locator(".mm-progress-1").inner_text()
        set_language(lang)
        try:
            assert _("★ {got} of {of} · {done}/{n} tasks").split("{got}")[0] in stars
        finally:
            set_language("en")
        screenshot(page, f"tutorial-ladder-{width}-{lang}")
        page.locator(".mm-topbar").first.scroll_into_view_if_needed()
        page.evaluate("() => document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; })")
        screenshot(page, f"tutorial-map-{width}-{lang}")
        assert not page.errors, page.errors
    finally:
        context.close()


OVERFLOW = """() => [...document.querySelectorAll('.mm-lessons *')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > window.innerWidth + 1 && !e.closest('.mm-story'); })
    .map(e => e.className).slice(0, 5)"""


@pytest.mark.slow
@pytest.mark.parametrize("game, lessons", [("main-merah", 6), ("chinese-ten", 1), ("red-ten", 0), ("in-the-red", 0)])
def test_every_lesson_fits_a_phone_in_bahasa_indonesia(voila, browser, game: str, lessons: int) -> None:  # noqa: ANN001
    context, page = fresh(browser, 390, 844)
    try:
        open_notebook(page, voila, f"tutorial.ipynb?game={game}&lang=id", ".mm-lesson")
        n = page.locator(".mm-progress-step").count()
        assert n >= max(lessons, 1)
        for i in range(1, n + 1):
            page.locator(f".mm-progress-{i}").click()
            page.wait_for_selector(f".mm-progress-{i}.mm-current", timeout=WAIT)
            page.wait_for_selector(".mm-stage .mm-lesson", timeout=WAIT)
            page.wait_for_timeout(300)
            assert page.evaluate(OVERFLOW) == [], f"lesson {i} of {game}"
            text = page.inner_text(".mm-stage")
            for english in ("Click", "Next ▶", "Right.", "Betul. Betul", "stars earned", "if solved now"):
                assert english not in text, (english, i, game)
        assert not page.errors, page.errors
    finally:
        context.close()


def test_number_answers_are_big_enough_for_a_phone(voila, browser) -> None:  # noqa: ANN001
    context, page = fresh(browser, 390, 844)
    try:
        open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
        for c in ("A♥", "7♦", "K♠", "9♥", "2♦", "A♣", "Q♦", "5♣"):
            card(page, ".mm-task-reveal", c).click()
        for c in ("J♥", "8♦", "A♦", "K♥"):
            card(page, ".mm-task-red", c).click()
        box = page.locator(".mm-task-tally .mm-answer input")
        expect()(box).to_be_visible(timeout=WAIT)
        size = box.evaluate("e => [parseFloat(getComputedStyle(e).fontSize), e.getBoundingClientRect().height]")
        assert size[0] >= 16 and size[1] >= 44, size
        expect()(box).to_have_attribute("inputmode", "numeric", timeout=WAIT)  # a phone's number keyboard
        check = page.locator(".mm-task-tally .mm-check").bounding_box()
        assert check is not None and check["height"] >= 40
        assert not page.errors, page.errors
    finally:
        context.close()
