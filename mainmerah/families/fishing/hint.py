"""Hints with reasons, and the choice the ``expert`` bot plays by them (the bot is in :mod:`.bots`).

A hint values each legal choice of the seat to move from that seat's
:class:`~mainmerah.families.fishing.view.SeatView` only: the points it takes now, and Monte
Carlo estimates of the final outcome. Each rollout deals the cards the seat
cannot see (other hands and the stock) at random, with the sizes it knows,
makes the choice, and lets every seat finish the game greedily (the fast path
of :mod:`mainmerah.families.fishing.sim`). All choices are scored on the same random deals,
so the differences between them are measured more precisely than each value.

Margin is the seat's final score minus the best other score; a shared first
place counts as a share of a win (1/2 or 1/3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import mainmerah.families.fishing.sim as ro
from mainmerah.core.cards import Card, cards_text, rank_name, rank_plural
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import sentences
from mainmerah.families.fishing.rules import PARTNER, get_ruleset
from mainmerah.families.fishing.sim import DEFAULT_ROLLOUTS, card_type, engine_estimate, fast_path_fits

if TYPE_CHECKING:  # pragma: no cover
    import numpy

    from mainmerah.families.fishing.state import Game
    from mainmerah.families.fishing.view import SeatView

try:  # numpy runs the rollouts in lockstep; without it a pure-Python loop does.
    import numpy as np
except ImportError:  # pragma: no cover - exercised only where numpy is missing
    np = None  # type: ignore[assignment]



@dataclass(frozen=True)
class Hint:
    """The value of one legal choice for the seat to move."""

    card: Card  # the hand card to play, or (capture decision) the table card to take
    kind: str  # "play" or "capture"
    points_now: int  # points this choice takes at once (best capture for a play)
    takes: Card | None  # the table card it takes now, if any
    mean_margin: float  # expected final score minus the best other score
    win_chance: float  # expected share of the win (0..1)
    margin_se: float  # standard error of mean_margin
    rollouts: int
    best: bool
    reason: str


@dataclass
class _Position:
    """A seat's information set, in types (built from its view only)."""

    seat: int
    players: int
    kind: str
    table: list[int]
    hand: list[int]
    scores: list[int]
    others: list[tuple[int, int]]  # (seat, hand size) in turn order after ``seat``
    stock_size: int
    unseen: list[int]
    pending: int  # type of the card waiting to capture (capture decisions), else -1
    flip_pending: bool  # the current turn's stock card is still to flip
    choices: list[int]  # play: hand slots (one per distinct type); capture: colours (1 red, 0 black)


def _position(view: SeatView) -> _Position:
    d = view.decision
    if d is None:
        if view.stock_size == 0 and not any(view.hand_sizes) and view.pending is None:
            raise ValueError(_("the game is over: there is nothing to hint"))
        raise ValueError(_("it is not seat {seat}'s turn: hints are for the seat to move").format(seat=view.seat))
    s, n = view.seat, view.players
    others = [((s + k) % n, view.hand_sizes[(s + k) % n]) for k in range(1, n)]
    unseen = ro.types_of(view.unseen())
    if sum(size for _seat, size in others) + view.stock_size != len(unseen):
        raise ValueError(
            f"inconsistent view: {len(unseen)} unseen cards but other hands and the stock hold "
            f"{sum(size for _seat, size in others) + view.stock_size}"
        )
    hand = ro.types_of(view.hand)
    if d.kind == "play":
        seen: dict[int, int] = {}
        for slot, t in enumerate(hand):
            seen.setdefault(t, slot)
        choices = list(seen.values())
        pending, flip_pending = -1, True
    else:
        assert d.card is not None
        choices = sorted({int(c.red) for c in d.options}, reverse=True)
        pending, flip_pending = card_type(d.card), d.source == "play"
    return _Position(s, n, d.kind, ro.table_counts(view.table), hand, list(view.scores), others,
                     view.stock_size, unseen, pending, flip_pending, choices)


# ----- evaluation: numpy batch and its pure-Python twin ------------------------

def _outcome(scores: Sequence[int], seat: int) -> tuple[int, float]:
    me = scores[seat]
    best_other = max(v for i, v in enumerate(scores) if i != seat)
    top = max(me, best_other)
    share = 1.0 / sum(v == top for v in scores) if me == top else 0.0
    return me - best_other, share


