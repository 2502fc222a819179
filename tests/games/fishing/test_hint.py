"""Hints and the expert bot: legal, explained, never peeking, and better than greedy."""

from __future__ import annotations

import random

import pytest

import mainmerah as mm
from mainmerah.families.fishing import hint as hi
from mainmerah.families.fishing.bots import ExpertBot
from mainmerah.families.fishing.hint import Hint, hints
from mainmerah.families.fishing.ui import plots as lab

HAND0 = "9D 5C 2S 3S 4S 6S 7S 8S 10S"
TABLE = "AH 2H 3H 4H 6C 7C 8C QH KH 10C JC QC"
PILE1 = "5H 5D"


def layout(seed: int | None = None, hand0: str = HAND0, table: str = TABLE, pile1: str = PILE1,
           hand_size: int = 9) -> mm.Game:
    """Seat 0 to move; seat 1's hand and the stock from the remaining cards (shuffled by ``seed``)."""
    used = set(mm.parse_cards(hand0)) | set(mm.parse_cards(table)) | set(mm.parse_cards(pile1))
    rest = [c for c in mm.DECK if c not in used]
    hidden = rest[-3 * hand_size :]  # the rest (two cards) stay out of this partial layout
    assert mm.Card.parse("5S") in hidden  # the last five is in play, hidden from seat 0
    if seed is not None:
        random.Random(seed).shuffle(hidden)
    return mm.Game.from_layout(hands=[hand0, hidden[:hand_size]], table=table, stock=hidden[hand_size:],
                               piles=[[], pile1] if pile1 else None)


def by_card(hs: list[Hint], card: str) -> Hint:
    return next(h for h in hs if h.card == mm.Card.parse(card))


def test_hint_for_every_legal_card_with_points_and_reasons() -> None:
    g = layout()
    hs = hints(g, rollouts=300, seed=1)
    assert sorted(h.card for h in hs) == sorted(g.decision.options)
    nine = by_card(hs, "9D")
    assert nine.points_now == 30 and nine.takes == mm.Card.parse("AH")
    assert nine.reason.startswith("9♦ takes A♥ now: +30 points.")
    assert nine.best and hs[0] is nine
    assert sum(h.best for h in hs) == 1
    assert [h.mean_margin for h in hs] == sorted((h.mean_margin for h in hs), reverse=True)
    five = by_card(hs, "5C")
    assert five.points_now == 0 and five.takes is None
    assert "Keeping 5♣: the last five is still out." in five.reason
    two = by_card(hs, "2S")
    assert two.points_now == 0 and two.takes == mm.Card.parse("8C")  # 2 pairs with an 8; both black
    assert two.reason.startswith("2♠ takes 8♣ now: both are black, so no points")
    for h in hs:
        assert 0.0 <= h.win_chance <= 1.0
        assert h.rollouts == 300 and h.kind == "play"
        # the outlook, in a player's words, agrees with the rollouts' numbers
        side = "ahead" if h.mean_margin >= 0.5 else "behind" if h.mean_margin <= -0.5 else "level finish"
        assert f"Expect {'a' if side == 'level finish' else 'to end about'}" in h.reason and side in h.reason
        if side != "level finish":
            assert f"about {round(abs(h.mean_margin))} points {side}" in h.reason
        odds = ("very likely to win" if h.win_chance >= 0.8 else "more likely to win than not"
                if h.win_chance >= 0.55 else "close game" if h.win_chance > 0.45 else "it can still turn"
                if h.win_chance > 0.2 else "winning from here is hard")
        assert odds in h.reason and "simulated" not in h.reason


