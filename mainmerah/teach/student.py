"""On ``make serve-class``: the student's optional nickname, and their progress written for the teacher.

:func:`attach_student` is the tutorial page's one line: when the server has a class
(``classfolder.class_folder()``) it adds :class:`StudentName` above the lessons and a
:class:`Reporter` that writes this session's progress to the class folder after every
change the tutorial reports. Without a class it does nothing at all: no widget, no file.

The name is never needed to play. Whatever is typed is checked (``check_nickname``) and
only ever shown escaped; the file's name is the kernel's own random session id.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import _, on_language_change
from mainmerah.table.keeper import Keeper, KeptError, Records, key, pack, unpack
from mainmerah.teach.classfolder import (
    SESSION,
    RecordError,
    check_nickname,
    class_folder,
    make_record,
    new_session,
    write_record,
)

log = logging.getLogger(__name__)


def fallback_progress(tutorial: Any, seconds: float) -> dict[str, Any]:
    """Progress read from the lessons themselves, for a tutorial without ``progress()`` (until it lands):
    which tasks are solved, each solved one counted three stars; mistakes are not known here."""
    lessons: dict[str, Any] = {}
    for i, lesson in sorted(getattr(tutorial, "lessons", {}).items()):
        tasks = {task.key or f"task-{n + 1}": {"stars": 3 if task.solved else 0, "mistakes": 0, "rules": {},
                                               "hints": 0, "seconds": 0.0, "solved": task.solved}
                 for n, task in enumerate(lesson.tasks)}
        lessons[lesson.key or f"lesson-{i + 1}"] = {"title": lesson.title[:120], "tasks": tasks}
    return {"game": tutorial.game, "lessons": lessons, "seconds": seconds}


def from_lessons_record(record: dict[str, Any], titles: dict[str, str]) -> dict[str, Any]:
    """The contract's shape from a ``lessons.progress.Progress.record()`` (each task's current attempt in
    ``tasks``, its best in ``best``, mistakes as a list of topics): stars from the best attempt, mistakes and
    time from the current one (where the student is now), lessons in the tutorial's order."""
    current, best = record.get("tasks") or {}, record.get("best") or {}
    if not isinstance(current, dict) or not isinstance(best, dict):
        raise RecordError(_("{where}: {what}").format(where="progress", what=_("expected a mapping")))
    order = {key: i for i, key in enumerate(titles)}
    lessons: dict[str, Any] = {}
    for lk in sorted({*current, *best}, key=lambda k: (order.get(k, len(order)), str(k))):
        now, top = current.get(lk) or {}, best.get(lk) or {}
        tasks = {}
        for tk in [*now, *(k for k in top if k not in now)]:
            attempt, kept = now.get(tk) or top.get(tk) or {}, top.get(tk) or {}
            topics = attempt.get("mistakes", [])
            topics = topics if isinstance(topics, list) else []
            rules: dict[str, int] = {}
            for topic in topics:
                if isinstance(topic, str) and topic:
                    rules[topic] = rules.get(topic, 0) + 1
            tasks[tk] = {"stars": max(attempt.get("stars", 0), kept.get("stars", 0)), "mistakes": len(topics),
                         "rules": rules, "hints": attempt.get("hints", 0), "seconds": attempt.get("seconds", 0.0),
                         "solved": bool(attempt.get("solved") or kept.get("solved"))}
        lessons[lk] = {"title": titles.get(lk, str(lk))[:120], "tasks": tasks}
    seconds = sum(t["seconds"] for lesson in lessons.values() for t in lesson["tasks"].values()
                  if isinstance(t["seconds"], int | float))
    return {"game": record.get("game"), "lessons": lessons, "seconds": seconds}


