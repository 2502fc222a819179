"""Dealing the fishing games: the set-up fixed before the first decision, the shuffle and
the redeals a ruleset demands, and the checks that refuse an impossible set-up."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from mainmerah.core.cards import PACK, Card, CardError, parse_cards
from mainmerah.core.errors import LayoutError
from mainmerah.core.i18n import _
from mainmerah.families.fishing.events import Redeal
from mainmerah.families.fishing.rules import Ruleset, get_ruleset

DECK = PACK


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first decision."""

    players: int
    variant: str  # the ruleset's name: classic, cardgames, jb, chinese-ten
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]  # stock[0] is the top card
    first: int
    dealer: int = 0
    seed: int | None = None
    piles: tuple[tuple[Card, ...], ...] = ()
    redeals: tuple[Redeal, ...] = ()
    # Why ``first`` starts when the deal alone cannot tell ("lowest": a match's later game); else "".
    opener: str = field(default="", compare=False)

    @property
    def first_why(self) -> str:
        """Why ``first`` plays first (the Deal event says it): the given ``opener``, else :func:`first_reason`."""
        return self.opener or first_reason(self)

    @cached_property
    def out(self) -> tuple[Card, ...]:
        """Cards not in this set-up at all (only for partial teaching layouts). Kept once worked out: every seat's
        view names them, and the search's worlds make thousands of views."""
        used = set(self.table) | set(self.stock)
        for h in self.hands:
            used.update(h)
        for p in self.piles:
            used.update(p)
        return tuple(c for c in DECK if c not in used)


def check_layout(setup: Setup) -> None:
    """Refuse an impossible set-up with the reason (no card twice, counts that fit)."""
    n = setup.players
    rules = get_ruleset(setup.variant)
    if n not in rules.sizes:
        if rules.game == "main-merah":
            raise LayoutError(_("Main Merah is for 2 or 3 players, not {n}").format(n=n))
        raise LayoutError(_("{game} is for {low} to {high} players, not {n}").format(
            game=_(rules.title), low=min(rules.sizes), high=max(rules.sizes), n=n))
    if len(setup.hands) != n:
        raise LayoutError(_("{n} players need {n} hands, got {got}").format(n=n, got=len(setup.hands)))
    if setup.piles and len(setup.piles) != n:
        raise LayoutError(_("{n} players need {n} piles, got {got}").format(n=n, got=len(setup.piles)))
    if not 0 <= setup.first < n:
        raise LayoutError(_("first player must be a seat 0..{last}, not {first}").format(last=n - 1, first=setup.first))
    if not 0 <= setup.dealer < n:
        raise LayoutError(_("the dealer must be a seat 0..{last}, not {dealer}").format(
            last=n - 1, dealer=setup.dealer))
    seen: dict[Card, str] = {}
    places = [(_("seat {i}'s hand").format(i=i), h) for i, h in enumerate(setup.hands)]
    places += [(_("the table"), setup.table), (_("the stock"), setup.stock)]
    places += [(_("seat {i}'s pile").format(i=i), p) for i, p in enumerate(setup.piles)]
    for where, cards in places:
        for c in cards:
            if not isinstance(c, Card) or c.joker:
                raise LayoutError(_("{where} holds {c!r}, which is not a card").format(where=where, c=c))
            if c in seen:
                raise LayoutError(_("{c} appears twice: in {first_place} and in {where}").format(
                    c=c, first_place=seen[c], where=where))
            seen[c] = where
    sizes = [len(setup.hands[(setup.first + k) % n]) for k in range(n)]
    # Seats in turn order from the first: each has as many cards as the next, or one more.
    if any(sizes[k] < sizes[k + 1] for k in range(n - 1)) or sizes[0] - sizes[-1] > 1:
        raise LayoutError(_(
            "hand sizes do not fit the turn order: starting with seat {first}, the hands hold {sizes} cards "
            "(each seat plays one card a turn)"
        ).format(first=setup.first, sizes=sizes))
    if len(setup.stock) != sum(sizes):
        raise LayoutError(_(
            "the stock must hold one card per hand card ({need}), not {got}: "
            "every turn plays one hand card and flips one stock card"
        ).format(need=sum(sizes), got=len(setup.stock)))
    for p in setup.piles:
        if len(p) % 2 and not rules.sweep_three:  # Chinese Ten's captures of three and four are odd
            raise LayoutError(_("a capture pile holds pairs, so an even number of cards"))


# Only a random first player draws from an RNG (that case deals again above): the others ignore it, so one
# shared instance will do (seeding a fresh one per game cost the engine ~3% of a whole game).
_UNUSED_RNG = random.Random(0)


def first_reason(setup: Setup) -> str:
    """Why the set-up's first player starts, per the rule book, as far as the set-up tells.

    "dealer" (classic: the dealer starts), "after-dealer" (cardgames, Chinese Ten: the seat after the
    dealer), "random" (jb: drawn at random from the seed), "lowest" (a later game of a Main Merah match:
    the lowest scorer of the game before starts), "set" (a position laid out by hand with its own first).
    """
    rules = get_ruleset(setup.variant)
    if rules.random_first:
        if setup.seed is not None and deal(setup.players, rules, setup.seed, setup.dealer).first == setup.first:
            return "random"
    elif rules.first_player(setup.dealer, setup.players, _UNUSED_RNG) == setup.first:
        return "dealer" if setup.first == setup.dealer else "after-dealer"
    return "set" if setup.seed is None else "lowest"


def deal(
    players: int = 2, variant: str | Ruleset = "classic", seed: int | None = None, dealer: int = 0,
    first: int | None = None, opener: str = "",
) -> Setup:
    """Shuffle with ``random.Random(seed)`` and deal, redealing while the ruleset demands.

    ``opener`` says why a given ``first`` starts ("lowest": the lowest scorer of a match's game before).
    """
    v = get_ruleset(variant)
    if players not in v.sizes:
        if v.game == "main-merah":
            raise ValueError(f"Main Merah is for 2 or 3 players, not {players!r}")
        raise ValueError(f"{v.title} is for {min(v.sizes)} to {max(v.sizes)} players, not {players!r}")
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    hand, table_n, _stock_n = v.sizes[players]
    redeals: list[Redeal] = []
    while True:
        cards = list(DECK)
        rng.shuffle(cards)
        start = hand * players
        table = tuple(cards[start : start + table_n])
        bad = v.redeal_rank(table)
        if bad is None:
            break
        redeals.append(Redeal(len(redeals) + 1, table, bad, sum(c.rank == bad for c in table), v.name))
    hands = tuple(tuple(cards[i * hand : (i + 1) * hand]) for i in range(players))
    if first is None:
        first = v.first_player(dealer, players, rng)
    elif not 0 <= first < players:
        raise ValueError(f"first player must be a seat 0..{players - 1}, not {first!r}")
    return Setup(
        players, v.name, hands, table, tuple(cards[start + table_n :]), first, dealer, seed,
        redeals=tuple(redeals), opener=opener,
    )


def _cards(value: Iterable[str | Card] | str, what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(value))
    except CardError as e:
        raise CardError(_("{what}: {e}").format(what=what, e=e)) from None
