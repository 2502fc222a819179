"""How many kernels one address may hold at once (issue 28, finding 4).

Each page opened holds a kernel (60-100 MB) until its tab closes or the cull comes; twenty plain GETs from one
machine held twenty. The server notes which address each kernel was taken or started for (a context variable
set by the page's handler, read by the kernel manager's two ways of giving a kernel), and a page asked for by
an address already holding ``MainMerahVoila.kernels_per_address`` live kernels answers 429 with a note in words
instead of taking another. A lab behind one NAT address raises the setting (or 0: no limit).
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Callable
from typing import Any

from tornado.web import RequestHandler

from mainmerah.core.i18n import _

log = logging.getLogger("mainmerah.server")
ADDRESS: contextvars.ContextVar[str] = contextvars.ContextVar("mainmerah_address", default="")


# The kernel manager's two ways of giving a page a kernel: a preheated one from its pool, or one started for it
# (Voila's pool fills call the base class's ``start_kernel``, not the manager's own: they are no page's).
GIVING = ("get_rendered_notebook", "start_kernel")


def watch_giving(manager: Any, name: str, note: Callable[[str], object]) -> None:
    """Call ``note(kernel_id)`` each time ``manager``'s method ``name`` gives a page a kernel (when it has one)."""
    give = getattr(manager, name, None)
    if give is None:  # no preheating: no pools to take from
        return

    async def giving(*args: Any, **kw: Any) -> Any:
        result = await give(*args, **kw)
        kernel_id = result[-1] if isinstance(result, tuple) else result
        if isinstance(kernel_id, str):
            note(kernel_id)
        return result

    setattr(manager, name, giving)


class KernelOwners:
    """Which address each kernel of ``manager`` was given to; the live ones counted per address."""

    def __init__(self, manager: Any, limit: int) -> None:
        self.manager = manager
        self.limit = limit
        self.owner: dict[str, str] = {}
        for name in GIVING:
            watch_giving(manager, name, self._note)

    def _note(self, kernel_id: str) -> None:
        if ADDRESS.get():
            self.owner[kernel_id] = ADDRESS.get()

    def held(self, address: str) -> int:
        live = set(self.manager.list_kernel_ids())
        self.owner = {k: a for k, a in self.owner.items() if k in live}  # shut down, culled: forgotten
        return sum(a == address for a in self.owner.values())

    def refuse(self, handler: RequestHandler) -> bool:
        """Answer 429 and return True when ``handler``'s address holds its limit; else note the address."""
        address = handler.request.remote_ip or ""
        if self.limit > 0 and self.held(address) >= self.limit:
            log.warning("page refused for %s: it holds %d kernels (kernels_per_address=%d)", address,
                        self.held(address), self.limit)
            handler.set_status(429)
            handler.set_header("Content-Type", "text/html; charset=UTF-8")
            handler.finish("<!DOCTYPE html><meta charset='utf-8'><p>" + _(
                "Too many games are open from this computer ({n}). Close some tabs and reload this page; in a lab "
                "behind one address the teacher can raise the limit.").format(n=self.limit) + "</p>")
            return True
        ADDRESS.set(address)
        return False
