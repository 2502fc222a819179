"""Sheets as documents: each rules sheet fitted to one page, PDF and PNG bytes, and every file written.

The PDF embeds DejaVu Sans (and, for Chinese, WenQuanYi Micro Hei) as TrueType fonts (``pdf.fonttype``
42, only the glyphs used), so its text can be searched, copied and read aloud, and shows ♠♥♦♣, Bahasa
Indonesia and Chinese on any printer.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from matplotlib import rc_context
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.backends.backend_pdf import PdfPages

from mainmerah.core import registry
from mainmerah.core.i18n import LANGUAGES, _, language, set_language
from mainmerah.sheets.page import Page, PageFull, families
from mainmerah.sheets.puzzles import Puzzle, title_of, worksheet

SCALES = (1.0, 0.96, 0.92, 0.88, 0.84)  # a rules sheet shrinks a little (a longer language) to stay one page
# Fixed so that the same sheets make the same bytes (the PDF otherwise records the time it was written).
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
RC: Any = {"pdf.fonttype": 42, "font.family": list(families()), "svg.fonttype": "path"}


def rules_games() -> list[str]:
    """The games with a rules sheet (GameUI.sheet), in the registry's order."""
    return registry.games_with("sheet")


def puzzle_games() -> list[str]:
    """The games whose proven puzzles make worksheets (GameUI.puzzles), in the registry's order."""
    return registry.games_with("puzzles")


def rules_pages(game: str) -> list[Page]:
    """``game``'s rules sheet: one page, in the current language, at the largest size that fits."""
    name = registry.get(game).name
    target = registry.ui(name).sheet if registry.has_ui(name) else None
    if target is None:
        raise ValueError(f"no rules sheet for {game!r}: the sheets are {', '.join(rules_games())}")
    build: Callable[[str, float], Page] = registry.load(target)
    for scale in SCALES:
        try:
            page = build(game, scale)
        except PageFull:
            continue
        page.footer(_("{game} · the rules as the mainmerah app plays them").format(game=_(registry.get(game).title)))
        return [page]
    raise PageFull(f"the rules sheet of {game} does not fit on one page in {language()!r}")


def pdf_bytes(pages: Sequence[Page], title: str) -> bytes:
    """The pages as one PDF."""
    out = io.BytesIO()
    with rc_context(RC), PdfPages(out, metadata={"Title": title, "Creator": "mainmerah", "CreationDate": STAMP,
                                                 "ModDate": STAMP}) as pdf:
        for page in pages:
            pdf.savefig(page.figure)
    return out.getvalue()


def png_bytes(page: Page, dpi: int = 110) -> bytes:
    """One page as a PNG image (the same figure the PDF was made from)."""
    out = io.BytesIO()
    with rc_context(RC):
        FigureCanvasAgg(page.figure)  # attaches a raster canvas: the PDF's canvas cannot make a PNG
        page.figure.savefig(out, format="png", dpi=dpi)
    return out.getvalue()


def rules_pdf(game: str) -> bytes:
    return pdf_bytes(rules_pages(game), _("{game}: the rules").format(game=_(registry.get(game).title)))


def puzzle_pages(game: str, level: int | None = None, puzzles: Sequence[Puzzle] | None = None) -> list[Page] | None:
    """A worksheet and its answer key; ``puzzles`` default to the shipped ones (None if there are none yet)."""
    found = list(puzzles) if puzzles is not None else registry.puzzles(game, level)
    if not found:
        return None
    return worksheet(found, title_of(game, level))


def puzzles_pdf(game: str, level: int | None = None, puzzles: Sequence[Puzzle] | None = None) -> bytes | None:
    pages = puzzle_pages(game, level, puzzles)
    return None if pages is None else pdf_bytes(pages, title_of(game, level))


def sheet_files(languages: Sequence[str] = LANGUAGES) -> list[tuple[str, str, Callable[[], bytes | None]]]:
    """What :func:`write_all` writes, in order: (file name, its language, how to make its bytes), nothing drawn yet."""
    plan: list[tuple[str, str, Callable[[], bytes | None]]] = []
    for lang in languages:
        for game in rules_games():
            plan.append((f"rules-{game}-{lang}.pdf", lang, partial(rules_pdf, game)))
        for game in puzzle_games():
            for level in sorted({p.level for p in registry.puzzles(game) or ()}):
                plan.append((f"puzzles-{game}-level{level}-{lang}.pdf", lang, partial(puzzles_pdf, game, level)))
    return plan


def write_all(out: str | Path, languages: Sequence[str] = LANGUAGES,
              keep: Callable[[str], bool] = lambda _name: True) -> list[Path]:
    """Every rules sheet, and every puzzle worksheet the package ships, in each language, into ``out``
    (``keep``: only the file names it accepts)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    before = language()
    try:
        for name, lang, make in sheet_files(languages):
            if not keep(name):
                continue
            set_language(lang)
            data = make()
            if data is not None:
                path = folder / name
                path.write_bytes(data)
                written.append(path)
    finally:
        set_language(before)
    return written
