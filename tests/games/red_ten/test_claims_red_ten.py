"""Red Ten's claims (issue 23, finding 14): every sentence its lessons and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from itertools import permutations

import pytest
from claims import claims_of, english, failures, lesson_texts, sentences, sheet_texts, task_sayings, task_texts

from mainmerah.core import registry
from mainmerah.core.cards import PACK_WITH_JOKERS, Card, parse_cards
from mainmerah.core.errors import RuleError
from mainmerah.families.red_ten.deal import deal_sizes
from mainmerah.families.red_ten.explain import describe, short
from mainmerah.families.red_ten.rules import (
    RED_TENS,
    STRAIGHT,
    Combo,
    Settlement,
    answers_for,
    beats,
    classify,
    settle,
    surrender,
    value,
)
from mainmerah.families.red_ten.state import RedTen
from mainmerah.teach.lesson import ChoiceTask, NumberTask, PickTask, Task

GAME = "red-ten"


def combo(text: str):  # type: ignore[no-untyped-def]
    c = classify(parse_cards(text))
    assert c is not None, text
    return c


def equal(a: str, b: str) -> bool:
    return not beats(combo(a), combo(b)) and not beats(combo(b), combo(a))


def chain(texts: list[str]) -> None:
    """Each play beats the one before it and not the other way round."""
    for low, high in zip(texts, texts[1:], strict=False):
        assert beats(combo(high), combo(low)) and not beats(combo(low), combo(high)), (low, high)


def game_at_play(seed: int = 3) -> RedTen:
    g = registry.new_game(GAME, seed=seed)
    assert isinstance(g, RedTen)
    while g.phase == "answer":
        g.act("keep")
    return g


# ----- the checks ------------------------------------------------------------------------------------------------
def first_out_does_best() -> None:
    assert registry.get(GAME).players == (4,)
    for out in permutations(range(4)):
        for red in ([0, 1], [0, 2], [0, 3], [1, 2], [0], [1], [2]):
            for open_hand in (False, True):
                s = settle(list(out), red, open_hand).scores
                assert s[out[0]] == max(s), (out, red, s)


def blurb() -> None:
    first_out_does_best()  # (four players, the registry's)
    teams()


def single_order() -> None:
    chain(["3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "A♠", "2♠", "SJ", "BJ", "10♥"])
    assert max(PACK_WITH_JOKERS, key=value) in RED_TENS


def pair_order() -> None:
    chain(["3♠ 3♥", "4♠ 4♥", "9♠ 9♥", "10♠ 10♣", "J♠ J♥", "K♠ K♥", "A♠ A♥", "2♠ 2♥"])
    assert classify(parse_cards("SJ BJ")).kind == "bomb"  # type: ignore[union-attr]


def suits_never_matter() -> None:
    for rank in ("3", "7", "10", "K", "A", "2"):
        plays = [f"{rank}{s}" for s in "♠♣♥♦" if not (rank == "10" and s in "♥♦")]
        for a in plays:
            for b in plays:
                assert equal(a, b)
    assert equal("10♥", "10♦") and beats(combo("10♥"), combo("10♠"))


def red_ten_plain_in_combinations() -> None:
    assert equal("10♥ 10♣", "10♠ 10♣") and beats(combo("J♠ J♦"), combo("10♥ 10♣"))
    assert equal("9♠ 10♥ J♣", "9♣ 10♠ J♦")
    assert equal("10♥ 10♣ 10♠", "10♦ 10♣ 10♠") and beats(combo("J♠ J♦ J♣"), combo("10♥ 10♣ 10♠"))


def the_plays() -> None:
    kinds = {classify(parse_cards(t)).kind for t in  # type: ignore[union-attr]
             ("7♠", "7♠ 7♥", "3♠ 4♥ 5♣", "A♠ 2♥ 3♣", "Q♠ K♥ A♣", "9♠ 9♥ 9♣", "9♠ 9♥ 9♣ 9♦", "SJ BJ", "10♥ 10♦")}
    assert kinds == {"single", "pair", "straight", "bomb"}
    assert classify(parse_cards("K♠ A♥ 2♣")) is None and classify(parse_cards("3♠ 4♥")) is None


def nothing_else() -> None:
    for t in ("8♣ 8♦ 9♠ 9♥", "7♠ 7♥ 7♣ 8♦ 8♠", "SJ 3♠", "3♠ 5♥ 6♣", "SJ 3♥ 4♥", "Q♣ K♦ A♠ 2♥"):
        assert classify(parse_cards(t)) is None, t


def beat_same_kind() -> None:
    assert beats(combo("8♠ 8♥"), combo("7♠ 7♥")) and not beats(combo("8♠ 9♥ 10♣"), combo("7♠ 7♥"))
    assert beats(combo("4♠ 5♥ 6♣"), combo("3♠ 4♥ 5♣")) and not beats(combo("4♠ 5♥ 6♣ 7♦"), combo("3♠ 4♥ 5♣"))
    assert not beats(combo("8♠"), combo("7♠ 7♥"))
    # "Further up the line A 2 3 … K A": an Ace-low straight is the lowest, though an Ace outranks a 2 as a single.
    chain(["A♠ 2♥ 3♣", "2♠ 3♥ 4♣", "3♠ 4♥ 5♣", "J♠ Q♥ K♣", "Q♠ K♥ A♣"])
    assert beats(combo("A♠"), combo("K♠")) and not beats(combo("A♠ 2♥ 3♣"), combo("J♠ Q♥ K♣"))


def bombs() -> None:
    for plain in ("2♠", "2♠ 2♥", "10♥", "9♠ 10♥ J♣ Q♦ K♠ A♥"):
        assert beats(combo("3♠ 3♥ 3♣"), combo(plain))
    chain(["3♠ 3♥ 3♣", "2♠ 2♥ 2♣", "3♠ 3♥ 3♣ 3♦", "2♠ 2♥ 2♣ 2♦", "SJ BJ", "10♥ 10♦"])


def passing() -> None:
    for seed in range(30):
        g = game_at_play(seed)
        assert "pass" not in g.legal_actions()  # the leader must play
        with pytest.raises(RuleError, match="may not pass"):
            g.act("pass")
        leader = g.turn
        g.act(min((a for a in g.legal_actions()), key=len))
        a = g.turn
        if len(g.legal_actions()) < 2:
            continue
        g.act("pass")  # a seat may pass although it could play
        plays = [x for x in g.legal_actions() if x != "pass"]
        if not plays:
            continue
        g.act(plays[0])  # the next seat plays on top
        g.act("pass")
        assert g.turn == leader
        g.act("pass")
        assert g.turn == a and g.top is not None  # the same round: the seat that passed has its turn again
        if any(x != "pass" for x in g.legal_actions()):
            return  # and may play
    raise AssertionError("no seeded deal showed a seat playing again after passing")


def teams() -> None:
    for seed in range(20):
        g = registry.new_game(GAME, seed=seed)
        assert isinstance(g, RedTen)
        assert set(g.red) == set(g.holders)
        assert len(g.red) in (1, 2)


def answers() -> None:
    assert answers_for(parse_cards("3♠")) == ["keep"]
    assert answers_for(parse_cards("10♥")) == ["keep", "reveal 10♥"]
    assert answers_for(parse_cards("10♦")) == ["keep", "reveal 10♦"]
    assert "surrender" in answers_for(list(RED_TENS)) and "surrender" not in answers_for(parse_cards("10♥"))


def open_hand() -> None:
    for given, opened in ((("reveal 10♥", "reveal 10♦"), True), (("reveal 10♥",), False)):
        for seed in range(40):
            g = registry.new_game(GAME, seed=seed)
            assert isinstance(g, RedTen)
            if len(set(g.holders)) == 2:
                break
        while g.phase == "answer":
            mine = [a for a in g.legal_actions() if a in given]
            g.act(mine[0] if mine else "keep")
        assert g.open is opened


def scoring_two() -> None:
    assert settle([0, 2, 1, 3], [0, 2], False).scores == (2, -2, 2, -2)
    assert settle([0, 1, 2, 3], [0, 2], False).scores == (1, -1, 1, -1)
    assert settle([0, 1, 3, 2], [0, 2], False).scores == (0, 0, 0, 0)


def scoring_one() -> None:
    assert settle([0, 1, 2, 3], [0], False).scores == (9, -3, -3, -3)
    assert settle([1, 2, 3, 0], [0], False).scores == (-9, 3, 3, 3)
    assert settle([1, 0, 2, 3], [0], False).scores == (0, 0, 0, 0)
    assert settle([1, 2, 0, 3], [0], False).scores == (0, 0, 0, 0)


def multiplier() -> None:
    assert settle([0, 2, 1, 3], [0, 2], True).scores == (4, -4, 4, -4)
    assert settle([1, 3, 0, 2], [0, 2], True).scores == (-8, 8, -8, 8)
    assert settle([0, 1, 3, 2], [0, 2], True).scores == (0, 0, 0, 0)
    assert settle([0, 1, 2, 3], [0], True).scores == (18, -6, -6, -6)
    assert settle([1, 2, 3, 0], [0], True).scores == (-36, 12, 12, 12)


def the_deal() -> None:
    assert len(PACK_WITH_JOKERS) == 54 and sorted(deal_sizes(0), reverse=True) == [14, 14, 13, 13]
    for dealer in range(4):
        g = registry.new_game(GAME, seed=dealer, dealer=dealer)
        assert isinstance(g, RedTen)
        assert [len(h) for h in g.setup.hands] == list(deal_sizes(dealer))
        assert len(g.setup.hands[(dealer + 1) % 4]) == 14 and len(g.setup.hands[(dealer + 2) % 4]) == 14


def heart_three_leads() -> None:
    for seed in range(10):
        g = game_at_play(seed)
        assert Card.parse("3♥") in g.setup.hands[g.turn]
        assert any("3♥" not in a for a in g.legal_actions())  # the lead need not hold 3♥


def round_lead() -> None:
    from test_true_words import test_red_ten_sheet_says_who_leads_after_a_seat_went_out as played

    played()


def going_out() -> None:
    for seed in range(10):
        g = game_at_play(seed)
        while not g.is_over:
            g.act(g.legal_actions()[0])
        assert len(g.out) >= 1
        if len(g.out) == 1:
            continue
        firsts = [i for i, e in enumerate(g.events) if e.kind == "out"]
        assert any(e.kind in ("play", "pass") for e in g.events[firsts[0]:])  # the others played on


def places() -> None:
    from mainmerah.families.red_ten.explain import place_name

    assert [place_name(p) for p in range(1, 5)] == ["first (上游)", "second (二游)", "third (三游)", "last (下游)"]


def settled_early() -> None:
    for seed in range(20):
        g = game_at_play(seed)
        while not g.is_over:
            g.act(g.legal_actions()[0])
        if g.result.case == "surrender":  # type: ignore[union-attr]
            continue
        assert sum(g.scores) == 0
        assert sum(1 for h in g.hands if h) >= 1  # it ended with cards still held: as soon as it was settled


def reveal_just_one() -> None:
    """The holder of both red tens may reveal one of them (the hand stays hidden), both (open), or surrender."""
    both = answers_for(list(RED_TENS))
    assert {"reveal 10♥", "reveal 10♦", "reveal 10♥ 10♦", "surrender", "keep"} <= set(both)
    assert answers_for(parse_cards("10♥ 3♠")) == ["keep", "reveal 10♥"]
    seed = next(s for s in range(200) if len(set(registry.new_game(GAME, seed=s).holders)) == 1)  # type: ignore
    for given, opened in (("reveal 10♦", False), ("reveal 10♥", False), ("reveal 10♥ 10♦", True)):
        g = registry.new_game(GAME, seed=seed)
        assert isinstance(g, RedTen)
        while g.phase == "answer":
            g.act(given if given in g.legal_actions() else "keep")
        assert g.open is opened and g.phase != "answer" and not g.is_over


def ends_when_settled() -> None:
    """Played out: a hand ends exactly when the rule book's case is reached, never earlier, never later."""
    import random

    seen = {"2v2 partner": 0, "2v2 opponents": 0, "1v3 lone": 0, "1v3 others": 0}
    for seed in range(60):
        g = game_at_play(seed)
        rng = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            g.act(rng.choice(acts))
            red, out = set(g.red), list(g.out)
            if not out:
                assert not g.is_over
                continue
            first = out[0]
            if len(red) == 2:
                mine = red if first in red else set(range(4)) - red
                partner_out = any(s in mine and s != first for s in out)
                opponents_out = all(s in out for s in set(range(4)) - mine)
                assert g.is_over == (partner_out or opponents_out), (seed, out, red)
                if g.is_over:
                    seen["2v2 partner" if partner_out else "2v2 opponents"] += 1
            else:
                lone = next(iter(red))
                others_out = all(s in out for s in set(range(4)) - red)
                assert g.is_over == (lone in out or others_out), (seed, out, red)
                if g.is_over:
                    seen["1v3 lone" if lone in out else "1v3 others"] += 1
        assert any(g.hands) or len(g.out) == 4
    assert seen["2v2 partner"] and seen["2v2 opponents"] and (seen["1v3 lone"] or seen["1v3 others"]), seen


