"""Matches: a series of games with running totals."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import Game
from .rules import get_variant


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


class Match:
    """A fixed number of games (``games``) or play to a ``target`` total."""

    def __init__(self, players: int = 2, variant: str = "classic", games: int | None = None,
                 target: int | None = None, seed: int | None = None, dealer: int = 0) -> None:
        if (games is None) == (target is None):
            raise ValueError("a match needs exactly one of games=N or target=points")
        if games is not None and games < 1:
            raise ValueError(f"a match needs at least one game, not {games}")
        if target is not None and target < 1:
            raise ValueError(f"a target score must be positive, not {target}")
        self.players = players
        self.variant = get_variant(variant).name
        self.games_limit = games
        self.target = target
        self.dealer = dealer
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)
        self.games: list[Game] = []
        self.totals = [0] * players
        self._history: list[tuple[int, ...]] = []
        self.start_game()

    @property
    def game(self) -> Game:
        return self.games[-1]

    def start_game(self) -> Game:
        if self.games and not self.game.is_over:
            raise ValueError("the current game is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        seed = self._rng.randrange(2**31)
        first = None
        if self.games:
            prev = self.games[-1]
            first = next_first(prev.scores, prev.setup.first)
        g = Game.new(self.players, self.variant, seed=seed, dealer=self.dealer, first=first)
        self.games.append(g)
        return g

    def record(self) -> None:
        """Add the finished current game to the running totals."""
        g = self.game
        if not g.is_over:
            raise ValueError("the current game is not over yet")
        if len(self.history) >= len(self.games):
            return
        self.history.append(g.scores)
        self.totals = [t + s for t, s in zip(self.totals, g.scores, strict=True)]

    @property
    def history(self) -> list[tuple[int, ...]]:
        """Scores of each finished, recorded game."""
        return self._history

    def next_game(self) -> Game:
        """Record the finished game and deal the next one."""
        self.record()
        return self.start_game()

    @property
    def is_over(self) -> bool:
        done = len(self.history)
        if self.games_limit is not None:
            return done >= self.games_limit
        assert self.target is not None
        return any(t >= self.target for t in self.totals)

    @property
    def leaders(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)

    def __repr__(self) -> str:
        return f"<Match {self.players}p {self.variant} games={len(self.history)} totals={self.totals}>"
