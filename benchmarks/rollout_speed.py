"""Fast rollout path speed: full random games per second, deal (with redeals) included.

Run: .venv/bin/python benchmarks/rollout_speed.py [--games N] [--players 2|3] [--variant NAME]
                                                  [--policy random|greedy] [--workers 1|2]
Single process by default; --workers 2 runs one simulation per core (fork) and adds them up.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import time

from mainmerah.families.fishing import sim as ro


def _run(args: tuple[int, int, str, str, int]) -> int:
    games, players, variant, policy, seed = args
    return len(ro.simulate(games, players, variant, seed=seed, policies=policy))


def run(games: int, players: int, variant: str, policy: str, workers: int, seed: int) -> float:
    t0 = time.perf_counter()
    if workers == 1:
        done = _run((games, players, variant, policy, seed))
    else:
        jobs = [(games // workers, players, variant, policy, seed * 100 + w) for w in range(workers)]
        with mp.get_context("fork").Pool(workers) as pool:
            done = sum(pool.map(_run, jobs))
    dt = time.perf_counter() - t0
    rate = done / dt
    print(f"{done} {players}p {variant} {policy} games in {dt:.2f}s: {rate:,.0f} games/s ({workers} process(es))")
    return rate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--policy", default="random", choices=ro.POLICIES)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    best = max(run(a.games, a.players, a.variant, a.policy, a.workers, seed=r + 1) for r in range(a.repeat))
    print(f"best of {a.repeat}: {best:,.0f} games/s (fast path, {a.workers} process(es), target 20,000)")


if __name__ == "__main__":
    main()
