"""The printable sheets in Chinese: every character printed with a glyph of an embedded font, none left out,
and Chinese lines broken between characters, never before a closing mark."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Iterator

import pytest

pypdf = pytest.importorskip("pypdf")

from matplotlib.font_manager import FontProperties, findfont, get_font  # noqa: E402

from mainmerah.core import registry  # noqa: E402
from mainmerah.core.i18n import _, set_language  # noqa: E402
from mainmerah.sheets.document import puzzles_pdf, rules_games, rules_pdf  # noqa: E402
from mainmerah.sheets.page import families, has_chinese, printable, units, wrap  # noqa: E402

pytestmark = pytest.mark.skipif(not has_chinese(), reason="the Chinese font (paperang-p2-fonts-cjk) is not installed")


@pytest.fixture(autouse=True)
def chinese() -> Iterator[None]:
    set_language("zh")
    yield
    set_language("en")


def drawable(ch: str) -> bool:
    """Whether one of the sheets' fonts has a glyph for ``ch`` (index 0 is the empty box)."""
    return any(get_font(findfont(FontProperties(family=f))).get_char_index(ord(ch)) for f in families())


def read(data: bytes) -> str:
    return "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.mark.parametrize("game", rules_games())
def test_a_chinese_rules_sheet_prints_every_character(game: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = read(rules_pdf(game))
    assert [str(w.message) for w in caught if "missing from font" in str(w.message)] == []
    title = _("{game}: the rules").format(game=_(registry.get(game).title))
    assert title in text and re.search(r"[\u4e00-\u9fff]{40}", re.sub(r"\W", "", text))  # Chinese, read back
    assert [ch for ch in set(text) if not ch.isspace() and not drawable(ch)] == []
    # Nothing pared away: with the font installed the Chinese names stay (上游, 带病红十) in every language.
    assert printable("first (上游)") == "first (上游)"


def test_a_chinese_puzzle_worksheet_prints_every_character() -> None:
    game = registry.games_with("puzzles")[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        data = puzzles_pdf(game, 1)
    assert data is not None
    assert [str(w.message) for w in caught if "missing from font" in str(w.message)] == []
    text = read(data)
    assert _("You to play. Which card wins the most?") in re.sub(r"\s+", "", text) or "轮到你出" in text
    assert [ch for ch in set(text) if not ch.isspace() and not drawable(ch)] == []


def test_chinese_breaks_between_characters_but_not_before_a_closing_mark() -> None:
    text = "出牌：从手里拿一张牌明着放下。如果有桌面牌能和它配对，就把两张都吃进你的吃牌堆（7♥ 3♦）。"
    lines = wrap(text, 120, 9)
    assert len(lines) > 2 and "".join(lines) == text  # broken without spaces, nothing lost or added
    assert not any(line[0] in "，。：；）" for line in lines)
    assert [u for u, _space in units("a pair of 7s（7♥ 7♣）。")] == ["a", "pair", "of", "7s", "（7♥", "7♣）。"]
