"""Classroom load test: N students at once, each a real Chromium page playing a whole game.

Run: .venv/bin/python benchmarks/load_test.py [--sessions 20] [--pool N] [--cull 120] [--ramp 90] [--html-only]

One Voila server with the classroom settings (config/classroom; only the pool size and,
so the run ends in minutes, the cull timeout are changed; the pool is by default one
preheated kernel per student, as `make serve-class STUDENTS=N` keeps), one headless Chromium, one
page per student. Every page opens play.ipynb and plays a full game by clicking only.
Printed: sessions finished and lost, click -> table redrawn latency (p50/p95), page
load -> table interactive (p50/p95), server and kernel memory at peak, and memory after
the pages are closed without a goodbye (as a phone going to sleep would) and the culler
has run. ``--ramp`` spreads the arrivals; ``--html-only`` asks for the pages' HTML alone, all at
once and with no browser (the server's side of a class arriving). The in-suite version
(tests/browser/test_classroom_scale.py) runs the same code with a few sessions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import processes  # noqa: E402 (the registry every test server goes through: stopped on exit and on signals)

CLASSROOM = ROOT / "config" / "classroom"
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import conftest as browser_conftest  # noqa: E402 (the browser tests' Chromium, its switches, their servers)

CHROMIUM = browser_conftest.CHROMIUM


def chromium_args() -> list[str]:
    """The tests' switches (asked of a Chromium the sync API launches, in a thread of its own)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        return list(browser_conftest.chromium_args(p))


APP = "play.ipynb"
MB = 1024 * 1024


def snapshot(rev: str, dest: Path) -> Path:
    """The repository at ``rev`` (``git archive``), so a long run measures one fixed commit."""
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    return dest


def classroom_config(dest: Path, pools: dict[str, int], cull: tuple[int, int] | None = None,
                     classroom: Path = CLASSROOM) -> Path:
    """The checked-in classroom config with only pool sizes (and the cull timing) changed."""
    cfg = json.loads((classroom / "voila.json").read_text())
    cfg["VoilaKernelManager"]["kernel_pools_config"] = {
        "default": {"pool_size": 0}, **{nb: {"pool_size": n} for nb, n in pools.items()}
    }
    if cull is not None:
        cfg["MappingKernelManager"].update(cull_idle_timeout=cull[0], cull_interval=cull[1])
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "voila.json").write_text(json.dumps(cfg, indent=1))
    shutil.copy(classroom / "voila.py", dest / "voila.py")
    return dest


@dataclass
class Memory:
    server_rss: int
    kernels_rss: int
    kernels: int
    pss: int  # proportional set size of server + kernels: shared pages counted once
    largest_kernel: int = 0

    @property
    def total_rss(self) -> int:
        return self.server_rss + self.kernels_rss

    def __str__(self) -> str:
        return (f"server {self.server_rss / MB:.0f} MB + {self.kernels} kernels {self.kernels_rss / MB:.0f} MB RSS "
                f"= {self.total_rss / MB:.0f} MB (PSS {self.pss / MB:.0f} MB)")


