"""Red Ten's card rules: the rank order, what a set of cards is as a play, what beats what, and the
rule book's scoring tables (when a hand's score is settled: the early end).

Shared by the engine, the bots and the explanations, so there is one place that decides.
Values: 3..13 are 3..K, 14 is A, 15 is 2, 16 the small joker, 17 the big joker, 18 a red
ten as a single. In pairs, bombs and straights a red ten counts as a plain 10.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product
from typing import NamedTuple

from mainmerah.core.cards import BIG_JOKER, SMALL_JOKER, Card

RED_TEN_VALUE = 18
SUIT_ORDER = {"H": 0, "D": 1, "C": 2, "S": 3, "": 4}
RED_TENS: tuple[Card, Card] = (Card.parse("10H"), Card.parse("10D"))
HEART_THREE = Card.parse("3H")
SINGLE, PAIR, STRAIGHT, BOMB = "single", "pair", "straight", "bomb"
# Bomb tiers, low to high (0 = not a bomb).
TRIPLE, FOUR, JOKERS, TENS = 1, 2, 3, 4
LINE_TOP = 14  # straight positions: 1 = A (low), 2 = 2, 3..13 = 3..K, 14 = A (high)
KEEP, SURRENDER, PASS, REVEAL = "keep", "surrender", "pass", "reveal"


def is_red_ten(card: Card) -> bool:
    return card.rank == 10 and card.red


def plain(card: Card) -> int:
    """The value of ``card`` in a pair, bomb or straight (a red ten is a plain 10)."""
    r = card.rank
    if r == 1:
        return 14
    if r == 2:
        return 15
    if r == SMALL_JOKER:
        return 16
    if r == BIG_JOKER:
        return 17
    return r


def value(card: Card) -> int:
    """The value of ``card`` as a single: a red ten above everything."""
    return RED_TEN_VALUE if is_red_ten(card) else plain(card)


def sort_key(card: Card) -> tuple[int, int]:
    """Hands are shown low to high by single value, suits in the order ♥ ♦ ♣ ♠."""
    return value(card), SUIT_ORDER[card.suit]


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


def position_rank(pos: int) -> int:
    """The card rank (1 = A .. 13 = K) standing at a straight position."""
    return 1 if pos == LINE_TOP else pos


class Combo(NamedTuple):
    """A legal play: its kind, how many cards, its key (higher beats lower) and bomb tier."""

    kind: str
    size: int
    key: int  # single/pair/bomb: the value; straight: the position of its lowest card
    tier: int  # 0 unless a bomb
    cards: tuple[Card, ...]  # in printing order

    @property
    def text(self) -> str:
        return " ".join(str(c) for c in self.cards)

    @property
    def bomb(self) -> bool:
        return self.tier > 0

    @property
    def top_position(self) -> int:
        """A straight's highest position (its key + size - 1)."""
        return self.key + self.size - 1


def _suited(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: SUIT_ORDER[c.suit]))


def straight_key(ranks: Sequence[int]) -> int | None:
    """The lowest position of a straight made of these distinct ranks, or None.

    An Ace may be low (position 1) or high (14); when both read as straights (13 ranks)
    the higher reading, 2..A, is the one (choice). No wrapping: K A 2 is nothing.
    """
    n = len(ranks)
    if n < 3 or len(set(ranks)) != n or any(r > 13 for r in ranks):
        return None
    high = sorted(LINE_TOP if r == 1 else r for r in ranks)
    if high[-1] - high[0] == n - 1:
        return high[0]
    low = sorted(ranks)
    if low[-1] - low[0] == n - 1:
        return low[0]
    return None


def straight(cards: Sequence[Card]) -> Combo | None:
    key = straight_key([c.rank for c in cards])
    if key is None:
        return None
    by_rank = {c.rank: c for c in cards}
    ordered = tuple(by_rank[position_rank(p)] for p in range(key, key + len(cards)))
    return Combo(STRAIGHT, len(cards), key, 0, ordered)


