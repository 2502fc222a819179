"""``make app``: Voila serving ``notebooks/`` with the games' home page at the root URL.

Voila (0.5) serves a directory listing at ``/`` and has no setting for a
landing page (voila-dashboards/voila#540); a Jupyter server has
``ServerApp.default_url``, but Voila inside a Jupyter server cannot preheat
kernels and needs a token. So this is Voila's own application with one more
tornado route, registered first so it wins over the listing: ``/`` answers with
the home page (every game, a Learn and a Play link; ``mainmerah.pages.home``),
drawn here in the server, without a kernel: a whole class opening it at once
costs nothing, and the kernels go to the pages that need one. Beside it,
``mainmerah/lang.js`` (``static/lang.js``) lets the home page follow the language the
visitor chose on another page (the pages with a kernel keep it through their Keeper). (``landing`` may
instead name a notebook to redirect to, or be empty for Voila's listing.) Every
other page (the table ``/voila/render/play.ipynb``, the listing ``/voila/tree``)
is Voila's as usual, and all settings still come from ``voila.json``
(``--Voila.config_file_paths``).

Two more fixes for an interactive page. Kernel websockets send with ``TCP_NODELAY``:
a click's answer is several small frames (the widgets that changed), and with Nagle's
algorithm each one after the first could wait for the browser's delayed ACK (~40 ms).
And each rendered page gets the ``_xsrf`` cookie: Voila's page shuts its kernel
down when the tab closes with a POST that must echo that cookie, but only Voila's
listing page sets it, so a tab opened straight at a notebook (as the redirect does)
kept its kernel until the culler came.

The settings in ``voila.json`` (read through ``--Voila.config_file_paths``): the table
and the tutorial each keep one preheated kernel (imports done, waiting for its page, refilled
a second after use; other notebooks start a kernel on demand); a kernel idle for
an hour is culled, checked every two minutes, even with a tab still connected (a
forgotten tab must not hold memory for ever; a busy kernel is never culled); sources
are stripped and tracebacks never reach the page; the server listens on 127.0.0.1:8866.

On ``make serve-class`` two more things. With a class folder (``MAINMERAH_CLASS``, see
``mainmerah.teach.classfolder``) the server makes the teacher's key and prints the
teacher's page as a full link once it listens; ``/teacher``, ``/teacher.csv`` and
``/teacher/clear`` (``teacher_page``) show the class behind that key, drawn here without a
kernel; without a folder they answer 404. And ``students`` (``STUDENTS=30``) grows the
preheated pools of the pages a class opens at once (Voila's
``VoilaKernelManager.kernel_pools_config``, ``{"tutorial.ipynb": {"pool_size": 30}}``) before
Voila builds its kernel manager; once a class has taken them, ``refill_stagger`` refills the pools
one kernel every 2 s rather than thirty at once (:func:`stagger_refills`).

Run: ``python -m mainmerah.server.voila notebooks --Voila.config_file_paths=.``
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from tornado.web import RedirectHandler, RequestHandler
from tornado.websocket import WebSocketHandler
from traitlets import Float, Int, Unicode
from voila.app import Voila
from voila.handler import VoilaHandler


def with_xsrf_cookie(handler: type[RequestHandler]) -> type[RequestHandler]:
    """``handler`` that also sets the ``_xsrf`` cookie (reading ``xsrf_token`` sets it), and refuses an address
    holding its limit of kernels (``mainmerah.server.limits``)."""

    class Handler(handler):  # type: ignore[valid-type, misc]
        async def prepare(self, *args: Any, **kw: Any) -> None:
            await ensure_async(super().prepare(*args, **kw))
            self.xsrf_token  # noqa: B018 - read for its effect: the cookie the unload beacon echoes
            owners = self.settings.get("mainmerah_kernel_owners")
            if owners is not None and not self._finished:
                owners.refuse(self)

    Handler.__name__ = Handler.__qualname__ = handler.__name__
    return Handler


def with_nodelay(handler: type[WebSocketHandler]) -> type[WebSocketHandler]:
    """``handler`` whose websocket sends each frame at once (no Nagle delay)."""

    class Handler(handler):  # type: ignore[valid-type, misc]
        def open(self, *args: Any, **kw: Any) -> Any:
            self.set_nodelay(True)
            return super().open(*args, **kw)

    Handler.__name__ = Handler.__qualname__ = handler.__name__
    return Handler


def _patched(handler: Any) -> Any:
    from jupyter_server.auth.logout import LogoutHandler
    from voila.request_info_handler import RequestInfoSocketHandler
    from voila.static_file_handler import TemplateStaticFileHandler

    from mainmerah.server.guard import NotHereHandler, safe_template_files
    from mainmerah.server.query import RequestSocket

    if handler is RequestInfoSocketHandler:
        # Voila's page handler sends a request through the base class by name: the same safe send there.
        RequestInfoSocketHandler.send_updates = RequestSocket.send_updates  # type: ignore[method-assign]
        return RequestSocket  # sends at once too; see mainmerah.server.query
    if isinstance(handler, type) and issubclass(handler, LogoutHandler):
        return NotHereHandler
    if handler is TemplateStaticFileHandler:
        return safe_template_files(handler)
    if isinstance(handler, type) and issubclass(handler, VoilaHandler):
        return with_xsrf_cookie(handler)
    if isinstance(handler, type) and issubclass(handler, WebSocketHandler):
        return with_nodelay(handler)
    return handler


class HomeHandler(RequestHandler):
    """The games' home page, in the language of ``?lang=`` (else the browser's), drawn without a kernel."""

    def get(self) -> None:
        from mainmerah.pages.home import home_document

        query = self.request.query
        # Links relative to this page, so they keep any base URL the server runs under.
        html = home_document(query, prefix="voila/render/", accept_language=self.request.headers.get(
            "Accept-Language", ""))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        self.write(html)


class LanguageScriptHandler(RequestHandler):
    """The home page's language script (``static/lang.js``): the kept language applies there too."""

    def get(self) -> None:
        from importlib.resources import files

        self.set_header("Content-Type", "text/javascript; charset=UTF-8")
        self.set_header("Cache-Control", "no-cache")
        self.write(files("mainmerah").joinpath("static/lang.js").read_text(encoding="utf-8"))


