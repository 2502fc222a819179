"""A lesson's entry in a tutorial: key, title and builder (apart: content and tutorial need not import each other)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mainmerah.teach.lesson import Lesson


@dataclass(frozen=True)
class LessonSpec:
    """A lesson's name and how to build it (building may deal games, so it waits until needed)."""

    key: str
    title: str
    build: Callable[[], Lesson]
