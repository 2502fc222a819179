"""The app in Simplified Chinese in a real Chromium against ``make app``'s server: the home page, a Red Ten
table and Main Merah's first lesson, each opened with ``?lang=zh``, name their language (``zh-Hans``) and show
no English word but the names the app keeps in every language (card notation, players' names, variants, the
typed commands, the language picker's own names). The choice follows the visitor: the home page opened
afterwards without ``?lang=`` is in Chinese. Screenshots at 1280 and 390 px go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest
from conftest import VoilaServer, open_notebook, screenshot

from mainmerah.core.i18n import LANGUAGE_NAMES
from mainmerah.table.seats import BOT_NAMES

pytestmark = pytest.mark.browser
WAIT = 60_000
# Kept in every language: the app's name, Main Merah's own name (glossed once in the first lesson),
# players' names, variants, and the commands typed at the table.
KEPT = {"mainmerah", "Main", "Merah", "classic", "cardgames", "jb", "pass", "discard",
        "SJ", "BJ", *BOT_NAMES}
VISIBLE_TEXT = "() => document.body.innerText"


def english_words(text: str) -> list[str]:
    """Latin words of two letters or more (card notation such as 10♥ or 7h is not a word) not in KEPT."""
    for name in LANGUAGE_NAMES.values():  # the picker offers each language in its own words
        text = text.replace(name, " ")
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in KEPT})


def looked_at(page, name: str) -> None:  # noqa: ANN001
    """In Chinese, nothing reaches past the window's right edge at 1280 or 390 px; a screenshot of each."""
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        wide = page.evaluate("""() => [...document.querySelectorAll('.mmh *, .mm-root *, .mm-lessons *')]
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null
                    && !e.closest('.mm-hand, .mm-scroll, .widget-tab-bar, .lm-TabBar'))
            .map((e) => e.tagName + '.' + e.className).slice(0, 5)""")
        assert wide == [], (name, width, wide)
        screenshot(page, f"zh-{name}-{width}px")
    page.set_viewport_size({"width": 1280, "height": 900})


def test_home_table_and_first_lesson_in_chinese(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    page.goto(voila_app.url + "/?lang=zh")
    page.wait_for_selector(".mmh-games")
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hans"
    text = page.evaluate(VISIBLE_TEXT)
    assert "红牌游戏" in text and "红十" in text and "拣红点" in text and "中文" in text
    assert english_words(text) == []
    looked_at(page, "home")

    open_notebook(page, voila_app, "play.ipynb?game=red-ten&seed=5&pace=instant&lang=zh", ".mm-hand .mm-card")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
    text = page.evaluate(VISIBLE_TEXT)
    assert "轮到你" in text and "中文" in text
    assert english_words(text) == []
    looked_at(page, "red-ten")

    open_notebook(page, voila_app, "tutorial.ipynb?game=main-merah&lang=zh", ".mm-lessons .mm-card")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
    text = page.evaluate(VISIBLE_TEXT)
    assert "玛因梅拉" in text and "红牌才算分" in text
    assert english_words(text) == []
    looked_at(page, "lesson")

    # The choice follows the visitor: the home page without ?lang= comes back in Chinese (and stays put).
    page.goto(voila_app.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
    page.wait_for_timeout(500)
    assert page.evaluate("() => new URLSearchParams(location.search).get('lang')") == "zh"
    assert "红牌游戏" in page.evaluate(VISIBLE_TEXT)