def surrender_scores() -> None:
    assert surrender(0).scores == (-3, 1, 1, 1)


def only_both_knows() -> None:
    """At first (the views before any answer, over many deals) a seat sees every team exactly when it holds both
    red tens; with one red ten or none some team is unknown."""
    holds_both = 0
    for seed in range(300):
        g = registry.new_game(GAME, seed=seed)
        assert isinstance(g, RedTen) and g.phase == "answer"
        for seat in range(4):
            v = g.view(seat)
            assert v.answered == 0 and v.shown is None
            both = all(t in g.setup.hands[seat] for t in RED_TENS)
            holds_both += both
            assert ("?" not in v.teams) == both, (seed, seat, v.teams)
    assert holds_both  # the deals include a holder of both


# The order a single goes by, as lesson 1 states it: 3 … 2, the small joker, the big joker, a red ten above all.
SINGLE_ORDER = [*"3 4 5 6 7 8 9 10 J Q K A 2".split(), "SJ", "BJ", "red ten"]


def order_of(card: Card) -> int:
    return SINGLE_ORDER.index("red ten" if card in RED_TENS else card.rank_text)


def higher_beats_lower() -> None:
    """Any two singles, and any two pairs (a red ten in a pair a plain 10): the higher beats the lower, never the
    lower the higher, and equal ranks do not beat each other."""
    for a in PACK_WITH_JOKERS:
        for b in PACK_WITH_JOKERS:
            assert beats(combo(str(a)), combo(str(b))) == (order_of(a) > order_of(b)), (a, b)
    plain = [c for c in PACK_WITH_JOKERS if not c.joker]
    pairs = [(x, y) for i, x in enumerate(plain) for y in plain[i + 1:] if x.rank == y.rank and {x, y} != set(RED_TENS)]
    assert len(pairs) == 13 * 6 - 1
    rank = {p: SINGLE_ORDER.index(p[0].rank_text) for p in pairs}
    for p in pairs:
        cp = combo(f"{p[0]} {p[1]}")
        assert cp.kind == "pair"
        for q in pairs:
            assert beats(cp, combo(f"{q[0]} {q[1]}")) == (rank[p] > rank[q]), (p, q)


def answered_together() -> None:
    g = registry.new_game(GAME, seed=4)
    assert isinstance(g, RedTen)
    g.act("keep")
    assert g.shown is None and not any(e.kind == "shown" for e in g.events)
    while g.phase == "answer":
        g.act("keep")
    assert sum(e.kind == "shown" for e in g.events) == 1


def answers_once_together() -> None:
    answers()
    reveal_just_one()
    answered_together()


def opened_only_by_answers() -> None:
    """Both tens shown by the answers open the hand; a red ten played afterwards never does."""
    open_hand()
    played = 0
    for seed in range(40):
        g = game_at_play(seed)  # every seat kept quiet: a hidden hand
        while not g.is_over:
            act = next((a for a in g.legal_actions() if "10♥" in a or "10♦" in a), g.legal_actions()[0])
            g.act(act)
            assert not g.open
        played += any(e.kind == "play" and any(c in RED_TENS for c in e.combo.cards) for e in g.events)
    assert played