def test_red_card_left_on_the_table_is_flagged() -> None:
    g = layout(hand0="9D 5C 2S 3S 4S 6S 7S 8S 9H", table="AH 2H 3H 4H 6C 7C 8C QH KH 10C JC QC")
    hs = hints(g, rollouts=100, seed=2)
    assert by_card(hs, "9H").points_now == 30  # 9♥ also takes A♥ (10 + 20)
    g = layout(hand0="9D 5C 2S 3S 4S 6S 7S 8S AD")  # no 9 on the table; 9♥ 9♣ 9♠ unseen
    ace = by_card(hints(g, rollouts=100, seed=2), "AD")
    assert ace.takes is None
    assert ace.reason.startswith("A♦ stays on the table: 3 cards that pair with it are still out, "
                                 "so an opponent may take its 20 points.")


def test_hints_never_peek_at_hidden_cards() -> None:
    """Permuting the other hand and the stock changes nothing seat 0 can see, so nothing in the hint."""
    base = hints(layout(seed=None), rollouts=200, seed=9)
    for seed in (1, 2, 3):
        g = layout(seed=seed)
        assert g.hands[1] != layout(seed=None).hands[1]
        assert hints(g, rollouts=200, seed=9) == base


def test_hints_are_seeded() -> None:
    g = layout(seed=4)
    assert hints(g, rollouts=150, seed=3) == hints(g, rollouts=150, seed=3)
    assert hints(g, rollouts=150, seed=3, backend="python") == hints(g, rollouts=150, seed=3, backend="python")
    a = [h.mean_margin for h in hints(g, rollouts=150, seed=3)]
    b = [h.mean_margin for h in hints(g, rollouts=150, seed=4)]
    assert a != b


def test_capture_decision_hints() -> None:
    g = layout(hand0="9D 5C 2S 3S 4S 6S 7S 8S 10S", table="AC 2H 3H AH 6C 7C 8C QH KH 10C JC QC")
    g.play("9D")
    assert g.decision.kind == "capture"
    hs = hints(g, rollouts=200, seed=5)
    assert [h.kind for h in hs] == ["capture", "capture"]
    red, black = by_card(hs, "AH"), by_card(hs, "AC")
    assert (red.points_now, black.points_now) == (30, 10)
    assert red.best and red.mean_margin > black.mean_margin
    assert red.reason.startswith("9♦ takes A♥: +30 points.")
    assert "It leaves the red A♥ on the table for someone else." in black.reason


def positions(players: int, kinds: set[tuple[str, str | None]], seed: int) -> list[mm.Game]:
    """Positions of random games with the given decision kinds/sources."""
    out = []
    rng = random.Random(seed)
    for s in range(60):
        g = mm.Game.new(players, "classic", seed=seed * 100 + s)
        while (d := g.decision) is not None:
            if (d.kind, d.source) in kinds and rng.random() < 0.3:
                out.append(g.copy())
            g.decide(rng.choice(d.options))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_numpy_and_python_evaluations_agree(players: int) -> None:
    pytest.importorskip("numpy")
    games = positions(players, {("play", None), ("capture", "play"), ("capture", "flip")}, players)
    kinds = set()
    for g in games[:60]:
        d = g.decision
        kinds.add((d.kind, d.source))
        pos = hi._position(g.view(d.seat))
        worlds = hi._sample_np(pos, 25, seed=7)
        m_np, w_np = hi._evaluate_np(pos, worlds)
        m_py, w_py = hi._evaluate_py(pos, worlds.tolist())
        assert m_np.tolist() == m_py
        assert w_np.tolist() == w_py
    assert kinds == {("play", None), ("capture", "play"), ("capture", "flip")}


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("backend", ["numpy", "python"])
def test_last_turn_estimate_is_the_exact_result(players: int, backend: str) -> None:
    """On the last turn only the final stock card is unseen: every rollout is the real ending."""
    if backend == "numpy":
        pytest.importorskip("numpy")
    rng = random.Random(players)
    for s in range(25):
        g = mm.Game.new(players, "classic", seed=500 + s)
        while not (g.stock_size == 1 and g.decision.kind == "play"):
            g.decide(rng.choice(g.decision.options))
        seat = g.decision.seat
        [h] = hints(g, rollouts=3, seed=s, backend=backend)
        g.play(h.card)
        while (d := g.decision) is not None:  # captures: red first, as the hint assumes
            g.capture(next((c for c in d.options if c.red), d.options[0]))
        sc = g.scores
        best_other = max(v for i, v in enumerate(sc) if i != seat)
        assert h.mean_margin == sc[seat] - best_other
        assert h.win_chance == (1 / len(g.winners) if seat in g.winners else 0.0)
        assert h.margin_se == 0


