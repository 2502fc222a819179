"""The one list of languages (mainmerah.core.i18n.LANGUAGE_NAMES) reaches every place a language is chosen."""

from __future__ import annotations

import re
from importlib.resources import files

from mainmerah.core.i18n import LANGUAGE_NAMES, LANGUAGES, html_lang
from mainmerah.pages.home import home_document, preferred_language, query_language


def test_three_languages_each_in_its_own_words() -> None:
    assert LANGUAGES == ("en", "id", "zh")
    assert LANGUAGE_NAMES["zh"] == "中文"
    assert html_lang("zh") == "zh-Hans" and html_lang("id") == "id"


def test_the_home_pages_script_offers_the_same_languages() -> None:
    script = files("mainmerah").joinpath("static/lang.js").read_text(encoding="utf-8")
    offered = re.search(r"var OFFERED = \[([^\]]*)\]", script)
    assert offered is not None
    assert tuple(re.findall(r'"([a-z]+)"', offered.group(1))) == LANGUAGES


def test_chinese_is_asked_for_by_the_address_or_the_browser() -> None:
    assert query_language("lang=zh") == "zh"
    assert preferred_language("zh-CN,zh;q=0.9,en;q=0.8") == "zh"
    html = home_document("lang=zh")
    assert '<html lang="zh-Hans">' in html and 'data-mm-lang="zh-Hans"' in html
    assert "学习" in html and "红十" in html  # the page is drawn in Chinese
    for code, name in LANGUAGE_NAMES.items():  # the picker offers all three, each in its own words
        assert f'hreflang="{html_lang(code)}" lang="{html_lang(code)}"' in html and name in html


def test_one_english_word_two_chinese_ones() -> None:
    from mainmerah.core.i18n import _, pgettext
    from mainmerah.pages.home import speaking

    with speaking("zh"):
        assert (pgettext("a game", "Play"), _("Play")) == ("开始玩", "出牌")  # play a game, play a card
    assert pgettext("a game", "Play") == "Play"


def test_every_pages_stylesheet_falls_back_to_a_chinese_font_and_wraps_chinese() -> None:
    from mainmerah.pages.home import CSS as HOME
    from mainmerah.server.teacher import CSS as TEACHER
    from mainmerah.table.style import BASE_CSS as TABLE
    from mainmerah.teach.style import CSS as LESSONS

    for css in (HOME, TEACHER, TABLE, LESSONS):
        stacks = re.findall(r"font-family:([^;}]*)", css)
        sans = [s for s in stacks if "sans-serif" in s]
        assert sans and all('"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei"' in s for s in sans)
        assert ":lang(zh) { overflow-wrap: anywhere;" in css


def test_no_chinese_translation_puts_a_space_between_two_chinese_characters() -> None:
    """Chinese spaces only beside Latin letters and digits; every catalog's own text, here (what names put into
    the sentences bring is checked on whole games in tests/core/test_conformance.py)."""
    from mainmerah.core import catalog
    from mainmerah.core.i18n import DOMAIN, GAME_DOMAINS

    between = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] (?=[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef])")
    found = []
    for domain in (DOMAIN, *GAME_DOMAINS):
        for msg in catalog.load_po("zh", domain):
            for text in msg.string if isinstance(msg.string, tuple) else (msg.string,):
                if msg.id and text and between.search(text):
                    found.append(text)
    assert found == []
