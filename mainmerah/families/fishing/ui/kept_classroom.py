"""A fishing classroom's record, kept in the browser: which tab, the deal code, the game on the table, the exercises.

One record per classroom game (the page's :func:`mainmerah.pages.kept_classroom.classroom_key`),
stored after every change (:meth:`~.classroom.Classroom.on_change`) once the page's Keeper has
answered; the page keeps it (:class:`~mainmerah.pages.kept_classroom.ClassroomKeeping`), this
module says what is in it and checks it when it comes back. A record comes
back like any input and is checked before anything changes: the table's game and the replayed
save file go through the engine (``Game.from_json``: the rules and the checksum); a game said
to be a deal code's must be that code's very deal; the exercises' answers are given again
through the tasks themselves, which check each one as they check a click. A refused record
changes nothing and is named on the page; "Start over" forgets it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mainmerah.core.i18n import _
from mainmerah.families.fishing.dealcode import MAX_SEED, DealCodeError, decode
from mainmerah.families.fishing.save import SaveFileError
from mainmerah.families.fishing.state import Game
from mainmerah.table.keeper import KeptError, pack, unpack
from mainmerah.teach.lesson import ChoiceTask, Lesson, NumberTask, PickTask, Task

if TYPE_CHECKING:
    from mainmerah.families.fishing.ui.classroom import Classroom

KIND = "classroom"  # the record's kind (and the first part of the page's key)
VERSION = 1
TABS = 4
MAX_INPUTS = 200  # a task's answers kept (far more than anyone gives)
# What a learner does in each kind of exercise, and the one argument it takes.
ANSWERS: dict[type[Task], tuple[str, type]] = {PickTask: ("pick", str), NumberTask: ("submit", str),
                                               ChoiceTask: ("choose", int)}


def record(room: Classroom) -> str:
    table = room.current_game()
    lesson = room.exercise_box.children[0]
    saves = room.saves
    return pack(KIND, VERSION, {
        "game": room.game,
        "tab": room.tabs.selected_index or 0,
        "code": {"text": room.codes.code.value, "players": room.codes.players.value,
                 "variant": room.codes.variant.value},
        "table": None if table is None or room._source is None else {
            "save": table.to_json(), "source": room._source[0], "code": room._source[1]},
        "exercises": {"seed": room.exercise_seed,
                      "inputs": {t.key: [[n, list(a)] for n, a in t.inputs] for t in lesson.tasks if t.inputs}
                      if isinstance(lesson, Lesson) else {}},
        "replay": {"save": saves.text, "name": saves.name, "step": saves.step} if saves.game is not None else None,
    })


@dataclass
class KeptClassroom:
    """A record, checked (see :func:`check_record`)."""

    tab: int
    code: dict[str, Any]
    table: Game | None
    source: str  # the deal code the table's game is ("" for a position or a loaded game)
    loaded: bool  # the table's game came from a save file, not the editor
    lesson: Lesson
    seed: int
    replay: tuple[str, str, int] | None


def _game(text: object, what: str) -> Game:
    if not isinstance(text, str):
        raise KeptError(_("the kept {what} is not a save file").format(what=what))
    try:
        return Game.from_json(text)
    except SaveFileError as e:
        raise KeptError(_("the kept {what} was refused by the rules: {why}").format(what=what, why=e)) from None


def _part(body: Mapping[str, Any], name: str) -> dict[str, Any]:
    part = body.get(name)
    if not isinstance(part, dict):
        raise KeptError(_("the kept record has no {part}").format(part=name))
    return part


def check_record(room: Classroom, text: object) -> KeptClassroom:
    """``text`` as a record of ``room``'s classroom, every part checked; :class:`KeptError` says what is wrong."""
    body = unpack(text, KIND, VERSION)
    if body.get("game") != room.game:
        raise KeptError(_("the kept record is of another game ({found})").format(found=str(body.get("game"))[:40]))
    rulesets = room.rulesets
    tab = body.get("tab")
    if type(tab) is not int or not 0 <= tab < TABS:
        raise KeptError(_("the kept record's tab ({found}) is not one of this page's").format(found=str(tab)[:10]))
    code = _part(body, "code")
    players = [v for _label, v in room.codes.players.options]
    if (not isinstance(code.get("text"), str) or len(code["text"]) > 60 or code.get("players") not in players
            or code.get("variant") not in rulesets):
        raise KeptError(_("the kept record's deal code settings are not this classroom's"))
    table, source, loaded = None, "", False
    if body.get("table") is not None:
        part = _part(body, "table")
        table = _game(part.get("save"), _("game on the table"))
        if table.variant.name not in rulesets:
            raise KeptError(_("the kept game on the table is not a game of this classroom"))
        if part.get("code") is True:
            try:
                info = decode(str(part.get("source", ""))[:60])
            except DealCodeError as e:
                raise KeptError(_("the kept game's deal code cannot be used: {why}").format(why=e)) from None
            if info.game().setup != table.setup:
                raise KeptError(_("the kept game on the table is not the deal of {code}").format(code=info))
            source = str(info)
        elif part.get("code") is not False:
            raise KeptError(_("the kept record does not say where the table's game came from"))
        loaded = part.get("source") == "loaded"
    ex = _part(body, "exercises")
    seed = ex.get("seed")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise KeptError(_("the kept exercises' deal ({found}) is not a deal number").format(found=str(seed)[:20]))
    lesson = room.new_exercises(seed)
    answers = ex.get("inputs")
    if not isinstance(answers, dict):
        raise KeptError(_("the kept exercises have no answers list"))
    for task_key, log in answers.items():
        task = next((t for t in lesson.tasks if t.key == task_key), None)
        if task is None or not isinstance(log, list) or len(log) > MAX_INPUTS:
            raise KeptError(_("the kept answers of exercise {name} are not this page's").format(
                name=str(task_key)[:30]))
        name, kind = next((v for cls, v in ANSWERS.items() if isinstance(task, cls)), ("", str))
        for entry in log:
            if (not isinstance(entry, list) or len(entry) != 2 or entry[0] != name or not isinstance(entry[1], list)
                    or len(entry[1]) != 1 or type(entry[1][0]) is not kind or len(str(entry[1][0])) > 40):
                raise KeptError(_("an answer kept for exercise {name} is not one it takes").format(name=task_key))
            getattr(task, name)(entry[1][0])  # given again, checked by the task as a click is
    replay = None
    if body.get("replay") is not None:
        part = _part(body, "replay")
        g = _game(part.get("save"), _("loaded save file"))
        step, file_name = part.get("step"), part.get("name")
        if (type(step) is not int or not 0 <= step <= len(g.choices) or not isinstance(file_name, str)
                or len(file_name) > 200):
            raise KeptError(_("the kept replay's step is not a step of its game"))
        replay = (str(part["save"]), file_name, step)
    return KeptClassroom(tab, code, table, source, loaded, lesson, seed, replay)


def apply_record(room: Classroom, kept: KeptClassroom) -> None:
    """Show ``kept`` (checked by :func:`check_record`) in ``room``."""
    codes = room.codes
    codes.players.value = kept.code["players"]
    codes.variant.value = kept.code["variant"]
    codes.code.value = kept.code["text"]
    if kept.table is not None:
        if kept.source:
            room.show_game(kept.table, kept.source)
            if codes.code.value.strip().upper() == kept.source.upper():
                codes._on_game = lambda _g, _s: None  # say what the code is, without dealing it again
                codes.submit()
                codes._on_game = room.show_game
        else:
            room.show_game(kept.table, _("a loaded game") if kept.loaded else _("your position"))
    room.set_exercises(kept.seed, kept.lesson)
    if kept.replay is not None:
        text, name, step = kept.replay
        room.saves.load_text(text, name)
        room.saves.goto(step)
    room.tabs.selected_index = kept.tab
