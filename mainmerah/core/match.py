"""Matches for every game: a series of games (or hands) with running totals.

A match ends after a fixed number of games, or after the game in which someone's total
reaches a target. How the next game is dealt (who deals, who starts) is the game's own
rule: its :class:`~.registry.GameInfo` says it with ``next_deal``.
"""

from __future__ import annotations

import random
from typing import Any

from mainmerah.core.contract import GameState
from mainmerah.core.registry import get


class Match:
    """``games=N`` games, or play to a ``target`` total; the highest total leads."""

    def __init__(self, game: str, players: int, variant: str | None = None, games: int | None = None,
                 target: int | None = None, seed: int | None = None, dealer: int = 0) -> None:
        self.info = get(game)
        if games is None and target is None:  # the game's own match, as its rule book says
            games, target = self.info.match_games, self.info.match_target
        if (games is None) == (target is None):
            raise ValueError("a match needs exactly one of games=N or target=points")
        if games is not None and games < 1:
            raise ValueError(f"a match needs at least one game, not {games}")
        if target is not None and target < 1:
            raise ValueError(f"a target score must be positive, not {target}")
        if players not in self.info.players:
            raise ValueError(f"{self.info.title} is for {', '.join(map(str, self.info.players))} players, "
                             f"not {players!r}")
        self.players = players
        self.variant = variant or self.info.variants[0]
        self.games_limit = games
        self.target = target
        self.dealer = dealer
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self._rng = random.Random(self.seed)
        self.games: list[Any] = []
        self.totals = [0] * players
        self._history: list[tuple[int, ...]] = []
        self.start_game()

    @property
    def game(self) -> Any:
        return self.games[-1]

    def _deal(self, seed: int, previous: GameState[Any] | None) -> GameState[Any]:
        args: dict[str, Any] = {"dealer": self.dealer}
        if previous is not None:
            args = (self.info.next_deal or next_dealer)(previous)
        return self.info.new(seed=seed, players=self.players, variant=self.variant, **args)

    def start_game(self) -> Any:
        if self.games and not self.game.is_over:
            raise ValueError("the current game is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        seed = self._rng.randrange(2**31)
        g = self._deal(seed, self.games[-1] if self.games else None)
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

    def next_game(self) -> Any:
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
        """The seats with the best total: the highest, or the lowest where the game says so."""
        best = min(self.totals) if self.info.low_wins else max(self.totals)
        return tuple(i for i, t in enumerate(self.totals) if t == best)

    def __repr__(self) -> str:
        return f"<Match {self.info.name} {self.players}p {self.variant} games={len(self.history)} totals={self.totals}>"


def next_dealer(previous: GameState[Any]) -> dict[str, Any]:
    """The usual rule: the deal passes to the next seat."""
    setup = getattr(previous, "setup", None)
    dealer = getattr(setup, "dealer", 0)
    return {"dealer": (dealer + 1) % previous.players}
