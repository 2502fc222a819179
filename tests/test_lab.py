"""The lab's logic: exact redeal odds, simulations, duels, tables and plots."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

import mainmerah as mm
from mainmerah import lab
from mainmerah import rollout as ro


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
