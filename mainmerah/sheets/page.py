"""One printed A4 page drawn with matplotlib: a cursor that lays headings, wrapped text, tables and cards.

The page's coordinates are PostScript points with y pointing down (like the card faces' SVG),
so a block is placed at (x, y) and the cursor moves down by its height. Text is measured with
the same fonts the PDF embeds (DejaVu Sans, shipped with matplotlib, which has ♠♥♦♣ and every
letter of Bahasa Indonesia; for Chinese, WenQuanYi Micro Hei from the ``paperang-p2-fonts-cjk``
package that the app's set-up installs, each glyph DejaVu lacks taken from it), so wrapping is
exact rather than guessed from character counts. Chinese lines break between any two characters,
never before a closing mark (，。）) nor after an opening one (（“).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties, findfont, fontManager, get_font
from matplotlib.ft2font import LoadFlags

from mainmerah.core.cards import Card
from mainmerah.sheets.faces import draw_card

WIDTH, HEIGHT = 595.0, 842.0  # A4 in points
MARGIN = 36.0
INK, MUTED, ACCENT, RULE = "#111111", "#555555", "#8e1b1b", "#c9a94d"
FAMILY = "DejaVu Sans"
CJK_FAMILY = "WenQuanYi Micro Hei"
CJK_FONT = ("paperang_p2_fonts_cjk", "fonts/wqy-microhei.ttc")  # (package, file): a font, no code


@lru_cache(maxsize=1)
def families() -> tuple[str, ...]:
    """The sheets' fonts in fallback order: DejaVu Sans, then the Chinese font when it is installed."""
    try:
        path = resources.files(CJK_FONT[0]).joinpath(CJK_FONT[1])
    except ModuleNotFoundError:
        return (FAMILY,)
    if not path.is_file():
        return (FAMILY,)
    fontManager.addfont(str(path))
    # The Chinese font has one weight: bold Chinese prints regular, which matplotlib would warn of each time.
    bold_missing = f"findfont: Failed to find font weight bold for {CJK_FAMILY}"
    logging.getLogger("matplotlib.font_manager").addFilter(lambda r: not r.getMessage().startswith(bold_missing))
    return (FAMILY, CJK_FAMILY)


def has_chinese() -> bool:
    """Whether the sheets can print Chinese (else they leave it out, rather than print empty boxes)."""
    return CJK_FAMILY in families()
LINE = 1.28  # line height as a multiple of the font size
SLACK = 1.04  # a picture of the page hints glyphs to its pixels, a little wider than the PDF sets them

# Without the Chinese font the sheets have no Chinese characters: the games' words keep their Chinese
# names in parentheses or after a comma ("first (上游)", "…, 带病红十"), which print then leaves out.
_CJK = "\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
_CLOSING = "，。、：；！？）」』”’》〉】…"
_OPENING = "（「『“‘《〈【"
_CJK_PAREN = re.compile(rf"\s*\((?:[{_CJK}\s,]|[A-Za-z]+\s(?=[{_CJK}]))+\)")
_CJK_TAIL = re.compile(rf",?\s*[{_CJK}]+")


def without_chinese(text: str) -> str:
    """``text`` without its Chinese words (and the brackets or comma they leave), for want of the font."""
    text = _CJK_PAREN.sub("", text)
    return _CJK_TAIL.sub("", text).replace("()", "").strip()


def printable(text: str) -> str:
    """``text`` as the sheets print it: whole with the Chinese font installed, else without its Chinese."""
    return text if has_chinese() else without_chinese(text)


class PageFull(Exception):
    """A block did not fit above the bottom margin (the caller starts a new page or shortens the text)."""


@lru_cache(maxsize=4)
def _font(bold: bool) -> object:
    weight = "bold" if bold else "normal"
    return get_font([findfont(FontProperties(family=f, weight=weight)) for f in families()])


