"""Other worlds a seat cannot tell from this one (for the conformance suite and for tests).

The cards a seat has not seen -- other hands and the stock, now -- are dealt otherwise
into the same places, and the same decisions are replayed: everything the seat saw
(its hand, the table, every card played, flipped and captured) is the same.
"""

from __future__ import annotations

import random
from dataclasses import replace

from mainmerah.families.fishing.state import Game


def other_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """``game`` with the cards ``seat`` has not seen shuffled among their places; None if there are none."""
    s = game.setup
    played: set[object] = set()
    for ch in game.choices:
        played.add(ch.card)
    flipped = set(s.stock[: len(s.stock) - game.stock_size])
    # Unseen now: other seats' hand cards and the stock still down. Their set-up places are swapped.
    places: list[tuple[str, int, int]] = []
    for i, hand in enumerate(s.hands):
        if i == seat:
            continue
        for k, c in enumerate(hand):
            if c in game.hands[i]:
                places.append(("hand", i, k))
    for k, c in enumerate(s.stock):
        if c not in flipped:
            places.append(("stock", 0, k))
    if len(places) < 2:
        return None
    hands = [list(h) for h in s.hands]
    stock = list(s.stock)
    cards = [hands[i][k] if where == "hand" else stock[k] for where, i, k in places]
    rng.shuffle(cards)
    for (where, i, k), c in zip(places, cards, strict=True):
        if where == "hand":
            hands[i][k] = c
        else:
            stock[k] = c
    setup = replace(s, hands=tuple(tuple(h) for h in hands), stock=tuple(stock), redeals=())
    other = Game(setup, check=False)
    for ch in game.choices:
        other._record(ch)
    return other
