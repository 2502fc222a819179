"""How long ``mm.review`` takes to judge one seat's decisions in a whole game of each registered game.

Run: .venv/bin/python benchmarks/review_speed.py [--games 3] [--worlds 40] [--level greedy]
Each game is played by a random seat 0 (so there are mistakes to find) against greedy seats, then reviewed
for seat 0, single process. The issue's targets on a quiet 2-core machine: a 2-player Main Merah game
<= 3 s, a Red Ten hand <= 10 s, an In The Red deal <= 5 s. Prints seconds per game and the mistakes found.
"""

from __future__ import annotations

import argparse
import statistics
import time

import mainmerah as mm

GAMES = [("main-merah", 2), ("chinese-ten", 2), ("red-ten", 4), ("in-the-red", 2), ("in-the-red", 4)]


def played(name: str, players: int, seed: int) -> mm.GameInfo:
    info = mm.game_info(name)
    g = mm.new_game(name, seed=seed, players=players)
    bots = [info.make_bot("random", seed=seed)] + [info.make_bot("greedy", seed=seed + s) for s in range(1, players)]
    while (d := g.decision) is not None:
        g.act(bots[d.seat].choose(g.view(d.seat)))
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=40)
    ap.add_argument("--level", default="greedy")
    a = ap.parse_args()
    for name, players in GAMES:
        times, judged, found = [], 0, 0
        for seed in range(a.games):
            g = played(name, players, seed)
            t = time.perf_counter()
            r = mm.review(g, seat=0, worlds=a.worlds, level=a.level, seed=seed)
            times.append(time.perf_counter() - t)
            judged += len(r.decisions)
            found += len(r.moments)
        print(f"{name} {players}p: {statistics.median(times):.2f} s a game (median of {a.games}; "
              f"max {max(times):.2f}), {judged / a.games:.0f} decisions judged, {found / a.games:.1f} mistakes found")


if __name__ == "__main__":
    main()
