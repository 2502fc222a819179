"""What the table shows at one point of the event log.

The engine jumps from decision to decision; a player should see each step
(the play and what it took, then the flip and what that took). A ``Frame`` is
the table folded from the set-up and the first ``n`` events, so the widget can
show any step, step through a replay, and never shows a card before its time.
The fold only moves cards the events name: every rule was already applied by
the engine that wrote the log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.families.fishing.events import Capture, Deal, End, Event, Flip, Play, Stay, TakeFour
from mainmerah.families.fishing.state import Game


@dataclass
class Frame:
    """The visible state after ``n`` events of a game's log."""

    n: int
    hands: list[list[Card]]
    table: list[Card]
    piles: list[list[Card]]
    stock: int
    seat: int
    air: Card | None = None  # a played or flipped card not yet settled
    air_source: str | None = None
    over: bool = False
    step: list[Event] = field(default_factory=list)  # the events of the step that ended here
    scores: list[int] = field(default_factory=list)  # each pile's points, as the events priced them


def _points(game: Game, card: Card) -> int:
    """A card's points in ``game``: its ruleset prices it (Chinese Ten's black Aces score)."""
    return int(game.points(card))




def hand_order(card: Card) -> tuple[int, int]:
    """Hands are shown by rank, so cards that pair with the same table card sit together."""
    return (card.rank, card.index)


def deal_index(events: Sequence[Event]) -> int:
    return next(i for i, e in enumerate(events) if isinstance(e, Deal))


def _first_step(events: Sequence[Any]) -> int:
    """The first frame shown: after the deal and what happens before play (four of a kind taken)."""
    start = deal_index(events) + 1
    while start < len(events) and events[start].kind == "takefour":
        start += 1
    return start


_BOUNDS: dict[int, tuple[int, Event, Event, list[int]]] = {}


def boundaries(events: Sequence[Event]) -> list[int]:
    """Event counts at which a step ends: the deal, each settled card, a pending choice.

    A play and what it took are one step; the flip and what it took are the
    next. The end of the game belongs to the last step. A redraw asks several
    times for the same log: the answer is kept while the log's length and its
    first and last events are the same objects (a log only grows or is cut back).
    """
    if not events:
        return _boundaries(events)
    hit = _BOUNDS.get(id(events))
    if hit is not None and hit[0] == len(events) and hit[1] is events[0] and hit[2] is events[-1]:
        return list(hit[3])
    out = _boundaries(events)
    if len(_BOUNDS) > 64:
        _BOUNDS.clear()
    _BOUNDS[id(events)] = (len(events), events[0], events[-1], out)
    return list(out)


def _boundaries(events: Sequence[Event]) -> list[int]:
    start = _first_step(events)
    out = [start]
    for i in range(start, len(events)):
        e = events[i]
        if isinstance(e, Capture | Stay):
            out.append(i + 1)
        elif isinstance(e, End):
            out[-1] = i + 1
    if len(events) > start and isinstance(events[-1], Play | Flip):
        out.append(len(events))  # waiting for a capture choice
    return out


def frame_at(game: Game, n: int, after: Frame | None = None) -> Frame:
    """Fold the set-up and ``game.events[:n]`` into a :class:`Frame`.

    ``after``: an earlier frame of the same log (``after.n <= n``) to fold on from, instead of
    from the set-up; a table stepping forward then folds one step, not the whole game.
    """
    s = game.setup
    events = game.events
    start = deal_index(events) + 1
    if not start <= n <= len(events):
        raise ValueError(f"no frame {n}: this game's log has frames {start}..{len(events)}")
    if after is not None and start <= after.n <= n:
        f = Frame(n=n, hands=[list(h) for h in after.hands], table=list(after.table),
                  piles=[list(p) for p in after.piles], stock=after.stock, seat=after.seat,
                  air=after.air, air_source=after.air_source, over=after.over, scores=list(after.scores))
        begin = after.n
    else:
        piles = [list(p) for p in s.piles] or [[] for _ in range(s.players)]
        f = Frame(
            n=n,
            hands=[sorted(h, key=hand_order) for h in s.hands],
            table=list(s.table),
            piles=piles,
            stock=len(s.stock),
            seat=s.first,
            scores=[sum(_points(game, c) for c in p) for p in piles],
        )
        begin = start
    for e in events[begin:n]:
        if isinstance(e, Play):
            f.hands[e.seat].remove(e.card)
            f.seat, f.air, f.air_source = e.seat, e.card, "play"
        elif isinstance(e, Flip):
            f.stock -= 1
            f.seat, f.air, f.air_source = e.seat, e.card, "flip"
        elif isinstance(e, Capture):
            cards = e.cards  # a capture of three takes ``more`` too
            for c in cards[1:]:
                f.table.remove(c)
            f.piles[e.seat] += cards
            f.scores[e.seat] += e.points
            f.air = f.air_source = None
        elif isinstance(e, TakeFour):  # Chinese Ten: the dealer took four of a kind from the starting table
            for c in e.cards:
                f.table.remove(c)
            f.piles[e.seat] += e.cards
            f.scores[e.seat] += sum(e.values)
        elif isinstance(e, Stay):
            f.table.append(e.card)
            f.air = f.air_source = None
        elif isinstance(e, End):
            f.over = True
    bounds = boundaries(events)
    prev = max((b for b in bounds if b < n), default=start)
    f.step = list(events[prev:n]) if n > start else []
    return f
