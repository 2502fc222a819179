"""The strategy lab's four experiments: what each runs at each size, and how its results read.

No widgets here (the page, :mod:`mainmerah.pages.lab`, draws them; it finds :data:`LAB` through
the registry, ``GameUI.lab``). An experiment runs with a
progress factory (:data:`mainmerah.families.fishing.lab.ProgressFactory`) and turns its result into
HTML (a table with a 95% interval on every estimate, a verdict in plain words, a warning
when the sample is too small to mean much) and matplotlib figures, every word through
``_()`` in the language shown now, so a language switch redraws a result without re-running it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Generic, TypeVar

from mainmerah.core.cards import rank_name
from mainmerah.core.i18n import N_, _
from mainmerah.core.words import listed
from mainmerah.draw.plots import num, pct, signed
from mainmerah.families.fishing.lab import DuelResult, Estimate, ProgressFactory, RedealRow, Simulation, too_few
from mainmerah.families.fishing.rules import VARIANTS, get_variant
from mainmerah.families.fishing.ui import plots as lab

SEED = 2024
SIZE_KEYS = ("quick", "careful", "thorough")


def size_name(key: str) -> str:
    return {"quick": _("Quick"), "careful": _("Careful"), "thorough": _("Thorough")}[key]


@dataclass(frozen=True)
class Size:
    """How much an experiment plays: ``n`` games per simulation, or deals per duel or per row."""

    n: int
    rollouts: int = 0  # the expert's rollouts per move (duels only)


# ----- numbers and texts --------------------------------------------------------------------

def pm(e: Estimate, digits: int = 1, sign: bool = False) -> str:
    """``66.4 ± 1.2``; an estimate from fewer than 2 samples has no interval."""
    value = signed(e.value, digits) if sign else num(e.value, digits)
    if not e.known:
        return _("{value} (no interval)").format(value=value)
    return f"{value} ± {num(e.half, digits)}"


def share(e: Estimate, digits: int = 1) -> str:
    """``5.8% (4.5–7.4)``: the share and its 95% interval in brackets."""
    return f"{pct(e.value, digits)} ({num(100 * e.low, digits)}–{num(100 * e.high, digits)})"


def table_html(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A results table (on a narrow screen each row becomes a card, so nothing is cut off)."""
    th = "".join(f"<th scope='col'>{escape(h)}</th>" for h in head)
    # data-label: a phone shows each row as a card, every value under its column's name.
    body = "".join("<tr>" + "".join(f"<td data-label='{escape(h, quote=True)}'>{escape(c)}</td>"
                                    for h, c in zip(head, row, strict=True)) + "</tr>" for row in rows)
    return f"<div class='mm-lab-scroll'><table class='mm-lab-table'><thead><tr>{th}</tr></thead>" \
           f"<tbody>{body}</tbody></table></div>"


def note(text: str, kind: str = "verdict") -> str:
    """A verdict (``mm-lab-verdict``) or a small-sample warning (``mm-lab-warning``)."""
    mark = "⚠ " if kind == "warning" else ""
    return f"<p class='mm-lab-{kind}'>{escape(mark + text)}</p>"


def para(text: str) -> str:
    return f"<p>{escape(text)}</p>"


def who(sim: Simulation) -> str:
    return _("{variant}, {n} players, {policies}").format(
        variant=sim.variant, n=sim.players, policies=_(" v ").join(lab.bot_name(p) for p in sim.policies))


R = TypeVar("R")


class Experiment(Generic[R]):
    """One question of the lab: its words, its sizes, how it runs and how its result reads."""

    key = ""
    kind = "games"  # what ``n`` counts, a key of mainmerah.families.fishing.lab.FEW
    runs = 1  # how many runs of ``n`` make one experiment (for the progress bar)
    sizes: dict[str, Size] = {}

    def __init__(self, sizes: dict[str, Size] | None = None, seed: int = SEED) -> None:
        if sizes is not None:
            if set(sizes) != set(SIZE_KEYS):
                raise ValueError(f"sizes are {', '.join(SIZE_KEYS)}, not {', '.join(sizes)}")
            self.sizes = dict(sizes)
        self.seed = seed

    def title(self) -> str:
        raise NotImplementedError

    def intro(self) -> str:
        raise NotImplementedError

    def size_text(self, size: Size) -> str:
        raise NotImplementedError

    def progress_text(self, done: int, total: int) -> str:
        return _("{done} of {total} games played ({pct})").format(
            done=num(done), total=num(total), pct=pct(done / max(1, total), 0))

    def total(self, size: Size) -> int:
        return self.runs * size.n

    def run(self, size: Size, progress: ProgressFactory | None = None) -> R:
        raise NotImplementedError

    def report(self, result: R) -> str:
        raise NotImplementedError

    def figures(self, result: R) -> list[Any]:
        raise NotImplementedError

    def warning(self, n: int) -> str | None:
        """The plain-words warning for a sample of ``n`` (None when it is big enough to mean something)."""
        return None if not too_few(n, self.kind) else self.few_text(n)

    def few_text(self, n: int) -> str:
        return _("{n} games per simulation: too few for these numbers to mean much. "
                 "Choose a bigger sample.").format(n=num(n))


