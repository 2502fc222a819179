"""Computer players. Every bot decides from a :class:`SeatView` only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mainmerah.core.cards import Card
from mainmerah.core.contract import Bot
from mainmerah.families.fishing.rules import Ruleset, get_ruleset, main_merah_points, matches
from mainmerah.families.fishing.view import SeatView

if TYPE_CHECKING:
    from mainmerah.families.fishing.state import Decision


def jb_capture(options: Sequence[Card]) -> Card:
    """The jb automatic rule: a red card before a black one, then the longest on the table."""
    for c in options:
        if c.red:
            return c
    return options[0]


def greedy_key(own: int, taken: int, captures: bool) -> int:
    """The one greedy policy (bigger is better), used by :class:`GreedyBot` and the fast path.

    Any capture beats throwing a card away; among captures, the biggest gain, then keep
    the more valuable card in hand; with no capture, throw the card worth least (a red card
    left lying is a gift). ``own``: the played card's points; ``taken``: what it captures.
    """
    return 64 * (own + taken) + 32 - own if captures else -own


def play_key(card: Card, table: Sequence[Card], rules: Ruleset, points: Sequence[int]) -> int:
    """:func:`greedy_key` of playing ``card`` onto ``table`` now (its best capture by the rules)."""
    found = rules.matching(card, table)
    own = points[card.index]
    if not found:
        return greedy_key(own, 0, False)
    if rules.takes_all(card, found):
        return greedy_key(own, sum(points[c.index] for c in found), True)
    return greedy_key(own, max(points[c.index] for c in found), True)


def greedy_choice(kind: str, options: Sequence[Card], table: Sequence[Card], rules: Ruleset,
                  points: Sequence[int]) -> Card:
    """The greedy policy's choice: the capture worth most (first of equals: longest on the
    table), or the hand card with the best :func:`play_key` (first of equals in hand order)."""
    if kind == "capture":
        return max(options, key=lambda c: (points[c.index], -options.index(c)))
    return max(options, key=lambda c: play_key(c, table, rules, points))


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


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, "jb": JBCaptureBot}


def play_out(game: object, bots: Sequence[Bot]) -> None:
    """Let ``bots[seat]`` take every decision until the game ends."""
    while (d := game.decision) is not None:  # type: ignore[attr-defined]
        game.act(bots[d.seat].choose(game.view(d.seat)))  # type: ignore[attr-defined]
