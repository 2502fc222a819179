"""Review this game in every game, in Chinese and Bahasa Indonesia, in a real Voila server and a real Chromium.

Each game's finished game (played here in Python, kept in the browser as the table keeps one) is opened on the
play page, which restores it at its end; Review this game is clicked, and the page says how it judged, in the
page's language, the very line the review made here says (the same game, seat and worlds); a moment is tried
again (the table back at it, asking in that language) and left. In Chinese no English word is left on the page.
(The English review, clicked through a whole game, is tests/browser/test_review_browser.py.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import VoilaServer, open_notebook, screenshot
from played import play_to_the_end
from test_chinese_browser import VISIBLE_TEXT, english_words

import mainmerah as mm
from mainmerah.core.i18n import _
from mainmerah.core.registry import games_with
from mainmerah.pages.home import speaking
from mainmerah.table import TableWidget
from mainmerah.table.kept_table import record, sheet_key, table_key
from mainmerah.table.review import WORLDS

pytestmark = pytest.mark.browser
WAIT = 120_000
HTML_LANG = {"zh": "zh-Hans", "id": "id"}


def finished(game: str) -> tuple[Any, str, str]:
    """A whole game of ``game`` played here (you: the first legal action each time; the computers at random),
    and the records its table keeps then, as the page itself would write them."""
    t = TableWidget(game=game, seed=7, bots="random", auto=False)
    play_to_the_end(t)
    table_text, sheet_text = record(t, {}, game)
    return t.game, table_text, sheet_text


def said(page, selector: str) -> str:  # noqa: ANN001
    return re.sub(r"\s+", " ", page.text_content(selector) or "").strip()


@pytest.mark.parametrize("lang", ["zh", "id"])
def test_every_game_reviewed_and_a_moment_tried_again_in_each_language(voila_app: VoilaServer, page,  # noqa: ANN001
                                                                      lang: str) -> None:
    page.goto(f"{voila_app.url}/?lang={lang}")
    page.wait_for_selector(".mmh-games")
    for game in games_with("lessons"):
        played, table_text, sheet_text = finished(game)
        page.evaluate("([k, v, sk, sv]) => { localStorage.setItem(k, v); localStorage.setItem(sk, sv); }",
                      [table_key(game), table_text, sheet_key(game), sheet_text])
        open_notebook(page, voila_app, f"play.ipynb?game={game}&lang={lang}", ".mm-gameover:not(.mm-hidden)")
        page.wait_for_function(f"() => document.documentElement.lang === '{HTML_LANG[lang]}'", timeout=WAIT)
        page.click(".mm-review-start")
        page.wait_for_selector(".mm-review-method", timeout=WAIT)
        method = said(page, ".mm-review-method")
        r = mm.review(played, seat=0, worlds=WORLDS)  # the page's review: the same game, seat, worlds and seed
        first = r.moments[0]
        with speaking(lang):
            expected = r.method()
            title = _("{i}. Move {n}: you chose {action}; {better} was better.").format(
                i=1, n=first.step + 1, action=first.action, better=first.better)
            again = _("Try this position again: what do you choose?")
        assert method == expected and str(WORLDS) in method, game
        assert said(page, ".mm-review-moment >> nth=0").startswith(title), game
        if lang == "zh":
            assert english_words(page.evaluate(VISIBLE_TEXT)) == [], game
        screenshot(page, f"review-{lang}-{game}-1280px")
        page.click(".mm-review-retry >> nth=0")  # (each game played so has moments: the review here found them)
        page.wait_for_function("(words) => document.querySelector('.mm-prompt').textContent.includes(words)",
                               arg=again, timeout=WAIT)
        if lang == "zh":
            assert english_words(page.evaluate(VISIBLE_TEXT)) == [], game
        page.click(".mm-review-back")
        page.wait_for_selector(".mm-gameover:not(.mm-hidden)", timeout=WAIT)
    assert page.errors == []
