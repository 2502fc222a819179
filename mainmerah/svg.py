"""Cards drawn as SVG by the package itself (no image files), and HTML views.

Presentation only: the rules never import this module. Colours meet WCAG AA
contrast on white, and the suit symbol is always printed, so red and black
never depend on colour vision alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING

from .card import Card
from .i18n import _

if TYPE_CHECKING:
    from .game import Game

# Two-colour deck: red / black. Four-colour deck: each suit its own colour.
TWO_COLOUR = {"H": "#b71c1c", "D": "#b71c1c", "C": "#111111", "S": "#111111"}
FOUR_COLOUR = {"H": "#b71c1c", "D": "#0d47a1", "C": "#1b5e20", "S": "#111111"}


def card_svg(card: Card | None, width: int = 64, *, face_down: bool = False, four_colour: bool = False,
             highlight: str | None = None, label: str | None = None) -> str:
    """One card as an inline SVG. ``card=None`` or ``face_down`` draws the back.

    ``highlight`` ("select", "match", "hint") draws a coloured outline.
    """
    h = round(width * 1.4)
    ring = {"select": "#f9a825", "match": "#2e7d32", "hint": "#6a1b9a"}.get(highlight or "", "")
    stroke = f'stroke="{ring}" stroke-width="4"' if ring else 'stroke="#555" stroke-width="1"'
    if card is None or face_down:
        name = escape(label or _("face-down card"))
        return (
            f'<svg class="mm-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
            f'viewBox="0 0 100 140" role="img" aria-label="{name}"><title>{name}</title>'
            f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#1e3a5f" {stroke}/>'
            '<rect x="10" y="10" width="80" height="120" rx="5" fill="none" stroke="#e0c068" stroke-width="2"/>'
            '<path d="M50 30 L75 70 L50 110 L25 70 Z" fill="#e0c068" opacity="0.85"/></svg>'
        )
    colour = (FOUR_COLOUR if four_colour else TWO_COLOUR)[card.suit]
    rank = card.rank_text
    sym = card.symbol
    name = escape(label or card.name())
    size = 30 if len(rank) > 1 else 34
    return (
        f'<svg class="mm-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{name}"><title>{name}</title>'
        f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" {stroke}/>'
        f'<text x="9" y="36" font-family="DejaVu Sans, Arial, sans-serif" font-size="{size}" '
        f'font-weight="700" fill="{colour}">{rank}</text>'
        f'<text x="10" y="66" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="{colour}">{sym}</text>'
        f'<text x="62" y="122" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
        f'font-size="58" fill="{colour}">{sym}</text>'
        + (f'<text x="91" y="132" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" '
           f'font-size="16" font-weight="700" fill="{colour}">{card.points}</text>' if card.red else "")
        + "</svg>"
    )


def card_html(card: Card, width: int = 64, **kw: object) -> str:
    return f'<span class="mm-card" style="display:inline-block;margin:2px">{card_svg(card, width, **kw)}</span>'  # type: ignore[arg-type]


def cards_html(cards: Iterable[Card], width: int = 56, empty: str = "", **kw: object) -> str:
    items = "".join(card_html(c, width, **kw) for c in cards)
    if not items:
        items = f'<span style="color:#555;font-style:italic">{escape(empty or _("(none)"))}</span>'
    return f'<div class="mm-cards" style="display:flex;flex-wrap:wrap;gap:2px;align-items:center">{items}</div>'


def backs_html(n: int, width: int = 40) -> str:
    label = _("{n} face-down cards").format(n=n)
    return (f'<span class="mm-backs" aria-label="{escape(label)}" style="display:inline-flex;align-items:center;gap:4px">'
            f"{card_svg(None, width, label=label)}<b>{n}</b></span>")


def _row(title: str, body: str) -> str:
    return (f'<div style="margin:4px 0"><div style="font-weight:600;color:#333">{escape(title)}</div>'
            f"{body}</div>")


def game_html(game: Game, names: Sequence[str] | None = None) -> str:
    """The whole state (every hand shown: this is the developer's view)."""
    from .explain import seat_name

    parts = [f'<div class="mm-game" style="font-family:sans-serif">'
             f"<div><b>{escape(repr(game))}</b></div>"]
    parts.append(_row(_("Table"), cards_html(game.table, empty=_("(empty)"))))
    parts.append(_row(_("Stock"), backs_html(game.stock_size)))
    for seat in range(game.players):
        who = seat_name(seat, names)
        turn = " ◀" if not game.is_over and game.seat == seat else ""
        parts.append(_row(f"{who}{turn} — " + _("hand"), cards_html(game.hands[seat], empty=_("(empty)"))))
        parts.append(_row(f"{who} — " + _("pile: {n} points").format(n=game.scores[seat]),
                          cards_html(game.piles[seat], width=36, empty=_("(empty)"))))
    parts.append("</div>")
    return "".join(parts)
