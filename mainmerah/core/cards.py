"""Playing cards with no game rule in them: rank, suit, colour, notation; jokers; packs.

There are exactly 54 ``Card`` objects (52 and two jokers). Parsing returns the shared
instance, so cards compare by identity and hash by their index, which keeps simulations
fast. A game that uses two packs holds the same card twice: copies are never told apart.
What a card is worth, what it pairs with or beats is the business of each game's rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from mainmerah.core.i18n import N_, _

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("H", "D", "C", "S")
SUIT_SYMBOLS: dict[str, str] = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = frozenset({"H", "D"})
SMALL_JOKER, BIG_JOKER = 14, 15  # jokers' rank numbers; their suit is ""
JOKER_TEXT = {SMALL_JOKER: "SJ", BIG_JOKER: "BJ"}


class CardError(ValueError):
    """A card token that is not a card in the rule books' notation (or not allowed here)."""


class Card:
    """One of the 54 cards. Build with :meth:`parse` or :meth:`of`."""

    __slots__ = ("index", "rank", "suit", "red", "joker", "_text")
    _all: ClassVar[list[Card]] = []

    index: int
    rank: int  # 1 (Ace) .. 13 (King); 14 small joker, 15 big joker
    suit: str  # "H" "D" "C" "S"; "" for a joker
    red: bool
    joker: bool
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
        card.joker = rank > 13
        card._text = JOKER_TEXT[rank] if card.joker else RANKS[rank - 1] + SUIT_SYMBOLS[suit]
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
        """Parse ``"10h"``, ``"A♥"``, ``"td"``, ``"A♥️"``, ``"sj"``… (case-insensitive)."""
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

    @property
    def color(self) -> str:
        return "red" if self.red else "black"

    @property
    def rank_text(self) -> str:
        return JOKER_TEXT[self.rank] if self.joker else RANKS[self.rank - 1]

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS.get(self.suit, "")

    def name(self) -> str:
        """Accessible name with no game's points, e.g. "seven of hearts, red"."""
        if self.joker:
            return _("small joker") if self.rank == SMALL_JOKER else _("big joker")
        return _("{rank} of {suit}, {color}").format(
            rank=rank_name(self.rank), suit=suit_name(self.suit), color=_("red") if self.red else _("black"))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card('{self._text}')"

    # Cards are the 54 shared instances, so the default identity equality is
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
        from mainmerah.draw.svg import card_html  # display hook only: drawing is loaded when a notebook shows a card

        return card_html(self)


def rank_name(rank: int) -> str:
    names = (
        _("ace"), _("two"), _("three"), _("four"), _("five"), _("six"), _("seven"),
        _("eight"), _("nine"), _("ten"), _("jack"), _("queen"), _("king"),
    )
    return names[rank - 1]


# A rank said of several cards ("three sixes"), by rank (1 = ace .. 13 = king): English adds no plain "s"
# to "six"; a language without plurals translates each as the rank's own name.
_RANK_PLURALS = (
    N_("aces"), N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"), N_("sevens"),
    N_("eights"), N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"),
)


def rank_plural(rank: int) -> str:
    """The name of several cards of ``rank``: "sixes", "aces"."""
    return _(_RANK_PLURALS[rank - 1])


def suit_name(suit: str) -> str:
    return {"H": _("hearts"), "D": _("diamonds"), "C": _("clubs"), "S": _("spades")}[suit]


def points_text(points: int) -> str:
    return _("1 point") if points == 1 else _("{n} points").format(n=points)


def card_label(card: Card, points: int | None = None) -> str:
    """A card's name for its hover text and screen readers, e.g. "seven of hearts, red".

    Game-neutral: its ``points`` are said ("seven of hearts, red, 7 points") only when the caller
    gives them, i.e. when the game shown counts points on its cards. Jokers keep their Chinese names.
    """
    if card.joker:
        return _("big joker (大王)") if card.rank == BIG_JOKER else _("small joker (小王)")
    if points is None:
        return card.name()
    return _("{rank} of {suit}, {color}, {points}").format(
        rank=rank_name(card.rank), suit=suit_name(card.suit), color=_("red") if card.red else _("black"),
        points=points_text(points))


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
    for joker, text in JOKER_TEXT.items():
        card = Card._make(len(Card._all), joker, "")
        Card._all.append(card)
        lookup[text] = card
    return lookup


_LOOKUP = _build()
PACK: tuple[Card, ...] = tuple(Card._all[:52])
"""The 52-card pack, in index order (hearts, diamonds, clubs, spades; A..K)."""
JOKERS: tuple[Card, ...] = tuple(Card._all[52:])
PACK_WITH_JOKERS: tuple[Card, ...] = PACK + JOKERS


def packs(n: int = 1, jokers: bool = False) -> tuple[Card, ...]:
    """``n`` packs together (a card appears ``n`` times), with or without their jokers."""
    if n < 1:
        raise ValueError(f"a number of packs is 1 or more, not {n!r}")
    return (PACK_WITH_JOKERS if jokers else PACK) * n


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse a list of cards: ``"AH 9d 10♣"`` (spaces or commas) or an iterable."""
    tokens: list[str | Card]
    if isinstance(text, str):
        tokens = [t for t in text.replace(",", " ").split() if t]
    else:
        tokens = list(text)
    return [Card.parse(t) for t in tokens]


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)
