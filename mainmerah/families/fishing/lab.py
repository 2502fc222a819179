"""The strategy lab's logic: simulations, duels between bots, exact redeal odds.

The lab's page (``notebooks/strategy-lab.ipynb``, drawn by :mod:`mainmerah.pages.lab`)
only calls these. Progress bars are passed in (any ``tqdm``-like factory), and matplotlib is
imported only by the plotting helpers in :mod:`mainmerah.draw.plots`, so the engine keeps no UI
dependency. Every estimate comes with its 95% interval (:class:`Estimate`), and :data:`FEW`
says below which sample size a result is shown with a warning that it means little.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

import mainmerah.families.fishing.sim as ro
from mainmerah.core.cards import rank_name
from mainmerah.core.i18n import _
from mainmerah.families.fishing.rules import SETUP_SIZES, VARIANTS, get_variant

DECK_SIZE = 52
PER_RANK = 4


class Progress(Protocol):
    def update(self, n: int = 1) -> Any: ...

    def close(self) -> Any: ...


ProgressFactory = Callable[..., Progress]


Z95 = 1.96  # the normal quantile of a two-sided 95% interval

# Below these sizes a result is shown with a plain warning that it means little (the page words it).
# Duels: fewer deals than this rarely separate two bots; simulations: rates of a few percent need
# hundreds of games; redeal odds of ~1-5% need thousands of deals to be seen to two digits.
FEW = {"duel": 30, "games": 500, "deals": 2000}


def too_few(n: int, kind: str) -> bool:
    """Whether ``n`` samples of ``kind`` (a key of :data:`FEW`) are too few to mean much."""
    return n < FEW[kind]


@dataclass(frozen=True)
class Estimate:
    """A number measured on ``n`` samples, with its 95% interval ``low``..``high``."""

    value: float
    low: float
    high: float
    n: int

    @property
    def half(self) -> float:
        """Half the interval's width (the "±"); infinite when nothing is known."""
        return (self.high - self.low) / 2

    @property
    def known(self) -> bool:
        return math.isfinite(self.low) and math.isfinite(self.high)

    def excludes(self, x: float) -> bool:
        """Whether ``x`` lies outside the interval (the samples tell the value apart from ``x``)."""
        return self.known and not self.low <= x <= self.high


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean and its normal 95% interval (needs 2 values; fewer give an unbounded interval)."""
    n = len(values)
    if n == 0:
        return Estimate(0.0, -math.inf, math.inf, 0)
    m = statistics.fmean(values)
    if n < 2:
        return Estimate(m, -math.inf, math.inf, n)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return Estimate(m, m - half, m + half, n)


def share_estimate(hits: float, n: int) -> Estimate:
    """A share ``hits / n`` with its Wilson 95% interval (sound near 0% and 100%, unlike mean ± z·se)."""
    if n <= 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


class _NoProgress:
    def update(self, n: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(progress: ProgressFactory | None, total: int, desc: str) -> Progress:
    return progress(total=total, desc=desc) if progress is not None else _NoProgress()


# ----- fast-path simulations -------------------------------------------------------

@dataclass
class Simulation:
    """Results of many fast-path games of one kind."""

    players: int
    variant: str
    policies: tuple[str, ...]
    games: list[ro.GameResult] = field(default_factory=list)

    def scores_by_turn(self) -> list[list[int]]:
        """Scores grouped by turn order: [k] holds the scores of whoever moved k-th."""
        n = self.players
        return [[g.scores[(g.first + k) % n] for g in self.games] for k in range(n)]

    def wins_by_turn(self) -> list[float]:
        """Share of wins of the first, second (, third) player to move; ties shared."""
        n = self.players
        wins = [0.0] * n
        for g in self.games:
            top = max(g.scores)
            winners = [k for k in range(n) if g.scores[(g.first + k) % n] == top]
            for k in winners:
                wins[k] += 1 / len(winners)
        return [w / max(1, len(self.games)) for w in wins]

    def stranded_rate(self) -> float:
        """Share of games ending with cards left on the table."""
        return sum(g.stranded > 0 for g in self.games) / max(1, len(self.games))

    def redeal_rate(self) -> float:
        """Share of deals whose first table had to be redealt."""
        return sum(g.redeals > 0 for g in self.games) / max(1, len(self.games))

    def totals(self) -> list[int]:
        return [sum(g.scores) for g in self.games]

    # ----- the same numbers with their 95% intervals
    def score_estimates(self) -> list[Estimate]:
        """Mean final score of the first, second (, third) player to move."""
        return [mean_estimate(x) for x in self.scores_by_turn()]

    def win_estimates(self) -> list[Estimate]:
        """Share of wins by turn order (ties shared), each game one sample."""
        n = self.players
        out = []
        for k in range(n):
            shares = []
            for g in self.games:
                top = max(g.scores)
                winners = sum(s == top for s in g.scores)
                shares.append(1 / winners if g.scores[(g.first + k) % n] == top else 0.0)
            out.append(mean_estimate(shares))
        return out

    def first_mover_edge(self) -> Estimate:
        """How many points more the first to move scores than the second, game by game (paired)."""
        first, second = self.scores_by_turn()[:2]
        return mean_estimate([a - b for a, b in zip(first, second, strict=True)])

    def stranded_estimate(self) -> Estimate:
        return share_estimate(sum(g.stranded > 0 for g in self.games), len(self.games))

    def redeal_estimate(self) -> Estimate:
        return share_estimate(sum(g.redeals > 0 for g in self.games), len(self.games))

    def lead_estimate(self) -> Estimate:
        """The winner's mean lead over the runner-up (points)."""
        return mean_estimate([sorted(g.scores)[-1] - sorted(g.scores)[-2] for g in self.games])


