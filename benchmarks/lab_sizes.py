"""How long each strategy-lab experiment takes at each sample size (what a reader waits after Run).

Run: .venv/bin/python benchmarks/lab_sizes.py [--sizes quick,careful,thorough] [--only seats,duels,...]
Each experiment runs once per size, results and report included, plots not (they take ~0.1 s each).
"""

from __future__ import annotations

import argparse
import time

from mainmerah.families.fishing.ui.lab import SIZE_KEYS, experiments


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default=",".join(SIZE_KEYS))
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    only = {k for k in args.only.split(",") if k}
    for exp in experiments():
        if only and exp.key not in only:
            continue
        for key in args.sizes.split(","):
            size = exp.sizes[key]
            t0 = time.perf_counter()
            result = exp.run(size)
            exp.report(result)
            dt = time.perf_counter() - t0
            print(f"{exp.key:9} {key:9} {exp.size_text(size):80} {dt:7.2f}s", flush=True)


if __name__ == "__main__":
    main()
