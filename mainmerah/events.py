"""The frozen records of the event log. Each explains itself via :mod:`explain`.

Events are NamedTuples: immutable, cheap to create (thousands of games a
second keep their log) and their text is produced only when asked for.
"""

from __future__ import annotations

from typing import NamedTuple

from .card import Card


class Redeal(NamedTuple):
    """The starting table broke the variant's rule; all cards were redealt."""

    number: int
    table: tuple[Card, ...]
    rank: int
    count: int
    variant: str
    kind: str = "redeal"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

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
    kind: str = "deal"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

        return explain(self, names, you)


class Play(NamedTuple):
    seat: int
    card: Card
    kind: str = "play"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

        return explain(self, names, you)


class Flip(NamedTuple):
    seat: int
    card: Card
    kind: str = "flip"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

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
    kind: str = "capture"

    @property
    def points(self) -> int:
        return self.card.points + self.taken.points

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

        return explain(self, names, you)


class Stay(NamedTuple):
    """Nothing on the table paired with ``card``; it stays there."""

    seat: int
    card: Card
    source: str
    kind: str = "stay"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

        return explain(self, names, you)


class End(NamedTuple):
    scores: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    stranded: tuple[Card, ...]
    start_table: tuple[Card, ...]
    kind: str = "end"

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import explain

        return explain(self, names, you)


Event = Redeal | Deal | Play | Flip | Capture | Stay | End
