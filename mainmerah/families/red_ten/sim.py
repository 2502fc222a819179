"""A fast stand-in for a hand, for the bots: hands as counts by value, plays as tuples.

Suits do not matter in Red Ten except for the red tens, so a hand is ``counts[value]``
(a red ten counted as a 10) plus how many of its tens are red. A move is
``(kind, size, key, tier)`` as in :class:`~.rules.Combo`. The greedy policy lives here
so that the greedy bot and the expert's rollouts play alike. Other worlds (:func:`other_world`):
the same hand as one seat saw it, with the cards it has not seen dealt otherwise.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from mainmerah.core.cards import Card, parse_cards
from mainmerah.core.errors import RuleError
from mainmerah.families.red_ten.rules import (
    BOMB,
    FOUR,
    HEART_THREE,
    JOKERS,
    KEEP,
    LINE_TOP,
    PAIR,
    PASS,
    RED_TEN_VALUE,
    RED_TENS,
    REVEAL,
    SINGLE,
    STRAIGHT,
    SURRENDER,
    TENS,
    TRIPLE,
    Combo,
    classify,
    is_red_ten,
    plain,
    settle,
    settled,
)
from mainmerah.families.red_ten.state import RedTen

Move = tuple[str, int, int, int]  # kind, size, key, tier
PASS_MOVE: Move = ("pass", 0, 0, 0)
TEN = 10


def pos_value(pos: int) -> int:
    """The value standing at a straight position (1 and 14 are the Ace, 2 the 2)."""
    return 14 if pos in (1, LINE_TOP) else 15 if pos == 2 else pos


def counts_of(cards: Iterable[Card]) -> tuple[list[int], int]:
    counts = [0] * 19
    reds = 0
    for c in cards:
        counts[plain(c)] += 1
        reds += is_red_ten(c)
    return counts, reds


def move_of(combo: Combo) -> Move:
    return (combo.kind, combo.size, combo.key, combo.tier)


def beats(m: Move, top: Move | None) -> bool:
    if top is None:
        return True
    if m[3] or top[3]:
        return (m[3], m[2]) > (top[3], top[2])
    return m[0] == top[0] and m[1] == top[1] and m[2] > top[2]


def moves(counts: Sequence[int], reds: int, top: Move | None, keep_bombs: bool = False) -> list[Move]:
    """Every distinct move of a hand that beats ``top``; ``keep_bombs`` leaves out the non-bomb
    moves that would break a bomb (a rank held three or four times, both jokers, both red tens)."""
    out: list[Move] = []
    blacks = counts[TEN] - reds
    kind = None if top is None or top[3] else top[0]
    reserved = [keep_bombs and counts[v] >= 3 for v in range(19)]
    jokers = counts[16] and counts[17]
    if kind in (None, SINGLE):
        for v in range(3, 18):
            if counts[v] and not reserved[v] and not (v == TEN and blacks == 0):
                if not (keep_bombs and jokers and v >= 16):
                    out.append((SINGLE, 1, v, 0))
        if reds and not (keep_bombs and reds == 2):
            out.append((SINGLE, 1, RED_TEN_VALUE, 0))
    if kind in (None, PAIR):
        for v in range(3, 16):
            if counts[v] >= 2 and not reserved[v]:
                if v == TEN and blacks == 0:
                    continue  # two red tens are a bomb, not a pair
                if v == TEN and keep_bombs and reds == 2 and blacks < 2:
                    continue
                out.append((PAIR, 2, v, 0))
    if kind in (None, STRAIGHT):
        have = [False] + [counts[pos_value(p)] > 0 and not reserved[pos_value(p)] for p in range(1, LINE_TOP + 1)]
        for start in range(1, LINE_TOP - 1):
            if not have[start]:
                continue
            end = start
            while end < LINE_TOP and have[end + 1] and end + 1 - start < 13:
                end += 1
            for last in range(start + 2, end + 1):
                size = last - start + 1
                if not (size == 13 and start == 1):
                    out.append((STRAIGHT, size, start, 0))
    for v in range(3, 16):
        if counts[v] >= 3:
            out.append((BOMB, 3, v, TRIPLE))
            if counts[v] == 4:
                out.append((BOMB, 4, v, FOUR))
    if jokers:
        out.append((BOMB, 2, 17, JOKERS))
    if reds == 2:
        out.append((BOMB, 2, RED_TEN_VALUE, TENS))
    if top is not None:
        out = [m for m in out if beats(m, top)]
    return out


def remove(counts: list[int], reds: int, m: Move) -> int:
    """Take move ``m``'s cards out of ``counts`` (tens black first); returns the red tens left."""
    kind, size, key, tier = m
    if kind == STRAIGHT:
        values = [pos_value(p) for p in range(key, key + size)]
    elif tier == JOKERS:
        values = [16, 17]
    elif key == RED_TEN_VALUE:
        counts[TEN] -= size
        return reds - size
    else:
        values = [key] * size
    for v in values:
        if v == TEN:
            if counts[TEN] - reds <= 0:
                reds -= 1
        counts[v] -= 1
    return reds


