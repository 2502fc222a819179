"""Plain text made ready for the page, the same for every game."""

from __future__ import annotations

from html import escape


def esc(text: str) -> str:
    """Text as HTML element content (quotes stay readable: they need no escaping there)."""
    return escape(text, quote=False)


# The pages' one font stack: the visitor's system fonts for Latin text, then a Simplified Chinese font
# that the system has (macOS, Linux, Windows), so Chinese never falls back to a font without its glyphs.
SANS = ('system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", Arial, "PingFang SC", "Noto Sans CJK SC", '
        '"Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif')


def wrap_css(root: str) -> str:
    """Chinese lines may break between any two characters, and a long run of Latin or card notation inside
    Chinese text (which has no spaces to break at) breaks rather than overflows; Latin text keeps
    breaking at spaces only."""
    return f"{root}:lang(zh) {{ overflow-wrap: anywhere; line-break: strict; word-break: normal; }}\n"