def test_hints_refuse_bad_requests() -> None:
    g = layout()
    with pytest.raises(ValueError, match="not seat 1's turn"):
        hints(g, seat=1)
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        hints(g, rollouts=0)
    with pytest.raises(ValueError, match="unknown backend 'gpu'"):
        hints(g, backend="gpu")
    with pytest.raises(ValueError, match="no seat 5"):
        hints(g, seat=5)
    done = mm.Game.new(2, "jb", seed=1)
    mm.play_out(done, [mm.make_bot("greedy", 1)] * 2)
    with pytest.raises(ValueError, match="game is over"):
        hints(done)
    with pytest.raises(ValueError, match="game is over"):
        hints(done, seat=0)


@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
@pytest.mark.parametrize("players", [2, 3])
def test_expert_plays_legal_games(players: int, variant: str) -> None:
    for s in range(3):
        g = mm.Game.new(players, variant, seed=s)
        bots = [ExpertBot(seed=s, rollouts=20)] + [mm.make_bot("random", s + i) for i in range(1, players)]
        mm.play_out(g, bots)  # an illegal choice would raise RuleError
        assert g.is_over
        assert sorted(g.all_cards()) == sorted(mm.DECK)
    assert isinstance(mm.make_bot("expert", 1), ExpertBot)
    with pytest.raises(ValueError, match="not seat"):
        ExpertBot(1).choose(mm.Game.new(2, seed=1).view(1))


def test_expert_beats_greedy_on_a_modest_sample() -> None:
    """Seeded, so deterministic; the margin (about +6 per game) is several standard errors above 0."""
    pytest.importorskip("numpy")
    r = lab.duel("expert", "greedy", deals=60, players=2, seed=77, rollouts=200)
    lo, _hi = r.ci95()
    assert lo > 0, r.text()


def test_expert_is_seeded() -> None:
    def game(seed: int) -> list[mm.Choice]:
        g = mm.Game.new(2, "classic", seed=11)
        mm.play_out(g, [ExpertBot(seed=seed, rollouts=40), mm.make_bot("greedy", 1)])
        return g.choices

    assert game(5) == game(5)
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        ExpertBot(1, rollouts=0)


def test_a_capture_of_three_hint_names_all_three() -> None:
    """Chinese Ten: the fourth Queen takes the three on the table; its hint says so, and counts all four cards."""
    g = mm.game_from_layout("chinese-ten", hands=["QD 4C", "8S 2C"], table="QH QC 7D QS", stock="3S 6C 2S 8C",
                            first=0, dealer=1)
    h = next(h for h in hints(g, rollouts=32) if str(h.card) == "Q♦")
    assert h.points_now == 20  # Q♦ 10 + Q♥ 10 + Q♣ 0 + Q♠ 0
    assert h.reason.startswith("Q♦ takes all three queens now (Q♥ Q♣ Q♠): +20 points."), h.reason
    g.act("QD")
    assert {"Q♦", "Q♥", "Q♣", "Q♠"} <= set(map(str, g.piles[0]))  # the engine agrees (the flip 3♠ took 7♦)


def test_a_black_pair_hint_does_not_claim_the_table_is_cleared() -> None:
    g = mm.Game.from_layout(hands=["9C 4C 3S", "8S 2C 5D"], table="AC 7D QS 5H", stock="3D 6C 2S 8C 6D 4S", first=0)
    h = next(h for h in hints(g, rollouts=32) if str(h.card) == "9♣")
    assert "takes a card off the table" in h.reason and "clears the table" not in h.reason
    g.play("9C")
    assert g.table  # other cards are still there
