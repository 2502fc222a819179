"""The engine and the fast path agree at every step: the cards each play and flip capture, the
table and the scores after each turn, and the one greedy policy's choice (bot and fast path)."""

from __future__ import annotations

import numpy as np
import pytest

import mainmerah as mm
from mainmerah.families.fishing import sim as ro
from mainmerah.families.fishing.bots import GreedyBot


def greedy_type(hand: list[int], table: list[int]) -> int:
    """The type the fast path's greedy policy plays (first of the best keys, as ``ro.play``)."""
    best, pick = -(1 << 30), -1
    for t in hand:
        k = ro.greedy_type_key(t, table)
        if k > best:
            best, pick = k, t
    return pick


@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
@pytest.mark.parametrize("players", [2, 3])
def test_engine_and_fast_path_agree_on_every_capture(variant: str, players: int) -> None:
    steps = 0
    for seed in range(25):
        g = mm.Game.new(players, variant, seed=seed)
        bot = GreedyBot(seed=seed)
        tab = ro.table_counts(g.table)
        scores = [0] * players
        batch_tab = np.array(tab, dtype=np.int16)
        batch_scores = np.zeros((1, players), dtype=np.int32)
        seen = len(g.events)
        while (d := g.decision) is not None:
            choice = bot.choose(g.view(d.seat))
            if d.kind == "play":
                assert ro.card_type(choice) == greedy_type(ro.types_of(d.options), tab), "two greedy policies"
            g.decide(choice)
            for e in g.events[seen:]:
                if e.kind in ("capture", "stay"):
                    t = ro.card_type(e.card)
                    both = e.kind == "capture" and tab[ro.PARTNER_BASE[t]] and tab[ro.PARTNER_BASE[t] + 1]
                    red = e.taken.red if both else None
                    ro.settle(tab, t, scores, e.seat, red)
                    ro.settle_batch(batch_tab, np.array([t]), batch_scores, e.seat,
                                    None if red is None else np.array([red]))
                    steps += 1
            seen = len(g.events)
            if g.pending is None:
                assert tab == ro.table_counts(g.table), f"seed {seed}: the table differs after a turn"
                assert tuple(scores) == g.scores, f"seed {seed}: the scores differ after a turn"
                assert batch_tab.tolist() == tab and batch_scores[0].tolist() == scores
    assert steps > 25 * 30


def test_the_fast_path_refuses_what_it_cannot_play_exactly() -> None:
    assert ro.fast_path_fits("classic") and ro.fast_path_fits("jb")
    assert not ro.fast_path_fits("chinese-ten")