class ClassroomServer:
    """A Voila server as `make serve-class` starts it, on a free port, from a test copy of the config."""

    def __init__(self, workdir: Path, root: Path | None = None, pools: dict[str, int] | None = None,
                 cull: tuple[int, int] | None = None, extra: list[str] | None = None, host: str | None = None,
                 src: Path = ROOT) -> None:
        self.workdir = workdir
        self.host = host  # None: the config's address (127.0.0.1); else as `make serve-class HOST=...`
        self.src = src  # the repository served: this working tree, or a snapshot() of a commit
        self.root = root or src / "notebooks"
        self.classroom = src / "config" / "classroom"
        self.config = classroom_config(workdir / "config", pools if pools is not None else {APP: 1}, cull,
                                       self.classroom)
        self.extra = extra or []
        self.port = processes.free_port()
        self.url = f"http://{host or '127.0.0.1'}:{self.port}"
        self.log = workdir / f"voila-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self, timeout: float = 90.0) -> None:
        # The same command line as the Makefile's serve-class target, the ip coming from the config.
        cmd = [sys.executable, "-m", "mainmerah.server.voila", str(self.root), f"--port={self.port}",
               "--no-browser", f"--Voila.config_file_paths={self.config}", "--Voila.port_retries=0", *self.extra]
        env = {**os.environ, "JUPYTER_PATH": str(self.classroom)}
        if self.src != ROOT:  # the snapshot's package, for the server and every kernel it starts
            env["PYTHONPATH"] = str(self.src)
        if self.host:
            cmd.append(f"--Voila.ip={self.host}")
            env["VOILA_APP_IP"] = self.host
        with self.log.open("a") as logf:
            self.proc = processes.spawn(cmd, stdout=logf, stderr=subprocess.STDOUT, cwd=self.src, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited early; log: {self.log_text()[-3000:]}")
            try:
                # The listing: always Voila's own (the root may be configured to redirect to a notebook).
                with urllib.request.urlopen(self.url + "/voila/tree", timeout=2) as r:
                    if r.status < 500:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"voila did not answer within {timeout}s; log: {self.log}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc is not None:
            processes.stop(self.proc, sig=sig, grace=20)  # its group, then any kernel it left behind

    def restart(self) -> None:
        """Stop and start again on the same port, as a teacher restarting the server would."""
        self.stop()
        self.start()

    def render_url(self, notebook: str = APP) -> str:
        return f"{self.url}/voila/render/{notebook}"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def children(self) -> list[psutil.Process]:
        assert self.proc is not None
        try:
            return psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []

    def kernel_pids(self) -> dict[str, int]:
        """Kernel id -> pid, read from each kernel's connection-file argument."""
        out = {}
        for p in self.children():
            try:
                m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(p.cmdline()))
            except psutil.Error:
                continue
            if m:
                out[m.group(1)] = p.pid
        return out

    def memory(self) -> Memory:
        assert self.proc is not None
        server = psutil.Process(self.proc.pid)
        kernels = self.children()
        rss, pss, n, largest = 0, 0, 0, 0
        for p in kernels:
            try:
                info = p.memory_full_info()
            except psutil.Error:
                continue
            largest = max(largest, info.rss)
            rss += info.rss
            pss += info.pss
            n += 1
        sinfo = server.memory_full_info()
        return Memory(server_rss=sinfo.rss, kernels_rss=rss, kernels=n, pss=pss + sinfo.pss, largest_kernel=largest)

    def wait_kernels(self, count: int, timeout: float = 120.0, at_most: bool = False) -> int:
        """Wait until at least (or, with ``at_most``, at most) ``count`` kernels run."""
        deadline = time.monotonic() + timeout
        while True:
            n = len(self.kernel_pids())
            if (n <= count) if at_most else (n >= count):
                return n
            if time.monotonic() > deadline:
                return n
            time.sleep(0.5)


    def wait_pool(self, notebook: str = APP, timeout: float = 120.0) -> bool:
        """Wait until Voila says the notebook's preheated pool is filled (before that a page gets a cold kernel)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if f"Kernel pool of {notebook} is filled" in self.log_text():
                return True
            time.sleep(0.2)
        return False

    def wait_quiet(self, cpu_percent: float = 5.0, timeout: float = 60.0) -> None:
        """Wait until the server and its kernels stop working (a preheated kernel is done importing)."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            procs = [psutil.Process(self.proc.pid), *self.children()]
            for p in procs:
                try:
                    p.cpu_percent(None)
                except psutil.Error:
                    pass
            time.sleep(1.0)
            busy = 0.0
            for p in procs:
                try:
                    busy += p.cpu_percent(None)
                except psutil.Error:
                    pass
            if busy < cpu_percent:
                return


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]




# ----- one student: a page that plays a whole game by clicking ----------------------------

