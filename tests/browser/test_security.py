"""What a student's page can reach on a classroom server (config/classroom, real Voila, real Chromium).

Voila's kernel websocket passes only widget (comm) messages: a raw execute_request sent
over the page's own kernel connection runs nothing. The Jupyter REST APIs (kernels,
contents, sessions, terminals) and the notebook files are not served; the server listens
on 127.0.0.1; a failing cell shows a note, never a traceback; and a widget value forged
in the browser cannot change the game.
"""

from __future__ import annotations

import html as htmllib
import json
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import psutil
import pytest
from conftest import ROOT, require_browser

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, READY, SETTLE, ClassroomServer  # noqa: E402

import mainmerah as mm  # noqa: E402
from mainmerah.server.status import error_instruction  # noqa: E402

pytestmark = pytest.mark.browser
WAIT = 60_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    require_browser()
    s = ClassroomServer(tmp_path_factory.mktemp("security"), pools={APP: 1})
    yield s
    s.stop()


def fetch(url: str, method: str = "GET") -> tuple[int, str]:
    req = urllib.request.Request(url, method=method, data=b"{}" if method == "POST" else None)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def code_lines(notebook: Path) -> list[str]:
    """Distinctive source lines of a notebook's code cells (what must never reach a student)."""
    cells = json.loads(notebook.read_text())["cells"]
    lines = [ln.strip() for c in cells if c["cell_type"] == "code" for ln in "".join(c["source"]).splitlines()]
    return [ln for ln in lines if len(ln) > 12]


def test_listens_on_loopback_only(server: ClassroomServer) -> None:
    assert server.proc is not None
    listening = [c.laddr for c in psutil.Process(server.proc.pid).net_connections("inet")
                 if c.status == psutil.CONN_LISTEN]
    assert listening, "the server listens nowhere?"
    assert {a.ip for a in listening} == {"127.0.0.1"}, listening


def lan_address() -> str | None:
    """This machine's first non-loopback IPv4 address, if it has one."""
    for addrs in psutil.net_if_addrs().values():
        for a in addrs:
            if a.family == socket.AF_INET and not a.address.startswith("127."):
                return a.address
    return None


