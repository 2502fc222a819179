"""Which games have a tutorial, and where its lessons live (imported only when asked).

Kept apart from the lessons themselves so the home page, drawn by the server, can
ask without importing ipywidgets or any lesson. A game registered without an entry
here simply has no tutorial yet: the home page offers Play only.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mainmerah.pages.tutorial import LessonSpec

# game name (as in mainmerah.core.registry) -> module whose tutorial_lessons() lists its lessons
TUTORIALS: dict[str, str] = {
    "main-merah": "mainmerah.families.fishing.ui.lessons.main_merah",
    "chinese-ten": "mainmerah.families.fishing.ui.lessons.chinese_ten",
    "red-ten": "mainmerah.families.red_ten.ui.lessons",
    "in-the-red": "mainmerah.families.in_the_red.ui.lessons",
}


def has_tutorial(game: str) -> bool:
    return game in TUTORIALS


def tutorial_lessons(game: str) -> list[LessonSpec]:
    """The lessons of ``game``'s tutorial (titles in the current language); KeyError if it has none."""
    specs: list[LessonSpec] = import_module(TUTORIALS[game]).tutorial_lessons()
    return specs


def load_all() -> None:
    """Import every tutorial's lessons now (a preheated kernel does it before its page arrives)."""
    for module in TUTORIALS.values():
        import_module(module)


# Games the classroom page can deal, practise and replay (the fishing games: the same tools fit them),
# each with the engine rulesets its deal codes and position editor offer, the default first.
CLASSROOMS: dict[str, tuple[str, ...]] = {
    "main-merah": ("classic", "cardgames", "jb"),
    "chinese-ten": ("chinese-ten",),
}
