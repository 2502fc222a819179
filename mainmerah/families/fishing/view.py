"""A per-seat view: only what one player may see (OpenSpiel's information state)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mainmerah.core.cards import PACK as DECK
from mainmerah.core.cards import Card
from mainmerah.families.fishing.rules import MAIN_MERAH_POINTS, PARTNER

if TYPE_CHECKING:
    from mainmerah.families.fishing.state import Decision, Game


@dataclass(frozen=True)
class SeatView:
    """Own hand, the table, all piles, sizes -- never other hands or stock cards."""

    seat: int
    players: int
    variant: str
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    to_move: int
    decision: Decision | None
    pending: Card | None
    out: tuple[Card, ...]
    points: tuple[int, ...] = field(default=MAIN_MERAH_POINTS, repr=False)  # each card's points (by index) here

    @classmethod
    def of(cls, game: Game, seat: int) -> SeatView:
        d = game.decision
        return cls(
            seat=seat,
            players=game.players,
            variant=game.variant.name,
            hand=tuple(game._hands[seat]),
            table=tuple(game._table),
            piles=game.piles,
            scores=game.scores,
            hand_sizes=tuple(len(h) for h in game._hands),
            stock_size=game.stock_size,
            to_move=game.seat,
            decision=d if d is not None and d.seat == seat else None,
            pending=game.pending,
            out=game.setup.out,
            points=game.variant.points(game.players),
        )

    @property
    def my_turn(self) -> bool:
        return self.decision is not None

    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat cannot see: other hands and the stock, in deck order."""
        seen = set(self.hand) | set(self.table) | set(self.out)
        for p in self.piles:
            seen.update(p)
        if self.pending is not None:
            seen.add(self.pending)
        return tuple(c for c in DECK if c not in seen)

    def value(self, card: Card) -> int:
        """What ``card`` scores in this game."""
        return self.points[card.index]

    def matches(self, card: Card) -> tuple[Card, ...]:
        """Table cards that ``card`` would pair with, in table order."""
        return tuple(c for c in self.table if c.rank == PARTNER[card.rank])

    def _repr_html_(self) -> str:
        """In a notebook, a seat's view draws itself: its hand, the table, the stock's size, the piles."""
        from mainmerah.families.fishing.ui.art import view_html

        return view_html(self)
