"""Two or more builds of the static site side by side: cold and return visits taken in turns, so that a machine whose
speed moves through the day moves every build's figures alike (``site_start.py`` measures one build at a time).

Run: .venv/bin/python benchmarks/site_ab.py [--loads 5] SITE [SITE ...]

Each round visits every site once in a fresh browser context (a cold visit; every other round in the reverse
order), waits for its worker to keep every file, and visits it twice more in that context (the return visit, then
the one after it: Chromium caches a script's compiled code once it has run it more than once). Page open ->
playable, as ``site_start.py``; medians are printed and written to benchmarks/results/site_ab.json; nothing is
asserted.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("site_start", ROOT / "benchmarks" / "site_start.py")
assert _spec and _spec.loader
site_start = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_start)
VISITS = ("cold", "return", "again")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", type=Path, nargs="+")
    parser.add_argument("--loads", type=int, default=5)
    args = parser.parse_args()
    sites = [s.resolve() for s in args.sites]
    for site in sites:
        if not (site / "index.html").exists():
            raise SystemExit(f"no site at {site}")
    from playwright.sync_api import sync_playwright

    rows: dict[str, dict[str, list[float]]] = {str(s): {v: [] for v in VISITS} for s in sites}
    load_before = os.getloadavg()
    servers = [site_start.serve(s) for s in sites]
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=site_start.browser.CHROMIUM,
                                         args=site_start.browser.chromium_args(p), headless=True)
            for rnd in range(args.loads):
                # Every other round in the reverse order: the site visited second was seen slower for it (its
                # return visit 0.28 s slower on a build whose return visit was the first's, 2026-12-05).
                order = list(zip(sites, servers, strict=True))
                for site, (_server, base) in order if rnd % 2 == 0 else order[::-1]:
                    url = f"{base}/voici/render/play.html?{site_start.QUERY}"
                    context = chromium.new_context(viewport={"width": 1280, "height": 800})
                    row = rows[str(site)]
                    row["cold"].append(site_start.visit(context, url)["playable_s"])
                    site_start.wait_until_kept(context, base, site)
                    row["return"].append(site_start.visit(context, url)["playable_s"])
                    row["again"].append(site_start.visit(context, url)["playable_s"])
                    context.close()
            chromium.close()
    finally:
        for server, _base in servers:
            server.shutdown()
    result = {"loads": args.loads, "load_before": load_before, "load_after": os.getloadavg(), "sites": {
        site: {v: statistics.median(times) for v, times in row.items()} | {"all": row} for site, row in rows.items()}}
    out = ROOT / "benchmarks" / "results" / "site_ab.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))
    print(f"page open -> playable, median of {args.loads} rounds; load average before "
          f"{' '.join(f'{x:.2f}' for x in load_before)}, after {' '.join(f'{x:.2f}' for x in result['load_after'])}")
    for site, m in result["sites"].items():
        print(f"  cold {m['cold']:.2f} s, return {m['return']:.2f} s ({m['return'] / m['cold']:.2f}), the visit after "
              f"{m['again']:.2f} s  {site}")


if __name__ == "__main__":
    main()
