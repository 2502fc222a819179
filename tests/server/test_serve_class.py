"""`make serve-class STUDENTS=N`: the server's pools grow to N preheated kernels for the pages a class
opens at once, from the classroom config (nothing is started here: the settings only)."""

from __future__ import annotations

import json
from pathlib import Path

from paths import ROOT

from mainmerah.server.voila import CLASS_PAGES, MainMerahVoila


def pools(*extra: str) -> dict:
    app = MainMerahVoila()
    app.initialize([str(ROOT / "notebooks"), f"--Voila.config_file_paths={ROOT / 'config' / 'classroom'}", *extra])
    return dict(app.config.VoilaKernelManager.kernel_pools_config)


def test_students_sets_a_pool_per_student_on_the_class_pages() -> None:
    plain = pools()
    assert {nb: plain[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 4, "play.ipynb": 4}
    big = pools("--MainMerahVoila.students=30")
    assert {nb: big[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 30, "play.ipynb": 30}
    assert big["default"] == plain["default"]  # other notebooks keep starting a kernel on demand
    small = pools("--MainMerahVoila.students=2")  # fewer students than the config's pool: the pool stays
    assert {nb: small[nb]["pool_size"] for nb in CLASS_PAGES} == {"tutorial.ipynb": 4, "play.ipynb": 4}


def test_every_server_waits_for_a_busy_kernels_last_output() -> None:
    """Voila stops waiting for a cell's outputs ``iopub_timeout`` s after the cell finished (4 by default) and
    drops what comes later: on a loaded machine that was the widget itself, and the page never showed. `make app`,
    `make serve-class` and Binder's server each wait a minute; read as the app reads its config."""
    for where in (ROOT, ROOT / "config" / "classroom"):
        app = MainMerahVoila()
        app.initialize([str(ROOT / "notebooks"), f"--Voila.config_file_paths={where}"])
        assert app.config.VoilaExecutor.iopub_timeout >= 30, where
    server = json.loads((ROOT / "config" / "classroom" / "jupyter_server_config.json").read_text())
    assert server["VoilaExecutor"]["iopub_timeout"] >= 30


def test_after_a_burst_of_arrivals_the_pool_refills_one_kernel_at_a_time(tmp_path: Path) -> None:
    """A real classroom server with three preheated tables: three pages take them at once. Voila alone
    would start three kernels a second later; with refill_stagger the next two wait their turn."""
    import sys
    import urllib.request
    from concurrent.futures import ThreadPoolExecutor

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from load_test import APP, ClassroomServer

    server = ClassroomServer(tmp_path, pools={APP: 3}, extra=["--MainMerahVoila.refill_stagger=600"])
    try:
        assert server.wait_kernels(3) == 3 and server.wait_pool(APP)
        server.wait_quiet()

        def take(i: int) -> int:
            with urllib.request.urlopen(server.render_url(f"{APP}?seed={i}"), timeout=120) as r:
                return int(r.status)

        with ThreadPoolExecutor(3) as pool:
            assert list(pool.map(take, range(3))) == [200, 200, 200]
        assert server.wait_kernels(4) >= 4  # the first refill comes fill_delay (1 s) after use
        server.wait_quiet()
        assert len(server.kernel_pids()) == 4, server.log_text()[-3000:]  # the other two wait 600 and 1200 s
        assert server.log_text().count("Using pre-heated kernel") == 3
    finally:
        server.stop()
