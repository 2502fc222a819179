"""The fishing rulesets: Main Merah's named variants and Chinese Ten.

Everything the fishing engine, its fast path, the hints and the lessons need to know
about a game lives here: the pairing rule (the capture rule, written once), the points
of each card for each number of players, the sizes of the deal, what a bad starting
table does (redeal, or the Chinese Ten treatment), who plays first, and whether the
player chooses among several captures.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import ClassVar

from mainmerah.core.cards import PACK, RANKS, Card, card_label, rank_name, rank_plural
from mainmerah.core.i18n import N_, _
from mainmerah.core.words import mark

# Rank numbers 1..13. The partner of a rank is the rank it pairs with.
PARTNER: tuple[int, ...] = (0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 11, 12, 13)
# Pairing classes {A,9} {2,8} {3,7} {4,6} {5} {10} {J} {Q} {K}, numbered 0..8.
PAIR_CLASS: tuple[int, ...] = (-1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 5, 6, 7, 8)
SELF_PAIRING = frozenset({5, 10, 11, 12, 13})
TOTAL_POINTS = 210  # Main Merah: the red cards' points
ACE, SPADES_ACE, CLUBS_ACE = 1, Card.parse("AS"), Card.parse("AC")

SETUP_SIZES: dict[int, tuple[int, int, int]] = {2: (10, 12, 20), 3: (7, 10, 21)}
"""Main Merah: players -> (hand each, table, stock)."""
CHINESE_TEN_SIZES: dict[int, tuple[int, int, int]] = {2: (12, 4, 24), 3: (8, 4, 24), 4: (6, 4, 24)}


def rank_points(rank: int) -> int:
    """Points of a red card of this rank (black cards score 0 in Main Merah)."""
    if rank == 1:
        return 20
    if rank >= 9:
        return 10
    return rank


def pairs_with(card: Card, other: Card) -> bool:
    """The pairing rule: A-9, 2-8, 3-7, 4-6, 5-5, and 10, J, Q, K each with its own rank."""
    return PARTNER[card.rank] == other.rank


def matches(card: Card, table: Sequence[Card]) -> list[Card]:
    """The table cards ``card`` pairs with, in table order (longest-lying first)."""
    partner = PARTNER[card.rank]
    return [c for c in table if c.rank == partner]


def _points_table(black_aces: dict[Card, int] | None = None) -> tuple[int, ...]:
    points = [rank_points(c.rank) if c.red else 0 for c in PACK] + [0, 0]  # jokers: no fishing card
    for card, value in (black_aces or {}).items():
        points[card.index] = value
    return tuple(points)


MAIN_MERAH_POINTS = _points_table()


def main_merah_points(card: Card) -> int:
    """A card's points in Main Merah (and in Chinese Ten for two players)."""
    return MAIN_MERAH_POINTS[card.index]


