"""Practice: your mistakes come back. Each reviewed mistake becomes an exercise kept in the browser, served again
on a Leitner schedule, grouped by theme.

An exercise is the position as the seat had it, rebuilt deterministically: the game's own save file cut at that
decision (the deal and every decision before it, replayed through the rules on return), the seat, what it played,
the better action the review found and the mistake's theme (``GameInfo.themes``). Nothing judged is kept: when an
exercise is served, its decision is judged again from the seat's view (:func:`mainmerah.core.review.judge`, the
review's own way, seeded by the exercise), and the answer is judged by that (``Moment.verdict``).

The schedule counts **days** (the kernel's calendar, UTC): three boxes, due again 1, 3 and 7 days after an answer.
A new mistake starts in box 1, due at once; a right answer (as good as the best within what the deals can tell
apart) moves it up a box, a wrong one back to box 1. A right answer in box 3 keeps it there (due again in 7 days).

The record (``key("practice", game)``) comes back from the page like any input: :func:`check_record` refuses a
forged or edited one with the reason (a save that does not replay, an action that is not legal there, a theme the
game's engine does not give that mistake, a box or date out of range, an id that is not the exercise's), and a
refused record changes nothing.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mainmerah.core import registry
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.review import Moment, Review, judge, position, themes_of
from mainmerah.table.keeper import KeptError, key, pack, unpack

KIND, VERSION = "practice", 1
INTERVALS = {1: 1, 2: 3, 3: 7}  # box -> days until an exercise in it is due again
BOXES = tuple(INTERVALS)
MAX_EXERCISES = 60  # kept per game: the newest (a mistake made again replaces its old exercise)
WORLDS = 40  # as the review
LEAST = 0.5  # points: a loss smaller than this (or than twice its spread) is a right answer


def practice_key(game: str) -> str:
    """Where the browser keeps ``game``'s exercises."""
    return key(KIND, game)


def today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


@dataclass(frozen=True)
class Exercise:
    """One mistake to practise: the position (a save file of the game up to the decision), the seat, what was
    played and what was better, the theme; its Leitner box and the day it is due."""

    id: str
    game: str
    save: str
    seat: int
    played: str
    better: str
    theme: str
    box: int = 1
    due: dt.date = dt.date.min

    def position(self) -> Any:
        """The position, replayed by the engine from its save file (a new game each time)."""
        return registry.load_game(self.save)

    def judged(self, worlds: int = WORLDS, level: str = "greedy") -> Moment:
        """The decision judged again from the seat's view, the review's way, seeded by the exercise."""
        before = self.position()
        info = registry.get(self.game)
        rng = random.Random(int(self.id, 16))
        best, loss, spread, gain, used, answers = judge(info, before, self.seat, self.played, worlds, level, rng)
        return Moment(len(before.choices), self.seat, self.played, best, loss, spread, gain, used, len(answers),
                      answers, (self.theme,))

    def answered(self, right: bool, on: dt.date) -> Exercise:
        """The exercise after an answer on ``on``: up a box if right (box 3 stays), back to box 1 if wrong."""
        box = min(self.box + 1, BOXES[-1]) if right else BOXES[0]
        return replace(self, box=box, due=on + dt.timedelta(days=INTERVALS[box]))

    def body(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "save": self.save, "seat": self.seat, "played": self.played,
                "better": self.better, "theme": self.theme, "box": self.box, "due": self.due.isoformat()}


def exercise_id(save: str, seat: int) -> str:
    """The exercise's id: the position and the seat's (the same mistake made again is the same exercise)."""
    return hashlib.sha256(f"{seat}\n{save}".encode()).hexdigest()[:16]


def right_answer(m: Moment, action: str, least: float = LEAST) -> bool:
    """Whether ``action`` at ``m``'s decision is right: the best found, or within what the deals tell apart."""
    o = m.answer(action)
    return o is not None and (action == m.better or not o.mistake(least))


