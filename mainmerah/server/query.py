"""The socket on which a preheated kernel learns its page (``/voila/query/<kernel id>``), kept safe from other pages.

Voila 0.5's ``RequestInfoSocketHandler`` keeps one waiting socket per kernel id in a class-wide dict, lets any
page open one for any id, and on close deletes the last entry it looked at when the closing socket is no longer
listed: two sockets with one made-up id, closed in turn, drop the newest kernel waiting for its page, which then
never learns it (its page stays at "Running…"). Here only a running kernel's id is accepted, one live socket per
id, and a closing socket removes its own entry only. Every refusal is logged (the id shortened, nothing else).
The kernel's side (``mainmerah.pages.request``) keeps its one socket open until its request comes; a request that
finds no live socket is kept for the kernel's next one.
"""

from __future__ import annotations

import logging
from typing import Any

from voila.request_info_handler import RequestInfoSocketHandler

log = logging.getLogger("mainmerah.server")


class RequestSocket(RequestInfoSocketHandler):
    """Voila's request-info socket, accepting a running kernel's id only, one live socket per id."""

    def open(self, kernel_id: str, *args: Any, **kw: Any) -> None:  # type: ignore[override]
        self.set_nodelay(True)
        waiters: dict[str, Any] = RequestInfoSocketHandler._waiters
        manager = self.settings.get("kernel_manager")
        reason = ""
        if manager is None or kernel_id not in manager:
            reason = "no such kernel"
        elif (other := waiters.get(kernel_id)) is not None and other is not self and _live(other):
            reason = "that kernel already has its socket"
        if reason:
            log.warning("request-info socket refused for kernel %s…: %s", kernel_id[:8], reason)
            self.close(4003, reason)
            return
        waiters[kernel_id] = self
        cache: dict[str, Any] = RequestInfoSocketHandler._cache
        if kernel_id in cache:
            self.write_message(cache.pop(kernel_id))  # delivered: not kept for ever

    def on_close(self) -> None:
        waiters: dict[str, Any] = RequestInfoSocketHandler._waiters
        for kernel_id in [k for k, w in waiters.items() if w is self]:
            del waiters[kernel_id]


    @classmethod
    def send_updates(cls, msg: dict[str, Any]) -> None:
        """A page's request to its kernel: written to the kernel's live socket, else kept for its next one (Voila
        writes to whatever socket is listed, even one closing, where the request is lost and the page hangs)."""
        kernel_id, payload = msg["kernel_id"], msg["payload"]
        waiter = RequestInfoSocketHandler._waiters.get(kernel_id)
        if waiter is not None and _live(waiter):
            try:
                waiter.write_message(payload)
                return
            except Exception:  # noqa: BLE001 - closed meanwhile: kept for the kernel's next socket
                log.warning("request for kernel %s… kept: its socket closed while sending", kernel_id[:8])
        RequestInfoSocketHandler._cache[kernel_id] = payload


def _live(socket: Any) -> bool:
    connection = getattr(socket, "ws_connection", None)
    return connection is not None and not connection.is_closing()
