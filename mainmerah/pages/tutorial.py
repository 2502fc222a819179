"""The tutorial: lessons one at a time, a progress bar, Back and Next.

Each lesson is built the first time it is opened and then kept, so going back
and forth never loses what the learner did. A language switch (the options bar,
or ``mainmerah.core.i18n.set_language``) rebuilds the open lesson in the new language
and replays what the learner did into it (:meth:`Lesson.take_over`); the other
lessons already opened follow when they are opened again.

Each game with lessons has its own tutorial (``lessons/index.py``); the page
``tutorial.ipynb?game=<name>&lang=id`` is :func:`tutorial_page`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import _, on_language_change
from mainmerah.pages.home import (
    apply_language,
    default_game,
    parse_page_query,
    play_href,
    query_language,
    request_query,
)
from mainmerah.pages.parts import PageLinks, problems_note, puzzle_games, weak_listener
from mainmerah.pages.puzzles import PuzzlesPage
from mainmerah.pages.puzzles import kept_key as puzzles_key
from mainmerah.table.keeper import LANG_KEY, Keeper, KeptError, Records, follow_language, pack, unpack
from mainmerah.table.keeper import key as keeper_key
from mainmerah.table.options import header_bar
from mainmerah.table.style import game_points_css
from mainmerah.teach import index
from mainmerah.teach.lesson import Lesson, close_all, para, tables_in
from mainmerah.teach.practice import Practice, keep_practice, practice_key, today
from mainmerah.teach.practice import check_record as check_practice
from mainmerah.teach.practice_panel import PracticePanel
from mainmerah.teach.progress import Progress, TaskResult
from mainmerah.teach.spec import LessonSpec
from mainmerah.teach.student import STUDENT_KEY, attach_student, solved_per_level
from mainmerah.teach.style import style_widget


class Tutorial(W.VBox):
    """Lessons with a map (``mm-progress``: each lesson's stars, any lesson a click away) and Back/Next.

    :meth:`progress` is the learner's :class:`~.progress.Progress` (a teacher's view reads it).
    With ``puzzles`` (a game that has them: Main Merah, Chinese Ten) the lessons share the page
    with a Puzzles tab, the game's :class:`~.puzzles_page.PuzzlesPage`, built when first opened;
    :meth:`on_puzzles` tells a listener how many are solved per level.
    Given a :class:`~..widgets.keeper.Keeper` holding :func:`kept_key`, the tutorial keeps its
    progress in the browser after every input, and restores it when the page has answered: each
    task's log is replayed through the task itself, so a record can only replay legal answers;
    one that does not replay to what it claims is refused, named on the page, and changes nothing.
    """

    def __init__(self, specs: Sequence[LessonSpec] | None = None, title: str | None = None, start: int = 0,
                 game: str | None = None, keeper: Keeper | None = None, puzzles: bool = False) -> None:
        game = game or default_game()
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
        self._progress = Progress(game)
        self.keeper = keeper
        self.index = -1
        self.puzzles: PuzzlesPage | None = None  # the Puzzles tab's page, built when the tab is first opened
        self.practice: PracticePanel | None = None  # the Practice tab's panel, built when the tab is first opened
        # Lessons replaced by a rebuild, closed once the page shows the new one (never a blank stage between).
        self._retired: list[tuple[Lesson, list[W.Widget]]] = []
        self._puzzle_listeners: list[Callable[[dict[str, int]], object]] = []
        self._practice_listeners: list[Callable[[dict[str, int]], object]] = []
        self.steps: list[W.Button] = []
        for i in range(len(self.specs)):
            b = W.Button(layout=W.Layout(width="auto", height="auto"))
            b.add_class("mm-progress-step")
            b.add_class(f"mm-progress-{i + 1}")
            b.on_click(lambda _b, i=i: self.go(i))
            self.steps.append(b)
        self.map_title = W.HTML()
        self.map_title.add_class("mm-map-title")
        bar = W.Box(self.steps)
        bar.add_class("mm-progress")
        bar.add_class("mm-map")
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
        self.loading = W.HTML()
        self.loading.add_class("mm-loading")
        self.note = W.HTML()  # what happened to the kept progress (refused, restored)
        self.note.add_class("mm-kept-note")
        self.note.layout.display = "none"
        # Start over: forget everything, after a confirmation.
        self.over_button = W.Button(layout=W.Layout(width="auto"))
        self.over_button.add_class("mm-start-over")
        self.over_button.on_click(lambda _b: self._ask_start_over())
        self.over_yes = W.Button(button_style="danger", layout=W.Layout(width="auto"))
        self.over_yes.add_class("mm-start-over-yes")
        self.over_yes.on_click(lambda _b: self.start_over())
        self.over_no = W.Button(layout=W.Layout(width="auto"))
        self.over_no.add_class("mm-start-over-no")
        self.over_no.on_click(lambda _b: self._confirm(False))
        self.over_text = W.HTML()
        self.confirm_box = W.Box([self.over_text, self.over_yes, self.over_no])
        self.confirm_box.add_class("mm-confirm")
        self.confirm_box.layout.display = "none"
        self.retry_button = W.Button(layout=W.Layout(width="auto"))
        self.retry_button.add_class("mm-retry")
        self.retry_button.on_click(lambda _b: self.retry())
        nav = W.Box([self.back, self.next, self.progress_text])
        nav.add_class("mm-nav")
        tools = W.Box([self.retry_button, self.over_button, self.confirm_box])
        tools.add_class("mm-nav")
        tools.add_class("mm-tutorial-tools")
        style = style_widget()
        super().__init__([style])
        self.heading, self.options, top = header_bar(self)  # the options bar needs the page's root: built after
        lessons = W.VBox([self.map_title, bar, self.note, self.stage, nav, tools])
        lessons.add_class("mm-lessons-tab")
        self.tabs: W.Tab | None = None
        self.puzzles_box = W.VBox([])
        self.puzzles_box.add_class("mm-puzzles-tab")
        self.practice_box = W.VBox([])
        self.practice_box.add_class("mm-practice-tab")
        # The tabs this tutorial shows: the lessons; the puzzles of a game that has them; your practice.
        self.tab_names: tuple[str, ...] = ("lessons",)
        if puzzles:
            self.tab_names = ("lessons", "puzzles", "practice") if game in puzzle_games() else ("lessons", "practice")
            boxes = {"lessons": lessons, "puzzles": self.puzzles_box, "practice": self.practice_box}
            self.tabs = W.Tab([boxes[t] for t in self.tab_names])
            self.tabs.add_class("mm-tutorial-tabs")
            self.tabs.add_class("mm-tabs")
            self.tabs.observe(lambda _ch: self._tab_chosen(), "selected_index")
        # Its cards' points (badges) only under its own game's class: none for a game whose cards carry none.
        # Lessons that need another player count say the points in their own words (Chinese Ten's black Aces).
        points = W.HTML(game_points_css(game, min(registry.get(game).players)), layout=W.Layout(display="none"))
        points.add_class("mm-style")
        parts: list[W.Widget] = [style, points, top, self.tabs or lessons]
        if keeper is not None:
            parts.append(keeper)
        self.children = tuple(parts)
        self.add_class("mm-lessons")
        self.add_class("mm-tutorial")
        self.add_class(f"mm-game-{game}")
        self._relabel()
        self.go(start)
        on_language_change(weak_listener(self._language_changed))
        if keeper is not None:
            keeper.when_restored(self._restored)

    # ----- the Puzzles tab ------------------------------------------------------------------------
    @property
    def tab(self) -> str:
        """The tab shown: "lessons", "puzzles" or "practice"."""
        if self.tabs is None or self.tabs.selected_index is None:
            return "lessons"
        return self.tab_names[self.tabs.selected_index]

    def show_tab(self, name: str) -> None:
        """Show the lessons, the puzzles or the practice (a tab this tutorial has not: nothing changes)."""
        if name not in TABS:
            raise ValueError(f"a tutorial's tab is one of {', '.join(TABS)}, not {name!r}")
        if self.tabs is not None and name in self.tab_names:
            self.tabs.selected_index = self.tab_names.index(name)  # observed: _tab_chosen

    def _tab_chosen(self) -> None:
        if self.tab == "practice" and self.practice is None:
            self.practice_box.children = [self.loading]
            self.practice = PracticePanel(self.game, self.keeper)
            self.practice_box.children = [self.practice]
        if self.tab == "puzzles" and self.puzzles is None:
            self.puzzles_box.children = [self.loading]  # a sign of life at once, as for a lesson
            self.puzzles = PuzzlesPage(self.game, self.keeper, header=False, games=(self.game,))
            self.puzzles.counter.observe(lambda _ch: self._puzzles_changed(), "value")  # redrawn after each answer
            self.puzzles.on_solved(self._puzzles_changed)  # solved again (kept as solved): the counter is unchanged
            self.puzzles_box.children = [self.puzzles]
            self._puzzles_changed()
        self._keep_tab()

    def on_puzzles(self, callback: Callable[[dict[str, int]], object]) -> None:
        """Call ``callback(solved)`` (puzzle level "1".."3" -> puzzles solved) whenever that may have changed."""
        self._puzzle_listeners.append(callback)

    def on_practice(self, callback: Callable[[dict[str, int]], object]) -> None:
        """Call ``callback(themes)`` (theme id -> exercises kept for Practice) once the browser's practice is read."""
        self._practice_listeners.append(callback)

    def _keep_practice(self, lesson: Lesson) -> None:
        """A guided game's review feeds Practice as the play page's does (each table once)."""
        if self.keeper is not None:
            for table, _box in tables_in(lesson):
                keep_practice(table, self.keeper, after=self._practice_kept)

    def _practice_kept(self, practice: Practice) -> None:
        """A review in a guided game kept new mistakes: the Practice tab reads them, the teacher's counts follow."""
        if self.practice is not None and self.keeper is not None and self.keeper.records is not None:
            self.practice.reread(self.keeper.records)
        themes = practice.themes()
        for cb in list(self._practice_listeners):
            cb(themes)

    def _practice_restored(self, records: Records) -> None:
        text = records.get(practice_key(self.game))
        if text is None or not self._practice_listeners:
            return
        try:
            themes = check_practice(text, self.game, today()).themes()
        except KeptError:
            return  # (the Practice tab names it when opened)
        for cb in list(self._practice_listeners):
            cb(themes)

    def _puzzles_changed(self, solved: dict[str, int] | None = None) -> None:
        if solved is None:
            if self.puzzles is None:
                return
            solved = solved_per_level(self.puzzles.seen[self.game], self.game)  # solved here, not as kept
        for cb in list(self._puzzle_listeners):
            cb(solved)

    def _keep_tab(self) -> None:
        if self.keeper is not None and self.tabs is not None:
            self.keeper.store(tab_key(self.game), pack(TAB_KIND, VERSION, {"tab": self.tab}))

    def _restore_tab(self, records: Records) -> None:
        """The tab and the puzzles solved that the browser kept (each refused alone if it is wrong)."""
        if self.tabs is None:
            return
        text = records.get(tab_key(self.game))
        if text:
            try:
                tab = unpack(text, TAB_KIND, VERSION).get("tab")
                if tab not in self.tab_names:
                    raise KeptError(_("the kept tab {tab!r} is not one of {tabs}").format(
                        tab=str(tab)[:40], tabs=", ".join(self.tab_names)))
            except KeptError as e:
                self._say(_("The tab kept in this browser could not be used, so nothing was changed: {why}.").format(
                    why=e))
                return
            self.show_tab(str(tab))

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def progress(self) -> Progress:
        """The learner's progress: per lesson and task, stars, mistakes, hints, what they did, time."""
        return self._progress

    def build(self, i: int) -> Lesson:
        old = self.lessons.get(i)
        if old is None or i in self._stale:
            lesson = self._fresh(i)
            if old is not None:
                lesson.take_over(old)  # the same lesson in the new language, everything done in it done again
                self._retired.append((old, [table for table, _box in tables_in(lesson)]))  # its tables moved over
            self.lessons[i] = lesson
            self._stale.discard(i)
        return self.lessons[i]

    def _fresh(self, i: int) -> Lesson:
        lesson = self.specs[i].build()
        lesson.offer_hints()
        self._keep_practice(lesson)

        def changed(_lesson: Lesson) -> None:
            self._lesson_changed(i)

        lesson.on_change(changed)
        if i == len(self.specs) - 1:
            lesson.set_end_link(self._end_link())
        return lesson

    def _end_link(self) -> str:
        title = _(registry.get(self.game).title)
        return (f'<p><a class="mm-end-play" href="{escape(play_href(self.game))}">'
                f'{escape(_("Play {game} against the computer ▸").format(game=title))}</a></p>')

    def _language_changed(self) -> None:
        if self._own_specs:
            self.specs = index.tutorial_lessons(self.game)  # same lessons, titles in the new language
        self._stale = set(self.lessons)
        self._relabel()
        self.stage.children = [self.build(self.index)]
        self._close_retired()
        self._refresh()

    def _relabel(self) -> None:
        title = self._title or _("Learn {game}").format(game=_(registry.get(self.game).title))
        self.heading.value = f"<h1 style='margin:4px 0'>{escape(title)}</h1>"
        self.map_title.value = f"<b>{escape(_('Lessons: choose any one'))}</b>"
        if self.tabs is not None:
            titles = {"lessons": _("Lessons"), "puzzles": _("Puzzles: find the best card"),
                      "practice": _("Practice: your mistakes")}
            for i, t in enumerate(self.tab_names):
                self.tabs.set_title(i, titles[t])
        if self.practice is not None:
            self.practice.relabel()
        self.back.description = _("◀ Previous lesson")
        self.next.description = _("Next lesson ▶")
        self.loading.value = f"<p>⏳ {escape(_('Opening the lesson…'))}</p>"
        self.over_button.description = _("Start over")
        self.over_text.value = escape(_("Forget every answer and star in this tutorial?"))
        self.over_yes.description = _("Yes, start over")
        self.over_no.description = _("Cancel")
        self.retry_button.description = _("Try this lesson again")
        for lesson in self.lessons.values():
            if lesson is self.lessons.get(len(self.specs) - 1):
                lesson.set_end_link(self._end_link())

    def go(self, i: int) -> None:
        """Open lesson ``i`` (0-based); out-of-range requests are ignored."""
        if not 0 <= i < len(self.specs) or i == self.index:
            return
        self.index = i
        if i not in self.lessons or i in self._stale:
            self.stage.children = [self.loading]  # a sign of life at once: building a lesson takes a moment
        self.stage.children = [self.build(i)]
        self._close_retired()
        self._progress.lesson = self.specs[i].key
        self._refresh()
        self._keep()

    def _close_retired(self) -> None:
        while self._retired:
            lesson, keep = self._retired.pop()
            close_all(lesson, keep=keep)

    def retry(self) -> None:
        """Do the open lesson again from the start; the best stars of each task are kept."""
        old = self.lessons[self.index]
        self.lessons[self.index] = self._fresh(self.index)
        self.stage.children = [self.lessons[self.index]]
        close_all(old)
        self._lesson_changed(self.index)

    def _lesson_changed(self, i: int) -> None:
        lesson = self.lessons.get(i)
        if lesson is None:
            return
        self._keep_practice(lesson)  # (a table a task shows once done, e.g. a coached game's, at the table)
        for t in lesson.tasks:
            self._progress.update(lesson.key, t.key, t.result())
        if lesson.settings:
            self._progress.settings[lesson.key] = lesson.setting_values()
        self._refresh()
        self._keep()

    def _refresh(self) -> None:
        n = len(self.specs)
        for i, b in enumerate(self.steps):
            key = self.specs[i].key
            lesson = self.lessons.get(i)
            got = self._progress.earned(key)
            tasks = len(lesson.tasks) if lesson is not None else len(self._progress.tasks.get(key, {}))
            solved = (lesson.done_count if lesson is not None
                      else sum(r.solved for r in self._progress.tasks.get(key, {}).values()))
            done = bool(tasks) and solved == tasks
            line = (_("★ {got} of {of} · {done}/{n} tasks").format(got=got, of=3 * tasks, done=solved, n=tasks)
                    if tasks else _("not started"))
            b.description = ("✓ " if done else "") + f"{i + 1}. {self.specs[i].title}\n{line}"
            b.tooltip = f"{self.specs[i].title}: {line}"
            b.button_style = "success" if done else ""
            for cls, on in (("mm-current", i == self.index), ("mm-done", done)):
                (b.add_class if on else b.remove_class)(cls)
        lesson = self.lesson
        self.progress_text.value = escape(_("Lesson {i} of {n}: {done} of {tasks} tasks done").format(
            i=self.index + 1, n=n, done=lesson.done_count, tasks=len(lesson.tasks)))
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == n - 1
        self.retry_button.layout.display = "" if lesson.done_count else "none"

    # ----- kept in the browser ---------------------------------------------------------------
    def _keep(self) -> None:
        if self.keeper is not None:
            self.keeper.store(kept_key(self.game), pack(KIND, VERSION, self._progress.record()))

    def _restored(self, records: Records) -> None:
        text = records.get(kept_key(self.game))
        if text:
            try:
                self.restore(unpack(text, KIND, VERSION))
            except (KeptError, ValueError) as e:
                self._say(_("Your kept progress could not be used, so nothing was changed: {why}.").format(why=e))
        self._keep()
        self._restore_tab(records)
        self._practice_restored(records)

    def _say(self, text: str) -> None:
        self.note.value = f"<p>{escape(text)}</p>"
        self.note.layout.display = "" if text else "none"

    def restore(self, record: object) -> None:
        """Become the tutorial ``record`` describes, or raise ValueError naming what is wrong, changing nothing.

        Every lesson the record has started is built afresh and each task replays its log; the
        replay must reach the recorded verdict (solved, stars), and each task's best attempt must
        replay to its stars too.
        """
        keys = {spec.key: i for i, spec in enumerate(self.specs)}
        built: dict[int, Lesson] = {}

        # Task keys are known once a lesson is built: build those the record names (the others: no tasks).
        names: dict[str, list[str]] = {k: [] for k in keys}
        sides = [record.get(s) for s in ("tasks", "best", "settings")] if isinstance(record, dict) else []
        for lk in {k for side in sides if isinstance(side, dict) for k in side if k in keys}:
            built[keys[lk]] = self._fresh(keys[lk])
            names[lk] = [t.key for t in built[keys[lk]].tasks]
        try:
            progress = Progress.restore(record, self.game, names)
            for lk, results in progress.tasks.items():
                replay_lesson(built[keys[lk]], results)
            for lk, values in progress.settings.items():
                built[keys[lk]].apply_settings(values)
            for lk, results in progress.best.items():
                current = progress.tasks.get(lk, {})
                differs = {tk: r for tk, r in results.items() if current.get(tk) is None or r.log != current[tk].log}
                if differs:  # a better attempt before a retry: it must replay to its stars as well
                    scratch = self._fresh(keys[lk])
                    try:
                        replay_lesson(scratch, differs, in_order=False)
                    finally:
                        close_all(scratch)
        except Exception:
            for lesson in built.values():
                close_all(lesson)  # refused: what was built to check it goes
            raise
        # Everything replayed as recorded: only now does the tutorial change.
        for i, lesson in built.items():
            if i in self.lessons:
                self._retired.append((self.lessons[i], []))
            self.lessons[i] = lesson
        self._stale -= set(built)
        self._progress = progress
        for i in built:
            self._lesson_changed(i)
        target = keys.get(progress.lesson, self.index)
        self.index = -1
        self.go(target)  # shows the restored lesson, then closes the ones it replaced
        self._say(_("Welcome back: your answers and stars are as you left them.") if progress.tasks else "")

    def _ask_start_over(self) -> None:
        self._confirm(True)

    def _confirm(self, on: bool) -> None:
        self.confirm_box.layout.display = "" if on else "none"
        self.over_button.layout.display = "none" if on else ""

    def start_over(self) -> None:
        """Forget every answer, star and game of this tutorial (here and in the browser); back to lesson 1."""
        old = list(self.lessons.values())
        self.lessons = {}
        self._stale = set()
        self._progress = Progress(self.game)
        self._confirm(False)
        if self.keeper is not None:
            self.keeper.forget(kept_key(self.game))
        self.index = -1
        self.go(0)
        for lesson in old:
            close_all(lesson)


