"""UI speed of the table against a trivial button-and-label notebook, in one real Voila.

Run: .venv/bin/python benchmarks/ui_latency.py [--clicks 50] [--loads 10]

One Voila server (the ``make app`` launcher and the repo's voila.json, with the pool
also preheating the baseline) serves ``notebooks/play.ipynb`` and
``benchmarks/trivial.ipynb`` side by side; one headless Chromium measures, inside the
page (performance.now(), a MutationObserver, then the next animation frame; and, a second figure,
a task after that frame, when its style, layout and paint are done):

- click -> redrawn: a click on a hand card until the card is lifted, its partners
  lit and the Play button names it (the click a player makes most), and a click on
  Next until the next computer step is drawn; the baseline: a click on the button
  until the label shows the new count, made right after each table click (on its own
  page) so both meet the same machine load. Each page is brought to the front and left
  to paint before its click is timed. Median and p95 over ``--clicks`` clicks each.
- page load -> interactive: navigation start until the table's hand (the baseline's
  button) is drawn, i.e. the widgets are live. Median and p95 over ``--loads`` loads,
  alternating, each on a refilled kernel pool.
- what a click changes in the page: DOM mutation records per click, and card elements
  created (0: every redraw reuses the buttons, so nothing flickers).

Targets (issue 3): click median within 1.5x of the baseline, load within 1.2x.
Figures are printed (and written to benchmarks/results/ui_latency.json); nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import processes  # noqa: E402 (the registry every test server goes through: stopped on exit and on signals)

sys.path.insert(0, str(ROOT / "tests" / "browser"))
import conftest as browser_conftest  # noqa: E402 (the browser tests' Chromium, its switches, their servers)

CHROMIUM = browser_conftest.CHROMIUM


# Click `selector`, then resolve with [ms until `done` holds and the next frame begins, mutations, cards created,
# ms until that frame's style, layout and paint are done (a task after it)].
CLICK_JS = """
async ([selector, done, arg]) => {
  const ready = new Function('arg', 'return (' + done + ');');
  const el = document.querySelector(selector);
  let mutations = 0, created = 0;
  const t0 = performance.now();
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('timeout: ' + done)); }, 20000);
    const obs = new MutationObserver((records) => {
      mutations += records.length;
      for (const r of records) for (const n of r.addedNodes)
        if (n.nodeType === 1 && n.classList && n.classList.contains('mm-card')) created += 1;
      if (ready(arg)) {
        obs.disconnect(); clearTimeout(timer);
        requestAnimationFrame(() => {
          const frame = performance.now() - t0;  // the frame that draws it begins
          setTimeout(() => resolve([frame, mutations, created, performance.now() - t0]), 0);  // ...and was painted
        });
      }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    el.click();
  });
}
"""

# Installed before the page loads: the time (since navigation start) the selector first shows.
READY_JS = """
(selector) => {
  window.__ready = null;
  const check = () => {
    if (window.__ready === null && document.querySelector(selector)) { window.__ready = performance.now(); }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true});
}
"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p95": pct(values, 0.95), "n": len(values)}