def classify(cards: Iterable[Card]) -> Combo | None:
    """What ``cards`` are as one play (kind, size, key, tier), or None if they are not a play."""
    cs = list(cards)
    n = len(cs)
    if n == 0 or len(set(cs)) != n:
        return None
    if n == 1:
        return Combo(SINGLE, 1, value(cs[0]), 0, (cs[0],))
    if n == 2:
        a, b = cs
        if is_red_ten(a) and is_red_ten(b):
            return Combo(BOMB, 2, RED_TEN_VALUE, TENS, RED_TENS)
        if a.joker and b.joker:
            return Combo(BOMB, 2, 17, JOKERS, _suited(sorted(cs, key=lambda c: c.rank)))
        if a.rank == b.rank and not a.joker:
            return Combo(PAIR, 2, plain(a), 0, _suited(cs))
        return None
    if any(c.joker for c in cs):
        return None
    if len({c.rank for c in cs}) == 1:  # three or four of a kind: only as bombs (choice)
        return Combo(BOMB, n, plain(cs[0]), TRIPLE if n == 3 else FOUR, _suited(cs))
    return straight(cs)


def beats(play: Combo, top: Combo | None) -> bool:
    """Whether ``play`` may be played on ``top`` (None: leading, anything goes)."""
    if top is None:
        return True
    if play.tier or top.tier:
        return (play.tier, play.key) > (top.tier, top.key)
    return play.kind == top.kind and play.size == top.size and play.key > top.key


