"""What In The Red's table shows after the first ``n`` events of a game's log (a :class:`Frame`).

The table steps through the log: each card placed or discarded is a step, the end of a
round (who is in the red, what they pick up) another, the end of a deal (the scores) and
the next deal each one more. The fold only moves the cards the events name; every rule was
applied by the engine that wrote the log. Pure data: no drawing here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.families.in_the_red.view import hand_key


@dataclass
class Frame:
    """The visible state after ``n`` events."""

    n: int
    hands: list[list[Card]]
    stacks: list[list[Card]]  # bottom first
    discards: list[tuple[int, Card]]  # the round's discards so far
    pack: int
    totals: list[int]
    seat: int  # whose turn comes next
    dealer: int
    deal: int
    round: int
    over: bool = False
    step: list[Any] = field(default_factory=list)
    deals: list[tuple[int, ...]] = field(default_factory=list)  # each finished deal's points, by seat

    @property
    def tops(self) -> tuple[Card, ...]:
        return tuple(st[-1] for st in self.stacks)

    def copy(self, n: int) -> Frame:
        return Frame(n=n, hands=[list(h) for h in self.hands], stacks=[list(s) for s in self.stacks],
                     discards=list(self.discards), pack=self.pack, totals=list(self.totals), seat=self.seat,
                     dealer=self.dealer, deal=self.deal, round=self.round, over=self.over, deals=list(self.deals))


def first_step(events: Sequence[Any]) -> int:
    """The first frame shown: just after the first deal (the dealer's draw comes with it)."""
    return next(i for i, e in enumerate(events) if e.kind == "deal") + 1


def boundaries(events: Sequence[Any]) -> list[int]:
    """Event counts at which a step ends: each card, each round's end, a deal's scores, the next deal."""
    start = first_step(events)
    out = [start]
    for i in range(start, len(events)):
        kind = events[i].kind
        nxt = events[i + 1].kind if i + 1 < len(events) else ""
        if kind in ("place", "discard", "round", "deal") or (kind == "score" and nxt != "score" and
                                                               nxt != "game-end") or kind == "game-end":
            out.append(i + 1)
    return out


def frame_at(game: Any, n: int, after: Frame | None = None) -> Frame:
    """Fold ``game.events[:n]`` (from ``after``, an earlier frame of the same log, when given)."""
    events = game.events
    start = first_step(events)
    if not start <= n <= len(events):
        raise ValueError(f"no frame {n}: this game's log has frames {start}..{len(events)}")
    if after is not None and start <= after.n <= n:
        f, begin = after.copy(n), after.n
    else:
        totals = list(game.setup.totals) if game.setup.totals else [0] * game.players
        f = Frame(n=n, hands=[], stacks=[], discards=[], pack=0, totals=totals, seat=0, dealer=0, deal=0, round=0)
        _deal(f, game, events[start - 1])
        begin = start
    players = game.players
    for e in events[begin:n]:
        kind = e.kind
        if kind == "deal":
            _deal(f, game, e)
        elif kind == "place":
            f.hands[e.seat].remove(e.card)
            f.stacks[e.stack].append(e.card)
            f.seat = (e.seat + 1) % players
        elif kind == "discard":
            f.hands[e.seat].remove(e.card)
            f.discards.append((e.seat, e.card))
            f.seat = (e.seat + 1) % players
        elif kind == "reshuffle":
            f.stacks = [[st[-1]] for st in f.stacks]
            f.pack += e.cards
        elif kind == "round":
            for s, c in e.draws:
                if c is not None:
                    f.hands[s].append(c)
                    f.pack -= 1
            for s, c in e.handouts:
                f.hands[s].append(c)
            for h in f.hands:
                h.sort(key=hand_key)
            f.discards = []
            f.round += 1
            if e.starter is not None:
                f.seat = e.starter
        elif kind == "deal-end":
            f.deals.append(tuple(0 for _ in range(players)))
        elif kind == "score":
            f.totals[e.seat] = e.total
            last = list(f.deals[-1])
            last[e.seat] = e.points
            f.deals[-1] = tuple(last)
        elif kind == "game-end":
            f.over = True
    bounds = boundaries(events)
    prev = max((b for b in bounds if b < n), default=start)
    f.step = list(events[prev:n]) if n > start else []
    return f


def _deal(f: Frame, game: Any, e: Any) -> None:
    lay = game.layouts[e.number - 1]
    f.hands = [sorted(h, key=hand_key) for h in lay.hands]
    f.stacks = [list(st) for st in lay.stacks]
    f.discards = []
    f.pack = len(lay.pack)
    f.seat, f.dealer, f.deal, f.round = e.starter, e.dealer, e.number, 1