class Ruleset:
    """One fishing game's rules; subclasses set the class attributes."""

    name: ClassVar[str]  # the variant's name, as a save file and a deal code spell it
    game: ClassVar[str] = "main-merah"  # the registry's game this ruleset belongs to
    title: ClassVar[str] = "Main Merah"
    source: ClassVar[str]
    sizes: ClassVar[dict[int, tuple[int, int, int]]] = SETUP_SIZES
    # Ranks that force a redeal when 3+ of them lie on the starting table.
    redeal_ranks: ClassVar[frozenset[int]] = frozenset()
    auto_capture: ClassVar[bool] = False  # (jb's hidden stock is every variant's: a seat's view has its size only)
    # Chinese Ten: the fourth card of a rank takes all three on the table, and four of a
    # kind on the starting table go to the dealer.
    sweep_three: ClassVar[bool] = False
    dealer_takes_four: ClassVar[bool] = False
    random_first: ClassVar[bool] = False  # jb: the first player of a game is drawn at random

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(self.sizes)

    def points(self, players: int) -> tuple[int, ...]:
        """Each card's points (by card index) with this many players."""
        return MAIN_MERAH_POINTS

    def total(self, players: int) -> int:
        return sum(self.points(players))

    def card_points(self, card: Card, players: int = 2) -> int:
        return self.points(players)[card.index]

    def matching(self, card: Card, table: Sequence[Card]) -> list[Card]:
        """The capture rule: the table cards ``card`` pairs with, in table order (longest-lying first).

        None: the card stays. One: it is taken. Several: the player chooses one (or the
        ruleset's automatic choice does), unless :meth:`takes_all` says they all go at once.
        """
        partner = PARTNER[card.rank]
        return [c for c in table if c.rank == partner]

    def takes_all(self, card: Card, found: Sequence[Card]) -> bool:
        """Chinese Ten: the fourth card of a self-pairing rank takes the three on the table at once."""
        return self.sweep_three and len(found) == 3 and card.rank in SELF_PAIRING

    def captures(self, card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Each way ``card`` may take from ``table``: the cards taken together."""
        found = self.matching(card, table)
        return [tuple(found)] if self.takes_all(card, found) else [(c,) for c in found]

    def auto_choice(self, options: Sequence[Card]) -> Card:
        """The jb rule: a red card before a black one, then the one longest on the table."""
        return next((c for c in options if c.red), options[0])

    def redeal_rank(self, table: Sequence[Card]) -> int | None:
        counts = Counter(c.rank for c in table)
        bad = sorted(r for r, n in counts.items() if n >= 3 and r in self.redeal_ranks)
        return bad[0] if bad else None

    def redeal_reason(self, table: Sequence[Card]) -> str | None:
        """Why this starting table must be redealt, or None when it is playable."""
        rank = self.redeal_rank(table)
        if rank is None:
            return None
        return self.redeal_text(rank, sum(c.rank == rank for c in table))

    def redeal_text(self, rank: int, n: int) -> str:
        what = _("{n} {ranks} on the table").format(n=n, ranks=rank_plural(rank))  # n >= 3
        if rank in SELF_PAIRING:
            why = _("a {rank} pairs only with another {rank}, so they could never all be captured").format(
                rank=rank_name(rank)
            )
        else:
            why = _("the {variant} variant allows at most two cards of any rank on the starting table").format(
                variant=self.name
            )
        return what + mark(": ") + why

    def four_of_a_kind(self, table: Sequence[Card]) -> tuple[Card, ...]:
        """The starting table's cards the dealer takes before play (Chinese Ten), else ()."""
        if not self.dealer_takes_four:
            return ()
        ranks = {c.rank for c in table}
        if len(table) == 4 and len(ranks) == 1 and ranks <= SELF_PAIRING:
            return tuple(table)
        return ()

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return dealer

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


_STRICT = SELF_PAIRING


class Classic(Ruleset):
    """Seed 000's main rules: the dealer starts, the player chooses captures."""

    name = "classic"
    source = "seed 000, main rules"
    redeal_ranks = _STRICT


class CardGames(Ruleset):
    """Seed 001: the player left of the dealer (the next seat) starts."""

    name = "cardgames"
    source = "seed 001"
    redeal_ranks = _STRICT

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return (dealer + 1) % players


class JB(Ruleset):
    """JB Games house rule: stricter redeal, random first player, automatic captures."""

    name = "jb"
    source = "seed 000, JB Games House Rule"
    redeal_ranks = frozenset(range(1, 14))
    auto_capture = True
    random_first = True

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return rng.randrange(players)


_CT_POINTS = {2: MAIN_MERAH_POINTS, 3: _points_table({SPADES_ACE: 30}),
              4: _points_table({SPADES_ACE: 30, CLUBS_ACE: 40})}


class ChineseTen(Ruleset):
    """Chinese Ten (拣红点): 2-4 players, four table cards, no redeal, black Aces score with 3-4."""

    name = "chinese-ten"
    game = "chinese-ten"
    title = "Chinese Ten"
    source = "pagat.com and copies; Games4All (rule book: chinese-ten.md)"
    sizes = CHINESE_TEN_SIZES
    sweep_three = True
    dealer_takes_four = True

    def points(self, players: int) -> tuple[int, ...]:
        return _CT_POINTS.get(players, MAIN_MERAH_POINTS)

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return (dealer + 1) % players


Variant = Ruleset  # the older name: Main Merah's rulesets were its "variants"
VARIANTS: dict[str, type[Ruleset]] = {v.name: v for v in (Classic, CardGames, JB)}
"""Main Merah's named variants (the rulesets of the game ``main-merah``)."""
RULESETS: dict[str, type[Ruleset]] = {**VARIANTS, ChineseTen.name: ChineseTen}

GAME_TITLES = {"main-merah": N_("Main Merah"), "chinese-ten": N_("Chinese Ten")}


_SHARED: dict[str, Ruleset] = {}  # rulesets hold no state: one instance each serves every game


def get_ruleset(name: str | Ruleset) -> Ruleset:
    """A ruleset by name (``"classic"``, ``"cardgames"``, ``"jb"``, ``"chinese-ten"``) or instance."""
    if isinstance(name, Ruleset):
        return name
    shared = _SHARED.get(name)
    if shared is not None:
        return shared
    cls = RULESETS.get(str(name).strip().lower())
    if cls is None:
        raise ValueError(f"unknown variant {name!r}: choose one of {', '.join(RULESETS)}")
    ruleset = _SHARED[name] = cls()
    return ruleset


get_variant = get_ruleset


def card_name(card: Card, points: int | None = None) -> str:
    """Accessible name with the card's points (Main Merah's unless given), e.g. "seven of hearts, red, 7 points"."""
    return card_label(card, main_merah_points(card) if points is None else points)


def rank_label(rank: int) -> str:
    return RANKS[rank - 1]


def main_merah_card_points(card: Card, players: int = 2) -> int:
    """What a card scores in Main Merah (every ruleset counts the same points)."""
    return get_ruleset("classic").card_points(card, players)


def chinese_ten_card_points(card: Card, players: int = 4) -> int:
    """What a card scores in Chinese Ten with ``players`` (its black Aces depend on them)."""
    return get_ruleset("chinese-ten").card_points(card, players)


# ----- scoring a pile card by card -------------------------------------------------
def pile_points(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> int:
    return sum(points[c.index] for c in cards)


def score_card(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """``"A♥ 20 + 9♦ 10 + 7♣ 0 = 30"``; an empty pile scores 0. ``points``: the ruleset's, by card index."""
    cards = list(cards)
    if not cards:
        return _("no cards captured = 0")
    return " + ".join(f"{c} {points[c.index]}" for c in cards) + f" = {pile_points(cards, points)}"


def red_only_card(cards: Iterable[Card], points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """A shorter form that lists only the scoring cards (red, and Chinese Ten's black Aces)."""
    cards = list(cards)
    scoring = [c for c in cards if points[c.index]]
    rest = len(cards) - len(scoring)
    parts = " + ".join(f"{c} {points[c.index]}" for c in scoring) or "0"
    tail = _(" (+ {n} black cards worth 0)").format(n=rest) if rest else ""
    return f"{parts}{tail} = {pile_points(cards, points)}"
