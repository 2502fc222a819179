"""Save files, one format for every game: its name, the set-up and the decisions.

    {"format": "mainmerah-save", "version": 2, "game": "<the registry's name>", "body": {...}, "sha256": "..."}

Version 1 files (one game only, written before the games had names) hold the body under
"game" and still load: the caller says which game they hold (the registry knows). Nothing in a
file is trusted: the checksum catches edits, and each game's loader parses every card and
replays every decision through its rules.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from mainmerah.core.cards import Card, CardError
from mainmerah.core.errors import SaveFileError
from mainmerah.core.i18n import _

FORMAT = "mainmerah-save"
VERSION = 2


def digest(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()


def envelope(game: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "game": game, "body": body, "sha256": digest(body)}


def dumps(game: str, body: dict[str, Any]) -> str:
    return json.dumps(envelope(game, body), ensure_ascii=False, indent=1)


def unwrap(text: str, legacy: str) -> tuple[str, dict[str, Any]]:
    """The game's name and the checked body of a save file (either version); ``legacy`` is the game a
    version 1 file holds (those files name none)."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFileError(_("a save file is text, not {type}").format(type=type(text).__name__))
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise SaveFileError(_("save file is not valid JSON (truncated or damaged?): {e}").format(e=e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("not a mainmerah save file (no \"format\": \"{format}\")").format(format=FORMAT))
    version = data.get("version")
    name: object = legacy
    if version == 1:
        body = data.get("game")
    elif version == VERSION:
        name, body = data.get("game"), data.get("body")
        if not isinstance(name, str):
            raise SaveFileError(_("save file: field {key!r} has the wrong type ({type})").format(
                key="game", type=type(name).__name__))
    else:
        raise SaveFileError(_(
            "save file version {version!r} is not supported (this program reads version {ours})"
        ).format(version=version, ours=f"1, {VERSION}"))
    if not isinstance(body, dict):
        raise SaveFileError(_("save file: missing the \"game\" section"))
    if data.get("sha256") != digest(body):
        raise SaveFileError(_("save file checksum does not match: the file was changed after it was saved"))
    assert isinstance(name, str)
    return name, body


def field(body: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``body[key]``, refused by name when missing or of the wrong type."""
    if key not in body:
        raise SaveFileError(_("save file: missing field {key!r}").format(key=key))
    value = body[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise SaveFileError(_("save file: field {key!r} has the wrong type ({type})").format(
            key=key, type=type(value).__name__))
    return value


def cardlist(value: Any, where: str) -> tuple[Card, ...]:
    """A list of card texts, parsed; a bad one is named with where it was."""
    if not isinstance(value, list):
        raise SaveFileError(_("save file: {where} is not a list of cards").format(where=where))
    try:
        return tuple(Card.parse(t) if isinstance(t, str) else Card.parse(repr(t)) for t in value)
    except CardError as e:
        raise SaveFileError(_("save file: {where}: {e}").format(where=where, e=e)) from None
