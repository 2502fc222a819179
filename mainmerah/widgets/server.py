"""``make app``: Voila serving ``notebooks/`` with the games' home page at the root URL.

Voila (0.5) serves a directory listing at ``/`` and has no setting for a
landing page (voila-dashboards/voila#540); a Jupyter server has
``ServerApp.default_url``, but Voila inside a Jupyter server cannot preheat
kernels and needs a token. So this is Voila's own application with one more
tornado route, registered first so it wins over the listing: ``/`` answers with
the home page (every game, a Learn and a Play link; ``mainmerah.lessons.pages``),
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
half a second after use; other notebooks start a kernel on demand); a kernel idle for
an hour is culled, checked every two minutes, even with a tab still connected (a
forgotten tab must not hold memory for ever; a busy kernel is never culled); sources
are stripped and tracebacks never reach the page; the server listens on 127.0.0.1:8866.

Run: ``python -m mainmerah.widgets.server notebooks --Voila.config_file_paths=.``
"""

from __future__ import annotations

from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler, RequestHandler
from tornado.websocket import WebSocketHandler
from traitlets import Unicode
from voila.app import Voila
from voila.handler import VoilaHandler


def with_xsrf_cookie(handler: type[RequestHandler]) -> type[RequestHandler]:
    """``handler`` that also sets the ``_xsrf`` cookie (reading ``xsrf_token`` sets it)."""

    class Handler(handler):  # type: ignore[valid-type, misc]
        async def prepare(self, *args: Any, **kw: Any) -> None:
            await ensure_async(super().prepare(*args, **kw))
            self.xsrf_token  # noqa: B018 - read for its effect: the cookie the unload beacon echoes

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
    if isinstance(handler, type) and issubclass(handler, VoilaHandler):
        return with_xsrf_cookie(handler)
    if isinstance(handler, type) and issubclass(handler, WebSocketHandler):
        return with_nodelay(handler)
    return handler


class HomeHandler(RequestHandler):
    """The games' home page, in the language of ``?lang=`` (else the browser's), drawn without a kernel."""

    def get(self) -> None:
        from ..lessons.pages import home_document

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


class MainMerahVoila(Voila):
    """Voila with a landing page at the root URL: the games' home page, or a redirect to a notebook."""

    landing = Unicode(
        "home", config=True,
        help="What the root URL shows: 'home' (the games' home page), a notebook of the served folder to "
             "redirect to, or empty for Voila's listing.",
    )

    def init_handlers(self) -> list:
        handlers = [(h[0], _patched(h[1]), *h[2:]) for h in super().init_handlers()]
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


main = launch_new_instance = MainMerahVoila.launch_instance

if __name__ == "__main__":
    main()
