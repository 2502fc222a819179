"""The class folder: where each student's kernel writes its progress and the teacher's page reads it.

``make serve-class`` sets :data:`CLASS_ENV` to a folder on the teacher's machine; every
kernel the server starts inherits it. Without it (plain Voila, Binder, the static site)
:func:`class_folder` is None and nothing is written anywhere.

Layout: ``<folder>/teacher.key`` (the teacher's page key, made once per class with
``secrets``) and ``<folder>/students/<session>.json``, one file per student session. The
file name is the kernel's own random session id, never anything the student typed; each
file is written whole to a temporary name and renamed into place, so the teacher's page
never reads half a record. Every record is checked when written and again when read
(:func:`check_record`): a file changed by hand or half-copied is refused with its reason.

This module imports neither ipywidgets nor tornado: the kernel and the server both use it.
"""

from __future__ import annotations

import json
import math
import os
import re
import secrets
import tempfile
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mainmerah.core.i18n import _

CLASS_ENV = "MAINMERAH_CLASS"
KIND, VERSION = "mainmerah-student", 1
KEY_FILE = "teacher.key"
STUDENTS = "students"
SESSION = re.compile(r"[0-9a-f]{16}")
NAME_MAX = 24
MAX_FILE = 256 * 1024  # a real record is a few kB; anything far bigger is not one
# Punctuation a nickname may hold besides letters, digits and single spaces.
NAME_PUNCT = "-_.'"
WORD = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")  # a game's registry name
LIMITS = {"lessons": 60, "tasks": 60, "rules": 40, "puzzles": 20, "themes": 40}


class RecordError(ValueError):
    """A student record (or a nickname) that was refused; the message names what was wrong."""


def class_folder() -> Path | None:
    """The class folder the server announced, or None when this server has no class."""
    value = os.environ.get(CLASS_ENV, "").strip()
    return Path(value) if value else None


def new_session() -> str:
    return secrets.token_hex(8)


MARKS_MAX = 3  # combining marks on one letter


def _most_marks(name: str) -> int:
    """The longest run of combining marks (accents stacked on one letter) in ``name``."""
    most = run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch).startswith("M") else 0
        most = max(most, run)
    return most


def check_nickname(text: str) -> str:
    """The nickname as it will be shown (trimmed, spaces collapsed), or RecordError saying why not."""
    if not isinstance(text, str):
        raise RecordError(_("A name must be text."))
    text = unicodedata.normalize("NFC", text)
    if any(unicodedata.category(ch)[0] in "CZ" and ch != " " for ch in text):
        raise RecordError(_("The name may not hold line breaks, tabs or invisible characters."))
    name = " ".join(text.split())
    if not name:
        raise RecordError(_("The name is empty."))
    if len(name) > NAME_MAX:
        raise RecordError(_("The name is too long: at most {n} characters.").format(n=NAME_MAX))
    for ch in name:
        if not (ch == " " or ch in NAME_PUNCT or unicodedata.category(ch)[0] in "LNM"):
            raise RecordError(_("The name may hold letters, digits, spaces and - _ . ' only, not {ch}.").format(
                ch=repr(ch)))
    if not unicodedata.category(name[0]).startswith(("L", "N")):
        raise RecordError(_("The name must start with a letter or a digit."))
    if _most_marks(name) > MARKS_MAX:  # real writing stacks two or three accents at most; more draws outside the line
        raise RecordError(_("The name has too many accents on one letter (at most {n}).").format(n=MARKS_MAX))
    return name


# ----- checking records --------------------------------------------------------------------

def _fail(where: str, what: str) -> RecordError:
    return RecordError(_("{where}: {what}").format(where=where, what=what))