def simulate(games: int, players: int = 2, variant: str = "classic", policies: Sequence[str] | str = "random",
             capture: str | None = None, seed: int = 0, progress: ProgressFactory | None = None,
             chunk: int = 500) -> Simulation:
    """Deal and play ``games`` fast-path games (see :func:`mainmerah.families.fishing.sim.simulate`)."""
    if players not in SETUP_SIZES:
        raise ValueError(f"Main Merah is for 2 or 3 players, not {players!r}")
    pols = (policies,) * players if isinstance(policies, str) else tuple(policies)
    sim = Simulation(players, get_variant(variant).name, pols)
    rng = random.Random(seed)
    bar = _bar(progress, games, _("{n}p {variant}, {policies}").format(
        n=players, variant=sim.variant, policies=" v ".join(pols)))
    done = 0
    while done < games:
        k = min(chunk, games - done)
        sim.games += ro.simulate(k, players, variant, policies=pols, capture=capture, rng=rng)
        done += k
        bar.update(k)
    bar.close()
    return sim


# ----- duels between real bots on the real engine -------------------------------------

@dataclass
class DuelResult:
    """Bot ``a`` against bot ``b`` over the same deals, every seating of ``a``."""

    a: str
    b: str
    players: int
    variant: str
    margins: list[float]  # per deal: a's margin (score minus best other), mean over seatings
    wins: list[float]  # per deal: a's share of wins, mean over seatings

    @property
    def games(self) -> int:
        return len(self.margins) * self.players

    def mean_margin(self) -> float:
        return statistics.fmean(self.margins) if self.margins else 0.0

    def ci95(self) -> tuple[float, float]:
        """Normal 95% interval of the mean margin (deals are independent; seatings are paired)."""
        m = self.mean_margin()
        if len(self.margins) < 2:
            return (-math.inf, math.inf)
        half = 1.96 * statistics.stdev(self.margins) / math.sqrt(len(self.margins))
        return (m - half, m + half)

    def win_rate(self) -> float:
        return statistics.fmean(self.wins) if self.wins else 0.0

    def margin_estimate(self) -> Estimate:
        """The mean margin with the interval of :meth:`ci95`, over deals."""
        lo, hi = self.ci95()
        return Estimate(self.mean_margin(), lo, hi, len(self.margins))

    def win_estimate(self) -> Estimate:
        """``a``'s win share over deals, interval clipped to 0..1."""
        e = mean_estimate(self.wins)
        return Estimate(e.value, max(0.0, e.low), min(1.0, e.high), e.n)

    def text(self) -> str:
        lo, hi = self.ci95()
        return _("{a} v {b}: mean margin {m:+.2f} points (95% interval {lo:+.2f} to {hi:+.2f}), "
                 "win rate {w:.1%} over {g} games ({d} deals, every seating)").format(
            a=self.a, b=self.b, m=self.mean_margin(), lo=lo, hi=hi, w=self.win_rate(), g=self.games,
            d=len(self.margins))


