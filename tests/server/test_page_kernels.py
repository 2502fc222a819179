"""Issue 28, findings 4, 1 and 8: a page's kernel is freed once its page never came or has gone, a kernel that never
learns its page gives up, and one page's oversized messages are refused. Each test starts a real classroom server
(with the delays shortened to seconds where it waits for them), talks to its kernels over their real websockets as
a page does, and stops it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
import threading
import time
import uuid
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT
from test_class_server import fetch
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, ClassroomServer  # noqa: E402

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


class Loop:
    """An event loop of its own thread for the websockets, so a connection kept open answers pings meanwhile
    (and a worker's running playwright loop is left alone)."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 120) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def loop() -> Iterator[Loop]:
    running = Loop()
    try:
        yield running
    finally:
        running.stop()


def page_kernel(server: ClassroomServer, query: str = "") -> str:
    """A plain GET of the table, as curl does: the id of the kernel it was given."""
    status, html = fetch(server.render_url(APP + query))
    found = KERNEL_ID.search(html)
    assert status == 200 and found, (status, html[-1000:])
    return found.group(1)


def message(msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
    """A kernel message as a page sends it on the shell channel (Jupyter's JSON websocket protocol)."""
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "student", "session": uuid.uuid4().hex,
              "date": "2026-12-03T00:00:00Z", "version": "5.3"}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
            "buffers": []}


async def connect(server: ClassroomServer, kernel_id: str) -> WebSocketClientConnection:
    url = server.url.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels?session_id={uuid.uuid4()}"
    return await websocket_connect(url)


async def answers(ws: WebSocketClientConnection) -> bool:
    """Whether the kernel behind ``ws`` answers a kernel_info_request (the connection and the kernel work)."""
    request = message("kernel_info_request", {})
    await ws.write_message(json.dumps(request))
    while (reply := await ws.read_message()) is not None:
        if json.loads(reply).get("parent_header", {}).get("msg_id") == request["header"]["msg_id"]:
            return True
    return False


async def connect_and_leave(server: ClassroomServer, kernel_id: str) -> None:
    ws = await connect(server, kernel_id)
    assert await answers(ws)
    ws.close()


async def leave(*sockets: WebSocketClientConnection) -> None:
    """Close ``sockets`` on their loop's thread: a websocket written to from two threads at once breaks (a close from
    the test's thread raced the loop's answer to a frame the server sent, in a CI run: tornado's BufferError)."""
    for ws in sockets:
        ws.close()


def wait_for(condition: Any, timeout: float, what: str, server: ClassroomServer) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"{what}; log: {server.log_text()[-3000:]}"
        time.sleep(0.5)


LIMIT = 5  # seconds, in place of the classroom's minutes


def test_kernels_whose_page_never_connected_or_left_are_shut_down_and_the_others_kept(
        tmp_path: Path, loop: Loop) -> None:
    """Finding 4: a plain GET's kernel (no browser ever connects) and a page killed without closing kept their
    kernels for the 30-minute cull. Now each is shut down and logged a few seconds (here) after; a page still
    connected, its reload, and the preheated kernel waiting in the pool are kept all the while."""
    s = ClassroomServer(tmp_path, pools={APP: 1}, extra=[f"--MainMerahVoila.never_connected={LIMIT}",
                                                          f"--MainMerahVoila.disconnected={LIMIT}"])
    try:
        assert s.wait_pool(APP), s.log_text()[-3000:]
        never = page_kernel(s, "?seed=1")  # curl: nobody connects
        left = page_kernel(s, "?seed=2")
        loop.run(connect_and_leave(s, left))  # a tab killed: its connection gone
        kept = page_kernel(s, "?seed=3")
        stays = loop.run(connect(s, kept))  # a student at the table
        reload = page_kernel(s, "?seed=2")  # the killed tab's student reloads
        again = loop.run(connect(s, reload))
        wait_for(lambda: not {never, left} & set(s.kernel_pids()), 90, "the two kernels left were kept", s)
        log = s.log_text()
        assert f"kernel {never[:8]}… shut down: its page never connected" in log
        assert f"kernel {left[:8]}… shut down: its page's connection has been gone" in log
        wait_for(lambda: set(s.kernel_pids()) - {kept, reload}, 90, "the pool was not refilled", s)
        waiting = set(s.kernel_pids()) - {kept, reload}
        time.sleep(3 * LIMIT)  # longer than either delay: the pool's kernel and the connected pages stay
        assert {kept, reload} | waiting <= set(s.kernel_pids())
        assert loop.run(answers(stays)) and loop.run(answers(again))
        assert not [k for k in (kept, reload, *waiting) if f"kernel {k[:8]}… shut down" in s.log_text()]
        loop.run(leave(stays, again))
    finally:
        s.stop()