def surrendered() -> None:
    seed = next(s for s in range(200) if len(set(registry.new_game(GAME, seed=s).holders)) == 1)  # type: ignore
    g = registry.new_game(GAME, seed=seed)
    assert isinstance(g, RedTen)
    lone = g.holders[0]
    while not g.is_over:
        g.act("surrender" if g.turn == lone else "keep")
    assert not any(e.kind == "play" for e in g.events)
    assert list(g.scores) == [-3 if s == lone else 1 for s in range(4)] and surrender(lone).multiplier == 1


def engine_words(sentence: str) -> None:
    """A sentence the sheet builds from the engine's own words: a play it names, or one play beating another."""
    m = re.fullmatch(r"(.*\(([^()]*)\)) (beats|does not beat) (.*\(([^()]*)\)): .*\.", sentence)
    if m:
        a, b = combo(m.group(2)), combo(m.group(5))
        assert beats(a, b) == (m.group(3) == "beats"), sentence
        assert m.group(1) == describe(a) and m.group(4) == describe(b)
        return
    cards = re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]|\bSJ\b|\bBJ\b", sentence)
    assert describe(combo(" ".join(cards))) == sentence, sentence


def straights_line() -> None:
    yes, no = "A♥ 2♠ 3♦, 2♣ 3♦ 4♠, Q♦ K♠ A♥, 10♦ J♠ Q♣ K♥", "K♠ A♥ 2♣, Q♣ K♦ A♠ 2♥, SJ 3♥ 4♥"
    assert all(classify(parse_cards(t)) is not None for t in yes.split(", "))
    assert all(classify(parse_cards(t)) is None for t in no.split(", "))
    # Three or more in a row, at most 13 (A…K or 2…A; 13 ranks read as the higher one).
    line = "A 2 3 4 5 6 7 8 9 10 J Q K A".split()
    suits = "SHCD"
    for length in range(2, 15):
        for start in range(len(line) - length + 1):
            run = parse_cards(" ".join(r + suits[i % 4] for i, r in enumerate(line[start:start + length])))
            found = classify(run)
            if length in (2, 14):  # (14: A…A holds the Ace twice)
                assert found is None or found.kind != "straight"
            else:
                assert found is not None and found.kind == "straight", run


CHECKS: dict[str, Callable[[], None]] = {
    "Red Ten (红十) is a climbing game for four: the first to shed all cards does best.": first_out_does_best,
    "All 54 cards (the pack and both jokers) are dealt, 14 to two seats and 13 to the other two.": the_deal,
    "A single card goes by rank, from 3 (lowest) up: 3 4 5 6 7 8 9 10 J Q K A 2, the small joker (小王), the big "
    "joker (大王), and a red ten (♥10 or ♦10) above all.": single_order,
    "Pairs go by the same order, from 3 up to 2.": pair_order,
    "Suits never matter, except that ♥10 and ♦10 are the red tens.": suits_never_matter,
    "A red ten is the highest only as a single: in a pair, a straight or a bomb of three or four tens it counts as "
    "a plain 10, and a black ten is always a plain 10.": red_ten_plain_in_combinations,
    "A play is a single, a pair, a straight (顺子: three or more ranks in a row on A 2 3 … K A, no wrapping) or a "
    "bomb (炸弹: three or four of a kind, the two jokers 旗杆炸弹, the two red tens 无敌炸弹).": the_plays,
    "Nothing else.": nothing_else,
    "A play is exactly one of these (nothing else):": nothing_else,
    "To beat the top play, play the same kind with the same number of cards and a higher rank (a straight: the same "
    "length, starting further up the line A 2 3 … K A, so A-2-3 is the lowest).": beat_same_kind,
    "A bomb beats any single, pair or straight; a higher bomb beats a bomb: bombs go by kind first (three of a kind, "
    "four of a kind, the two jokers, the two red tens), then by rank.": bombs,
    "The leader of a round must play; every other seat may pass, even when it could play, and may play again when "
    "its turn comes back in the same round.": passing,
    "The holders of ♥10 and ♦10 are a team, the other two the other; one player with both plays alone against "
    "three.": teams,
    "Before the first card every seat answers once, and the answers are shown together when all four are in: any "
    "seat may keep quiet; the holder of one red ten may reveal it; the holder of both may reveal just one of them (a "
    "bluff), reveal both, or surrender.": answers_once_together,
    "Both red tens shown make an open hand (明打); playing a red ten later does not open a hand.":
        opened_only_by_answers,
    "When every other seat that still has cards has passed since the last play, the round ends: whoever made that "
    "play leads the next round (if that play was their last card, the next seat in play order that still has cards "
    "leads).": round_lead,
    "If nobody then beats that player's last play, the next seat in play order that still has cards leads.":
        round_lead,
    "A surrender ends the hand before any card is played: −3 for the one who surrenders, +1 for each other player, "
    "no multiplier.": surrendered,
    "The holder of ♥3 leads the first round of a hand; the lead need not contain ♥3.": heart_three_leads,
    "Whoever plays their last card goes out; the others play on.": going_out,
    "The hand ends as soon as its score is settled: in 2 against 2 when the partner of the first player out goes out "
    "too, or both opponents of the first player out have gone out; in 1 against 3 when the lone player goes out, or "
    "all three others have.": ends_when_settled,
    "2 against 2, by the places of the first player out's team: first and second +2/−2, first and third +1/−1, "
    "first and last 0.": scoring_two,
    "1 against 3: the lone player first +9 (others −3), last −9 (others +3), otherwise 0.": scoring_one,
    "An open hand: ×2 if the red side wins, ×4 if it loses.": multiplier,
    "4 players, one pack of 54 cards with its two jokers, all dealt one at a time from the seat after the dealer: "
    "14, 14, 13, 13 cards.": the_deal,
    "As singles, from low to high (suits never matter, except that 10♥ and 10♦ are the red tens, the highest "
    "single):": single_order,
    "Straights (three or more cards in a row on A 2 3 … K A, each rank once, so at most 13): A♥ 2♠ 3♦, 2♣ 3♦ 4♠, "
    "Q♦ K♠ A♥, 10♦ J♠ Q♣ K♥ are; K♠ A♥ 2♣, Q♣ K♦ A♠ 2♥, SJ 3♥ 4♥ are not.":
        straights_line,
    "The holders of 10♥ and 10♦ are one team, the other two the other; a player holding both plays alone against "
    "three.": teams,
    "At first only a player holding both knows the teams.": only_both_knows,
    "A higher single beats a lower single, and a higher pair a lower pair.": higher_beats_lower,
    "Before the first card every player answers once, and the answers are shown together.": answered_together,
    "Without a red ten: keep.": answers,
    "With 10♥ alone: keep, reveal 10♥; with 10♦ alone: keep, reveal 10♦.": answers,
    "With both: keep, reveal 10♥, reveal 10♦, reveal 10♥ 10♦, surrender.":
        lambda: answers_for(list(RED_TENS)) == ["keep", "reveal 10♥", "reveal 10♦", "reveal 10♥ 10♦", "surrender"],
    "The hand is open when both red tens are shown by these answers; otherwise it is hidden.": open_hand,
    "The holder of 3♥ leads the first round; the lead may be any play.": heart_three_leads,
    "Each next player beats the play on top or passes (a player may pass even when able to play).": passing,
    "A pass is not final: the same player may play again when the turn comes back.": passing,
    "When every other player with cards has passed since the last play, the round ends; whoever made that play "
    "leads the next.": round_lead,
    "If that player has gone out, the next player in play order who still has cards leads.": round_lead,
    "Play your last card and you are out; the others play on.": going_out,
    "The places: first (上游), second (二游), third (三游), last (下游).": places,
    "The hand ends as soon as its score is settled.": settled_early,
    "A hidden hand scores by these tables; the scores of a hand add up to zero.": settled_early,
    "Open hand: the scores are multiplied by 2 when the red-ten side wins and by 4 when it loses; a draw stays 0.":
        multiplier,
    "A lone player who goes out first: +18 / −6 / −6 / −6; last: −36 / +12 / +12 / +12 (the lone player's score "
    "first, then the other three's).": multiplier,
    "Surrender: a holder of both red tens may give up instead of playing: −3 / +1 / +1 / +1 (the one who surrenders "
    "first), no multiplier.": surrender_scores,
    # The game's blurb (the home page, the sheet's head): four players, the first out does best, the tens' teams.
    "A four-player climbing game from Jiaxing: shed your cards first; the red tens pick the teams.": blurb,
}
# Sentences that state no rule: headings, the way on through the lessons, the guided hand's words.
NOT_CLAIMS = {
    "Well done.", "Red Ten: the rules", "Cards and deal", "Plays", "Beating a play", "Teams and the red tens",
    "A round of play", "Scoring a hand", "Two against two", "One against three",
}


