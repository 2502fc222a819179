"""Matches: a series of games with running totals."""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core.match import Match as CoreMatch
from mainmerah.families.fishing.rules import get_variant
from mainmerah.families.fishing.state import Game


def next_first(scores: Sequence[int], previous_first: int) -> int:
    """RULES.md: the lowest scorer of the last game starts; ties go to the first
    tied player met clockwise from the previous first player (inclusive)."""
    low = min(scores)
    n = len(scores)
    for k in range(n):
        seat = (previous_first + k) % n
        if scores[seat] == low:
            return seat
    raise AssertionError("unreachable")  # pragma: no cover


class Match(CoreMatch):
    """A fishing match: ``games=N`` games or play to a ``target`` total (see :class:`core.match.Match`).

    Main Merah: the dealer stays and the lowest scorer of a game starts the next;
    Chinese Ten: the deal passes to the next seat (each game's ``next_deal``).
    """

    def __init__(self, players: int = 2, variant: str = "classic", games: int | None = None,
                 target: int | None = None, seed: int | None = None, dealer: int = 0) -> None:
        rules = get_variant(variant)
        super().__init__(rules.game, players, rules.name, games, target, seed, dealer)

    @property
    def game(self) -> Game:
        g: Game = self.games[-1]
        return g

    def __repr__(self) -> str:
        return f"<Match {self.players}p {self.variant} games={len(self.history)} totals={self.totals}>"


def main_merah_next_deal(previous: Game) -> dict[str, int | str]:
    """Main Merah: the same dealer; the lowest scorer of the last game plays first (its Deal event says so)."""
    return {"dealer": previous.setup.dealer, "first": next_first(previous.scores, previous.setup.first),
            "opener": "lowest"}