# ----- every play a hand can make, generated by rank counts ------------------------
def _groups(hand: Iterable[Card]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for c in hand:
        groups.setdefault(c.rank, []).append(c)
    for g in groups.values():
        g.sort(key=lambda c: SUIT_ORDER[c.suit])
    return groups


def plays(hand: Iterable[Card], top: Combo | None = None) -> list[Combo]:
    """Every play ``hand`` can make that beats ``top`` (all of them when leading)."""
    groups = _groups(hand)
    out: list[Combo] = []
    want = None if top is None or top.tier else (top.kind, top.size)
    if want is None or want[0] == SINGLE:
        for cs in groups.values():
            out.extend(Combo(SINGLE, 1, value(c), 0, (c,)) for c in cs)
    if want is None or want[0] == PAIR:
        for rank, cs in groups.items():
            if len(cs) >= 2 and rank <= 13:
                for a, b in combinations(cs, 2):
                    if not (is_red_ten(a) and is_red_ten(b)):
                        out.append(Combo(PAIR, 2, plain(a), 0, (a, b)))
    if want is None or want[0] == STRAIGHT:
        out.extend(_straights(groups, None if want is None else top))
    for rank, cs in groups.items():
        if len(cs) >= 3 and rank <= 13:
            for trio in combinations(cs, 3):
                out.append(Combo(BOMB, 3, plain(cs[0]), TRIPLE, trio))
            if len(cs) == 4:
                out.append(Combo(BOMB, 4, plain(cs[0]), FOUR, tuple(cs)))
    if SMALL_JOKER in groups and BIG_JOKER in groups:
        out.append(Combo(BOMB, 2, 17, JOKERS, (groups[SMALL_JOKER][0], groups[BIG_JOKER][0])))
    tens = groups.get(10, [])
    if sum(is_red_ten(c) for c in tens) == 2:
        out.append(Combo(BOMB, 2, RED_TEN_VALUE, TENS, RED_TENS))
    if top is not None:
        out = [p for p in out if beats(p, top)]
    return out


def _straights(groups: dict[int, list[Card]], top: Combo | None) -> list[Combo]:
    out: list[Combo] = []
    have = [False] + [position_rank(p) in groups for p in range(1, LINE_TOP + 1)]
    for start in range(1, LINE_TOP - 1):
        if top is not None and start <= top.key:
            continue
        end = start
        while end + 1 <= LINE_TOP and have[end + 1] and end + 1 - start < 13:
            end += 1
        if not have[start]:
            continue
        for last in range(start + 2, end + 1):
            size = last - start + 1
            if top is not None and size != top.size:
                continue
            if size == 13 and start == 1:
                continue  # the same cards read as 2..A (choice)
            choices = [groups[position_rank(p)] for p in range(start, last + 1)]
            for pick in product(*choices):
                out.append(Combo(STRAIGHT, size, start, 0, pick))
    return out


def answers_for(hand: Iterable[Card]) -> list[str]:
    """The answers a hand may give before play (every seat is asked; choice)."""
    cards = set(hand)
    held = [t for t in RED_TENS if t in cards]
    if not held:
        return [KEEP]
    out = [KEEP] + [f"{REVEAL} {t}" for t in held]
    if len(held) == 2:
        out += [f"{REVEAL} {RED_TENS[0]} {RED_TENS[1]}", SURRENDER]
    return out


# ----- scoring: the rule book's tables and when a hand's score is settled (the early end) -----

class Settlement(NamedTuple):
    """How a hand's score came about, for the explanation line by line."""

    case: str  # "surrender", "2v2" or "1v3"
    red: tuple[int, ...]  # the red team's seats (one seat when alone)
    winners: tuple[int, ...]  # the side that scored (empty on a draw)
    places: tuple[int, ...]  # finishing place per seat (4 = last or still holding cards)
    base: tuple[int, ...]  # scores before the open-hand multiplier
    multiplier: int
    scores: tuple[int, ...]
    open: bool


SEATS = 4
TWO_V_TWO = {2: 2, 3: 1, 4: 0}  # the place of the first-out player's partner -> points
ONE_V_THREE = {1: 9, 2: 0, 3: 0, 4: -9}  # the lone player's place -> the lone player's points


def red_team(holders: Sequence[int]) -> tuple[int, ...]:
    """The seats of the red team from the holders of ♥10 and ♦10 (one seat if alone)."""
    return tuple(sorted(set(holders)))


def settled(out: Sequence[int], red: Sequence[int]) -> bool:
    """Whether the hand's score is settled by who has gone out so far (choice: it ends then)."""
    if len(red) == 1:
        lone = red[0]
        return lone in out or len(out) >= SEATS - 1
    if not out:
        return False
    first = out[0]
    team = set(red) if first in red else {s for s in range(SEATS) if s not in red}
    partner = next(s for s in team if s != first)
    opponents = [s for s in range(SEATS) if s not in team]
    return partner in out or all(s in out for s in opponents)


def places(out: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place: its position in ``out``, or 4 (last) for those still holding cards."""
    return tuple(out.index(s) + 1 if s in out else SEATS for s in range(SEATS))


def settle(out: Sequence[int], red: Sequence[int], open_hand: bool) -> Settlement:
    """The scores of a settled hand, from the tables, with the open-hand multiplier."""
    place = places(out)
    if len(red) == 1:
        lone = red[0]
        points = ONE_V_THREE[place[lone]]
        base = tuple(points if s == lone else -points // 3 for s in range(SEATS))
        red_won = points > 0
        winners: tuple[int, ...] = () if points == 0 else (lone,) if red_won else tuple(
            s for s in range(SEATS) if s != lone)
        case = "1v3"
    else:
        first = out[0]
        team = tuple(sorted(red)) if first in red else tuple(s for s in range(SEATS) if s not in red)
        partner = next(s for s in team if s != first)
        points = TWO_V_TWO[place[partner]]
        base = tuple(points if s in team else -points for s in range(SEATS))
        red_won = first in red
        winners = team if points else ()
        case = "2v2"
    multiplier = 1
    if open_hand and winners:
        multiplier = 2 if red_won else 4
    scores = tuple(b * multiplier for b in base)
    return Settlement(case, tuple(red), winners, place, base, multiplier, scores, open_hand)


def surrender(seat: int) -> Settlement:
    """The holder of both red tens gives up: −3 for that seat, +1 for each other; no multiplier."""
    base = tuple(-3 if s == seat else 1 for s in range(SEATS))
    return Settlement("surrender", (seat,), tuple(s for s in range(SEATS) if s != seat),
                      (0, 0, 0, 0), base, 1, base, False)
