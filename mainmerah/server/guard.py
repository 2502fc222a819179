"""What keeps crafted requests from breaking the server or its log (issue 28, finding 6).

* The teacher's key never reaches the log: every line the server's loggers write (the access log, an
  uncaught error's request, Voila's own) has each ``key=`` value replaced by ``key=[hidden]``.
* ``/logout`` (Jupyter's, whose page needs settings Voila does not have) answers 404: nobody logs in here.
* Voila's template files (``/voila/templates/<name>/static/<file>``) answer 404 for a path that leaves
  that shape (``x/static/../y``), where Voila 0.5 raised an error (500).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from tornado.web import HTTPError, RequestHandler

SECRET = re.compile(r"(?i)((?:^|[?&;\s'\"])(?:key)=)[^&\s'\";]+")
LOGGERS = ("tornado.access", "tornado.application", "tornado.general", "Voila", "mainmerah.server")


def scrub(text: str) -> str:
    """``text`` with every ``key=`` value hidden."""
    return SECRET.sub(r"\1[hidden]", text)


class KeyFilter(logging.Filter):
    """Hides the teacher's key in every record before it is written."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        hidden = scrub(message)
        if hidden != message:
            record.msg, record.args = hidden, ()
        return True


def hide_keys_in_logs(*extra: logging.Logger) -> None:
    """Put the key filter on the server's loggers (once each)."""
    for logger in (*(logging.getLogger(name) for name in LOGGERS), *extra):
        if not any(isinstance(f, KeyFilter) for f in logger.filters):
            logger.addFilter(KeyFilter())


class NotHereHandler(RequestHandler):
    """404 for a route this server does not offer (Jupyter's log-out: nobody logs in to a class server)."""

    def get(self, *args: Any, **kw: Any) -> None:
        raise HTTPError(404)

    post = get


def safe_template_files(handler: type) -> type:
    """Voila's template-file handler, answering 404 for a path that is not ``<template>/static/<file>``."""

    class Handler(handler):  # type: ignore[valid-type, misc]
        @classmethod
        def get_absolute_path(cls, root: str, path: str) -> str:
            try:
                return str(super().get_absolute_path(root, path))
            except (ValueError, AssertionError):
                raise HTTPError(404) from None

    Handler.__name__ = Handler.__qualname__ = handler.__name__
    return Handler