KIND, VERSION = "tutorial", 1
TAB_KIND = "tutorial-tab"
TABS = ("lessons", "puzzles", "practice")


def kept_key(game: str) -> str:
    """Where the browser keeps ``game``'s tutorial progress."""
    return keeper_key("tutorial", game)


def tab_key(game: str) -> str:
    """Where the browser keeps which tab of ``game``'s tutorial was shown."""
    return keeper_key(TAB_KIND, game)


def replay_lesson(lesson: Lesson, results: dict[str, TaskResult], in_order: bool = True) -> None:
    """Replay each task's recorded log into ``lesson`` (fresh); ValueError unless each reaches its record."""
    for i, t in enumerate(lesson.tasks):
        r = results.get(t.key)
        if r is None:
            continue
        if in_order and i and not lesson.tasks[i - 1].solved and r.log:
            raise ValueError(_("the task {key} was answered before the one it follows was solved").format(key=t.key))
        try:
            t.replay(r.log)
        except Exception as e:  # a forged log: whatever the task refused, the record is refused
            raise ValueError(str(e) or type(e).__name__) from None
        if t.solved != r.solved or t.stars != r.stars:
            raise ValueError(_("the task {key} does not replay to what the record says (solved: {solved}, "
                               "{stars} stars)").format(key=t.key, solved=r.solved, stars=r.stars))
        t.seconds = r.seconds


