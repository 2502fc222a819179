"""The table opened directly in JupyterLab (not Voila): run the notebook, then play by clicking.

The board is a custom widget model (an anywidget); this checks that a plain JupyterLab
from the same environment draws it and passes clicks both ways.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import processes
import pytest
from conftest import ARTIFACTS, ROOT, require_browser, screenshot

import mainmerah as mm

pytestmark = pytest.mark.browser
WAIT = 90_000


@pytest.fixture(scope="module")
def lab() -> Iterator[str]:
    require_browser()
    work = Path(tempfile.mkdtemp(prefix="mm-lab-"))
    shutil.copy(ROOT / "notebooks" / "play.ipynb", work / "play.ipynb")
    port = processes.free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / f"jupyterlab-{port}.log", "w")  # noqa: SIM115 (closed below)
    proc = processes.spawn(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
         "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={work}",
         "--IdentityProvider.token=",
         "--ServerApp.password=",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        stdout=log, stderr=subprocess.STDOUT, cwd=work)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyterlab exited early: {log.name}")
            try:
                urllib.request.urlopen(url + "/api/status", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"jupyterlab did not answer: {log.name}") from None
                time.sleep(0.3)
        yield url
    finally:
        processes.stop(proc, grace=15)
        log.close()
        shutil.rmtree(work, ignore_errors=True)


def test_the_table_plays_in_jupyterlab(lab: str, page) -> None:  # noqa: ANN001
    page.goto(f"{lab}/lab/tree/play.ipynb?reset", timeout=WAIT)
    cell = page.locator(".jp-Notebook .jp-CodeCell").first  # its source is collapsed, as in the app
    cell.wait_for(timeout=WAIT)
    # The kernel must be up before the cell runs (the status bar says so).
    page.wait_for_function("() => document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar')"
                           " && document.querySelector('#jp-main-statusbar').textContent.includes('Idle')",
                           timeout=WAIT)
    cell.click()
    page.keyboard.press("Shift+Enter")
    page.wait_for_selector(".mm-hand .mm-card:not(.mm-empty)", timeout=WAIT)
    hand = [mm.Card.parse(t) for t in
            page.eval_on_selector_all(".mm-hand .mm-card:not(.mm-empty)", "els => els.map(e => e.textContent)")]
    assert len(hand) == 10
    page.locator(".mm-hand .mm-card:not(.mm-empty)").first.click()
    page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=WAIT)
    assert str(hand[0]) in page.text_content(".mm-play")
    page.click(".mm-play")
    page.wait_for_function("() => document.querySelector('.mm-header').dataset.decisions !== '0'", timeout=WAIT)
    assert str(hand[0]) in page.text_content(".mm-log")  # the story panel narrated the play
    screenshot(page, "jupyterlab-table")
    assert page.errors == []