class Reporter:
    """Writes one session's progress to the class folder: at once, then after each change it is told of."""

    def __init__(self, folder: Path, tutorial: Any, session: str | None = None, answered: bool = True) -> None:
        self.folder = folder
        self.tutorial = tutorial
        self.session = session or new_session()
        self.name = ""
        self.browser = ""  # the browser's kept id (see StudentName): its nameless sessions are one student
        self.puzzles: dict[str, int] = {}  # puzzle level -> solved; the Puzzles page fills it (set_puzzles)
        self.themes: dict[str, int] = {}  # the themes of the mistakes kept for Practice (set_themes)
        self.started = time.monotonic()
        self.error: str | None = None  # the last write's failure, if any (the student's page is not bothered)
        # On a page, nothing is written before a browser answered (its Keeper): a plain GET of the page, with no
        # browser behind it, must not add a row to the teacher's table (the attach_* give False; StudentName sets it).
        self.answered = answered
        self._last: dict[str, Any] | None = None
        self._followed: weakref.WeakSet[Any] = weakref.WeakSet()  # lessons whose changes reach write()

    def progress(self) -> dict[str, Any]:
        """The tutorial's progress in the contract's shape (``classfolder.check_progress`` checks it)."""
        get = getattr(self.tutorial, "progress", None)
        if not callable(get):
            return fallback_progress(self.tutorial, time.monotonic() - self.started)
        result = get()
        if isinstance(result, dict) and "lessons" in result:
            return result  # already the contract's shape
        record = result.record() if callable(getattr(result, "record", None)) else result
        if not isinstance(record, dict):
            raise RecordError(_("{where}: {what}").format(where="progress", what=_("expected a mapping")))
        titles = {spec.key: spec.title for spec in getattr(self.tutorial, "specs", [])}
        return from_lessons_record(record, titles)

    def set_name(self, name: str) -> None:
        self.name = name
        self.write()

    def set_puzzles(self, solved: dict[str, int]) -> None:
        self.puzzles = dict(solved)
        self.write()

    def set_themes(self, counts: dict[str, int]) -> None:
        self.themes = dict(counts)
        self.write()

    def write(self, *_args: object) -> None:
        """Write the record now (a listener: any arguments are ignored). Never raises into the tutorial."""
        if not self.answered:
            return
        try:
            record = make_record(self.session, self.name, self.progress(), self.puzzles, browser=self.browser,
                                 themes=self.themes)
            body = {**record.to_json(), "updated": 0}
            if body == self._last:
                return  # nothing new for the teacher
            write_record(self.folder, record)
            self._last, self.error = body, None
        except Exception as e:  # noqa: BLE001 - the teacher's copy may fail; the student's lesson must not
            self.error = str(e) or type(e).__name__
            log.warning("class folder: progress not written: %s", self.error)

    def failed(self) -> bool:
        """Whether the last write failed."""
        return self.error is not None

    def listen(self) -> None:
        """Be told of every change: the tutorial's listeners when it has them, else each lesson's."""
        for name in ("on_progress", "on_change"):
            hook: Callable[[Callable[..., None]], object] | None = getattr(self.tutorial, name, None)
            if callable(hook):
                hook(self.write)
                return
        # Without them: every lesson the tutorial builds (it shows each on its stage), after the tutorial's own
        # listener has taken the change in (registered first), and its progress line (a lesson opened).
        stage = getattr(self.tutorial, "stage", None)
        if stage is not None:
            stage.observe(self._follow_lessons, "children")
            self._follow_lessons()
        text = getattr(self.tutorial, "progress_text", None)
        if text is not None:
            text.observe(self.write, "value")

    def _follow_lessons(self, *_args: object) -> None:
        for lesson in list(getattr(self.tutorial, "lessons", {}).values()):
            if lesson not in self._followed and callable(getattr(lesson, "on_change", None)):
                self._followed.add(lesson)
                lesson.on_change(self.write)


# One row that wraps on a phone; the status keeps a line of its own reserved, so the lessons
# below never move when it appears.
STYLE = """
.mm-student { margin: 2px 0 8px; max-width: 980px; }
.mm-student-row { flex-flow: row wrap; align-items: center; gap: 4px 10px; padding: 6px 10px;
  border: 1px solid #e0d6ce; border-radius: 8px; background: #fffaf6; }
.mm-student-row .widget-html { margin: 0; }
.mm-student-status { min-height: 1.6em; min-width: 12em; flex: 1 1 16em; }
.mm-student-bad { color: #b71c1c; }
.mm-student-ok { color: #1b5e20; }
"""


# What the browser keeps for the class: its own id and the name last saved, so a reload (or the next page)
# is the same student for the teacher, named as before.
KIND, VERSION = "student", 1
STUDENT_KEY = key(KIND)


def read_student(text: object) -> tuple[str, str]:
    """The kept (browser id, name); anything wrong raises :class:`KeptError` naming it."""
    body = unpack(text, KIND, VERSION)
    browser, name = body.get("browser"), body.get("name", "")
    if not isinstance(browser, str) or not SESSION.fullmatch(browser):
        raise KeptError(_("the kept browser id is not 16 hexadecimal digits"))
    if not isinstance(name, str):
        raise KeptError(_("A name must be text."))
    try:
        return browser, check_nickname(name) if name else ""
    except RecordError as e:
        raise KeptError(str(e)) from None


