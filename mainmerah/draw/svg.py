"""Cards drawn as SVG by the package itself (no image files), and HTML views.

Presentation only: the rules never import this module, and it knows no game. Colours meet
WCAG AA contrast on white, and the suit symbol is always printed, so red and black never
depend on colour vision alone. A card carries a points badge (and says its points) only when
the caller passes them: the game shown decides (``GameUI.points``), the drawing has no default.

The same drawing serves the rich display of a notebook (``Card``, ``Game``,
:class:`CardRow`, a ``SeatView``) and the widgets, which use
:func:`card_data_uri` as a CSS background so a card button stays one element.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape
from urllib.parse import quote

from mainmerah.core.cards import BIG_JOKER, Card, card_label
from mainmerah.core.i18n import _
from mainmerah.draw.glyphs import text_path

Price = Callable[[Card], int]  # a card's points in the game shown (given by the caller, never assumed)

# Two-colour deck: red / black. Four-colour deck: each suit its own colour.
TWO_COLOUR = {"H": "#b71c1c", "D": "#b71c1c", "C": "#111111", "S": "#111111"}
FOUR_COLOUR = {"H": "#b71c1c", "D": "#0d47a1", "C": "#1b5e20", "S": "#111111"}
RINGS = {"select": "#e6a100", "match": "#2e7d32", "hint": "#6a1b9a", "choice": "#2e7d32"}
BACK = "#8e1b1b"  # "main merah": the backs are red too, but plainly backs (no rank, a lattice)


def card_name(card: Card, points: int | None = None) -> str:
    """A card's spoken name: game-neutral, with ``points`` only when the caller gives them."""
    return card_label(card, points)


