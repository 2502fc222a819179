"""In a page's kernel: an error a page's message causes reaches that page as one line, never a traceback.

A tampered page can send its kernel widget messages no real page sends (a dropdown's ``index: 99``, a
``comm_open`` that is no widget, a kept record nested 50,000 deep). ipywidgets answers such a message with
the shell's ``showtraceback()`` (an ``error`` message) and the comm manager logs it with its traceback (a
``stderr`` stream); both go to the page's websocket, with the install paths. Here both become one line
(the error's kind and the start of its message), and the full traceback goes to the server's log (the
kernel's own stderr, not the copy the kernel forwards to the page). Voila still replaces a failed cell's
output with its note (``show_tracebacks`` is off).
"""

from __future__ import annotations

import logging
import os
import re
import sys
import traceback
from typing import Any

LINE_LIMIT = 160  # characters of an error's message the page may read
ANSI = re.compile(r"\x1b\[[0-9;]*m")
LOGGERS = ("ipykernel.comm", "comm", "Comm", "ipywidgets")


def one_line(kind: str, message: str) -> str:
    """``kind: message`` on one line, cut short."""
    text = " ".join(f"{kind}: {message}".split())
    return text if len(text) <= LINE_LIMIT else text[: LINE_LIMIT - 1] + "…"


def to_server_log(text: str) -> None:
    """``text`` on the kernel's own stderr (the server's log), not on the copy forwarded to the page."""
    stream: Any = sys.stderr
    fd = getattr(stream, "_original_stdstream_copy", None)
    data = (text.rstrip("\n") + "\n").encode("utf-8", errors="replace")
    if isinstance(fd, int):
        os.write(fd, data)
    elif sys.__stderr__ is not None:
        sys.__stderr__.write(data.decode())
        sys.__stderr__.flush()


class OneLineHandler(logging.Handler):
    """A log record: in full to the server's log, as one line to the page."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            to_server_log(f"[kernel] {record.levelname} {record.name}: {record.getMessage()}"
                          + ("\n" + "".join(traceback.format_exception(*record.exc_info)) if record.exc_info else ""))
            kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else record.levelname
            sys.stderr.write(one_line(kind, record.getMessage()) + "\n")
        except Exception:  # noqa: BLE001 - logging must never raise
            self.handleError(record)


def install() -> bool:
    """In a Voila page's kernel, once: one-line errors to the page. False elsewhere (JupyterLab keeps its
    tracebacks: there the reader is the one who wrote the code)."""
    if "VOILA_BASE_URL" not in os.environ:  # Voila sets it for every kernel it starts, preheated or not
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "_showtraceback") or getattr(shell, "_mainmerah_one_line", False):
        return False
    shown = shell._showtraceback

    def showtraceback(etype: type[BaseException], evalue: BaseException, stb: list[str]) -> None:
        to_server_log("[kernel] " + "\n".join(ANSI.sub("", line) for line in stb))
        line = one_line(etype.__name__, str(evalue))
        shown(etype, line.split(": ", 1)[-1], [line])

    shell._showtraceback = showtraceback
    shell._mainmerah_one_line = True
    handler = OneLineHandler(logging.WARNING)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.propagate = False
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(handler)
    return True
