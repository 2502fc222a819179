"""The story of the game in words, and the game-over view.

Both are parts of the table's board (drawn by the page from one model).
Every line comes from the engine's event log (``event.explain``), so the
panel says exactly what the rules did: why a pair paired, what it was worth,
why a card stayed, why a deal was redone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mainmerah.core.contract import Event
from mainmerah.core.i18n import _, language
from mainmerah.draw.text import esc
from mainmerah.table.board import Part

SETTLE_BLOCK = 8  # story lines per block of the settled log (see show)



def _li(cls: str, text: str) -> str:
    return f'<li class="{cls}">{esc(text)}</li>'


class ExplanationPanel:
    """"What just happened" (the last step) above the whole log so far: parts of the table's board."""

    def __init__(self) -> None:
        self.heading = Part("mm-h")
        self.latest: list[list[str]] = []  # the step just shown, as [classes, text] per event
        self.log_heading = Part("mm-h")
        self.items: list[list[str]] = []  # the log as [classes, text] per event, drawn by the page
        self.lines: list[str] = []  # plain text of every narrated event (for tests and lessons)
        self.settled = 0  # items[:settled] change rarely and go to the page apart from the recent ones
        self.fresh = 0  # items[fresh:] are the lines of the step shown
        self._key: tuple = ()
        self._text: dict[Event, str] = {}

    def _explained(self, e: Event, names: Sequence[str], you: int | None) -> str:
        text = self._text.get(e)
        if text is None:
            text = self._text[e] = _("Game over.") if e.kind == "end" else e.explain(list(names), you)
        return text

    def show(self, events: Sequence[Event], step: Sequence[Event], names: Sequence[str], you: int | None) -> None:
        self.heading.set(_("What just happened"))
        self.log_heading.set(_("Game log"))
        # Each redraw shows the whole log: explain each event once per language and set of names.
        key = (tuple(names), you, language())
        if key != self._key:
            self._key, self._text = key, {}
        texts = [self._explained(e, names, you) for e in events]
        self.lines = texts
        # The lines of this step are marked new by their number (``fresh``), not in the lines, so a
        # line never changes once told: the page gets the log as a settled head, sent again only
        # when it grows by a block, and the few recent lines, the only ones most steps send.
        self.fresh = len(events) - len(step)
        self.settled = len(events) // SETTLE_BLOCK * SETTLE_BLOCK
        self.items = [[f"mm-ev mm-ev-{e.kind}", t] for e, t in zip(events, texts, strict=True)]
        self.latest = self.items[self.fresh:] or self.items[-1:]  # the step's lines (``step`` ends ``events``)

    @property
    def log_box(self) -> Part:
        """The whole log as HTML (the page draws it from ``items``; this is for reading it in Python)."""
        box = Part("mm-log")
        box.set("<ol>" + "".join(_li(("mm-new-ev " if i >= self.fresh else "") + c, t)
                                 for i, (c, t) in enumerate(self.items)) + "</ol>")
        return box

    def state(self) -> dict[str, Any]:
        return {"heading": self.heading.value, "log_heading": self.log_heading.value, "latest": self.latest,
                "fresh": self.fresh}


class GameOverView(Part):
    """The end of a game, in its own words (its presenter's ``game_over_html``)."""

    def __init__(self) -> None:
        super().__init__("mm-gameover", "mm-hidden")
        self.body = Part("mm-gameover-body")

    def hide(self) -> None:
        self.add_class("mm-hidden")

    def show_html(self, html: str) -> None:
        """Show a game's own end-of-game view (each game scores its own way)."""
        self.body.set(html)
        self.remove_class("mm-hidden")
