"""Cards, their notation, pairing classes and points.

There are exactly 52 ``Card`` objects; parsing returns the shared instance, so
cards compare by identity and hash by their index (fast in simulations).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from .i18n import _

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("H", "D", "C", "S")
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = frozenset({"H", "D"})

# Rank numbers 1..13. The partner of a rank is the rank it pairs with.
PARTNER: tuple[int, ...] = (0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 11, 12, 13)
# Pairing classes {A,9} {2,8} {3,7} {4,6} {5} {10} {J} {Q} {K}, numbered 0..8.
PAIR_CLASS: tuple[int, ...] = (-1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 5, 6, 7, 8)
SELF_PAIRING = frozenset({5, 10, 11, 12, 13})


class CardError(ValueError):
    """A card token that is not a card in RULES.md notation (or not allowed here)."""


def rank_points(rank: int) -> int:
    """Points of a red card of this rank (black cards score 0)."""
    if rank == 1:
        return 20
    if rank >= 9:
        return 10
    return rank


class Card:
    """One of the 52 cards. Build with :meth:`parse` or :meth:`of`."""

    __slots__ = ("index", "rank", "suit", "red", "points", "partner", "pair_class", "_text")
    _all: ClassVar[list[Card]] = []

    index: int
    rank: int
    suit: str
    red: bool
    points: int
    partner: int
    pair_class: int
    _text: str

    def __new__(cls, rank: int, suit: str) -> Card:
        if not cls._all:
            raise TypeError("use Card.parse() or Card.of()")  # pragma: no cover
        return cls.of(rank, suit)

    @classmethod
    def _make(cls, index: int, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        card.index = index
        card.rank = rank
        card.suit = suit
        card.red = suit in RED_SUITS
        card.points = rank_points(rank) if card.red else 0
        card.partner = PARTNER[rank]
        card.pair_class = PAIR_CLASS[rank]
        card._text = RANKS[rank - 1] + SUIT_SYMBOLS[suit]
        return card

    @classmethod
    def of(cls, rank: int | str, suit: str) -> Card:
        if isinstance(rank, str):
            return cls.parse(rank + suit)
        s = suit.upper()
        if not 1 <= rank <= 13 or s not in SUITS:
            raise CardError(_("no card with rank {rank!r} and suit {suit!r}").format(rank=rank, suit=suit))
        return cls._all[SUITS.index(s) * 13 + rank - 1]

    @classmethod
    def from_index(cls, index: int) -> Card:
        return cls._all[index]

    @classmethod
    def parse(cls, token: str | Card) -> Card:
        """Parse ``"10h"``, ``"A♥"``, ``"td"``, ``"A♥️"``… (case-insensitive)."""
        if isinstance(token, Card):
            return token
        if not isinstance(token, str):
            raise CardError(_("not a card: {token!r} (expected text such as '10H' or 'A♠')").format(token=token))
        card = _LOOKUP.get(token.strip().upper().replace("\ufe0f", ""))
        if card is None:
            raise CardError(_(
                "not a card: {token!r} (write a rank A 2-10 J Q K, or T for ten, "
                "then a suit H D C S or ♥ ♦ ♣ ♠, e.g. '10H' or 'A♠')"
            ).format(token=token))
        return card

    def pairs_with(self, other: Card) -> bool:
        return self.partner == other.rank

    @property
    def color(self) -> str:
        return "red" if self.red else "black"

    @property
    def rank_text(self) -> str:
        return RANKS[self.rank - 1]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self.suit]

    def name(self) -> str:
        """Accessible name, e.g. "seven of hearts, red, 7 points"."""
        return _("{rank} of {suit}, {color}, {points}").format(
            rank=rank_name(self.rank),
            suit=suit_name(self.suit),
            color=_("red") if self.red else _("black"),
            points=points_text(self.points),
        )

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    # Cards are the 52 shared instances, so the default identity equality is
    # exact (and fast); the hash is the index so set order is reproducible.
    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return (self.rank, self.suit) < (other.rank, other.suit)

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def _repr_html_(self) -> str:
        from .svg import card_html

        return card_html(self)


def rank_name(rank: int) -> str:
    names = (
        _("ace"), _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"),
        _("eight"), _("nine"), _("ten"), _("jack"), _("queen"), _("king"),
    )
    return names[rank - 1]


def suit_name(suit: str) -> str:
    return {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades")}[suit]


def points_text(points: int) -> str:
    return _("1 point") if points == 1 else _("{n} points").format(n=points)


def _build() -> dict[str, Card]:
    lookup: dict[str, Card] = {}
    for s_index, suit in enumerate(SUITS):
        for r_index, rank in enumerate(RANKS):
            card = Card._make(s_index * 13 + r_index, r_index + 1, suit)
            Card._all.append(card)
            rank_tokens = [rank] + (["T"] if rank == "10" else [])
            for rt in rank_tokens:
                for st in (suit, SUIT_SYMBOLS[suit]):
                    lookup[rt + st] = card
    return lookup


_LOOKUP = _build()
DECK: tuple[Card, ...] = tuple(Card._all)


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse a list of cards: ``"AH 9d 10♣"`` (spaces or commas) or an iterable."""
    if isinstance(text, str):
        tokens = [t for t in text.replace(",", " ").split() if t]
    else:
        tokens = list(text)
    return [Card.parse(t) for t in tokens]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
