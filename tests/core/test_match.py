"""Matches: running totals, fixed games or a target, and who starts the next game."""

from __future__ import annotations

import itertools
import random

import pytest

import mainmerah as mm


def finish(g: mm.Game, rng: random.Random) -> None:
    while g.decision is not None:
        g.decide(rng.choice(g.decision.options))


def expected_first(scores, previous_first):
    """RULES.md: lowest scorer; ties -> first tied seat clockwise from the previous first, inclusive."""
    n = len(scores)
    order = [(previous_first + k) % n for k in range(n)]
    low = min(scores)
    return next(s for s in order if scores[s] == low)


def test_next_first_examples():
    assert mm.next_first([30, 10], 0) == 1
    assert mm.next_first([10, 30], 1) == 0
    assert mm.next_first([50, 50], 0) == 0
    assert mm.next_first([50, 50], 1) == 1
    assert mm.next_first([20, 90, 20], 1) == 2  # from seat 1: 1 (90), 2 (20) <- first tied met
    assert mm.next_first([20, 90, 20], 2) == 2  # inclusive
    assert mm.next_first([20, 90, 20], 0) == 0
    assert mm.next_first([70, 70, 70], 2) == 2
    assert mm.next_first([0, 100, 110], 2) == 0


def test_next_first_all_small_cases():
    for n in (2, 3):
        for scores in itertools.product(range(3), repeat=n):
            for prev in range(n):
                assert mm.next_first(list(scores), prev) == expected_first(scores, prev), (scores, prev)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
def test_fixed_number_of_games(players, variant):
    rng = random.Random(players)
    m = mm.Match(players, variant, games=4, seed=9)
    assert m.game.setup.first == mm.Game.new(players, variant, seed=m.game.seed).setup.first  # variant decides
    totals = [0] * players
    for k in range(4):
        g = m.game
        assert not m.is_over
        finish(g, rng)
        totals = [t + s for t, s in zip(totals, g.scores, strict=True)]
        if k < 3:
            nxt = m.next_game()
            assert nxt is m.game and not nxt.choices
            assert nxt.setup.first == expected_first(g.scores, g.setup.first)
            assert nxt.seat == nxt.setup.first
        else:
            m.record()
    assert m.is_over and len(m.games) == 4 and len(m.history) == 4
    assert m.totals == totals
    assert m.history == [g.scores for g in m.games]
    best = max(totals)
    assert m.leaders == tuple(i for i, t in enumerate(totals) if t == best)
    with pytest.raises(ValueError, match="match is over"):
        m.next_game()


def test_first_game_first_player_is_the_variants():
    assert mm.Match(3, "classic", games=1, seed=1, dealer=2).game.seat == 2
    assert mm.Match(3, "cardgames", games=1, seed=1, dealer=2).game.seat == 0
    assert mm.Match(2, "cardgames", games=1, seed=1).game.seat == 1
    firsts = {mm.Match(3, "jb", games=1, seed=s).game.seat for s in range(40)}
    assert firsts == {0, 1, 2}


def test_target_score():
    rng = random.Random(1)
    m = mm.Match(2, "jb", target=300, seed=3)
    while True:
        finish(m.game, rng)
        m.record()
        if m.is_over:
            break
        assert all(t < 300 for t in m.totals)
        m.next_game()
    assert any(t >= 300 for t in m.totals)
    # Every earlier game ended below the target.
    running = [0, 0]
    for scores in m.history[:-1]:
        running = [a + b for a, b in zip(running, scores, strict=True)]
        assert all(t < 300 for t in running)
    assert len(m.history) >= 2  # jb games share 210 points, so 300 takes more than one game
    assert m.leaders == tuple(i for i, t in enumerate(m.totals) if t == max(m.totals))
    with pytest.raises(ValueError):
        m.start_game()


def test_record_is_idempotent_and_needs_a_finished_game():
    m = mm.Match(2, "classic", games=2, seed=4)
    with pytest.raises(ValueError, match="not over"):
        m.record()
    with pytest.raises(ValueError, match="not over"):
        m.next_game()
    with pytest.raises(ValueError, match="not over"):
        m.start_game()
    finish(m.game, random.Random(0))
    m.record()
    m.record()
    assert len(m.history) == 1 and m.totals == list(m.game.scores)


def test_matches_are_seeded():
    rng_a, rng_b = random.Random(5), random.Random(5)
    a, b = mm.Match(3, "classic", games=3, seed=77), mm.Match(3, "classic", games=3, seed=77)
    for _ in range(3):
        assert a.game.setup == b.game.setup
        finish(a.game, rng_a)
        finish(b.game, rng_b)
        a.record()
        b.record()
        if not a.is_over:
            a.start_game()
            b.start_game()
    assert a.totals == b.totals and a.is_over and b.is_over
    c = mm.Match(3, "classic", games=3, seed=78)
    assert c.games[0].setup.hands != a.games[0].setup.hands


@pytest.mark.parametrize("kwargs, word", [
    (dict(), "exactly one"),
    (dict(games=2, target=100), "exactly one"),
    (dict(games=0), "at least one"),
    (dict(target=0), "positive"),
])
def test_bad_match_options(kwargs, word):
    with pytest.raises(ValueError, match=word):
        mm.Match(2, "classic", **kwargs)
    with pytest.raises(ValueError, match="poker"):
        mm.Match(2, "poker", games=1)


def test_a_match_of_in_the_red_is_led_by_the_lowest_total() -> None:
    import random

    m = mm.core.match.Match("in-the-red", players=3, games=1, seed=2)
    g, rng = m.game, random.Random(2)
    while g.decision is not None:
        g.act(rng.choice(g.legal_actions()))
    m.record()
    low = min(m.totals)
    assert m.leaders == tuple(i for i, t in enumerate(m.totals) if t == low)
