"""The review's fast path (``GameInfo.playout``) against the engine: the same positions, the same actions,
every seat greedy after them, the same score; and the review's speed-ups change no choice of the bots."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.core.registry import get
from mainmerah.core.review import finish


def positions(name: str, players: int, seeds: range, levels: tuple[str, ...] = ("random", "greedy")) -> Iterator[Any]:
    """Every position of a few games (seat 0 random, the others greedy), each with a decision to take."""
    info = get(name)
    for seed in seeds:
        g = mm.new_game(name, seed=seed, players=players)
        bots = [info.make_bot(levels[min(s, 1)], seed=seed + s) for s in range(players)]
        while (d := g.decision) is not None:
            yield g.copy()
            g.act(bots[d.seat].choose(g.view(d.seat)))


def engine_score(game: Any, action: str, seat: int, until_deal_end: bool = False) -> int:
    g = game.copy()
    deal, start = getattr(g, "deal_number", 0), len(g.events)
    g.act(action)
    if until_deal_end:  # In The Red's fast path stops where the deal does
        bots = [get(g.game_name).make_bot("greedy", seed=s) for s in range(g.players)]
        while g.decision is not None and g.deal_number == deal:
            g.act(bots[g.decision.seat].choose(g.view(g.decision.seat)))
        reshuffled = any(type(e).__name__ == "Reshuffled" for e in g.events[start:])
        return -1 if reshuffled or game.reshuffles else int(g.totals[seat])
    return int(finish(get(g.game_name), g, "greedy", 0).scores[seat])


@pytest.mark.parametrize("players", [2, 3])
def test_main_merah_fast_playouts_score_as_the_engine(players: int) -> None:
    info = get("main-merah")
    assert info.playout is not None
    checked = 0
    for pos in positions("main-merah", players, range(3)):
        seat = pos.decision.seat
        for a in pos.legal_actions():
            assert info.playout(pos, a, "greedy", 0) == engine_score(pos, a, seat), (pos.choices, a)
            checked += 1
        assert info.playout(pos, pos.legal_actions()[0], "random", 0) is None  # only the greedy level
    assert checked > 100


def test_chinese_ten_is_left_to_the_engine() -> None:
    info = get("chinese-ten")
    assert info.playout is not None
    pos = next(positions("chinese-ten", 4, range(1)))
    assert info.playout(pos, pos.legal_actions()[0], "greedy", 0) is None


def test_red_ten_fast_playouts_score_as_the_engine_once_the_teams_are_open() -> None:
    """With both red tens shown every seat knows the teams, as the fast path's policy does."""
    info = get("red-ten")
    assert info.playout is not None
    checked = 0
    for pos in positions("red-ten", 4, range(40)):
        if pos.phase == "answer":
            assert info.playout(pos, pos.legal_actions()[0], "greedy", 0) is None
            continue
        if not pos.open or checked > 300:
            continue
        seat = pos.decision.seat
        for a in pos.legal_actions()[:6]:
            assert info.playout(pos, a, "greedy", 0) == engine_score(pos, a, seat), (pos.choices, a)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
def test_in_the_red_fast_playouts_total_as_the_engine_at_the_end_of_the_deal(players: int) -> None:
    """The total once the deal under way ends (a reshuffle's order is the fast path's own: those are skipped)."""
    info = get("in-the-red")
    assert info.playout is not None
    checked = skipped = 0
    for pos in positions("in-the-red", players, range(2)):
        if pos.deal_number > 2:
            continue
        seat = pos.decision.seat
        for a in pos.legal_actions()[:4]:
            expected = engine_score(pos, a, seat, until_deal_end=True)
            if expected < 0:
                skipped += 1
                continue
            assert info.playout(pos, a, "greedy", 7) == expected, (pos.choices, a)
            checked += 1
    assert checked > 40 and checked > skipped


def test_red_ten_greedy_policy_lists_moves_only_when_needed() -> None:
    """The greedy policy with its lazy move list chooses as listing every move first would."""
    from mainmerah.families.red_ten.sim import greedy, moves

    def eager(counts: list[int], reds: int, top: Any, partner: bool, danger: bool) -> Any:
        n = sum(counts)
        for m in moves(counts, reds, top):
            if m[1] == n:
                return m
        return greedy(counts, reds, top, partner, danger)

    rng = random.Random(3)
    tops = moves([0, 0, 0] + [4] * 13 + [1, 1, 0], 2, None)
    for _trial in range(3000):
        counts = [0] * 19
        for _k in range(rng.randrange(1, 15)):
            v = rng.choice([*range(3, 18)])
            counts[v] = min(counts[v] + 1, 1 if v >= 16 else 4)
        reds = rng.randrange(0, min(2, counts[10]) + 1)
        top = None if rng.random() < 0.3 else rng.choice(tops)
        args = (counts, reds, top, rng.random() < 0.5, rng.random() < 0.5)
        assert greedy(*args) == eager(*args), args
