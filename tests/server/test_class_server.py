"""Issue 28: a class server no student can break. Each test starts a real classroom server (as
``make serve-class`` does), attacks it the way a student could, over real HTTP and websockets, and stops it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import re
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from paths import ROOT
from tornado.websocket import websocket_connect

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, ClassroomServer  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    work = tmp_path_factory.mktemp("class-server")
    with pytest.MonkeyPatch.context() as env:  # a class folder, as `make serve-class` gives it
        env.setenv("MAINMERAH_CLASS", str(work / "class"))
        s = ClassroomServer(work, pools={APP: 1})
    try:
        assert s.wait_pool(APP), s.log_text()[-3000:]
        yield s
    finally:
        s.stop()


def query_url(server: ClassroomServer, kernel_id: str) -> str:
    return server.url.replace("http://", "ws://") + f"/voila/query/{kernel_id}"


async def replace_and_close(server: ClassroomServer, rounds: int) -> None:
    """The attack of finding 1: two sockets with one made-up id, the second closed first, then the first."""
    for _ in range(rounds):
        made_up = str(uuid.uuid4())
        first = await websocket_connect(query_url(server, made_up))
        try:
            second = await websocket_connect(query_url(server, made_up))
            second.close()
            await asyncio.sleep(0.2)
        finally:
            first.close()
        await asyncio.sleep(0.2)


def test_sockets_with_made_up_ids_cannot_strand_a_waiting_kernel(server: ClassroomServer) -> None:
    """Finding 1: after ten rounds of the attack the preheated table still learns its page and answers."""
    # Its own thread: in a worker that also ran the browser tests, playwright's loop is running here.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, replace_and_close(server, 10)).result()
    with urllib.request.urlopen(server.render_url(f"{APP}?seed=7"), timeout=100) as r:
        html = r.read().decode()
    assert r.status == 200
    assert "mm-board" in html or "mainmerah" in html.lower()
    assert "request-info socket refused" in server.log_text()  # each refused socket is logged


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=100) as r:
            return r.status, r.read().decode(errors="replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")


def teacher_key(server: ClassroomServer) -> str:
    found = re.search(r"teacher\?key=([\w-]+)", server.log_text())
    assert found, server.log_text()[-2000:]
    return found.group(1)


@pytest.mark.parametrize("path", ["/logout", "/voila/templates/x/static/../y", "/voila/templates/x/static/%2e%2e/y",
                                  "/voila/templates/lab/static/../../../../etc/passwd"])
def test_crafted_paths_answer_not_found_not_a_server_error(server: ClassroomServer, path: str) -> None:
    """Finding 6: Jupyter's log-out page and Voila's template files answered 500 for these."""
    status, body = fetch(server.url + path)
    assert status == 404, (status, body[:300])
    assert "root:" not in body


def test_a_crafted_cleared_count_is_ignored_and_the_log_never_holds_the_key(server: ClassroomServer) -> None:
    """Finding 6: ``cleared=²`` answered 500, and a 500 wrote the teacher's key into the server's log."""
    key = teacher_key(server)
    announced = server.log_text().count(key)
    for cleared in ("%C2%B2", "9" * 5000, "-1", "3"):
        status, body = fetch(f"{server.url}/teacher?key={key}&cleared={cleared}")
        assert status == 200, (cleared[:10], status)
    assert "3" in body
    fetch(f"{server.url}/voila/templates/x/static/../y?key={key}")  # a refused request with the key in it
    fetch(f"{server.url}/teacher.csv?key={key}&x=%ff")
    assert server.log_text().count(key) == announced  # only the teacher's link, printed once at the start
    assert "key=[hidden]" in server.log_text()  # the refused request is logged, its key hidden


def test_plain_page_requests_add_no_rows_to_the_teachers_table(server: ClassroomServer) -> None:
    """Finding 2c: a GET with no browser behind it (curl) wrote a "no name" row each time."""
    students = server.workdir / "class" / "students"
    before = len(list(students.glob("*.json"))) if students.is_dir() else 0
    for _ in range(2):
        status, html = fetch(server.render_url("tutorial.ipynb"))
        assert status == 200 and "voila_finish" in html  # the page was drawn (every cell ran)
    after = len(list(students.glob("*.json"))) if students.is_dir() else 0
    assert after == before


def test_one_address_cannot_hold_more_kernels_than_its_limit(tmp_path: Path) -> None:
    """Finding 4: twenty plain GETs held twenty kernels. With ``kernels_per_address=2`` a third page from the
    same address is refused in words (429) while two are held; the other pages were drawn."""
    s = ClassroomServer(tmp_path, pools={APP: 1}, extra=["--MainMerahVoila.kernels_per_address=2"])
    try:
        answers = [fetch(s.render_url(f"{APP}?seed={n}"))[0] for n in range(2)]
        status, body = fetch(s.render_url(f"{APP}?seed=9"))
        assert answers == [200, 200] and status == 429, (answers, status)
        assert "Too many games are open from this computer" in body
        assert "kernels_per_address=2" in s.log_text()
    finally:
        s.stop()
