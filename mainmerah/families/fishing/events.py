"""The frozen records of the fishing games' event log. Each explains itself via :mod:`.explain`.

Events are NamedTuples: immutable, cheap to create (thousands of games a
second keep their log) and their text is produced only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mainmerah.core.cards import Card
from mainmerah.families.fishing.explain import explain
from mainmerah.families.fishing.rules import MAIN_MERAH_POINTS


class Redeal(NamedTuple):
    """The starting table broke the variant's rule; all cards were redealt."""

    number: int
    table: tuple[Card, ...]
    rank: int
    count: int  # type: ignore[assignment]  # (a field named like tuple.count, kept for old save code)
    variant: str
    kind: str = "redeal"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class Deal(NamedTuple):
    """The deal that the game is played with."""

    players: int
    variant: str
    dealer: int
    first: int
    seed: int | None
    table: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    opener: str = ""  # why ``first`` starts: "dealer", "after-dealer", "random", "lowest", "set" (state.first_reason)
    kind: str = "deal"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class Play(NamedTuple):
    seat: int
    card: Card
    kind: str = "play"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class Flip(NamedTuple):
    seat: int
    card: Card
    kind: str = "flip"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class Capture(NamedTuple):
    """``card`` (played or flipped, per ``source``) took ``taken`` from the table.

    ``how`` is "only" (one match), "chosen" (the player picked among
    ``options``) or "auto" (the jb rule picked).
    """

    seat: int
    card: Card
    taken: Card
    source: str
    how: str
    options: tuple[Card, ...]
    more: tuple[Card, ...] = ()  # Chinese Ten: the other cards a capture of three takes with ``taken``
    prices: tuple[int, ...] = MAIN_MERAH_POINTS  # the game's points of each card (by index), shared, not copied
    kind: str = "capture"

    @property
    def values(self) -> tuple[int, ...]:
        """The points of the capturing card, the card taken and each of ``more``."""
        p = self.prices
        return (p[self.card.index], p[self.taken.index], *(p[c.index] for c in self.more))

    @property
    def points(self) -> int:
        return sum(self.values)

    def __repr__(self) -> str:  # the price table is the game's, not this capture's
        return (f"Capture(seat={self.seat}, card={self.card!r}, taken={self.taken!r}, source={self.source!r}, "
                f"how={self.how!r}, options={self.options!r}, more={self.more!r}, points={self.points})")

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card this capture moved to the pile: the capturing card first."""
        return (self.card, self.taken, *self.more)

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class Stay(NamedTuple):
    """Nothing on the table paired with ``card``; it stays there."""

    seat: int
    card: Card
    source: str
    kind: str = "stay"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class TakeFour(NamedTuple):
    """Chinese Ten: four of a kind on the starting table went to the dealer's pile before play."""

    seat: int
    cards: tuple[Card, ...]
    values: tuple[int, ...]
    kind: str = "takefour"

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


class End(NamedTuple):
    scores: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    stranded: tuple[Card, ...]
    start_table: tuple[Card, ...]
    variant: str = "classic"  # the ruleset, which prices the piles
    kind: str = "end"

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    def explain(self, names: Sequence[str] | None = None, you: int | None = None) -> str:
        return explain(self, names, you)


Event = Redeal | Deal | Play | Flip | Capture | Stay | TakeFour | End