def size_of(counts: Sequence[int]) -> int:
    return sum(counts)


def greedy(counts: Sequence[int], reds: int, top: Move | None, partner_on_top: bool, danger: bool) -> Move:
    """The greedy policy: the lowest play that beats, bombs kept for need, a partner left alone.

    ``danger``: an opponent (or a seat not known to be a partner) is close to going out.
    """
    n = size_of(counts)
    # (the rollouts' hot loop: the moves are listed only when needed) One move holds the whole hand only
    # with at most four cards (a bomb, a pair...) or no value twice (a straight).
    every = moves(counts, reds, top) if n <= 4 or max(counts) == 1 or top is None or not partner_on_top else []
    if n <= 4 or max(counts) == 1:
        for m in every:
            if m[1] == n:
                return m  # goes out at once
    if top is not None and partner_on_top:
        return PASS_MOVE
    plain_moves = [m for m in moves(counts, reds, top, keep_bombs=True) if not m[3]]
    if top is None:
        if plain_moves:
            low = min(_low_value(m) for m in plain_moves)
            lows = [m for m in plain_moves if _low_value(m) == low]
            return max(lows, key=lambda m: (m[1], m[0] == PAIR))  # shed the most cards with the lowest one
        return min(every, key=lambda m: (m[3], m[2]))
    if plain_moves:
        return min(plain_moves, key=lambda m: m[2])
    bombs = [m for m in every if m[3]]
    if bombs and (danger or n - bombs[0][1] <= 4):
        return min(bombs, key=lambda m: (m[3], m[2]))
    return PASS_MOVE


def _low_value(m: Move) -> int:
    """The single value of a move's lowest card (a straight from A counts its Ace as the lowest)."""
    if m[0] == STRAIGHT:
        return 2 if m[2] == 1 else pos_value(m[2])
    return m[2]


class Sim:
    """A hand played out with the greedy policy from a dealt position, by counts."""

    __slots__ = ("counts", "reds", "red", "open", "turn", "top", "top_seat", "passes", "out")

    def __init__(self, counts: list[list[int]], reds: list[int], red: tuple[int, ...], open_hand: bool,
                 turn: int, top: Move | None, top_seat: int, passes: int, out: Sequence[int]) -> None:
        self.counts, self.reds = counts, reds  # owned by the Sim: pass copies
        self.red, self.open, self.turn = red, open_hand, turn
        self.top, self.top_seat, self.passes, self.out = top, top_seat, passes, list(out)

    def step(self, m: Move) -> bool:
        """Play ``m`` for the seat to move; True when the hand is settled."""
        seat = self.turn
        if m[0] == "pass":
            self.passes += 1
            if self.passes >= sum(1 for s in range(4) if s != self.top_seat and any(self.counts[s])):
                self.top = None
                self.passes = 0
                self.turn = self.top_seat if any(self.counts[self.top_seat]) else self._next(self.top_seat)
            else:
                self.turn = self._next(seat)
            return False
        self.reds[seat] = remove(self.counts[seat], self.reds[seat], m)
        self.top, self.top_seat, self.passes = m, seat, 0
        if not any(self.counts[seat]):
            self.out.append(seat)
            if settled(self.out, self.red):
                return True
        self.turn = self._next(seat)
        return False

    def _next(self, seat: int) -> int:
        for i in range(1, 5):
            s = (seat + i) % 4
            if any(self.counts[s]):
                return s
        return seat  # pragma: no cover

    def policy(self) -> Move:
        seat = self.turn
        team = self.red if seat in self.red else tuple(s for s in range(4) if s not in self.red)
        partner = self.top is not None and self.top_seat in team and self.top_seat != seat
        danger = any(0 < sum(self.counts[s]) <= 4 for s in range(4) if s not in team)
        return greedy(self.counts[seat], self.reds[seat], self.top, partner, danger)

    def finish(self, seat: int, limit: int = 400) -> int:
        """Play to the end with the greedy policy; ``seat``'s score."""
        for _ in range(limit):
            if self.step(self.policy()):
                break
        return settle(self.out, self.red, self.open).scores[seat]

    def after(self, m: Move, seat: int) -> int:
        """The seat to move plays ``m``, then every seat the greedy policy to the end; ``seat``'s score."""
        if self.step(m):
            return settle(self.out, self.red, self.open).scores[seat]
        return self.finish(seat)


