"""The page's display options: the language (English / Bahasa Indonesia / 中文) and the four-colour deck.

Both switch live. The language is process-wide (``mainmerah.core.i18n.set_language``:
Voila gives every page its own kernel), and every widget listening with
``on_language_change`` redraws its words; nothing about a game or a lesson changes.
The four-colour deck is a class on the page's root widget (``mm-four``) plus a
small sheet, sent the first time it is turned on.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import ipywidgets as w

from mainmerah.core.i18n import LANGUAGE_NAMES, LANGUAGES, _, html_lang, language, on_language_change, set_language
from mainmerah.draw.text import esc
from mainmerah.table.a11y import FOUR, four_colour_css
from mainmerah.table.cards import shared


class DisplayOptions(w.HBox):
    """Language toggle and four-colour deck checkbox for the page whose root is ``root``.

    ``on_four_colour(on)`` is called after the deck changed (e.g. for a widget that keeps the choice).
    """

    def __init__(self, root: w.DOMWidget, four_colour: bool = False,
                 on_four_colour: Callable[[bool], None] | None = None) -> None:
        self._root = weakref.ref(root)
        self._on_four = on_four_colour
        # Shared layout/style models where nothing changes them: fewer models for a page to load.
        self.language_label = w.HTML(layout=shared("layout"), style=shared("html"))
        self.language_label.add_class("mm-opt-label")
        self.language = w.ToggleButtons(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES], value=language(),
                                        style={"button_width": "auto"})
        self.language.add_class("mm-language")
        self.language.add_class("mm-sr-label")  # its name for screen readers; the visible label sits before it
        self.language.observe(self._language_picked, names="value")
        self.four = w.Checkbox(value=False, indent=False, layout=shared("layout"))
        self.four.add_class("mm-four-colour")
        self.four.observe(lambda ch: self.set_four_colour(bool(ch["new"])), names="value")
        # Said where the choice is: the rules' "red cards" are still hearts and diamonds (always shown, so
        # ticking the box moves nothing).
        self.four_note = w.HTML(layout=shared("layout"), style=shared("html"))
        self.four_note.add_class("mm-four-note")
        self.sheet = w.HTML("", layout=w.Layout(display="none"))
        self.sheet.add_class("mm-style")
        # Its own layout: a table without options hides the bar through it (a shared one would hide them all).
        super().__init__([self.language_label, self.language, self.four, self.four_note, self.sheet])
        self.add_class("mm-options")
        self.relabel()
        if four_colour:
            self.four.value = True
        ref = weakref.WeakMethod(self.relabel)
        on_language_change(lambda _code: None if (m := ref()) is None else m())

    def _language_picked(self, change: dict) -> None:
        code = change["new"]
        if code in LANGUAGES and code != language():
            set_language(code)  # every listener redraws, this bar included

    def relabel(self) -> None:
        code = language()
        # data-mm-lang: the page script sets <html lang> from it, so screen readers speak the right language.
        self.language_label.value = f'<span data-mm-lang="{html_lang(code)}">{esc(_("Language"))}</span>'
        self.language.description = _("Language")
        self.language.tooltips = [_("Show everything in {language}").format(language=LANGUAGE_NAMES[c])
                                  for c in LANGUAGES]
        if self.language.value != code:
            self.language.value = code
        self.four.description = _("Four-colour deck")
        self.four.tooltip = _("Each suit its own colour: hearts red, diamonds blue, clubs green, spades black")
        self.four_note.value = esc(_("Only the colours change: diamonds turn blue and clubs green, but hearts "
                                     "and diamonds are still the red cards."))

    @property
    def four_colour(self) -> bool:
        return bool(self.four.value)

    def set_four_colour(self, on: bool) -> None:
        root = self._root()
        if on and not self.sheet.value:
            self.sheet.value = four_colour_css()
        if root is not None:
            (root.add_class if on else root.remove_class)(FOUR)
        if self.four.value != on:
            self.four.value = on  # observed: comes back here once, then nothing changes
            return
        if self._on_four is not None:
            self._on_four(on)


def header_bar(owner: object) -> tuple[w.HTML, DisplayOptions, w.Box]:
    """The page heading beside the display options, as the tutorial and classroom show them."""
    heading = w.HTML()
    heading.add_class("mm-header-box")
    options = DisplayOptions(owner)
    top = w.Box([heading, options])
    top.add_class("mm-topbar")
    return heading, options, top
