"""Scoring a pile card by card."""

from __future__ import annotations

from collections.abc import Iterable

from .card import Card
from .i18n import _

TOTAL_POINTS = 210


def pile_points(cards: Iterable[Card]) -> int:
    return sum(c.points for c in cards)


def score_card(cards: Iterable[Card]) -> str:
    """``"A♥ 20 + 9♦ 10 + 7♣ 0 = 30"``; an empty pile scores 0."""
    cards = list(cards)
    if not cards:
        return _("no cards captured = 0")
    return " + ".join(f"{c} {c.points}" for c in cards) + f" = {pile_points(cards)}"


def red_only_card(cards: Iterable[Card]) -> str:
    """A shorter form that lists only the scoring (red) cards."""
    cards = list(cards)
    red = [c for c in cards if c.red]
    black = len(cards) - len(red)
    parts = " + ".join(f"{c} {c.points}" for c in red) or "0"
    tail = _(" (+ {n} black cards worth 0)").format(n=black) if black else ""
    return f"{parts}{tail} = {pile_points(cards)}"