class MovingOrder(Experiment[list[Simulation]]):
    """Does moving later help? The same play in every seat, scores grouped by turn order."""

    key = "seats"
    runs = 4
    sizes = {"quick": Size(1000), "careful": Size(10_000), "thorough": Size(50_000)}

    def title(self) -> str:
        return _("Does moving later help?")

    def intro(self) -> str:
        return para(_("In each simulation every player plays the same way: at random in two of them, greedily "
                      "(the most points now) in the other two. The scores are grouped by turn order: the first "
                      "player to move, the second, the third."))

    def size_text(self, size: Size) -> str:
        return _("{n} games in each of 4 simulations").format(n=num(size.n))

    def run(self, size: Size, progress: ProgressFactory | None = None) -> list[Simulation]:
        return [lab.simulate(size.n, players, "classic", policies=policy, seed=self.seed, progress=progress,
                             chunk=max(50, size.n // 20))
                for players in (2, 3) for policy in ("random", "greedy")]

    def report(self, result: list[Simulation]) -> str:
        rows = []
        for s in result:
            rows.append([who(s), num(len(s.games)), " / ".join(pm(e) for e in s.score_estimates()),
                         " / ".join(share(e) for e in s.win_estimates()),
                         pm(s.first_mover_edge(), sign=True)])
        head = [_("game"), _("games"), _("mean score (1st / 2nd / 3rd to move, ± 95%)"),
                _("wins (1st / 2nd / 3rd to move, 95% interval)"), _("first minus second (points)")]
        parts = [table_html(head, rows)]
        warning = self.warning(min(len(s.games) for s in result))
        if warning:
            parts.append(note(warning, "warning"))
        else:
            parts += [note(self.verdict(s)) for s in result]
        return "".join(parts)

    @staticmethod
    def verdict(sim: Simulation) -> str:
        edge = sim.first_mover_edge()
        if not edge.excludes(0):
            return _("{who}: no clear difference between the first and the second to move ({edge} points, "
                     "first minus second). The interval includes 0, so these games cannot tell whether the order "
                     "matters.").format(
                who=who(sim), edge=pm(edge, sign=True))
        if edge.value > 0:
            return _("{who}: moving first helps. The first to move scores {lo} to {hi} points more than the "
                     "second (95% interval).").format(who=who(sim), lo=num(edge.low, 1), hi=num(edge.high, 1))
        return _("{who}: moving later helps. The second to move scores {lo} to {hi} points more than the "
                 "first (95% interval).").format(who=who(sim), lo=num(-edge.high, 1), hi=num(-edge.low, 1))

    def figures(self, result: list[Simulation]) -> list[Any]:
        out = []
        for s in result:
            fig = lab.figure()
            lab.plot_seat_scores(s, ax=fig.subplots())
            out.append(fig)
        return out


class Duels(Experiment[list[DuelResult]]):
    """Real bots on the real engine, the first bot in every seat of the same seeded deals."""

    key = "duels"
    kind = "duel"
    PAIRS = (("greedy", "random"), ("expert", "random"), ("expert", "greedy"))
    runs = len(PAIRS)
    sizes = {"quick": Size(8, 100), "careful": Size(40, 300), "thorough": Size(100, 500)}

    def title(self) -> str:
        return _("Bots against each other")

    def intro(self) -> str:
        return para(_("Real bots on the real engine, on the same seeded deals, the first bot taking every seat in "
                      "turn. The expert plays by the hints: it tries each move on many random deals of the cards it "
                      "cannot see, each finished with greedy play (rollouts). The margin is the first bot's score "
                      "minus the best other score."))

    def size_text(self, size: Size) -> str:
        return _("{n} deals per duel, each played in every seat; the expert tries {r} games a move").format(
            n=num(size.n), r=num(size.rollouts))

    def progress_text(self, done: int, total: int) -> str:
        return _("{done} of {total} deals played ({pct})").format(
            done=num(done), total=num(total), pct=pct(done / max(1, total), 0))

    def run(self, size: Size, progress: ProgressFactory | None = None) -> list[DuelResult]:
        return [lab.duel(a, b, size.n, seed=self.seed, rollouts=size.rollouts, progress=progress)
                for a, b in self.PAIRS]

    def report(self, result: list[DuelResult]) -> str:
        head = [_("duel"), _("games"), _("mean margin of the first bot (points, ± 95%)"),
                _("its wins (95% interval)")]
        rows = [[self.name(d), num(d.games), pm(d.margin_estimate(), 2, sign=True), share(d.win_estimate())]
                for d in result]
        return table_html(head, rows) + "".join(self.verdict(d) for d in result)

    @staticmethod
    def name(d: DuelResult) -> str:
        return _("{a} v {b}").format(a=lab.bot_name(d.a), b=lab.bot_name(d.b))

    def few_text(self, n: int) -> str:
        return _("{g} games: too few to tell these bots apart. Choose a bigger sample.").format(g=num(n))

    def verdict(self, d: DuelResult) -> str:
        a, b = lab.bot_name(d.a), lab.bot_name(d.b)
        if too_few(len(d.margins), self.kind):  # counted in deals, told in games
            return note(_("{duel}: {warning}").format(duel=self.name(d), warning=self.few_text(d.games)), "warning")
        m = d.margin_estimate()
        if not m.excludes(0):
            return note(_("{duel}: these {g} games do not tell {a} and {b} apart: the interval of the margin "
                          "({lo} to {hi}) includes 0.").format(duel=self.name(d), g=num(d.games), a=a, b=b,
                                                               lo=signed(m.low, 2), hi=signed(m.high, 2)))
        if m.value > 0:
            return note(_("{duel}: {a} is stronger. It ends {lo} to {hi} points ahead on average (95% interval)."
                          ).format(duel=self.name(d), a=a, lo=num(m.low, 2), hi=num(m.high, 2)))
        return note(_("{duel}: {b} is stronger. {a} ends {lo} to {hi} points behind on average (95% interval)."
                      ).format(duel=self.name(d), a=a, b=b, lo=num(-m.high, 2), hi=num(-m.low, 2)))

    def figures(self, result: list[DuelResult]) -> list[Any]:
        fig = lab.figure((4.8, 3.0))
        lab.plot_duels(result, ax=fig.subplots())
        return [fig]


class Variants(Experiment[list[Simulation]]):
    """Variant against variant: how close games are, and how often cards stay on the table."""

    key = "variants"
    runs = 2 * len(VARIANTS)
    sizes = {"quick": Size(1000), "careful": Size(10_000), "thorough": Size(30_000)}

    def title(self) -> str:
        return _("Variant against variant, and stranded cards")

    def intro(self) -> str:
        return para(_("The classic and cardgames variants redeal alike and differ only in who plays first; jb "
                      "redeals more often and makes each capture itself. In jb any rank with three cards on the "
                      "starting table forces a redeal, so every card can be captured and every game ends with the "
                      "table empty. In classic and cardgames a starting table with five or more cards of one "
                      "pair of ranks that capture each other (say three Aces and two 9s) always leaves some of "
                      "them on the table: they are stranded.")) + para(_("Every player plays greedily."))

    def size_text(self, size: Size) -> str:
        return _("{n} games in each of {k} simulations").format(n=num(size.n), k=self.runs)

    def run(self, size: Size, progress: ProgressFactory | None = None) -> list[Simulation]:
        return [lab.simulate(size.n, players, variant, policies="greedy", capture="greedy", seed=self.seed,
                             progress=progress, chunk=max(50, size.n // 20))
                for players in (2, 3) for variant in VARIANTS]

    def report(self, result: list[Simulation]) -> str:
        head = [_("game"), _("games"), _("winner's lead (points, ± 95%)"),
                _("games with stranded cards (95% interval)"), _("deals redealt (95% interval)")]
        rows = [[lab.sim_label(s), num(len(s.games)), pm(s.lead_estimate()), share(s.stranded_estimate(), 2),
                 share(s.redeal_estimate())] for s in result]
        parts = [table_html(head, rows)]
        warning = self.warning(min(len(s.games) for s in result))
        parts.append(note(warning, "warning") if warning else note(_(
            "Each interval is where the true share lies, 95 times in 100. Where two intervals do not overlap, "
            "the two variants really differ.")))
        return "".join(parts)

    def figures(self, result: list[Simulation]) -> list[Any]:
        lead, stranded = lab.figure(), lab.figure()
        lab.plot_variants(result, ax=lead.subplots())
        lab.plot_stranded(result, ax=stranded.subplots())
        return [lead, stranded]


class Redeals(Experiment[list[RedealRow]]):
    """Exact redeal odds against the share of simulated deals that were redealt."""

    key = "redeals"
    kind = "deals"
    runs = 2 * len(VARIANTS)
    sizes = {"quick": Size(5000), "careful": Size(50_000), "thorough": Size(200_000)}

    def title(self) -> str:
        return _("Redeal odds, exactly")

    def intro(self) -> str:
        formula = ("P = 1 − [x<sup>T</sup>] (C(4,0) + C(4,1)·x + C(4,2)·x<sup>2</sup>)<sup>k</sup> · "
                   "(1 + x)<sup>4(13−k)</sup> / C(52, T)")
        return para(_(
            "The starting table is a random set of T cards from 52 (T = 12 with 2 players, 10 with 3). A redeal "
            "is due when one of the variant's k redeal ranks has 3 or more cards there (k = 5: 5, 10, J, Q, K "
            "in classic and cardgames; k = 13, any rank, in jb). Counting the tables where every redeal rank "
            "has at most 2 of its 4 cards gives the exact chance:")) + \
            f"<p class='mm-lab-formula'>{formula}</p>" + para(_(
                "C(n, r) counts the ways to choose r cards of n; [x^T] takes the number in front of x^T. "
                "A game is redealt p/(1 − p) times on average. The simulated share comes from drawing the "
                "starting table at random, deal after deal."))

    def size_text(self, size: Size) -> str:
        return _("{n} deals for each of {k} rows").format(n=num(size.n), k=self.runs)

    def progress_text(self, done: int, total: int) -> str:
        return _("{done} of {total} deals dealt ({pct})").format(
            done=num(done), total=num(total), pct=pct(done / max(1, total), 0))

    def run(self, size: Size, progress: ProgressFactory | None = None) -> list[RedealRow]:
        return lab.redeal_table(size.n, seed=self.seed, progress=progress, chunk=max(100, size.n // 10))

    def report(self, result: list[RedealRow]) -> str:
        head = [_("game"), _("redeal ranks"), _("exact chance"), _("exact"),
                _("simulated (95% interval)"), _("redeals per game")]
        rows = []
        for r in result:
            # Worded again here (the row keeps the words of the language it was run in).
            known = sorted(get_variant(r.variant).redeal_ranks)
            ranks = _("any rank") if len(known) == 13 else listed(rank_name(k) for k in known)
            game = _("{variant}, {n} players").format(variant=r.variant, n=r.players)
            rows.append([game, ranks, f"{num(r.exact.numerator)}/{num(r.exact.denominator)}",
                         pct(r.exact_float, 2), share(r.simulated_estimate(), 2), num(r.expected_redeals, 3)])
        inside = sum(r.simulated_estimate().low <= r.exact_float <= r.simulated_estimate().high for r in result)
        parts = [table_html(head, rows)]
        warning = self.warning(min(r.deals for r in result))
        parts.append(note(warning, "warning") if warning else note(_(
            "The exact chance lies inside the simulated 95% interval in {k} of {m} rows (by chance alone, about "
            "1 row in 20 falls outside).").format(k=inside, m=len(result))))
        return "".join(parts)

    def few_text(self, n: int) -> str:
        return _("{n} deals a row: too few to measure odds of a few percent. Choose a bigger sample.").format(
            n=num(n))

    def figures(self, result: list[RedealRow]) -> list[Any]:
        fig = lab.figure()
        lab.plot_redeals(result, ax=fig.subplots())
        return [fig]


def experiments(sizes: dict[str, dict[str, Size]] | None = None) -> list[Experiment[Any]]:
    """The lab's experiments in page order; ``sizes`` may replace an experiment's (tests use tiny ones)."""
    sizes = sizes or {}
    kinds: list[type[Experiment[Any]]] = [MovingOrder, Duels, Variants, Redeals]
    return [k(sizes.get(k.key)) for k in kinds]


@dataclass(frozen=True)
class Lab:
    """What the lab's page shows of a game's lab: its heading, its sample sizes and its experiments."""

    title: str  # the page's heading (English source, shown through _())
    size_keys: tuple[str, ...]  # the sample sizes every experiment runs at, the quick one first
    size_name: Callable[[str], str]  # a size's name in the current language
    experiments: Callable[..., list[Experiment[Any]]]  # (sizes=None) -> the experiments in page order


LAB = Lab(title=N_("Main Merah strategy lab"), size_keys=SIZE_KEYS, size_name=size_name, experiments=experiments)
