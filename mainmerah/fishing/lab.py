"""The strategy lab's logic: simulations, duels between bots, exact redeal odds, plots.

The notebook ``notebooks/strategy-lab.ipynb`` only calls these. Progress bars
are passed in (any ``tqdm``-like factory), and matplotlib is imported only by
the plotting helpers, so the engine keeps no UI dependency.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from ..core.cards import rank_name
from ..i18n import _
from . import fast as ro
from .rules import SETUP_SIZES, VARIANTS, get_variant

DECK_SIZE = 52
PER_RANK = 4


class Progress(Protocol):
    def update(self, n: int = 1) -> Any: ...

    def close(self) -> Any: ...


ProgressFactory = Callable[..., Progress]


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


def simulate(games: int, players: int = 2, variant: str = "classic", policies: Sequence[str] | str = "random",
             capture: str | None = None, seed: int = 0, progress: ProgressFactory | None = None,
             chunk: int = 500) -> Simulation:
    """Deal and play ``games`` fast-path games (see :func:`mainmerah.rollout.simulate`)."""
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

    def text(self) -> str:
        lo, hi = self.ci95()
        return _("{a} v {b}: mean margin {m:+.2f} points (95% interval {lo:+.2f} to {hi:+.2f}), "
                 "win rate {w:.1%} over {g} games ({d} deals, every seating)").format(
            a=self.a, b=self.b, m=self.mean_margin(), lo=lo, hi=hi, w=self.win_rate(), g=self.games,
            d=len(self.margins))


def _make(name: str, seed: int, rollouts: int) -> Any:
    from .levels import make_bot

    if name == "expert":
        from .hint import ExpertBot

        return ExpertBot(seed=seed, rollouts=rollouts)
    return make_bot(name, seed)


def _duel_deal(args: tuple[str, str, int, str, int, int]) -> tuple[float, float]:
    """One deal, ``a`` in each seat in turn; a's mean margin and win share."""
    from .bots import play_out
    from .engine import Game

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

        with mp.get_context("fork").Pool(workers) as pool:
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
        """Half-width of the 95% interval of the simulated frequency."""
        p = self.exact_float
        return 1.96 * math.sqrt(p * (1 - p) / max(1, self.deals))


def redeal_table(deals: int, seed: int = 0, progress: ProgressFactory | None = None) -> list[RedealRow]:
    """Exact redeal odds next to the share of ``deals`` fast deals that redealt, per players and variant."""
    rows = []
    bar = _bar(progress, deals * 2 * len(VARIANTS), _("deals"))
    for players in (2, 3):
        for name in VARIANTS:
            rng = random.Random(seed * 7919 + players * 31 + len(name))
            hit = 0
            for _i in range(deals):
                hit += ro.deal(players, name, rng).redeals > 0
            bar.update(deals)
            ranks = get_variant(name).redeal_ranks
            label = _("any rank") if len(ranks) == 13 else ", ".join(rank_name(r) for r in sorted(ranks))
            rows.append(RedealRow(players, name, label, redeal_probability(players, name), hit / max(1, deals),
                                  deals))
    bar.close()
    return rows


# ----- plots (matplotlib imported only here) --------------------------------------------

def _axes(ax: Any = None, size: tuple[float, float] = (7, 3.5)) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


