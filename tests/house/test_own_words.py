"""Every game is first-class: nothing a game's table or tutorial shows names another game, in every language.

Each registered game's table is played to its end (its tally shown) and its tutorial opened; every word the two
show (test_language_switch.texts: values, labels, tooltips, the board's parts) is read in each language, and no
other game's title may be among them (its own must be). The one exception is the rule book's own: Chinese Ten is
Main Merah's cousin, and its lessons say how the two differ."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from played import play_to_the_end
from test_language_switch import texts

from mainmerah.core import registry
from mainmerah.core.i18n import LANGUAGES, _, set_language
from mainmerah.pages.tutorial import Tutorial
from mainmerah.table import TableWidget
from mainmerah.table.presenter import table_games

# Who may name whom: Chinese Ten's lessons and sheet compare it with Main Merah (chinese-ten.md: "Main Merah's
# cousin"); no other game names another.
MAY_NAME = {("chinese-ten", "main-merah")}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def pages(game: str) -> list[object]:
    """``game``'s table played to its end (its tally shown), and its tutorial if it has lessons."""
    table = TableWidget(game=game, seed=random.Random(game).randrange(1000), bots="random", auto=False)
    play_to_the_end(table)
    return [table, *([Tutorial(game=game)] if registry.ui(game).lessons is not None else [])]


@pytest.mark.parametrize("game", table_games())
def test_a_games_pages_name_no_other_game(game: str) -> None:
    shown = pages(game)
    for lang in LANGUAGES:
        set_language(lang)  # (the pages' words follow the language live)
        words = " ".join(v for page in shown for v in texts(page).values())  # type: ignore[arg-type]
        others = {o: _(registry.get(o).title) for o in registry.games() if o != game and (game, o) not in MAY_NAME}
        named = {o: title for o, title in others.items() if title in words}
        assert not named, f"{game} in {lang} names {named}"
        assert _(registry.get(game).title) in words, f"{game} in {lang} does not name itself"
