"""The tutorial: lessons one at a time, a progress bar, Back and Next.

Each lesson is built the first time it is opened and then kept, so going back
and forth never loses what the learner did. A language switch (the options bar,
or ``mainmerah.i18n.set_language``) rebuilds the open lesson in the new language
and replays what the learner did into it (:meth:`Lesson.take_over`); the other
lessons already opened follow when they are opened again.

Each game with lessons has its own tutorial (``lessons/index.py``); the page
``tutorial.ipynb?game=chinese-ten&lang=id`` is :func:`tutorial_page`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as W

from ..core import registry
from ..i18n import _, on_language_change
from ..widgets.keeper import language_keeper
from ..widgets.options import header_bar
from . import index
from .lesson import Lesson, para
from .pages import DEFAULT_GAME, PageRequest, apply_language, home_href, parse_page_query, play_href, request_query
from .spec import LessonSpec
from .style import style_widget


def _weak(method: Callable[[], object]) -> Callable[[str], None]:
    """A language listener that calls ``method`` while its object lives (the listener list keeps no page alive)."""
    ref = weakref.WeakMethod(method)  # type: ignore[arg-type]

    def listener(_code: str) -> None:
        m = ref()
        if m is not None:
            m()

    return listener


class Tutorial(W.VBox):
    """Lessons with a progress indicator (``mm-progress``) and Back/Next (``mm-back``, ``mm-next``)."""

    def __init__(self, specs: Sequence[LessonSpec] | None = None, title: str | None = None, start: int = 0,
                 game: str = DEFAULT_GAME) -> None:
        self.game = game
        self._own_specs = specs is None  # the package's lessons: their titles can be asked again in a new language
        if specs is None:
            specs = index.tutorial_lessons(game)
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
        style = style_widget()
        super().__init__([style])
        self.heading, self.options, top = header_bar(self)  # the options bar needs the page's root: built after
        self.children = (style, top, bar, self.stage, nav)
        self.add_class("mm-lessons")
        self.add_class("mm-tutorial")
        self._relabel()
        self.go(start)
        on_language_change(_weak(self._language_changed))

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
            self.specs = index.tutorial_lessons(self.game)  # same lessons, titles in the new language
        self._stale = set(self.lessons)
        self._relabel()
        self.stage.children = [self.build(self.index)]
        self._refresh()

    def _relabel(self) -> None:
        title = self._title or _("Learn {game}").format(game=registry.get(self.game).title)
        self.heading.value = f"<h1 style='margin:4px 0'>{escape(title)}</h1>"
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


class PageLinks(W.HTML):
    """The links a lesson page shows above its content: play this game, all games (in the page's language)."""

    def __init__(self, game: str, play: bool = True) -> None:
        super().__init__()
        self.game = game
        self.play = play
        self.add_class("mm-page-links")
        self.relabel()
        on_language_change(_weak(self.relabel))

    def relabel(self) -> None:
        # The links carry the language shown now, so the next page opens in it too.
        title = registry.get(self.game).title
        links = [f'<a class="mm-home-link" href="{escape(home_href())}">{escape(_("◂ All games"))}</a>']
        if self.play:
            links.append(f'<a class="mm-play-link" href="{escape(play_href(self.game))}">'
                         f'{escape(_("Play {game} against the computer ▸").format(game=title))}</a>')
        # The widget's own box is not the links' parent: a row of our own lays them out.
        self.value = f'<nav class="mm-links-row">{"".join(links)}</nav>'


def problems_note(request: PageRequest) -> W.HTML:
    """What was wrong with the page's URL, in words (hidden when nothing was)."""
    note = W.HTML("".join(f"<p>{escape(p)}</p>" for p in request.problems))
    note.add_class("mm-page-note")
    if not request.problems:
        note.layout.display = "none"
    return note


def tutorial_page(query: str | None = None) -> W.VBox:
    """``tutorial.ipynb``: the tutorial of the game the page's URL asks for (``?game=``, ``?lang=``).

    No ``game``: Main Merah's. A game without lessons yet gets a note and its Play link; a bad value
    is named on the page and ignored. ``query`` None reads the page request (under Voila).
    """
    index.load_all()  # imports first: a preheated kernel does them before a page takes it
    query = request_query() if query is None else query
    apply_language(query)
    request = parse_page_query(query)
    parts: list[W.Widget] = [style_widget(), PageLinks(request.game), problems_note(request), language_keeper(query)]
    if index.has_tutorial(request.game):
        parts.append(Tutorial(game=request.game))
    else:
        title = registry.get(request.game).title
        soon = W.HTML(para(_("There is no lesson for {game} yet: the Play link above opens its table.").format(
            game=title)))
        soon.add_class("mm-no-lesson")
        parts.append(soon)
    page = W.VBox(parts)
    page.add_class("mm-tutorial-page")
    return page
