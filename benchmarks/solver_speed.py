"""Solver speed: positions searched a second, and the time to prove a level-3 puzzle.

Run: .venv/bin/python benchmarks/solver_speed.py [--deals 10] [--max-cards 8]
Part 1 solves seeded two-player positions cut with 3..max-cards cards in the mover's hand
(every legal action valued, a fresh solver each: no table carried over) and reports the
search nodes (positions at the start of a turn) a second and the time a position.
Part 2 proves every shipped level-3 puzzle from scratch (all its actions' values) and
reports the median and the worst. Single process.
"""

from __future__ import annotations

import argparse
import statistics
import time

import mainmerah as mm
from mainmerah.families.fishing.puzzle_maker import RULESET, cut
from mainmerah.families.fishing.solver import Solver


def positions_per_second(game: str, deals: int, max_cards: int) -> None:
    for cards in range(3, max_cards + 1):
        nodes, seconds, solved = 0, 0.0, 0
        for seed in range(deals):
            g = cut(game, 90_000 + seed, cards)
            if g is None:
                continue
            solver = Solver(RULESET[game])
            t0 = time.perf_counter()
            solver.values(g)
            seconds += time.perf_counter() - t0
            nodes += solver.nodes
            solved += 1
        if solved:
            print(f"{game}, {cards} cards in hand: {nodes / seconds:,.0f} positions/s, "
                  f"{seconds / solved * 1000:.1f} ms a position ({nodes // solved:,} positions searched), "
                  f"{solved} deals")


def prove_level_three(game: str) -> None:
    times = []
    for p in mm.puzzles(game, level=3):
        start = p.start()
        t0 = time.perf_counter()
        values = Solver(start.rules).values(start)
        times.append(time.perf_counter() - t0)
        assert values == p.values, p.id
    print(f"{game}: proving a level-3 puzzle (all {len(times)}): median {statistics.median(times) * 1000:.1f} ms, "
          f"worst {max(times) * 1000:.1f} ms")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--max-cards", type=int, default=8)
    a = ap.parse_args()
    for game in ("main-merah", "chinese-ten"):
        positions_per_second(game, a.deals, a.max_cards)
        prove_level_three(game)


if __name__ == "__main__":
    main()
