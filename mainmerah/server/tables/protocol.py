"""The table server's messages: their shapes, their limits, and the checks each one passes first.

Every request is one JSON object (an HTTP body, or one websocket message) of at most :data:`MAX_BODY`
bytes; a field of the wrong type, an unknown field or a body that is not JSON is refused with a sentence
saying which (:class:`ProtocolError`, HTTP 400) before anything is looked up. Nothing a client sends is
ever run: an action is text the game's own rules read.

=========  ==========================================================  ==========================================
route      request                                                     answer
=========  ==========================================================  ==========================================
create     ``game``, ``seats`` [, ``variant``, ``seed``, ``pace``,      ``code``, and the first person's seat:
           ``name``]                                                   ``seat``, ``token``, ``frame``
join       ``code`` [, ``name``]                                       the next free person's ``seat``, ``token``,
                                                                       ``frame``
state      ``code``, ``token`` (or ``watch``: the teacher's key, or    ``frame`` (events after ``since``)
           ``public``: a classmate watching) [, ``since``, ``lang``]
act        ``code``, ``token``, ``action`` [, ``since``, ``lang``]     ``frame``; refused: 409 and ``error``
name       ``code``, ``token``, ``name``                               ``frame``
info       ``code``                                                    the table's ``game``, ``players``, ``seats``,
                                                                       whether it is ``full`` or ``over`` (no seat)
socket     first message as ``state``; then ``{"action": ..., "id"}``  a ``frame`` at every change; ``reply``
=========  ==========================================================  ==========================================

``hints`` (create): whether the creator lets the people at the table ask for hints (every frame says it).
``world`` (create, join, state, act, name, and a socket's first message): the frames then also carry a *stand-in*
game for that seat (see :meth:`~mainmerah.server.tables.store.Table.world`), which the table widget draws from.
"""

from __future__ import annotations

import json
import time
from typing import Any

from mainmerah.core.i18n import _

MAX_BODY = 16 * 1024  # bytes of one request or websocket message
RATE, BURST = 20.0, 60.0  # messages a second one client may send on average, and at once

# Each request's fields: name -> the types it may have; the ones a request must hold are marked "!".
FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "create": {"game!": (str,), "seats!": (list,), "variant": (str,), "seed": (int,), "pace": (int, float),
               "name": (str,), "lang": (str,), "hints": (bool,), "world": (bool,)},
    "join": {"code!": (str,), "name": (str,), "lang": (str,), "world": (bool,)},
    "info": {"code!": (str,), "lang": (str,)},
    "state": {"code!": (str,), "token": (str,), "watch": (str,), "since": (int,), "lang": (str,), "world": (bool,),
              "public": (bool,)},
    "act": {"code!": (str,), "token!": (str,), "action!": (str,), "since": (int,), "lang": (str,),
            "world": (bool,)},
    "name": {"code!": (str,), "token!": (str,), "name!": (str,), "since": (int,), "lang": (str,),
             "world": (bool,)},
    "move": {"action!": (str,), "id": (int,)},  # on a seat's socket, once it is open
}


class ProtocolError(ValueError):
    """A malformed message; its text says what was wrong. ``status`` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def parse(body: bytes | str, kind: str) -> dict[str, Any]:
    """The message ``body`` as a checked dict of the fields of ``kind`` (or ProtocolError saying why not)."""
    if len(body) > MAX_BODY:
        raise ProtocolError(_("The message is too long ({n} bytes; at most {most}).").format(
            n=len(body), most=MAX_BODY), 413)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError(_("The message is not JSON.")) from None
    return check(data, kind)


def check(data: Any, kind: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ProtocolError(_("The message must be a JSON object."))
    spec = FIELDS[kind]
    known = {k.rstrip("!"): types for k, types in spec.items()}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ProtocolError(_("Unknown field: {name}.").format(name=", ".join(str(u)[:30] for u in unknown[:3])))
    for key, types in spec.items():
        name = key.rstrip("!")
        if key.endswith("!") and name not in data:
            raise ProtocolError(_("The field {name} is missing.").format(name=name))
        value = data.get(name)
        if name in data and (not isinstance(value, types) or (isinstance(value, bool) and bool not in types)):
            raise ProtocolError(_("The field {name} has the wrong type.").format(name=name))
    return data


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


# One address may send this many times what one client may: a class behind one NAT address shares it, and a
# client making up a new token for each message (each a fresh bucket) is still held by its address's.
PER_ADDRESS = 10


class Limits:
    """One bucket per client (a seat's token, a socket), and one per address; forgotten when full again."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, Bucket] = {}

    def allow(self, client: str, address: str = "") -> bool:
        if len(self.buckets) > 10_000:
            now = time.monotonic()
            self.buckets = {k: b for k, b in self.buckets.items() if b.level + (now - b.at) * b.rate < b.burst}
        if address:
            shared = self.buckets.setdefault(f"address {address}", Bucket(self.rate * PER_ADDRESS,
                                                                          self.burst * PER_ADDRESS))
            if not shared.take():
                return False
        bucket = self.buckets.setdefault(client, Bucket(self.rate, self.burst))
        return bucket.take()


def too_many() -> ProtocolError:
    return ProtocolError(_("Too many messages at once: wait a moment and send it again."), 429)
