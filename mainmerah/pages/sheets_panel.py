"""The classroom's "Printable sheets": pick a rules sheet or a puzzle worksheet, make its PDF, download it.

The PDF is made in the kernel by :mod:`mainmerah.sheets`, in the page's language, and offered
as a ``data:`` link (as the classroom's save file is), so no server route is needed. The
choice comes from the page: it is checked against the sheets on offer before anything is made.
Where matplotlib is missing (the static site) the panel says so instead of failing.
"""

from __future__ import annotations

import base64
import importlib.util
from html import escape

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.i18n import _, on_language_change
from mainmerah.pages.parts import game_puzzles, puzzle_games, weak_listener
from mainmerah.teach.lesson import Feedback, para


def can_print() -> bool:
    """Whether this kernel can draw sheets (matplotlib is there)."""
    return importlib.util.find_spec("matplotlib") is not None


def choices() -> list[tuple[str, str]]:
    """(label, key) of every sheet on offer: ``rules:<game>``, ``puzzles:<game>:<level>``."""
    out = [(_("Rules sheet: {game}").format(game=_(registry.get(g).title)), f"rules:{g}")
           for g in registry.games_with("sheet")]
    if can_print():
        for game in puzzle_games():  # (the registry's puzzles: matplotlib is imported only to make a sheet)
            for level in sorted({p.level for p in game_puzzles(game)}):
                out.append((_("Puzzle worksheet: {game}, level {level}").format(
                    game=_(registry.get(game).title), level=level), f"puzzles:{game}:{level}"))
    return out


def make_pdf(key: str) -> tuple[bytes, str]:
    """The PDF bytes and a file name for a sheet key; an unknown key raises ValueError naming it."""
    from mainmerah.core.i18n import language
    from mainmerah.sheets import puzzles_pdf, rules_pdf

    offered = {k for _label, k in choices()}
    if key not in offered:
        raise ValueError(_("there is no sheet {key!r}").format(key=key))
    kind, game, *rest = key.split(":")
    if kind == "rules":
        return rules_pdf(game), f"{game}-rules-{language()}.pdf"
    level = int(rest[0])
    data = puzzles_pdf(game, level)
    if data is None:
        raise ValueError(_("there is no sheet {key!r}").format(key=key))
    return data, f"{game}-puzzles-level{level}-{language()}.pdf"


def pdf_link(data: bytes, filename: str) -> str:
    """A download link carrying the PDF itself."""
    href = "data:application/pdf;base64," + base64.b64encode(data).decode("ascii")
    label = escape(_("Download {name}").format(name=filename))
    return f'<a class="mm-sheet-link" download="{escape(filename)}" href="{href}">⬇ {label}</a>'


class SheetsPanel(W.VBox):
    """A choice of sheet, a Make button and the download link (``mm-sheets``)."""

    def __init__(self, game: str | None = None) -> None:
        self.title = W.HTML()
        self.note = W.HTML()
        self.pick = W.Dropdown(layout=W.Layout(width="auto", max_width="420px"))
        self.pick.add_class("mm-sheet-pick")
        self.pick.add_class("mm-sr-label")  # its name is for screen readers; the heading says it to the eye
        self.make = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.make.add_class("mm-sheet-make")
        self.make.on_click(lambda _b: self.build())
        self.message = Feedback()
        self.link = W.HTML()
        row = W.Box([self.pick, self.make])
        row.add_class("mm-nav")
        super().__init__([self.title, self.note, row, self.message, self.link])
        self.add_class("mm-sheets")
        self.layout.max_width = "980px"  # as wide as the classroom above it
        self._relabel()
        if game in registry.games_with("sheet"):
            self.pick.value = f"rules:{game}"  # the classroom's own game first
        on_language_change(weak_listener(self._relabel))

    def _relabel(self) -> None:
        self.title.value = f"<h3 style='margin:6px 0'>{escape(_('Printable sheets'))}</h3>"
        self.note.value = para(_("A one-page rules sheet for each game, and puzzle worksheets with their answers, "
                                 "made from the rules, cards and puzzles the app plays by, in the page's language."))
        self.pick.description = _("Printable sheet")
        key = self.pick.value
        self.pick.options = choices()
        if key in {k for _label, k in self.pick.options}:
            self.pick.value = key
        self.make.description = _("Make the PDF")
        self.link.value = ""  # a sheet made in the other language is not offered under this one's labels
        self.message.clear()
        if not can_print():
            self.make.disabled = True
            self.message.say(_("Printing needs matplotlib, which this page does not have; `make sheets` writes "
                               "every sheet on a computer with the app installed."), "info", verdict=False)

    def build(self) -> bytes | None:
        key = self.pick.value
        try:
            data, name = make_pdf(str(key))
        except ValueError as e:
            self.link.value = ""
            self.message.say(_("That sheet cannot be made: {why}.").format(why=e), "bad", verdict=False)
            return None
        self.message.say(_("{name} is ready ({size} KB).").format(name=name, size=round(len(data) / 1024)), "good",
                         verdict=False)
        self.link.value = pdf_link(data, name)
        return data


__all__ = ["SheetsPanel", "choices", "make_pdf", "pdf_link"]
