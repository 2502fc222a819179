"""The strategy lab as the notebook uses it: the fishing lab's simulations, plus its plots and tables.

The simulations are engine code (:mod:`mainmerah.fishing.lab`); drawing them needs matplotlib,
so the plots live here, above the engine.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from .fishing.lab import *  # noqa: F403 - the lab's whole surface, as before
from .fishing.lab import DuelResult, RedealRow, Simulation
from .i18n import _

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
