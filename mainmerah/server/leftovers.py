"""Kernels a page took and left, or never came for, shut down sooner than the idle cull (issue 28, findings 4, 1).

Twenty plain GETs of the table held twenty kernels (60-100 MB each) for the 30 minutes of the idle cull, and so did
twenty pages killed without closing. The server notes each kernel given to a page (a preheated one taken from its
pool, or one started for the page), and when the page's websockets connect and leave (the kernel manager's
``notify_connect``/``notify_disconnect``, as Jupyter counts connections). Every few seconds it shuts down, with a
line in the log, a page's kernel that

* was taken from the pool and has said nothing since (no output for ``never_started`` s): it never learned its page
  (its request never reached it, or it hangs), and the page waiting for it would wait for ever;
* never had a page connect and has been quiet for ``never_connected`` s (the page was drawn for no browser, or the
  browser left before its script ran);
* had its page's last connection gone for ``disconnected`` s (a tab killed, a phone asleep): a page that only
  blinked (a Wi-Fi hiccup, Jupyter's reconnect) comes back well within that.

Preheated kernels still waiting in their pool are not a page's and are never looked at (Voila keeps its pools full;
a kernel taken is replaced at once). A connected page is never touched: the idle cull is for those. 0 turns a rule off.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from tornado.ioloop import PeriodicCallback

from mainmerah.server.limits import GIVING, watch_giving

log = logging.getLogger("mainmerah.server")


@dataclass
class Given:
    """One kernel a page took: when, whether from a pool, and how its page's connections went."""

    at: datetime
    preheated: bool
    connected: bool = False  # a page's websocket connected at some point
    gone_at: datetime | None = None  # when the page's last connection closed (None: connected, or never was)


def now() -> datetime:
    return datetime.now(UTC)


class PageKernels:
    """The kernels of ``manager`` given to pages, shut down once their page never came or has gone."""

    def __init__(self, manager: Any, never_started: float, never_connected: float, disconnected: float) -> None:
        self.manager = manager
        self.limits = {"started": never_started, "connected": never_connected, "gone": disconnected}
        self.given: dict[str, Given] = {}
        for name in GIVING:
            watch_giving(manager, name, partial(self._note, preheated=name == "get_rendered_notebook"))
        connect, disconnect = manager.notify_connect, manager.notify_disconnect

        def connected(kernel_id: str) -> None:
            connect(kernel_id)
            if (given := self.given.get(kernel_id)) is not None:
                given.connected, given.gone_at = True, None

        def left(kernel_id: str) -> None:
            disconnect(kernel_id)
            if (given := self.given.get(kernel_id)) is not None and self.connections(kernel_id) <= 0:
                given.gone_at = now()

        manager.notify_connect, manager.notify_disconnect = connected, left
        limits = [s for s in self.limits.values() if s > 0]
        self.checker: PeriodicCallback | None = None
        if limits:  # a look every quarter of the shortest limit (1-30 s)
            self.checker = PeriodicCallback(self.check, 1000 * max(1.0, min(30.0, min(limits) / 4)))
            self.checker.start()

    def _note(self, kernel_id: str, preheated: bool) -> None:
        self.given[kernel_id] = Given(at=now(), preheated=preheated)

    def connections(self, kernel_id: str) -> int:
        return int(self.manager._kernel_connections.get(kernel_id, 0))

    def reason(self, kernel_id: str, given: Given, at: datetime) -> str:
        """Why ``kernel_id``'s page is taken to be gone, in words for the log ("" when it is not)."""
        if self.connections(kernel_id) > 0:
            return ""
        limits = self.limits
        if given.gone_at is not None:
            gone = (at - given.gone_at).total_seconds()
            return f"its page's connection has been gone for {gone:.0f} s" if 0 < limits["gone"] <= gone else ""
        if given.connected:
            return ""
        last = getattr(self.manager.get_kernel(kernel_id), "last_activity", None) or given.at
        since = (at - given.at).total_seconds()
        if given.preheated and last <= given.at and 0 < limits["started"] <= since:
            return f"it never learned its page (no output in the {since:.0f} s since a page took it)"
        quiet = (at - max(last, given.at)).total_seconds()
        return f"its page never connected (quiet for {quiet:.0f} s)" if 0 < limits["connected"] <= quiet else ""

    async def check(self) -> None:
        live = set(self.manager.list_kernel_ids())
        self.given = {k: g for k, g in self.given.items() if k in live}  # closed tabs, culled: forgotten
        at = now()
        for kernel_id, given in list(self.given.items()):
            why = self.reason(kernel_id, given, at)
            if not why:
                continue
            del self.given[kernel_id]
            log.warning("kernel %s… shut down: %s", kernel_id[:8], why)
            try:
                await self.manager.shutdown_kernel(kernel_id)
            except Exception:  # noqa: BLE001 - gone meanwhile (its tab closed): nothing left to free
                log.info("kernel %s… was already gone", kernel_id[:8])
