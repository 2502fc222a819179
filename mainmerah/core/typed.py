"""Values typed by a person (a URL's query, the table's Seed box), read or refused in words.

:func:`read_seed`: a seed typed in (``?seed=``, the Seed box).
A seed is 0 or more, written in the digits 0-9, at most :data:`SEED_DIGITS` of them: ``²`` (a digit to
Python's ``str.isdigit`` but no number) and a 5,000-digit number (past Python's limit for ``int()``) are
refused by name, never with Python's own message.
:func:`shortened`: a typed value a page repeats is cut short, so a page never echoes a whole crafted URL.
"""

from __future__ import annotations

from mainmerah.core.i18n import _

SEED_DIGITS = 18
ECHO_LIMIT = 40  # characters of a typed value a page repeats


def shortened(value: str, limit: int = ECHO_LIMIT) -> str:
    """``value`` as a page may repeat it: at most ``limit`` characters, an ellipsis saying it was cut."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def looks_like_seed(text: str) -> bool:
    """Whether ``text`` is meant as a number (digits of any script, perhaps signed), not a deal code."""
    body = text.strip().lstrip("+-")
    return bool(body) and body.isdigit()


def read_seed(text: str) -> int:
    """The seed ``text`` names, or ValueError saying in words what a seed is."""
    body = text.strip()
    if not (body.isascii() and body.isdigit()) or len(body) > SEED_DIGITS:
        raise ValueError(_("a seed is a whole number, 0 or more, of at most {n} digits 0-9").format(n=SEED_DIGITS))
    return int(body)