def playout(game: RedTen, action: str, level: str, seed: int) -> int | None:
    """The review's fast path (``GameInfo.playout``): the score of the seat to move when it plays ``action``
    and every seat then plays the greedy policy to the end of the hand, on counts (no events, no views).

    None before play (the answers: the review plays those through the engine) and for other levels. The
    policy is the greedy bot's with the teams known to each seat, as in the expert's rollouts (the bot at
    the table knows a partner only once its red ten is shown).
    """
    if level != "greedy" or game.phase != "play":
        return None
    seat = game.turn
    pairs = [counts_of(h) for h in game.hands]
    top = move_of(game.top[1]) if game.top is not None else None
    sim = Sim([p[0] for p in pairs], [p[1] for p in pairs], game.red, game.open, seat, top,
              game.top[0] if game.top is not None else seat, len(game.passed), game.out)
    combo = None if action.strip().lower() == PASS else classify(parse_cards(action))
    return sim.after(PASS_MOVE if combo is None else move_of(combo), seat)


# ----- other worlds -------------------------------------------------------------------
# Other worlds: the same hand as one seat saw it, with the cards it has not seen dealt otherwise.
#
# Used by the conformance suite to show a view gives nothing away, by the review (judged from what the seat could
# see) and by a shared table's stand-in game (sent to the seat). Cards the decisions pin down stay put: a red ten
# its holder revealed once the answers are shown, 3♥ while unplayed (its holder led), and at the end the red tens
# (the score tells the teams). While the answers are hidden another seat's answer is known only to be in: the
# world answers keep for it (any seat may), so neither its cards nor its decisions tell what it answered.


def _pinned(game: RedTen, seat: int, with_tens: bool) -> set[Card]:
    pinned = {HEART_THREE}
    for s, a in enumerate(game.shown or ()):
        if s != seat:
            if a == SURRENDER:
                pinned.update(RED_TENS)
            elif a.startswith(REVEAL):
                pinned.update(t for t in RED_TENS if str(t) in a.split())
    if with_tens or game.is_over:
        pinned.update(RED_TENS)
    return pinned


def known_decisions(game: RedTen, seat: int) -> list[str]:
    """The hand's decisions as ``seat`` knows them: another seat's answer still hidden is a keep."""
    hidden = game.shown is None  # (every decision before the answers are shown is an answer)
    return [KEEP if hidden and ch.seat != seat else ch.action for ch in game.choices]


def other_world(game: RedTen, seat: int, rng: random.Random, tries: int = 30) -> RedTen | None:
    others = [s for s in range(4) if s != seat]
    decisions = known_decisions(game, seat)
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
            for action in decisions:
                world.act(action)
        except RuleError:
            continue  # this deal would have ended the hand earlier: try another
        if world.is_over == game.is_over:
            return world
    return None  # pragma: no cover (the last try pins the red tens, which replays exactly)