def stagger_refills(manager: Any, stagger: float) -> None:
    """Refill ``manager``'s preheated pools one kernel every ``stagger`` s after a burst, not all at once.

    Voila replaces each kernel a page takes, ``fill_delay`` after it was taken: thirty students arriving
    together would start thirty kernels (each importing the package) while their own pages are still
    being drawn. Each refill waits ``stagger`` s more for every refill of the same notebook still
    waiting; a page that finds no ready kernel takes the first of them, the soonest.
    (Voila 0.5 asks its kernel manager for a refill with ``delay=None``; start-up fills pass 0.)
    """
    fill = manager.fill_if_needed

    def staggered(delay: float | None = None, notebook_name: str | None = None, **kwargs: Any) -> None:
        if delay is None:
            waiting = sum(not task.done() for task in manager._pools.get(notebook_name, []))
            delay = manager.fill_delay + stagger * waiting
        fill(delay=delay, notebook_name=notebook_name, **kwargs)

    manager.fill_if_needed = staggered


# The pages a whole class is sent to at once: ``students`` preheats a kernel per student for each.
CLASS_PAGES = ("tutorial.ipynb", "play.ipynb")


class MainMerahVoila(Voila):
    """Voila with a landing page at the root URL: the games' home page, or a redirect to a notebook."""

    landing = Unicode(
        "home", config=True,
        help="What the root URL shows: 'home' (the games' home page), a notebook of the served folder to "
             "redirect to, or empty for Voila's listing.",
    )
    students = Int(
        0, config=True,
        help="Students expected to arrive at once (`make serve-class STUDENTS=30`): the tutorial and the table "
             "each keep at least this many preheated kernels. 0: the pool sizes of the config as they are.",
    )

    refill_stagger = Float(
        0.0, config=True,
        help="Seconds between the preheated pools' refills after a burst of arrivals (the classroom config: 2). "
             "0: Voila's own, every kernel taken replaced after fill_delay, however many arrive together.",
    )

    kernels_per_address = Int(
        0, config=True,
        help="Kernels one address may hold at once (the classroom config: 8); a page asked for beyond it answers "
             "429. A lab behind one NAT address raises it (about 3 a student). 0: no limit.",
    )

    tables_per_address = Int(
        20, config=True,
        help="Shared tables one address may open (the table server's 429). This server's own pages are counted "
             "each by its kernel, not as one address.",
    )

    never_started = Float(
        90.0, config=True,
        help="Seconds a preheated kernel a page took may stay silent before it is taken to have never learned its "
             "page (its request lost, or the kernel hung): it is shut down and logged, the page says so and a "
             "reload gets a fresh one. 0: wait for ever.",
    )
    never_connected = Float(
        120.0, config=True,
        help="Seconds a page's kernel may stay quiet with no browser ever connected to it (a plain GET, a tab "
             "closed before its script ran) before it is shut down, well before the idle cull. 0: the cull only.",
    )
    disconnected = Float(
        180.0, config=True,
        help="Seconds a page's kernel is kept after its page's last connection went away (a tab killed, a phone "
             "asleep); a page that reconnects sooner keeps it. 0: the idle cull only.",
    )
    message_limit = Int(
        4 * 1024 * 1024, config=True,
        help="Bytes one websocket message from a page may have (a kernel's, a request-info socket's); a longer one "
             "closes that connection (1009, message too big) before it is read. Above a kept record at its limit "
             "(1,000,000 characters, at most 3 bytes each in a message). 0: Tornado's 10 MiB.",
    )

    def tables_url(self) -> str:
        """This server's own address as its kernels reach it (they run on the same machine): its table server's."""
        host = self.ip if self.ip not in ("", "0.0.0.0", "::", "*", "localhost") else "127.0.0.1"
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}{self.base_url}"

    def init_settings(self) -> dict:
        # Where the kernels find the table server (mainmerah.pages.shared): this server, unless the setting already
        # names another (a standalone one, e.g. a JupyterHub service). Set before any kernel starts: they inherit it.
        import os

        from mainmerah.pages.shared import SETTING

        os.environ.setdefault(SETTING, self.tables_url())
        settings: dict = super().init_settings()  # builds the kernel manager
        if self.message_limit > 0:
            settings["websocket_max_message_size"] = self.message_limit
        from mainmerah.server.leftovers import PageKernels

        settings["mainmerah_page_kernels"] = PageKernels(
            self.kernel_manager, self.never_started, self.never_connected, self.disconnected)
        if self.refill_stagger > 0:
            stagger_refills(self.kernel_manager, self.refill_stagger)
        if self.kernels_per_address > 0:
            from mainmerah.server.limits import KernelOwners

            settings["mainmerah_kernel_owners"] = KernelOwners(self.kernel_manager, self.kernels_per_address)
        return settings

    def initialize(self, argv: Any = None) -> None:
        from mainmerah.server.templates import compile_templates_once

        compile_templates_once()  # every page's template read compiled after the first (templates.py)
        super().initialize(argv)
        if self.students > 0:
            # Voila's kernel manager is built later (in start) from this config: the pools grow before it exists.
            pools = dict(self.config.VoilaKernelManager.get("kernel_pools_config", {}))
            for nb in CLASS_PAGES:
                size = max(int(pools.get(nb, {}).get("pool_size", 0)), self.students)
                pools[nb] = {**pools.get(nb, {}), "pool_size": size}
            self.config.VoilaKernelManager.kernel_pools_config = pools

    def init_handlers(self) -> list:
        from mainmerah.server.guard import hide_keys_in_logs

        hide_keys_in_logs(self.log)
        handlers = [(h[0], _patched(h[1]), *h[2:]) for h in super().init_handlers()]
        handlers[:0] = self.class_handlers()
        if self.landing and not self.notebook_path:
            if self.landing == "home":
                route: tuple = (self.server_url, HomeHandler)
            else:
                target = url_path_join(self.base_url, "voila/render", self.landing)
                route = (self.server_url, RedirectHandler, {"url": target, "permanent": False})
            # Tornado takes the first matching route: this one, before Voila's listing at the same path.
            handlers.insert(0, route)
            handlers.insert(0, (url_path_join(self.server_url, "mainmerah/lang.js"), LanguageScriptHandler))
        return handlers

    def class_handlers(self) -> list:
        """The teacher's routes and the table server's (``mainmerah.server.tables``); with a class folder
        (``make serve-class``) its key is made and announced, and the tables are kept in it."""
        from mainmerah.server.tables import make_hub, routes
        from mainmerah.server.teacher_page import (
            ClearHandler,
            CloseTableHandler,
            CsvHandler,
            TeacherHandler,
            WatchHandler,
        )
        from mainmerah.teach.classfolder import class_folder, teacher_key

        folder = class_folder()
        options: dict[str, Any] = {"folder": None, "key": ""}
        if folder is not None:
            folder = Path(folder).resolve()
            options = {"folder": folder, "key": teacher_key(folder)}
            IOLoop.current().add_callback(self.announce_teacher, options["key"], folder)
        hub = make_hub(folder, options["key"], self.tables_per_address,
                       kernels=lambda kernel: kernel in self.kernel_manager)
        options["store"] = hub.store
        self.log.info("Table server at %smainmerah/tables/: %s", self.base_url, hub.store.describe())
        return [(url_path_join(self.base_url, path), handler, options) for path, handler in (
            ("teacher", TeacherHandler), (r"teacher\.csv", CsvHandler), ("teacher/clear", ClearHandler),
            ("teacher/table", WatchHandler), ("teacher/table/close", CloseTableHandler))
        ] + routes(self.base_url, hub)

    def announce_teacher(self, key: str, folder: Path) -> None:
        """Once listening (the port is known): the teacher's full link, on the terminal only."""
        url = f"{self.display_url.split('?')[0]}teacher?key={key}"
        line = "=" * 72
        print(f"\n{line}\nThe teacher's page (keep this link to yourself):\n  {url}\n"
              f"Class folder: {folder}\n{line}\n", flush=True)


main = launch_new_instance = MainMerahVoila.launch_instance

if __name__ == "__main__":
    main()
