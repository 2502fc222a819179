"""Which games have a tutorial and classroom tools, and where their lessons live: read from each game's
GameUI in the registry (``GameUI.lessons``, ``GameUI.classroom``), the lessons imported only when asked.

Kept apart from the lessons themselves so the home page, drawn by the server, can
ask without importing ipywidgets or any lesson. A game registered without lessons
simply has no tutorial yet: the home page offers Play only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mainmerah.core import registry

if TYPE_CHECKING:
    from mainmerah.pages.tutorial import LessonSpec


def _lessons_of(game: str) -> str | None:
    """``game``'s GameUI.lessons ("module:function"), None for an unknown game or one without lessons."""
    if game not in registry.games() or not registry.has_ui(game):
        return None
    return registry.ui(game).lessons


def has_tutorial(game: str) -> bool:
    return _lessons_of(game) is not None


def tutorial_lessons(game: str) -> list[LessonSpec]:
    """The lessons of ``game``'s tutorial (titles in the current language); KeyError if it has none."""
    target = _lessons_of(game)
    if target is None:
        raise KeyError(game)
    make: Callable[[], list[LessonSpec]] = registry.load(target)
    return make()


def load_all() -> None:
    """Import every tutorial's lessons now (a preheated kernel does it before its page arrives)."""
    for game in registry.games():
        target = _lessons_of(game)
        if target is not None:
            registry.load(target)
