"""Computer players, and the levels the table offers. Every bot decides from a :class:`SeatView` only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mainmerah.core.cards import Card
from mainmerah.core.contract import Bot
from mainmerah.families.fishing.rules import get_ruleset, main_merah_points, matches
from mainmerah.families.fishing.sim import DEFAULT_ROLLOUTS, greedy_choice
from mainmerah.families.fishing.view import SeatView

if TYPE_CHECKING:
    from mainmerah.families.fishing.state import Decision


def jb_capture(options: Sequence[Card]) -> Card:
    """The jb automatic rule: a red card before a black one, then the longest on the table."""
    for c in options:
        if c.red:
            return c
    return options[0]


def play_value(card: Card, table: Sequence[Card], view: SeatView | None = None) -> int:
    """Points ``card`` takes right now if played onto ``table`` (best capture; Main Merah's points by default)."""
    value = view.value if view is not None else main_merah_points
    best = -1
    for c in matches(card, table):
        best = max(best, value(c))
    return value(card) + best if best >= 0 else 0


class _SeatBot:
    """What every fishing bot shares: its own seeded generator, and a refusal when it is not its turn."""

    name: str

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(seed)

    @staticmethod
    def _decision(view: SeatView) -> Decision:
        if view.decision is None:
            raise ValueError(f"it is not seat {view.seat}'s turn")
        return view.decision


class RandomBot(_SeatBot):
    """Any legal card, uniformly; captures by the same coin."""

    name = "random"

    def choose(self, view: SeatView) -> Card:
        return self.rng.choice(self._decision(view).options)


class GreedyBot(_SeatBot):
    """The greedy policy (:func:`greedy_key`): the biggest capture now, else throw the card worth least."""

    name = "greedy"

    def choose(self, view: SeatView) -> Card:
        d = self._decision(view)
        return greedy_choice(d.kind, d.options, view.table, get_ruleset(view.variant), view.points)


class JBCaptureBot(_SeatBot):
    """Plays randomly but captures by the jb house rule (a reusable capture policy)."""

    name = "jb"

    def choose(self, view: SeatView) -> Card:
        d = self._decision(view)
        if d.kind == "capture":
            return jb_capture(d.options)
        return self.rng.choice(d.options)


class ExpertBot:
    """Plays the choice with the best estimated final margin (see :func:`.hint.view_hints`)."""

    name = "expert"

    def __init__(self, seed: int | None = None, rollouts: int = DEFAULT_ROLLOUTS,
                 rng: random.Random | None = None, backend: str = "auto") -> None:
        if rollouts < 1:
            raise ValueError(f"rollouts must be at least 1, not {rollouts!r}")
        self.rng = rng or random.Random(seed)
        self.rollouts = rollouts
        self.backend = backend

    def choose(self, view: SeatView) -> Card:
        from mainmerah.families.fishing.hint import expert_choice  # the hints load numpy: only when an expert plays

        return expert_choice(view, self.rollouts, self.rng, self.backend)


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "jb": JBCaptureBot}


def play_out(game: object, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` take every decision until the game ends."""
    while (d := game.decision) is not None:  # type: ignore[attr-defined]
        game.act(bots[d.seat].choose(game.view(d.seat)))  # type: ignore[attr-defined]


LEVELS = ("random", "greedy", "expert")
"""The levels offered in the table, weakest first (``jb`` is a capture policy, also available by name)."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``greedy``, ``jb`` or ``expert``."""
    key = name.strip().lower()
    if key == "expert":
        return ExpertBot(seed=seed)
    cls = BOTS.get(key)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join([*BOTS, 'expert'])}")
    return cls(seed=seed)  # type: ignore[no-any-return]
