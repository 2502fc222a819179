"""The tutorial: lessons one at a time, a progress bar, Back and Next.

Each lesson is built the first time it is opened and then kept, so going back
and forth never loses what the learner did.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as W

from ..i18n import _
from .lesson import Lesson
from .style import style_widget


@dataclass(frozen=True)
class LessonSpec:
    """A lesson's name and how to build it (building may deal games, so it waits until needed)."""

    key: str
    title: str
    build: Callable[[], Lesson]


class Tutorial(W.VBox):
    """Lessons with a progress indicator (``mm-progress``) and Back/Next (``mm-back``, ``mm-next``)."""

    def __init__(self, specs: Sequence[LessonSpec] | None = None, title: str | None = None, start: int = 0) -> None:
        if specs is None:
            from .content import tutorial_lessons

            specs = tutorial_lessons()
        self.specs = list(specs)
        if not self.specs:
            raise ValueError("a tutorial needs at least one lesson")
        self.lessons: dict[int, Lesson] = {}
        self.index = -1
        self.steps: list[W.Button] = []
        for i, spec in enumerate(self.specs):
            b = W.Button(description=f"{i + 1}. {spec.title}", layout=W.Layout(width="auto"))
            b.add_class("mm-progress-step")
            b.add_class(f"mm-progress-{i + 1}")
            b.on_click(lambda _b, i=i: self.go(i))
            self.steps.append(b)
        bar = W.Box(self.steps)
        bar.add_class("mm-progress")
        self.progress_text = W.HTML()
        self.progress_text.add_class("mm-progress-text")
        self.back = W.Button(description=_("◀ Back"), layout=W.Layout(width="auto"))
        self.back.add_class("mm-back")
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.next = W.Button(description=_("Next ▶"), button_style="primary", layout=W.Layout(width="auto"))
        self.next.add_class("mm-next")
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.stage = W.VBox([])
        self.stage.add_class("mm-stage")
        nav = W.Box([self.back, self.next, self.progress_text])
        nav.add_class("mm-nav")
        heading = W.HTML(f"<h1 style='margin:4px 0'>{escape(title or _('Learn Main Merah'))}</h1>")
        super().__init__([style_widget(), heading, bar, self.stage, nav])
        self.add_class("mm-lessons")
        self.add_class("mm-tutorial")
        self.go(start)

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def build(self, i: int) -> Lesson:
        if i not in self.lessons:
            lesson = self.specs[i].build()
            lesson.on_change(lambda _l: self._refresh())
            self.lessons[i] = lesson
        return self.lessons[i]

    def go(self, i: int) -> None:
        """Open lesson ``i`` (0-based); out-of-range requests are ignored."""
        if not 0 <= i < len(self.specs) or i == self.index:
            return
        self.index = i
        self.stage.children = [self.build(i)]
        self._refresh()

    def _refresh(self) -> None:
        n = len(self.specs)
        for i, b in enumerate(self.steps):
            done = i in self.lessons and self.lessons[i].solved
            b.description = ("✓ " if done else "") + f"{i + 1}. {self.specs[i].title}"
            b.button_style = "success" if done else ""
            for cls, on in (("mm-current", i == self.index), ("mm-done", done)):
                (b.add_class if on else b.remove_class)(cls)
        lesson = self.lesson
        self.progress_text.value = escape(_("Lesson {i} of {n}: {done} of {tasks} tasks done").format(
            i=self.index + 1, n=n, done=lesson.done_count, tasks=len(lesson.tasks)))
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == n - 1
