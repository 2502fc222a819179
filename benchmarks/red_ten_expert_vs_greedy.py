"""Red Ten: the expert bot against greedy ones, over seeded hands with the seats rotated.

Run: .venv/bin/python benchmarks/red_ten_expert_vs_greedy.py [--hands 2000] [--jobs 2]

Hand ``i`` is dealt from seed ``i``; the expert sits in seat ``i % 4`` with three greedy
bots. The same deal is also played by four greedy bots, so the paired difference (expert's
score minus greedy's score in the same seat of the same deal) shows what the expert adds.
Means per hand with a 95% interval (normal approximation).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from multiprocessing import Pool

from mainmerah.families.red_ten import RedTen, make_bot


def play(seed: int, expert_seat: int | None) -> int:
    g = RedTen.new(seed=seed)
    bots = [make_bot("expert" if s == expert_seat else "greedy", seed=seed * 4 + s) for s in range(4)]
    while (d := g.decision) is not None:
        g.act(bots[d.seat].choose(g.view(d.seat)))
    return g.scores[seed % 4]


def one(seed: int) -> tuple[int, int]:
    return play(seed, seed % 4), play(seed, None)


def interval(xs: list[int]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    t0 = time.perf_counter()
    with Pool(a.jobs) as pool:
        results = pool.map(one, range(a.hands), chunksize=10)
    expert = [e for e, _ in results]
    greedy = [g for _, g in results]
    diff = [e - g for e, g in results]
    print(f"{a.hands} hands, seats rotated, {time.perf_counter() - t0:.0f}s")
    for name, xs in (("expert (1 vs 3 greedy)", expert), ("greedy in the same seat", greedy),
                     ("paired difference", diff)):
        m, h = interval(xs)
        print(f"  {name:26s} mean {m:+.3f} per hand, 95% interval [{m - h:+.3f}, {m + h:+.3f}]")


if __name__ == "__main__":
    main()
