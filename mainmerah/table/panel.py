"""The story of the game in words, and the game-over view.

Both are parts of the table's board (drawn by the page from one model).
Every line comes from the engine's event log (``event.explain``), so the
panel says exactly what the rules did: why a pair paired, what it was worth,
why a card stayed, why a deal was redone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mainmerah.core.cards import cards_text
from mainmerah.core.i18n import _, language
from mainmerah.families.fishing.events import End, Event
from mainmerah.families.fishing.explain import capitalized, seat_name, stranded_text
from mainmerah.families.fishing.rules import MAIN_MERAH_POINTS
from mainmerah.families.fishing.score import score_card
from mainmerah.families.fishing.ui.text import esc
from mainmerah.table.board import Part
from mainmerah.table.cards import fan_html

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
    """Each pile scored card by card, the winner, and any stranded cards explained."""

    def __init__(self) -> None:
        super().__init__("mm-gameover", "mm-hidden")
        self.body = Part("mm-gameover-body")

    def hide(self) -> None:
        self.add_class("mm-hidden")

    def show(self, end: End, names: Sequence[str], you: int | None) -> None:
        self.show_html(game_over_html(end, names, you))

    def show_html(self, html: str) -> None:
        """Show a game's own end-of-game view (each game scores its own way)."""
        self.body.set(html)
        self.remove_class("mm-hidden")


def game_over_html(end: End, names: Sequence[str], you: int | None,
                   points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """The end of a fishing game: each pile scored card by card (``points``: the ruleset's, by card index)."""
    winners = end.winners
    if len(winners) == 1:
        w0 = winners[0]
        if w0 == you:
            head = _("You win with {n} points!").format(n=end.scores[w0])
        else:
            head = _("{who} wins with {n} points.").format(who=capitalized(seat_name(w0, names, you)), n=end.scores[w0])
    else:
        head = _("A shared win at {n} points: {who}.").format(
            n=end.scores[winners[0]], who=", ".join(seat_name(s, names, you) for s in winners))
    parts = [f'<div class="mm-h">{esc(_("Game over"))}</div><div class="mm-winner">{esc(head)}</div>']
    order = sorted(range(len(end.piles)), key=lambda s: -end.scores[s])
    for seat in order:
        pile = end.piles[seat]
        who = capitalized(seat_name(seat, names, you))
        red = [c for c in pile if points[c.index]]  # the scoring cards: red, and Chinese Ten's black Aces
        black = len(pile) - len(red)
        if any(not c.red for c in red):
            note = _("{n} cards score, {rest} score 0").format(n=len(red), rest=black)
        else:
            note = _("{red} red cards score, {black} black cards score 0").format(red=len(red), black=black)
        parts.append(
            f'<div class="mm-seatscore" data-seat="{seat}" data-score="{end.scores[seat]}">'
            f"<b>{esc(who)}: {esc(_('{n} points').format(n=end.scores[seat]))}</b> "
            f'<span class="mm-sub">({esc(note)})</span>'
            f"<div>{fan_html(red, 's', empty=_('no red cards'), tight=False)}</div>"
            f'<div class="mm-sum">{esc(score_card(pile, points))}</div></div>'
        )
    total, all_points = sum(end.scores), sum(points)
    if end.stranded:
        left = _("Left on the table: {cards}").format(cards=cards_text(end.stranded))
        parts.append(
            f'<div class="mm-stranded"><b>{esc(left)}</b>'
            f"<div>{fan_html(list(end.stranded), 's', tight=False)}</div>"
            f"<div>{esc(stranded_text(end.stranded, end.start_table))}</div>"
            f"<div>{esc(_('Points in the piles: {total} of {all}.').format(total=total, all=all_points))}</div>"
            "</div>"
        )
    elif total == all_points:
        clean = _("The table is empty: all {all} points were captured.").format(all=all_points)
        parts.append(f'<div class="mm-sub">{esc(clean)}</div>')
    return "".join(parts)
