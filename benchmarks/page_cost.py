"""What one page open costs the machine: Chromium's CPU and the server's (with its kernels), per page.

Run: .venv/bin/python benchmarks/page_cost.py [--opens 3]
Starts ``make app``'s server (through the browser tests' own VoilaServer) and Debian's Chromium, opens the table and
the tutorial ``--opens`` times each in a fresh browser context (as a test does), and prints, per open, the seconds
until the page showed and the CPU seconds Chromium and the server used meanwhile. Why the test suite is CPU-bound:
it opens about 150 such pages.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "tests")]

PAGES = [("play.ipynb", ".mm-hand .mm-card"), ("tutorial.ipynb", ".mm-lesson-cards")]


def cpu(procs: list[psutil.Process]) -> float:
    total = 0.0
    for p in procs:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opens", type=int, default=3)
    a = ap.parse_args()
    from conftest import CHROMIUM, VoilaServer, chromium_args  # the browser tests' server and browser
    from playwright.sync_api import sync_playwright

    server = VoilaServer(launcher=[sys.executable, "-m", "mainmerah.server.voila"], ready_path="/voila/tree")
    try:
        time.sleep(10)  # the preheated pools filled
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=chromium_args(pw), headless=True)
            me = psutil.Process()

            def chromium() -> list[psutil.Process]:
                return [c for c in me.children(recursive=True) if "chrom" in c.name()]

            def served() -> list[psutil.Process]:
                top = psutil.Process(server.proc.pid)
                return [top, *top.children(recursive=True)]

            for _ in range(a.opens):
                for notebook, ready in PAGES:
                    c0, s0, t0 = cpu(chromium()), cpu(served()), time.perf_counter()
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    page.goto(server.render_url(notebook), timeout=120_000)
                    page.wait_for_selector(ready, timeout=120_000)
                    shown = time.perf_counter() - t0
                    c1, s1 = cpu(chromium()), cpu(served())
                    print(f"{notebook}: shown after {shown:.1f} s; CPU Chromium {c1 - c0:.2f} s, "
                          f"server and kernels {s1 - s0:.2f} s", flush=True)
                    context.close()
                    time.sleep(3)  # the pool's refill, not counted against the next open
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
