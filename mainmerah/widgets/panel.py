"""The story of the game in words, and the game-over view.

Every line comes from the engine's event log (``event.explain``), so the
panel says exactly what the rules did: why a pair paired, what it was worth,
why a card stayed, why a deal was redone.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from ..card import cards_text
from ..events import End, Event
from ..explain import seat_name, stranded_text
from ..i18n import _, language
from ..score import TOTAL_POINTS, score_card
from .cards import LazyHTML, fan_html, shared
from .text import esc


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def event_line(e: Event, names: Sequence[str], you: int | None) -> str:
    """One event as a list item; the end of the game gets the game-over view instead of a paragraph."""
    if isinstance(e, End):
        text = _("Game over.")
    else:
        text = e.explain(list(names), you)
    return f'<li class="mm-ev mm-ev-{e.kind}">{esc(text)}</li>'


class ExplanationPanel(w.VBox):
    """"What just happened" (the last step) above the whole log so far."""

    def __init__(self) -> None:
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self.latest = LazyHTML()
        self.latest.add_class("mm-latest")
        self.log_heading = LazyHTML()
        self.log_heading.add_class("mm-h")
        self.log_box = LazyHTML()
        self.log_box.add_class("mm-log")
        self.log_box.tabbable = True  # it scrolls: keyboard users must be able to reach it (named by the page script)
        super().__init__([self.heading, self.latest, self.log_heading, self.log_box], layout=shared("layout"))
        self.add_class("mm-panel")
        self.lines: list[str] = []  # plain text of every narrated event (for tests and lessons)
        self._key: tuple = ()
        self._text: dict[Event, str] = {}

    def _explained(self, e: Event, names: Sequence[str], you: int | None) -> str:
        text = self._text.get(e)
        if text is None:
            text = self._text[e] = _("Game over.") if isinstance(e, End) else e.explain(list(names), you)
        return text

    def show(self, events: Sequence[Event], step: Sequence[Event], names: Sequence[str], you: int | None) -> None:
        self.heading.set(esc(_("What just happened")))
        self.log_heading.set(esc(_("Game log")))
        # Each redraw shows the whole log: explain each event once per language and set of names.
        key = (tuple(names), you, language())
        if key != self._key:
            self._key, self._text = key, {}
        texts = [self._explained(e, names, you) for e in events]
        self.lines = texts
        fresh = len(events) - len(step)
        items = [f'<li class="mm-ev mm-ev-{e.kind}">{esc(t)}</li>' for e, t in zip(events, texts, strict=True)]
        for i in range(fresh, len(items)):
            items[i] = items[i].replace('class="mm-ev ', 'class="mm-new-ev mm-ev ', 1)
        self.log_box.set(f"<ol>{''.join(items)}</ol>")
        latest = [f'<li class="mm-ev mm-ev-{e.kind}">{esc(self._explained(e, names, you))}</li>' for e in step]
        latest = latest or items[-1:]
        self.latest.set(f"<ul>{''.join(latest)}</ul>")


class GameOverView(w.VBox):
    """Each pile scored card by card, the winner, and any stranded cards explained."""

    def __init__(self) -> None:
        self.body = LazyHTML()
        self.body.add_class("mm-gameover-body")
        self.buttons = w.HBox(layout=shared("layout"))
        self.buttons.add_class("mm-actions")
        super().__init__([self.body, self.buttons], layout=shared("layout"))
        self.add_class("mm-gameover")
        self.add_class("mm-hidden")

    def hide(self) -> None:
        self.add_class("mm-hidden")

    def show(self, end: End, names: Sequence[str], you: int | None) -> None:
        self.body.set(game_over_html(end, names, you))
        self.remove_class("mm-hidden")


def game_over_html(end: End, names: Sequence[str], you: int | None) -> str:
    winners = end.winners
    if len(winners) == 1:
        w0 = winners[0]
        if w0 == you:
            head = _("You win with {n} points!").format(n=end.scores[w0])
        else:
            head = _("{who} wins with {n} points.").format(who=_cap(seat_name(w0, names, you)), n=end.scores[w0])
    else:
        head = _("A shared win at {n} points: {who}.").format(
            n=end.scores[winners[0]], who=", ".join(seat_name(s, names, you) for s in winners))
    parts = [f'<div class="mm-h">{esc(_("Game over"))}</div><div class="mm-winner">{esc(head)}</div>']
    order = sorted(range(len(end.piles)), key=lambda s: -end.scores[s])
    for seat in order:
        pile = end.piles[seat]
        who = _cap(seat_name(seat, names, you))
        red = [c for c in pile if c.red]
        black = len(pile) - len(red)
        note = _("{red} red cards score, {black} black cards score 0").format(red=len(red), black=black)
        parts.append(
            f'<div class="mm-seatscore" data-seat="{seat}" data-score="{end.scores[seat]}">'
            f"<b>{esc(who)}: {esc(_('{n} points').format(n=end.scores[seat]))}</b> "
            f'<span class="mm-sub">({esc(note)})</span>'
            f"<div>{fan_html(red, 's', empty=_('no red cards'), tight=False)}</div>"
            f'<div class="mm-sum">{esc(score_card(pile))}</div></div>'
        )
    total = sum(end.scores)
    if end.stranded:
        left = _("Left on the table: {cards}").format(cards=cards_text(end.stranded))
        parts.append(
            f'<div class="mm-stranded"><b>{esc(left)}</b>'
            f"<div>{fan_html(list(end.stranded), 's', tight=False)}</div>"
            f"<div>{esc(stranded_text(end.stranded, end.start_table))}</div>"
            f"<div>{esc(_('Points in the piles: {total} of {all}.').format(total=total, all=TOTAL_POINTS))}</div>"
            "</div>"
        )
    elif total == TOTAL_POINTS:
        clean = _("The table is empty: all {all} points were captured.").format(all=TOTAL_POINTS)
        parts.append(f'<div class="mm-sub">{esc(clean)}</div>')
    return "".join(parts)
