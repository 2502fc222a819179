"""A bare, fast simulation of the rest of a deal, for the expert's rollouts.

Cards are their core index (0..51, a second pack repeats them) and every rule is a table
lookup; there is no log, no history, no checking. It plays the rules of :mod:`.engine`
exactly (same losers, draw order, hand-outs, reshuffle when the pack is empty, end of deal),
but reshuffles with the rollout's own random draw: that order is hidden from every player.
"""

from __future__ import annotations

import random

from mainmerah.core.cards import PACK
from mainmerah.families.in_the_red.rules import danger, high, value

SUIT = tuple(i // 13 for i in range(52))
RANK = tuple(i % 13 for i in range(52))
HIGH = tuple(high(c) for c in PACK)
VALUE = tuple(value(c) for c in PACK)
RED = tuple(c.red for c in PACK)
DANGER = tuple(danger(c) for c in PACK)
MAX_ROUNDS = 300  # a rollout that goes on longer is scored where it stands


def lost_seats(tops: list[int]) -> list[int]:
    """rules.losers on indices: the highest red top, else the lowest black top; ties all lose."""
    best = -1
    for t in tops:
        if RED[t] and HIGH[t] > best:
            best = HIGH[t]
    if best >= 0:
        return [s for s, t in enumerate(tops) if RED[t] and HIGH[t] == best]
    low = min(HIGH[t] for t in tops)
    return [s for s, t in enumerate(tops) if HIGH[t] == low]


def in_red(tops: list[int], seat: int) -> bool:
    """Whether ``seat`` would lose the round with these tops (rules.losers, faster for one seat)."""
    mine = tops[seat]
    if RED[mine]:
        h = HIGH[mine]
        return not any(RED[t] and HIGH[t] > h for t in tops)
    if any(RED[t] for t in tops):
        return False
    h = HIGH[mine]
    return not any(HIGH[t] < h for t in tops)


def greedy(hand: list[int], tops: list[int], seat: int) -> tuple[int, int]:
    """The greedy bot's choice on indices: (position in hand, stack or -1 to discard). See bots.greedy_move."""
    best_pos, best_stack, best_score, best_card = -1, -1, 1 << 30, 0
    for pos, c in enumerate(hand):
        sc, rc = SUIT[c], RANK[c]
        for s, t in enumerate(tops):
            if SUIT[t] != sc and RANK[t] != rc:
                continue
            tops[s] = c
            me_lost = in_red(tops, seat)
            score = (100 if me_lost else 0) + 3 * DANGER[tops[seat]] - VALUE[c]
            if not me_lost and s != seat and in_red(tops, s):
                score -= 5
            tops[s] = t
            # ties as greedy_move: the lower card index, then the lower stack
            if score < best_score or score == best_score and (c < best_card or c == best_card and s < best_stack):
                best_pos, best_stack, best_score, best_card = pos, s, score, c
    if best_pos >= 0:
        return best_pos, best_stack
    pos = max(range(len(hand)), key=lambda i: (VALUE[hand[i]], DANGER[hand[i]], -hand[i]))
    return pos, -1


def finish(hands: list[list[int]], tops: list[int], unders: list[int], pack: list[int], discards: list[int],
           dealer: int, seat: int, turns: int, rng: random.Random) -> list[int]:
    """Play the deal out with every seat greedy; each seat's points at its end. Mutates its arguments.

    ``unders`` pools every card under a top (only the pool matters for a reshuffle); ``pack`` has its top last.
    """
    n = len(hands)
    first = (dealer + 1) % n
    for _round in range(MAX_ROUNDS):
        while turns < n:
            hand = hands[seat]
            pos, st = greedy(hand, tops, seat)
            c = hand[pos]
            hand[pos] = hand[-1]
            hand.pop()
            if st >= 0:
                unders.append(tops[st])
                tops[st] = c
            else:
                discards.append(c)
            seat += 1
            if seat == n:
                seat = 0
            turns += 1
        order = sorted(lost_seats(tops), key=lambda s: (s - first) % n)
        for s in order:
            if not pack and unders:
                pack = unders
                unders = []
                rng.shuffle(pack)
            if pack:
                hands[s].append(pack.pop())
        for i, c in enumerate(discards):
            hands[order[i % len(order)]].append(c)
        discards = []
        if not all(hands):
            break
        seat, turns = order[-1], 0
    return [sum(VALUE[c] for c in h) for h in hands]