@lru_cache(maxsize=65536)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points at ``size``, as the PDF will set it."""
    font = _font(bold)
    font.set_size(size, 72)  # type: ignore[attr-defined]
    font.set_text(text, 0.0, flags=LoadFlags.NO_HINTING)  # type: ignore[attr-defined]  # the PDF's own widths
    width, _height = font.get_width_height()  # type: ignore[attr-defined]
    return float(width) / 64.0 * SLACK


def units(paragraph: str) -> list[tuple[str, bool]]:
    """The pieces a line may break between, each with whether a space stands before it: a Latin word,
    or one Chinese character (with the closing marks after it and the opening marks before it)."""
    out: list[tuple[str, bool]] = []
    space = False
    for m in re.finditer(rf"\s+|[{_CJK}]|[^\s{_CJK}]+", paragraph):
        piece = m.group()
        if piece.isspace():
            space = True
            continue
        if out and not space and (piece[0] in _CLOSING or out[-1][0][-1] in _OPENING):
            out[-1] = (out[-1][0] + piece, out[-1][1])  # no break before a closing mark or after an opening one
        else:
            out.append((piece, space))
        space = False
    return out


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` points (a word longer than a line stands alone).

    A line's width is the sum of its words' and spaces' (each measured once): kerning across a
    space is nil in DejaVu, and the slack covers the rest. Chinese breaks between characters.
    """
    space = text_width(" ", size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line, used = "", 0.0
        for word, spaced in units(paragraph):
            w = text_width(word, size, bold)
            gap = space if spaced else 0.0
            if line and used + gap + w > width:
                lines.append(line)
                line, used = word, w
            elif line:
                line, used = f"{line}{' ' if spaced else ''}{word}", used + gap + w
            else:
                line, used = word, w
        lines.append(line)
    return lines


@dataclass
class Column:
    x: float
    width: float


class Page:
    """A blank A4 page and a cursor; every ``add_*`` draws at the cursor and moves it down."""

    def __init__(self, top: float = MARGIN, bottom: float = HEIGHT - MARGIN, scale: float = 1.0,
                 dry: bool = False) -> None:
        self.dry = dry  # measure only: the cursor moves, nothing is drawn (how tall a block will be)
        self.scale = scale  # every font size and card width is multiplied by it (a longer language fits)
        self.figure = Figure(figsize=(WIDTH / 72, HEIGHT / 72))
        ax = self.figure.add_axes((0.0, 0.0, 1.0, 1.0))
        ax.set_xlim(0, WIDTH)
        ax.set_ylim(HEIGHT, 0)  # y down, as on the card faces
        ax.set_axis_off()
        self.ax: Axes = ax
        self.y = top
        self.bottom = bottom
        self.column = Column(MARGIN, WIDTH - 2 * MARGIN)
        self._top = self._lowest = top  # the current columns' top, and the lowest cursor in them so far
        self.said: list[str] = []  # every paragraph as given, unwrapped (what the sheet states, for the claim tests)

    # ----- placement -----------------------------------------------------------------------
    def room(self) -> float:
        return self.bottom - self.y

    def need(self, height: float) -> None:
        if self.y + height > self.bottom + 0.5:
            raise PageFull(f"{height:.0f} pt needed, {self.room():.0f} pt left")

    @contextmanager
    def columns(self, n: int, gap: float = 18.0) -> Iterator[list[Column]]:
        """Side-by-side columns from the cursor: draw into each (``use``), the cursor ends below the tallest."""
        full = self.column
        width = (full.width - gap * (n - 1)) / n
        cols = [Column(full.x + i * (width + gap), width) for i in range(n)]
        self._top = self.y
        self._lowest = self.y
        try:
            yield cols
        finally:
            self._lowest = max(self._lowest, self.y)
            self.column = full
            self.y = self._lowest

    def use(self, column: Column) -> None:
        """Draw the next blocks in ``column``, starting at the top of the current columns."""
        self._lowest = max(self._lowest, self.y)
        self.column = column
        self.y = self._top

    # ----- blocks --------------------------------------------------------------------------
    def text(self, x: float, y: float, text: str, size: float, *, bold: bool = False, color: str = INK,
             ha: str = "left", italic: bool = False) -> None:
        """One line of text with its top at ``y``."""
        if self.dry:
            return
        self.ax.text(x, y, printable(text), fontsize=size, fontfamily=list(families()),
                     fontweight="bold" if bold else "normal", fontstyle="italic" if italic else "normal", color=color,
                     ha=ha, va="top")

    def lines(self, text: str, size: float = 9.0, *, bold: bool = False, color: str = INK, indent: float = 0.0,
              italic: bool = False, after: float = 4.0) -> None:
        """A wrapped paragraph."""
        col = self.column
        size *= self.scale
        self.said.append(text)
        rows = wrap(printable(text), col.width - indent, size, bold)
        step = size * LINE
        self.need(step * len(rows))
        for row in rows:
            self.text(col.x + indent, self.y, row, size, bold=bold, color=color, italic=italic)
            self.y += step
        self.y += after

    def title(self, text: str, sub: str = "") -> None:
        self.lines(text, 19, bold=True, color=ACCENT, after=2)
        if sub:
            self.lines(sub, 10, color=MUTED, italic=True, after=4)
        self.rule()

    def rule(self, gap: float = 6.0) -> None:
        col = self.column
        if not self.dry:
            self.ax.plot([col.x, col.x + col.width], [self.y, self.y], color=RULE, linewidth=1.2)
        self.y += gap

    def heading(self, text: str, size: float = 11.5) -> None:
        self.need(size * self.scale * LINE + 18)  # a heading never ends a page alone
        self.y += 3
        self.lines(text, size, bold=True, color=ACCENT, after=2)

    def bullets(self, items: Sequence[str], size: float = 9.0, mark: str = "•") -> None:
        for i, item in enumerate(items):
            start = self.y
            self.lines(item, size, indent=13, after=2)
            self.text(self.column.x + 1, start, mark if mark != "#" else f"{i + 1}.", size * self.scale, color=ACCENT,
                      bold=True)
        self.y += 2

    def table(self, rows: Sequence[Sequence[str]], widths: Sequence[float] | None = None, size: float = 8.5,
              header: bool = True, align: Sequence[str] | None = None) -> None:
        """A grid of wrapped cells; ``widths`` are fractions of the column (equal by default)."""
        col = self.column
        n = len(rows[0])
        fracs = list(widths) if widths else [1.0 / n] * n
        cell_w = [f * col.width for f in fracs]
        pad = 3.0
        size *= self.scale
        step = size * LINE
        for r, row in enumerate(rows):
            bold = header and r == 0
            wrapped = [wrap(printable(cell), w - 2 * pad, size, bold) for cell, w in zip(row, cell_w, strict=True)]
            height = max(len(w) for w in wrapped) * step + 2 * pad
            self.need(height)
            if bold and not self.dry:
                self.ax.fill_between([col.x, col.x + col.width], self.y, self.y + height, color="#f3e9d2", linewidth=0)
            x = col.x
            for c, (cell_lines, w) in enumerate(zip(wrapped, cell_w, strict=True)):
                how = (align[c] if align else "left")
                for i, line in enumerate(cell_lines):
                    tx = x + pad if how == "left" else x + w / 2
                    self.text(tx, self.y + pad + i * step, line, size, bold=bold or (c == 0 and not header),
                              ha="left" if how == "left" else "center")
                x += w
            self.y += height
            if not self.dry:
                self.ax.plot([col.x, col.x + col.width], [self.y, self.y], color="#d8d0bf", linewidth=0.6)
        self.y += 6

    def cards(self, cards: Sequence[Card], width: float = 22.0, gap: float = 2.0, *, x: float | None = None,
              points: Sequence[int] | None = None, advance: bool = True, ring: Sequence[str | None] = ()) -> float:
        """A row of card faces (the app's drawing) at the cursor; returns the row's right edge."""
        width *= self.scale
        height = width * 1.4
        self.need(height)
        left = self.column.x if x is None else x
        for i, card in enumerate(() if self.dry else cards):
            draw_card(self.ax, card, left + i * (width + gap), self.y, width,
                      points=0 if points is None else points[i], highlight=ring[i] if i < len(ring) else None)
        if advance:
            self.y += height + 4
        return left + len(cards) * (width + gap) - gap

    def card_line(self, cards: Sequence[Card], text: str, width: float = 16.0, size: float = 8.5,
                  points: Sequence[int] | None = None, gap: float = 6.0) -> None:
        """Small cards with a wrapped sentence beside them."""
        col = self.column
        right = self.cards(cards, width, 1.5, points=points, advance=False) + gap
        width *= self.scale
        size *= self.scale
        height = width * 1.4
        self.said.append(text)
        rows = wrap(printable(text), col.x + col.width - right, size)
        step = size * LINE
        text_h = step * len(rows)
        self.need(max(height, text_h))
        top = self.y + max(0.0, (height - text_h) / 2)
        for i, row in enumerate(rows):
            self.text(right, top + i * step, row, size)
        self.y += max(height, text_h) + 3

    def height_of(self, block: Callable[[Page], object]) -> float:
        """How tall ``block`` (a function drawing on a page) would be here, measured without drawing."""
        probe = Page(top=0.0, bottom=1e9, scale=self.scale, dry=True)
        probe.column = Column(self.column.x, self.column.width)
        block(probe)
        return probe.y

    def footer(self, text: str) -> None:
        self.text(WIDTH / 2, HEIGHT - MARGIN + 12, text, 7, color=MUTED, ha="center")
