"""In The Red: does the expert score fewer points per deal than greedy? (Lower is better.)

Each seeded deal is played twice from the same cards: once with every seat greedy, once with
the expert in one seat (rotated: seat = deal number mod players) and greedy in the others.
The figure is the mean of the expert seat's points minus greedy's points in that same seat
of that same deal, with a 95% interval; negative = the expert is better.

    .venv/bin/python benchmarks/in_the_red_expert_vs_greedy.py --deals 2000 --players 4 --workers 2
"""

from __future__ import annotations

import argparse
import math
import time
from multiprocessing import Pool

from mainmerah.families.in_the_red import InTheRed, make_bot
from mainmerah.families.in_the_red.events import Scored


def one_deal(seed: int, players: int, expert_seat: int | None, budget: int) -> tuple[int, ...]:
    """Points of every seat at the end of the first deal of game ``seed``."""
    g = InTheRed.new(seed=seed, players=players)
    bots = [make_bot("greedy", seed=seed * 10 + s) for s in range(players)]
    if expert_seat is not None:
        bots[expert_seat] = make_bot("expert", seed=seed)
        bots[expert_seat].budget = budget
    while g.deal_number == 1 and not g.is_over:
        seat = g.seat
        g.act(bots[seat].choose(g.view(seat)))
    return tuple(e.points for e in g.events if isinstance(e, Scored))[:players]


def job(args: tuple[int, int, int]) -> tuple[int, int, float]:
    seed, players, budget = args
    seat = seed % players
    base = one_deal(seed, players, None, budget)
    exp = one_deal(seed, players, seat, budget)
    others = [p for s, p in enumerate(exp) if s != seat]
    return exp[seat], base[seat], sum(others) / len(others)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = sum(xs) / len(xs)
    var = sum((x - m) ** 2 for x in xs) / (len(xs) - 1)
    return m, 1.96 * math.sqrt(var / len(xs))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--budget", type=int, default=None, help="rollouts per decision (default: the bot's)")
    a = ap.parse_args()
    from mainmerah.families.in_the_red.bots import BUDGET

    budget = a.budget or BUDGET
    t = time.perf_counter()
    with Pool(a.workers) as pool:
        rows = pool.map(job, [(seed, a.players, budget) for seed in range(a.deals)], chunksize=8)
    secs = time.perf_counter() - t
    expert = [float(r[0]) for r in rows]
    greedy = [float(r[1]) for r in rows]
    rivals = [r[2] for r in rows]
    diff = [e - g for e, g in zip(expert, greedy, strict=True)]
    for label, xs in (("expert seat", expert), ("same seat, all greedy", greedy),
                      ("greedy rivals beside the expert", rivals), ("expert minus greedy (paired)", diff)):
        m, h = mean_ci(xs)
        print(f"{label:34s} {m:6.2f} ± {h:.2f} points per deal")
    print(f"{a.deals} deals, {a.players} players, budget {budget} rollouts, {a.workers} workers, {secs:.0f} s")


if __name__ == "__main__":
    main()
