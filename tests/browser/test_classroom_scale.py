"""A small class at once: the load test of benchmarks/load_test.py with four students.

Four Chromium pages (one browser) open the app on one classroom server and each plays a
whole game by clicking; every game must finish, and the saved game of each must be the
game its page showed. The pages then vanish without a goodbye (as a sleeping phone's
would): the culler, set short here, must give their kernels and the memory back. The
speed figures are printed, never asserted (benchmarks/load_test.py reports them for 20).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from conftest import ARTIFACTS, ROOT, require_browser

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, MB, ClassroomServer, run_class  # noqa: E402

pytestmark = pytest.mark.browser
SESSIONS, POOL = 4, 2
# Culled after 40 s idle, checked every 2 s (the config says 30 min). Above the slowest page load on a
# busy test machine: a kernel handed to a page is idle until the page connects.
CULL = (40, 2)


def test_four_students_play_whole_games_and_culling_gives_memory_back(tmp_path: Path) -> None:
    require_browser()
    server = ClassroomServer(tmp_path, pools={APP: POOL}, cull=CULL)
    try:
        report = asyncio.run(run_class(server, SESSIONS, pool=POOL, cull_timeout=90))
    finally:
        server.stop()
    summary = report.summary()
    print(summary)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "classroom_scale.txt").write_text(summary + "\n")

    assert not report.lost, summary
    for r in report.sessions:
        assert r.load_s is not None and r.scores is not None and sum(r.scores) <= 210, r
        assert any(k == "play" for k, _ms in r.clicks), f"session {r.index} never played a card by clicking"
    # Each student had a kernel of their own at the peak...
    assert report.peak.kernels >= SESSIONS, summary
    # ...and once the pages were gone the culler took every one of them back (the pool stays).
    assert report.after is not None, f"kernels still running after the culler's time:\n{summary}"
    assert report.after.kernels == report.baseline.kernels == POOL, summary
    assert report.after.kernels_rss <= report.baseline.kernels_rss * 1.25 + 20 * MB, summary
    assert report.after.total_rss < report.peak.total_rss, summary
