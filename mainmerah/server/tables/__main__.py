"""``python -m mainmerah.server.tables --port 8870``: the table server on its own (a JupyterHub service).

Every student's kernel reaches it at its address (``mainmerah.tables.connect("http://host:8870")``). With
``--folder`` (or ``MAINMERAH_CLASS``, the class folder) the tables are kept there and survive a restart; the
teacher's key (``teacher.key`` in that folder, made once) lets a teacher watch any table with every hand face up.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
from pathlib import Path

from tornado.web import Application

from mainmerah.server.tables import make_hub, routes
from mainmerah.teach.classfolder import class_folder, teacher_key


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m mainmerah.server.tables", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8870)
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (0.0.0.0: every one)")
    parser.add_argument("--folder", type=Path, default=None, help="the class folder (default: $MAINMERAH_CLASS)")
    parser.add_argument("--base-url", default="/", help="the URL prefix (a JupyterHub service's /services/<name>/)")
    parser.add_argument("--tables-per-address", type=int, default=20)
    parser.add_argument("--rate", type=float, default=None, help="messages a second one client may send (20)")
    parser.add_argument("--takeover", type=float, default=None,
                        help="seconds a person's seat may stay without a connection before the computer plays it"
                             " (default: $MAINMERAH_TAKEOVER, else 60)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    logging.getLogger("tornado.access").setLevel(logging.WARNING)  # every request: too much for a class
    folder = args.folder or class_folder()
    if folder is not None:
        folder = folder.resolve()
        folder.mkdir(parents=True, exist_ok=True)
    key = teacher_key(folder) if folder is not None else ""
    base = args.base_url if args.base_url.endswith("/") else args.base_url + "/"
    base = base if base.startswith("/") else "/" + base
    if os.environ.get("JUPYTERHUB_SERVICE_PREFIX"):
        base = os.environ["JUPYTERHUB_SERVICE_PREFIX"]

    async def serve() -> None:
        hub = make_hub(folder, key, args.tables_per_address, args.rate, args.takeover)
        app = Application(routes(base, hub), websocket_max_message_size=16 * 1024, max_body_size=64 * 1024)
        app.listen(args.port, args.host)
        print(f"Table server on http://{args.host}:{args.port}{base}mainmerah/tables/ ({hub.store.describe()})",
              flush=True)
        print(f"The teacher's key (watch every table; keep it to yourself): {hub.watch_key}", flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()

    asyncio.run(serve())


if __name__ == "__main__":
    main()
