"""The exact solver: its compact rules agree with the engine at every turn, and its values
agree with a plain minimax over the full engine (no pruning, no compact form)."""

from __future__ import annotations

import random

import pytest

import mainmerah as mm
from mainmerah.core.errors import RuleError
from mainmerah.families.fishing.solver import Solver, solve
from mainmerah.families.fishing.state import Game

VARIANTS = ["classic", "cardgames", "jb", "chinese-ten"]


def three_of_a_kind(seed: int) -> bool:
    """Chinese Ten's deal for ``seed`` lays three of a self-pairing rank (a capture of three to come)."""
    table = Game.new(2, "chinese-ten", seed=seed).table
    return any(sum(c.rank == r for c in table) == 3 for r in (5, 10, 11, 12, 13))


SWEEP_SEEDS = [s for s in range(3000) if three_of_a_kind(s)][:6]


def positions(variant: str, games: int, seed: int = 0) -> list[Game]:
    """Every decision of seeded two-player games played by a mix of greedy and random choices
    (for Chinese Ten, up to half of them deals with three of a kind on the table)."""
    out = []
    seeds = [seed + s for s in range(games)]
    if variant == "chinese-ten":
        sweeps = SWEEP_SEEDS[: games // 2]
        seeds = sweeps + seeds[: games - len(sweeps)]
    for s in seeds:
        g = Game.new(2, variant, seed=s)
        rng = random.Random(s)
        while (d := g.decision) is not None:
            out.append(g.copy())
            g.act(rng.choice(d.options) if rng.random() < 0.5 else max(d.options, key=g.points))
    return out


def engine_turns(game: Game) -> set[tuple[int, int, int, int]]:
    """Every whole turn of the mover through the engine: (gain, card played, hand after, table after)."""
    solver = Solver(game.rules)
    seat = game.decision.seat  # type: ignore[union-attr]
    out = set()

    def walk(g: Game, played: int) -> None:
        if g.is_over or (g.decision is not None and g.decision.seat != seat):
            gain = g.scores[seat] - game.scores[seat]
            out.add((gain, played, solver.pack(g.hands[seat]), solver.pack(g.table)))
            return
        for a in g.legal_actions():
            h = g.copy().act(a)
            walk(h, solver.t.kind_of[mm.Card.parse(a).index] if played < 0 else played)

    walk(game, -1)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_compact_turns_are_the_engines_turns(variant: str) -> None:
    checked = 0
    for g in positions(variant, 12, seed=100):
        d = g.decision
        if d is None or d.kind != "play":
            continue
        s = Solver(variant)
        hand, table = s.pack(g.hands[d.seat]), s.pack(g.table)
        flip = s.t.kind_of[g.stock[0].index]
        mine = {(gain, k, after, t2) for gain, k, after, t2 in s._moves(hand, table, flip)}
        assert mine == engine_turns(g), f"{variant}: the turns differ at {g!r}"
        checked += 1
    assert checked > 12 * 15


def brute(g: Game, seat: int) -> int:
    """The final margin of ``seat`` when both play best, by plain minimax over the engine."""
    if g.is_over:
        return g.scores[seat] - g.scores[1 - seat]
    mover = g.decision.seat  # type: ignore[union-attr]
    best = max(brute(g.copy().act(a), mover) for a in g.legal_actions())
    return best if mover == seat else -best


def brute_values(g: Game) -> dict[str, int]:
    seat = g.decision.seat  # type: ignore[union-attr]
    now = g.scores[seat] - g.scores[1 - seat]
    return {a: brute(g.copy().act(a), seat) - now for a in g.legal_actions()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_solver_agrees_with_plain_minimax_on_small_positions(variant: str) -> None:
    small = [g for g in positions(variant, 30, seed=7) if len(g.stock) <= 6]
    assert any(g.decision.kind == "capture" for g in small if g.decision) or variant == "jb"  # both kinds
    solver = Solver(variant)  # one solver for all: its table must not leak between positions
    differ = 0
    for g in small:
        values = solver.values(g)
        assert values == brute_values(g), f"{variant}: {g.hands} {g.table} {g.stock}"
        differ += len(set(values.values())) > 1
    assert len(small) > 100 and differ > 10  # positions where the choice matters


def test_chinese_ten_positions_include_captures_of_three() -> None:
    taken = [e for g in positions("chinese-ten", 12, seed=100)[-1:] for e in g.events if e.kind == "capture"]
    assert len(SWEEP_SEEDS) == 6
    sweeps = 0
    for s in SWEEP_SEEDS:
        g = Game.new(2, "chinese-ten", seed=s)
        while not g.is_over:
            g.act(g.legal_actions()[0])
        sweeps += any(e.kind == "capture" and e.more for e in g.events)
    assert sweeps >= 3 and taken


def test_a_later_point_of_the_same_game_keeps_the_table_and_stays_exact() -> None:
    g = positions("classic", 1, seed=3)[0]
    while len(g.stock) > 8:
        g.act(g.legal_actions()[0])
    solver = Solver("classic")
    line = solver.line(g)
    h = g.copy()
    for a in line:
        if h.decision and h.decision.kind == "play" and len(h.stock) <= 5:
            assert solver.values(h) == brute_values(h)
        h.act(a)
    assert h.is_over


def test_the_best_line_reaches_the_value() -> None:
    for g in positions("chinese-ten", 3, seed=11)[::9]:
        if len(g.stock) > 10:
            continue
        seat = g.decision.seat  # type: ignore[union-attr]
        values = solve(g)
        best = max(values.values())
        h = g.copy()
        before = h.scores[seat] - h.scores[1 - seat]
        for a in Solver("chinese-ten").line(g):
            h.act(a)
        assert h.scores[seat] - h.scores[1 - seat] - before == best


def test_the_solver_refuses_what_it_cannot_solve() -> None:
    with pytest.raises(RuleError, match="two-player"):
        solve(Game.new(3, "classic", seed=1))
    with pytest.raises(RuleError, match="chinese-ten"):
        Solver("chinese-ten").values(Game.new(2, "classic", seed=1))
    over = Game.new(2, "classic", seed=1)
    while not over.is_over:
        over.act(over.legal_actions()[0])
    assert solve(over) == {}
