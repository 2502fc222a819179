"""Card faces are drawn from outlines, not text: no font needed, and the outlines are reproducible."""

from __future__ import annotations

import re

import pytest

import mainmerah as mm
from mainmerah.draw import glyphs
from mainmerah.draw.svg import card_data_uri, card_svg
from mainmerah.families.fishing.rules import main_merah_points


def test_every_face_is_drawn_without_text_or_fonts() -> None:
    for card in mm.DECK:
        svg = card_svg(card, points=main_merah_points(card))
        assert "<text" not in svg and "font" not in svg, card
        # rank, two suit symbols, and (red cards) the points: one path per glyph
        glyph_count = len(card.rank_text) + 2 + (len(str(main_merah_points(card))) if card.red else 0)
        assert svg.count("<path ") == glyph_count, card
        assert "<text" not in card_data_uri(card)


def test_text_path_lays_glyphs_out_like_text() -> None:
    one = glyphs.text_path("1", 0, 0, 10, bold=True)
    ten = glyphs.text_path("10", 0, 0, 10, bold=True)
    assert one.count("<path") == 1 and ten.count("<path") == 2
    xs = [float(x) for x in re.findall(r"translate\(([-\d.]+) ", ten)]
    assert xs[0] == 0 and xs[1] == pytest.approx(glyphs.GLYPHS[("1", True)][0] / 100, abs=0.01)  # advance at size 10
    centred = glyphs.text_path("10", 50, 0, 10, bold=True, anchor="middle")
    first = float(re.findall(r"translate\(([-\d.]+) ", centred)[0])
    assert first == pytest.approx(50 - sum(glyphs.GLYPHS[(c, True)][0] for c in "10") / 200, abs=0.01)
    with pytest.raises(KeyError):
        glyphs.text_path("x", 0, 0, 10)  # only the characters a card face needs


def test_the_outlines_are_what_the_generator_makes() -> None:
    pytest.importorskip("matplotlib")
    assert glyphs.generate() == glyphs.GLYPHS
