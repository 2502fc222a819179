"""A bare, fast simulation of the rest of a deal, for the expert's rollouts.

Cards are their core index (0..51, a second pack repeats them) and every rule is a table
lookup; there is no log, no history, no checking. It plays the rules of :mod:`.state`
exactly (same losers, draw order, hand-outs, reshuffle when the pack is empty, end of deal),
but reshuffles with the rollout's own random draw: that order is hidden from every player.

Other worlds (:func:`other_world`), for the conformance suite and for testing views: the
cards a seat has not seen dealt otherwise, the same decisions replayed.
"""

from __future__ import annotations

import random
from typing import Any

from mainmerah.core.cards import PACK, Card
from mainmerah.core.contract import GameState
from mainmerah.families.in_the_red.deal import Layout
from mainmerah.families.in_the_red.events import DealStart, RoundEnd
from mainmerah.families.in_the_red.rules import danger, fits, high, value
from mainmerah.families.in_the_red.state import InTheRed, Setup

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


def after_move(hands: list[list[int]], tops: list[int], unders: list[int], pack: list[int], discards: list[int],
               dealer: int, seat: int, turns: int, card: int, stack: int | None, rng: random.Random) -> list[int]:
    """``seat`` (the ``turns``-th of its round) places ``card`` on ``stack`` (None: discards it), then every
    seat plays greedy to the end of the deal (:func:`finish`); each seat's points. Mutates its arguments."""
    hands[seat].remove(card)
    if stack is None:
        discards.append(card)
    else:
        unders.append(tops[stack])
        tops[stack] = card
    return finish(hands, tops, unders, pack, discards, dealer, (seat + 1) % len(hands), turns + 1, rng)


def playout(game: InTheRed, action: str, level: str, seed: int) -> int | None:
    """The review's fast path (``GameInfo.playout``): the total of the seat to move once the deal under way
    ends, when it takes ``action`` and every seat then plays greedy (None for other levels).

    Later deals are left out: they are dealt the same whatever was played (the greedy bot does not look at
    the totals), so they add the same to every action's total on average, and only noise to the estimate.
    A reshuffle of the stacks is drawn from ``seed`` (the engine's order is hidden from every seat).
    """
    if level != "greedy" or game.is_over:
        return None
    card, stack = game.verify(action)
    me = game.seat
    pack = [c.index for c in reversed(game.pack_order())]  # top last, as finish draws
    points = after_move([[c.index for c in h] for h in game.hands], [c.index for c in game.tops],
                        [c.index for st in game.stacks for c in st[:-1]], pack,
                        [c.index for _s, c in game.discards], game.dealer, me, game.turns, card.index, stack,
                        random.Random(seed))
    return game.totals[me] + points[me]


# ----- other worlds -------------------------------------------------------------------
# Another world a seat cannot tell from this one (for the conformance suite and for testing views).
#
# The cards the seat has not seen (the rest of the other hands, the pack's order, cards others
# drew) are dealt differently in the current deal; every card a decision needs stays where it
# was (the seat's hand and draws, the stacks, every card another player has played). The same
# decisions are then replayed through the rules; a world where one of them is illegal (a player
# who discarded would now hold a card that fits) is drawn again.

TRIES = 20


def other_world(game: GameState[Any], seat: int, rng: random.Random) -> InTheRed | None:
    if not isinstance(game, InTheRed):
        raise TypeError(f"not an In The Red game: {game!r}")
    lay = game.layouts[-1]
    n = game.players
    played: list[list[Card]] = [[] for _ in range(n)]
    for ch in game.choices[game.deal_choice:]:
        played[ch.seat].append(ch.card)
    start = max(i for i, e in enumerate(game.events) if isinstance(e, DealStart))
    drawn_by: list[int] = []  # seat that drew each card of the deal's first pack, in order
    for e in game.events[start:]:
        if isinstance(e, RoundEnd):
            drawn_by += [s for s, c in e.draws if c is not None]
    drawn_by = drawn_by[:len(lay.pack)]  # later draws come from a reshuffle: the same in every world

    # slots: ("h", seat, i) for hand cards, ("p", i) for pack cards
    hands = [list(h) for h in lay.hands]
    pack = list(lay.pack)
    sources: list[list[tuple[str, int, int]]] = [[("h", s, i) for i in range(len(hands[s]))] for s in range(n)]
    for i, s in enumerate(drawn_by):
        sources[s].append(("p", s, i))
    pinned: set[tuple[str, int, int]] = set(sources[seat])

    def card_at(slot: tuple[str, int, int]) -> Card:
        return hands[slot[1]][slot[2]] if slot[0] == "h" else pack[slot[2]]

    for s in range(n):
        if s == seat:
            continue
        for c in played[s]:
            for slot in sources[s]:
                if slot not in pinned and card_at(slot) is c:
                    pinned.add(slot)
                    break
    free = [slot for s in range(n) for slot in sources[s] if slot not in pinned]
    free += [("p", -1, i) for i in range(len(drawn_by), len(pack))]
    undrawn = [slot for slot in free if slot[0] == "p" and slot[2] >= len(drawn_by)]
    for attempt in range(TRIES + 1):
        slots = free if attempt < TRIES else undrawn  # the last try moves only cards nobody has drawn: always legal
        cards = [card_at(slot) for slot in slots]
        rng.shuffle(cards)
        new_hands = [list(h) for h in hands]
        new_pack = list(pack)
        for slot, c in zip(slots, cards, strict=True):
            if slot[0] == "h":
                new_hands[slot[1]][slot[2]] = c
            else:
                new_pack[slot[2]] = c
        new = Layout(tuple(tuple(h) for h in new_hands), lay.stacks, tuple(new_pack))
        other = _replay(game, new)
        if other is not None:
            return other
    return None  # pragma: no cover - the last try cannot fail


def _replay(game: InTheRed, current: Layout) -> InTheRed | None:
    """``game`` with its current deal dealt as ``current``, and the deal's decisions replayed."""
    s = game.setup
    # The first dealer named (else the seed's draw decides it, and a stand-in loses its seed: see
    # mainmerah.server.tables.store.unseeded).
    first = next(e.dealer for e in game.events if isinstance(e, DealStart))
    setup = Setup(seed=s.seed, players=s.players, variant=s.variant, dealer=first,
                  layouts=(*game.layouts[:-1], current), totals=s.totals)
    # Earlier deals are dealt the same and end the same, so the other world starts from this
    # game's state at the start of the deal instead of replaying them (totals change only at a deal's end).
    other = InTheRed.__new__(InTheRed)
    other.setup, other.players = setup, game.players
    other.choices, other._redo = list(game.choices[:game.deal_choice]), []
    start = max(i for i, e in enumerate(game.events) if isinstance(e, DealStart))
    other.events = list(game.events[:start])
    other.totals = list(game.totals)
    other.layouts = list(game.layouts[:-1])
    other.winners, other._over, other._legal = (), False, None
    other.deal_number = len(other.layouts)
    other._start_deal(game.dealer)
    for ch in game.choices[game.deal_choice:]:
        # A placement is of a card kept in place, on the same public top: only a discard can
        # become illegal (its player might now hold a card that fits).
        hand, tops = other.hands[ch.seat], other.tops
        if ch.card not in hand or ch.stack is None and any(fits(c, t) for c in hand for t in tops):
            return None
        other.choices.append(ch)
        other._apply(ch)
    return other
