"""The classroom page (``classroom.ipynb``): a game's tools for a teacher in front of a class.

The page is the frame only: the links above, the note on its URL, the language, which game's
classroom (``?game=``, one of those whose ``GameUI.classroom`` names its tools), the browser's
keeping (:mod:`.kept_classroom`) and the printable sheets below. The tools themselves (deal
codes, a position editor, exercises, save and replay for the fishing games) are the game's
own, found through the registry.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import on_language_change
from mainmerah.pages.home import apply_language, parse_page_query, query_language, request_query
from mainmerah.pages.kept_classroom import ClassroomKeeping, KeptRoom, classroom_key
from mainmerah.pages.parts import PageLinks, problems_note, weak_listener
from mainmerah.table.keeper import LANG_KEY, Keeper, follow_language


def classroom_games() -> list[str]:
    """The games with classroom tools, in the registry's order."""
    return registry.games_with("classroom")


def classroom(game: str, seed: int | None = None) -> Any:
    """``game``'s classroom tools (a widget, see :class:`.kept_classroom.KeptRoom`); refused for a game without."""
    target = registry.ui(game).classroom if registry.get(game).ui is not None else None
    if target is None:
        raise ValueError(f"no classroom for {game!r}: choose one of {', '.join(classroom_games())}")
    return registry.load(target)(seed=seed, game=registry.get(game).name)


def classroom_page(query: str | None = None) -> W.VBox:
    """``classroom.ipynb``: the classroom of the game the page's URL asks for (``?game=``, ``?lang=``).

    No ``game``: the first game's; a game without a classroom, or a bad value, is named on the page and ignored.
    """
    from mainmerah.pages.sheets_panel import SheetsPanel

    query = request_query() if query is None else query
    apply_language(query)
    request = parse_page_query(query, games=classroom_games())
    room = classroom(request.game)
    keep_classroom(room, query)
    page = W.VBox([PageLinks(request.game), problems_note(request), room, SheetsPanel(request.game)])
    page.add_class("mm-classroom-page")
    return page


def keep_classroom(room: KeptRoom, query: str) -> ClassroomKeeping:
    """Keep ``room`` in the browser and the language from page to page (``?lang=`` in ``query`` wins)."""
    keeper = Keeper([classroom_key(room.game), LANG_KEY])
    follow_language(keeper, query_language(query) is not None)
    keeping = ClassroomKeeping(room, keeper)
    room.kept_area.children = [keeping.box, keeper]
    on_language_change(weak_listener(keeping.relabel))
    room.keeping = keeping
    return keeping


__all__ = ["classroom", "classroom_games", "classroom_page", "keep_classroom"]
