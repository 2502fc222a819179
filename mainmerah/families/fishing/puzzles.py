"""Puzzles with proven answers: end-game positions of real deals, everything face up.

Each puzzle is a two-player position ("you to play: which card wins the most?") whose
every action was valued by the exact solver (:mod:`.solver`); the best beats the second
best by at least 2 points. The shipped set lives in ``puzzle_data/puzzles.json`` and is
made by :mod:`.puzzle_maker` (``python -m mainmerah.families.fishing.puzzle_maker --write``). The reasons
are not stored as text: they are the engine's own explanations of the stored lines,
replayed in the current language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from mainmerah.core.i18n import N_, _, ngettext
from mainmerah.families.fishing.rules import VARIANTS
from mainmerah.families.fishing.state import Game

DATA = Path(__file__).parent / "puzzle_data" / "puzzles.json"
GAMES = ("main-merah", "chinese-ten")
LEVELS = (1, 2, 3)

THEMES: dict[str, str] = {
    "take-red-now": N_("take the red card now"),
    "greed-loses": N_("the biggest take now is not the best"),
    "nothing-for-the-flip": N_("leave the opponent nothing to take on the flip"),
    "nothing-to-take": N_("leave the opponent nothing to take"),
    "flip-takes-back": N_("the flip takes it back"),
    "keep-the-partner": N_("keep the partner of a card still to come"),
    "choose-the-capture": N_("choose which card to take"),
    "take-three": N_("the fourth card takes all three"),
    "count-to-the-end": N_("count to the end: it shows only later"),
}
"""Theme id -> its name (English source, shown through ``_()``)."""


@dataclass(frozen=True)
class Puzzle:
    """One proven puzzle: the position, every action's margin, the best lines."""

    id: str
    game: str  # the registry's name: "main-merah" or "chinese-ten"
    variant: str  # "classic", or "standard" for Chinese Ten
    level: int  # 1 (few cards, short line) .. 3
    layout: dict[str, Any]  # mm.game_from_layout(game, **layout) builds the position
    best: str
    values: dict[str, int]  # action -> margin (seat to move minus the other, from here, best play)
    theme_ids: tuple[str, ...]  # keys of THEMES
    tempting: str  # the wrong action the reason compares with
    lines: dict[str, tuple[str, ...]]  # action -> that action and best play by both after it
    depth: int  # whole turns until the best line's advantage over the tempting one is all won
    seed: int  # the deal it was cut from

    @property
    def seat(self) -> int:
        """The seat to move (the solver's "you")."""
        return int(self.layout["first"])

    def start(self) -> Game:
        """The position as a fresh engine game."""
        from mainmerah.core.registry import game_from_layout  # the registry imports the games lazily

        game = game_from_layout(self.game, **self.layout)
        assert isinstance(game, Game)
        return game

    @property
    def themes(self) -> tuple[str, ...]:
        """The themes' names in the current language ("take the red card now"...)."""
        return tuple(_(THEMES[t]) for t in self.theme_ids)

    def margin_text(self, action: str) -> str:
        """What ``action`` leads to, in words: "from here on you take 12 points more than your opponent"."""
        return margin_words(self.values[action])

    def played(self, action: str, turns: int | None = None) -> list[list[str]]:
        """The line after ``action`` in the engine's own words: one list of sentences a turn."""
        if action not in self.values:
            raise ValueError(_("{action} is not a legal action here: choose one of {options}").format(
                action=action, options=", ".join(self.values)))
        g = self.start()
        seen = len(g.events)
        for a in self.lines[action]:
            g.act(a)
        you = self.seat
        names = [_("your opponent")] * 2
        out: list[list[str]] = []
        for e in g.events[seen:]:
            if e.kind == "play":
                if turns is not None and len(out) == turns:
                    break
                out.append([])
            if e.kind != "end" and out:
                out[-1].append(e.explain(names, you))
        return out

    @property
    def rules(self) -> str:
        """"classic rules" for a Main Merah puzzle (its captures are chosen as that variant lets them be; jb's are
        automatic), "" for Chinese Ten, played one way: the page and the worksheet both say it."""
        return _("{variant} rules").format(variant=self.variant) if self.variant in VARIANTS else ""

    @property
    def shown_turns(self) -> int:
        """How many turns of each line the reason shows: to where the puzzle is decided, 2 to 4."""
        return max(2, min(self.depth, 4))

    def outcome(self, action: str) -> str:
        """"With best play from there, from here on you take 6 points fewer than your opponent."."""
        return _("With best play from there, {result}.").format(result=self.margin_text(action))

    def explain(self, action: str) -> str:
        """Why ``action`` gets its value: its line, up to where the puzzle is decided."""
        steps = " ".join(" ".join(turn) for turn in self.played(action, self.shown_turns))
        return f"{steps} {self.outcome(action)}"

    def better_text(self) -> str:
        diff = self.values[self.best] - self.values[self.tempting]
        return ngettext("{card} is {n} point better.", "{card} is {n} points better.", diff).format(
            card=self.best, n=diff)

    @property
    def reason(self) -> str:
        """The best line played out next to the tempting wrong one, in the current language."""
        wrong, best = self.tempting, self.best
        return " ".join([_("If you play {card}:").format(card=wrong), self.explain(wrong),
                         _("Play {card} instead:").format(card=best), self.explain(best), self.better_text()])


