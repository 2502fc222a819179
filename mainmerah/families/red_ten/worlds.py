"""Other worlds: the same hand as one seat saw it, with the cards it has not seen dealt otherwise.

Used by the conformance suite to show a view gives nothing away. Cards the decisions pin
down stay put: a red ten its holder revealed (even while the answers are still hidden),
3♥ while unplayed (its holder led), and at the end the red tens (the score tells the teams).
"""

from __future__ import annotations

import random

from mainmerah.core.cards import Card
from mainmerah.core.errors import RuleError
from mainmerah.families.red_ten.rules import HEART_THREE, RED_TENS, REVEAL, SURRENDER
from mainmerah.families.red_ten.state import RedTen


def _pinned(game: RedTen, seat: int, with_tens: bool) -> set[Card]:
    pinned = {HEART_THREE}
    for s, a in enumerate(game.answers):
        if a is not None and s != seat:
            if a == SURRENDER:
                pinned.update(RED_TENS)
            elif a.startswith(REVEAL):
                pinned.update(t for t in RED_TENS if str(t) in a.split())
    if with_tens or game.is_over:
        pinned.update(RED_TENS)
    return pinned


def other_world(game: RedTen, seat: int, rng: random.Random, tries: int = 30) -> RedTen | None:
    others = [s for s in range(4) if s != seat]
    for attempt in range(tries + 1):
        pinned = _pinned(game, seat, with_tens=attempt == tries)
        keep = {s: [c for c in game.hands[s] if c in pinned] for s in others}
        pool = [c for s in others for c in game.hands[s] if c not in pinned]
        if not pool:
            return None
        rng.shuffle(pool)
        hands = [list(h) for h in game.setup.hands]
        i = 0
        for s in others:
            gone = [c for c in game.setup.hands[s] if c not in game.hands[s]]  # played: public
            need = len(game.hands[s]) - len(keep[s])
            hands[s] = gone + keep[s] + pool[i:i + need]
            i += need
        world = RedTen.from_layout(hands, dealer=game.setup.dealer, variant=game.setup.variant)
        try:
            for ch in game.choices:
                world.act(ch.action)
        except RuleError:
            continue  # this deal would have ended the hand earlier: try another
        if world.is_over == game.is_over:
            return world
    return None  # pragma: no cover (the last try pins the red tens, which replays exactly)