def exercises_of(review: Review, game: Any, on: dt.date, at: Callable[[int], Any] | None = None) -> list[Exercise]:
    """Each real mistake of ``review`` (of ``game``) as a new exercise, box 1, due ``on``. ``at(step)``: the
    position kept for decision ``step`` (by default ``game``'s own; a pass-and-play table gives one dealt from the
    seat's view, whose theme is then the engine's there)."""
    out = []
    info = registry.get(review.game)
    for m in review.moments:
        if m.theme is None:
            continue
        before = position(game, m.step) if at is None else at(m.step)
        theme = m.theme
        if at is not None:
            there = themes_of(info, before, m.action, m.better)
            theme = theme if theme in there or not there else there[0]
        save = before.to_json()
        out.append(Exercise(exercise_id(save, m.seat), review.game, save, m.seat, m.action, m.better, theme,
                            BOXES[0], on))
    return out


@dataclass(frozen=True)
class Practice:
    """One game's exercises, as kept."""

    game: str
    exercises: tuple[Exercise, ...] = ()

    def add(self, new: Iterable[Exercise]) -> Practice:
        """With ``new`` added (one already kept is replaced: the mistake made again starts over in box 1)."""
        fresh = list(new)
        ids = {e.id for e in fresh}
        kept = [e for e in self.exercises if e.id not in ids] + fresh
        return replace(self, exercises=tuple(kept[-MAX_EXERCISES:]))

    def due(self, on: dt.date) -> list[Exercise]:
        """The exercises due on ``on``, grouped by theme (the game's order of themes), the lowest box first."""
        order = list(registry.get(self.game).theme_names)
        due = [e for e in self.exercises if e.due <= on]
        return sorted(due, key=lambda e: (order.index(e.theme) if e.theme in order else len(order), e.box, e.due))

    def answer(self, exercise_id: str, right: bool, on: dt.date) -> Practice:
        return replace(self, exercises=tuple(e.answered(right, on) if e.id == exercise_id else e
                                             for e in self.exercises))

    def next_due(self) -> dt.date | None:
        return min((e.due for e in self.exercises), default=None)

    def themes(self) -> dict[str, int]:
        """How many exercises each theme has (the most frequent first): what this player's mistakes are about."""
        counts: dict[str, int] = {}
        for e in self.exercises:
            counts[e.theme] = counts.get(e.theme, 0) + 1
        return dict(sorted(counts.items(), key=lambda kv: -kv[1]))

    def record(self) -> str:
        return pack(KIND, VERSION, {"game": self.game, "exercises": [e.body() for e in self.exercises]})


def check_record(text: object, game: str, on: dt.date) -> Practice:
    """A kept practice record of ``game``, checked through the engine; anything wrong raises KeptError."""
    body = unpack(text, KIND, VERSION)
    if body.get("game") != game:
        raise KeptError(_("the kept practice is of another game ({found})").format(found=str(body.get("game"))[:40]))
    raw = body.get("exercises")
    if not isinstance(raw, list) or len(raw) > MAX_EXERCISES:
        raise KeptError(_("the kept practice has no list of exercises (at most {n})").format(n=MAX_EXERCISES))
    return Practice(game, tuple(check_exercise(x, game, on, i + 1) for i, x in enumerate(raw)))


