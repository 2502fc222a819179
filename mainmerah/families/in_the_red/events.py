"""The frozen records of In The Red's event log; each explains itself (see :mod:`.explain`).

NamedTuples: cheap to make (simulations keep their log) and only put into words when asked.
Some hold what only one seat saw (a drawn card, the hand of a player who had to discard);
the explanations show that to that seat alone.
"""

from __future__ import annotations

from typing import NamedTuple

from mainmerah.core.cards import Card


def _explain(event: object, names: list[str] | None, you: int | None) -> str:
    from mainmerah.families.in_the_red.explain import explain  # the words are loaded when first asked for

    return explain(event, names, you)


class DealerDraw(NamedTuple):
    """One draw for the first dealer: who drew what; ``dealer`` is None when some must draw again."""

    number: int  # 0 for the first draw, then each redraw
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    dealer: int | None
    again: tuple[int, ...]  # who draws again (the tied, or all when no card was black)
    kind: str = "dealer-draw"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class DealStart(NamedTuple):
    number: int  # 1 for the first deal
    dealer: int
    starter: int
    stacks: tuple[Card, ...]  # each stack's top card
    hand_sizes: tuple[int, ...]
    pack_size: int
    packs: int
    kind: str = "deal"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class Placed(NamedTuple):
    seat: int
    card: Card
    stack: int
    top: Card  # the card it covered
    kind: str = "place"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class Discarded(NamedTuple):
    seat: int
    card: Card
    hand: tuple[Card, ...]  # the hand before discarding: shown only to its owner
    tops: tuple[Card, ...]
    kind: str = "discard"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class Reshuffled(NamedTuple):
    """The pack ran out when a loser had to draw: the cards under the stacks' tops became a new pack."""

    cards: int
    kind: str = "reshuffle"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class RoundEnd(NamedTuple):
    """Who lost the round, what they picked up (drawn cards are private) and who starts next."""

    number: int  # rounds of the deal, from 1
    tops: tuple[Card, ...]
    losers: tuple[int, ...]  # in the draw order: clockwise from the dealer's left
    red: bool  # lost on the highest red top (else on the lowest black)
    draws: tuple[tuple[int, Card | None], ...]  # None: the pack and the stacks were empty
    handouts: tuple[tuple[int, Card], ...]  # (to seat, discarded card), in the order handed out
    starter: int | None  # who starts the next round; None when the deal ends
    kind: str = "round"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class DealEnd(NamedTuple):
    number: int
    out: tuple[int, ...]  # the seats with no card left
    kind: str = "deal-end"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class Scored(NamedTuple):
    """One seat's score for a deal, card by card (the cards left are shown to everyone)."""

    seat: int
    cards: tuple[Card, ...]
    points: int
    total: int
    kind: str = "score"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


class GameEnd(NamedTuple):
    totals: tuple[int, ...]
    winners: tuple[int, ...]  # the lowest total; ties share the win
    kind: str = "game-end"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return _explain(self, names, you)


Event = DealerDraw | DealStart | Placed | Discarded | Reshuffled | RoundEnd | DealEnd | Scored | GameEnd
