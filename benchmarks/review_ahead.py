"""Review this game at the table: the time from the click on **Review this game** to the list shown, with the
decisions judged while the game was played (judging ahead) and without (everything judged after the click).

Run: .venv/bin/python benchmarks/review_ahead.py [--games 3]

For each game (a 2-player Main Merah game, a Red Ten hand: seat 0 random, the others greedy, seeded), a table is
played to its end by the table's own wishes; with judging ahead on, the person "thinks" until the worker has
judged what it was handed (the time the worker needed after each decision is printed: a person slower than
that finds everything judged). Then Review is clicked and timed until the review is shown (the table's 40
worlds). The worker's figures are the widget's, in this process (what Voilà's kernel runs). The 1-minute load
average is printed beside them: the 2 cores are shared. Then the time a hint takes when asked as soon as your turn
comes, judging ahead off and on (the worker pauses while the table computes). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from mainmerah.core import registry
from mainmerah.table.table import TableWidget

GAMES = [("main-merah", 2), ("red-ten", 4)]


def click_to_list(name: str, players: int, seed: int, ahead: bool) -> tuple[float, list[float], int]:
    """(seconds from the click to the list, seconds the worker needed after each of your decisions, judged)."""
    t = TableWidget(game=name, players=players, seed=seed, bots="greedy", auto=False)
    t.review.judge_early = ahead
    chooser = registry.get(name).make_bot("random", seed=seed)
    after: list[float] = []
    while (d := t.game.decision) is not None:
        if d.seat == t.human and t.caught_up:
            t.enter(str(chooser.choose(t.game.view(d.seat))))
            start = time.perf_counter()
            if (worker := t.review._worker) is not None:  # the person thinks until the worker is done
                worker.join()
                after.append(time.perf_counter() - start)
        else:
            t.next()
    t.next()
    if (worker := t.review._worker) is not None:
        worker.join()
    start = time.perf_counter()
    t.review.start_button.click()
    t.review.wait()
    took = time.perf_counter() - start
    assert t.review.result is not None
    judged = len(t.review.result.decisions)
    t.close()
    return took, after, judged


def hint_times(name: str, players: int, seed: int, ahead: bool) -> list[float]:
    """Seconds each hint took, asked as soon as your turn comes (the worker still judging your last decision
    when it has not finished: the table's own work must not wait for it)."""
    t = TableWidget(game=name, players=players, seed=seed, bots="greedy", auto=False)
    t.review.judge_early = ahead
    chooser = registry.get(name).make_bot("random", seed=seed)
    took: list[float] = []
    while (d := t.game.decision) is not None:
        if d.seat == t.human and t.caught_up:
            start = time.perf_counter()
            t.hint()
            took.append(time.perf_counter() - start)
            t.enter(str(chooser.choose(t.game.view(d.seat))))
        else:
            t.next()
    t.close()
    return took


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    a = ap.parse_args()
    for name, players in GAMES:
        for ahead in (False, True):
            clicks, waits, judged = [], [], 0
            for seed in range(a.games):
                took, after, n = click_to_list(name, players, seed, ahead)
                clicks.append(took)
                waits += after
                judged += n
            line = (f"{name} {players}p, judged ahead {'on ' if ahead else 'off'}: click to list "
                    f"{statistics.median(clicks):.2f} s (median of {a.games}; max {max(clicks):.2f}), "
                    f"{judged / a.games:.0f} decisions")
            if waits:
                line += (f"; the worker after each decision: median {statistics.median(waits):.2f} s, "
                         f"max {max(waits):.2f} s")
            print(f"{line}  [load {os.getloadavg()[0]:.2f}]", flush=True)
    for name, players in GAMES:
        for ahead in (False, True):
            hints = [h for seed in range(a.games) for h in hint_times(name, players, seed, ahead)]
            print(f"{name} {players}p, judged ahead {'on ' if ahead else 'off'}: a hint on your turn "
                  f"{statistics.median(hints) * 1000:.0f} ms (median of {len(hints)}; max {max(hints) * 1000:.0f})"
                  f"  [load {os.getloadavg()[0]:.2f}]", flush=True)


if __name__ == "__main__":
    main()
