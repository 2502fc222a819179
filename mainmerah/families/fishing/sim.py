"""Simulating the fishing games: the greedy policy, the fast path, full-engine playouts and other worlds.

The fast path serves bots, hints and the lab: no events, no explanations.

A card is reduced to its *type*: ``2 * (rank - 1) + red`` (0..25). Suits never
matter for pairing and only colour matters for points, so two cards of one
type are interchangeable for everything that decides a score: a capture takes
exactly one card of the partner rank, and the only difference between the
candidates is colour (the jb rule takes red first; which of two red Aces it
takes changes nothing later). So the table is 26 counts, and hands and the
stock are lists of types. ``deal`` reproduces the engine's deal for a seed
exactly (same shuffles, same redeals, same first player).

Capture policies: ``"random"`` takes one matching card uniformly (like the
random bot), ``"greedy"`` takes a red one when there is one (the most points,
and also what the jb rule does). Play policies: ``"random"`` (uniform among
hand cards) and ``"greedy"`` (:func:`greedy_type_key`: the one greedy policy,
:func:`greedy_key`, on types: the biggest capture now, else throw the card worth least).

Batches of games in lockstep with numpy (:func:`finish_greedy_batch`) serve the
hints; numpy is optional (``pip install mainmerah[fast]``).

Full-engine playouts (:func:`engine_estimate`) give hint values for rulesets the fast path does
not fit (Chinese Ten); :func:`other_world` deals the cards a seat has not seen otherwise (for the
conformance suite and for tests).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

from mainmerah.core.cards import PACK as DECK
from mainmerah.core.cards import Card
from mainmerah.families.fishing.deal import Setup
from mainmerah.families.fishing.rules import PARTNER, SETUP_SIZES, Ruleset, get_variant, rank_points
from mainmerah.families.fishing.state import Game

if TYPE_CHECKING:  # pragma: no cover
    import numpy

    from mainmerah.families.fishing.view import SeatView

N_TYPES = 26
EMPTY = N_TYPES  # an empty hand slot in batch arrays


# ----- the greedy policy (the greedy bot, the fast path, the playouts) ---------------

def greedy_key(own: int, taken: int, captures: bool) -> int:
    """The one greedy policy (bigger is better), used by :class:`GreedyBot` and the fast path.

    Any capture beats throwing a card away; among captures, the biggest gain, then keep
    the more valuable card in hand; with no capture, throw the card worth least (a red card
    left lying is a gift). ``own``: the played card's points; ``taken``: what it captures.
    """
    return 64 * (own + taken) + 32 - own if captures else -own


def play_key(card: Card, table: Sequence[Card], rules: Ruleset, points: Sequence[int]) -> int:
    """:func:`greedy_key` of playing ``card`` onto ``table`` now (its best capture by the rules)."""
    found = rules.matching(card, table)
    own = points[card.index]
    if not found:
        return greedy_key(own, 0, False)
    if rules.takes_all(card, found):
        return greedy_key(own, sum(points[c.index] for c in found), True)
    return greedy_key(own, max(points[c.index] for c in found), True)


def greedy_choice(kind: str, options: Sequence[Card], table: Sequence[Card], rules: Ruleset,
                  points: Sequence[int]) -> Card:
    """The greedy policy's choice: the capture worth most (first of equals: longest on the
    table), or the hand card with the best :func:`play_key` (first of equals in hand order)."""
    if kind == "capture":
        return max(options, key=lambda c: (points[c.index], -options.index(c)))
    return max(options, key=lambda c: play_key(c, table, rules, points))


# ----- the fast path ----------------------------------------------------------------

def card_type(card: Card) -> int:
    """The type of a card: rank and colour, ``2 * (rank - 1) + red``."""
    return 2 * (card.rank - 1) + card.red


def type_rank(t: int) -> int:
    return t // 2 + 1


POINTS: tuple[int, ...] = tuple(rank_points(t // 2 + 1) if t & 1 else 0 for t in range(N_TYPES))
"""Points of each type (black types 0)."""
PARTNER_BASE: tuple[int, ...] = tuple(2 * (PARTNER[t // 2 + 1] - 1) for t in range(N_TYPES))
"""The black type of the rank each type pairs with (its red type is one more)."""
RED_PARTNER_POINTS: tuple[int, ...] = tuple(POINTS[PARTNER_BASE[t] + 1] for t in range(N_TYPES))
DECK_TYPES: tuple[int, ...] = tuple(card_type(c) for c in DECK)

# The greedy policy's keys (greedy_key) for each type: capturing a red or a black card, or none.
KEY_RED: tuple[int, ...] = tuple(greedy_key(POINTS[t], RED_PARTNER_POINTS[t], True) for t in range(N_TYPES))
KEY_BLACK: tuple[int, ...] = tuple(greedy_key(POINTS[t], 0, True) for t in range(N_TYPES))
KEY_DUMP: tuple[int, ...] = tuple(greedy_key(POINTS[t], 0, False) for t in range(N_TYPES))


def greedy_type_key(t: int, table: Sequence[int]) -> int:
    """How much the greedy rollout policy likes playing type ``t`` onto ``table`` (counts)."""
    b = PARTNER_BASE[t]
    if table[b + 1]:
        return KEY_RED[t]
    if table[b]:
        return KEY_BLACK[t]
    return KEY_DUMP[t]


def table_counts(cards: Iterable[Card]) -> list[int]:
    counts = [0] * N_TYPES
    for c in cards:
        counts[card_type(c)] += 1
    return counts


def types_of(cards: Iterable[Card]) -> list[int]:
    return [card_type(c) for c in cards]


class FastDeal(NamedTuple):
    """A deal in types: hands (one list per seat), table counts, stock (top first)."""

    hands: list[list[int]]
    table: list[int]
    stock: list[int]
    first: int
    redeals: int


@cache
def _redeal_mask(variant: str) -> tuple[bool, ...]:
    ranks = get_variant(variant).redeal_ranks
    return tuple((r + 1) in ranks for r in range(13))


def _counts(types: Iterable[int]) -> list[int]:
    tab = [0] * N_TYPES
    for t in types:
        tab[t] += 1
    return tab


def _redeals(table: Sequence[int], mask: Sequence[bool]) -> bool:
    """Whether a table (counts by type) is dealt again: three or more of a rank the variant redeals on."""
    return any(mask[r] and table[2 * r] + table[2 * r + 1] >= 3 for r in range(13))


def first_table_redeals(players: int, variant: str, rng: random.Random) -> bool:
    """Whether a deal's first table is dealt again, drawing only the table's cards (any of the pack's cards alike
    likely, as the table of :func:`deal`'s first shuffle): the redeal odds' simulation, without dealing hands."""
    table_n = SETUP_SIZES[players][1]
    return _redeals(_counts(rng.sample(DECK_TYPES, table_n)), _redeal_mask(get_variant(variant).name))


def deal(players: int = 2, variant: str = "classic", rng: random.Random | int | None = None,
         dealer: int = 0) -> FastDeal:
    """Shuffle and deal exactly like ``mainmerah.families.fishing.deal.deal`` (same seed, same cards)."""
    if players not in SETUP_SIZES:
        raise ValueError(f"Main Merah is for 2 or 3 players, not {players!r}")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    v = get_variant(variant)
    hand, table_n, _stock_n = SETUP_SIZES[players]
    mask = _redeal_mask(v.name)
    start = hand * players
    redeals = 0
    while True:
        cards = list(DECK_TYPES)
        rng.shuffle(cards)
        tab = _counts(cards[start : start + table_n])
        if not _redeals(tab, mask):
            break
        redeals += 1
    hands = [cards[i * hand : (i + 1) * hand] for i in range(players)]
    first = v.first_player(dealer, players, rng)
    return FastDeal(hands, tab, cards[start + table_n :], first, redeals)


def play(hands: list[list[int]], table: list[int], stock: Sequence[int], first: int,
         greedy: Sequence[bool], capture_random: bool | Sequence[bool], rng: random.Random,
         scores: list[int] | None = None) -> list[int]:
    """Play a game (or its rest) to the end; return the scores. Mutates hands and table.

    ``greedy[seat]`` picks each seat's play policy (greedy or uniform random);
    ``capture_random`` (one flag, or one per seat) makes captures between a red and a
    black match a coin weighted by their counts (each matching card equally likely),
    else red first.
    Every turn plays one hand card and flips the next stock card.
    """
    n = len(hands)
    if scores is None:
        scores = [0] * n
    rnd = rng.random
    coin = (capture_random,) * n if isinstance(capture_random, bool) else tuple(capture_random)
    seat = first
    pts = POINTS
    base = PARTNER_BASE
    redp = RED_PARTNER_POINTS
    kr, kb, kd = KEY_RED, KEY_BLACK, KEY_DUMP
    for flip in stock:
        h = hands[seat]
        if greedy[seat]:
            best = -1 << 30
            bi = 0
            for i, t in enumerate(h):
                b = base[t]
                k = kr[t] if table[b + 1] else (kb[t] if table[b] else kd[t])
                if k > best:
                    best = k
                    bi = i
            played = h.pop(bi)
        else:
            i = int(rnd() * len(h))
            played = h[i]
            h[i] = h[-1]
            h.pop()
        capture_coin = coin[seat]
        # The played card, then the flipped one: the same settling rule.
        for c in (played, flip):
            b = base[c]
            nb = table[b]
            nr = table[b + 1]
            if nr:
                if nb and capture_coin and rnd() * (nr + nb) < nb:
                    table[b] = nb - 1
                    scores[seat] += pts[c]
                else:
                    table[b + 1] = nr - 1
                    scores[seat] += pts[c] + redp[c]
            elif nb:
                table[b] = nb - 1
                scores[seat] += pts[c]
            else:
                table[c] += 1
        seat += 1
        if seat == n:
            seat = 0
    return scores


def fast_path_fits(variant: str) -> bool:
    """True when the fast path plays this ruleset exactly: points by rank and colour only, one card a capture.

    Main Merah's variants fit; Chinese Ten (captures of three, black Aces that score) takes the full engine.
    """
    v = get_variant(variant)
    return not v.sweep_three and not v.dealer_takes_four and v.sizes == SETUP_SIZES


def settle(table: list[int], c: int, scores: list[int], seat: int, red: bool | None = None) -> None:
    """The capture rule on type counts: ``c`` takes one card of its partner rank, red first
    (or, with ``red`` given, that colour where one matches), else it stays on the table.

    :func:`play` runs the same rule inlined (it is the hot loop); ``tests/games/fishing/test_rollout.py``
    checks both against the engine at every step.
    """
    b = PARTNER_BASE[c]
    nb, nr = table[b], table[b + 1]
    if nr and (red is None or red or not nb):
        table[b + 1] = nr - 1
        scores[seat] += POINTS[c] + RED_PARTNER_POINTS[c]
    elif nb:
        table[b] = nb - 1
        scores[seat] += POINTS[c]
    else:
        table[c] += 1


def replay(hands: Sequence[Sequence[int]], table: Sequence[int], stock: Sequence[int], first: int,
           plays: Sequence[int], red_choices: Iterable[bool]) -> tuple[list[int], list[int]]:
    """Play given decisions: ``plays`` in turn order, ``red_choices`` answering each
    capture where both a red and a black card match. Returns (scores, final table counts)."""
    n = len(hands)
    hs = [list(h) for h in hands]
    tab = list(table)
    choices = iter(red_choices)
    scores = [0] * n
    seat = first
    if len(plays) != len(stock):
        raise ValueError(f"a game has {len(stock)} turns, not {len(plays)} plays")
    for c, flip in zip(plays, stock, strict=True):
        hs[seat].remove(c)
        for x in (c, flip):
            b = PARTNER_BASE[x]
            both = tab[b] and tab[b + 1]  # only then is there a colour to choose
            settle(tab, x, scores, seat, next(choices) if both else None)
        seat = (seat + 1) % n
    return scores, tab


class GameResult(NamedTuple):
    first: int
    redeals: int
    scores: tuple[int, ...]
    stranded: int  # cards left on the table at the end


POLICIES = ("random", "greedy")


def check_policy(name: str) -> bool:
    """True for greedy, False for random; anything else is refused by name."""
    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r}: the fast path knows {', '.join(POLICIES)}")
    return name == "greedy"


def simulate(games: int, players: int = 2, variant: str = "classic", seed: int = 0,
             policies: Sequence[str] | str = "random", capture: str | None = None,
             rng: random.Random | None = None) -> list[GameResult]:
    """Deal and play ``games`` games on the fast path; one :class:`GameResult` each.

    ``policies`` is one play policy for all seats or one per seat; ``capture``
    ("random" or "greedy") is how every seat chooses between matches (by default
    each seat as it plays), except in ``jb``, where the house rule (red first) decides.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    v = get_variant(variant)
    if isinstance(policies, str):
        policies = [policies] * players
    if len(policies) != players:
        raise ValueError(f"{players} players need {players} policies, got {len(policies)}")
    greedy = tuple(check_policy(p) for p in policies)
    if capture is None:
        coin = tuple(not g and not v.auto_capture for g in greedy)
    else:
        coin = (not check_policy(capture) and not v.auto_capture,) * players
    rng = rng or random.Random(seed)
    out: list[GameResult] = []
    append = out.append
    for _ in range(games):
        d = deal(players, v.name, rng)
        tab = d.table
        scores = play(d.hands, tab, d.stock, d.first, greedy, coin, rng)
        append(GameResult(d.first, d.redeals, tuple(scores), sum(tab)))
    return out


# ----- numpy batches: many games in lockstep ------------------------------------

_NP: dict[str, numpy.ndarray] = {}


def _np_tables() -> dict[str, numpy.ndarray]:
    import numpy as np

    if not _NP:
        low = -(1 << 20)  # an empty slot is never chosen
        _NP["points"] = np.array([*POINTS, 0], dtype=np.int32)
        _NP["base"] = np.array([*PARTNER_BASE, 0], dtype=np.intp)
        _NP["redp"] = np.array([*RED_PARTNER_POINTS, 0], dtype=np.int32)
        _NP["kr"] = np.array([*KEY_RED, low], dtype=np.int32)
        _NP["kb"] = np.array([*KEY_BLACK, low], dtype=np.int32)
        _NP["kd"] = np.array([*KEY_DUMP, low], dtype=np.int32)
    return _NP


def settle_batch(table: numpy.ndarray, cards: numpy.ndarray, scores: numpy.ndarray, seat: int,
                 red: numpy.ndarray | None = None) -> None:
    """Settle one card per game (played or flipped) for ``seat``; red first.

    ``table`` is the flat (games * 26) count array, ``cards`` one type per game.
    With ``red`` given (bool per game) the capture takes that colour instead,
    where such a card matches (a chosen capture).
    """
    import numpy as np

    T = _np_tables()
    games = cards.shape[0]
    idx = np.arange(games) * N_TYPES + T["base"][cards]
    nb = table[idx]
    nr = table[idx + 1]
    take_red = nr > 0 if red is None else (nr > 0) & (red | (nb == 0))
    take_black = (nb > 0) & ~take_red
    table[idx + 1] -= take_red
    table[idx] -= take_black
    stay = ~(take_red | take_black)
    table[np.flatnonzero(stay) * N_TYPES + cards[stay]] += 1
    scores[:, seat] += np.where(stay, 0, T["points"][cards]) + np.where(take_red, T["redp"][cards], 0)


def greedy_pick_batch(table: numpy.ndarray, hand: numpy.ndarray) -> numpy.ndarray:
    """Remove and return, per game, the hand card the greedy rollout policy plays."""
    import numpy as np

    T = _np_tables()
    games = hand.shape[0]
    rows = np.arange(games)
    idx = rows[:, None] * N_TYPES + T["base"][hand]
    key = np.where(table[idx + 1] > 0, T["kr"][hand], np.where(table[idx] > 0, T["kb"][hand], T["kd"][hand]))
    slot = key.argmax(axis=1)
    cards = hand[rows, slot]
    hand[rows, slot] = EMPTY
    return cards  # type: ignore[no-any-return]  # numpy's fancy indexing is typed Any


def finish_greedy_batch(table: numpy.ndarray, hands: list[numpy.ndarray], stock: numpy.ndarray,
                        scores: numpy.ndarray, seat: int, first_flip: int = 0) -> numpy.ndarray:
    """Play many games to the end in lockstep, every seat greedy; returns ``scores``.

    ``seat`` moves next; ``stock[:, first_flip:]`` are the flips still to come
    (one per turn). Arrays are changed in place.
    """
    n = len(hands)
    for k in range(first_flip, stock.shape[1]):
        cards = greedy_pick_batch(table, hands[seat])
        settle_batch(table, cards, scores, seat)
        settle_batch(table, stock[:, k], scores, seat)
        seat = (seat + 1) % n
    return scores


def finish_greedy(table: list[int], hands: list[list[int]], stock: Sequence[int],
                  scores: list[int], seat: int) -> list[int]:
    """The pure-Python twin of :func:`finish_greedy_batch` for one game (same choices)."""
    return play(hands, table, stock, seat, (True,) * len(hands), False, _NO_RNG, scores)


def finish_choice(table: list[int], hands: list[list[int]], stock: Sequence[int], scores: list[int], seat: int,
                  card: int, red: bool | None, flip_pending: bool) -> list[int]:
    """One decision of ``seat`` on the fast path, then every seat greedy to the end; the scores.

    ``card`` (a type) settles: a card played (already out of its hand) takes red first (``red`` None),
    the card waiting for a capture choice takes the colour ``red``; then the turn's stock card flips when
    still to flip (``flip_pending``). Mutates its arguments, as :func:`play`.
    """
    settle(table, card, scores, seat, red)
    flips = stock
    if flip_pending:
        settle(table, stock[0], scores, seat, None)
        flips = stock[1:]
    return finish_greedy(table, hands, flips, scores, (seat + 1) % len(hands))


_FITS: dict[tuple[str, int], bool] = {}


def _fits(game: Game) -> bool:
    """Whether the fast path plays ``game`` exactly: its ruleset fits and its cards score as the types do."""
    key = (game.variant.name, game.players)
    if key not in _FITS:
        _FITS[key] = fast_path_fits(game.variant.name) and all(
            game.points(c) == POINTS[card_type(c)] for c in DECK)
    return _FITS[key]


def playout(game: Game, action: str, level: str, seed: int) -> int | None:
    """The review's fast path (``GameInfo.playout``): the final score of the seat to move when it takes
    ``action`` and every seat then plays greedy, with no events; None where the fast path does not play
    it exactly (another level, or Chinese Ten's rules: the review then plays through the engine).

    The greedy bot's choices on types (:func:`greedy_type_key`, captures red first) are its choices on
    cards, so the score is the one the engine gives (``tests/core/test_review.py`` checks it).
    """
    d = game.decision
    if level != "greedy" or d is None or not _fits(game):
        return None
    s = d.seat
    card = card_type(Card.parse(action))
    hands = [types_of(h) for h in game.hands]
    scores = list(game.scores)
    if d.kind == "play":
        hands[s].remove(card)
        out = finish_choice(table_counts(game.table), hands, types_of(game.stock), scores, s, card, None, True)
    else:
        assert d.card is not None
        out = finish_choice(table_counts(game.table), hands, types_of(game.stock), scores, s, card_type(d.card),
                            bool(card & 1), d.source == "play")
    return out[s]


class _NoRandom(random.Random):
    """Greedy play with red-first captures draws no random numbers."""

    def random(self) -> float:  # pragma: no cover - never called
        raise AssertionError("greedy play drew a random number")


_NO_RNG = _NoRandom(0)


# ----- full-engine playouts ----------------------------------------------------------
# Full-engine playouts: hint values for rulesets the fast path does not fit (Chinese Ten).
#
# Each playout deals the cards the seat cannot see (other hands and the stock) at random
# with the sizes it knows, rebuilds that world with the engine, takes one option, and lets
# every seat finish with the greedy bot. All options are scored on the same worlds, so
# their differences are measured more precisely than each value.

DEFAULT_ROLLOUTS = 1000  # a hint's rollouts (and the expert bot's)


def _world(view: SeatView, rng: random.Random) -> Game:
    hidden = list(view.unseen())
    rng.shuffle(hidden)
    n, s = view.players, view.seat
    hands: list[tuple[Card, ...]] = []
    at = view.stock_size
    for seat in range(n):
        if seat == s:
            hands.append(view.hand)
        else:
            size = view.hand_sizes[seat]
            hands.append(tuple(hidden[at : at + size]))
            at += size
    setup = Setup(n, view.variant, tuple(hands), view.table, tuple(hidden[: view.stock_size]), s, s, None,
                  view.piles)
    return Game(setup, check=False)


def _margin(scores: tuple[int, ...], seat: int) -> tuple[int, float]:
    me = scores[seat]
    best_other = max(v for i, v in enumerate(scores) if i != seat)
    top = max(me, best_other)
    return me - best_other, (1.0 / sum(v == top for v in scores) if me == top else 0.0)


def engine_estimate(view: SeatView, rollouts: int, seed: int) -> tuple[list[float], list[float], list[float]]:
    """Per option of ``view.decision``: mean final margin, win share, standard error of the margin."""
    d = view.decision
    if d is None:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    if d.kind != "play":
        # A capture choice picks among cards of one rank: its value is its points now.
        values = [float(view.value(c)) for c in d.options]
        return values, [0.0] * len(values), [0.0] * len(values)
    rng = random.Random(seed)
    rows: list[list[tuple[int, float]]] = [[] for _ in d.options]
    for _i in range(rollouts):
        world = _world(view, rng)
        for j, card in enumerate(d.options):
            g = world.copy()
            g.play(card)
            rules, points = g.rules, g.variant.points(g.players)
            while (nd := g.decision) is not None:  # every seat greedy, on the world's own table
                g.decide(greedy_choice(nd.kind, nd.options, g.table, rules, points))
            rows[j].append(_margin(g.scores, view.seat))
    means, wins, ses = [], [], []
    for row in rows:
        m = [x for x, _w in row]
        mu = sum(m) / len(m)
        var = sum((x - mu) ** 2 for x in m) / len(m)
        means.append(mu)
        wins.append(sum(w for _x, w in row) / len(row))
        ses.append((var / max(1, len(m) - 1)) ** 0.5)
    return means, wins, ses


# ----- other worlds -------------------------------------------------------------------
# Other worlds a seat cannot tell from this one (for the conformance suite and for tests).
#
# The cards a seat has not seen -- other hands and the stock, now -- are dealt otherwise
# into the same places, and the same decisions are replayed: everything the seat saw
# (its hand, the table, every card played, flipped and captured) is the same.


def other_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """``game`` with the cards ``seat`` has not seen shuffled among their places; None if there are none."""
    s = game.setup
    played: set[object] = set()
    for ch in game.choices:
        played.add(ch.card)
    flipped = set(s.stock[: len(s.stock) - game.stock_size])
    # Unseen now: other seats' hand cards and the stock still down. Their set-up places are swapped.
    places: list[tuple[str, int, int]] = []
    for i, hand in enumerate(s.hands):
        if i == seat:
            continue
        for k, c in enumerate(hand):
            if c in game.hands[i]:
                places.append(("hand", i, k))
    for k, c in enumerate(s.stock):
        if c not in flipped:
            places.append(("stock", 0, k))
    if len(places) < 2:
        return None
    hands = [list(h) for h in s.hands]
    stock = list(s.stock)
    cards = [hands[i][k] if where == "hand" else stock[k] for where, i, k in places]
    rng.shuffle(cards)
    for (where, i, k), c in zip(places, cards, strict=True):
        if where == "hand":
            hands[i][k] = c
        else:
            stock[k] = c
    setup = replace(s, hands=tuple(tuple(h) for h in hands), stock=tuple(stock), redeals=())
    other = Game(setup, check=False)
    for ch in game.choices:
        other._record(ch)
    return other
