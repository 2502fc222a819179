"""Scoring a pile card by card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.families.fishing.rules import MAIN_MERAH_POINTS, TOTAL_POINTS

__all__ = ["TOTAL_POINTS", "pile_points", "red_only_card", "score_card"]


def pile_points(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> int:
    return sum(points[c.index] for c in cards)


def score_card(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """``"A♥ 20 + 9♦ 10 + 7♣ 0 = 30"``; an empty pile scores 0. ``points``: the ruleset's, by card index."""
    cards = list(cards)
    if not cards:
        return _("no cards captured = 0")
    return " + ".join(f"{c} {points[c.index]}" for c in cards) + f" = {pile_points(cards, points)}"


def red_only_card(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """A shorter form that lists only the scoring cards (red, and Chinese Ten's black Aces)."""
    cards = list(cards)
    scoring = [c for c in cards if points[c.index]]
    rest = len(cards) - len(scoring)
    parts = " + ".join(f"{c} {points[c.index]}" for c in scoring) or "0"
    tail = _(" (+ {n} black cards worth 0)").format(n=rest) if rest else ""
    return f"{parts}{tail} = {pile_points(cards, points)}"
