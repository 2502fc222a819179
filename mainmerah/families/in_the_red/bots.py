"""Computer players of In The Red by level: random, greedy and expert. Each has ``name`` and
``choose(view) -> action``; seeded randomness only (each bot holds its own ``random.Random``).

The greedy choice (:func:`greedy_move`) is also the one the expert's rollouts use.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.families.in_the_red.rules import danger, legal_moves, losers, value
from mainmerah.families.in_the_red.sim import after_move
from mainmerah.families.in_the_red.view import SeatView

Move = tuple[Card, int | None]


def action_text(move: Move) -> str:
    card, stack = move
    return f"discard {card}" if stack is None else f"{card}@{stack}"


def greedy_move(hand: Sequence[Card], tops: Sequence[Card], seat: int) -> Move:
    """The greedy choice: not in the red yourself if the round ended now (a high red on a rival's
    stack when that saves you), then a safe top of your own, then shedding the card worth most.
    Ties go to the lower card index, then the lower stack, whatever the hand's order."""
    moves = legal_moves(hand, tops)
    if moves[0][1] is None:
        return max(moves, key=lambda m: (value(m[0]), danger(m[0]), -m[0].index))
    best, best_key = moves[0], (1 << 30, 0, 0)
    work = list(tops)
    for card, stack in moves:
        assert stack is not None
        old = work[stack]
        work[stack] = card
        lost = losers(work)[0]
        score = (100 if seat in lost else 0) + 3 * danger(work[seat]) - value(card)
        if seat not in lost and stack != seat and stack in lost:
            score -= 5  # the rival now in the red is the one we put there
        work[stack] = old
        key = (score, card.index, stack)
        if key < best_key:
            best, best_key = (card, stack), key
    return best


class RandomBot:
    """Any legal action, uniformly."""

    def __init__(self, seed: int | None = None, name: str = "random") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> str:
        return action_text(self.rng.choice(legal_moves(view.hand, view.tops)))


class GreedyBot:
    """Avoids ending the round in the red itself, using rivals' stacks for high reds when that helps."""

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> str:
        return action_text(greedy_move(view.hand, view.tops, view.seat))


# ----- the expert ---------------------------------------------------------------------
# The expert: for each legal action, play the deal out in sampled worlds and keep the action
# that leaves it the fewest points when the deal ends.
#
# A world deals the cards this seat has not seen (view.unseen) into the other hands' unknown
# places and the pack, at random; the known hand-outs stay where they are. The same worlds are
# used for every action (common random numbers), and every seat plays greedy in the rollouts.

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
                points = after_move([list(h) for h in hands], list(tops0), list(unders0), list(pack),
                                    list(discards0), view.dealer, me, turns, card.index, stack, random.Random(seed))
                totals[i] += points[me]
        best = min(range(len(moves)), key=lambda i: (totals[i], i))
        return action_text(moves[best])

    def fallback(self, view: SeatView) -> str:
        """The greedy choice (for callers short of time)."""
        return action_text(greedy_move(view.hand, view.tops, view.seat))


# ----- by level -----------------------------------------------------------------------

BOTS = ("random", "greedy", "expert")


def make_bot(name: str, seed: int | None = None) -> Any:
    key = str(name).strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    if key == "expert":
        return ExpertBot(seed)
    raise ValueError(_("unknown bot {name!r}: choose one of {names}").format(name=name, names=", ".join(BOTS)))

