"""What one seat may see of an In The Red game, and nothing more.

Its own hand; how many cards the others hold; every stack (top card and the cards under
it, all played face up); the round's discards; which discards went into whose hand (handed
out face up, so known until played); the pack's size; the totals. Never another hand, a
card someone else drew, nor the pack's order; the repr is made of these fields only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mainmerah.core.cards import Card
from mainmerah.families.in_the_red.rules import game_cards, high, legal_moves, losers

if TYPE_CHECKING:
    from mainmerah.families.in_the_red.state import InTheRed


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    deal: int  # 1 for the first deal
    round: int  # 1 for a deal's first round
    dealer: int
    starter: int  # who started the round under way
    to_move: int | None  # None when the game is over
    hand: tuple[Card, ...]  # sorted by suit, then rank (Ace high)
    hand_sizes: tuple[int, ...]
    stacks: tuple[tuple[Card, ...], ...]  # bottom first; the top card is the last
    discards: tuple[tuple[int, Card], ...]  # the round's discards so far: (by seat, card)
    known: tuple[tuple[Card, ...], ...]  # discards handed into each hand and not played since
    pack_size: int
    scores: tuple[int, ...]  # running totals; lower is better
    over: bool

    @classmethod
    def of(cls, game: InTheRed, seat: int) -> SeatView:
        over = game.is_over
        return cls(
            seat=seat, players=game.players, deal=game.deal_number, round=game.round_number, dealer=game.dealer,
            starter=game.starter, to_move=None if over else game.seat,
            hand=tuple(sorted(game.hands[seat], key=hand_key)),
            hand_sizes=tuple(len(h) for h in game.hands),
            stacks=tuple(tuple(st) for st in game.stacks),
            discards=tuple(game.discards),
            known=tuple(tuple(sorted(k, key=hand_key)) for k in game.known),
            pack_size=game.pack_size, scores=game.scores, over=over,
        )

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def tops(self) -> tuple[Card, ...]:
        return tuple(st[-1] for st in self.stacks)

    @property
    def legal(self) -> list[str]:
        """This seat's legal actions when it is to move (else none)."""
        if not self.my_turn:
            return []
        return [f"discard {c}" if s is None else f"{c}@{s}" for c, s in legal_moves(self.hand, self.tops)]

    def in_the_red(self) -> tuple[int, ...]:
        """Who would lose the round if it ended now."""
        return losers(self.tops)[0]

    def unseen(self) -> Counter[Card]:
        """The cards this seat cannot place: the other hands' unknown cards and the pack, as a multiset."""
        left = Counter(game_cards(self.players))
        left.subtract(self.hand)
        for st in self.stacks:
            left.subtract(st)
        left.subtract(c for _s, c in self.discards)
        for s, k in enumerate(self.known):
            if s != self.seat:
                left.subtract(k)
        return +left


def hand_key(card: Card) -> tuple[int, int]:
    return "HDCS".index(card.suit), high(card)
