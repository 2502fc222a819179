"""Dealing Red Ten: the set-up fixed before the first decision, the shuffle and the deal one card
at a time from the dealer's left, and the checks that refuse an impossible explicit deal."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mainmerah.core.cards import PACK_WITH_JOKERS, Card, parse_cards
from mainmerah.core.errors import LayoutError
from mainmerah.core.i18n import _
from mainmerah.families.red_ten.rules import SEATS


@dataclass(frozen=True)
class Setup:
    hands: tuple[tuple[Card, ...], ...]  # as dealt, by seat
    dealer: int
    seed: int | None = None
    variant: str = "standard"


def deal_sizes(dealer: int) -> tuple[int, ...]:
    """14 cards to the two seats after the dealer, 13 to the other two (choice)."""
    return tuple(14 if (s - dealer - 1) % SEATS < 2 else 13 for s in range(SEATS))


def deal(rng: random.Random, dealer: int) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the 54 cards and deal them one at a time, starting after the dealer."""
    pack = list(PACK_WITH_JOKERS)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(SEATS)]
    for i, card in enumerate(pack):
        hands[(dealer + 1 + i) % SEATS].append(card)
    return tuple(tuple(h) for h in hands)


def checked_hands(hands: Sequence[Any], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """An explicit deal's four hands as cards, refused with the reason unless they hold all 54 cards
    once each, as many to each seat as the deal gives it (:func:`deal_sizes`)."""
    if len(hands) != SEATS:
        raise LayoutError(_("Red Ten needs 4 hands, not {n}").format(n=len(hands)))
    if not isinstance(dealer, int) or not 0 <= dealer < SEATS:
        raise LayoutError(_("the dealer is a seat 0-3, not {d!r}").format(d=dealer))
    parsed = tuple(tuple(parse_cards(h)) for h in hands)
    seen: set[Card] = set()
    for h in parsed:
        for c in h:
            if c in seen:
                raise LayoutError(_("{card} is dealt twice").format(card=c))
            seen.add(c)
    missing = [c for c in PACK_WITH_JOKERS if c not in seen]
    if missing:
        raise LayoutError(_("all 54 cards are dealt; missing: {cards}").format(
            cards=" ".join(map(str, missing))))
    sizes = deal_sizes(dealer)
    for s, h in enumerate(parsed):
        if len(h) != sizes[s]:
            raise LayoutError(_("seat {seat} is dealt {want} cards (dealer {dealer}), not {n}").format(
                seat=s, want=sizes[s], dealer=dealer, n=len(h)))
    return parsed