def stated() -> list[str]:
    with english():
        # The guided hand (a whole table) is the last lesson; its intro and end are read from LESSONS directly.
        from mainmerah.families.red_ten.ui import lessons as RT

        texts = lesson_texts(GAME, skip=lambda key: key == "red-ten-game")
        texts += [RT.LESSONS[-1][2](), RT.outro(len(RT.LESSONS) - 1)]
        return claims_of(texts + sheet_texts(GAME))


STATED = stated()


def is_engine_words(s: str) -> bool:
    return s.startswith(("a single ", "a pair of ", "a straight (", "a bomb (", "the flagpole bomb (",
                         "the invincible bomb ("))


def test_every_sentence_is_checked_or_listed() -> None:
    guided = {"Play one whole hand.", "You sit at the bottom; the three computers play greedily."}
    unlisted = [s for s in STATED if s not in CHECKS and s not in NOT_CLAIMS and s not in guided
                and not is_engine_words(s) and not re.fullmatch(r"Next: “.*” \(Next lesson ▶\)\.", s)
                and not s.startswith("You can play a whole hand of Red Ten now.") and s != "Play as many hands as you "
                "like at the table: the link below opens it."]
    assert not unlisted, "\n".join(unlisted)
    assert len(STATED) > 50


@pytest.mark.parametrize("sentence", [s for s in STATED if s in CHECKS])
def test_claim(sentence: str) -> None:
    result = CHECKS[sentence]()
    assert result is None or result is True, sentence


@pytest.mark.parametrize("sentence", [s for s in STATED if is_engine_words(s)])
def test_the_sheets_examples_are_the_engines(sentence: str) -> None:
    engine_words(sentence)


# ----- the lessons' tasks ----------------------------------------------------------------------------------------
# What each task says (question, hints, every choice and why, every clicked card, a number's answers) is checked
# here too: a fixed sentence in CHECKS, a sentence built for one position by a PATTERN whose checker plays THAT
# instance through the engine. The seats of the tasks' stories: you 0, Sari 1, Budi 2, Ayu 3 (Budi opposite you).
YOU, SARI, BUDI, AYU = 0, 1, 2, 3
CARD = r"(?:10|[2-9AJQK])[♠♥♦♣]|\bSJ\b|\bBJ\b"
LINE = "A 2 3 4 5 6 7 8 9 10 J Q K A".split()


@functools.cache
def lesson_tasks() -> dict[str, Task]:
    """The tutorial's tasks by key, built in English (their labels are what the sentences quote)."""
    from claims import tasks_in

    from mainmerah.families.red_ten.ui import lessons as RT

    with english():
        return {t.key: t for k, *_rest in RT.LESSONS if k != "red-ten-game" for t in tasks_in(RT.build(k))}


def option(key: str, label: str) -> bool:
    """Whether the lesson marks the choice ``label`` of task ``key`` right."""
    task = lesson_tasks()[key]
    assert isinstance(task, ChoiceTask)
    found = [ok for lab, ok, _why in task.options if lab == label]
    assert len(found) == 1, (key, label)
    return found[0]


def cards_in(text: str) -> list[Card]:
    return parse_cards(" ".join(re.findall(CARD, text)))


def said(combo_: Combo, text: str) -> None:
    """``text`` is the engine's own name for the play (first letter aside)."""
    assert text[:1].lower() + text[1:] == describe(combo_), (text, describe(combo_))


def line_start(cards: list[Card]) -> int | None:
    """Where these cards stand as a run on the line A 2 3 … K A (the rule book's, not the engine's), or None."""
    ranks = sorted(c.rank_text for c in cards)
    for i in range(len(LINE) - len(cards) + 1):
        if sorted(LINE[i:i + len(cards)]) == ranks and len(set(ranks)) == len(ranks):
            return i
    return None


def layout(fixed: dict[int, str]) -> RedTen:
    """A deal with these cards in these seats (the rest in pack order), dealer Ayu: you and Sari 14, the others 13."""
    hands = {s: parse_cards(t) for s, t in fixed.items()}
    given = {c for h in hands.values() for c in h}
    rest = [c for c in PACK_WITH_JOKERS if c not in given]
    sizes = deal_sizes(AYU)
    full = []
    for s in range(4):
        h = list(hands.get(s, []))
        while len(h) < sizes[s]:
            h.append(rest.pop(0))
        full.append(h)
    g = registry.game_from_layout(GAME, hands=full, dealer=AYU)
    assert isinstance(g, RedTen)
    return g


def keep_all(g: RedTen) -> RedTen:
    while g.phase == "answer":
        g.act("keep")
    return g


def samples() -> list[Combo]:
    """Plays of every kind: each single, each pair (sick ones too), straights of every length, every bomb tier."""
    suits = "♠♥♣♦"
    texts = [str(c) for c in PACK_WITH_JOKERS]
    for r in ("3", "7", "10", "J", "A", "2"):
        texts += [f"{r}{a} {r}{b}" for i, a in enumerate(suits) for b in suits[i + 1:]]
        texts += [f"{r}♠ {r}♥ {r}♣", f"{r}♠ {r}♥ {r}♣ {r}♦"]
    for n in range(3, 14):
        for i in range(len(LINE) - n + 1):
            texts.append(" ".join(r + suits[j % 4] for j, r in enumerate(LINE[i:i + n])))
    texts += ["SJ BJ", "10♥ 10♦", "9♠ 10♥ J♣", "10♦ 10♣ 10♠"]
    return [c for c in (classify(parse_cards(t)) for t in texts) if c is not None]


# Each beat task's play on top, as its question names it.
TOPS = {"beat-straight": "4♠ 5♥ 6♣", "beat-bomb": "2♠ 2♥", "tiers": "9♠ 9♥ 9♣ 9♦"}


def choice_is_right(key: str, cards: list[Card]) -> bool:
    """What the engine says the right answer to the card-choice task ``key`` is."""
    found = classify(cards)
    if key == "straight":
        return found is not None and found.kind == STRAIGHT
    if key == "notaplay":
        return found is None
    return found is not None and beats(found, combo(TOPS[key]))


# ----- checkers for one position (PATTERNS) ------------------------------------------------------------------------
def card_label(m: re.Match[str]) -> None:
    """A choice that is just cards: marked right exactly where the engine says so, in every task offering it."""
    cards = parse_cards(m.group(0))
    keys = [k for k, t in lesson_tasks().items() if isinstance(t, ChoiceTask)
            and any(lab == m.group(0) for lab, _ok, _w in t.options)]
    assert keys, m.group(0)
    for k in keys:
        assert option(k, m.group(0)) == choice_is_right(k, cards), (k, m.group(0))


def not_the_highest(m: re.Match[str]) -> None:
    """"A single K♠ is not the highest.": that card of the pick is beaten by another card of the pick."""
    task = lesson_tasks()["highest"]
    assert isinstance(task, PickTask)
    cards = cards_in(m.group(1)) or parse_cards({"small": "SJ", "big": "BJ"}[m.group(2)])
    assert len(cards) == 1 and cards[0] in task.row.cards
    said(combo(str(cards[0])), m.group(1))
    assert any(beats(combo(str(o)), combo(str(cards[0]))) for o in task.row.cards if o != cards[0])


def red_ten_above(m: re.Match[str]) -> None:
    """"A single red ten 10♥ beats it: a red ten ranks above K.": as singles, for a card of that rank."""
    said(combo("10♥"), m.group(1))
    other = {"the small joker": "SJ", "the big joker": "BJ"}.get(m.group(2)) or f"{m.group(2)}♠"
    for ten in RED_TENS:
        assert beats(combo(str(ten)), combo(other)) and not beats(combo(other), combo(str(ten)))


