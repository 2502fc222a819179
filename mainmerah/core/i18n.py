"""Translation hook for every user-facing string.

All text meant for users goes through :func:`_` so a gettext catalog can be
switched live. English is the source language; with no catalog loaded the
strings pass through unchanged.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

LOCALE_DIR = Path(__file__).parent.parent / "locale"
DOMAIN = "mainmerah"
# A game family may keep its own catalog (locale/<lang>/LC_MESSAGES/<its folder>.po), so games can be
# translated and merged independently; all of them are searched, the main one first. Found by
# looking (at the sources, or the compiled catalogs where the sources are left out: the static site), so no
# game is named here.
GAME_DOMAINS: tuple[str, ...] = tuple(sorted(
    {p.stem for p in LOCALE_DIR.glob("*/LC_MESSAGES/*.[mp]o")} - {DOMAIN}))
# The one list of languages: each offered in its own words (the pages' language switches), English first
# (the source language). A new language is one line here, its catalogs (python -m mainmerah.core.catalog)
# and, where its tag on a page differs from its code, a line in HTML_TAGS.
LANGUAGE_NAMES = {"en": "English", "id": "Bahasa Indonesia", "zh": "中文"}
LANGUAGES = tuple(LANGUAGE_NAMES)
# A page names its language by its BCP 47 tag, so screen readers and fonts pick it up: Chinese is written
# in simplified characters here.
HTML_TAGS = {"zh": "zh-Hans"}


def html_lang(code: str) -> str:
    """The ``lang`` attribute of a page shown in ``code`` (``zh`` -> ``zh-Hans``)."""
    return HTML_TAGS.get(code, code)


_current: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_listeners: list[Callable[[str], object]] = []


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (tables of constants,
    translated with ``_(value)`` where shown)."""
    return message


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` as meant in ``context``: one English word with two meanings gets two
    translations (the home page's "Play" a game, the table's "Play" a card)."""
    return _current.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def language() -> str:
    return _language


def set_language(code: str) -> None:
    """Switch every later string to ``code`` (one of :data:`LANGUAGES`)."""
    global _current, _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(LANGUAGES)}")
    if code == "en":
        _current = gettext.NullTranslations()
    else:
        _current = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)
        for domain in GAME_DOMAINS:
            _current.add_fallback(gettext.translation(domain, localedir=LOCALE_DIR, languages=[code], fallback=True))
    _language = code
    for listener in list(_listeners):
        listener(code)


def on_language_change(callback: Callable[[str], object]) -> None:
    _listeners.append(callback)
