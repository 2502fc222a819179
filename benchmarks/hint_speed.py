"""Hint latency: every card of a full hand (start of a game), N rollouts per card.

Run: .venv/bin/python benchmarks/hint_speed.py [--rollouts 1000] [--deals 20] [--backend auto|numpy|python]
Times ``mainmerah.families.fishing.hint.hints(game)`` at the first decision of fresh 2- and 3-player deals
(10 and 7 cards in hand), single process. Target: at most 0.5 s.
"""

from __future__ import annotations

import argparse
import statistics
import time

import mainmerah as mm
from mainmerah.families.fishing.hint import hints


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rollouts", type=int, default=1000)
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--backend", default="auto")
    ap.add_argument("--variant", default="classic")
    a = ap.parse_args()
    hints(mm.Game.new(2, a.variant, seed=0), rollouts=10, backend=a.backend)  # warm-up (imports)
    for players in (2, 3):
        times = []
        cards = 0
        for s in range(a.deals):
            g = mm.Game.new(players, a.variant, seed=s)
            t0 = time.perf_counter()
            hs = hints(g, rollouts=a.rollouts, seed=s, backend=a.backend)
            times.append(time.perf_counter() - t0)
            cards += len(hs)
        print(f"{players}p {a.variant}: hint for all {cards / a.deals:.0f} cards x {a.rollouts} rollouts "
              f"({a.backend}): median {statistics.median(times) * 1000:.0f} ms, "
              f"max {max(times) * 1000:.0f} ms over {a.deals} deals (single process, target 500 ms)")


if __name__ == "__main__":
    main()
