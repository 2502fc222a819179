"""Who sits at a table: people (each with a secret token) and computers (each with a level).

Codes and tokens come from :mod:`secrets`. A table's code is short and made of letters and digits
that cannot be mistaken for one another on a board (no 0/O, 1/I/L, 2/Z, 5/S, 8/B); a seat's token
is long and is kept by the server only as its SHA-256 digest, compared in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.i18n import _

CODE_LETTERS = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
NAME_MAX = 24
PERSON, COMPUTER = "person", "computer"


def new_code(taken: object = ()) -> str:
    """A fresh table code, e.g. ``"K7MPQA"`` (not one of ``taken``)."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _i in range(CODE_LENGTH))
        if code not in taken:  # type: ignore[operator]
            return code


def clean_code(text: str) -> str:
    """A code as typed ("k7m pqa") in its canonical form ("K7MPQA")."""
    return "".join(str(text).split()).upper()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_token(given: str, kept_digest: str) -> bool:
    """Whether ``given`` is the token whose digest is kept (in constant time)."""
    return bool(kept_digest) and hmac.compare_digest(digest(str(given)).encode(), kept_digest.encode())


def clean_name(text: Any) -> str:
    """A seat's name as shown (trimmed, spaces collapsed, at most 24 characters), or ValueError."""
    if not isinstance(text, str):
        raise ValueError(_("A name must be text."))
    if any(not ch.isprintable() for ch in text):
        raise ValueError(_("The name may not hold line breaks, tabs or invisible characters."))
    name = " ".join(text.split())
    if len(name) > NAME_MAX:
        raise ValueError(_("A name has at most {n} characters.").format(n=NAME_MAX))
    return name


@dataclass
class Seat:
    """One seat: a person's (taken once someone joins) or a computer's."""

    index: int
    kind: str  # PERSON or COMPUTER
    level: str = ""  # a computer's level (one of its game's bots)
    name: str = ""
    token: str = ""  # the digest of the person's token; "" while the seat is free
    covered: bool = False  # a person's seat played by the computer while its person is away (saved)
    connected: int = field(default=0, compare=False)  # open sockets (not saved)
    away_since: float = field(default=0.0, compare=False)  # when its last socket closed (monotonic; not saved)

    @property
    def free(self) -> bool:
        return self.kind == PERSON and not self.token

    def public(self) -> dict[str, Any]:
        """What every seat may know of this one (``covered``: a person's seat the computer plays meanwhile)."""
        return {"seat": self.index, "kind": self.kind, "level": self.level, "name": self.name,
                "taken": self.kind == COMPUTER or bool(self.token), "connected": self.connected > 0,
                "covered": self.covered}

    def saved(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name, "token": self.token,
                "covered": self.covered}

    @classmethod
    def load(cls, index: int, data: dict[str, Any]) -> Seat:
        kind = data.get("kind")
        if kind not in (PERSON, COMPUTER):
            raise ValueError(f"seat {index}: kind {kind!r}")
        name = clean_name(data.get("name", ""))
        token = str(data.get("token", ""))
        covered = data.get("covered") is True and kind == PERSON and bool(token)
        return cls(index, kind, str(data.get("level", "")), name, token, covered)


def seats_from(spec: Any, bots: tuple[str, ...]) -> list[Seat]:
    """The seats a creator asked for: each "person", "computer" (the game's middle level) or a level name."""
    if not isinstance(spec, list) or not spec:
        raise ValueError(_("Give the seats as a list, each \"person\" or a computer's level."))
    seats = []
    for i, s in enumerate(spec):
        if s == PERSON:
            seats.append(Seat(i, PERSON))
        elif s == COMPUTER:
            seats.append(Seat(i, COMPUTER, bots[min(1, len(bots) - 1)]))
        elif isinstance(s, str) and s in bots:
            seats.append(Seat(i, COMPUTER, s))
        else:
            raise ValueError(_("Seat {n}: {value!r} is neither \"person\" nor a level ({levels}).").format(
                n=i + 1, value=str(s)[:40], levels=", ".join(bots)))
    return seats