def _face(card: Card, colour: str, points: int | None = None) -> str:
    """The inside of a face-up card in a 100 x 140 box (one group carries the colour).

    Rank, suit and points are outlines (:mod:`mainmerah.draw.glyphs`), not text: no font needed.
    ``points``: the badge's number (the game shown counts points on its cards); None or 0: no badge.
    """
    rank, sym = card.rank_text, card.symbol
    size = 30 if len(rank) > 1 else 34
    parts = [
        # The class lets a page recolour inline cards live (the four-colour deck, widgets/a11y.py).
        f'<g class="mm-suit-{card.suit}" fill="{colour}">',
        text_path(rank, 8, 34, size, bold=True, spacing=-2),
        text_path(sym, 10, 62, 26),
        text_path(sym, 60, 112, 62, anchor="middle"),
    ]
    value = int(points or 0)
    if value:
        # The points badge: only scoring cards of a game that counts them (Main Merah's red cards...).
        w = 18 + 10 * len(str(value))
        parts.append(
            f'<rect x="{94 - w}" y="114" width="{w}" height="20" rx="10"/>'
            f'<g fill="#fff">{text_path(str(value), 94 - w // 2, 129, 15, bold=True, anchor="middle")}</g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _back() -> str:
    lattice = "".join(
        f'<path d="M{x} 12 L{x + 60} 128 M{x + 60} 12 L{x} 128" stroke="#c9a94d" stroke-width="1.2" opacity="0.55"/>'
        for x in (-40, -10, 20, 50, 80)
    )
    return (
        f'<rect x="8" y="8" width="84" height="124" rx="6" fill="{BACK}"/>'
        f'<svg x="8" y="8" width="84" height="124" viewBox="8 8 84 124">{lattice}</svg>'
        '<rect x="8" y="8" width="84" height="124" rx="6" fill="none" stroke="#e0c068" stroke-width="2.5"/>'
        '<path d="M50 46 L66 70 L50 94 L34 70 Z" fill="#e0c068" stroke="#5a0f0f" stroke-width="2"/>'
    )


def card_body(card: Card | None, *, face_down: bool = False, four_colour: bool = False,
              highlight: str | None = None, points: int | None = None) -> str:
    """The SVG elements of one card (no ``<svg>`` wrapper), in a 100 x 140 box.

    ``points``: the card's points in the game shown, drawn as a badge; None (or 0): no badge.
    """
    ring = RINGS.get(highlight or "", "")
    stroke = f'stroke="{ring}" stroke-width="6"' if ring else 'stroke="#6b6b6b" stroke-width="1.5"'
    if card is None or face_down:
        return f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" {stroke}/>' + _back()
    if card.joker:
        return f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" {stroke}/>' + _joker(card)
    colour = (FOUR_COLOUR if four_colour else TWO_COLOUR)[card.suit]
    return f'<rect x="2" y="2" width="96" height="136" rx="9" fill="#ffffff" {stroke}/>' + _face(card, colour, points)


def _star(cx: float, cy: float, r: float) -> str:
    from math import cos, pi, sin

    pts = []
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.45
        a = -pi / 2 + i * pi / 5
        pts.append(f"{cx + rad * cos(a):.1f},{cy + rad * sin(a):.1f}")
    return " ".join(pts)


JOKER_WORD = "JOKER"


def _joker(card: Card) -> str:
    """A joker: "JOKER" down its left edge (never a lone "J" that reads as a Jack) and a star;
    the big joker red and filled, the small one black and hollow."""
    big = card.rank == BIG_JOKER
    colour = "#b71c1c" if big else "#111111"
    star = _star(62, 74, 30)
    fill = f'fill="{colour}"' if big else f'fill="none" stroke="{colour}" stroke-width="5"'
    word = "".join(text_path(ch, 18, 30 + 21 * i, 19, bold=True, anchor="middle")
                   for i, ch in enumerate(JOKER_WORD))
    return f'<g fill="{colour}">{word}</g><polygon points="{star}" {fill}/>'


def card_svg(card: Card | None, width: int = 64, *, face_down: bool = False, four_colour: bool = False,
             highlight: str | None = None, label: str | None = None, points: int | None = None) -> str:
    """One card as an inline SVG. ``card=None`` or ``face_down`` draws the back.

    ``highlight`` ("select", "match", "hint", "choice") draws a coloured outline; ``points`` (given by
    the game shown) draws the badge and is said in the card's name; None: neither.
    """
    h = round(width * 1.4)
    back = card is None or face_down
    name = escape(label or (_("face-down card") if back else card_name(card, points)))  # type: ignore[arg-type]
    body = card_body(card, face_down=face_down, four_colour=four_colour, highlight=highlight, points=points)
    return (
        f'<svg class="mm-svg" xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" '
        f'viewBox="0 0 100 140" role="img" aria-label="{name}"><title>{name}</title>{body}</svg>'
    )


def card_data_uri(card: Card | None, *, four_colour: bool = False, points: int | None = None) -> str:
    """The card as a ``data:`` URI (for a CSS ``background-image``)."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140">'
           + card_body(card, four_colour=four_colour, points=points) + "</svg>").replace('"', "'")
    # Single quotes inside need no escaping in url("..."); "#" and "<>" must be escaped.
    return "data:image/svg+xml," + quote(svg, safe=" =:/,.-'")


def card_html(card: Card, width: int = 64, **kw: object) -> str:
    svg = card_svg(card, width, **kw)  # type: ignore[arg-type]
    return f'<span class="mm-card-img" style="display:inline-block;margin:2px;line-height:0">{svg}</span>'


def cards_html(cards: Iterable[Card], width: int = 56, empty: str = "", price: Price | None = None,
               **kw: object) -> str:
    """Cards in a wrapping row; ``price``: each card's points in the game shown (None: no points)."""
    items = "".join(card_html(c, width, points=None if price is None else price(c), **kw) for c in cards)
    if not items:
        items = f'<span style="color:#555;font-style:italic">{escape(empty or _("(none)"))}</span>'
    return f'<div class="mm-cards" style="display:flex;flex-wrap:wrap;gap:2px;align-items:center">{items}</div>'


def fan_html(cards: Sequence[Card], width: int = 30, overlap: float = 0.55, empty: str = "",
             face_down: bool = False, four_colour: bool = False, price: Price | None = None) -> str:
    """Cards overlapping like a fanned pile (scoring red cards stay readable: the rank is top-left)."""
    if not cards:
        return f'<span class="mm-none">{escape(empty or _("(none)"))}</span>'
    step = -round(width * overlap)
    worth = [None if price is None else price(c) for c in cards]
    items = "".join(
        f'<span style="display:inline-block;line-height:0;margin-left:{0 if i == 0 else step}px">'
        f"{card_svg(c, width, face_down=face_down, four_colour=four_colour, points=worth[i])}</span>"
        for i, c in enumerate(cards)
    )
    return f'<span class="mm-fan" style="display:inline-flex;flex-wrap:wrap;row-gap:4px">{items}</span>'


def backs_html(n: int, width: int = 40) -> str:
    label = _("{n} face-down cards").format(n=n)
    return (f'<span class="mm-backs" role="img" aria-label="{escape(label)}" '
            f'style="display:inline-flex;align-items:center;gap:6px">'
            f'{card_svg(None, width, label=label)}<b style="font-size:1.2em">{n}</b></span>')


class CardRow(tuple):  # type: ignore[type-arg]
    """A tuple of cards that draws itself in a notebook: ``CardRow(g.hands[0])``."""

    def __new__(cls, cards: Iterable[Card | str] = ()) -> CardRow:
        return super().__new__(cls, (Card.parse(c) for c in cards))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardRow({str(self)!r})"

    def _repr_html_(self) -> str:  # plain cards: a row of cards belongs to no game
        return cards_html(self, empty=_("(no cards)"))

    def _repr_svg_(self) -> str:
        return row_svg(self)


def row_svg(cards: Sequence[Card], width: int = 56, gap: int = 4, price: Price | None = None) -> str:
    """Several cards side by side as one standalone SVG image (``price``: their points, if the game counts)."""
    h = round(width * 1.4)
    total = max(1, len(cards)) * (width + gap) - gap
    items = "".join(
        f'<svg x="{i * (width + gap)}" y="0" width="{width}" height="{h}" viewBox="0 0 100 140">'
        f"<title>{escape(card_name(c, p))}</title>{card_body(c, points=p)}</svg>"
        for i, (c, p) in enumerate((c, None if price is None else price(c)) for c in cards)
    )
    label = escape(" ".join(str(c) for c in cards) or _("(no cards)"))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{h}" role="img" '
            f'aria-label="{label}">{items}</svg>')
