"""The plumbing every game's explanations share: how seats are named in a sentence."""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core.i18n import _


def seat_name(seat: int, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """"you" for the reader's own seat, else the seat's name, else "Seat 2"."""
    if you is not None and seat == you:
        return _("you")
    if names and seat < len(names):
        return names[seat]
    return _("Seat {n}").format(n=seat)


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (a seat name opening a sentence)."""
    return text[:1].upper() + text[1:]
