"""The fast simulation path for bots, hints and the lab: no events, no explanations.

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
:func:`.bots.greedy_key`, on types: the biggest capture now, else throw the card worth least).

Batches of games in lockstep with numpy (:func:`finish_greedy_batch`) serve the
hints; numpy is optional (``pip install mainmerah[fast]``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from mainmerah.core.cards import PACK as DECK
from mainmerah.core.cards import Card
from mainmerah.families.fishing.bots import greedy_key
from mainmerah.families.fishing.rules import PARTNER, SETUP_SIZES, get_variant, rank_points

if TYPE_CHECKING:  # pragma: no cover
    import numpy

N_TYPES = 26
EMPTY = N_TYPES  # an empty hand slot in batch arrays


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

# The greedy policy's keys (bots.greedy_key) for each type: capturing a red or a black card, or none.
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


def _redeal_mask(variant: str) -> tuple[bool, ...]:
    ranks = get_variant(variant).redeal_ranks
    return tuple((r + 1) in ranks for r in range(13))


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
        tab = [0] * N_TYPES
        for t in cards[start : start + table_n]:
            tab[t] += 1
        if not any(mask[r] and tab[2 * r] + tab[2 * r + 1] >= 3 for r in range(13)):
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

    :func:`play` runs the same rule inlined (it is the hot loop); ``tests/test_rollout.py``
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


class _NoRandom(random.Random):
    """Greedy play with red-first captures draws no random numbers."""

    def random(self) -> float:  # pragma: no cover - never called
        raise AssertionError("greedy play drew a random number")


_NO_RNG = _NoRandom(0)