class Server:
    """The app's Voila (same launcher and voila.json) serving the table and the baseline."""

    def __init__(self, work: Path) -> None:
        site = work / "site"
        site.mkdir()
        shutil.copy(ROOT / "notebooks" / "play.ipynb", site / "play.ipynb")
        shutil.copy(ROOT / "benchmarks" / "trivial.ipynb", site / "trivial.ipynb")
        cfg = json.loads((ROOT / "voila.json").read_text())
        cfg["VoilaKernelManager"]["kernel_pools_config"]["trivial.ipynb"] = {"pool_size": 1}
        (work / "voila.json").write_text(json.dumps(cfg))
        self.port = processes.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(work / "voila.log", "w")  # noqa: SIM115 (closed in stop())
        self.proc = processes.spawn(
            [sys.executable, "-m", "mainmerah.server.voila", str(site), f"--port={self.port}", "--Voila.port_retries=0",
             "--no-browser", "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths={work}"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/voila/tree", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        self.wait_for_pools()

    def wait_for_pools(self, timeout: float = 60) -> None:
        """Wait until both notebooks have a preheated kernel again (the log says when)."""
        path = Path(self.log.name)
        deadline = time.monotonic() + timeout
        start = path.read_text().count("is filled with")
        while time.monotonic() < deadline:
            self.log.flush()
            text = path.read_text()
            if "play.ipynb is filled" in text and "trivial.ipynb is filled" in text and \
                    text.count("is filled with") >= start:
                return
            time.sleep(0.2)

    def stop(self) -> None:
        processes.stop(self.proc, grace=15)
        self.log.close()


def to_front(page) -> None:  # noqa: ANN001
    """Bring ``page`` in front and let it paint before a click is measured.

    A page that comes to the front is repainted whole (the table's card faces rasterized
    again); that is the cost of switching tabs, not of a click, and a player clicks on a
    page already in front. Both pages are treated alike.
    """
    page.bring_to_front()
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    time.sleep(0.05)


def measure_clicks(browser, url: str, clicks: int) -> dict:  # noqa: ANN001
    """Each table click is followed by a baseline click on the other page, so both meet the same load."""
    out: dict[str, list] = {"trivial": [], "select": [], "next": []}
    pages = []
    for _ in range(2):
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        pages.append(context.new_page())
    base, page = pages
    base.goto(f"{url}/voila/render/trivial.ipynb", timeout=60_000)
    base.wait_for_selector(".mm-trivial-button", timeout=60_000)
    count = 0

    def baseline() -> None:
        nonlocal count
        count += 1
        to_front(base)  # the page in front is painted at the display's pace: measure both alike
        out["trivial"].append(base.evaluate(CLICK_JS, [
            ".mm-trivial-button", "document.querySelector('.mm-trivial-label').textContent === String(arg)", count]))

    # The table, step by step: select hand cards (no move made), then Next through computer steps.
    page.goto(f"{url}/voila/render/play.ipynb?seed=5&players=2&pace=manual", timeout=60_000)
    page.wait_for_selector(".mm-hand .mm-card", timeout=60_000)
    hand = page.eval_on_selector_all(".mm-hand .mm-card:not(.mm-empty)", "els => els.map(e => e.textContent)")
    done = ("(() => { const s = document.querySelector('.mm-hand .mm-card.mm-selected');"
            " const p = document.querySelector('.mm-play');"
            " return !!s && s.textContent === arg && p.textContent.includes(arg); })()")
    for i in range(clicks):
        index = i % len(hand)  # consecutive clicks pick different cards: each one only selects
        to_front(page)
        out["select"].append(page.evaluate(CLICK_JS, [f".mm-hand .mm-card:nth-child({index + 1})", done, hand[index]]))
        baseline()
    while len(out["next"]) < clicks:
        status = page.text_content(".mm-status")
        before = page.get_attribute(".mm-header", "data-step")
        if "Game over" in status:
            page.click(".mm-next-game")
        elif "choose a card to play" in status:
            if page.query_selector(".mm-hand .mm-selected") is None:
                page.click(".mm-hand .mm-card:not(.mm-empty)")
                page.wait_for_selector(".mm-hand .mm-selected")
            page.click(".mm-play")
        elif "choose the card to take" in status:
            page.click(".mm-tablecards .mm-choice")
        else:
            to_front(page)
            out["next"].append(page.evaluate(
                CLICK_JS, [".mm-next", "document.querySelector('.mm-header').dataset.step !== arg", before]))
            baseline()
            continue
        page.wait_for_function("s => document.querySelector('.mm-header').dataset.step !== s", arg=before)
    for p in pages:
        p.context.close()
    return out


def measure_loads(browser, server: Server, loads: int) -> dict:  # noqa: ANN001
    out: dict[str, list[float]] = {"trivial": [], "table": []}
    targets = [("trivial", "trivial.ipynb", ".mm-trivial-button"),
               ("table", "play.ipynb", ".mm-hand .mm-card:not(.mm-empty)")]
    for _ in range(loads):
        for name, notebook, selector in targets:
            server.wait_for_pools()
            time.sleep(1.0)  # let the refilled kernel finish running its notebook
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            page.add_init_script(f"({READY_JS})({json.dumps(selector)})")
            page.goto(f"{server.url}/voila/render/{notebook}", timeout=60_000)
            page.wait_for_selector(selector, timeout=60_000)
            out[name].append(page.evaluate("() => window.__ready"))
            context.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clicks", type=int, default=50)
    ap.add_argument("--loads", type=int, default=10)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=browser_conftest.chromium_args(p),
                                            headless=True)
                clicks = measure_clicks(browser, server.url, args.clicks)
                loads = measure_loads(browser, server, args.loads)
                browser.close()
        finally:
            server.stop()

    ms = {k: [v[0] for v in vals] for k, vals in clicks.items()}
    painted = {k: [v[3] for v in vals] for k, vals in clicks.items()}
    report = {
        "click_ms": {k: summary(v) for k, v in ms.items()},
        "click_painted_ms": {k: summary(v) for k, v in painted.items()},
        "load_ms": {k: summary(v) for k, v in loads.items()},
        "mutations_per_click": {k: statistics.median(v[1] for v in vals) for k, vals in clicks.items()},
        "cards_created_by_clicks": sum(v[2] for vals in clicks.values() for v in vals),
    }
    for key, title in (("click_ms", "click -> redrawn, up to the frame that draws it (ms)"),
                       ("click_painted_ms", "click -> that frame laid out and painted (ms)")):
        base = report[key]["trivial"]["median"]
        print(f"{title}, {args.clicks} clicks each ({2 * args.clicks} for the baseline):")
        for name, label in (("trivial", "trivial button+label"), ("select", "table: select a hand card"),
                            ("next", "table: Next (computer step)")):
            s = report[key][name]
            print(f"  {label:30s} median {s['median']:7.1f}  p95 {s['p95']:7.1f}  ({s['median'] / base:.2f}x)"
                  f"  mutations/click {report['mutations_per_click'][name]:.0f}")
    lb = report["load_ms"]["trivial"]["median"]
    print(f"page load -> interactive (ms), {args.loads} loads each:")
    for name in ("trivial", "table"):
        s = report["load_ms"][name]
        print(f"  {name:30s} median {s['median']:7.1f}  p95 {s['p95']:7.1f}  ({s['median'] / lb:.2f}x)")
    print(f"card elements created by all clicks: {report['cards_created_by_clicks']} (0 = redraws reuse them)")
    out = ROOT / "benchmarks" / "results"
    out.mkdir(exist_ok=True)
    (out / "ui_latency.json").write_text(json.dumps({"raw": {"clicks": clicks, "loads": loads}, **report}, indent=1))


if __name__ == "__main__":
    main()