def margin_words(margin: int) -> str:
    # (from here: the points already in the piles are not counted)
    if margin > 0:
        return ngettext("from here on you take {n} point more than your opponent",
                        "from here on you take {n} points more than your opponent", margin).format(n=margin)
    if margin < 0:
        return ngettext("from here on you take {n} point fewer than your opponent",
                        "from here on you take {n} points fewer than your opponent", -margin).format(n=-margin)
    return _("from here on you and your opponent take as many points")


def puzzle_from_record(r: dict[str, Any]) -> Puzzle:
    return Puzzle(
        id=str(r["id"]), game=str(r["game"]), variant=str(r["variant"]), level=int(r["level"]),
        layout=dict(r["layout"]), best=str(r["best"]), values={str(k): int(v) for k, v in r["values"].items()},
        theme_ids=tuple(r["themes"]), tempting=str(r["tempting"]),
        lines={str(k): tuple(v) for k, v in r["lines"].items()}, depth=int(r["depth"]), seed=int(r["seed"]),
    )


def record(p: Puzzle) -> dict[str, Any]:
    return {"id": p.id, "game": p.game, "variant": p.variant, "level": p.level, "seed": p.seed,
            "layout": p.layout, "best": p.best, "values": p.values, "themes": list(p.theme_ids),
            "tempting": p.tempting, "depth": p.depth, "lines": {k: list(v) for k, v in p.lines.items()}}


@cache
def _shipped() -> tuple[Puzzle, ...]:
    with open(DATA, encoding="utf-8") as f:
        return tuple(puzzle_from_record(r) for r in json.load(f)["puzzles"])


def puzzles(game: str = "main-merah", level: int | None = None) -> list[Puzzle]:
    """The shipped puzzles of ``game`` ("main-merah" or "chinese-ten"), all levels or one (1-3)."""
    name = str(game).strip().lower()
    if name not in GAMES:
        raise ValueError(_("there are puzzles for {games}, not for {game!r}").format(
            games=", ".join(GAMES), game=game))
    if level is not None and level not in LEVELS:
        raise ValueError(_("puzzle levels are 1, 2 and 3, not {level!r}").format(level=level))
    return [p for p in _shipped() if p.game == name and (level is None or p.level == level)]


def puzzle(puzzle_id: str) -> Puzzle:
    """One shipped puzzle by its id."""
    for p in _shipped():
        if p.id == puzzle_id:
            return p
    raise ValueError(_("no puzzle {id!r}").format(id=puzzle_id))
