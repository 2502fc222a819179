"""Issue 28: a class server no student can break. Each test starts a real classroom server (as
``make serve-class`` does), attacks it the way a student could, over real HTTP and websockets, and stops it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, ClassroomServer  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    s = ClassroomServer(tmp_path_factory.mktemp("class-server"), pools={APP: 1})
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
