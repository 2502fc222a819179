"""Review this game on the static site (Pyodide in the browser) next to the same review in this Python.

Run: .venv/bin/python benchmarks/site_review.py [--site _site] [--games 1]

For each game of ``review_speed.py`` (seat 0 random against greedy seats, seeded), the finished game is put in
the browser's storage as the play page keeps it (the table's own record, made by the table in this process), the
site's play page opened in a fresh headless Chromium context (it comes back to the finished game), and **Review
this game** clicked; the time is from the click to the review's method line on the page (the page's Python
judges every decision of seat 0 over the table's 40 worlds: ``table.review.WORLDS``). Beside it, the same
review (same game, seat, worlds and seed) timed in this process, which is what Voila's kernel runs. The machine's
load (1-minute average, ``os.getloadavg``) is printed beside each figure: the 2 cores are shared.

Figures are printed and written to benchmarks/results/site_review.json; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests"), str(ROOT / "tests/browser")]
from review_speed import GAMES, played  # noqa: E402
from site_start import browser, serve  # noqa: E402 (the browser tests' helpers: Chromium's path; a static server)

import mainmerah as mm  # noqa: E402
from mainmerah.pages.play import keep_table  # noqa: E402
from mainmerah.table.kept_table import table_key  # noqa: E402
from mainmerah.table.review import WORLDS  # noqa: E402
from mainmerah.table.table import TableWidget  # noqa: E402

COLD = 180_000
REVIEW = 600_000
SEED_AT = "(kept) => { for (const [k, v] of Object.entries(kept)) localStorage.setItem(k, v); }"


def kept_record(game: Any) -> dict[str, str]:
    """What the play page keeps for ``game`` (finished), made by a table with the page's own keeping."""
    t = TableWidget(game=game, human=0, bots="greedy", auto=False)
    keeping = keep_table(t, {}, False)
    sent: list[dict[str, Any]] = []
    keeping.keeper.send = sent.append  # type: ignore[method-assign]
    keeping.keeper._page_message({"k": "kept", "available": True, "records": {}})
    t._render()
    key = table_key(game.game_name)
    text = [m for m in sent if m.get("k") == "store" and m.get("key") == key][-1]["text"]
    return {key: text}


def in_browser(chromium: Any, base: str, name: str, kept: dict[str, str]) -> float:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"({SEED_AT})({json.dumps(kept)})")
    try:
        page = context.new_page()
        page.goto(f"{base}/voici/render/play.html?game={name}&pace=manual", timeout=COLD)
        page.wait_for_selector(".mm-review-start", state="visible", timeout=COLD)
        start = time.perf_counter()
        page.click(".mm-review-start")
        page.wait_for_selector(".mm-review-method", timeout=REVIEW)
        return time.perf_counter() - start
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    site = args.site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"no site at {site}: run make site first")
    from playwright.sync_api import sync_playwright

    rows: list[dict[str, Any]] = []
    server, base = serve(site)
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=browser.CHROMIUM, args=browser.chromium_args(p), headless=True)
            for name, players in GAMES:
                for seed in range(args.games):
                    g = played(name, players, seed)
                    load_py = os.getloadavg()[0]
                    t = time.perf_counter()
                    r = mm.review(g, seat=0, worlds=WORLDS)
                    here = time.perf_counter() - t
                    load_site = os.getloadavg()[0]
                    site_s = in_browser(chromium, base, name, kept_record(g))
                    rows.append({"game": name, "players": players, "seed": seed, "decisions": len(r.decisions),
                                 "python_s": here, "site_s": site_s, "ratio": site_s / here,
                                 "load_python": load_py, "load_site": load_site})
                    print(f"{name} {players}p seed {seed}: {len(r.decisions)} decisions; this Python {here:.2f} s "
                          f"(load {load_py:.1f}), in the browser {site_s:.2f} s (load {load_site:.1f}): "
                          f"{site_s / here:.1f}x", flush=True)
            chromium.close()
    finally:
        server.shutdown()
    by_game: dict[str, Any] = {}
    for row in rows:
        by_game.setdefault(f"{row['game']} {row['players']}p", []).append(row)
    summary = {k: {"python_s": statistics.median(r["python_s"] for r in v),
                   "site_s": statistics.median(r["site_s"] for r in v)} for k, v in by_game.items()}
    out = ROOT / "benchmarks" / "results" / "site_review.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"worlds": WORLDS, "rows": rows, "median": summary}, indent=1))


if __name__ == "__main__":
    main()