def check_exercise(raw: object, game: str, on: dt.date, n: int = 1) -> Exercise:
    """One kept exercise, checked: its position replays, the actions are legal there, the engine gives that
    mistake that theme, its box and due day are possible, its id is its position's."""
    def bad(why: str) -> KeptError:
        return KeptError(_("exercise {n}: {why}").format(n=n, why=why))

    if not isinstance(raw, dict):
        raise bad(_("not an exercise"))
    fields = ("id", "game", "save", "seat", "played", "better", "theme", "box", "due")
    if any(f not in raw for f in fields):
        raise bad(_("a field is missing"))
    save, seat, played, better, theme, box = (raw[f] for f in ("save", "seat", "played", "better", "theme", "box"))
    if raw["game"] != game or not isinstance(save, str) or type(seat) is not int or type(box) is not int:
        raise bad(_("a field has the wrong type"))
    if not all(isinstance(x, str) for x in (played, better, theme, raw["id"], raw["due"])):
        raise bad(_("a field has the wrong type"))
    if raw["id"] != exercise_id(save, seat):
        raise bad(_("its id is not its position's"))
    try:
        before = registry.load_game(save)
    except Exception as e:  # noqa: BLE001 - whatever the engine refused, the record is refused
        raise bad(_("its position does not replay ({why})").format(why=str(e)[:200])) from None
    if before.game_name != game:
        raise bad(_("its position is of another game"))
    d = before.decision
    if d is None or d.seat != seat:
        raise bad(_("it is not seat {seat}'s decision there").format(seat=seat))
    legal = before.legal_actions()
    if played not in legal or better not in legal or played == better:
        raise bad(_("what it says was played, or was better, is not a legal action there"))
    if theme not in themes_of(registry.get(game), before, played, better):
        raise bad(_("the engine does not give that mistake the theme {theme!r}").format(theme=theme[:40]))
    if box not in BOXES:
        raise bad(_("no box {box}").format(box=box))
    try:
        due = dt.date.fromisoformat(raw["due"])
    except ValueError:
        raise bad(_("its due day is not a date")) from None
    if due > on + dt.timedelta(days=INTERVALS[box]):
        raise bad(_("it is due later than its box allows"))
    return Exercise(raw["id"], game, save, seat, played, better, theme, box, due)


def merged(kept: object, game: str, new: Sequence[Exercise], on: dt.date) -> tuple[Practice, str | None]:
    """The practice with ``new`` added to what is ``kept`` (None: nothing), and why the kept one was refused
    (None: it was not). A refused record is replaced by the new exercises alone."""
    if kept is None:
        return Practice(game).add(new), None
    try:
        return check_record(kept, game, on).add(new), None
    except KeptError as e:
        return Practice(game).add(new), str(e)


def keep_practice(table: Any, keeper: Any, on: Callable[[], dt.date] = today,
                  after: Callable[[Practice], object] | None = None) -> None:
    """At a table (the play page's, a shared table's, a tutorial's guided game): each review of a finished game
    adds its mistakes to the game's kept practice (``keeper`` holds :func:`practice_key`), and the review says so
    (or why the kept practice was replaced); ``after(practice)`` is then told (the tutorial: its Practice tab and
    the teacher's counts of themes). A table is kept once (a lesson rebuilt in another language keeps its tables)."""
    if getattr(table, "practice_kept", False):
        return
    table.practice_kept = True
    game = table.presenter.game_name
    where = practice_key(game)

    def reviewed(review: Review, played: Any) -> None:
        if keeper.records is None or review.game != game:
            return  # the page has not answered: storing now would overwrite what it keeps
        new = exercises_of(review, played, on(), at=table.review.at)
        if not new:
            return
        practice, refused = merged(keeper.records.get(where), game, new, on())
        keeper.store(where, practice.record())
        n = len(new)
        if after is not None:
            after(practice)

        def said() -> str:
            kept = ngettext("This mistake is kept for the tutorial's Practice tab: it comes back on a schedule, "
                            "sooner while you miss it, less often as you get it right.",
                            "These {n} mistakes are kept for the tutorial's Practice tab: they come back on a "
                            "schedule, sooner while you miss them, less often as you get them right.", n).format(n=n)
            if refused is None:
                return kept
            return _("{kept} (The practice kept in this browser could not be used, so it starts afresh: "
                     "{why}.)").format(kept=kept, why=refused)

        table.review.kept_note = said

    table.review.on_reviewed(reviewed)
