"""The lab's logic: exact redeal odds, simulations, duels, tables and plots."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import mainmerah as mm
from mainmerah.families.fishing import sim as ro
from mainmerah.families.fishing.ui import plots as lab


@pytest.mark.parametrize("k", [0, 1, 2, 5, 13])
def test_generating_function_equals_inclusion_exclusion(k: int) -> None:
    for t in range(0, 21):
        assert lab.redeal_odds(t, k) == lab.redeal_odds_ie(t, k), (t, k)


def test_redeal_odds_on_cases_counted_by_hand() -> None:
    c = math.comb
    for t in range(4, 15):  # one redeal rank: the hypergeometric tail
        assert lab.redeal_odds(t, 1) == Fraction(c(4, 3) * c(48, t - 3) + c(48, t - 4), c(52, t))
    # Three cards: a redeal means all three share a rank.
    assert lab.redeal_odds(3, 13) == Fraction(13 * c(4, 3), c(52, 3))
    # Four cards: three or four of one rank (two ranks cannot both have three).
    assert lab.redeal_odds(4, 13) == Fraction(13 * (c(4, 3) * 48 + 1), c(52, 4))
    assert lab.redeal_odds(2, 13) == 0
    assert lab.redeal_odds(12, 0) == 0
    with pytest.raises(ValueError, match="t=53"):
        lab.redeal_odds(53, 5)


@pytest.mark.parametrize("players", [2, 3])
def test_exact_odds_agree_with_the_deals(players: int) -> None:
    assert lab.redeal_probability(players, "classic") == lab.redeal_probability(players, "cardgames")
    assert lab.redeal_probability(players, "jb") > lab.redeal_probability(players, "classic")
    deals = 20_000
    for variant in ("classic", "jb"):
        p = float(lab.redeal_probability(players, variant))
        hits = sum(ro.deal(players, variant, seed).redeals > 0 for seed in range(deals))
        se = math.sqrt(p * (1 - p) / deals)
        assert abs(hits / deals - p) < 4.5 * se, (variant, hits / deals, p)


def test_redeal_table_rows_and_markdown() -> None:
    rows = lab.redeal_table(300, seed=1)
    assert [(r.players, r.variant) for r in rows] == [(p, v) for p in (2, 3) for v in mm.VARIANTS]
    for r in rows:
        assert r.exact == lab.redeal_probability(r.players, r.variant)
        assert 0 <= r.simulated <= 1 and r.deals == 300
        assert r.expected_redeals == pytest.approx(float(r.exact / (1 - r.exact)))
    md = lab.redeal_markdown(rows)
    p = rows[0].exact
    assert f"{p.numerator:,}/{p.denominator:,}" in md
    assert md.count("\n") == len(rows) + 1


class Bar:
    instances: list[Bar] = []

    def __init__(self, total: int, desc: str) -> None:
        self.total, self.desc, self.done, self.closed = total, desc, 0, False
        Bar.instances.append(self)

    def update(self, n: int = 1) -> None:
        self.done += n

    def close(self) -> None:
        self.closed = True


def test_simulate_reports_progress_and_results() -> None:
    Bar.instances.clear()
    sim = lab.simulate(1234, 3, "jb", policies="greedy", seed=2, progress=Bar, chunk=500)
    [bar] = Bar.instances
    assert (bar.total, bar.done, bar.closed) == (1234, 1234, True)
    assert len(sim.games) == 1234 and sim.policies == ("greedy",) * 3
    assert sum(sim.wins_by_turn()) == pytest.approx(1.0)
    assert sim.stranded_rate() == 0.0
    assert set(sim.totals()) == {mm.TOTAL_POINTS}
    by_turn = sim.scores_by_turn()
    assert len(by_turn) == 3 and all(len(x) == 1234 for x in by_turn)
    g = sim.games[0]
    assert by_turn[0][0] == g.scores[g.first]
    classic = lab.simulate(3000, 2, "classic", seed=2)
    assert 0 < classic.stranded_rate() < 0.2
    assert 0 < classic.redeal_rate() < 0.3
    with pytest.raises(ValueError, match="not 4"):
        lab.simulate(10, 4)


def test_duel_is_deterministic_across_workers() -> None:
    one = lab.duel("greedy", "random", deals=12, seed=3)
    two = lab.duel("greedy", "random", deals=12, seed=3, workers=2)
    assert one.margins == two.margins and one.wins == two.wins
    assert one.games == 24
    lo, hi = one.ci95()
    assert lo <= one.mean_margin() <= hi
    assert 0 <= one.win_rate() <= 1
    assert "greedy v random" in one.text()
    three = lab.duel("random", "random", deals=3, players=3, variant="jb", seed=1)
    assert three.games == 9 and len(three.margins) == 3
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        lab.duel("clever", "random", deals=1)


def test_plots_draw_what_they_say() -> None:
    mpl = pytest.importorskip("matplotlib")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    sims = [lab.simulate(200, p, v, seed=1) for p in (2, 3) for v in ("classic", "jb")]
    ax = lab.plot_stranded(sims)
    assert len(ax.patches) == 4
    assert [round(p.get_height(), 6) for p in ax.patches] == [round(100 * s.stranded_rate(), 6) for s in sims]
    ax = lab.plot_seat_scores(sims[2])
    assert len(ax.get_legend().get_texts()) == 3
    lab.plot_variants(sims)
    duels = [lab.duel("greedy", "random", deals=3, seed=1), lab.duel("random", "greedy", deals=3, seed=1)]
    ax = lab.plot_duels(duels)
    assert [p.get_width() for p in ax.patches] == pytest.approx([d.mean_margin() for d in duels])
    rows = lab.redeal_table(50)
    ax = lab.plot_redeals(rows)
    assert [p.get_height() for p in ax.patches] == pytest.approx([100 * r.exact_float for r in rows])
    md = lab.simulations_markdown(sims)
    assert "0.00%" in md and md.count("\n") == len(sims) + 1
    plt.close("all")


# ----- uncertainty: every estimate with its 95% interval ----------------------------------

def test_mean_estimate_is_the_normal_interval() -> None:
    e = lab.mean_estimate([1, 2, 3, 4])
    sd = math.sqrt(sum((x - 2.5) ** 2 for x in (1, 2, 3, 4)) / 3)
    assert e.value == 2.5 and e.n == 4
    assert e.half == pytest.approx(1.96 * sd / 2)
    assert e.excludes(0) and not e.excludes(2.5)
    one = lab.mean_estimate([7.0])
    assert one.value == 7.0 and not one.known and not one.excludes(0)  # one sample says nothing of its spread
    assert lab.mean_estimate([]).n == 0


def test_share_estimate_is_wilsons() -> None:
    z2 = 1.96 ** 2
    none = lab.share_estimate(0, 50)
    assert none.value == 0 and none.low == 0 and none.high == pytest.approx(z2 / (50 + z2))
    every = lab.share_estimate(50, 50)
    assert every.high == 1 and every.low == pytest.approx(1 - none.high)
    big = lab.share_estimate(3000, 10_000)  # far from 0 and 1: close to p ± z·se
    assert big.half == pytest.approx(1.96 * math.sqrt(0.3 * 0.7 / 10_000), rel=1e-3)
    assert big.low < 0.3 < big.high
    assert lab.share_estimate(0, 0).n == 0


def test_too_few_below_the_threshold_only() -> None:
    for kind, n in lab.FEW.items():
        assert lab.too_few(n - 1, kind) and not lab.too_few(n, kind)


def test_simulation_and_duel_estimates_agree_with_the_plain_numbers() -> None:
    sim = lab.simulate(400, 3, "classic", seed=5)
    assert [e.value for e in sim.win_estimates()] == pytest.approx(sim.wins_by_turn())
    assert [e.value for e in sim.score_estimates()] == pytest.approx(
        [sum(x) / len(x) for x in sim.scores_by_turn()])
    first, second = sim.scores_by_turn()[:2]
    assert sim.first_mover_edge().value == pytest.approx((sum(first) - sum(second)) / 400)
    assert sim.stranded_estimate().value == sim.stranded_rate() and sim.stranded_estimate().n == 400
    assert sim.redeal_estimate().value == sim.redeal_rate()
    assert all(e.low <= e.value <= e.high for e in [*sim.win_estimates(), sim.lead_estimate()])
    d = lab.duel("greedy", "random", deals=6, seed=2)
    assert (d.margin_estimate().low, d.margin_estimate().high) == d.ci95()
    assert d.win_estimate().value == d.win_rate() and 0 <= d.win_estimate().low <= d.win_estimate().high <= 1
    for row in lab.redeal_table(400, seed=3):
        e = row.simulated_estimate()
        assert e.value == pytest.approx(row.simulated) and e.low <= e.value <= e.high and e.n == 400


def test_redeal_table_progress_moves_in_chunks_and_results_do_not_depend_on_them() -> None:
    Bar.instances.clear()
    rows = lab.redeal_table(250, seed=4, progress=Bar, chunk=100)
    [bar] = Bar.instances
    assert bar.done == bar.total == 250 * 6 and bar.closed
    assert rows == lab.redeal_table(250, seed=4, chunk=7)


def test_legends_sit_outside_the_axes() -> None:
    pytest.importorskip("matplotlib")
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    sim = lab.simulate(100, 3, "classic", seed=1)
    rows = lab.redeal_table(50)
    for draw in (lambda ax: lab.plot_seat_scores(sim, ax=ax), lambda ax: lab.plot_redeals(rows, ax=ax)):
        fig = lab.figure()
        ax = fig.subplots()
        draw(ax)
        FigureCanvasAgg(fig).draw()
        renderer = fig.canvas.get_renderer()
        box, legend = ax.get_window_extent(renderer), ax.get_legend().get_window_extent(renderer)
        assert legend.y1 <= box.y0, (legend, box)  # below the plot: it hides no bar
        assert legend.x0 >= 0 and legend.x1 <= fig.bbox.x1  # and inside the image
    assert lab.png(fig).startswith(b"\x89PNG")


def test_numbers_in_each_language() -> None:
    from mainmerah.core.i18n import set_language

    assert lab.num(12345.67, 1) == "12,345.7" and lab.pct(0.0581, 1) == "5.8%" and lab.signed(-2, 1) == "−2.0"
    set_language("id")
    try:
        assert lab.num(12345.67, 1) == "12.345,7" and lab.pct(0.0581, 1) == "5,8%" and lab.signed(1.5) == "+1,5"
    finally:
        set_language("en")


def test_moving_order_plays_as_its_intro_says() -> None:
    """The intro: "In each simulation every player plays the same way: at random in two of them, greedily ..."."""
    from claims import english

    from mainmerah.families.fishing.ui.lab import MovingOrder, Size

    experiment = MovingOrder()
    with english():
        assert "at random in two of them, greedily (the most points now) in the other two" in experiment.intro()
    sims = experiment.run(Size(4))
    ways = [set(s.policies) for s in sims]
    assert all(len(w) == 1 for w in ways) and sorted(w.pop() for w in ways) == ["greedy", "greedy", "random", "random"]


def test_the_redeal_share_comes_near_the_exact_odds() -> None:
    """The simulated share (each deal's first table drawn alone: ro.first_table_redeals) lies within four standard
    errors of the exact odds, in every row (the test above holds deal()'s own redeals to them)."""
    for r in lab.redeal_table(4000, seed=5):
        p = float(r.exact)
        assert abs(r.simulated - p) <= 4 * math.sqrt(p * (1 - p) / r.deals), r
