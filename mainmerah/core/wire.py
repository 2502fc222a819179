"""Game objects as JSON and back: what the table server sends a seat (its view, its game's records).

:func:`encode` turns a seat's view (a frozen dataclass or named tuple of cards, numbers and text) into
plain JSON data; :func:`decode` builds the same object again on the client, so a remote seat reads the
game's own view object. A card travels as ``{"$card": "10♥"}``, a record as ``{"$type": "module:Class",
"fields": {...}}``. Decoding runs no code it was sent: a type is looked up only in this package's own
modules and must be a dataclass or a named tuple, whose fields are then given by name.
"""

from __future__ import annotations

import importlib
from dataclasses import fields, is_dataclass
from typing import Any

from mainmerah.core.cards import Card

CARD, TYPE = "$card", "$type"
# Where a record's class may come from (a game's engine or the core): never anything else.
TRUSTED = ("mainmerah.families.", "mainmerah.core.")


class WireError(ValueError):
    """Data that does not decode into a game's object; the message names what was wrong."""


def type_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def encode(obj: Any) -> Any:
    """``obj`` as JSON data (records tagged with their type, tuples as lists)."""
    if obj is None or isinstance(obj, bool | int | float | str):
        return obj
    if isinstance(obj, Card):
        return {CARD: str(obj)}
    if is_dataclass(obj) and not isinstance(obj, type):
        return {TYPE: type_name(type(obj)), "fields": {f.name: encode(getattr(obj, f.name)) for f in fields(obj)}}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return {TYPE: type_name(type(obj)), "fields": {k: encode(v) for k, v in zip(obj._fields, obj, strict=True)}}
    if isinstance(obj, list | tuple):
        return [encode(x) for x in obj]
    raise TypeError(f"a {type(obj).__name__} does not go on the wire")


def _record_type(name: str) -> type:
    module, _sep, qualname = name.partition(":")
    if not module.startswith(TRUSTED) or not qualname.isidentifier():
        raise WireError(f"not a game's record type: {name!r}")
    try:
        cls = getattr(importlib.import_module(module), qualname)
    except (ImportError, AttributeError) as e:
        raise WireError(f"no record type {name!r}") from e
    named_tuple = isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
    if not (isinstance(cls, type) and (is_dataclass(cls) or named_tuple)):
        raise WireError(f"not a record type: {name!r}")
    return cls


def decode(data: Any) -> Any:
    """The object :func:`encode` gave ``data`` for (lists come back as tuples, as the views hold them)."""
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(decode(x) for x in data)
    if isinstance(data, dict):
        if set(data) == {CARD} and isinstance(data[CARD], str):
            try:
                return Card.parse(data[CARD])
            except ValueError as e:
                raise WireError(str(e)) from e
        if set(data) == {TYPE, "fields"} and isinstance(data[TYPE], str) and isinstance(data["fields"], dict):
            cls = _record_type(data[TYPE])
            values = {str(k): decode(v) for k, v in data["fields"].items()}
            try:
                return cls(**values)
            except TypeError as e:
                raise WireError(f"{data[TYPE]}: {e}") from e
    raise WireError(f"not game data: {str(data)[:60]!r}")
