"""Red Ten's bots: legal from the view alone; greedy's heuristics; the expert finishes hands."""

from __future__ import annotations

import random

from mainmerah.core.cards import PACK_WITH_JOKERS, parse_cards
from mainmerah.families.red_ten import GAME, RedTen, make_bot
from mainmerah.families.red_ten.deal import deal_sizes
from mainmerah.families.red_ten.rules import value
from mainmerah.families.red_ten.sim import PASS_MOVE, counts_of, greedy, moves, remove


def layout(given: dict[int, str], dealer: int = 3) -> RedTen:
    hands = {s: parse_cards(t) for s, t in given.items()}
    placed = {c for h in hands.values() for c in h}
    rest = [c for c in PACK_WITH_JOKERS if c not in placed]
    out = []
    for s, size in enumerate(deal_sizes(dealer)):
        h = list(hands.get(s, []))
        while len(h) < size:
            h.append(rest.pop(0))
        out.append(h)
    return RedTen.from_layout(out, dealer=dealer)


def test_greedy_does_not_beat_a_known_partner():
    g = layout({0: "3H 10H 4S", 1: "10D 9S KS"})
    for a in ("reveal 10H", "reveal 10D", "keep", "keep"):
        g.act(a)
    g.act("4S")
    assert g.view(1).partner_of(0) is True
    assert make_bot("greedy").choose(g.view(1)) == "pass"


def test_greedy_plays_the_lowest_single_that_beats_an_opponent():
    g = layout({0: "3H 10H 4S", 1: "9S KS 6C"})
    for _ in range(4):
        g.act("keep")
    g.act("4S")
    v = g.view(1)
    assert v.partner_of(0) is None  # not known
    ranks = [c.rank for c in v.hand]
    beating = [c for c in v.hand if value(c) > 4 and ranks.count(c.rank) < 3 and not c.joker]
    assert make_bot("greedy").choose(v) == str(min(beating, key=value))


def test_greedy_keeps_its_bombs():
    counts, reds = counts_of(parse_cards("7H 7D 7C 3D 5S 8C 9C JC QD"))
    king = ("single", 1, 13, 0)
    assert greedy(list(counts), reds, king, False, False) == PASS_MOVE  # nobody close to going out: keep it
    assert greedy(list(counts), reds, king, False, True) == ("bomb", 3, 7, 1)  # an opponent is: bomb
    assert greedy(list(counts), reds, ("single", 1, 4, 0), False, False) == ("single", 1, 5, 0)  # not a 7
    assert greedy(list(counts), reds, None, False, False)[2] != 7  # leads without breaking the bomb


def test_sim_counts_follow_the_cards():
    cards = parse_cards("10H 10D 10C 3S 4S 5S")
    counts, reds = counts_of(cards)
    assert counts[10] == 3 and reds == 2
    assert ("bomb", 2, 18, 4) in moves(counts, reds, None) and ("pair", 2, 10, 0) in moves(counts, reds, None)
    reds = remove(counts, reds, ("pair", 2, 10, 0))  # black ten first, then a red one
    assert counts[10] == 1 and reds == 1


def test_every_bot_gives_a_legal_action_from_the_view_alone():
    for level in GAME.bots:
        g = RedTen.new(seed=3)
        bots = [make_bot(level if s == 0 else "random", seed=s) for s in range(4)]
        while (d := g.decision) is not None:
            v = g.view(d.seat)
            a = bots[d.seat].choose(v)
            assert a in g.legal_actions() and a in v.legal_actions()
            g.act(a)
        assert g.is_over


def test_random_bot_is_seeded():
    def run(seed: int) -> str:
        g = RedTen.new(seed=8)
        b = [make_bot("random", seed=seed + s) for s in range(4)]
        while (d := g.decision) is not None:
            g.act(b[d.seat].choose(g.view(d.seat)))
        return g.to_json()

    assert run(1) == run(1) and run(1) != run(2)


def test_expert_sees_only_its_view_and_rollouts_end():
    rng = random.Random(2)
    g = RedTen.new(seed=6)
    while g.phase == "answer":
        g.act("keep")
    for _ in range(10):
        g.act(rng.choice(g.legal_actions()))
    v = g.view(g.decision.seat)
    bot = make_bot("expert", seed=1)
    hands, red = bot._deal(v)  # type: ignore[attr-defined]
    assert hands[v.seat] == list(v.hand)
    assert [len(h) for h in hands] == list(v.hand_sizes)
    assert {c for h in hands for c in h} == set(v.hand) | set(v.unseen())
    assert red == tuple(sorted({next(s for s in range(4) if t in hands[s] or (str(t), s) in v.known)
                                for t in parse_cards("10H 10D")}))
    assert bot.choose(v) in g.legal_actions()