# In-page timing, so the figure is the browser's (click event -> DOM shows the result), not
# the test driver's: arm() before the click, then await window.__mmDone.
ARM = """
([kind, before]) => {
  window.__mmT0 = null;
  window.addEventListener("click", () => { window.__mmT0 = performance.now(); }, {capture: true, once: true});
  window.__mmDone = new Promise((resolve) => {
    const done = () => {
      if (window.__mmT0 === null) { return false; }
      if (kind === "select") { return !!document.querySelector(".mm-hand .mm-card.mm-selected"); }
      const h = document.querySelector(".mm-header");
      return !!h && h.dataset.decisions !== before;
    };
    const obs = new MutationObserver(() => {
      if (done()) { obs.disconnect(); resolve(performance.now() - window.__mmT0); }
    });
    obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  });
}
"""
# Resolves once the page has not changed for ``ms`` (the widgets' updates of one step arrive
# as several messages: act on the whole step, never on half of it).
SETTLE = """
(ms) => new Promise((resolve) => {
  let timer = setTimeout(done, ms);
  const obs = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, ms); });
  function done() { obs.disconnect(); resolve(); }
  obs.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})
"""
STATE = """
() => {
  const q = (s) => document.querySelector(s);
  const over = q(".mm-gameover") && !q(".mm-gameover").classList.contains("mm-hidden");
  return {
    decisions: (q(".mm-header") || {dataset: {}}).dataset.decisions,
    over: !!over,
    choice: document.querySelectorAll(".mm-tablecards .mm-card.mm-choice").length,
    myTurn: !!q(".mm-you.mm-turn"),
    hand: document.querySelectorAll(".mm-hand .mm-card:not(.mm-empty)").length,
    selected: !!q(".mm-hand .mm-card.mm-selected"),
    banner: q(".mm-connection-status:not([hidden])") ? q(".mm-connection-status").textContent : null,
    prompt: (q(".mm-prompt") || {}).textContent || "",
  };
}
"""
READY = ".mm-hand .mm-card:not(.mm-empty)"


@dataclass
class SessionResult:
    index: int
    load_s: float | None = None
    html_s: float | None = None  # request sent -> the page's HTML complete (the server executed the notebook)
    clicks: list[tuple[str, float]] = field(default_factory=list)  # (kind, ms)
    finished: bool = False
    error: str | None = None
    page_errors: list[str] = field(default_factory=list)
    scores: list[int] | None = None


async def timed_click(page, locator, kind: str, before: str | None, timeout: float) -> float:  # noqa: ANN001
    await page.evaluate(ARM, [kind, before])
    await locator.click(timeout=timeout * 1000)
    return float(await asyncio.wait_for(page.evaluate("window.__mmDone"), timeout))


async def play_session(browser, server: ClassroomServer, index: int, *, players: int = 2, seed: int | None = None,  # noqa: ANN001
                       timeout: float = 120.0, check_save: bool = True, delay: float = 0.0) -> SessionResult:
    """Open the app (after ``delay`` s) and play one whole game by clicking; the page then vanishes."""
    import mainmerah as mm

    await asyncio.sleep(delay)
    res = SessionResult(index)
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    page.on("pageerror", lambda e: res.page_errors.append(str(e)))
    seed = index + 1 if seed is None else seed
    try:
        t0 = time.perf_counter()
        await page.goto(server.render_url(f"{APP}?seed={seed}&players={players}&pace=instant"),
                        timeout=timeout * 1000)
        await page.wait_for_selector(f"{READY}, .mm-connection-status:not([hidden])", timeout=timeout * 1000)
        res.load_s = time.perf_counter() - t0
        nav = await page.evaluate("() => { const n = performance.getEntriesByType('navigation')[0];"
                                  " return n ? n.responseEnd - n.requestStart : null; }")
        res.html_s = nav / 1000 if nav else None
        for _ in range(400):
            await page.evaluate(SETTLE, 80)
            st = await page.evaluate(STATE)
            if st["banner"]:
                raise RuntimeError(f"the page says the game stopped: {st['banner']}")
            if st["over"]:
                break
            if st["choice"]:
                target = page.locator(".mm-tablecards .mm-card.mm-choice").first
                res.clicks.append(("capture", await timed_click(page, target, "decide", st["decisions"], timeout)))
            elif st["myTurn"] and st["hand"]:
                card = page.locator(".mm-hand .mm-card:not(.mm-empty)").first
                if not st["selected"]:
                    res.clicks.append(("select", await timed_click(page, card, "select", None, timeout)))
                card = page.locator(".mm-hand .mm-card.mm-selected").first
                res.clicks.append(("play", await timed_click(page, card, "decide", st["decisions"], timeout)))
            else:
                await page.wait_for_function(
                    "(d) => { const h = document.querySelector('.mm-header'); return h && h.dataset.decisions !== d; }",
                    arg=st["decisions"], timeout=timeout * 1000)
        else:
            raise RuntimeError("no game over after 400 steps")
        shown = await page.eval_on_selector_all(
            ".mm-gameover .mm-seatscore", "els => els.map(e => [+e.dataset.seat, +e.dataset.score])")
        res.scores = [score for _seat, score in sorted(shown)]
        if check_save:
            # The finished game's save file, rebuilt by the engine, must be the game the page showed.
            await page.locator(".mm-save-button").click()
            box = page.locator(".mm-save textarea")
            await page.wait_for_function("() => (document.querySelector('.mm-save textarea') || {}).value",
                                         timeout=timeout * 1000)
            game = mm.Game.from_json(await box.input_value())
            if not game.is_over or list(game.scores) != res.scores:
                raise RuntimeError(f"save file says {game.scores} (over: {game.is_over}), page showed {res.scores}")
        res.finished = True
    except Exception as e:  # noqa: BLE001 - a lost session is a result to report, not a crash
        res.error = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
    finally:
        await context.close()  # no beforeunload: the kernel stays until the culler takes it
    return res


