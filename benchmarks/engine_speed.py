"""Full-engine speed: random 2-player games per second, deal included, event log on.

Run: .venv/bin/python benchmarks/engine_speed.py [--games N] [--players 2|3] [--variant NAME]
A random player picks uniformly among ``game.decision.options`` (a seeded RNG).
"""

from __future__ import annotations

import argparse
import random
import time

import mainmerah as mm


def run(games: int, players: int, variant: str, seed: int = 1) -> float:
    rng = random.Random(seed)
    choice = rng.choice
    events = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = mm.Game.new(players, variant, seed=seed * 1_000_003 + i)
        while (d := g.decision) is not None:
            if d.kind == "play":
                g.play(choice(d.options))
            else:
                g.capture(choice(d.options))
        events += len(g.events)
    dt = time.perf_counter() - t0
    print(f"{games} {players}p {variant} games in {dt:.2f}s: {games / dt:,.0f} games/s "
          f"({events / games:.1f} events/game)")
    return games / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    best = max(run(a.games, a.players, a.variant, seed=r + 1) for r in range(a.repeat))
    print(f"best of {a.repeat}: {best:,.0f} games/s (full engine, event log on)")


if __name__ == "__main__":
    main()
