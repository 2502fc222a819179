"""In The Red property tests (Hypothesis): any seed, player count and mix of legal and illegal
actions keeps every card accounted for, an illegal action changes nothing, and a save file
loads back to the same game at any point."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mainmerah.core import registry
from mainmerah.core.cards import PACK_WITH_JOKERS
from mainmerah.families.in_the_red import InTheRed

TOKENS = [str(c) for c in PACK_WITH_JOKERS] + [f"{c}@{s}" for c in PACK_WITH_JOKERS[::5] for s in (0, 1, 5, 11)] + [
    f"discard {c}" for c in PACK_WITH_JOKERS[::3]] + ["", "discard", "@", "7H@", "@2", "7H@-1", "7H@1@2", "pass"]


def snapshot(g: InTheRed) -> tuple[object, ...]:
    return (g.to_json(), len(g.events), g.legal_actions(), g.scores, tuple(repr(g.view(s)) for s in range(g.players)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10), steps=st.integers(0, 150),
       mix=st.lists(st.sampled_from(TOKENS), min_size=1, max_size=30))
def test_illegal_actions_change_nothing_and_cards_stay_accounted_for(seed: int, players: int, steps: int,
                                                                    mix: list[str]) -> None:
    g = InTheRed.new(seed=seed, players=players)
    rng = random.Random(seed)
    full = Counter(g.pack())
    for i in range(steps):
        if g.is_over:
            break
        legal = set(g.legal_actions())
        token = mix[i % len(mix)]
        if token not in legal:
            before = snapshot(g)
            try:
                g.act(token)
            except ValueError:
                assert snapshot(g) == before, f"refused {token!r} but the game changed"
            else:  # another spelling of a legal action
                assert g.choices[-1].action in legal
        if not g.is_over:
            g.act(rng.choice(g.legal_actions()))
        assert Counter(g.all_cards()) == full


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 10), steps=st.integers(0, 400))
def test_a_save_file_loads_back_to_the_same_game_at_any_point(seed: int, players: int, steps: int) -> None:
    g = InTheRed.new(seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.act(rng.choice(g.legal_actions()))
    back = registry.load_game(g.to_json())
    assert isinstance(back, InTheRed) and snapshot(back) == snapshot(g) and back.explain() == g.explain()
    assert back.hands == g.hands and back.pack_order() == g.pack_order()
