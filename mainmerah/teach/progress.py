"""A learner's progress through a tutorial: stars per task, mistakes, hints, what they did, time.

Plain data (no widgets), so a teacher's view can read it and the browser can keep it as JSON.
Stars say how a task was solved: 3 right first time, 2 after one mistake, 1 after more; each
rung of the hint ladder costs a star too, down to the one star every solved task earns.

What comes back from the browser is input like any other: :meth:`Progress.restore` checks the
record's shape and names (the game, lessons and tasks that exist, the types of every field) and
raises :class:`ProgressError` naming what is wrong. It cannot tell whether an answer was right:
the tutorial replays each task's log through the task itself, and compares (``Tutorial.restore``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.i18n import _

MAX_STARS = 3
RUNGS = 3  # the hint ladder: a nudge, the rule, the answer shown
MAX_LOG = 2000  # inputs kept per task: far above what a learner does (a whole coached game is ~60)
MAX_SECONDS = 30 * 24 * 3600.0
ARG_TYPES = (str, int)


class ProgressError(ValueError):
    """A progress record that cannot be used (the message says why)."""


def stars(mistakes: int, hints: int) -> int:
    """Stars for a solved task: one off per mistake (two at most) and per hint rung, never under 1."""
    return max(1, MAX_STARS - min(mistakes, MAX_STARS - 1) - hints)


Step = tuple[str, tuple[Any, ...]]  # one logged input: the task's method and its arguments


@dataclass
class TaskResult:
    """How one task went: solved or not, stars, each mistake's topic ("" when unknown), hints, the log, time."""

    solved: bool = False
    mistakes: list[str] = field(default_factory=list)
    hints: int = 0
    log: list[Step] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def stars(self) -> int:
        return stars(len(self.mistakes), self.hints) if self.solved else 0

    def record(self) -> dict[str, Any]:
        return {"solved": self.solved, "stars": self.stars, "mistakes": list(self.mistakes), "hints": self.hints,
                "log": [[name, *args] for name, args in self.log], "seconds": round(self.seconds, 1)}

    def better_than(self, other: TaskResult | None) -> bool:
        return other is None or (self.stars, -self.seconds) > (other.stars, -other.seconds)


@dataclass
class Progress:
    """Per lesson key, per task key: this attempt's results, and the best result of any attempt."""

    game: str
    lesson: str = ""  # the lesson open now
    tasks: dict[str, dict[str, TaskResult]] = field(default_factory=dict)
    best: dict[str, dict[str, TaskResult]] = field(default_factory=dict)
    # Per lesson key, the learner's choices there (Lesson.settings: lesson 6's pace), checked by the lesson.
    settings: dict[str, dict[str, Any]] = field(default_factory=dict)

    def update(self, lesson: str, task: str, result: TaskResult) -> None:
        """This attempt's ``result``; the best is kept (a better solved attempt replaces it)."""
        self.tasks.setdefault(lesson, {})[task] = result
        kept = self.best.get(lesson, {}).get(task)
        if result.solved and result.better_than(kept):
            self.best.setdefault(lesson, {})[task] = result

    def earned(self, lesson: str) -> int:
        """The stars earned in ``lesson``, counting each task's best attempt."""
        return sum(r.stars for r in self.best.get(lesson, {}).values())

    def record(self) -> dict[str, Any]:
        """JSON-able: what the browser keeps and a teacher's view reads."""
        def side(d: dict[str, dict[str, TaskResult]]) -> dict[str, Any]:
            return {lk: {tk: r.record() for tk, r in ts.items()} for lk, ts in d.items()}

        return {"game": self.game, "lesson": self.lesson, "tasks": side(self.tasks), "best": side(self.best),
                "settings": {lk: dict(v) for lk, v in self.settings.items() if v}}

    @classmethod
    def restore(cls, record: object, game: str, lessons: Mapping[str, Sequence[str]]) -> Progress:
        """A progress read back from ``record``; ``lessons`` maps each lesson key to its task keys.

        Raises :class:`ProgressError` for anything that is not a record of this game's lessons.
        """
        if not isinstance(record, dict):
            raise ProgressError(_("the progress record is not a mapping"))
        if record.get("game") != game:
            raise ProgressError(_("the progress record is for {found}, not {wanted}").format(
                found=str(record.get("game"))[:40], wanted=game))
        lesson = record.get("lesson", "")
        if not isinstance(lesson, str) or (lesson and lesson not in lessons):
            raise ProgressError(_("the progress record names a lesson that does not exist: {key}").format(
                key=str(lesson)[:40]))
        progress = cls(game, lesson)
        for name in ("tasks", "best"):
            side = record.get(name, {})
            if not isinstance(side, dict):
                raise ProgressError(_("the progress record's {part} is not a mapping").format(part=name))
            for lk, ts in side.items():
                if lk not in lessons:
                    raise ProgressError(_("the progress record names a lesson that does not exist: {key}").format(
                        key=str(lk)[:40]))
                if not isinstance(ts, dict):
                    raise ProgressError(_("the progress record's lesson {key} is not a mapping").format(key=lk))
                for tk, r in ts.items():
                    if tk not in lessons[lk]:
                        raise ProgressError(_("the progress record names a task that does not exist: "
                                              "{lesson}/{key}").format(lesson=lk, key=str(tk)[:40]))
                    getattr(progress, name).setdefault(lk, {})[tk] = result_from(r, f"{lk}/{tk}")
        settings = record.get("settings", {})
        if not isinstance(settings, dict):
            raise ProgressError(_("the progress record's {part} is not a mapping").format(part="settings"))
        for lk, values in settings.items():
            if lk not in lessons:
                raise ProgressError(_("the progress record names a lesson that does not exist: {key}").format(
                    key=str(lk)[:40]))
            if (not isinstance(values, dict) or len(values) > 16
                    or not all(isinstance(k, str) and type(v) in (int, float, str, bool)
                               and (type(v) is not str or len(v) <= 40) for k, v in values.items())):
                raise ProgressError(_("the progress record's settings of {key} are not names and values").format(
                    key=lk))
            progress.settings[lk] = dict(values)  # the lesson itself checks each (Lesson.apply_settings)
        return progress


def result_from(r: object, where: str) -> TaskResult:
    """One task's result from a record, every field's type checked (``where`` names it in errors)."""
    def bad(part: str) -> ProgressError:
        return ProgressError(_("the progress record's task {where} has a bad {part}").format(where=where, part=part))

    if not isinstance(r, dict):
        raise bad("entry")
    solved, mistakes, hints, log, seconds = (r.get(k) for k in ("solved", "mistakes", "hints", "log", "seconds"))
    if type(solved) is not bool:
        raise bad("solved")
    if not isinstance(mistakes, list) or not all(isinstance(m, str) and len(m) <= 40 for m in mistakes):
        raise bad("mistakes")
    if type(hints) is not int or not 0 <= hints <= RUNGS:
        raise bad("hints")
    if not isinstance(seconds, (int, float)) or type(seconds) is bool or not 0 <= seconds <= MAX_SECONDS:
        raise bad("seconds")
    if not isinstance(log, list) or len(log) > MAX_LOG:
        raise bad("log")
    steps: list[Step] = []
    for step in log:
        if (not isinstance(step, list) or not step or not isinstance(step[0], str)
                or not all(type(a) in ARG_TYPES for a in step[1:]) or len(step) > 4):
            raise bad("log")
        steps.append((step[0], tuple(step[1:])))
    result = TaskResult(solved, list(mistakes), hints, steps, float(seconds))
    if "stars" in r and r["stars"] != result.stars:
        raise bad("stars")
    return result