class StudentName(W.VBox):
    """"Your name for the teacher (optional)": a text box, Save, and what the teacher now sees.

    Given the page's :class:`Keeper` holding :data:`STUDENT_KEY`, the browser keeps its id and the name:
    when the page has answered, the reporter takes them (a kept name is shown and saved again).
    """

    def __init__(self, reporter: Reporter | PuzzleReporter, keeper: Keeper | None = None) -> None:
        self.reporter = reporter
        self.keeper = keeper if keeper is not None and STUDENT_KEY in keeper.kept_keys else None
        self.label = W.HTML()
        self.text = W.Text(layout=W.Layout(width="220px"))
        self.text.add_class("mm-student-name")
        self.save = W.Button(layout=W.Layout(width="auto"))
        self.save.add_class("mm-student-save")
        self.save.on_click(lambda _b: self.submit())
        self.status = W.HTML()
        self.status.add_class("mm-student-status")
        self._said: tuple[str, str] = ("", "")  # (kind, name): rebuilt in a new language
        row = W.HBox([self.label, self.text, self.save, self.status])
        row.add_class("mm-student-row")
        super().__init__([W.HTML(f"<style>{STYLE}</style>"), row])
        self.add_class("mm-student")
        self.relabel()
        ref = weakref.ref(self)  # the language's listener list must not keep a closed page alive

        def relabel(_code: str) -> None:
            me = ref()
            if me is not None:
                me.relabel()

        on_language_change(relabel)
        if self.keeper is not None:
            self.keeper.when_restored(self._restored)
        else:
            reporter.answered = True  # no keeper to answer: written at once, as before

    def _restored(self, records: Records) -> None:
        self.reporter.answered = True  # a browser drew the page: from now on its progress is written
        browser, name = "", ""
        text = records.get(STUDENT_KEY)
        if text:
            try:
                browser, name = read_student(text)
            except KeptError as e:
                self._said = ("bad", "")
                message = _("The name kept in this browser could not be used: {why}.").format(why=e)
                self.status.value = f'<span class="mm-student-bad">{escape(message)}</span>'
        self.reporter.browser = browser or new_session()
        if name and not self.reporter.name and not self.text.value.strip():
            self.submit(name)  # shown, saved for the teacher and kept again
        else:
            self.reporter.write()  # the arrival's record, now with the browser's id
            self._store()

    def _store(self) -> None:
        if self.keeper is not None and self.reporter.browser:
            self.keeper.store(STUDENT_KEY, pack(KIND, VERSION, {"browser": self.reporter.browser,
                                                                "name": self.reporter.name}))

    def submit(self, value: str | None = None) -> None:
        """Check the typed name; a bad one is named and changes nothing."""
        if value is not None:
            self.text.value = value
        if not self.text.value.strip() and not self.reporter.name:
            self._say("empty", "")
            return
        try:
            name = check_nickname(self.text.value) if self.text.value.strip() else ""
        except RecordError as e:
            self._said = ("bad", "")
            self.status.value = f'<span class="mm-student-bad">{escape(str(e))}</span>'
            return
        self.reporter.set_name(name)
        self.text.value = name
        self._store()
        if self.reporter.failed():  # a full disk, a folder gone: the teacher does not see it
            self._say("unsaved", name)
            return
        self._say("saved" if name else "removed", name)

    def _say(self, kind: str, name: str) -> None:
        self._said = (kind, name)
        if kind == "saved":
            text = _("Your teacher sees your progress as {name}.").format(name=name)
        elif kind == "removed":
            text = _("Name removed: your teacher sees your progress without a name.")
        elif kind == "empty":
            text = _("Type a name or a nickname first (or just play: a name is optional).")
        elif kind == "unsaved":
            text = _("Your name could not be saved for your teacher (the server could not write the record). "
                     "Go on playing, and tell your teacher.")
        else:
            return
        ok = kind in ("saved", "removed")
        self.status.value = f'<span class="mm-student-{"ok" if ok else "bad"}">{escape(text)}</span>'

    def relabel(self) -> None:
        self.label.value = (f"<b>{escape(_('Your name for the teacher'))}</b> "
                            f"<span>{escape(_('(optional: you can play without one)'))}</span>")
        self.text.placeholder = _("name or nickname")
        self.save.description = _("Save name")
        kind, name = self._said
        if kind in ("saved", "removed", "empty", "unsaved"):
            self._say(kind, name)
        elif kind == "bad":
            self.status.value = ""


