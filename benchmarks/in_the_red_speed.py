"""In The Red speed: random full games to 100 per second (every deal, event log on, through
``legal_actions``/``act``), and each bot's decision time.

    .venv/bin/python benchmarks/in_the_red_speed.py [--games 500] [--players 2 4 6 10] [--decisions 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from mainmerah.families.in_the_red import InTheRed, make_bot


def games_per_second(games: int, players: int, seed: int = 1) -> tuple[float, float, float]:
    rng = random.Random(seed)
    steps = deals = 0
    t0 = time.perf_counter()
    for i in range(games):
        g = InTheRed.new(seed=seed * 1_000_003 + i, players=players)
        while not g.is_over:
            g.act(rng.choice(g.legal_actions()))
            steps += 1
        deals += g.deal_number
    dt = time.perf_counter() - t0
    return games / dt, steps / dt, deals / games


def decision_times(level: str, players: int, decisions: int, seed: int = 2) -> list[float]:
    """Seconds per ``choose`` of one bot in seat 0 of seeded games, greedy rivals making the other moves."""
    bot = make_bot(level, seed=seed)
    rivals = make_bot("greedy", seed=seed)
    out: list[float] = []
    game = 0
    while len(out) < decisions:
        g = InTheRed.new(seed=seed * 7919 + game, players=players)
        game += 1
        while not g.is_over and len(out) < decisions:
            seat = g.seat
            view = g.view(seat)
            if seat == 0:
                t = time.perf_counter()
                action = bot.choose(view)
                out.append(time.perf_counter() - t)
            else:
                action = rivals.choose(view)
            g.act(action)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 6, 10])
    ap.add_argument("--decisions", type=int, default=300, help="decisions timed per bot and player count")
    a = ap.parse_args()
    for n in a.players:
        gps, sps, dpg = games_per_second(a.games, n)
        print(f"{n:2d} players: {gps:7.1f} random games to 100 per second ({sps:,.0f} actions/s, "
              f"{dpg:.1f} deals per game)")
    for n in a.players:
        for level in ("random", "greedy", "expert"):
            times = decision_times(level, n, a.decisions if level != "expert" else max(50, a.decisions // 3))
            ms = sorted(t * 1000 for t in times)
            p95 = ms[int(0.95 * (len(ms) - 1))]
            mean, median = statistics.fmean(ms), ms[len(ms) // 2]
            print(f"{n:2d} players, {level:6s}: mean {mean:7.3f} ms, median {median:7.3f} ms, "
                  f"p95 {p95:7.3f} ms per decision ({len(ms)} decisions)")


if __name__ == "__main__":
    main()