def _evaluate_py(pos: _Position, worlds: Sequence[Sequence[int]]) -> tuple[list[list[int]], list[list[float]]]:
    """Margins and win shares, one row per world, one column per choice."""
    n, s = pos.players, pos.seat
    margins: list[list[int]] = []
    shares: list[list[float]] = []
    for world in worlds:
        stock = list(world[: pos.stock_size])
        rest = pos.stock_size
        dealt: dict[int, list[int]] = {}
        for seat, size in pos.others:
            dealt[seat] = list(world[rest : rest + size])
            rest += size
        mrow: list[int] = []
        srow: list[float] = []
        for choice in pos.choices:
            tab = list(pos.table)
            scores = list(pos.scores)
            hands = [list(dealt[i]) if i != s else list(pos.hand) for i in range(n)]
            if pos.kind == "play":
                card = hands[s].pop(choice)
                ro.finish_choice(tab, hands, stock, scores, s, card, None, pos.flip_pending)
            else:
                ro.finish_choice(tab, hands, stock, scores, s, pos.pending, bool(choice), pos.flip_pending)
            m, w = _outcome(scores, s)
            mrow.append(m)
            srow.append(w)
        margins.append(mrow)
        shares.append(srow)
    return margins, shares


def _evaluate_np(pos: _Position, worlds: numpy.ndarray) -> tuple[numpy.ndarray, numpy.ndarray]:
    """As :func:`_evaluate_py`, every (world, choice) game in one lockstep batch."""
    n, s = pos.players, pos.seat
    w_count = worlds.shape[0]
    c_count = len(pos.choices)
    games = w_count * c_count
    rows = np.arange(games)
    choice_of_row = np.tile(np.arange(c_count), w_count)
    worlds = np.repeat(np.asarray(worlds, dtype=np.intp), c_count, axis=0)
    stock = worlds[:, : pos.stock_size]
    rest = pos.stock_size
    hands: list[numpy.ndarray] = [np.empty(0)] * n
    for seat, size in pos.others:
        hands[seat] = worlds[:, rest : rest + size].copy()
        rest += size
    hands[s] = np.tile(np.array(pos.hand, dtype=np.intp), (games, 1)).reshape(games, len(pos.hand))
    table = np.tile(np.array(pos.table, dtype=np.int16), games)
    scores = np.tile(np.array(pos.scores, dtype=np.int32), (games, 1))
    if pos.kind == "play":
        slots = np.array(pos.choices, dtype=np.intp)[choice_of_row]
        cards = hands[s][rows, slots]
        hands[s][rows, slots] = ro.EMPTY
        ro.settle_batch(table, cards, scores, s)
    else:
        red = np.array(pos.choices, dtype=bool)[choice_of_row]
        ro.settle_batch(table, np.full(games, pos.pending, dtype=np.intp), scores, s, red=red)
    first_flip = 0
    if pos.flip_pending:
        ro.settle_batch(table, stock[:, 0], scores, s)
        first_flip = 1
    ro.finish_greedy_batch(table, hands, stock, scores, (s + 1) % n, first_flip)
    me = scores[:, s]
    others = np.delete(scores, s, axis=1).max(axis=1)
    top = np.maximum(me, others)
    share = (me == top) / (scores == top[:, None]).sum(axis=1)
    return (me - others).reshape(w_count, c_count), share.reshape(w_count, c_count)


def _sample_np(pos: _Position, count: int, seed: int) -> numpy.ndarray:
    gen = np.random.default_rng(seed)
    unseen = np.array(pos.unseen, dtype=np.intp)
    return unseen[gen.random((count, len(unseen))).argsort(axis=1)]


