"""The table server: shared tables where classmates (and computers) play one game, each seeing only their own seat.

``store`` (the tables and their save files), ``seats`` (seats, codes, tokens), ``protocol`` (the messages and
their limits), ``handlers`` (the tornado routes), ``__main__`` (the standalone command). The public client is
:mod:`mainmerah.tables`.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mainmerah.server.tables.handlers import PREFIX, TAKEOVER, Hub, routes
from mainmerah.server.tables.protocol import Limits
from mainmerah.server.tables.store import Store

TABLES = "tables"  # the class folder's sub-folder
TAKEOVER_SETTING = "MAINMERAH_TAKEOVER"


def takeover_setting() -> float:
    """Seconds a person's seat may stay without a connection before the computer plays it: the setting
    ``MAINMERAH_TAKEOVER`` (a number of seconds), else 60."""
    text = os.environ.get(TAKEOVER_SETTING, "").strip()
    try:
        seconds = float(text) if text else TAKEOVER
    except ValueError:
        raise ValueError(f"{TAKEOVER_SETTING}={text!r}: a number of seconds") from None
    if not 0 <= seconds < 10**6:
        raise ValueError(f"{TAKEOVER_SETTING}={text!r}: a number of seconds")
    return seconds


def make_hub(class_dir: Path | None, watch_key: str = "", tables_per_address: int = 20,
             rate: float | None = None, takeover: float | None = None,
             kernels: Callable[[str], bool] | None = None) -> Hub:
    """The tables of one server: kept in ``class_dir/tables`` (None: in memory), watched with ``watch_key``
    (the teacher's key; "" makes one); an away person's seat played by the computer after ``takeover`` seconds
    (None: the setting, :func:`takeover_setting`); ``kernels``: see :class:`Hub`."""
    store = Store(None if class_dir is None else Path(class_dir) / TABLES, tables_per_address=tables_per_address)
    limits = Limits() if rate is None else Limits(rate, rate * 3)
    return Hub(store, watch_key or secrets.token_urlsafe(24), limits,
               takeover_setting() if takeover is None else takeover, kernels)


@dataclass
class Local:
    """A table server running in a thread of this process (:func:`serve`)."""

    url: str
    key: str  # the watcher's key
    hub: Hub
    _loop: asyncio.AbstractEventLoop
    _thread: threading.Thread

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)


def serve(port: int = 0, host: str = "127.0.0.1", class_dir: Path | None = None,
          tables_per_address: int = 20, kernels: Callable[[str], bool] | None = None) -> Local:
    """A table server in a thread of this process, on ``port`` (0: a free one): to try the client in a notebook
    or a script. A class uses the app's server or ``python -m mainmerah.server.tables``."""
    from tornado.httpserver import HTTPServer
    from tornado.web import Application

    sock = socket.socket()
    sock.bind((host, port))
    sock.listen(128)
    sock.setblocking(False)
    ready = threading.Event()
    made: dict[str, object] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        async def start() -> None:
            hub = make_hub(class_dir, tables_per_address=tables_per_address, kernels=kernels)
            app = Application(routes("/", hub), websocket_max_message_size=16 * 1024, log_function=lambda h: None)
            server = HTTPServer(app)
            server.add_sockets([sock])
            made.update(hub=hub, loop=loop)

        loop.run_until_complete(start())
        ready.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, name="table server", daemon=True)
    thread.start()
    ready.wait(10)
    hub = made["hub"]
    assert isinstance(hub, Hub)
    url = f"http://{host}:{sock.getsockname()[1]}"
    return Local(url, hub.watch_key, hub, made["loop"], thread)  # type: ignore[arg-type]


__all__ = ["PREFIX", "Hub", "Local", "make_hub", "routes", "serve"]
