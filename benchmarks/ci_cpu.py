"""Where a test run's CPU goes: the machine's busy share and every process's CPU seconds, by kind.

Run: .venv/bin/python benchmarks/ci_cpu.py [--every 2] [--per-test] [-- PYTEST ARGS...]
Runs ``.venv/bin/pytest`` with the given arguments (by default the Makefile's: its workers, the notebooks too)
and meanwhile reads every process's CPU time every ``--every`` seconds; a process's last reading is what it used
(one that lived less than that between two readings is missed: the totals are a floor). Kinds: Chromium's
processes by type, the kernels, the Voila servers, the pytest processes, Playwright's driver (node), pip; the
rest by name. ``--per-test``: the machine's busy CPU seconds during each test as well (``/proc/stat``; meaningful
only for a run on one worker, ``-p no:xdist`` or ``-n 0``), the heaviest printed.

Why: ``make test`` on a 2-core machine is CPU-bound (the machine was 93 % busy through a whole run on
2026-12-05), so the run gets shorter only by what its processes stop using. Written to
benchmarks/results/ci_cpu.json; nothing is asserted.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]


def make_test_args() -> list[str]:
    """pytest's arguments as ``make test`` gives them (the Makefile's test target)."""
    found = re.search(r"^test:.*\n\t\$\(BIN\)/pytest (.*)$", (ROOT / "Makefile").read_text(), re.M)
    if found is None:
        raise SystemExit("the Makefile's test target no longer runs $(BIN)/pytest on its first line: update ci_cpu.py")
    return shlex.split(found.group(1))


def kind(proc: psutil.Process) -> str:
    name, args = proc.name(), " ".join(proc.cmdline())
    if "chrom" in name:
        types = [a.removeprefix("--type=") for a in proc.cmdline() if a.startswith("--type=")]
        return "chromium " + (types[0] if types else "browser")
    for word, what in (("ipykernel", "kernels"), ("voila", "Voila servers"), ("pytest", "pytest"),
                       ("execnet", "pytest"), ("playwright", "Playwright's driver"), ("pip", "pip")):
        if word in args:
            return what
    return name


def machine_seconds() -> tuple[float, float]:
    """The machine's busy and total CPU seconds so far (``/proc/stat``)."""
    fields = list(map(int, Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]))
    tick = os.sysconf("SC_CLK_TCK")
    return (sum(fields) - fields[3] - fields[4]) / tick, sum(fields) / tick


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=float, default=2.0, help="seconds between readings")
    ap.add_argument("--per-test", action="store_true", help="each test's machine CPU too (one worker)")
    ap.add_argument("pytest", nargs="*", help="pytest's arguments (after --)")
    a = ap.parse_args()
    args, env = a.pytest or make_test_args(), dict(os.environ)
    tests_file = ROOT / "benchmarks" / "results" / "ci_cpu_tests.jsonl"
    if a.per_test:
        tests_file.unlink(missing_ok=True)
        # benchmarks/ci_cpu_plugin.py, found on the path
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "benchmarks"), env.get("PYTHONPATH", "")) if p)
        env["MAINMERAH_CI_CPU_TESTS"] = str(tests_file)
        args = [*args, "-p", "ci_cpu_plugin"]
    # (pid, start time): a pid the system gives again later is another process
    seen: dict[tuple[int, float], tuple[str, float]] = {}  # -> (kind, CPU seconds at its last reading)
    done = threading.Event()

    def read() -> None:
        while not done.wait(a.every):
            for proc in psutil.process_iter():
                try:
                    if proc.pid == os.getpid():
                        continue
                    key, t = (proc.pid, proc.create_time()), proc.cpu_times()
                    seen[key] = (seen[key][0] if key in seen else kind(proc), t.user + t.system)
                except psutil.Error:
                    continue

    before = {(p.pid, p.create_time()) for p in psutil.process_iter()}  # what ran before the tests is left out
    busy0, total0 = machine_seconds()
    start = time.monotonic()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    code = subprocess.call([str(ROOT / ".venv" / "bin" / "pytest"), *args], cwd=ROOT, env=env)
    done.set()
    reader.join()
    busy1, total1 = machine_seconds()
    by: collections.Counter[str] = collections.Counter()
    count: collections.Counter[str] = collections.Counter()
    for key, (what, used) in seen.items():
        if key not in before:
            by[what] += used
            count[what] += 1
    result = {"pytest": args, "exit": code, "wall_s": round(time.monotonic() - start, 1),
              "machine_busy": round((busy1 - busy0) / (total1 - total0), 3), "machine_busy_cpu_s": round(busy1 - busy0),
              "cpu_s_by_kind": {k: [round(v, 1), count[k]] for k, v in by.most_common()}}
    print(f"pytest exited {code}; {result['wall_s']} s; the machine {result['machine_busy']:.0%} busy "
          f"({result['machine_busy_cpu_s']} CPU-s); seen by kind (CPU-s, processes):")
    for what, (used, n) in result["cpu_s_by_kind"].items():  # type: ignore[attr-defined]
        if used >= 1:
            print(f"  {used:8.1f} {n:5d}  {what}")
    if a.per_test and tests_file.exists():
        rows = [json.loads(line) for line in tests_file.read_text().splitlines()]
        rows.sort(key=lambda r: -r[1])
        result["tests"] = rows
        print("the heaviest tests (machine CPU-s, wall s):")
        for nodeid, used, wall in rows[:25]:
            print(f"  {used:7.1f} {wall:7.1f}  {nodeid}")
    out = ROOT / "benchmarks" / "results" / "ci_cpu.json"
    out.parent.mkdir(exist_ok=True)  # (a fresh clone has no results yet)
    out.write_text(json.dumps(result, indent=1) + "\n")
    sys.exit(code)


if __name__ == "__main__":
    main()
