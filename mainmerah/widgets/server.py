"""``make app``: Voila serving ``notebooks/`` with the root URL landing on the tutorial.

Voila (0.5) serves a directory listing at ``/`` and has no setting for a
landing page (voila-dashboards/voila#540); a Jupyter server has
``ServerApp.default_url``, but Voila inside a Jupyter server cannot preheat
kernels and needs a token. So this is Voila's own application with one more
tornado route, registered first so it wins over the listing: ``/`` answers
with a redirect to ``/voila/render/<landing>``. Every other page (the table
``/voila/render/play.ipynb``, the listing ``/voila/tree``) is Voila's as usual,
and all settings still come from ``voila.json`` (``--Voila.config_file_paths``).

Run: ``python -m mainmerah.widgets.server notebooks --Voila.config_file_paths=.``
"""

from __future__ import annotations

from jupyter_server.utils import url_path_join
from tornado.web import RedirectHandler
from traitlets import Unicode
from voila.app import Voila


class MainMerahVoila(Voila):
    """Voila with a landing page: the root URL redirects to a notebook of the served folder."""

    landing = Unicode(
        "tutorial.ipynb", config=True,
        help="Notebook (relative to the served folder) that the root URL redirects to; empty: Voila's listing.",
    )

    def init_handlers(self) -> list:
        handlers = super().init_handlers()
        if self.landing and not self.notebook_path:
            target = url_path_join(self.base_url, "voila/render", self.landing)
            # Tornado takes the first matching route: this one, before Voila's listing at the same path.
            handlers.insert(0, (self.server_url, RedirectHandler, {"url": target, "permanent": False}))
        return handlers


main = launch_new_instance = MainMerahVoila.launch_instance

if __name__ == "__main__":
    main()
