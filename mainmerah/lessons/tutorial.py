"""The tutorial: lessons one at a time, a progress bar, Back and Next.

Each lesson is built the first time it is opened and then kept, so going back
and forth never loses what the learner did. A language switch (the options bar,
or ``mainmerah.i18n.set_language``) rebuilds the open lesson in the new language
and replays what the learner did into it (:meth:`Lesson.take_over`); the other
lessons already opened follow when they are opened again.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from html import escape

import ipywidgets as W

from ..i18n import _, on_language_change
from ..widgets.options import header_bar
from .lesson import Lesson
from .spec import LessonSpec
from .style import style_widget


class Tutorial(W.VBox):
    """Lessons with a progress indicator (``mm-progress``) and Back/Next (``mm-back``, ``mm-next``)."""

    def __init__(self, specs: Sequence[LessonSpec] | None = None, title: str | None = None, start: int = 0) -> None:
        self._own_specs = specs is None  # the package's lessons: their titles can be asked again in a new language
        if specs is None:
            from .content import tutorial_lessons

            specs = tutorial_lessons()
        self.specs = list(specs)
        self._title = title
        if not self.specs:
            raise ValueError("a tutorial needs at least one lesson")
        self.lessons: dict[int, Lesson] = {}
        self._stale: set[int] = set()  # built in a language no longer shown: rebuilt when opened
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
        self.back = W.Button(layout=W.Layout(width="auto"))
        self.back.add_class("mm-back")
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.next = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.next.add_class("mm-next")
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.stage = W.VBox([])
        self.stage.add_class("mm-stage")
        nav = W.Box([self.back, self.next, self.progress_text])
        nav.add_class("mm-nav")
        super().__init__([style_widget()])
        self.heading, self.options, top = header_bar(self)
        self.children = (*self.children, top, bar, self.stage, nav)  # type: ignore[has-type]
        self.add_class("mm-lessons")
        self.add_class("mm-tutorial")
        self._relabel()
        self.go(start)
        ref = weakref.WeakMethod(self._language_changed)
        on_language_change(lambda _code: (m := ref()) is not None and m())

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def build(self, i: int) -> Lesson:
        old = self.lessons.get(i)
        if old is None or i in self._stale:
            lesson = self.specs[i].build()
            if old is not None:
                lesson.take_over(old)  # the same lesson in the new language, everything done in it done again
            lesson.on_change(lambda _l: self._refresh())
            self.lessons[i] = lesson
            self._stale.discard(i)
        return self.lessons[i]

    def _language_changed(self) -> None:
        if self._own_specs:
            from .content import tutorial_lessons

            self.specs = tutorial_lessons()  # same lessons, titles in the new language
        self._stale = set(self.lessons)
        self._relabel()
        self.stage.children = [self.build(self.index)]
        self._refresh()

    def _relabel(self) -> None:
        self.heading.value = f"<h1 style='margin:4px 0'>{escape(self._title or _('Learn Main Merah'))}</h1>"
        self.back.description = _("◀ Back")
        self.next.description = _("Next ▶")

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