def _int(value: object, where: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise _fail(where, _("expected a whole number from 0 to {top}").format(top=top))
    return value


def _seconds(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or not (
            0 <= value <= 1e8):
        raise _fail(where, _("expected a number of seconds"))
    return float(value)


def _key(value: object, where: str) -> str:
    """A lesson, task or rule key: short printable text (escaped wherever it is shown)."""
    if (not isinstance(value, str) or not 0 < len(value) <= 64 or value != value.strip()
            or any(unicodedata.category(ch)[0] == "C" for ch in value)):
        raise _fail(where, _("expected a short key of at most 64 printable characters"))
    return value


def _game(value: object) -> str:
    if not isinstance(value, str) or not WORD.fullmatch(value):
        raise _fail("game", _("expected a game's name (lowercase letters, digits and -)"))
    return value


def _text(value: object, where: str, top: int = 120) -> str:
    if not isinstance(value, str) or len(value) > top:
        raise _fail(where, _("expected a text of at most {n} characters").format(n=top))
    return value


def _dict(value: object, where: str, limit: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise _fail(where, _("expected a mapping"))
    if len(value) > LIMITS[limit]:
        raise _fail(where, _("more than {n} entries").format(n=LIMITS[limit]))
    return value


def _task(value: object, where: str) -> dict[str, Any]:
    t = _dict(value, where, "rules")
    if not isinstance(t.get("solved"), bool):
        raise _fail(where + ".solved", _("expected true or false"))
    rules = _dict(t.get("rules", {}), where + ".rules", "rules")
    return {
        "stars": _int(t.get("stars"), where + ".stars", 3),
        "mistakes": _int(t.get("mistakes", 0), where + ".mistakes", 100_000),
        "rules": {_key(k, where + ".rules"): _int(v, f"{where}.rules.{k}", 100_000) for k, v in rules.items()},
        "hints": _int(t.get("hints", 0), where + ".hints", 1000),
        "seconds": _seconds(t.get("seconds", 0), where + ".seconds"),
        "solved": t["solved"],
    }


def check_progress(progress: object) -> dict[str, Any]:
    """The tutorial's progress (``Tutorial.progress()``) as the class folder keeps it, checked."""
    p = _dict(progress, "progress", "lessons")
    lessons = _dict(p.get("lessons"), "lessons", "lessons")
    out: dict[str, Any] = {}
    for key, lesson in lessons.items():
        where = f"lessons.{_key(key, 'lessons')}"
        body = _dict(lesson, where, "rules")
        tasks = _dict(body.get("tasks", {}), where + ".tasks", "tasks")
        out[key] = {
            "title": _text(body.get("title", ""), where + ".title"),
            "tasks": {_key(k, where + ".tasks"): _task(v, f"{where}.tasks.{k}") for k, v in tasks.items()},
        }
    return {"game": _game(p.get("game")), "lessons": out, "seconds": _seconds(p.get("seconds", 0), "seconds")}


@dataclass(frozen=True)
class Record:
    """One student session's progress as the teacher's page reads it."""

    session: str
    name: str  # "" when the student gave none
    game: str
    lessons: dict[str, Any]
    puzzles: dict[str, int]  # puzzle level -> puzzles solved
    seconds: float
    updated: float  # when the kernel last wrote it (Unix time)
    # The browser's own id (kept in its storage; "" when unknown): a nameless student's sessions in one
    # browser (a reload, the Puzzles page) are one row for the teacher.
    browser: str = ""
    # The themes of the student's own mistakes kept for Practice (theme id -> exercises), from the tutorial.
    themes: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": KIND, "version": VERSION, "session": self.session, "name": self.name, "game": self.game,
                "lessons": self.lessons, "puzzles": self.puzzles, "seconds": self.seconds, "updated": self.updated,
                "browser": self.browser, "themes": self.themes}


def make_record(session: str, name: str, progress: object, puzzles: dict[str, int] | None = None,
                now: float | None = None, browser: str = "", themes: dict[str, int] | None = None) -> Record:
    """A checked record from the tutorial's progress (RecordError when anything in it is wrong)."""
    data = {"kind": KIND, "version": VERSION, "session": session, "name": name, "puzzles": puzzles or {},
            "updated": time.time() if now is None else now, "browser": browser, "themes": themes or {},
            **check_progress(progress)}
    return check_record(data)


def check_record(data: object) -> Record:
    """A record read from a file or about to be written, checked field by field."""
    d = _dict(data, "record", "lessons")
    if d.get("kind") != KIND or d.get("version") != VERSION:
        raise RecordError(_("not a student record of this version"))
    session = d.get("session")
    if not isinstance(session, str) or not SESSION.fullmatch(session):
        raise _fail("session", _("expected 16 hexadecimal digits"))
    name = d.get("name", "")
    if not isinstance(name, str):
        raise _fail("name", _("A name must be text."))
    if name:
        try:
            name = check_nickname(name)
        except RecordError as e:
            raise _fail("name", str(e)) from None
    browser = d.get("browser", "")
    if not isinstance(browser, str) or (browser and not SESSION.fullmatch(browser)):
        raise _fail("browser", _("expected 16 hexadecimal digits"))
    puzzles = _dict(d.get("puzzles", {}), "puzzles", "puzzles")
    themes = _dict(d.get("themes", {}), "themes", "themes")
    progress = check_progress({"game": d.get("game"), "lessons": d.get("lessons"), "seconds": d.get("seconds", 0)})
    return Record(
        session=session, name=name, game=progress["game"], lessons=progress["lessons"],
        puzzles={_key(k, "puzzles"): _int(v, f"puzzles.{k}", 10_000) for k, v in puzzles.items()},
        seconds=progress["seconds"], updated=_updated(d.get("updated", 0)), browser=browser,
        themes={_key(k, "themes"): _int(v, f"themes.{k}", 10_000) for k, v in themes.items()})


def _updated(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or not (
            0 <= value <= 1e11):
        raise _fail("updated", _("expected a time"))
    return float(value)


# ----- the folder --------------------------------------------------------------------------

def students_dir(folder: Path) -> Path:
    return folder / STUDENTS


def write_record(folder: Path, record: Record) -> Path:
    """Write ``record`` as ``students/<session>.json``, atomically (a temporary file renamed into place)."""
    check_record(record.to_json())  # never write what the teacher's page would refuse
    target_dir = students_dir(folder)
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / f"{record.session}.json"
    fd, tmp = tempfile.mkstemp(dir=target_dir, prefix=".tmp-", suffix=".part")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record.to_json(), f, ensure_ascii=False, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def read_records(folder: Path) -> tuple[list[Record], list[str]]:
    """Every student record of the class, and one reason per file that was refused (no names in it)."""
    records: list[Record] = []
    refused: list[str] = []
    directory = students_dir(folder)
    if not directory.is_dir():
        return records, refused
    for path in sorted(directory.iterdir()):
        if path.suffix != ".json" or not SESSION.fullmatch(path.stem):
            continue  # a temporary file being written, or nothing of ours
        try:
            if path.stat().st_size > MAX_FILE:
                raise RecordError(_("the file is too large"))
            record = check_record(json.loads(path.read_text(encoding="utf-8")))
            if record.session != path.stem:
                raise RecordError(_("the session does not match the file name"))
            records.append(record)
        except (OSError, ValueError) as e:  # JSONDecodeError and RecordError are ValueErrors
            refused.append(f"{path.name}: {e}")
    return records, refused


def clear_class(folder: Path) -> int:
    """Delete every student record (the key stays, so the teacher's link still works); how many went."""
    directory = students_dir(folder)
    if not directory.is_dir():
        return 0
    gone = 0
    for path in directory.iterdir():
        if path.suffix in (".json", ".part") and path.is_file():
            path.unlink(missing_ok=True)
            gone += path.suffix == ".json"
    return gone


def teacher_key(folder: Path) -> str:
    """The class's teacher key: read from the folder, or made (random, owner-only file) the first time."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / KEY_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if not re.fullmatch(r"[A-Za-z0-9_-]{24,}", key):
            raise RecordError(_("{path} does not hold a teacher key: delete it to make a new one").format(
                path=path)) from None
        return key
    key = secrets.token_urlsafe(24)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key
