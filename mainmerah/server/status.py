"""Words the page shows when its game stops on the server.

A Voila page keeps drawing its widgets after the kernel behind them dies (a
crash, a cull, a server restart): clicks then silently do nothing. The
classroom template (``config/classroom/voila/templates/mainmerah``) watches the
page's kernel connection in the browser and shows these texts. They are made
here, in Python, so they go through the translation hook like every other
string; the Voila config passes them to the template as ``resources``.
"""

from __future__ import annotations

from mainmerah.core.i18n import _


def connection_texts() -> dict[str, str]:
    """The banner texts, keyed by what happened (read by the template's script)."""
    return {
        "lost": _("Lost the connection to the game server. Trying to reconnect…"),
        "stopped": _(
            "This game has stopped on the server (it crashed, sat idle too long, or the server was restarted). "
            "Reload the page: the game comes back as this browser kept it."
        ),
        # A browser that keeps nothing (a private window, storage turned off) deals afresh: the save file is the way.
        "saved": _("If it does not come back, load your saved file again after reloading."),
        "reload": _("Reload the page"),
    }


def error_instruction() -> str:
    """What a student reads under a failed cell instead of a traceback (show_tracebacks is off)."""
    return _("Reload the page; if it happens again, tell your teacher (the details are in the server's log).")
