"""Wait, in a preheated Voila kernel, for the page that takes it, without importing Voila.

A preheated kernel runs its notebook before anyone asks, so it learns its page's URL
(``QUERY_STRING``...) only when a page takes it. Voila's ``voila.utils.wait_for_request``
does this, but importing anything from the ``voila`` package loads Voila's server side
(jupyter_server, jupyterlab_server, ...) into the kernel: about 50 MB and 1.5 s of CPU for
every kernel, that is for every student. This reads the same environment variables and
the same websocket with tornado, which every kernel has loaded already.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import warnings


def query_url() -> str:
    """The websocket on which Voila sends a preheated kernel its request (as Voila builds it)."""
    env = os.environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    ip = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{ip}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


async def _receive(url: str) -> str | None:
    """The request text, read on one socket kept open until it comes (a server gone raises).

    The socket is never closed from this side while waiting: a request the server sends while this side is
    closing a socket is lost (it went to a socket already gone), and the page then never draws. The server
    keeps one live socket per kernel and holds a request that finds none (mainmerah.server.query); if it
    closes this socket (refused, restarting), a new one is opened shortly.
    """
    from tornado.websocket import websocket_connect

    while True:
        conn = await websocket_connect(url, connect_timeout=5)
        try:
            message = await conn.read_message()
        finally:
            conn.close()
        if message is None:  # the server closed this socket (refused or restarting): try again shortly
            warnings.warn(f"request-info socket closed by the server: {conn.close_reason}", RuntimeWarning,
                          stacklevel=1)
            await asyncio.sleep(1.0)
            continue
        return message if isinstance(message, str) else None


def wait_for_request() -> bool:
    """Block until a page takes this preheated kernel; its request info is then in ``os.environ``.

    Returns False at once outside a preheated kernel (JupyterLab, plain Voila), and False
    with a warning when the server cannot be reached: the notebook then runs with defaults.
    """
    if os.environ.get("VOILA_PREHEAT") != "True":
        return False
    got: dict[str, object] = {}

    def run() -> None:
        try:
            got["info"] = asyncio.run(_receive(query_url()))
        except Exception as e:  # noqa: BLE001 - reported below; the page falls back to defaults
            got["error"] = e

    # A thread with its own event loop: the kernel's loop is busy running this very cell.
    thread = threading.Thread(target=run, name="voila-request", daemon=True)
    thread.start()
    thread.join()
    info = got.get("info")
    if not isinstance(info, str):
        warnings.warn(f"no request info from {query_url()}: {got.get('error')!r}", RuntimeWarning, stacklevel=2)
        return False
    for key, value in json.loads(info).items():
        os.environ[key] = str(value)
    return True