def rank_above(high: str, low: str) -> None:
    """A single of rank ``high`` beats one of rank ``low``, whatever the suits."""
    for a in "♠♥♣♦":
        for b in "♠♥♣♦":
            hi, lo = combo(high + a), combo(low + b)
            assert beats(hi, lo) and not beats(lo, hi), (hi, lo)


def ranks_above(m: re.Match[str]) -> None:
    """"Yes: 2 ranks above A." (the task: Budi leads A♠, can 2♦ beat it?)."""
    rank_above(m.group(1), m.group(2))


def wraps(cards: list[Card]) -> None:
    """K A 2 is no straight (no wrapping); A-2-3 and 2-3-4 are (a 2 only low)."""
    assert {c.rank_text for c in cards} >= {"K", "A", "2"}
    assert combo("A♥ 2♦ 3♣").kind == STRAIGHT and combo("2♣ 3♦ 4♠").kind == STRAIGHT
    assert classify(parse_cards("K♠ A♥ 2♣")) is None


def not_consecutive(cards: list[Card]) -> None:
    """Different ranks that stand nowhere in a row on the line."""
    assert len({c.rank for c in cards}) == len(cards) and line_start(cards) is None


def pairs_together(cards: list[Card]) -> None:
    """Two or more pairs (in a run or not) are no play; each of them alone is a pair."""
    for t in ("3♠ 3♥ 4♣ 4♦", "3♠ 3♥ 4♣ 4♦ 5♠ 5♥", "3♠ 3♥ 9♣ 9♦"):
        assert classify(parse_cards(t)) is None, t
    ranks = {c.rank for c in cards}
    assert len(ranks) >= 2
    for r in ranks:
        assert combo(" ".join(str(c) for c in cards if c.rank == r)).kind == "pair"


NOT_A_PLAY_REASONS: dict[str, Callable[[list[Card]], None]] = {
    "a straight does not wrap round, and a 2 stands in one only low (A-2-3, 2-3-4), never after a high Ace (K-A-2)":
        wraps,
    "the ranks are not consecutive on the line A 2 3 4 5 6 7 8 9 10 J Q K A": not_consecutive,
    "pairs are played one at a time, and two or more pairs together (a run of pairs too) are not one play":
        pairs_together,
}


def not_a_play_said(m: re.Match[str]) -> None:
    """"K♠ A♥ 2♦ is not a play: <reason>.": the engine refuses those cards, and the reason holds."""
    cards = parse_cards(m.group(1))
    assert classify(cards) is None, m.group(1)
    assert any(classify(parse_cards(c)) is not None for c in m.group(1).split())  # each card alone is a play
    NOT_A_PLAY_REASONS[m.group(2)](cards)


def only_straights_or_bombs(size: int, top: Combo) -> None:
    """Only a higher straight of ``size`` cards, or a bomb, beats ``top``: over plays of every kind."""
    assert top.kind == STRAIGHT and top.size == size
    for c in samples():
        higher = c.kind == STRAIGHT and c.size == size and line_start(list(c.cards)) > line_start(list(top.cards))
        assert beats(c, top) == (c.bomb or higher), c


def does_not_beat_said(m: re.Match[str]) -> None:
    """"<play> does not beat <top>: <reason>.": named as the engine names them, refused, for the reason given."""
    play, top = combo(" ".join(map(str, cards_in(m.group(1))))), combo(" ".join(map(str, cards_in(m.group(2)))))
    said(play, m.group(1))
    said(top, m.group(2))
    assert not beats(play, top)
    reason = m.group(3)
    if reason == "it is lower":
        assert (play.kind, play.size) == (top.kind, top.size) and beats(top, play)
    elif reason == "it is not a higher bomb":
        assert play.bomb and top.bomb and beats(top, play)
    elif r := re.fullmatch(r"only a higher straight of (\d+) cards, or a bomb, can beat it", reason):
        only_straights_or_bombs(int(r.group(1)), top)
    else:
        pytest.fail(f"no check for the reason: {reason}")


def beats_said(m: re.Match[str]) -> None:
    """"Yes: <play> beats <top>: <why>.": named as the engine names them, allowed, for the reason given."""
    play, top = combo(" ".join(map(str, cards_in(m.group(1))))), combo(" ".join(map(str, cards_in(m.group(2)))))
    said(play, m.group(1))
    said(top, m.group(2))
    assert beats(play, top) and not beats(top, play)
    why = m.group(3)
    if why == "it starts further up the line A 2 3 … K A":
        assert play.kind == top.kind == STRAIGHT and play.size == top.size
        assert line_start(list(play.cards)) > line_start(list(top.cards))  # type: ignore[operator]
    elif why == "the flagpole bomb beats any single, pair or straight":
        assert play.tier == combo("SJ BJ").tier and not top.bomb
        assert all(beats(play, c) for c in samples() if not c.bomb)
    elif why.startswith("the invincible bomb is a higher kind of bomb (three of a kind < four of a kind < the two "
                        "jokers < the two red tens)"):
        assert play == combo("10♥ 10♦") and top.bomb and play.tier > top.tier
        chain(["2♠ 2♥ 2♣", "3♠ 3♥ 3♣ 3♦", "SJ BJ", "10♥ 10♦"])  # the kind first: a low four beats a high three
    else:
        pytest.fail(f"no check for the reason: {why}")


def engine_name(m: re.Match[str]) -> None:
    """"A straight (顺子) A-2-3 (A♥ 2♦ 3♣).": the engine's own name for those cards."""
    said(combo(" ".join(map(str, cards_in(m.group(1))))), m.group(1))


def it_is_a_play(m: re.Match[str]) -> None:
    """"With a black ten it is a pair of 10s (10♥ 10♣, …).": a red ten with either black ten is that pair."""
    cards = cards_in(m.group(1))
    said(combo(" ".join(map(str, cards))), m.group(1))
    assert any(c.rank == 10 and not c.red for c in cards)
    for black in ("10♠", "10♣"):
        assert describe(combo(f"10♥ {black}")).startswith("a pair of 10s")


# The number tasks' positions as their questions tell them: (who is out in order, the red team, open, your seat).
SCORED = {
    "first-second": ([YOU, BUDI, SARI, AYU], [YOU, BUDI], False, YOU),  # you and your partner first and second
    "open": ([YOU, SARI, BUDI, AYU], [YOU, BUDI], True, YOU),  # the red team first and third, open
    "lone": ([YOU, SARI, BUDI, AYU], [YOU], False, SARI),  # the lone holder first; one of the three others
}


@functools.cache
def number_said() -> dict[str, list[tuple[str, int | None]]]:
    """Who says what in the number tasks, as claims.task_sayings() answers them: each sentence with the tasks and
    the typed number (None: the right answer) that drew it."""
    answers = {key: t.answer for key, t in lesson_tasks().items() if isinstance(t, NumberTask)}
    out: dict[str, list[tuple[str, int | None]]] = {}
    with english():
        for key, text, doing in task_sayings(GAME, skip=lambda k: k == "red-ten-game"):
            if key in answers and doing[0] == "typed":
                for s in sentences(text):
                    out.setdefault(s, []).append((key, None if doing[1] == answers[key] else doing[1]))
    return out


def number_tasks(text: str) -> list[tuple[str, int | None, tuple[int, ...], Settlement, int]]:
    """The number tasks that say ``text``: (key, the number typed, the engine's scores, its settlement, your seat)."""
    found = number_said().get(text, [])
    assert found, text
    out = []
    for key, n in found:
        finished, red, open_, seat = SCORED[key]
        s = settle(finished, red, open_)
        out.append((key, n, s.scores, s, seat))
    return out


def number(text: str) -> int:
    return int(text.replace("−", "-"))


def yes_number(m: re.Match[str]) -> None:
    """"Yes: +2.": said for the right answer only, and the engine scores that task's position so."""
    for key, n, scores, _s, seat in number_tasks(m.group(0)):
        assert n is None and scores[seat] == number(m.group(1)), key


def not_it(m: re.Match[str]) -> None:
    """"3 is not it.": said for a typed 3, and 3 is not what the engine scores, in every task that says so."""
    for key, n, scores, _s, seat in number_tasks(m.group(0)):
        assert n == number(m.group(1)) and scores[seat] != n, (key, n)


