"""How the shipped puzzles are found: cut from seeded deals, proved, tagged, levelled.

A deal is played by a seeded mix of greedy and random choices up to a turn with a few
cards left; the position is kept only when the solver's best action beats every other by
at least 2 points (so the answer is one card, and it matters). Its themes are read from
what the best line and the tempting wrong one do in the engine's own events. Run
``python -m mainmerah.families.fishing.puzzle_maker --write`` to make ``puzzle_data/puzzles.json`` again.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.families.fishing.puzzles import DATA, Puzzle, record
from mainmerah.families.fishing.sim import play_key
from mainmerah.families.fishing.solver import Solver
from mainmerah.families.fishing.state import CAPTURE, PLAY, Game

MIN_GAP = 2
QUOTAS: dict[str, int] = {"main-merah": 24, "chinese-ten": 12}  # puzzles a level
CARDS_LEFT: dict[int, tuple[int, ...]] = {1: (2, 3), 2: (4, 5), 3: (6, 7, 8)}  # hand sizes to cut at, by level
RULESET = {"main-merah": "classic", "chinese-ten": "chinese-ten"}
VARIANT = {"main-merah": "classic", "chinese-ten": "standard"}
SEED_BASE = {"main-merah": 1000, "chinese-ten": 5000}


def cut(game: str, seed: int, left: int) -> Game | None:
    """A seeded two-player deal, played on to the first turn whose mover holds ``left`` cards."""
    g = Game.new(2, RULESET[game], seed=seed)
    rng = random.Random(seed)
    while (d := g.decision) is not None:
        if d.kind == PLAY and len(d.options) == left and rng.random() < 0.5 + 0.5 * (len(g.hands[1 - d.seat]) < left):
            return g
        if rng.random() < 0.4:
            g.act(rng.choice(d.options))
        elif d.kind == PLAY:
            g.act(max(d.options, key=lambda c: play_key(c, g.table, g.rules, g.rules.points(g.players))))
        else:
            g.act(max(d.options, key=g.points))
    return None


def layout_of(g: Game, game: str) -> dict[str, Any]:
    """The position as ``game_from_layout`` fields, the piles so far included."""
    out: dict[str, Any] = {
        "hands": [[str(c) for c in h] for h in g.hands],
        "table": [str(c) for c in g.table],
        "stock": [str(c) for c in g.stock],
        "piles": [[str(c) for c in p] for p in g.piles],
        "first": g.seat,
    }
    if game == "main-merah":
        out["variant"] = RULESET[game]
    else:
        out["dealer"] = g.setup.dealer
    return out


def greedy_action(g: Game) -> str:
    """What the greedy bot plays here: the biggest take now (first of equals in hand order)."""
    d = g.decision
    assert d is not None and d.kind == PLAY
    return str(max(d.options, key=lambda c: play_key(c, g.table, g.rules, g.rules.points(g.players))))


def turns(start: Game, line: tuple[str, ...]) -> list[list[Any]]:
    """The events of ``line`` from ``start``, one list a turn (each starts with its play)."""
    g = start.copy()
    seen = len(g.events)
    for a in line:
        g.act(a)
    out: list[list[Any]] = []
    for e in g.events[seen:]:
        if e.kind == "play":
            out.append([])
        if out and e.kind != "end":
            out[-1].append(e)
    return out


def running(events: list[list[Any]], seat: int, points: Any) -> list[int]:
    """The mover's margin after each turn of a line."""
    margin, out = 0, []
    for turn in events:
        for e in turn:
            if e.kind == "capture":
                gain = sum(points(c) for c in (e.card, e.taken, *e.more))
                margin += gain if e.seat == seat else -gain
        out.append(margin)
    return out


def gained(turn: list[Any], source: str, points: Any) -> int:
    return sum(points(e.card) + sum(points(c) for c in (e.taken, *e.more))
               for e in turn if e.kind == "capture" and e.source == source)


