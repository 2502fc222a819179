"""Computer players. Every bot decides from a :class:`SeatView` only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .card import Card
from .view import SeatView


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> Card: ...


def jb_capture(options: Sequence[Card]) -> Card:
    """The jb automatic rule: a red card before a black one, then the longest on the table."""
    for c in options:
        if c.red:
            return c
    return options[0]


def play_value(card: Card, table: Sequence[Card]) -> int:
    """Points ``card`` takes right now if played onto ``table`` (best capture)."""
    best = -1
    for c in table:
        if c.rank == card.partner and c.points > best:
            best = c.points
    return card.points + best if best >= 0 else 0


class RandomBot:
    """Any legal card, uniformly; captures by the same coin."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, view: SeatView) -> Card:
        if view.decision is None:
            raise ValueError(f"it is not seat {view.seat}'s turn")
        return self.rng.choice(view.decision.options)


class GreedyBot:
    """Most points now; among equals, throw the card worth least (keep value in hand)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, view: SeatView) -> Card:
        d = view.decision
        if d is None:
            raise ValueError(f"it is not seat {view.seat}'s turn")
        if d.kind == "capture":
            return max(d.options, key=lambda c: (c.points, -d.options.index(c)))
        table = view.table
        return max(d.options, key=lambda c: (play_value(c, table), -c.points, -c.index))


class JBCaptureBot:
    """Plays randomly but captures by the jb house rule (a reusable capture policy)."""

    name = "jb"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    def choose(self, view: SeatView) -> Card:
        d = view.decision
        if d is None:
            raise ValueError(f"it is not seat {view.seat}'s turn")
        if d.kind == "capture":
            return jb_capture(d.options)
        return self.rng.choice(d.options)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "jb": JBCaptureBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``greedy``, ``jb`` (and ``expert`` once hints exist)."""
    key = name.strip().lower()
    if key == "expert":
        from .hint import ExpertBot

        return ExpertBot(seed=seed)
    cls = BOTS.get(key)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join([*BOTS, 'expert'])}")
    return cls(seed=seed)  # type: ignore[no-any-return]


def play_out(game: object, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` take every decision until the game ends."""
    from .game import Game

    assert isinstance(game, Game)
    while (d := game.decision) is not None:
        game.decide(bots[d.seat].choose(game.view(d.seat)))