def before_multiplier(m: re.Match[str]) -> None:
    """"1 is the score before the multiplier; now multiply: ×2.": that task's base score and multiplier."""
    for key, n, scores, s, seat in number_tasks(m.group(0)):
        assert n == number(m.group(1)) and scores[seat] != n, (key, n)
        assert (s.base[seat], s.multiplier) == (n, int(m.group(2))) and s.base[seat] * s.multiplier == scores[seat]


def other_side(m: re.Match[str]) -> None:
    """"−2 is the other side's score: check which side won.": a wrong number, scored by the engine to a seat on the
    other side than the asked one's (the red team or the rest)."""
    for key, n, scores, _s, seat in number_tasks(m.group(0)):
        red = SCORED[key][1]
        mine = set(red) if seat in red else set(range(4)) - set(red)
        assert n == number(m.group(1)) and scores[seat] != n, (key, n)
        assert any(scores[o] == n for o in set(range(4)) - mine), (key, n)


def wrong_sign(m: re.Match[str]) -> None:
    """"3 has the wrong sign: check whether this side won or lost.": the engine's score is −3 (not 3)."""
    for key, n, scores, _s, seat in number_tasks(m.group(0)):
        assert n == number(m.group(1)) and n != 0 and scores[seat] == -n, (key, n)


def risk_label(m: re.Match[str]) -> None:
    """"−36": the risk task marks right exactly the engine's score for the lone holder, open, last."""
    assert option("risk", m.group(0)) == (settle([SARI, BUDI, AYU, YOU], [YOU], True).scores[YOU] == number(m.group(0)))


def not_this(m: re.Match[str]) -> None:
    """"Not “Budi”: Budi showed no red ten.": a choice's hint rung. The choice is offered and marked wrong, its label
    is checked against the engine (its own check), and the words after it are that choice's reason, checked (or a
    story) like any sentence."""
    label, rest = m.group(1), m.group(2)
    keys = [k for k, t in lesson_tasks().items() if isinstance(t, ChoiceTask)
            and any(lab == label for lab, _ok, _w in t.options)]
    assert keys, label
    for k in keys:
        task = lesson_tasks()[k]
        assert isinstance(task, ChoiceTask)
        assert not option(k, label), (k, label)
        why = next(w for lab, _ok, w in task.options if lab == label)
        assert sentences(why)[0] == rest, (k, why)
    label_check = check_of(label)
    assert label_check is not None, label
    label_check()
    if rest not in NOT_CLAIMS:
        rest_check = check_of(rest)
        assert rest_check is not None, rest
        assert rest_check() in (None, True), rest


def engine_picks(key: str) -> list[Card]:
    """The cards of pick task ``key`` that the engine makes right."""
    task = lesson_tasks()[key]
    assert isinstance(task, PickTask)
    row = task.row.cards
    if key == "highest":  # the single beating every other card shown
        return [c for c in row if all(beats(combo(str(c)), combo(str(o))) for o in row if o != c)]
    if key == "build":  # the card making 6♣ 7♦ + ? + 9♠ a straight of four
        return [c for c in row if (f := classify(parse_cards(f"6♣ 7♦ {c} 9♠"))) and f.kind == STRAIGHT
                and f.size == 4]
    raise AssertionError(f"no engine answer for the pick task {key}")


def look_at(m: re.Match[str]) -> None:
    """"Look at the 10s.": the nudge of a pick task (before any card is picked); every card the engine makes right
    there is of that rank."""
    with english():
        keys = [k for k, t in lesson_tasks().items() if isinstance(t, PickTask) and not t.picked
                and (t.nudge or t.default_nudge()) == m.group(0)]
    assert keys, m.group(0)
    for k in keys:
        right = engine_picks(k)
        assert right and all(c.rank_text == m.group(1) for c in right), (k, right)


PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], None]]] = [
    (re.compile(r"Not “([^”]+)”: (.+)"), not_this),
    (re.compile(r"Look at the (\S+)s\."), look_at),
    (re.compile(rf"(?:{CARD})(?: (?:{CARD}))*"), card_label),
    (re.compile(r"(A single (?:\S+|(small|big) joker \(.+\))) is not the highest\."), not_the_highest),
    (re.compile(r"(A single red ten 10♥) beats it: a red ten ranks above (.+)\."), red_ten_above),
    (re.compile(r"Yes: (\w+) ranks above (\w+)\."), ranks_above),
    (re.compile(r"(.+) is not a play: (.+)\."), not_a_play_said),
    (re.compile(r"(.+?) does not beat (.+?): (.+)\."), does_not_beat_said),
    (re.compile(r"Yes: (.+?) beats (.+?): (.+)\."), beats_said),
    (re.compile(r"(?:It is a play: |With a black ten it is )(a .+)\."), it_is_a_play),
    (re.compile(r"((?:A|The) (?:single|pair|straight|bomb|flagpole bomb|invincible bomb) .+)\."), engine_name),
    (re.compile(r"Yes: ([+−]?\d+)\."), yes_number),
    (re.compile(r"(−?\d+) is not it\."), not_it),
    (re.compile(r"(−?\d+) is the other side's score: check which side won\."), other_side),
    (re.compile(r"(−?\d+) has the wrong sign: check whether this side won or lost\."), wrong_sign),
    (re.compile(r"(−?\d+) is the score before the multiplier; now multiply: ×(\d+)\."), before_multiplier),
    (re.compile(r"[+−]?\d+"), risk_label),
]


# ----- checkers for the tasks' fixed sentences ----------------------------------------------------------------------
def highest_pick() -> None:
    """The pick's right card(s) are exactly those beating every other card shown."""
    task = lesson_tasks()["highest"]
    assert isinstance(task, PickTask)
    best = engine_picks("highest")
    assert best and sorted(map(str, best)) == sorted(map(str, task.targets))


def red_ten_highest_single() -> None:
    for ten in RED_TENS:
        assert all(beats(combo(str(ten)), combo(str(c))) for c in PACK_WITH_JOKERS if c not in RED_TENS)
        assert beats(combo(str(ten)), combo("BJ"))
    assert equal("10♥", "10♦")


def black_ten_plain() -> None:
    for black in ("10♠", "10♣"):
        chain(["9♦", black, "J♦"])
        assert beats(combo("10♥"), combo(black)) and equal(black, "10♠")
    assert equal("10♠ 10♣", "10♥ 10♣")


def two_label() -> None:
    assert option("two", "Yes") == beats(combo("2♦"), combo("A♠"))


def ace_not_highest() -> None:
    """The wrong choice "the Ace is the highest card" is marked wrong, and 2 (and more) beat an Ace."""
    assert not option("two", "No: the Ace is the highest card")
    assert any(beats(combo(str(c)), combo("A♠")) for c in PACK_WITH_JOKERS)


def not_in_red_ten() -> None:
    """2 beats A; and 3 is the lowest single of all."""
    rank_above("2", "A")
    lowest = min(PACK_WITH_JOKERS, key=lambda c: sum(beats(combo(str(c)), combo(str(o))) for o in PACK_WITH_JOKERS))
    assert lowest.rank == 3
    assert not any(beats(combo(f"3{s}"), combo(str(o))) for s in "♠♥♣♦" for o in PACK_WITH_JOKERS)


def jacks_pair() -> None:
    assert combo("J♠ J♦").kind == "pair" and short(combo("J♠ J♦")) == "pair of jacks"


def sick_pair_loses() -> None:
    """The choice "a red ten is the highest card" is wrong here: the sick pair loses to the jacks."""
    assert not option("sick", "Yes: a red ten is the highest card")
    assert not beats(combo("10♥ 10♣"), combo("J♠ J♦")) and beats(combo("J♠ J♦"), combo("10♥ 10♣"))


def no_label() -> None:
    assert option("sick", "No") == (not beats(combo("10♥ 10♣"), combo("J♠ J♦")))


def sick_is_plain() -> None:
    red_ten_plain_in_combinations()
    assert "带病红十" in describe(combo("10♥ 10♣")) and "带病红十" in describe(combo("10♦ 10♠"))


def only_single_highest() -> None:
    red_ten_highest_single()
    red_ten_plain_in_combinations()


