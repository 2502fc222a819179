"""The fishing games drawn as HTML for a notebook: a whole game (every hand shown: the developer's
view) and what one seat sees. Each card carries the points its game gives it (``game.points``,
the view's ``value``): the drawing layer below has no game's defaults."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mainmerah.core.i18n import _
from mainmerah.draw.svg import backs_html, cards_html, fan_html
from mainmerah.families.fishing.explain import seat_name
from mainmerah.families.fishing.state import Game
from mainmerah.families.fishing.view import SeatView


def _row(title: str, body: str) -> str:
    return (f'<div style="margin:6px 0"><div style="font-weight:600;color:#333">{escape(title)}</div>'
            f"{body}</div>")


def game_html(game: Game, names: Sequence[str] | None = None) -> str:
    """The whole state (every hand shown: this is the developer's view)."""
    price = game.points
    turn_seat = None if game.is_over else game.seat
    state = _("game over") if game.is_over else _("{who} to {kind}").format(
        who=seat_name(game.seat, names), kind=_("play") if game.decision.kind == "play" else _("capture"),  # type: ignore[union-attr]
    )
    seed = "" if game.seed is None else _(", seed {seed}").format(seed=game.seed)
    head = _("{game}: {n} players, {variant}{seed}; {state}").format(
        game=_(game.rules.title), n=game.players, variant=game.variant.name, seed=seed, state=state)
    parts = [f'<div class="mm-game" style="font-family:sans-serif"><div><b>{escape(head)}</b></div>']
    middle = (f'<div style="display:flex;gap:16px;align-items:flex-start">'
              f'<div>{_row(_("Stock"), backs_html(game.stock_size))}</div>'
              f'<div>{_row(_("Table"), cards_html(game.table, empty=_("(empty)"), price=price))}</div></div>')
    parts.append(middle)
    if game.pending is not None and game.decision is not None:
        parts.append(_row(_("Waiting to capture"), cards_html([game.pending], highlight="select", price=price)
                          + cards_html(game.decision.options, highlight="choice", price=price)))
    for seat in range(game.players):
        who = seat_name(seat, names)
        turn = " ◀" if seat == turn_seat else ""
        pile = _("pile: {n} points").format(n=game.scores[seat])
        parts.append(_row(f"{who}{turn} — " + _("hand"),
                          cards_html(game.hands[seat], empty=_("(empty)"), price=price)))
        parts.append(_row(f"{who} — {pile}", fan_html(game.piles[seat], width=34, empty=_("(empty)"), price=price)))
    parts.append("</div>")
    return "".join(parts)


def view_html(view: SeatView, names: Sequence[str] | None = None) -> str:
    """What one seat sees: its hand, the table, the stock's size, every pile."""
    price = view.value
    me = view.seat
    parts = ['<div class="mm-seatview" style="font-family:sans-serif">']
    parts.append(f"<div><b>{escape(_('What {who} sees').format(who=seat_name(me, names)))}</b></div>")
    parts.append(_row(_("Table"), cards_html(view.table, empty=_("(empty)"), price=price)))
    parts.append(_row(_("Stock"), backs_html(view.stock_size)))
    for seat in range(view.players):
        who = seat_name(seat, names)
        if seat == me:
            parts.append(_row(f"{who} — " + _("hand"), cards_html(view.hand, empty=_("(empty)"), price=price)))
        else:
            parts.append(_row(f"{who} — " + _("hand"), backs_html(view.hand_sizes[seat], width=28)))
        pile = _("pile: {n} points").format(n=view.scores[seat])
        parts.append(_row(f"{who} — {pile}", fan_html(view.piles[seat], width=30, empty=_("(empty)"), price=price)))
    parts.append("</div>")
    return "".join(parts)