def test_a_kernel_that_never_learns_its_page_gives_up_and_a_reload_gets_a_fresh_one(tmp_path: Path) -> None:
    """Finding 1: a preheated kernel that never learns its page (here: frozen, as a hung kernel is) left the page
    at "Running…" for ever. Now the server gives up on it once it has said nothing for a while after a page took
    it (here seconds), logs it and shuts it down; the page's request ends, and a reload gets the pool's next kernel."""
    s = ClassroomServer(tmp_path, pools={APP: 1}, extra=[f"--MainMerahVoila.never_started={LIMIT}"])
    frozen = 0
    try:
        assert s.wait_pool(APP), s.log_text()[-3000:]
        s.wait_quiet()  # the pool's kernel is waiting for its page
        (kernel, frozen), = s.kernel_pids().items()
        os.kill(frozen, signal.SIGSTOP)
        status, html = fetch(s.render_url(APP + "?seed=4"))  # before: no answer, ever
        assert "Reload the page" in html, html[-2000:]  # the page's cell failed: its one-line note
        assert f"kernel {kernel[:8]}… shut down: it never learned its page" in s.log_text()
        assert kernel not in s.kernel_pids()
        wait_for(lambda: len(s.kernel_pids()) >= 1, 90, "the pool was not refilled", s)
        status, html = fetch(s.render_url(APP + "?seed=4"))
        assert status == 200 and "voila_finish" in html and KERNEL_ID.search(html)
    finally:
        if frozen:
            try:
                os.kill(frozen, signal.SIGCONT)
            except ProcessLookupError:
                pass
        s.stop()


MiB = 1024 * 1024


def test_a_message_over_the_limit_closes_its_socket_and_other_pages_keep_working(
        tmp_path: Path, loop: Loop) -> None:
    """Finding 8: a flood of 9 MB messages to one kernel slowed every student's clicks (Tornado reads up to 10 MiB).
    With the classroom's settings a message over 4 MiB closes its connection unread (Tornado closes it with 1009,
    message too big); a kept record at its limit (1,000,000 characters of 3 bytes each) still passes, another
    student's page is unaffected, and the page's kernel lives on for its reconnection."""
    from mainmerah.table.keeper import MAX_TEXT

    s = ClassroomServer(tmp_path, pools={APP: 1})
    try:
        flooder, student = page_kernel(s, "?seed=5"), page_kernel(s, "?seed=6")

        async def drain(ws: WebSocketClientConnection) -> None:
            while await ws.read_message() is not None:
                pass

        async def flood() -> tuple[bool, bool, bool, bool]:
            ws, other = await connect(s, flooder), await connect(s, student)
            record = {"k": "kept", "records": {"mainmerah:table:main-merah": "♥" * MAX_TEXT}}
            await ws.write_message(json.dumps(message("comm_msg", {"comm_id": "x", "data": record}),
                                              ensure_ascii=False))
            at_limit_passes = await answers(ws)
            try:  # the server may close the connection before the whole message is sent
                await ws.write_message(json.dumps(message("comm_msg", {"comm_id": "x", "data": "x" * (4 * MiB)})))
            except WebSocketClosedError:
                pass
            try:
                await asyncio.wait_for(drain(ws), 30)  # before: the connection stayed open, taking 10 MiB each
                closed = True
            except TimeoutError:
                closed = False
            others_work = await answers(other)
            other.close()
            back = await connect(s, flooder)  # the flooder's kernel lives on: its page reconnects
            reconnects = await answers(back)
            back.close()
            return at_limit_passes, closed, others_work, reconnects

        assert loop.run(flood()) == (True, True, True, True)  # at the limit passes, over it closed, others work
    finally:
        s.stop()
