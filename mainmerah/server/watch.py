"""The teacher's view of the shared tables: the list on the teacher's page, and one table watched face up.

Drawn by the server from the table server's store (``mainmerah.server.tables``), without a kernel, behind the
teacher's key like the rest of the teacher's page. The list says, per table: the game, its code, who sits where
(a person's name or a computer's level, connected or not), whose turn it is and the scores; each table can be
watched (every hand face up, to talk a position through with the class) or closed. Names are what students
typed: escaped wherever they are shown. Imports neither ipywidgets nor any game's folder: a game's hands are
its views' ``hand`` (every game's view has one: tests/core/test_conformance.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import urlencode

from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import level_name
from mainmerah.draw.svg import cards_html
from mainmerah.server.tables.seats import COMPUTER, Seat
from mainmerah.server.tables.store import Table
from mainmerah.server.teacher import game_title

CSS = """
.mmt-shared h2 { font-size: 1.25rem; margin: 20px 0 6px; }
.mmt-seats { margin: 0; padding: 0; list-style: none; }
.mmt-seats li { white-space: nowrap; }
.mmt-on { color: #1b6e20; } .mmt-off { color: #6b5f57; }
.mmt-turn { font-weight: 600; }
.mmt-row-actions { display: flex; gap: 6px; align-items: center; }
.mmt-row-actions form { margin: 0; }
.mmt-row-actions a, .mmt-row-actions button { font: inherit; font-size: 0.9rem; padding: 3px 10px;
  border-radius: 6px; border: 1px solid #8e1212; background: #fff; color: #8e1212; text-decoration: none;
  cursor: pointer; }
.mmt-hands { display: grid; gap: 10px; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); }
.mmt-hand { background: #fff; border: 1px solid #d9cdc4; border-radius: 8px; padding: 8px 10px; }
.mmt-hand h3 { margin: 0 0 6px; font-size: 1rem; }
.mmt-hand.mmt-moving { border-color: #b71c1c; box-shadow: 0 0 0 2px #b71c1c33; }
.mmt-hand .mm-cards { display: flex; flex-wrap: wrap; gap: 3px; }
.mmt-log { max-height: 24em; overflow-y: auto; background: #fff; border: 1px solid #d9cdc4; border-radius: 8px;
  padding: 8px 10px 8px 2.4em; margin: 0; }
.mmt-log li { margin: 2px 0; }
@media (max-width: 600px) {  /* one table a block: nothing to scroll sideways for, the buttons in reach */
  .mmt-shared-tables thead { display: none; }
  .mmt-shared-tables, .mmt-shared-tables tbody, .mmt-shared-tables tr, .mmt-shared-tables td { display: block; }
  .mmt-shared-tables tr { padding: 6px 0; border-bottom: 1px solid #eee3db; }
  .mmt-shared-tables td { border: 0; padding: 2px 10px; white-space: normal; } }
"""


def seat_label(seat: Seat, names: Sequence[str]) -> str:
    """A seat as the teacher reads it: the name, a computer's level, and whether a person is connected."""
    name = escape(names[seat.index])
    if seat.kind == COMPUTER:
        return f'{name} <span class="mmt-off">({escape(level_name(seat.level))})</span>'
    if not seat.token:
        return f'<span class="mmt-off">{escape(_("free seat"))}</span>'
    state = (f'<span class="mmt-on">{escape(_("connected"))}</span>' if seat.connected
             else f'<span class="mmt-off">{escape(_("not connected"))}</span>')
    return f"{name} · {state}"


def turn_text(table: Table) -> str:
    d = table.game.decision
    if d is None:
        return _("Game over")
    if table.seats[d.seat].free:
        return _("Seat {n} to play: nobody has taken it yet").format(n=d.seat + 1)
    return _("{name} to play").format(name=table.names()[d.seat])


def scores_text(table: Table) -> str:
    return " · ".join(f"{name} {score}" for name, score in zip(table.names(), table.game.scores, strict=True))


def tables_fragment(tables: Sequence[Table], key: str, lang: str, xsrf_form: str) -> str:
    """The shared tables, for the teacher's page (its live part): one row per table, newest code order."""
    title = escape(_("Shared tables"))
    if not tables:
        empty = escape(_("No shared table yet."))
        return f'<section class="mmt-shared"><h2>{title}</h2><p class="mmt-empty">{empty}</p></section>'
    count = escape(ngettext("{n} table", "{n} tables", len(tables)).format(n=len(tables)))
    heads = [_("Game"), _("Code"), _("Seats"), _("Turn"), _("Scores"), ""]
    rows = []
    for t in sorted(tables, key=lambda t: t.code):
        names = t.names()
        seats = "".join(f"<li>{seat_label(s, names)}</li>" for s in t.seats)
        watch = escape(f"teacher/table?{urlencode({'code': t.code, 'key': key, 'lang': lang})}")
        actions = (f'<div class="mmt-row-actions"><a href="{watch}" class="mmt-watch">{escape(_("Watch"))}</a>'
                   f'<form method="post" action="teacher/table/close">{xsrf_form}'
                   f'<input type="hidden" name="key" value="{escape(key)}">'
                   f'<input type="hidden" name="lang" value="{escape(lang)}">'
                   f'<input type="hidden" name="code" value="{escape(t.code)}">'
                   f'<button type="submit" class="mmt-close">{escape(_("Close"))}</button></form></div>')
        cells = [escape(game_title(t.game_name)), f"<code>{escape(t.code)}</code>",
                 f'<ul class="mmt-seats">{seats}</ul>', f'<span class="mmt-turn">{escape(turn_text(t))}</span>',
                 escape(scores_text(t)), actions]
        rows.append(f'<tr data-code="{escape(t.code)}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    return (f'<section class="mmt-shared"><h2>{title} <small>{count}</small></h2><div class="mmt-scroll">'
            f'<table class="mmt-table mmt-shared-tables"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></section>')


def watch_fragment(table: Table) -> str:
    """One table face up: every hand, whose turn, the scores, and everything that happened, in words."""
    game, names = table.game, table.names()
    d = game.decision
    hands = []
    for s in table.seats:
        hand = tuple(game.view(s.index).hand)
        moving = " mmt-moving" if d is not None and d.seat == s.index else ""
        size = escape(ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand)))
        hands.append(f'<section class="mmt-hand{moving}" data-seat="{s.index}"><h3>{seat_label(s, names)} '
                     f'<small>{size}</small></h3>{cards_html(hand, width=40, empty=_("no cards"))}</section>')
    log = "".join(f"<li>{escape(e.explain(names, None))}</li>" for e in game.events)
    return (f'<p class="mmt-stamp"><span class="mmt-turn">{escape(turn_text(table))}</span> · '
            f'{escape(scores_text(table))}</p><div class="mmt-hands">{"".join(hands)}</div>'
            f'<h2>{escape(_("What happened"))}</h2><ol class="mmt-log">{log}</ol>')


def watch_title(table: Table) -> str:
    return _("{game}, table {code}, every hand face up").format(
        game=game_title(table.game_name), code=table.code)
