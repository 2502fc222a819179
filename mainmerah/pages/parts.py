"""Parts every lesson page shares: the links above it, the note on its URL, a language listener that lets go,
and which games have what (classroom tools, a lab, puzzles), asked of the registry.

Kept apart from the pages themselves (tutorial, puzzles, classroom, lab) so that one page
can hold another (the tutorial's Puzzles tab) without the two importing each other.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import _, on_language_change
from mainmerah.pages.home import PageRequest, home_href, page_href, play_href


def puzzle_games() -> list[str]:
    """The games with proven puzzles."""
    return registry.games_with("puzzles")


def game_puzzles(game: str, level: int | None = None) -> list[Any]:
    """The puzzles ``game`` ships (its ``GameUI.puzzles``), all levels or one; refused for a game without."""
    name = str(game).strip().lower()
    games = puzzle_games()
    found = registry.puzzles(name, level) if name in games else None
    if found is None:
        raise ValueError(_("there are puzzles for {games}, not for {game!r}").format(
            games=", ".join(games), game=game))
    return found


def weak_listener(method: Callable[[], object]) -> Callable[[str], None]:
    """A language listener that calls ``method`` while its object lives (the listener list keeps no page alive)."""
    ref = weakref.WeakMethod(method)  # type: ignore[arg-type]

    def listener(_code: str) -> None:
        m = ref()
        if m is not None:
            m()

    return listener


class PageLinks(W.HTML):
    """The links a lesson page shows above its content: play this game, all games (in the page's language)."""

    def __init__(self, game: str, play: bool = True, puzzles: bool = False) -> None:
        super().__init__()
        self.game = game
        self.play = play
        self.puzzles = puzzles and game in puzzle_games()
        self.add_class("mm-page-links")
        self.relabel()
        on_language_change(weak_listener(self.relabel))

    def relabel(self) -> None:
        # The links carry the language shown now, so the next page opens in it too.
        title = _(registry.get(self.game).title)
        links = [f'<a class="mm-home-link" href="{escape(home_href())}">{escape(_("◂ All games"))}</a>']
        if self.play:
            links.append(f'<a class="mm-play-link" href="{escape(play_href(self.game))}">'
                         f'{escape(_("Play {game} against the computer ▸").format(game=title))}</a>')
        if self.puzzles:
            links.append(f'<a class="mm-puzzles-link" href="{escape(page_href("puzzles.ipynb", self.game))}">'
                         f'{escape(_("Puzzles: find the best card ▸"))}</a>')
        # The widget's own box is not the links' parent: a row of our own lays them out.
        self.value = f'<nav class="mm-links-row">{"".join(links)}</nav>'


def problems_note(request: PageRequest) -> W.HTML:
    """What was wrong with the page's URL, in words (hidden when nothing was)."""
    note = W.HTML("".join(f"<p>{escape(p)}</p>" for p in request.problems))
    note.add_class("mm-page-note")
    if not request.problems:
        note.layout.display = "none"
    return note