def build_pick() -> None:
    """"6♣ 7♦ + ? + 9♠ a straight of four": the pick's right cards are exactly those that make one."""
    task = lesson_tasks()["build"]
    assert isinstance(task, PickTask) and task.need == 1
    makes = [c for c in task.row.cards if (f := classify(parse_cards(f"6♣ 7♦ {c} 9♠"))) and f.kind == STRAIGHT]
    assert makes and sorted(map(str, makes)) == sorted(map(str, task.targets))
    assert all(classify(parse_cards(f"6♣ 7♦ {c} 9♠")).size == 4 for c in makes)  # type: ignore[union-attr]


def pair_of_tens_label() -> None:
    assert option("sickpair", "a pair of 10s") == (combo("10♥ 10♣").kind == "pair")


def ordinary_pair_of_tens() -> None:
    assert combo("10♥ 10♣").kind == "pair" and not combo("10♥ 10♣").bomb
    for other in ("10♠ 10♣", "10♦ 10♠", "10♥ 10♠", "10♦ 10♣"):
        assert equal("10♥ 10♣", other)
    chain(["9♠ 9♥", "10♥ 10♣", "J♠ J♥"])


def invincible_label() -> None:
    # (the engine's kind, size, value and tier of the two plays, their cards aside)
    same = combo("10♥ 10♣")[:4] == combo("10♥ 10♦")[:4]
    assert combo("10♥ 10♦").bomb and option("sickpair", "the invincible bomb") == same


def only_red_tens_invincible() -> None:
    """Only ♥10 with ♦10 is the invincible bomb; nothing beats it."""
    top = combo("10♥ 10♦")
    said(top, "the invincible bomb (无敌炸弹), both red tens (10♥ 10♦)")
    for a in PACK_WITH_JOKERS:
        for b in PACK_WITH_JOKERS:
            c = classify([a, b]) if a != b else None
            if c is not None and {a, b} != set(RED_TENS):
                assert c.tier < top.tier and not beats(c, top)
    assert not any(beats(c, top) for c in samples())


def not_a_play_label() -> None:
    assert option("sickpair", "not a play") == (classify(parse_cards("10♥ 10♣")) is None)


def budi_straight() -> None:
    assert short(combo(TOPS["beat-straight"])) == "4-5-6" and combo(TOPS["beat-straight"]).kind == STRAIGHT


def sari_twos() -> None:
    assert short(combo(TOPS["beat-bomb"])) == "pair of 2s"


def ayu_nines() -> None:
    assert short(combo(TOPS["tiers"])) == "bomb of four 9s" and combo(TOPS["tiers"]).bomb


def partner_story() -> RedTen:
    """You hold ♦10 and lead 3♥; nobody reveals; Sari plays ♥10 as a single on it."""
    g = keep_all(layout({YOU: "3♥ 10♦", SARI: "10♥"}))
    assert g.turn == YOU and not g.open
    g.act("3♥")
    assert "10♥" in g.legal_actions()
    g.act("10♥")
    return g


def sari_single() -> None:
    g = partner_story()
    assert g.top is not None and g.top[0] == SARI and g.top[1].kind == "single"


def sari_partner() -> None:
    """Before Sari's play you cannot tell your partner; after it your view shows Sari with you, Budi and Ayu not."""
    g = keep_all(layout({YOU: "3♥ 10♦", SARI: "10♥"}))
    assert g.view(YOU).teams == ("red", "?", "?", "?")
    g = partner_story()
    assert g.view(YOU).teams == ("red", "red", "other", "other")
    assert set(g.red) == {YOU, SARI}


def sari_label() -> None:
    assert option("partner", "Sari") == (partner_story().view(YOU).partner_of(SARI) is True)


def budi_label() -> None:
    assert option("partner", "Budi") == (partner_story().view(YOU).partner_of(BUDI) is True)


def not_alone_label() -> None:
    assert option("partner", "Nobody: you play alone") == (partner_story().red == (YOU,))


def alone_iff_both() -> None:
    """One seat holding both red tens plays alone (1 against 3); otherwise 2 against 2."""
    for fixed in ({YOU: "10♥ 10♦"}, {YOU: "10♥", SARI: "10♦"}, {BUDI: "10♥ 10♦"}, {AYU: "10♦", YOU: "10♥"}):
        g = layout(fixed)
        both = len(set(g.holders)) == 1
        assert (len(g.red) == 1) == both
        out = [s for s in range(4) if s not in g.red] + list(g.red)
        assert settle(out, g.red, False).case == ("1v3" if both else "2v2")


NO_TEN_DEALS = ({SARI: "10♥", BUDI: "10♦"}, {SARI: "10♥", AYU: "10♦"}, {BUDI: "10♥", AYU: "10♦"},
                {SARI: "10♥ 10♦"}, {BUDI: "10♥ 10♦"}, {AYU: "10♥ 10♦"})


def no_ten_games() -> list[RedTen]:
    """You hold no red ten (the same hand each time); the tens lie in every way they can among the others."""
    mine = "3♥ 3♠ 4♥ 5♦ 6♣ 7♠ 8♥ 9♦ J♣ Q♠ K♥ A♦ 2♣ SJ"
    return [layout({YOU: mine, **fixed}) for fixed in NO_TEN_DEALS]


def partners_of_you(g: RedTen) -> set[int]:
    mine = set(g.red) if YOU in g.red else set(range(4)) - set(g.red)
    return mine - {YOU}


def not_known_yet() -> None:
    """Your view is the same whoever holds the tens, and your partner differs among those deals."""
    games = no_ten_games()
    assert len({repr(g.view(YOU)) for g in games}) == 1
    assert all(g.view(YOU).partner_of(s) is None for g in games for s in (SARI, BUDI, AYU))
    assert len({frozenset(partners_of_you(g)) for g in games}) > 1


def not_known_label() -> None:
    assert option("unknown", "Not known yet")
    not_known_yet()


def any_might_be() -> None:
    """Not on the red team; each of the other three is your partner in some deal; or one holds both and is alone."""
    games = no_ten_games()
    assert all(YOU not in g.red for g in games)
    for s in (SARI, BUDI, AYU):
        assert any(s in partners_of_you(g) for g in games)
        assert any(g.red == (s,) for g in games)
    not_known_yet()


def shown_or_played_tells() -> None:
    """A red ten shown by an answer, or played, tells you its holder's team."""
    sari_partner()
    g = layout({YOU: "3♥", SARI: "10♥", BUDI: "10♦"})
    assert g.view(YOU).teams == ("other", "?", "?", "?")
    while g.phase == "answer":
        g.act("reveal 10♥" if g.turn == SARI else "keep")
    assert g.view(YOU).teams == ("other", "red", "?", "?")


def opposite_label() -> None:
    """The seat opposite you is your partner in some deals and not in others: seats make no teams."""
    assert not option("unknown", "The player opposite you")
    games = no_ten_games()
    assert any(BUDI in partners_of_you(g) for g in games) and any(BUDI not in partners_of_you(g) for g in games)


def seats_make_no_teams() -> None:
    """Seats make no teams (only the tens do), and you (no red ten, nothing shown or played) do not know yet who
    holds them: your view names no holder and is the same whoever holds them, and the holders differ among those
    deals."""
    opposite_label()
    teams()
    games = no_ten_games()
    assert all(g.view(YOU).known == () for g in games)
    assert len({repr(g.view(YOU)) for g in games}) == 1
    assert len({g.holders for g in games}) == len(games)


def nobody_label() -> None:
    assert not option("unknown", "Nobody")
    assert all(partners_of_you(g) for g in no_ten_games())


def other_team_one_or_two() -> None:
    """Without a red ten: on the other team, with one partner (2 against 2) or two (1 against 3), unknown yet."""
    for g in no_ten_games():
        assert YOU not in g.red and len(partners_of_you(g)) == (2 if len(g.red) == 1 else 1)
    not_known_yet()


def lone_first_others() -> None:
    """The holder of both tens is the lone player; going out first (冲出) wins the +9."""
    alone_iff_both()
    assert settle([YOU, SARI, BUDI, AYU], [YOU], False).scores == (9, -3, -3, -3)


def first_third_open() -> None:
    s = settle([YOU, SARI, BUDI, AYU], [YOU, BUDI], True)
    assert s.base[YOU] == 1 and s.multiplier == 2 and s.scores[YOU] == 2 and s.winners == (YOU, BUDI)