def tutorial_page(query: str | None = None) -> W.VBox:
    """``tutorial.ipynb``: the tutorial of the game the page's URL asks for (``?game=``, ``?lang=``).

    No ``game``: Main Merah's. A game without lessons yet gets a note and its Play link; a bad value
    is named on the page and ignored. ``query`` None reads the page request (under Voila).
    """
    index.load_all()  # imports first: a preheated kernel does them before a page takes it
    query = request_query() if query is None else query
    apply_language(query)
    request = parse_page_query(query)
    parts: list[W.Widget] = [style_widget(), PageLinks(request.game), problems_note(request)]
    if index.has_tutorial(request.game):
        keys = [kept_key(request.game), LANG_KEY, STUDENT_KEY, tab_key(request.game), practice_key(request.game)]
        if request.game in puzzle_games():
            keys += [puzzles_key(request.game)]
        keeper = Keeper(keys)
        follow_language(keeper, chosen_by_url=query_language(query) is not None)
        parts.append(Tutorial(game=request.game, keeper=keeper, puzzles=True))
    else:
        title = registry.get(request.game).title
        soon = W.HTML(para(_("There is no lesson for {game} yet: the Play link above opens its table.").format(
            game=title)))
        soon.add_class("mm-no-lesson")
        parts.append(soon)
    page = W.VBox(parts)
    page.add_class("mm-tutorial-page")
    if isinstance(parts[-1], Tutorial):
        attach_student(page, parts[-1])  # on make serve-class: the name box, and progress to the teacher
    return page
