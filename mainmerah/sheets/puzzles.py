"""Puzzle worksheets: the positions to solve on paper, then an answer key, from the shipped puzzles.

A puzzle is read through the public API (``mm.puzzles(game, level)``): its ``layout`` is set
up with ``game_from_layout`` and drawn from that game (both hands, the table, the stock in
order, the piles so far), so the sheet shows exactly the position the solver proved; the key
prints its ``best`` action, every action's ``values`` (the margin for the player to move),
its ``themes`` and its ``reason``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.core.words import mark
from mainmerah.draw.plots import signed
from mainmerah.sheets.page import LINE, MUTED, Page, PageFull, wrap

LABEL = 104.0  # where a row's cards start, after its label


class Puzzle(Protocol):
    """What a worksheet reads of one puzzle (``mm.puzzles`` gives these)."""

    game: str
    variant: str
    layout: Mapping[str, Any]
    best: str
    values: Mapping[str, int]
    themes: Sequence[str]
    reason: str
    rules: str  # "classic rules" when the game is played several ways, else ""
    id: str
    level: int


def position(puzzle: Puzzle) -> Any:
    return registry.game_from_layout(puzzle.game, **dict(puzzle.layout))


def _row(page: Page, label: str, cards: Sequence[Card], game: Any, width: float = 15.5, empty: str = "") -> None:
    """A label, then cards (each with the game's points badge), on one line."""
    col = page.column
    top = page.y
    size = 8.5 * page.scale
    rows = wrap(label, LABEL - 8, size)  # a long label (Bahasa Indonesia) takes two lines, not the cards' room
    first = top + max(0.0, (width * page.scale * 1.4 - len(rows) * size * LINE) / 2)
    for i, row in enumerate(rows):
        page.text(col.x, first + i * size * LINE, row, size, color="#333333")
    if cards:
        page.cards(list(cards), width, 1.5, x=col.x + LABEL, points=[game.points(c) for c in cards])
    else:
        page.text(col.x + LABEL, top + 6 * page.scale, empty or _("(none)"), 8.5 * page.scale, italic=True)
        page.y += width * page.scale * 1.4 + 4
    page.y = max(page.y, top + 14) - 1


def draw_puzzle(page: Page, n: int, puzzle: Puzzle) -> None:
    """The position as the solver saw it: "you" are the seat to move (as the puzzles' reasons say)."""
    game = position(puzzle)
    me = game.seat
    others = [s for s in range(game.players) if s != me]
    page.lines("  ·  ".join(filter(None, (_("Puzzle {n}").format(n=n), puzzle.id, puzzle.rules))), 10, bold=True,
               after=2)
    _row(page, _("Your hand"), game.hands[me], game)
    for seat in others:
        _row(page, _("Your opponent's hand"), game.hands[seat], game)
    _row(page, _("Table"), game.table, game, empty=_("(empty)"))
    _row(page, _("Stock, top first"), game.stock, game, empty=_("(empty)"))
    theirs = ", ".join(str(game.scores[s]) for s in others)
    page.lines(_("Points in the piles so far: you {mine}, your opponent {theirs}.").format(
        mine=game.scores[me], theirs=theirs) + "      " + _("Your answer: ______________"), 8.5, after=9)


def draw_answer(page: Page, n: int, puzzle: Puzzle) -> None:
    ranked = sorted(puzzle.values.items(), key=lambda kv: -kv[1])
    values = " · ".join(f"{a} {signed(v, 0)}" for a, v in ranked)
    page.lines(_("Puzzle {n}: play {best}").format(n=n, best=puzzle.best) + f"  ·  {puzzle.id}", 9.5, bold=True,
               after=1)
    page.lines(_("What each play gains on your opponent from here to the end (the points in the piles not counted), "
                 "both sides then playing their best: {values}.").format(values=values), 8, after=1)
    if puzzle.themes:
        page.lines(_("Themes: {themes}.").format(themes=mark("; ").join(_(t) for t in puzzle.themes)), 8, italic=True,
                   after=1)
    page.lines(puzzle.reason, 7.5, color=MUTED, after=8)


def worksheet(puzzles: Sequence[Puzzle], title: str, scale: float = 1.0) -> list[Page]:
    """The puzzles, as many to a page as fit, then the answer key on pages of its own."""
    if not puzzles:
        raise ValueError("a worksheet needs at least one puzzle")
    pages: list[Page] = []

    def fresh(heading: str, intro: str) -> Page:
        page = Page(scale=scale)
        page.title(heading)
        if intro:
            page.lines(intro, 8.5, after=6)
        pages.append(page)
        return page

    def flow(kind: str, heading: str, intro: str, more: str) -> None:
        page = fresh(heading, intro)
        for n, puzzle in enumerate(puzzles, 1):
            def block(p: Page, n: int = n, puzzle: Puzzle = puzzle) -> None:
                (draw_puzzle if kind == "puzzle" else draw_answer)(p, n, puzzle)

            if page.height_of(block) > page.room():
                page = fresh(more, "")
                if page.height_of(block) > page.room():
                    raise PageFull(f"puzzle {puzzle.id} does not fit on a page")
            block(page)

    flow("puzzle", title, _("You to play. Which card wins the most?") + " " + _(
        "Everything is face up: both hands, the table, the stock in the order it will be flipped (top first) and "
        "the points in the piles so far. Play it out in your head: which card leaves you furthest ahead at the "
        "end?"), title)
    flow("answer", _("Answers: {title}").format(title=title), "", _("Answers: {title}").format(title=title))
    for i, page in enumerate(pages, 1):
        page.footer(_("{title} · page {n} of {total}").format(title=title, n=i, total=len(pages)))
    return pages


def title_of(game: str, level: int | None) -> str:
    name = _(registry.get(game).title)
    if level is None:
        return _("{game} puzzles").format(game=name)
    return _("{game} puzzles, level {level}").format(game=name, level=level)
