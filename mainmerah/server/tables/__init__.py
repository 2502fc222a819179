"""The table server: shared tables where classmates (and computers) play one game, each seeing only their own seat.

``store`` (the tables and their save files), ``seats`` (seats, codes, tokens), ``protocol`` (the messages and
their limits), ``handlers`` (the tornado routes), ``__main__`` (the standalone command). The public client is
:mod:`mainmerah.tables`.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from mainmerah.server.tables.handlers import PREFIX, Hub, routes
from mainmerah.server.tables.protocol import Limits
from mainmerah.server.tables.store import Store

TABLES = "tables"  # the class folder's sub-folder


def make_hub(class_dir: Path | None, watch_key: str = "", tables_per_address: int = 20,
             rate: float | None = None) -> Hub:
    """The tables of one server: kept in ``class_dir/tables`` (None: in memory), watched with ``watch_key``
    (the teacher's key; "" makes one)."""
    store = Store(None if class_dir is None else Path(class_dir) / TABLES, tables_per_address=tables_per_address)
    limits = Limits() if rate is None else Limits(rate, rate * 3)
    return Hub(store, watch_key or secrets.token_urlsafe(24), limits)


__all__ = ["PREFIX", "Hub", "make_hub", "routes"]
