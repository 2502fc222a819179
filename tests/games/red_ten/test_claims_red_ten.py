"""Red Ten's claims (issue 23, finding 14): every sentence its lessons and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import permutations

import pytest
from claims import claims_of, english, lesson_texts, sheet_texts

from mainmerah.core import registry
from mainmerah.core.cards import PACK_WITH_JOKERS, Card, parse_cards
from mainmerah.core.errors import RuleError
from mainmerah.families.red_ten.deal import deal_sizes
from mainmerah.families.red_ten.explain import describe
from mainmerah.families.red_ten.rules import RED_TENS, answers_for, beats, classify, settle, surrender, value
from mainmerah.families.red_ten.state import RedTen

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


def nobody_knows() -> None:
    g = registry.new_game(GAME, seed=4)
    v = g.view(0)
    assert "?" in v.teams  # type: ignore[attr-defined]


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
    "Nobody knows the teams at first.": nobody_knows,
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