class CpuMeter:
    """CPU seconds used by the server with its kernels and by the test's own Chromium, per process,
    sampled while they live (a culled kernel's time is kept from its last sample)."""

    def __init__(self, server: ClassroomServer) -> None:
        self.server = server
        self.last: dict[tuple[str, int], float] = {}
        self.sample()
        self.start_total = dict(self.last)

    def sample(self) -> None:
        assert self.server.proc is not None
        groups = [("server", [psutil.Process(self.server.proc.pid), *self.server.children()]),
                  ("browser", psutil.Process().children(recursive=True))]
        for group, procs in groups:
            for p in procs:
                try:
                    if group == "browser" and "chrom" not in p.name():
                        continue  # playwright's driver, not the browser
                    t = p.cpu_times()
                except psutil.Error:
                    continue  # gone meanwhile
                self.last[(group, p.pid)] = t.user + t.system

    def used(self, group: str) -> float:
        return sum(v - self.start_total.get(k, 0.0) for k, v in self.last.items() if k[0] == group)

    @property
    def server_s(self) -> float:
        return self.used("server")

    @property
    def browser_s(self) -> float:
        return self.used("browser")


# ----- the whole class ---------------------------------------------------------------------

@dataclass
class LoadReport:
    sessions: list[SessionResult]
    baseline: Memory
    peak: Memory
    after: Memory | None
    cull_wait_s: float | None
    wall_s: float
    server_cpu_s: float = 0.0
    browser_cpu_s: float = 0.0

    @property
    def lost(self) -> list[SessionResult]:
        return [r for r in self.sessions if not r.finished]

    def click_ms(self, kind: str | None = None) -> list[float]:
        return [ms for r in self.sessions for k, ms in r.clicks if kind is None or k == kind]

    @property
    def loads(self) -> list[float]:
        return [r.load_s for r in self.sessions if r.load_s is not None]

    @property
    def htmls(self) -> list[float]:
        return [r.html_s for r in self.sessions if r.html_s is not None]

    def per_student_mb(self) -> tuple[float, float]:
        """(RSS, PSS) added per student at peak, over the idle server with its preheated pool."""
        n = len(self.sessions)
        return ((self.peak.total_rss - self.baseline.total_rss) / n / MB, (self.peak.pss - self.baseline.pss) / n / MB)

    def summary(self) -> str:
        clicks, loads = self.click_ms(), self.loads
        rss, pss = self.per_student_mb()
        lines = [
            f"sessions: {len(self.sessions)}, finished: {len(self.sessions) - len(self.lost)}, lost: {len(self.lost)}"
            f" (wall time {self.wall_s:.0f} s)",
            f"clicks: {len(clicks)}, click -> redrawn p50 {percentile(clicks, 50):.0f} ms,"
            f" p95 {percentile(clicks, 95):.0f} ms"
            + "".join(f"; {k} p50 {percentile(self.click_ms(k), 50):.0f}/p95 {percentile(self.click_ms(k), 95):.0f} ms"
                      for k in ("select", "play", "capture") if self.click_ms(k)),
            f"CPU time during the games: server + kernels {self.server_cpu_s:.0f} s, browser {self.browser_cpu_s:.0f} s"
            f" ({(self.server_cpu_s / len(self.sessions)):.1f} s of server CPU per student's game)",
            f"page load -> table interactive: p50 {percentile(loads, 50):.2f} s, p95 {percentile(loads, 95):.2f} s,"
            f" max {max(loads, default=float('nan')):.2f} s; of which the server's HTML (request -> complete):"
            f" p50 {percentile(self.htmls, 50):.2f} s, p95 {percentile(self.htmls, 95):.2f} s",
            f"memory idle (preheated pool): {self.baseline}",
            f"memory at peak:               {self.peak}",
            f"per student at peak: {rss:.0f} MB RSS, {pss:.0f} MB PSS over the idle server;"
            f" largest kernel {self.peak.largest_kernel / MB:.0f} MB RSS",
        ]
        if self.after is not None:
            lines.append(f"memory after pages closed + culling ({self.cull_wait_s:.0f} s): {self.after}")
        for r in self.lost:
            lines.append(f"lost session {r.index}: {r.error}")
        errors = sum(len(r.page_errors) for r in self.sessions)
        if errors:
            lines.append(f"page errors: {errors} (first: {next(e for r in self.sessions for e in r.page_errors)})")
        return "\n".join(lines)


