"""The expert bot against greedy: 2-player seeded deals, each played twice with seats swapped.

Run: .venv/bin/python benchmarks/expert_vs_greedy.py [--deals 1000] [--rollouts 1000] [--workers 2]
Prints the expert's mean final margin (its score minus greedy's) with a 95% interval
over deals (the two seatings of a deal are averaged, so the interval treats them as
a pair), and its win rate (a tie counts as half a win). Both cores by default.
"""

from __future__ import annotations

import argparse
import os
import time

from mainmerah.families.fishing.ui import plots as lab


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--rollouts", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--seed", type=int, default=2024)
    a = ap.parse_args()
    t0 = time.perf_counter()
    r = lab.duel("expert", a.opponent, a.deals, players=2, variant=a.variant, seed=a.seed,
                 rollouts=a.rollouts, workers=a.workers)
    dt = time.perf_counter() - t0
    lo, hi = r.ci95()
    print(f"expert (rollouts={a.rollouts}) v {a.opponent}, {a.variant}: {r.games} games "
          f"({a.deals} deals x 2 seatings) in {dt:.0f}s on {a.workers} worker(s)")
    print(f"mean margin {r.mean_margin():+.2f} points, 95% interval [{lo:+.2f}, {hi:+.2f}]; "
          f"win rate {r.win_rate():.1%}")
    print("clearly better (interval above 0)" if lo > 0 else "NOT clearly better (interval reaches 0)")


if __name__ == "__main__":
    main()
