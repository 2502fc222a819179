"""The Puzzles page's game buttons say the games' names in the language shown, switched live, and the switch
keeps the game and the puzzle shown (the buttons' new labels are not a visitor's choice)."""

from __future__ import annotations

from mainmerah.core import registry
from mainmerah.core.i18n import _, set_language
from mainmerah.pages.parts import puzzle_games
from mainmerah.pages.puzzles import PuzzlesPage


def labels(page: PuzzlesPage) -> list[str]:
    return [label for label, _value in page.game_choice.options]


def test_game_buttons_follow_a_live_language_switch() -> None:
    games = puzzle_games()
    assert len(games) >= 2
    english = [registry.get(g).title for g in games]
    page = PuzzlesPage(game=games[1])
    assert labels(page) == english
    shown = page.puzzle.id
    set_language("zh")
    chinese = [_(t) for t in english]
    assert labels(page) == chinese and set(chinese).isdisjoint(english)
    assert page.game_choice.value == page.game == games[1] and page.puzzle.id == shown
    page.game_choice.value = games[0]  # a visitor's click still chooses
    assert page.game == games[0] and page.puzzle.game == games[0]
    set_language("id")
    assert labels(page) == [_(t) for t in english] and page.game == games[0]
    set_language("en")
    assert labels(page) == english and page.game_choice.value == games[0]