def _sample_py(pos: _Position, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    for _i in range(count):
        w = list(pos.unseen)
        rng.shuffle(w)
        out.append(w)
    return out


def estimate(view: SeatView, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
             backend: str = "auto") -> tuple[list[float], list[float], list[float]]:
    """Per choice of ``_position(view).choices``: mean margin, win chance, standard error."""
    pos = _position(view)
    return _estimate(pos, rollouts, seed, backend)


def _estimate(pos: _Position, rollouts: int, seed: int, backend: str
              ) -> tuple[list[float], list[float], list[float]]:
    if rollouts < 1:
        raise ValueError(f"rollouts must be at least 1, not {rollouts!r}")
    if backend not in ("auto", "numpy", "python"):
        raise ValueError(f"unknown backend {backend!r}: choose auto, numpy or python")
    use_np = backend == "numpy" or (backend == "auto" and np is not None)
    if use_np:
        if np is None:  # pragma: no cover
            raise ValueError("the numpy backend needs numpy: pip install 'mainmerah[fast]'")
        m, w = _evaluate_np(pos, _sample_np(pos, rollouts, seed))
        mean = m.mean(axis=0)
        se = m.std(axis=0) / max(1, rollouts - 1) ** 0.5 if rollouts > 1 else np.zeros(len(pos.choices))
        return [float(x) for x in mean], [float(x) for x in w.mean(axis=0)], [float(x) for x in se]
    mp, wp = _evaluate_py(pos, _sample_py(pos, rollouts, seed))
    cols = list(zip(*mp, strict=True))
    means = [sum(c) / rollouts for c in cols]
    ses = []
    for c, mu in zip(cols, means, strict=True):
        var = sum((x - mu) ** 2 for x in c) / rollouts
        ses.append((var / max(1, rollouts - 1)) ** 0.5 if rollouts > 1 else 0.0)
    wins = [sum(c) / rollouts for c in zip(*wp, strict=True)]
    return means, wins, ses


# ----- hints ---------------------------------------------------------------------

def hints(game: Game, seat: int | None = None, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
          backend: str = "auto") -> list[Hint]:
    """Hints for ``seat`` (default: the seat to move), best first. Uses ``game.view(seat)`` only."""
    if seat is None:
        d = game.decision
        if d is None:
            raise ValueError(_("the game is over: there is nothing to hint"))
        seat = d.seat
    return view_hints(game.view(seat), rollouts, seed, backend)


def view_hints(view: SeatView, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0,
               backend: str = "auto") -> list[Hint]:
    """One :class:`Hint` per legal option of ``view.decision``, best first."""
    d = view.decision
    if d is not None and not fast_path_fits(view.variant):
        return _engine_hints(view, rollouts, seed)
    pos = _position(view)
    means, wins, ses = _estimate(pos, rollouts, seed, backend)
    assert d is not None
    unseen = view.unseen()
    rows = []
    for order, card in enumerate(d.options):
        if pos.kind == "play":
            j = pos.choices.index(next(i for i in pos.choices if pos.hand[i] == card_type(card)))
            takes = _best_match(view.matches(card), view)
            points = view.value(card) + view.value(takes) if takes is not None else 0
        else:
            assert d.card is not None
            j = pos.choices.index(int(card.red))
            takes = card
            points = view.value(d.card) + view.value(card)
        rows.append((means[j], wins[j], points, -order, card, takes, ses[j]))
    rows.sort(key=lambda r: r[:4], reverse=True)
    out = []
    for rank, (mean, win, points, _o, card, takes, se) in enumerate(rows):
        best = rank == 0
        if pos.kind == "play":
            reason = _play_reason(card, takes, points, unseen, view.hand, best, view)
        else:
            assert d.card is not None
            reason = _capture_reason(d.card, card, points, d.options)
        reason = sentences(reason, _outlook(mean, win))
        out.append(Hint(card, pos.kind, points, takes, mean, win, se, rollouts, best, reason))
    return out


def _engine_hints(view: SeatView, rollouts: int, seed: int) -> list[Hint]:
    """Hints for a ruleset the fast path does not fit (Chinese Ten): full-engine playouts."""
    d = view.decision
    assert d is not None
    means, wins, ses = engine_estimate(view, max(16, rollouts // ENGINE_SHARE), seed)
    rows = []
    ways: list[tuple[Card, ...]] = []  # per option: the table cards its best capture takes (three in a sweep)
    for j, card in enumerate(d.options):
        if d.kind == "play":
            options = get_ruleset(view.variant).captures(card, view.table)
            best_way = max(options, key=lambda w: sum(view.value(c) for c in w), default=())
            ways.append(tuple(best_way))
            takes = best_way[0] if best_way else None
            points = view.value(card) + sum(view.value(c) for c in best_way) if best_way else 0
        else:
            assert d.card is not None
            takes = card
            points = view.value(d.card) + view.value(card)
            ways.append((card,))
        rows.append((means[j], wins[j], points, -j, card, takes, ses[j]))
    rows.sort(key=lambda r: r[:4], reverse=True)
    out = []
    for rank, (mean, win, points, o, card, takes, se) in enumerate(rows):
        j = -o
        if d.kind == "play":
            reason = _play_reason(card, takes, points, view.unseen(), view.hand, rank == 0, view, ways[j])
        else:
            assert d.card is not None
            reason = _capture_reason(d.card, card, points, d.options)
        reason = sentences(reason, _outlook(mean, win))
        out.append(Hint(card, d.kind, points, takes, mean, win, se, rollouts, rank == 0, reason))
    return out


ENGINE_SHARE = 10  # full-engine worlds cost far more than fast-path rollouts: a tenth of the budget (16 at least)


def _best_match(matches: Sequence[Card], view: SeatView) -> Card | None:
    """The capture a sensible player makes: the most points (a red card first), else the first match."""
    if not matches:
        return None
    return max(matches, key=lambda c: (view.value(c), c.red, -matches.index(c)))


def _play_reason(card: Card, takes: Card | None, points: int, unseen: Sequence[Card],
                 hand: Sequence[Card], best: bool, view: SeatView, way: Sequence[Card] = ()) -> str:
    """Why play ``card``; ``way``: every table card it takes (Chinese Ten's fourth card takes three)."""
    if len(way) > 1:
        return _("{card} takes all three {ranks} now ({cards}): +{points} points.").format(
            card=card, ranks=rank_plural(card.rank), cards=cards_text(way), points=points)
    if takes is not None:
        if points:
            return _("{card} takes {taken} now: +{points} points.").format(card=card, taken=takes, points=points)
        return _("{card} takes {taken} now: both are black, so no points, but it takes a card off the table.").format(
            card=card, taken=takes
        )
    out = sum(c.rank == PARTNER[card.rank] for c in unseen)
    if view.value(card):  # a red card, or a black Ace that scores in Chinese Ten
        if out:
            text = ngettext(
                "{card} stays on the table: {n} card that pairs with it is still out, so an opponent "
                "may take its {points} points.",
                "{card} stays on the table: {n} cards that pair with it are still out, so an opponent "
                "may take its {points} points.", out,
            ).format(card=card, n=out, points=view.value(card))
        else:
            text = _("{card} stays on the table, but safely: no card that pairs with it is still out.").format(
                card=card
            )
    else:
        text = _("{card} stays on the table: it is black, so it gives away no points of its own.").format(card=card)
    if not best and out:
        partner = rank_name(PARTNER[card.rank])
        if out == 1:
            text = sentences(text, _("Keeping {card}: the last {rank} is still out.").format(card=card, rank=partner))
        else:
            text = sentences(text, _("Keeping {card}: {n} {ranks} are still out.").format(
                card=card, n=out, ranks=rank_plural(PARTNER[card.rank])))
    return text


def _capture_reason(card: Card, taken: Card, points: int, options: Sequence[Card]) -> str:
    text = _("{card} takes {taken}: +{points} points.").format(card=card, taken=taken, points=points)
    left = [c for c in options if c is not taken]
    red_left = [c for c in left if c.red]
    if red_left and not taken.red:
        text = sentences(text, _("It leaves the red {other} on the table for someone else.").format(other=red_left[0]))
    return text


def _outlook(mean: float, win: float) -> str:
    """How the game looks after this card, as a player says it (the rollouts' average margin and wins)."""
    m = round(abs(mean))
    if mean >= 0.5:
        margin = _("Expect to end about {m} points ahead").format(m=m)
    elif mean <= -0.5:
        margin = _("Expect to end about {m} points behind").format(m=m)
    else:
        margin = _("Expect a level finish")
    if win >= 0.8:
        chances = _("you are very likely to win")
    elif win >= 0.55:
        chances = _("you are more likely to win than not")
    elif win > 0.45:
        chances = _("it is a close game")
    elif win > 0.2:
        chances = _("you are behind, but it can still turn")
    else:
        chances = _("winning from here is hard")
    return _("{margin}; {chances}.").format(margin=margin, chances=chances)


# ----- the expert's choice ------------------------------------------------------------

def expert_choice(view: SeatView, rollouts: int, rng: random.Random, backend: str = "auto") -> Card:
    """The choice with the best estimated final margin (see :func:`view_hints`): the expert bot's move."""
    d = view.decision
    if d is None:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    if not fast_path_fits(view.variant):
        means, _wins, _se = engine_estimate(view, max(16, rollouts // ENGINE_SHARE), rng.getrandbits(63))
        return d.options[max(range(len(d.options)), key=lambda j: (means[j], -j))]
    # Cards of one type are interchangeable: with a single type there is no real choice.
    if len({card_type(c) for c in d.options}) == 1:
        return d.options[0]
    pos = _position(view)
    means, _wins, _se = _estimate(pos, rollouts, rng.getrandbits(63), backend)
    best = max(range(len(pos.choices)), key=lambda j: (means[j], -j))
    if pos.kind == "play":
        t = pos.hand[pos.choices[best]]
        return next(c for c in d.options if card_type(c) == t)
    red = bool(pos.choices[best])
    return next(c for c in d.options if c.red == red)


__all__ = ["DEFAULT_ROLLOUTS", "Hint", "estimate", "expert_choice", "hints", "view_hints"]