class PageWithoutLessons:
    """What a reporter reads from a page that has no lessons (the Puzzles page): the game and the time."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.started = time.monotonic()

    def progress(self) -> dict[str, Any]:
        return {"game": self.game, "lessons": {}, "seconds": time.monotonic() - self.started}


def report_practice(keeper: Keeper, game: str) -> Callable[[Any], None] | None:
    """On a server with a class, for a page without lessons (the play page): ``after`` for
    :func:`~.practice.keep_practice`, which writes the themes of the student's kept mistakes for the teacher as soon
    as a review keeps new ones (as the tutorial sends them when it opens), under the browser's kept id and name
    (``keeper`` holds :data:`STUDENT_KEY`; a browser that has none is given an id, kept for its next pages).
    Elsewhere None."""
    folder = class_folder()
    if folder is None:
        return None
    reporter = Reporter(folder, PageWithoutLessons(game))

    def kept(practice: Any) -> None:
        text = (keeper.records or {}).get(STUDENT_KEY)
        try:
            browser, name = read_student(text) if text else ("", "")
        except KeptError:
            browser, name = "", ""
        if not browser:
            browser = reporter.browser or new_session()
            keeper.store(STUDENT_KEY, pack(KIND, VERSION, {"browser": browser, "name": name}))
        reporter.browser, reporter.name = browser, name
        reporter.set_themes(practice.themes())

    return kept


def solved_per_level(solved: dict[str, int], game: str) -> dict[str, int]:
    """Puzzle id -> stars, as puzzle level -> puzzles solved (ids the package does not ship are ignored).

    The puzzles are ``game``'s own (its ``GameUI.puzzles``, through the registry); a game without is refused."""
    found = registry.puzzles(game)
    if found is None:
        raise ValueError(_("{game} has no puzzles").format(game=_(registry.get(game).title)))
    levels = {p.id: p.level for p in found}
    out: dict[str, int] = {}
    for pid in solved:
        if pid in levels:
            out[str(levels[pid])] = out.get(str(levels[pid]), 0) + 1
    return out


class PuzzleReporter:
    """The Puzzles page's solved puzzles per level, one record per game the student has worked on (each its
    own session: the teacher's table joins them to the student's lessons by name)."""

    def __init__(self, folder: Path, page: Any, answered: bool = True) -> None:
        self.folder = folder
        self.page = page  # pages.puzzles.PuzzlesPage: .game, .seen {game: {puzzle id: stars}} solved here
        self.name = ""
        self.browser = ""
        self.answered = answered  # as Reporter's
        self.reporters: dict[str, Reporter] = {}

    def write(self, *_args: object) -> None:
        if not self.answered:
            return
        # What this kernel saw solved (``seen``), never what the browser says it kept.
        for game, solved in dict(getattr(self.page, "seen", {})).items():
            if not solved and game != self.page.game and game not in self.reporters:
                continue  # a game not touched on this page: no record for it
            reporter = self.reporters.get(game)
            if reporter is None:
                reporter = self.reporters[game] = Reporter(self.folder, PageWithoutLessons(game))
            reporter.name, reporter.browser, reporter.answered = self.name, self.browser, True
            reporter.puzzles = solved_per_level(solved, game) if isinstance(solved, dict) else {}
            reporter.write()

    def set_name(self, name: str) -> None:
        self.name = name
        self.write()

    def failed(self) -> bool:
        """Whether the last write of any game's record failed."""
        return any(r.failed() for r in self.reporters.values())


def attach_puzzles(page: W.Box, puzzles: Any) -> PuzzleReporter | None:
    """On a server with a class: the name box above the Puzzles page ``puzzles`` (in ``page``) and its solved
    puzzles per level reported after each change of its counter line. Elsewhere nothing (None)."""
    folder = class_folder()
    if folder is None:
        return None
    reporter = PuzzleReporter(folder, puzzles, answered=False)  # StudentName says when a browser answered
    children = list(page.children)
    where = children.index(puzzles) if puzzles in children else len(children)
    page.children = (*children[:where], StudentName(reporter, getattr(puzzles, "keeper", None)), *children[where:])
    counter = getattr(puzzles, "counter", None)
    if counter is not None:
        counter.observe(reporter.write, "value")  # redrawn after each answer, each puzzle opened, the restore
    on_solved = getattr(puzzles, "on_solved", None)
    if callable(on_solved):
        on_solved(reporter.write)  # a puzzle the browser kept as solved, solved here: the counter is unchanged
    reporter.write()
    return reporter


def attach_student(page: W.Box, tutorial: Any) -> Reporter | None:
    """On a server with a class: the name box above ``tutorial`` in ``page`` and its progress reported.

    Elsewhere nothing happens (None). The tutorial page calls this once it has its Tutorial.
    """
    folder = class_folder()
    if folder is None:
        return None
    reporter = Reporter(folder, tutorial, answered=False)  # StudentName says when a browser answered
    box = StudentName(reporter, getattr(tutorial, "keeper", None))
    children = list(page.children)
    where = children.index(tutorial) if tutorial in children else len(children)
    page.children = (*children[:where], box, *children[where:])
    reporter.listen()
    on_puzzles = getattr(tutorial, "on_puzzles", None)
    if callable(on_puzzles):
        on_puzzles(reporter.set_puzzles)  # the tutorial's Puzzles tab: solved per level, in the same record
    on_practice = getattr(tutorial, "on_practice", None)
    if callable(on_practice):
        on_practice(reporter.set_themes)  # the themes of the student's kept mistakes (Practice), for the teacher
    reporter.write()  # the teacher sees the student arrive (once a browser answered: StudentName writes then)
    return reporter
