"""In The Red's card rules: rank order (Ace high), card values, what fits where, who loses a round.

Pure functions on cards, shared by the engine, the bots and the explanations, so the rule is
written once. Rule book: ``shared/rules/in-the-red.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core.cards import PACK, Card, packs

HAND_SIZE = 5
TARGET = 100  # the game ends after a deal in which a total reaches this
MIN_PLAYERS, MAX_PLAYERS = 2, 10
TWO_PACKS_FROM = 6  # (choice) one pack for 2-5 players, two packs for 6-10

# Ace high: the core numbers an Ace 1, this game ranks it above the King.
_HIGH: tuple[int, ...] = tuple(14 if c.rank == 1 else c.rank for c in PACK)
_VALUE: tuple[int, ...] = tuple(10 if c.rank == 1 or c.rank >= 10 else c.rank for c in PACK)


def high(card: Card) -> int:
    """The card's place in the rank order, 2 (low) .. 14 (Ace, high)."""
    return _HIGH[card.index]


def value(card: Card) -> int:
    """What the card counts in a hand at the end of a deal: A K Q J 10 count 10, 2-9 their number."""
    return _VALUE[card.index]


def hand_value(cards: Sequence[Card]) -> int:
    return sum(_VALUE[c.index] for c in cards)


def fits(card: Card, top: Card) -> bool:
    """``card`` may go on a stack showing ``top``: same suit or same rank (the Eights rule)."""
    return card.suit == top.suit or card.rank == top.rank


def how_it_fits(card: Card, top: Card) -> str:
    """Why ``card`` fits on ``top``: "rank", "suit" or "both" (two packs: the same card); "" if it does not."""
    rank, suit = card.rank == top.rank, card.suit == top.suit
    return "both" if rank and suit else "rank" if rank else "suit" if suit else ""


def losers(tops: Sequence[Card]) -> tuple[tuple[int, ...], bool]:
    """The seats that lose the round, given each stack's top card, and whether it was on a red card.

    The highest red top loses (hearts and diamonds equal, every tie loses); with no red top,
    the lowest black top loses.
    """
    reds = [_HIGH[c.index] for c in tops if c.red]
    if reds:
        worst = max(reds)
        return tuple(s for s, c in enumerate(tops) if c.red and _HIGH[c.index] == worst), True
    worst = min(_HIGH[c.index] for c in tops)
    return tuple(s for s, c in enumerate(tops) if _HIGH[c.index] == worst), False


def danger(card: Card) -> int:
    """How exposed a stack showing ``card`` is: 0 (black Ace, safest) .. 25 (red Ace); any red is worse
    than any black."""
    h = _HIGH[card.index]
    return h + 11 if card.red else 14 - h


def clockwise_from(start: int, seats: Sequence[int], players: int) -> tuple[int, ...]:
    """``seats`` in clockwise order beginning at ``start`` (the first at or after it)."""
    return tuple(sorted(seats, key=lambda s: (s - start) % players))


def pack_count(players: int) -> int:
    return 2 if players >= TWO_PACKS_FROM else 1


def game_cards(players: int) -> tuple[Card, ...]:
    """The cards a game with ``players`` players is played with (one or two 52-card packs)."""
    return packs(pack_count(players))


def legal_moves(hand: Sequence[Card], tops: Sequence[Card]) -> list[tuple[Card, int | None]]:
    """Every (card, stack) that fits, each once even with two packs; if none, every (card, None) discard.
    (choice) A player who can place somewhere must place."""
    seen: set[Card] = set()
    out: list[tuple[Card, int | None]] = []
    for c in hand:
        if c in seen:
            continue
        seen.add(c)
        suit, rank = c.suit, c.rank
        for s, top in enumerate(tops):
            if top.suit == suit or top.rank == rank:
                out.append((c, s))
    if out:
        return out
    discards: list[tuple[Card, int | None]] = [(c, None) for c in dict.fromkeys(hand)]
    return discards
