"""The app in Simplified Chinese in a real Chromium against ``make app``'s server: the home page, each of the
four games' table and first lesson, a Main Merah game played to its end-of-game tally by clicking and every other
game's tally (a whole game kept in the browser, restored at its end), each
opened with ``?lang=zh``, name their language (``zh-Hans``) and show no English word but the names the app
keeps in every language (card notation, variants, the typed commands, the language picker's own names; the
computers are 小明, 阿华… in Chinese). The choice follows the visitor: the home page opened afterwards
without ``?lang=`` is in Chinese. Screenshots at 1280 and 390 px go to tests/artifacts/."""

from __future__ import annotations

import re

import pytest
from conftest import VoilaServer, open_notebook, screenshot
from played import play_to_the_end as play_table_to_the_end
from test_table import click_and_wait

from mainmerah.core.i18n import LANGUAGE_NAMES
from mainmerah.core.registry import games_with
from mainmerah.table import TableWidget
from mainmerah.table.kept_table import record, sheet_key, table_key

pytestmark = pytest.mark.browser
WAIT = 60_000
# Kept in every language: the app's name, Main Merah's own name (glossed once in the first lesson),
# variants, and the commands typed at the table.
KEPT = {"mainmerah", "Main", "Merah", "classic", "cardgames", "jb", "pass", "discard", "SJ", "BJ"}
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


def shown_in_chinese(page, server: VoilaServer, notebook: str, ready: str, name: str) -> str:  # noqa: ANN001
    """``notebook`` opened with ?lang=zh: no English word on it, looked at (at both widths); its visible text."""
    open_notebook(page, server, f"{notebook}&lang=zh", ready)
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
    text = page.evaluate(VISIBLE_TEXT)
    assert english_words(text) == []
    looked_at(page, name)
    return str(text)


def test_home_table_and_first_lesson_in_chinese(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    page.goto(voila_app.url + "/?lang=zh")
    page.wait_for_selector(".mmh-games")
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hans"
    text = page.evaluate(VISIBLE_TEXT)
    assert "红牌游戏" in text and "红十" in text and "拣红点" in text and "中文" in text
    assert english_words(text) == []
    looked_at(page, "home")

    text = shown_in_chinese(page, voila_app, "play.ipynb?game=red-ten&seed=5&pace=instant", ".mm-hand .mm-card",
                            "red-ten")
    assert "轮到你" in text and "中文" in text
    text = shown_in_chinese(page, voila_app, "tutorial.ipynb?game=main-merah", ".mm-lessons .mm-card", "lesson")
    assert "玛因梅拉" in text and "红牌才算分" in text

    # The choice follows the visitor: the home page without ?lang= comes back in Chinese (and stays put).
    page.goto(voila_app.url + "/")
    page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
    page.wait_for_timeout(500)
    assert page.evaluate("() => new URLSearchParams(location.search).get('lang')") == "zh"
    assert "红牌游戏" in page.evaluate(VISIBLE_TEXT)


# Your turn (a card to play or to take), or the game is over.
READY_JS = """() => !!document.querySelector('.mm-gameover:not(.mm-hidden)')
  || !!document.querySelector('.mm-status.mm-yourturn')"""


def play_to_the_end(page) -> int:  # noqa: ANN001
    """Main Merah by clicking: the first card in hand, then the first card offered to take; the moves made."""
    moves = 0
    while True:
        page.wait_for_function(READY_JS, timeout=WAIT)
        if page.locator(".mm-gameover:not(.mm-hidden)").count():
            return moves
        if page.locator(".mm-tablecards .mm-card.mm-choice").count():
            click_and_wait(page, ".mm-tablecards .mm-card.mm-choice")
        else:
            page.click(".mm-hand .mm-card:not(.mm-empty)")
            page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
            click_and_wait(page, ".mm-play")
        moves += 1
        assert moves < 100


def test_every_game_table_lesson_and_a_tally_in_chinese(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    for game in games_with("lessons"):
        open_notebook(page, voila_app, f"play.ipynb?game={game}&seed=5&pace=instant&lang=zh", ".mm-hand .mm-card")
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
        text = page.evaluate(VISIBLE_TEXT)
        assert "小明" in text, game  # the computers are named in Chinese too
        assert english_words(text) == [], game
        open_notebook(page, voila_app, f"tutorial.ipynb?game={game}&lang=zh", ".mm-lesson")
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
        assert english_words(page.evaluate(VISIBLE_TEXT)) == [], game
        screenshot(page, f"zh-{game}-lesson-1280px")

    open_notebook(page, voila_app, "play.ipynb?game=main-merah&players=2&seed=5&pace=instant&lang=zh",
                  ".mm-hand .mm-card")
    assert play_to_the_end(page) >= 6
    over = page.text_content(".mm-gameover")
    assert over and any(ch.isdigit() for ch in over)
    text = page.evaluate(VISIBLE_TEXT)
    assert english_words(text) == []
    looked_at(page, "tally")

    # Every other game's tally: a whole game played here (Python), kept in the browser as the table keeps one,
    # and the page opened on it: the table restores it (checked and replayed by the engine) at its end.
    for game in games_with("lessons"):
        if game == "main-merah":
            continue
        table_text, sheet_text = finished_game_record(game)
        page.evaluate("([k, v, sk, sv]) => { localStorage.setItem(k, v); localStorage.setItem(sk, sv); }",
                      [table_key(game), table_text, sheet_key(game), sheet_text])
        open_notebook(page, voila_app, f"play.ipynb?game={game}&lang=zh", ".mm-gameover:not(.mm-hidden)")
        page.wait_for_function("() => document.documentElement.lang === 'zh-Hans'", timeout=WAIT)
        over = page.text_content(".mm-gameover")
        assert over and any(ch.isdigit() for ch in over), game
        assert english_words(page.evaluate(VISIBLE_TEXT)) == [], game
        screenshot(page, f"zh-{game}-tally-1280px")
    assert page.errors == []


def finished_game_record(game: str) -> tuple[str, str]:
    """The records a table of ``game`` keeps at the end of a whole game (you: the first legal action each time;
    the computers at random), as the page itself would write them."""
    t = TableWidget(game=game, seed=7, bots="random", auto=False)
    play_table_to_the_end(t)
    return record(t, {}, game)
