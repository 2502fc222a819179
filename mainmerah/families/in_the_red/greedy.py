"""The random and greedy players of In The Red, and the greedy choice the expert's rollouts use.

Seeded randomness only (each bot holds its own ``random.Random``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mainmerah.core.cards import Card
from mainmerah.families.in_the_red.rules import danger, legal_moves, losers, value
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
