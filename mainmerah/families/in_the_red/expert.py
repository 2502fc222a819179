"""The expert: for each legal action, play the deal out in sampled worlds and keep the action
that leaves it the fewest points when the deal ends.

A world deals the cards this seat has not seen (view.unseen) into the other hands' unknown
places and the pack, at random; the known hand-outs stay where they are. The same worlds are
used for every action (common random numbers), and every seat plays greedy in the rollouts.
"""

from __future__ import annotations

import random

from mainmerah.families.in_the_red.greedy import action_text, greedy_move
from mainmerah.families.in_the_red.rules import legal_moves
from mainmerah.families.in_the_red.sim import finish
from mainmerah.families.in_the_red.view import SeatView

BUDGET = 160  # rollouts per decision, shared among the actions


class ExpertBot:
    def __init__(self, seed: int | None = None, name: str = "expert", budget: int = BUDGET) -> None:
        self.name = name
        self.rng = random.Random(seed)
        self.budget = budget

    def choose(self, view: SeatView) -> str:
        moves = legal_moves(view.hand, view.tops)
        if len(moves) == 1:
            return action_text(moves[0])
        if moves[0][1] is None and len({m[0] for m in moves}) == 1:
            return action_text(moves[0])
        me, n = view.seat, view.players
        unseen = [c.index for c in view.unseen().elements()]
        unknown = [0 if s == me else view.hand_sizes[s] - len(view.known[s]) for s in range(n)]
        hand = [c.index for c in view.hand]
        tops0 = [c.index for c in view.tops]
        unders0 = [c.index for st in view.stacks for c in st[:-1]]
        discards0 = [c.index for _s, c in view.discards]
        turns = (me - view.starter) % n
        worlds = max(4, self.budget // len(moves))
        totals = [0] * len(moves)
        rng = self.rng
        for _w in range(worlds):
            rng.shuffle(unseen)
            hands: list[list[int]] = []
            at = 0
            for s in range(n):
                if s == me:
                    hands.append(hand)
                else:
                    hands.append([c.index for c in view.known[s]] + unseen[at:at + unknown[s]])
                    at += unknown[s]
            pack = unseen[at:]
            seed = rng.random()
            for i, (card, stack) in enumerate(moves):
                hs = [list(h) for h in hands]
                tops, unders, discards = list(tops0), list(unders0), list(discards0)
                hs[me].remove(card.index)
                if stack is None:
                    discards.append(card.index)
                else:
                    unders.append(tops[stack])
                    tops[stack] = card.index
                points = finish(hs, tops, unders, list(pack), discards, view.dealer, (me + 1) % n, turns + 1,
                                random.Random(seed))
                totals[i] += points[me]
        best = min(range(len(moves)), key=lambda i: (totals[i], i))
        return action_text(moves[best])

    def fallback(self, view: SeatView) -> str:
        """The greedy choice (for callers short of time)."""
        return action_text(greedy_move(view.hand, view.tops, view.seat))