def lone_last_open() -> None:
    hidden, opened = settle([SARI, BUDI, AYU, YOU], [YOU], False), settle([SARI, BUDI, AYU, YOU], [YOU], True)
    assert hidden.scores[YOU] == -9 and opened.multiplier == 4 and opened.scores[YOU] == -36


def lone_first_open() -> None:
    assert settle([YOU, SARI, BUDI, AYU], [YOU], True).scores[YOU] == 18


def lone_last_hidden() -> None:
    assert settle([SARI, BUDI, AYU, YOU], [YOU], False).scores[YOU] == -9


def open_loses_four() -> None:
    open_hand()
    assert settle([SARI, BUDI, AYU, YOU], [YOU], True).multiplier == 4
    assert settle([SARI, AYU, YOU, BUDI], [YOU, BUDI], True).multiplier == 4  # 2 against 2 too


def open_wins_two() -> None:
    assert settle([YOU, SARI, BUDI, AYU], [YOU], True).multiplier == 2
    assert settle([YOU, BUDI, SARI, AYU], [YOU, BUDI], True).multiplier == 2


def losing_four() -> None:
    assert settle([SARI, BUDI, AYU, YOU], [YOU], True).multiplier == 4
    assert settle([SARI, AYU, YOU, BUDI], [YOU, BUDI], True).multiplier == 4


CHECKS.update({
    "Choose the single card that beats every other card here.": highest_pick,
    "Yes: a red ten (♥10 or ♦10) is the highest single of all, above even the big joker.": red_ten_highest_single,
    "A black ten is an ordinary 10.": black_ten_plain,
    "Yes": two_label,
    "The order is 3 4 5 6 7 8 9 10 J Q K A 2, then the small joker, the big joker, and a red ten on top.":
        single_order,
    "No: the Ace is the highest card": ace_not_highest,
    "Not in Red Ten: 2 ranks above A, and 3 is the lowest card.": not_in_red_ten,
    "Sari plays a pair of jacks.": jacks_pair,
    "Yes: a red ten is the highest card": sick_pair_loses,
    "In a pair a red ten counts as a plain 10: a \"sick\" red ten (带病红十).": sick_is_plain,
    "No": no_label,
    "A red ten is the highest only as a single; in a pair, a straight or a bomb of three or four tens it is a plain "
    "10.": only_single_highest,
    "+ 9♠ a straight of four.": build_pick,
    "a pair of 10s": pair_of_tens_label,
    "A red ten with a black ten is an ordinary pair of tens, equal to any other pair of tens.": ordinary_pair_of_tens,
    "the invincible bomb": invincible_label,
    "Only the two red tens together (the invincible bomb (无敌炸弹), both red tens (10♥ 10♦)).":
        only_red_tens_invincible,
    "not a play": not_a_play_label,
    "Budi played the straight 4-5-6.": budi_straight,
    "Sari played a pair of 2s.": sari_twos,
    "Ayu played a bomb of four 9s.": ayu_nines,
    "Then Sari plays ♥10 as a single.": sari_single,
    "Sari": sari_label,
    "Yes: the holders of ♥10 and ♦10 are one team.": teams,
    "Sari played ♥10, you hold ♦10: you two (红十) play against Budi and Ayu.": sari_partner,
    "Budi": budi_label,
    "The red tens pick the teams: you hold ♦10, so your partner holds ♥10, and Sari just played it.": sari_partner,
    "Nobody: you play alone": not_alone_label,
    "You play alone only when you hold both red tens.": alone_iff_both,
    "Sari played ♥10, so Sari is your partner.": sari_partner,
    "Not known yet": not_known_label,
    "Right: you are not on the red team, but any one of the other three might be your partner, or one of them holds "
    "both tens and plays alone.": any_might_be,
    "Watch for a red ten being shown or played.": shown_or_played_tells,
    "The player opposite you": opposite_label,
    "Seats do not make teams in Red Ten: only the red tens do, and you do not know yet who holds them.":
        seats_make_no_teams,
    "Nobody": nobody_label,
    "Without a red ten you are on the other team, with one or two partners; you just do not know yet which.":
        other_team_one_or_two,
    "First and second: +2 to each of the team, −2 to each of the others.": scoring_two,
    "First and third is +1; an open hand won by the red side counts double: +2.": first_third_open,
    "1 against 3, hidden: the holder of both red tens goes out first (冲出).": lone_first_others,
    "The lone player first: +9 for the lone player, −3 for each other.": scoring_one,
    "You hold both red tens and reveal both: an open hand (明打).": reveal_just_one,
    "Yes: alone and last is −9 (斟酒), and an open hand that the red side loses counts four times: −36.":
        lone_last_open,
    "Had you won going out first: +18.": lone_first_open,
    "−9 is the hidden hand's score.": lone_last_hidden,
    "Both red tens shown make the hand open: ×4 when the red side loses.": open_loses_four,
    "×2 is for an open hand the red side wins.": open_wins_two,
    "Losing it counts ×4.": losing_four,
})
# The tasks' stories (who holds or played what: the position, no rule) and a question's stem cut by the splitter.
NOT_CLAIMS |= {
    "Budi leads A♠.", "Your hand holds 6♣ 7♦ 9♠ J♥ and more.", "You hold ♥10 and ♣10.", "Played together, they are…",
    "You hold ♦10.", "Nobody revealed anything.", "Budi showed no red ten.",
    "You hold no red ten and nothing has been shown or played yet.", "2 against 2, a hidden hand (暗打).",
    "You and your partner (the red team) go out first and second.", "2 against 2, an open hand (明打).",
    "The red team goes out first and third.",
    # The hint ladder's default coaching (a number task's nudge and rule): how to go about it, no rule of the game.
    "Work it out one step at a time, then type the number.",
    "Think of the rule this lesson just explained, and use it to work out the number.",
}


def task_claims() -> list[str]:
    with english():
        said_ = claims_of(task_texts(GAME, skip=lambda key: key == "red-ten-game"))
    return [s for s in said_ if s not in STATED]


TASKS = task_claims()


def pattern_of(sentence: str) -> re.Pattern[str] | None:
    """The first PATTERN matching a task sentence whole (None: a CHECKS entry, or no pattern)."""
    if sentence in CHECKS:
        return None
    return next((pattern for pattern, _check in PATTERNS if pattern.fullmatch(sentence)), None)


def check_of(sentence: str) -> Callable[[], object] | None:
    """The check of a task sentence: its CHECKS entry, else the first PATTERN matching it whole."""
    if sentence in CHECKS:
        return CHECKS[sentence]
    for pattern, check in PATTERNS:
        if m := pattern.fullmatch(sentence):
            return functools.partial(check, m)
    return None


# The patterns a number task's sweep of wrong numbers matches hundreds of times ("137 is not it."): one test item
# checks all their sentences, each still by its own instance.
SWEPT = {pattern.pattern for pattern, check in PATTERNS if check is not_it}
CHECKED = [s for s in TASKS if check_of(s) is not None]


def swept(sentence: str) -> bool:
    found = pattern_of(sentence)
    return found is not None and found.pattern in SWEPT


def test_every_task_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in TASKS if check_of(s) is None and s not in NOT_CLAIMS and not s.endswith("?")]
    assert not unlisted, "\n".join(unlisted)
    assert not [s for s in TASKS if s in NOT_CLAIMS and check_of(s) is not None]  # a listed story is no claim
    assert len(TASKS) > 400  # 509 today (the number tasks' sweep): task_texts() returning little fails here
    assert sum(map(swept, TASKS)) > 300


@pytest.mark.parametrize("sentence", [s for s in CHECKED if not swept(s)])
def test_task_claim(sentence: str) -> None:
    check = check_of(sentence)
    assert check is not None
    with english():
        result = check()
    assert result is None or result is True, sentence


@pytest.mark.parametrize("pattern", sorted(SWEPT))
def test_swept_task_claims(pattern: str) -> None:
    swept = [s for s in CHECKED if (p := pattern_of(s)) is not None and p.pattern == pattern]
    checks = [(s, check) for s in swept if (check := check_of(s)) is not None]
    assert swept and len(checks) == len(swept)
    with english():
        failed = failures(checks)
    assert not failed, "\n".join(failed)