def settled(server: ClassroomServer, pool: int) -> Memory:
    """The server's memory once its preheated pool has started and gone quiet (before any student)."""
    server.wait_kernels(pool, timeout=120 + 5 * pool)  # a pool of 30 takes a while to start on 2 cores
    server.wait_quiet(timeout=60 + 5 * pool)
    return server.memory()


async def run_class(server: ClassroomServer, sessions: int, *, players: int = 2, pool: int = 1,
                    cull_timeout: float = 120.0, timeout: float = 180.0, ramp: float = 0.0) -> LoadReport:
    """All sessions in one Chromium, at once or arriving evenly over ``ramp`` seconds; peak memory
    sampled meanwhile; then wait for the culler."""
    from playwright.async_api import async_playwright

    baseline = settled(server, pool)
    peak = baseline
    done = asyncio.Event()

    cpu = CpuMeter(server)

    async def sample() -> None:
        nonlocal peak
        while not done.is_set():
            m = await asyncio.to_thread(server.memory)
            if m.total_rss > peak.total_rss:
                peak = m
            await asyncio.to_thread(cpu.sample)
            await asyncio.sleep(0.5)

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=await asyncio.to_thread(chromium_args),
                                           headless=True)
        sampler = asyncio.create_task(sample())
        t0 = time.perf_counter()
        results = await asyncio.gather(*(play_session(browser, server, i, players=players, timeout=timeout,
                                                      delay=ramp * i / sessions) for i in range(sessions)))
        wall = time.perf_counter() - t0
        done.set()
        await sampler
        cpu.sample()
        await browser.close()
    # Every page went away without a goodbye; only the culler gives their kernels back.
    t1 = time.perf_counter()
    left = server.wait_kernels(pool, timeout=cull_timeout, at_most=True)
    cull_wait = time.perf_counter() - t1
    server.wait_quiet()  # the pool's refills finish their imports
    after = server.memory() if left <= pool else None
    return LoadReport(list(results), baseline, peak, after, cull_wait if after else None, wall,
                      cpu.server_s, cpu.browser_s)