def plot_seat_scores(sim: Simulation, ax: Any = None) -> Any:
    """Histogram of final scores by turn order (first to move, second, ...)."""
    ax = _axes(ax)
    order = [_("first to move"), _("second"), _("third")]
    bins = range(0, 215, 10)
    for k, scores in enumerate(sim.scores_by_turn()):
        mean = statistics.fmean(scores) if scores else 0.0
        ax.hist(scores, bins=bins, alpha=0.5, label=_("{who}: mean {m:.1f}").format(who=order[k], m=mean))
    ax.set_xlabel(_("final score"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("{n} players, {variant}, {policies}: scores by turn order").format(
        n=sim.players, variant=sim.variant, policies=" v ".join(sim.policies)))
    ax.legend()
    return ax


def plot_duels(results: Sequence[DuelResult], ax: Any = None) -> Any:
    """Mean margin with its 95% interval for each duel."""
    ax = _axes(ax)
    labels = [f"{r.a} v {r.b}" for r in results]
    means = [r.mean_margin() for r in results]
    errs = [[m - r.ci95()[0] for m, r in zip(means, results, strict=True)],
            [r.ci95()[1] - m for m, r in zip(means, results, strict=True)]]
    errs = [[e if math.isfinite(e) else 0.0 for e in side] for side in errs]
    ax.barh(labels, means, xerr=errs, color=["tab:green" if m > 0 else "tab:red" for m in means])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(_("mean margin of the first bot (points, 95% interval)"))
    ax.set_title(_("Bots against each other"))
    return ax


def plot_variants(sims: Sequence[Simulation], ax: Any = None) -> Any:
    """Box plot of the winner's lead (top score minus runner-up) per simulation."""
    ax = _axes(ax)
    data = []
    for s in sims:
        data.append([sorted(g.scores)[-1] - sorted(g.scores)[-2] for g in s.games])
    ax.boxplot(data, showfliers=False)
    ax.set_xticks(range(1, len(sims) + 1), [f"{s.variant}\n{s.players}p" for s in sims])
    ax.set_ylabel(_("winner's lead (points)"))
    ax.set_title(_("Variant against variant: how close are games?"))
    return ax


def plot_stranded(sims: Sequence[Simulation], ax: Any = None) -> Any:
    """Share of games ending with cards stranded on the table."""
    ax = _axes(ax)
    labels = [f"{s.variant}\n{s.players}p" for s in sims]
    rates = [100 * s.stranded_rate() for s in sims]
    ax.bar(labels, rates, color="tab:purple")
    for i, r in enumerate(rates):
        ax.text(i, r, f"{r:.2f}%", ha="center", va="bottom")
    ax.set_ylabel(_("games with stranded cards (%)"))
    ax.set_title(_("How often cards are left on the table"))
    return ax


def plot_redeals(rows: Sequence[RedealRow], ax: Any = None) -> Any:
    """Exact redeal odds (bars) and simulated frequencies (points with 95% bars)."""
    ax = _axes(ax)
    labels = [f"{r.variant}\n{r.players}p" for r in rows]
    x = range(len(rows))
    ax.bar(x, [100 * r.exact_float for r in rows], color="tab:blue", alpha=0.6, label=_("exact"))
    ax.errorbar(x, [100 * r.simulated for r in rows], yerr=[100 * r.ci95 for r in rows], fmt="o",
                color="black", label=_("simulated"))
    ax.set_xticks(list(x), labels)
    ax.set_ylabel(_("deals redealt (%)"))
    ax.set_title(_("Redeal odds: exact and simulated"))
    ax.legend()
    return ax


# ----- tables as Markdown (the notebook displays them) ------------------------------------

def simulations_markdown(sims: Sequence[Simulation]) -> str:
    """One row per simulation: mean score and win share by turn order, stranded and redeal rates."""
    head = _("| game | games | mean scores (1st, 2nd, 3rd to move) | win share by turn order | "
             "points scored | stranded | redealt |")
    lines = [head, "|---|---|---|---|---|---|---|"]
    for s in sims:
        means = ", ".join(f"{statistics.fmean(x):.1f}" for x in s.scores_by_turn())
        wins = ", ".join(f"{w:.1%}" for w in s.wins_by_turn())
        total = statistics.fmean(s.totals()) if s.games else 0.0
        lines.append(f"| {s.players}p {s.variant}, {' v '.join(s.policies)} | {len(s.games)} | {means} | {wins} | "
                     f"{total:.1f} | {s.stranded_rate():.2%} | {s.redeal_rate():.1%} |")
    return "\n".join(lines)


def redeal_markdown(rows: Sequence[RedealRow]) -> str:
    """Exact odds (as a fraction and a percentage) next to the simulated share."""
    lines = [_("| players | variant | redeal ranks | exact P(redeal) | exact | simulated (95% band) | "
               "mean redeals per game |"), "|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(
            f"| {r.players} | {r.variant} | {r.ranks} | {r.exact.numerator:,}/{r.exact.denominator:,} | "
            f"{r.exact_float:.4%} | {r.simulated:.4%} ± {r.ci95:.2%} | {r.expected_redeals:.3f} |"
        )
    return "\n".join(lines)
