"""Full-engine playouts: hint values for rulesets the fast path does not fit (Chinese Ten).

Each playout deals the cards the seat cannot see (other hands and the stock) at random
with the sizes it knows, rebuilds that world with the engine, takes one option, and lets
every seat finish with the greedy bot. All options are scored on the same worlds, so
their differences are measured more precisely than each value.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from mainmerah.core.cards import Card
from mainmerah.families.fishing.bots import greedy_choice
from mainmerah.families.fishing.deal import Setup
from mainmerah.families.fishing.state import Game

if TYPE_CHECKING:
    from mainmerah.families.fishing.view import SeatView


def _world(view: SeatView, rng: random.Random) -> Game:
    hidden = list(view.unseen())
    rng.shuffle(hidden)
    n, s = view.players, view.seat
    hands: list[tuple[Card, ...]] = []
    at = view.stock_size
    for seat in range(n):
        if seat == s:
            hands.append(view.hand)
        else:
            size = view.hand_sizes[seat]
            hands.append(tuple(hidden[at : at + size]))
            at += size
    setup = Setup(n, view.variant, tuple(hands), view.table, tuple(hidden[: view.stock_size]), s, s, None,
                  view.piles)
    return Game(setup, check=False)


def _margin(scores: tuple[int, ...], seat: int) -> tuple[int, float]:
    me = scores[seat]
    best_other = max(v for i, v in enumerate(scores) if i != seat)
    top = max(me, best_other)
    return me - best_other, (1.0 / sum(v == top for v in scores) if me == top else 0.0)


def engine_estimate(view: SeatView, rollouts: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    """Per option of ``view.decision``: mean final margin, win share, standard error of the margin."""
    d = view.decision
    if d is None:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    if d.kind != "play":
        # A capture choice picks among cards of one rank: its value is its points now.
        values = [float(view.value(c)) for c in d.options]
        return values, [0.0] * len(values), [0.0] * len(values)
    rng = random.Random(seed)
    rows: list[list[tuple[int, float]]] = [[] for _ in d.options]
    for _i in range(rollouts):
        world = _world(view, rng)
        for j, card in enumerate(d.options):
            g = world.copy()
            g.play(card)
            rules, points = g.rules, g.variant.points(g.players)
            while (nd := g.decision) is not None:  # every seat greedy, on the world's own table
                g.decide(greedy_choice(nd.kind, nd.options, g.table, rules, points))
            rows[j].append(_margin(g.scores, view.seat))
    means, wins, ses = [], [], []
    for row in rows:
        m = [x for x, _w in row]
        mu = sum(m) / len(m)
        var = sum((x - mu) ** 2 for x in m) / len(m)
        means.append(mu)
        wins.append(sum(w for _x, w in row) / len(row))
        ses.append((var / max(1, len(m) - 1)) ** 0.5)
    return means, wins, ses
