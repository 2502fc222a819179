"""The strategy lab as its page uses it: the fishing lab's simulations, plus its plots and tables.

The simulations are engine code (:mod:`mainmerah.families.fishing.lab`); drawing them needs matplotlib,
so the plots live here, in the fishing games' UI, on the game-neutral helpers of
:mod:`mainmerah.draw.plots`.
"""

from __future__ import annotations

import math
import statistics
import textwrap
from collections.abc import Sequence
from typing import Any

from mainmerah.core.i18n import _
from mainmerah.draw.plots import axes as _axes
from mainmerah.draw.plots import figure, num, pct, png, signed  # noqa: F401 - the page's helpers, here too
from mainmerah.draw.plots import legend_below as _legend_below
from mainmerah.draw.plots import small_ticks as _small_ticks
from mainmerah.draw.plots import title as _title
from mainmerah.families.fishing.lab import *  # noqa: F403 - the lab's whole surface, as before
from mainmerah.families.fishing.lab import DuelResult, RedealRow, Simulation


def bot_name(name: str) -> str:
    """A bot's or play policy's name as the page shows it (``jb`` is a variant, named as it is)."""
    return {"random": _("random"), "greedy": _("greedy"), "expert": _("expert")}.get(name, name)


def sim_label(sim: Simulation) -> str:
    return _("{variant}, {n} players").format(variant=sim.variant, n=sim.players)


def turn_names(n: int) -> list[str]:
    return [_("first to move"), _("second"), _("third")][:n]


def _finish(ax: Any, ylabel: str, title: str) -> None:
    """Small tick labels, the y label wrapped to fit, the title: the close of the lab's narrow bar plots."""
    _small_ticks(ax)
    ax.set_ylabel(textwrap.fill(ylabel, 32))
    _title(ax, title)


def plot_seat_scores(sim: Simulation, ax: Any = None) -> Any:
    """Histogram of final scores by turn order (first to move, second, ...)."""
    ax = _axes(ax)
    bins = range(0, 215, 10)
    for who, scores in zip(turn_names(sim.players), sim.scores_by_turn(), strict=True):
        mean = statistics.fmean(scores) if scores else 0.0
        # Outlines, not filled bars: no turn's bars hide another's.
        ax.hist(scores, bins=bins, histtype="step", linewidth=1.8,
                label=_("{who}: mean {m}").format(who=who, m=num(mean, 1)))
    ax.set_xlabel(_("final score"))
    ax.set_ylabel(_("games"))
    _title(ax, _("{n} players, {variant}, {policies}: scores by turn order").format(
        n=sim.players, variant=sim.variant, policies=_(" v ").join(bot_name(p) for p in sim.policies)))
    _legend_below(ax, 2)
    return ax


def plot_duels(results: Sequence[DuelResult], ax: Any = None) -> Any:
    """Mean margin with its 95% interval for each duel (no bar for a duel too short to have one)."""
    ax = _axes(ax)
    labels = [_("{a} v {b}").format(a=bot_name(r.a), b=bot_name(r.b)) for r in results]
    means = [r.mean_margin() for r in results]
    errs = [[m - r.ci95()[0] for m, r in zip(means, results, strict=True)],
            [r.ci95()[1] - m for m, r in zip(means, results, strict=True)]]
    errs = [[e if math.isfinite(e) else 0.0 for e in side] for side in errs]
    ax.barh(labels, means, xerr=errs, capsize=4,
            color=["tab:green" if m > 0 else "tab:red" for m in means])
    ax.invert_yaxis()  # the first duel on top, as the table lists them
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel(textwrap.fill(_("mean margin of the first bot (points, 95% interval)"), 44))
    _title(ax, _("Bots against each other"))
    return ax


def plot_variants(sims: Sequence[Simulation], ax: Any = None) -> Any:
    """Box plot of the winner's lead (top score minus runner-up) per simulation."""
    ax = _axes(ax)
    data = []
    for s in sims:
        data.append([sorted(g.scores)[-1] - sorted(g.scores)[-2] for g in s.games])
    ax.boxplot(data, showfliers=False)
    ax.set_xticks(range(1, len(sims) + 1), [_("{variant}\n{n} players").format(variant=s.variant, n=s.players)
                                            for s in sims])
    _finish(ax, _("winner's lead (points)"), _("Variant against variant: how close are games?"))
    return ax


def plot_stranded(sims: Sequence[Simulation], ax: Any = None) -> Any:
    """Share of games ending with cards stranded on the table, with 95% intervals."""
    ax = _axes(ax)
    labels = [_("{variant}\n{n} players").format(variant=s.variant, n=s.players) for s in sims]
    rates = [100 * s.stranded_rate() for s in sims]
    est = [s.stranded_estimate() for s in sims]
    errs = [[r - 100 * e.low for r, e in zip(rates, est, strict=True)],
            [100 * e.high - r for r, e in zip(rates, est, strict=True)]]
    ax.bar(labels, rates, color="tab:purple", yerr=errs, capsize=4, ecolor="black")
    top = max([100 * e.high for e in est], default=1.0)
    for i, (r, e) in enumerate(zip(rates, est, strict=True)):
        ax.text(i, 100 * e.high + top * 0.03, pct(r / 100, 2), ha="center", va="bottom", fontsize=8)
    ax.set_ylim(0, max(top, 0.1) * 1.25)  # room for the numbers above the bars, below the title
    _finish(ax, _("games with stranded cards (%)"), _("How often cards are left on the table"))
    return ax


def plot_redeals(rows: Sequence[RedealRow], ax: Any = None) -> Any:
    """Exact redeal odds (bars) and simulated frequencies (points with their 95% intervals)."""
    ax = _axes(ax)
    labels = [_("{variant}\n{n} players").format(variant=r.variant, n=r.players) for r in rows]
    x = range(len(rows))
    ax.bar(x, [100 * r.exact_float for r in rows], color="tab:blue", alpha=0.6, label=_("exact"))
    est = [r.simulated_estimate() for r in rows]
    ax.errorbar(x, [100 * r.simulated for r in rows],
                yerr=[[100 * (r.simulated - e.low) for r, e in zip(rows, est, strict=True)],
                      [100 * (e.high - r.simulated) for r, e in zip(rows, est, strict=True)]],
                fmt="o", capsize=4, color="black", label=_("simulated (95% interval)"))
    ax.set_xticks(list(x), labels)
    _finish(ax, _("deals redealt (%)"), _("Redeal odds: exact and simulated"))
    _legend_below(ax, 2)
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