def test_another_address_when_the_teacher_asks(tmp_path: Path, page) -> None:  # noqa: ANN001
    """`make serve-class HOST=<address>` listens there, and the app works from that address."""
    host = lan_address()
    if host is None:
        pytest.skip("no non-loopback IPv4 address on this machine")
    dry = subprocess.run(["make", "-n", "serve-class", f"HOST={host}", "PORT=9999"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert f"--Voila.ip={host}" in dry and f"VOILA_APP_IP={host}" in dry and "--port=9999" in dry
    s = ClassroomServer(tmp_path, pools={APP: 1}, host=host)
    try:
        assert s.proc is not None
        listening = {c.laddr.ip for c in psutil.Process(s.proc.pid).net_connections("inet")
                     if c.status == psutil.CONN_LISTEN}
        assert listening == {host}
        page.goto(s.render_url(f"{APP}?seed=3"), timeout=WAIT)  # a preheated kernel found its request
        page.wait_for_selector(READY, timeout=WAIT)
        assert "seed 3" in page.text_content(".mm-header")
    finally:
        s.stop()


def test_apis_and_notebook_files_are_not_served(server: ClassroomServer) -> None:
    status, page = fetch(server.render_url(APP))
    assert status == 200  # the app itself is served...
    secrets = code_lines(ROOT / "notebooks" / APP)
    assert secrets and not [s for s in secrets if s in page], "cell sources reached the page"
    kernel = next(iter(server.kernel_pids()))  # a real kernel id: even knowing one opens nothing
    refused = [
        ("GET", "/api/kernels"), ("POST", "/api/kernels"), ("GET", "/api/kernelspecs"),
        ("GET", "/api/sessions"), ("POST", "/api/sessions"),
        ("GET", "/api/contents"), ("GET", f"/api/contents/{APP}"), ("GET", "/api/contents/../pyproject.toml"),
        ("GET", "/api/terminals"), ("POST", "/api/terminals"), ("GET", "/terminals/websocket/1"),
        ("POST", f"/api/kernels/{kernel}/restart"), ("POST", f"/api/kernels/{kernel}/interrupt"),
        ("GET", f"/files/{APP}"), ("GET", f"/voila/files/{APP}"), ("GET", f"/{APP}"),
        ("GET", f"/notebooks/{APP}"), ("GET", f"/nbconvert/html/{APP}"), ("GET", f"/voila/static/../{APP}"),
        ("GET", "/voila/files/../pyproject.toml"), ("GET", "/lab"), ("GET", "/tree"),
    ]
    for method, path in refused:
        status, body = fetch(server.url + path, method)
        assert status in (403, 404, 405), f"{method} {path} answered {status}"
        assert '"cell_type"' not in body and not [s for s in secrets if s in body], f"{method} {path} leaked source"
    # The tree page's contents API lists notebooks but never sends their content.
    status, body = fetch(f"{server.url}/voila/api/contents/{APP}")
    assert status == 200 and json.loads(body)["content"] is None
    assert not [s for s in secrets if s in body]


EXECUTE = """
async (path) => {
  const kernel = window.jupyterapp.widgetManager.kernel;
  const info = await kernel.requestKernelInfo();  // an allowed message: the connection itself works
  const code = "open(" + JSON.stringify(path) + ", 'w').write('ran')";
  const future = kernel.requestExecute({code: code, silent: false, store_history: false}, true);
  let replied = false;
  future.done.then(() => { replied = true; }, () => { replied = true; });
  const inspect = kernel.requestInspect({code: code, cursor_pos: 3, detail_level: 0});
  let inspected = false;
  inspect.then(() => { inspected = true; }, () => {});
  await new Promise((r) => setTimeout(r, 3000));
  return {info: info.content.status, replied, inspected, status: kernel.status, connection: kernel.connectionStatus};
}
"""


def test_raw_execute_request_from_the_page_is_refused(server: ClassroomServer, page, tmp_path: Path) -> None:  # noqa: ANN001
    target = tmp_path / "executed.txt"
    page.goto(server.render_url(APP), timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    got = page.evaluate(EXECUTE, str(target))
    assert got["info"] == "ok", got  # kernel_info went through the same connection
    assert not target.exists(), "a raw execute_request ran code in the student's kernel"
    assert not got["replied"] and not got["inspected"], got
    log = server.log_text()
    assert 'Received message of type "execute_request", which is not allowed' in log
    assert 'Received message of type "inspect_request", which is not allowed' in log
    assert got["connection"] == "connected" and got["status"] == "idle", got  # and the page still works


BOOM = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "boom", "metadata": {}, "outputs": [],
               "source": ["import os\n", "raise RuntimeError('mm-secret ' + os.getcwd())\n"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


def test_a_failing_cell_shows_a_note_not_a_traceback(tmp_path: Path) -> None:
    require_browser()
    root = tmp_path / "notebooks"
    root.mkdir()
    (root / "boom.ipynb").write_text(json.dumps(BOOM))
    s = ClassroomServer(tmp_path, root=root, pools={})
    try:
        status, html = fetch(s.render_url("boom.ipynb"))
    finally:
        s.stop()
    assert status == 200
    assert error_instruction() in htmllib.unescape(html), html[-3000:]  # Voila's error note, in our words
    for leak in ("mm-secret", "Traceback", "RuntimeError", str(root), "os.getcwd"):
        assert leak not in html, f"the page shows {leak!r}"


FORGE = """
async ([cls, patch, click]) => {
  // What a tampered page can do: change synced values and send clicks through its own widget
  // manager, past anything the page would allow (disabled buttons, options that do not exist).
  const models = await Promise.all(Object.values(window.jupyterapp.widgetManager._models));
  const found = models.filter((m) => (m.get("_dom_classes") || []).includes(cls));
  for (const m of found) {
    if (patch) { m.set(patch); m.save_changes(); }
    if (click) { m.send(click === true ? {event: "click"} : click, {}); }
  }
  return found.length;
}
"""


def cards(page, selector: str) -> list[mm.Card]:  # noqa: ANN001
    return [mm.Card.parse(t) for t in page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")]


def saved_game(page) -> mm.Game:  # noqa: ANN001
    page.fill(".mm-save textarea", "", force=True)  # empty (and synced), so the new text is seen arriving
    page.click(".mm-save-button")
    page.wait_for_function("() => document.querySelector('.mm-save textarea').value.length > 10", timeout=WAIT)
    return mm.Game.from_json(page.input_value(".mm-save textarea"))


def test_forged_widget_values_cannot_change_the_game(server: ClassroomServer, page) -> None:  # noqa: ANN001
    page.goto(server.render_url(f"{APP}?seed=11&players=2&variant=classic&pace=manual"), timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    hand, table = cards(page, ".mm-hand .mm-card:not(.mm-empty)"), cards(page, ".mm-tablecards .mm-card:not(.mm-empty)")
    outsider = table[0]  # a real card, but on the table, not in the hand
    # The board is one model (mm-view): the page can send it any message and set any of its values.
    forgeries = [
        ("mm-view", None, {"k": "button", "name": "undo"}),  # a disabled button clicked
        ("mm-view", None, {"k": "button", "name": "play"}),  # "play" with nothing selected
        ("mm-view", None, {"k": "enter", "text": str(outsider)}),  # a card that is not in the hand
        ("mm-view", None, {"k": "enter", "text": "Z?"}),  # no card at all
        ("mm-view", None, {"k": "hand", "slot": 42}),  # a slot that holds no card
        ("mm-view", None, {"k": "level", "seat": 0, "value": "expert"}),  # the human's seat made a bot
        ("mm-view", {"hand": [["mm-card", str(outsider), "forged"]]}, {"k": "hand", "slot": 0}),  # relabelled
        ("mm-players", {"index": 7}, False),  # an option that does not exist
    ]
    for cls, patch, click in forgeries:
        assert page.evaluate(FORGE, [cls, patch, click]) >= 1, cls
        page.evaluate(SETTLE, 300)
    assert server.proc is not None and server.proc.poll() is None
    # The relabelled slot 0 was clicked: the kernel selected the card it holds there, not the forged one.
    page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=WAIT)
    assert cards(page, ".mm-hand .mm-card.mm-selected") == [hand[0]]
    page.click(".mm-cancel")
    page.wait_for_function("() => !document.querySelector('.mm-hand .mm-selected')", timeout=WAIT)
    game = saved_game(page)
    assert game.choices == [] and game.setup == mm.Game.new(2, "classic", seed=11).setup, "a forged value moved"
    assert cards(page, ".mm-hand .mm-card:not(.mm-empty)") == hand
    assert cards(page, ".mm-tablecards .mm-card:not(.mm-empty)") == table
    assert page.query_selector(".mm-connection-status:not([hidden])") is None
    # The game still plays by clicking: select, then click again to play.
    first = page.locator(".mm-hand .mm-card:not(.mm-empty)").first
    played = mm.Card.parse(first.text_content())
    first.click()
    page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=WAIT)
    page.locator(".mm-hand .mm-card.mm-selected").click()
    page.wait_for_function("() => document.querySelector('.mm-header').dataset.decisions !== '0'", timeout=WAIT)
    game = saved_game(page)
    assert game.choices and game.choices[0].card == played and game.choices[0].seat == 0
