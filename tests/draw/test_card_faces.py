"""Cards show only what their game says: a points badge, hover text and spoken points only for a game whose
``GameUI.points`` gives them (Main Merah, Chinese Ten with its black Aces), at its table and in its lessons;
jokers read "JOKER", never a lone "J" that reads as a Jack."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.core.cards import JOKERS, Card, card_label
from mainmerah.draw.glyphs import GLYPHS
from mainmerah.draw.svg import card_body, card_data_uri, card_svg
from mainmerah.pages.tutorial import Tutorial
from mainmerah.table import TableWidget
from mainmerah.table.style import cards_css, game_points_css, style_html
from mainmerah.teach import index
from mainmerah.teach.lesson import close_all

TABLE_GAMES = [g for g in registry.games() if registry.has_ui(g)]
LESSON_GAMES = registry.games_with("lessons")
BADGE_SVG = 'rx="10"'  # the badge's rounded rectangle, inline
BADGE_URI = "rx='10'"  # the same in a data: URI (the stylesheet's faces)
SPOKEN = re.compile(r'(?:aria-label="|<title>|title=")[^"<]*\bpoints?\b')


def scores(game: str) -> bool:
    return registry.ui(game).points is not None


def walk(widget: Any) -> Iterator[Any]:
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def test_the_drawing_has_no_games_points() -> None:
    seven = mm.Card.parse("7H")
    assert BADGE_SVG not in card_svg(seven) and "points" not in card_svg(seven)  # plain: no game's default
    assert BADGE_SVG in card_svg(seven, points=7) and "seven of hearts, red, 7 points" in card_svg(seven, points=7)
    assert BADGE_URI not in cards_css() and BADGE_URI not in cards_css(True)  # the table's base faces
    assert BADGE_URI not in style_html()
    assert "points" not in seven._repr_html_() and BADGE_SVG not in seven._repr_html_()  # a card alone: plain
    assert card_label(seven) == seven.name() == "seven of hearts, red"
    assert card_label(seven, 7) == "seven of hearts, red, 7 points"


def test_the_registry_gives_points_only_for_the_fishing_games() -> None:
    assert {g for g in TABLE_GAMES if scores(g)} == {"main-merah", "chinese-ten"}
    mm_points = registry.card_points("main-merah")
    assert mm_points is not None and sum(mm_points) == 210 and registry.card_points("red-ten") is None
    ace_spades, ace_clubs = Card.parse("AS").index, Card.parse("AC").index
    by_players = {n: registry.card_points("chinese-ten", n) for n in (2, 3, 4)}
    assert [(p[ace_spades], p[ace_clubs]) for p in by_players.values() if p] == [(0, 0), (30, 0), (30, 40)]
    # The overlay follows the player count: Chinese Ten's black Aces carry a badge with four players only.
    assert "mm-c-AC" not in game_points_css("chinese-ten", 2) and "mm-c-AC" in game_points_css("chinese-ten", 4)
    assert game_points_css("red-ten") == "" == game_points_css("in-the-red")


@pytest.mark.parametrize("game", TABLE_GAMES)
def test_a_tables_cards_show_points_iff_its_game_gives_them(game: str) -> None:
    t = TableWidget(game=game, seed=3, auto=False)
    try:
        hand = [slot for slot in t.view.hand if "mm-empty" not in slot[0]]
        assert hand
        said = [tip for _cls, _text, tip in hand]
        assert all("points" in tip for tip in said) == scores(game), said  # hover and aria text
        assert any("points" in tip for tip in said) == scores(game), said
        names = t.view.names  # every card's name as the page says it (fans, piles, the last move)
        assert any(re.search(r"\bpoints?\b", n) for n in names.values()) == scores(game)
        css = t.game_css.value  # the presenter's css(): the points overlay, scoped by the game's class
        assert (BADGE_URI in css) == scores(game)
        assert f"mm-game-{game}" in t._dom_classes
        if scores(game):
            assert f".mm-game-{game} " in css
    finally:
        t.close()


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_a_games_lessons_show_points_iff_it_gives_them(game: str) -> None:
    tutorial = Tutorial(game=game)
    try:
        assert f"mm-game-{game}" in tutorial._dom_classes
        page = " ".join(str(getattr(w, "value", "")) for w in walk(tutorial))
        assert (BADGE_URI in page) == scores(game)  # the overlay: only under this game
        html, tips = [], []
        for spec in index.tutorial_lessons(game):
            lesson = spec.build()
            for w in walk(lesson):
                html.append(str(getattr(w, "value", "")))
                tips.append(str(getattr(w, "tooltip", "") or ""))
            close_all(lesson)
        text = " ".join(html)
        assert (BADGE_SVG in text) == scores(game)  # inline cards' badges
        assert bool(SPOKEN.search(text)) == scores(game)  # their hover text and spoken names
        assert not any(re.search(r"\bpoints?\b", tip) for tip in tips)  # card buttons: the stylesheet's badge
    finally:
        close_all(tutorial)


def glyph(ch: str) -> str:
    return GLYPHS[(ch, True)][1]


@pytest.mark.parametrize("joker", JOKERS, ids=str)
def test_a_joker_reads_joker_not_a_jack(joker: Card) -> None:
    for face in (card_svg(joker), card_body(joker)):
        counts = {ch: face.count(f'd="{glyph(ch)}"') for ch in "JOKER"}
        assert counts == dict.fromkeys("JOKER", 1), counts  # the word, once: no lone "J"
        assert "<polygon" in face  # the star
    label = re.search(r'aria-label="([^"]*)"', card_svg(joker))
    assert label is not None and "joker" in label[1] and "point" not in label[1]
    assert "%3Cpolygon" in card_data_uri(joker) or "<polygon" in card_data_uri(joker)
    jack = card_svg(Card.parse("JS"))
    assert jack.count(f'd="{glyph("J")}"') == 1 and f'd="{glyph("O")}"' not in jack
