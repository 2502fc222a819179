"""Red Ten speed: random full hands per second with every legal action listed at each step,
and the median decision time of the greedy and expert bots.

Run: .venv/bin/python benchmarks/red_ten_speed.py [--hands 2000] [--bot-hands 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mainmerah.families.red_ten import RedTen, make_bot


def random_hands(n: int) -> None:
    rng = random.Random(1)
    steps = listed = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(n):
        g = RedTen.new(seed=seed)
        while g.decision is not None:
            legal = g.legal_actions()
            listed += len(legal)
            g.act(rng.choice(legal))
            steps += 1
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"random play: {n} hands in {dt:.2f}s: {n / dt:,.0f} hands/s ({n / cpu:,.0f} per CPU second; "
          f"{steps / n:.0f} decisions and {listed / n:,.0f} listed actions per hand)")


def bot_times(level: str, hands: int) -> None:
    """The bot in seat (hand % 4) against greedy ones; every one of its decisions timed."""
    times: list[float] = []
    cpu: list[float] = []  # CPU time too: on a shared machine the wall clock includes waiting
    for seed in range(hands):
        g = RedTen.new(seed=10_000 + seed)
        bots = [make_bot(level if s == seed % 4 else "greedy", seed=s) for s in range(4)]
        while (d := g.decision) is not None:
            v = g.view(d.seat)
            t0, c0 = time.perf_counter(), time.process_time()
            a = bots[d.seat].choose(v)
            if d.seat == seed % 4:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            g.act(a)
    times.sort()
    print(f"{level}: {len(times)} decisions, median {statistics.median(times) * 1000:.2f} ms, "
          f"90th percentile {times[int(len(times) * 0.9)] * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms "
          f"(CPU median {statistics.median(cpu) * 1000:.2f} ms)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--bot-hands", type=int, default=40)
    a = ap.parse_args()
    random_hands(a.hands)
    bot_times("greedy", a.bot_hands)
    bot_times("expert", a.bot_hands)


if __name__ == "__main__":
    main()
