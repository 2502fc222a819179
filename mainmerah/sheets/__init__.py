"""Printable sheets: a one-page rules sheet per game and puzzle worksheets with their answers, as PDF.

Everything on a sheet is read from the code the app plays by: the rulesets and rule
functions, the registry's titles and lines, the engine's own explanations, the card faces
of :mod:`mainmerah.draw.svg`, and the shipped puzzles. Only the prose that links them is
written here, through ``_()``, in the current language. Needs matplotlib (the ``app``
extra); the engine never imports this package.

    from mainmerah import sheets
    pdf = sheets.rules_pdf(name)                   # a game's (a name of mm.games()) one-page PDF
    sheets.puzzles_pdf(name, level=2)              # a worksheet and its answer key (its GameUI.puzzles)
    sheets.write_all("sheets/")                    # every sheet, English and Bahasa Indonesia (make sheets)
"""

from __future__ import annotations

from mainmerah.sheets.document import PageFull, pdf_bytes, png_bytes, puzzles_pdf, rules_pages, rules_pdf, write_all

__all__ = ["PageFull", "pdf_bytes", "png_bytes", "puzzles_pdf", "rules_pages", "rules_pdf", "write_all"]