def _make(name: str, seed: int, rollouts: int) -> Any:
    from mainmerah.families.fishing.bots import ExpertBot, make_bot

    if name == "expert":
        return ExpertBot(seed=seed, rollouts=rollouts)
    return make_bot(name, seed)


def _duel_deal(args: tuple[str, str, int, str, int, int]) -> tuple[float, float]:
    """One deal, ``a`` in each seat in turn; a's mean margin and win share."""
    from mainmerah.families.fishing.bots import play_out
    from mainmerah.families.fishing.state import Game

    a, b, players, variant, deal_seed, rollouts = args
    margin = share = 0.0
    for seat in range(players):
        g = Game.new(players, variant, seed=deal_seed)
        bots = [_make(a if i == seat else b, deal_seed * 7 + i, rollouts) for i in range(players)]
        play_out(g, bots)
        sc = g.scores
        other = max(v for i, v in enumerate(sc) if i != seat)
        margin += sc[seat] - other
        if sc[seat] >= other:
            share += 1 / len(g.winners)
    return margin / players, share / players


def duel(a: str, b: str, deals: int, players: int = 2, variant: str = "classic", seed: int = 0,
         rollouts: int = 1000, workers: int = 1, progress: ProgressFactory | None = None) -> DuelResult:
    """Bot ``a`` against bot(s) ``b`` on ``deals`` seeded deals, ``a`` taking every seat in turn.

    Bots are names for :func:`mainmerah.make_bot` (``rollouts`` sets the expert's).
    Deal ``d`` uses seed ``seed * 1_000_003 + d``, so results do not depend on ``workers``.
    """
    for name in (a, b):
        if name not in ("random", "greedy", "jb", "expert"):
            raise ValueError(f"unknown bot {name!r}: choose random, greedy, jb or expert")
    v = get_variant(variant).name
    jobs = [(a, b, players, v, seed * 1_000_003 + d, rollouts) for d in range(deals)]
    bar = _bar(progress, deals, _("{a} v {b}").format(a=a, b=b))
    results: list[tuple[float, float]] = []
    if workers > 1:
        import multiprocessing as mp

        # Spawned, not forked: a fork copies the locks other threads hold at that moment (a kernel's, a test
        # runner's), and a child that needs one waits for ever (seen: a CI run hung in a forked worker).
        with mp.get_context("spawn").Pool(workers) as pool:
            for r in pool.imap(_duel_deal, jobs, chunksize=max(1, min(20, deals // (8 * workers)))):
                results.append(r)
                bar.update(1)
    else:
        for job in jobs:
            results.append(_duel_deal(job))
            bar.update(1)
    bar.close()
    return DuelResult(a, b, players, v, [m for m, _w in results], [w for _m, w in results])


# ----- exact redeal odds ---------------------------------------------------------------

def _poly_mul(p: list[int], q: list[int], cap: int) -> list[int]:
    out = [0] * min(cap + 1, len(p) + len(q) - 1)
    for i, x in enumerate(p):
        if x:
            for j, y in enumerate(q):
                if i + j > cap:
                    break
                out[i + j] += x * y
    return out


def table_size(players: int) -> int:
    if players not in SETUP_SIZES:
        raise ValueError(f"Main Merah is for 2 or 3 players, not {players!r}")
    return SETUP_SIZES[players][1]


def redeal_probability(players: int, variant: str) -> Fraction:
    """Exact chance that a deal's table breaks the variant's redeal rule.

    The table is a uniform ``T``-card subset of 52 (``T`` = 12 or 10). With ``k``
    redeal ranks, the tables keeping each of them to at most 2 cards number
    ``[x^T] (C(4,0) + C(4,1) x + C(4,2) x^2)^k (1 + x)^(4 (13 - k))``.
    """
    return redeal_odds(table_size(players), len(get_variant(variant).redeal_ranks))


def redeal_odds(t: int, k: int) -> Fraction:
    """Chance that some one of ``k`` given ranks has 3+ cards among ``t`` cards drawn from 52."""
    if not (0 <= t <= DECK_SIZE and 0 <= k <= 13):
        raise ValueError(f"need 0 <= t <= 52 and 0 <= k <= 13, not t={t!r}, k={k!r}")
    low = [math.comb(PER_RANK, j) for j in range(3)]
    poly = [1]
    for _i in range(k):
        poly = _poly_mul(poly, low, t)
    poly = _poly_mul(poly, [math.comb(PER_RANK * (13 - k), j) for j in range(PER_RANK * (13 - k) + 1)], t)
    good = poly[t] if t < len(poly) else 0
    return 1 - Fraction(good, math.comb(DECK_SIZE, t))


def redeal_probability_ie(players: int, variant: str) -> Fraction:
    """The same chance by inclusion–exclusion over the redeal ranks with 3+ cards:
    ``P = sum_i (-1)^(i+1) C(k, i) N_i / C(52, T)``, where ``N_i`` counts the tables
    in which ``i`` given ranks each have 3 or 4 cards:
    ``N_i = sum over a_1..a_i in {3, 4} of prod C(4, a_j) * C(52 - 4i, T - sum a_j)``."""
    return redeal_odds_ie(table_size(players), len(get_variant(variant).redeal_ranks))


def redeal_odds_ie(t: int, k: int) -> Fraction:
    """:func:`redeal_odds` by inclusion–exclusion."""
    total = Fraction(0)
    for i in range(1, min(k, t // 3) + 1):
        n_i = 0
        for fours in range(i + 1):  # how many of the i ranks have all 4 cards
            cards = 3 * (i - fours) + 4 * fours
            if cards <= t:
                n_i += (math.comb(i, fours) * math.comb(PER_RANK, 3) ** (i - fours)
                        * math.comb(DECK_SIZE - PER_RANK * i, t - cards))
        total += (-1) ** (i + 1) * math.comb(k, i) * Fraction(n_i, math.comb(DECK_SIZE, t))
    return total


REDEAL_FORMULA = (
    r"P(\text{redeal}) = 1 - \frac{[x^T]\,\bigl(\binom40 + \binom41 x + \binom42 x^2\bigr)^{k}\,(1+x)^{4(13-k)}}"
    r"{\binom{52}{T}} = \sum_{i\ge1} (-1)^{i+1}\binom{k}{i}\,\frac{N_i}{\binom{52}{T}},\quad "
    r"N_i = \sum_{a\in\{3,4\}^i} \prod_j \binom{4}{a_j}\,\binom{52-4i}{T-\sum_j a_j}"
)
"""The formula of :func:`redeal_probability` and :func:`redeal_probability_ie` in LaTeX
(``T`` table cards, ``k`` redeal ranks: 5 for classic/cardgames, 13 for jb)."""


@dataclass(frozen=True)
class RedealRow:
    players: int
    variant: str
    ranks: str
    exact: Fraction
    simulated: float
    deals: int

    @property
    def exact_float(self) -> float:
        return float(self.exact)

    @property
    def expected_redeals(self) -> float:
        """Mean number of redeals before a playable table: p / (1 - p)."""
        p = self.exact
        return float(p / (1 - p))

    @property
    def ci95(self) -> float:
        """Half-width of the 95% band in which the simulated frequency should fall (from the exact odds)."""
        p = self.exact_float
        return 1.96 * math.sqrt(p * (1 - p) / max(1, self.deals))

    def simulated_estimate(self) -> Estimate:
        """The simulated share with its own (Wilson) 95% interval, as a reader without the exact odds sees it."""
        return share_estimate(round(self.simulated * self.deals), self.deals)


def redeal_table(deals: int, seed: int = 0, progress: ProgressFactory | None = None,
                 chunk: int = 5000) -> list[RedealRow]:
    """Exact redeal odds next to the share of ``deals`` deals that redealt, per players and variant (each deal's
    first table drawn alone: :func:`~mainmerah.families.fishing.sim.first_table_redeals`, no hands dealt).

    The progress bar moves every ``chunk`` deals (the results do not depend on it).
    """
    rows = []
    bar = _bar(progress, deals * 2 * len(VARIANTS), _("deals"))
    step = max(1, chunk)
    for players in (2, 3):
        for name in VARIANTS:
            rng = random.Random(seed * 7919 + players * 31 + len(name))
            hit = 0
            for i in range(deals):
                hit += ro.first_table_redeals(players, name, rng)
                if (i + 1) % step == 0:
                    bar.update(step)
            bar.update(deals % step)
            ranks = get_variant(name).redeal_ranks
            label = _("any rank") if len(ranks) == 13 else ", ".join(rank_name(r) for r in sorted(ranks))
            rows.append(RedealRow(players, name, label, redeal_probability(players, name), hit / max(1, deals),
                                  deals))
    bar.close()
    return rows
