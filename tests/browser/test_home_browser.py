"""The app's home page as a visitor meets it: ``make app``'s server, a real Chromium, clicks only.

The root URL shows every game with Learn and Play; Learn opens that game's tutorial
(Chinese Ten's first task is solved, a wrong answer first), Play its table. The page
is drawn by the server: opening it starts no kernel. Screenshots at 1280 and 390 px in
both languages go to tests/artifacts/.
"""

from __future__ import annotations

import re
import urllib.request

import pytest
from conftest import VoilaServer, screenshot

from mainmerah.core import registry
from mainmerah.core.i18n import set_language

pytestmark = pytest.mark.browser
WAIT = 60_000


def expect():  # noqa: ANN201 (playwright's expect, imported late so collection works without it)
    from playwright.sync_api import expect as e

    return e


def indonesian(text: str) -> str:
    from mainmerah.core.i18n import _

    set_language("id")
    try:
        return _(text)
    finally:
        set_language("en")


def no_overflow(page) -> list[str]:  # noqa: ANN001
    """Elements reaching past the right edge of the window (sideways scrolling on a phone)."""
    return page.evaluate("""() => [...document.querySelectorAll('.mmh *, .mm-lessons *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null)
        .map((e) => e.tagName + '.' + e.className).slice(0, 5)""")


def test_root_is_the_home_page_without_a_kernel(voila_app: VoilaServer) -> None:
    with urllib.request.urlopen(voila_app.url + "/", timeout=30) as r:
        assert r.status == 200 and r.url == voila_app.url + "/"  # no redirect: the page itself
        html = r.read().decode()
    for name in registry.games():
        assert f'data-game="{name}"' in html
    # Drawn by the server: not a Voila page, so no kernel behind it (a Voila page names its kernel here).
    assert "jupyter-config-data" not in html and "kernelId" not in html


def test_home_in_both_languages_and_widths(voila_app: VoilaServer, browser) -> None:  # noqa: ANN001
    for width in (1280, 390):
        context = browser.new_context(viewport={"width": width, "height": 900})
        page = context.new_page()
        page.goto(voila_app.url + "/", timeout=WAIT)
        expect()(page.locator(".mmh-game")).to_have_count(len(registry.games()))
        titles = page.locator(".mmh-game h2").all_inner_texts()
        assert titles[:2] == ["Main Merah", "Chinese Ten"]
        assert no_overflow(page) == []
        screenshot(page, f"home-en-{width}")
        page.click(".mmh-lang a[hreflang=id]")
        expect()(page.locator("html")).to_have_attribute("lang", "id", timeout=WAIT)
        expect()(page.locator(".mmh-learn").first).to_contain_text(indonesian("Learn"))
        assert page.url.endswith("/?lang=id")
        assert all("lang=id" in h for h in page.eval_on_selector_all(".mmh-button", "as => as.map(a => a.href)"))
        assert no_overflow(page) == []
        screenshot(page, f"home-id-{width}")
        context.close()


def test_learn_then_play_chinese_ten(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    page.goto(voila_app.url + "/", timeout=WAIT)
    page.click(".mmh-game-chinese-ten .mmh-learn")
    page.wait_for_selector(".mm-lesson-chinese-ten", timeout=WAIT)
    assert re.search(r"/voila/render/tutorial\.ipynb\?game=chinese-ten$", page.url)
    expect()(page.locator(".mm-progress-text")).to_contain_text("Lesson 1 of 5")  # Chinese Ten's own course
    box = page.locator(".mm-task-deal .mm-answer input").first
    box.fill("24")
    page.locator(".mm-task-deal .mm-check").first.click()
    feedback = page.locator(".mm-task-deal > .mm-feedback").first
    expect()(feedback).to_contain_text("every hand together", timeout=WAIT)
    box.fill("6")
    page.locator(".mm-task-deal .mm-check").first.click()
    expect()(feedback).to_contain_text("24 ÷ 4 = 6", timeout=WAIT)
    expect()(page.locator(".mm-task-deal").first).to_have_class(re.compile("mm-solved"), timeout=WAIT)
    expect()(page.locator(".mm-task-first")).to_be_visible()  # the next task unlocked
    screenshot(page, "home-chinese-ten-lesson-1280")
    assert "Traceback" not in page.inner_text("body") and page.errors == []

    page.goto(voila_app.url + "/", timeout=WAIT)
    page.click(".mmh-game-chinese-ten .mmh-play")
    page.wait_for_selector(".mm-hand .mm-card", timeout=WAIT)
    assert re.search(r"/voila/render/play\.ipynb\?game=chinese-ten$", page.url)
    screenshot(page, "home-chinese-ten-table-1280")
    assert "Traceback" not in page.inner_text("body") and page.errors == []


def test_chinese_ten_lesson_in_indonesian_on_a_phone(voila_app: VoilaServer, browser) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        page.goto(voila_app.url + "/?lang=id", timeout=WAIT)
        page.click(".mmh-game-chinese-ten .mmh-learn")
        page.wait_for_selector(".mm-lesson-chinese-ten", timeout=WAIT)
        assert page.url.endswith("tutorial.ipynb?game=chinese-ten&lang=id")
        expect()(page.locator(".mm-lesson-title")).to_have_text(indonesian("Deal and turn"))
        assert no_overflow(page) == []
        screenshot(page, "home-chinese-ten-lesson-id-390")
        # The page's links keep the language.
        assert page.get_attribute(".mm-page-links .mm-play-link", "href") == "play.ipynb?game=chinese-ten&lang=id"
        assert page.errors == []
    finally:
        context.close()


def test_bad_game_is_named_and_ignored(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    page.goto(voila_app.render_url("tutorial.ipynb?game=poker"), timeout=WAIT)
    page.wait_for_selector(".mm-lesson-cards", timeout=WAIT)  # Main Merah's tutorial, as with no game
    expect()(page.locator(".mm-page-note")).to_contain_text("Ignored game=poker")
