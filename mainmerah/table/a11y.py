"""Accessibility helpers: the page script, the four-colour deck's sheet, visually hidden labels.

Plain ipywidgets 8 has no ``aria-*`` traits, so a small page script
(``mainmerah/static/a11y.js``) adds what the widgets cannot: each card button's
spoken name as ``aria-label`` (from its tooltip, ``Card.name()``), live regions for
the story panel and the prompts, the page's ``lang``, and focus that lands somewhere
sensible after a redraw. An HTML widget never runs a ``<script>``; an image that
fails to load runs its ``onerror`` handler, which starts the (inert) script text
shipped next to it. The script is idempotent: many widgets may ship it.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

from mainmerah.core.cards import PACK as DECK
from mainmerah.draw.svg import FOUR_COLOUR, TWO_COLOUR, card_data_uri

FOUR = "mm-four"  # class on a root widget: its cards (buttons, minis, inline SVG) use the four-colour deck


# Focus always visible (WCAG 2.4.7): a thick ring, white on the felt, dark blue on light panels.
# Visually hidden labels: a control's name for screen readers where a visible label sits apart.
CSS = """
.mm-root :is(button, select, input, textarea, a):focus-visible,
.mm-lessons :is(button, select, input, textarea, a):focus-visible {
  outline: 3px solid #0b3d91 !important; outline-offset: 2px; }
.mm-root .mm-board :is(button, select, input, textarea, a):focus-visible { outline-color: #fff !important; }
.mm-root .mm-board :is(.mm-gameover, .mm-prompt) :is(button, select, input, textarea, a):focus-visible {
  outline-color: #0b3d91 !important; }
/* a card on the felt: white ring outside its highlight ring, a dark line inside it, clear on any glow */
.mm-root .mm-board .jupyter-button.mm-card:focus-visible { outline-offset: 5px; }
.mm-root .mm-board .jupyter-button.mm-card:focus-visible::before { content: ""; position: absolute; inset: -6px;
  border: 2px solid #0b3d91; border-radius: 10px; pointer-events: none; }
@container (min-width: 521px) { .mm-middle > .mm-stockbox { max-width: 92px; } }
/* ipywidgets' coloured buttons with white text at WCAG AA (its orange is 2.7:1, its green 4.1:1) */
:is(.mm-root, .mm-lessons) .jupyter-button.mod-warning { background-color: #b45309; color: #fff; }
:is(.mm-root, .mm-lessons) .jupyter-button.mod-success { background-color: #2e7d32; color: #fff; }
:is(.mm-root, .mm-lessons) .jupyter-button.mod-primary { background-color: #1565c0; color: #fff; }
:is(.mm-root, .mm-lessons) .jupyter-button.mod-danger { background-color: #c62828; color: #fff; }
:is(.mm-root, .mm-lessons) .jupyter-button.mod-info { background-color: #0277bd; color: #fff; }
.mm-options .widget-toggle-button.mod-active { background-color: #0b3d91; color: #fff; }
:is(.mm-root, .mm-lessons) :is(.lm-TabBar-tab, .lm-TabBar-tabLabel) { color: #333 !important; }
.mm-root .mm-sr-label > label.widget-label, .mm-lessons .mm-sr-label > label.widget-label {
  position: absolute !important; width: 1px !important; height: 1px !important; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; margin: 0; padding: 0; }
.mm-topbar { display: flex; flex-wrap: wrap; align-items: center; gap: 2px 14px; }
.mm-topbar > .mm-header-box { flex: 1 1 460px; min-width: 0; }
.mm-options { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; }
.mm-options .mm-opt-label { font-weight: 600; color: #333; }
.mm-options .widget-toggle-buttons .widget-toggle-button { width: auto; padding: 0 10px; }
.mm-options .widget-checkbox { width: auto; }
"""


@lru_cache(maxsize=1)
def script_source() -> str:
    js = files("mainmerah").joinpath("static/a11y.js").read_text(encoding="utf-8")
    assert "</" not in js, "the script is shipped inside a <script> element: no '</' in it"
    return js


def script_html() -> str:
    """The page script as inert text plus the image whose failed load starts it."""
    return (f'<script type="text/plain" class="mm-a11y-js">{script_source()}</script>'
            '<img class="mm-a11y-start" alt="" hidden src="data:," '
            'onerror="new Function(this.previousElementSibling.textContent)()">')


@lru_cache(maxsize=1)
def four_colour_css() -> str:
    """Rules that redraw the suits whose colour differs, inside a ``mm-four`` root.

    ``body`` makes them outrank the base sheet's per-card rules wherever either sheet sits.
    Inline SVG cards (lessons, rich display) carry ``mm-suit-<S>`` on their face group.
    """
    rules = []
    for card in DECK:
        if FOUR_COLOUR[card.suit] == TWO_COLOUR[card.suit]:
            continue
        uri = card_data_uri(card, four_colour=True)
        cls = f"mm-c-{card.rank_text}{card.suit}"
        rules.append(f'body .{FOUR} .mm-card.{cls},body .{FOUR} .mm-mini.{cls}{{background-image:url("{uri}")}}')
    for suit, colour in FOUR_COLOUR.items():
        if colour != TWO_COLOUR[suit]:
            rules.append(f"body .{FOUR} .mm-suit-{suit}{{fill:{colour}}}")
    return "<style>" + "\n".join(rules) + "</style>"