def themes_of(start: Game, solver: Solver, best: tuple[str, ...], wrong: tuple[str, ...], greedy: str) -> list[str]:
    """The themes the two lines show (see :data:`.puzzles.THEMES`)."""
    seat, pts = start.seat, start.points
    b, w = turns(start, best), turns(start, wrong)
    found = []
    first_best = b[0]
    if any(e.kind == "capture" and e.source == "play" and e.taken.red for e in first_best) and not any(
            e.kind == "capture" and e.source == "play" and e.taken.red for e in w[0]):
        found.append("take-red-now")
    if wrong[0] == greedy:
        found.append("greed-loses")
    if len(b) > 1 and gained(w[1], "flip", pts) > gained(b[1], "flip", pts):
        found.append("nothing-for-the-flip")
    if len(b) > 1 and gained(w[1], "play", pts) > gained(b[1], "play", pts):
        found.append("nothing-to-take")
    played = Card.parse(best[0])
    if any(e.kind == "stay" and e.card is played for e in first_best) and any(
            e.kind == "capture" and e.source == "flip" and e.taken is played for e in first_best):
        found.append("flip-takes-back")
    kept = Card.parse(wrong[0])
    if any(e.kind == "capture" and e.card is kept and e.seat == seat and pts(e.card) + pts(e.taken) >= 5
           for turn in b[2:] for e in turn):
        found.append("keep-the-partner")
    if any(e.kind == "capture" and e.more and e.seat == seat for turn in b for e in turn):
        found.append("take-three")
    g = start.copy()
    for a in best[:6]:
        d = g.decision
        if d is not None and d.kind == CAPTURE and d.seat == seat and len(set(solver.values(g).values())) > 1:
            found.append("choose-the-capture")
            break
        g.act(a)
    if not found or decided_at(b, w, seat, pts) >= 5:
        found.append("count-to-the-end")
    return found


def decided_at(b: list[list[Any]], w: list[list[Any]], seat: int, pts: Any) -> int:
    """The number of whole turns after which the best line's lead over the wrong one stops changing."""
    rb, rw = running(b, seat, pts), running(w, seat, pts)
    diff = [x - y for x, y in zip(rb, rw, strict=True)]
    depth = len(diff)
    while depth > 1 and diff[depth - 2] == diff[-1]:
        depth -= 1
    return depth


def level_of(cards: int, depth: int) -> int:
    if cards <= 3 and depth <= 3:
        return 1
    if cards >= 6 or depth >= 7:
        return 3
    return 2


def make(game: str, seed: int, left: int, solver: Solver) -> Puzzle | None:
    """The puzzle cut from deal ``seed`` at ``left`` cards, or None when it is no puzzle."""
    cutg = cut(game, seed, left)
    if cutg is None:
        return None
    layout = layout_of(cutg, game)
    from mainmerah.core.registry import game_from_layout

    start = game_from_layout(game, **layout)
    assert isinstance(start, Game)
    values = solver.values(start)
    ranked = sorted(values.values(), reverse=True)
    if len(ranked) < 2 or ranked[0] - ranked[1] < MIN_GAP:
        return None
    best = max(values, key=values.__getitem__)
    greedy = greedy_action(start)
    tempting = greedy if greedy != best else max((a for a in values if a != best), key=values.__getitem__)
    lines = {a: tuple(solver.line(start, a)) for a in values}
    seat = start.seat
    depth = decided_at(turns(start, lines[best]), turns(start, lines[tempting]), seat, start.points)
    themes = themes_of(start, solver, lines[best], lines[tempting], greedy)
    level = level_of(left, depth)
    short = "mm" if game == "main-merah" else "ct"
    return Puzzle(f"{short}-{seed}", game, VARIANT[game], level, layout, best, values, tuple(themes), tempting,
                  lines, depth, seed)


def find(game: str, quota: int) -> Iterator[Puzzle]:
    """Puzzles of ``game`` until each level has ``quota`` (seeds in order: reproducible)."""
    solver = Solver(RULESET[game])
    have = {1: 0, 2: 0, 3: 0}
    seed = SEED_BASE[game]
    while min(have.values()) < quota:
        want = min(have, key=have.__getitem__)
        rng = random.Random(seed)
        p = make(game, seed, rng.choice(CARDS_LEFT[want]), solver)
        seed += 1
        if p is not None and have[p.level] < quota:
            have[p.level] += 1
            yield p


def build() -> list[Puzzle]:
    out = []
    for game, quota in QUOTAS.items():
        out += sorted(find(game, quota), key=lambda p: (p.level, p.seed))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Find, prove and write the shipped puzzles.")
    parser.add_argument("--write", action="store_true", help=f"write {DATA}")
    args = parser.parse_args()
    t = time.perf_counter()
    found = build()
    for level in (1, 2, 3):
        print(f"level {level}: {sum(p.level == level for p in found)} puzzles")
    print(f"{len(found)} puzzles in {time.perf_counter() - t:.1f} s")
    if args.write:
        DATA.parent.mkdir(exist_ok=True)
        with open(DATA, "w", encoding="utf-8") as f:
            # One puzzle a line: a regenerated set reads as a diff of the puzzles that changed.
            rows = ",\n".join(json.dumps(record(p), ensure_ascii=False) for p in found)
            f.write(f'{{"version": 1, "puzzles": [\n{rows}\n]}}\n')
        print(f"wrote {DATA}")


if __name__ == "__main__":  # pragma: no cover
    main()