def html_only(server: ClassroomServer, sessions: int, pool: int, timeout: float = 300.0) -> str:
    """The server's side alone: ``sessions`` page requests at once, no browser (each page's HTML, that is the
    kernel building the table, timed from request to the last byte); nothing else runs on the machine."""
    from concurrent.futures import ThreadPoolExecutor

    baseline = settled(server, pool)
    cpu = CpuMeter(server)

    def fetch(i: int) -> float:
        t0 = time.perf_counter()
        with urllib.request.urlopen(server.render_url(f"{APP}?seed={i + 1}&players=2"), timeout=timeout) as r:
            body = r.read()
        if b"mm-" not in body:
            raise RuntimeError(f"page {i} has no table in its HTML")
        return time.perf_counter() - t0

    t0 = time.perf_counter()
    with ThreadPoolExecutor(sessions) as ex:
        times = list(ex.map(fetch, range(sessions)))
    wall = time.perf_counter() - t0
    cpu.sample()
    peak = server.memory()
    return (f"HTML only, {sessions} requests at once: p50 {percentile(times, 50):.2f} s,"
            f" p95 {percentile(times, 95):.2f} s, max {max(times):.2f} s (wall {wall:.1f} s);"
            f" server + kernels CPU {cpu.server_s:.1f} s"
            f" ({cpu.server_s / sessions:.2f} s a page, with the refills started meanwhile)\n"
            f"memory idle: {baseline}\nmemory after: {peak}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3))
    ap.add_argument("--pool", type=int, default=None,
                    help="preheated kernels for play.ipynb (default: one per session, as `make serve-class"
                         " STUDENTS=N`; the classroom config alone: 4)")
    ap.add_argument("--cull", type=int, default=120,
                    help="cull_idle_timeout (s) for this run (config: 1800); keep it above the slowest page load:"
                         " a kernel handed to a page is idle until the page connects")
    ap.add_argument("--cull-interval", type=int, default=5)
    ap.add_argument("--rev", default="HEAD", help="commit to measure (a git archive of it); 'worktree': as is")
    ap.add_argument("--ramp", type=float, default=0.0, help="arrive evenly over this many seconds (0: at once)")
    ap.add_argument("--html-only", action="store_true",
                    help="no browser: only the pages' HTML, all requested at once (the server's side alone)")
    args = ap.parse_args()
    if args.pool is None:
        args.pool = args.sessions
    load_before = os.getloadavg()[0]
    results = ROOT / "benchmarks" / "results"  # git-ignored; the server log stays there
    results.mkdir(parents=True, exist_ok=True)
    workdir = Path(tempfile.mkdtemp(prefix="load-", dir=results))
    if args.rev == "worktree":
        src, what = ROOT, "the working tree"
    else:
        commit = subprocess.run(["git", "rev-parse", "--short", args.rev], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.strip()
        src, what = snapshot(commit, workdir / "src"), f"commit {commit}"
    # Every simulated student comes from 127.0.0.1: the per-address kernel limit is lifted for the measurement.
    server = ClassroomServer(workdir, pools={APP: args.pool}, cull=(args.cull, args.cull_interval), src=src,
                             extra=["--MainMerahVoila.kernels_per_address=0"])
    if args.html_only:
        try:
            print(f"measured: {what}; {os.cpu_count()} CPUs, nothing else running (load average {load_before:.1f})")
            print(html_only(server, args.sessions, args.pool))
        finally:
            server.stop()
        return
    try:
        report = asyncio.run(run_class(server, args.sessions, players=args.players, pool=args.pool, ramp=args.ramp,
                                       cull_timeout=args.cull * 3 + args.cull_interval * 3 + 60))
    finally:
        server.stop()
    print(f"measured: {what}; server log: {server.log}")
    arrival = f"arriving over {args.ramp:.0f} s" if args.ramp else "all at once"
    print(f"{args.sessions} students {arrival}, {args.players} players each, pool {args.pool},"
          f" cull after {args.cull} s idle"
          f" (checked every {args.cull_interval} s), {os.cpu_count()} CPUs shared by server and browser"
          f" (load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after)")
    print(report.summary())


if __name__ == "__main__":
    main()
