"""Plain text made ready for the page, the same for every game."""

from __future__ import annotations

from html import escape


def esc(text: str) -> str:
    """Text as HTML element content (quotes stay readable: they need no escaping there)."""
    return escape(text, quote=False)
