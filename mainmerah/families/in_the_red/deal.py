"""Setting up a deal: the seeded dealer draw, the shuffled layout, and checking an explicit layout."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from mainmerah.core.cards import Card, cards_text, parse_cards
from mainmerah.core.errors import LayoutError
from mainmerah.core.i18n import _
from mainmerah.families.in_the_red.events import DealerDraw
from mainmerah.families.in_the_red.rules import HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, game_cards, high


class Layout(NamedTuple):
    """One deal's cards: each hand, each stack (bottom first), the pack (top first)."""

    hands: tuple[tuple[Card, ...], ...]
    stacks: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]


def check_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise LayoutError(_("In The Red is for {lo} to {hi} players, not {n!r}").format(
            lo=MIN_PLAYERS, hi=MAX_PLAYERS, n=players))
    return players


def rng_for(seed: int, *what: object) -> random.Random:
    """A Random derived from the set-up's seed and what it is for, so a replay draws the same."""
    return random.Random(":".join(str(w) for w in (seed, *what)))


def dealer_draw(seed: int, players: int) -> tuple[int, list[DealerDraw]]:
    """(choice) Each player draws a card, the highest black deals; with no black card, or a tie
    for the highest black, those players draw again (from a freshly shuffled pack each time)."""
    cards = game_cards(players)
    seats: tuple[int, ...] = tuple(range(players))
    draws: list[DealerDraw] = []
    while True:
        drawn = tuple(rng_for(seed, "draw", len(draws)).sample(cards, len(seats)))
        blacks = [high(c) for c in drawn if not c.red]
        if not blacks:
            again = seats
        else:
            best = max(blacks)
            again = tuple(s for s, c in zip(seats, drawn, strict=True) if not c.red and high(c) == best)
        dealer = again[0] if blacks and len(again) == 1 else None
        draws.append(DealerDraw(len(draws), seats, drawn, dealer, () if dealer is not None else again))
        if dealer is not None:
            return dealer, draws
        seats = again


def shuffled(seed: int, deal: int, players: int, dealer: int) -> Layout:
    """The seeded deal number ``deal`` (0 first): 5 cards each one at a time from the dealer's left,
    then one face-up card per stack in the same order, the rest is the pack."""
    cards = list(game_cards(players))
    rng_for(seed, "deal", deal).shuffle(cards)
    order = [(dealer + 1 + i) % players for i in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    at = 0
    for _round in range(HAND_SIZE):
        for s in order:
            hands[s].append(cards[at])
            at += 1
    stacks: list[tuple[Card, ...]] = [() for _ in range(players)]
    for s in order:
        stacks[s] = (cards[at],)
        at += 1
    return Layout(tuple(tuple(h) for h in hands), tuple(stacks), tuple(cards[at:]))


def _cards(value: str | Sequence[str | Card], what: str) -> tuple[Card, ...]:
    return tuple(parse_cards(value))  # CardError names the bad token


def layout_of(hands: Sequence[str | Sequence[str | Card]], stacks: Sequence[str | Sequence[str | Card]],
              pack: str | Sequence[str | Card], players: int | None = None) -> Layout:
    """An explicit layout, checked: a hand and a stack per seat, each non-empty, and together
    with the pack exactly the game's cards (one pack for 2-5 players, two for 6-10)."""
    if isinstance(hands, str) or isinstance(stacks, str):
        raise LayoutError(_("hands and stacks are lists, one per seat"))
    n = check_players(len(hands) if players is None else players)
    if len(hands) != n or len(stacks) != n:
        raise LayoutError(_("{n} players need {n} hands and {n} stacks, not {h} and {s}").format(
            n=n, h=len(hands), s=len(stacks)))
    hs = tuple(_cards(h, "hand") for h in hands)
    ss = tuple(_cards(s, "stack") for s in stacks)
    pk = _cards(pack, "pack")
    for seat, h in enumerate(hs):
        if not h:
            raise LayoutError(_("seat {seat}'s hand is empty: every hand needs a card").format(seat=seat))
    for seat, s in enumerate(ss):
        if not s:
            raise LayoutError(_("seat {seat}'s stack is empty: every stack needs a face-up card").format(seat=seat))
    have = Counter(c for group in (*hs, *ss, pk) for c in group)
    want = Counter(game_cards(n))
    extra, short = have - want, want - have
    if extra:
        raise LayoutError(_("too many of {cards}: {n} players play with {packs} of 52").format(
            cards=cards_text(sorted(extra.elements())), n=n, packs=_("one pack") if want == Counter(
                game_cards(2)) else _("two packs")))
    if short:
        raise LayoutError(_("missing from the layout: {cards}").format(cards=cards_text(sorted(short.elements()))))
    return Layout(hs, ss, pk)
