"""In The Red's claims (issue 23, finding 14): every sentence its lessons and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from claims import claims_of, english, lesson_texts, sheet_texts

from mainmerah.core import registry
from mainmerah.core.cards import Card, parse_cards
from mainmerah.families.in_the_red.rules import TARGET, fits, hand_value, legal_moves, losers, pack_count, value
from mainmerah.families.in_the_red.state import InTheRed

GAME = "in-the-red"


def played(seed: int, players: int = 4) -> InTheRed:
    g = InTheRed.new(seed=seed, players=players)
    rng = random.Random(seed)
    while not g.is_over:
        g.act(rng.choice(g.legal_actions()))
    return g


def tops(text: str) -> tuple[tuple[int, ...], bool]:
    return losers(parse_cards(text))


# ----- the checks ------------------------------------------------------------------------------------------------
def stacks() -> None:
    g = InTheRed.new(seed=1, players=4)
    assert len(g.stacks) == 4 and all(len(st) == 1 for st in g.stacks)


def highest_red_loses() -> None:
    assert tops("KH 5D 9S AC") == ((0,), True)
    assert tops("AH 5D 9S") == ((0,), True)  # Ace high
    for seed in range(8):
        g = played(seed)
        for e in g.events:
            if e.kind == "round":
                reds = [c for c in e.tops if c.red]
                if reds:
                    best = max(_high(c) for c in reds)
                    assert e.red and set(e.losers) == {s for s, c in enumerate(e.tops) if c.red and _high(c) == best}
                    assert all(d is not None for _s, d in e.draws) or g.pack_size == 0


def _high(card: Card) -> int:
    return 14 if card.rank == 1 else card.rank


def lowest_black() -> None:
    assert tops("4C 9S AS") == ((0,), False)
    assert tops("2C 9S AS") == ((0,), False)


def ties_lose() -> None:
    assert tops("KH KD 9S") == ((0, 1), True)
    assert tops("4C 4S 9S") == ((0, 1), False)


def fit_rule() -> None:
    assert fits(Card.parse("7H"), Card.parse("7C")) and fits(Card.parse("2H"), Card.parse("KH"))
    assert not fits(Card.parse("2H"), Card.parse("KC"))
    hand = parse_cards("7H 2S")
    assert (Card.parse("7H"), 1) in legal_moves(hand, parse_cards("9D 7C"))  # another player's stack


def must_place() -> None:
    hand = parse_cards("7H 2S")
    moves = legal_moves(hand, parse_cards("9D 7C"))
    assert all(stack is not None for _c, stack in moves)
    assert legal_moves(parse_cards("4D 9S"), parse_cards("2C 3H")) == [(Card.parse("4D"), None),
                                                                       (Card.parse("9S"), None)]


def packs() -> None:
    assert [pack_count(n) for n in range(2, 11)] == [1] * 4 + [2] * 5
    for n in (2, 5, 6, 10):
        g = InTheRed.new(seed=n, players=n)
        assert len(g.all_cards()) == 52 * pack_count(n)


def values() -> None:
    assert [value(Card.of(r, "S")) for r in range(1, 14)] == [10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def the_deal() -> None:
    from test_true_words import test_in_the_red_sheet_says_who_draws_starts_and_deals as play

    play()
    g = InTheRed.new(seed=2, players=3)
    assert all(len(h) == 5 for h in g.hands)


def the_round() -> None:
    from test_true_words import test_in_the_red_sheet_says_who_draws_starts_and_deals as play

    play()


def picks_up() -> None:
    highest_red_loses()
    lowest_black()
    the_round()


def empty_pack() -> None:
    """The pack empty: a loser's draw shuffles the cards under the tops into a new pack; with none left, a loser draws
    nothing (two red kings on top: two losers, one card under the tops)."""
    the_round()  # (it plays a reshuffle)
    from mainmerah.core.cards import PACK

    tops = {Card.parse("KH"), Card.parse("5D")}
    black = [c for c in PACK if not c.red and c.rank not in (5, 13)]  # nothing fits K♥ or 5♦: seat 1 discards
    rest = [c for c in PACK if c not in tops and c not in black]
    g = InTheRed.from_layout([" ".join(map(str, rest)), " ".join(map(str, black))], ["KH", "5D"], [], dealer=0)
    assert g.pack_size == 0 and all(a.startswith("discard") for a in g.legal_actions())
    g.act(g.legal_actions()[0])
    g.act("KD@1")  # on 5♦: 5♦ is now the one card under a top
    shuffled, end = [e for e in g.events if e.kind in ("reshuffle", "round")]
    assert shuffled.kind == "reshuffle" and shuffled.cards == 1
    assert end.losers == (1, 0) and end.draws == ((1, Card.parse("5D")), (0, None))


def deal_end_and_scores() -> None:
    for seed in range(6):
        g = played(seed, 3)
        for i, e in enumerate(g.events):
            if e.kind == "deal-end":
                assert e.out and g.events[i - 1].kind == "round"  # it ends after a round's pick-ups
            if e.kind == "score":
                assert e.points == hand_value(e.cards)
        end = g.events[-1]
        assert end.kind == "game-end" and max(end.totals) >= TARGET
        assert set(end.winners) == {s for s, t in enumerate(end.totals) if t == min(end.totals)}


def game_goes_on_to_the_target() -> None:
    """Deal follows deal while every total is below the target; the first deal that takes one to it ends the game."""
    assert TARGET == 100
    several = 0
    for seed in range(6):
        g = played(seed, 2 + seed % 4)
        deals = sum(e.kind == "deal-end" for e in g.events)
        several += deals > 1
        ends = [i for i, e in enumerate(g.events) if e.kind == "game-end"]
        assert len(ends) == 1 and ends[0] == len(g.events) - 1
        scored = [[x.total for x in g.events if x.kind == "score"][k:k + g.players]
                  for k in range(0, deals * g.players, g.players)]
        assert all(max(t) < TARGET for t in scored[:-1]) and max(scored[-1]) >= TARGET, scored
        end = g.events[-1]
        assert end.winners == tuple(s for s, t in enumerate(end.totals) if t == min(end.totals))
    assert several  # games of several deals were played out


def the_whole_game() -> None:
    the_deal()
    values()
    deal_end_and_scores()
    g = InTheRed.new(seed=4, players=3)
    assert all(len(h) == 5 for h in g.hands) and len(g.stacks) == 3


def the_example() -> list[str]:
    """The sheet's worked round, told by the engine (seed 3, three players, as sheet.py plays it)."""
    from mainmerah.families.in_the_red.ui.sheet import EXAMPLE_PLAYERS, EXAMPLE_SEED

    g = InTheRed.new(seed=EXAMPLE_SEED, players=EXAMPLE_PLAYERS)
    out = [next(e for e in g.events if e.kind == "deal").explain()]
    start = len(g.events)
    while not any(e.kind == "round" for e in g.events[start:]):
        g.act(g.legal_actions()[0])
    return out + [e.explain() for e in g.events[start:]]


CHECKS: dict[str, Callable[[], None]] = {
    "Each player has a stack of face-up cards.": stacks,
    "After every player has laid one card, look at the top card of each stack.": stacks,
    "Whoever shows the highest red card (♥ or ♦, Ace high) is in the red and picks up a card.": highest_red_loses,
    "If no top card is red, the lowest black card loses instead.": lowest_black,
    "Ties all lose.": ties_lose,
    "On your turn you lay one card from your hand on top of any stack, your own or another player's, whose top card "
    "has the same suit or the same rank.": fit_rule,
    "You must place a card if one fits anywhere; only when none of your cards fits any stack do you discard one.":
        must_place,
    "You may lay a card on anyone's stack, so use it: cover your own red top with a black card, or put a high red "
    "card on a rival's stack.": fit_rule,
    "2 to 10 players: 1 × 52 cards for 2–5 players; 2 × 52 cards for 6–10 players.": packs,
    "Rank order, low to high (Ace high):": highest_red_loses,
    "What a card left in your hand counts at the end of a deal:": values,
    "The first dealer: everyone draws a card and the highest black card deals (Ace high); with no black card, or a "
    "tie for the highest, those players draw again.": the_deal,
    "Then the deal passes to the left.": lambda: registry.get(GAME).next_deal(InTheRed.new(seed=1, players=3)) == {
        "dealer": (InTheRed.new(seed=1, players=3).dealer + 1) % 3},
    "Each player gets 5 cards, face down.": the_deal,
    "Then one card is turned face up for each player: the start of their stack.": stacks,
    "Only a stack's top card matters.": highest_red_loses,
    "The rest is the pack.": lambda: InTheRed.new(seed=1, players=3).pack_size == 52 - 3 * 6,
    "The player left of the dealer starts the first round.": the_deal,
    "In turn, each player places one hand card on any stack, their own or another's, whose top card has the same "
    "suit or the same rank.": fit_rule,
    "For example: 7♥ on 7♣: it matches the 7♣ on top by rank.": fit_rule,
    "2♥ on K♥: it matches the K♥ on top by suit.": fit_rule,
    "Only a player with no card that fits anywhere discards one, face up beside the stacks (for example, holding 4♦ "
    "and 9♠: no ♦ or ♠, no 4 or 9 on any stack).": must_place,
    "When everyone has played, look at the top of every stack: whoever shows the highest red card is in the red (♥ "
    "and ♦ equal, all tied ones lose).": ties_lose,
    "With no red on top, the lowest black card loses.": lowest_black,
    "Each loser draws one card from the pack, the losers in turn clockwise from the dealer's left.": the_round,
    "Then the round's discards, in the order they were discarded, go into the losers' hands one at a time, in that "
    "same order, round the losers as often as needed.": the_round,
    "The last loser in that order starts the next round.": the_round,
    "If the pack is empty when a loser must draw, the stack cards under each stack's top card are shuffled into a "
    "new pack; if there are none, the loser draws nothing.": empty_pack,
    "Tops K♥ 5♦ 9♠: K♥ loses, the highest red card.": lambda: tops("KH 5D 9S") == ((0,), True),
    "Tops 4♣ 9♠ A♠: 4♣ loses, no red card and the lowest black.": lambda: tops("4C 9S AS") == ((0,), False),
    "After a round's pick-ups, a deal ends if a player has no cards left.": deal_end_and_scores,
    "Each player adds up the cards left in hand.": deal_end_and_scores,
    "The game ends after a deal in which someone's total reaches 100: the lowest total wins, tied lowest totals share "
    "the win.": deal_end_and_scores,
    # The guided deal's words (its table is not built here: its intro is read directly).
    "Now the whole game: every player has five cards and a stack; a deal ends when someone's hand is empty after a "
    "round, and the cards left in each hand count against their owner (A, K, Q, J, 10 count 10, the others their "
    "number).": the_whole_game,
    "After a round the losers pick up, clockwise from the dealer's left: each draws one card from the pack; then the "
    "round's discards, in the order they were discarded, are handed to the losers one at a time in that clockwise "
    "turn, round them as often as needed.": the_round,
    "The last loser clockwise from the dealer's left starts the next round.": the_round,
    "If the pack is empty when a loser must draw, the cards under the stacks' top cards are shuffled into a new "
    "pack; if there are none, the loser draws nothing.": empty_pack,
    "The first dealer is whoever draws the highest black card (Ace high; with no black card or a tie, they draw "
    "again); then the deal passes to the left, and the player left of the dealer starts a deal's first round.":
        the_deal,
    "Deal follows deal until someone's total reaches 100 or more; then the lowest total wins, and tied lowest "
    "totals share the win.": game_goes_on_to_the_target,
    # The game's blurb (the home page, the sheet's head).
    "Lay cards on any stack by suit or rank; whoever shows the highest red card (with no red, the lowest black) picks "
    "up.": picks_up,
}
NOT_CLAIMS = {
    "That is the whole rule of who loses a round.", "Next: how to use that freedom.",
    "A high red card is a weapon: keep one for a rival's stack.", "In The Red: the rules",
    "Cards and points",
    "The deal", "A round", "For example", "Scoring",
}


def stated() -> list[str]:
    with english():
        from mainmerah.families.in_the_red.ui.lessons import game_intro

        return claims_of(lesson_texts(GAME, skip=lambda key: key == "itr-game") + [game_intro()] + sheet_texts(GAME))


STATED = stated()
with english():
    EXAMPLE = claims_of(the_example())


def test_every_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in STATED if s not in CHECKS and s not in NOT_CLAIMS and s not in EXAMPLE]
    assert not unlisted, "\n".join(unlisted)
    assert len(STATED) > 30 and any(s in EXAMPLE for s in STATED)


@pytest.mark.parametrize("sentence", [s for s in STATED if s in CHECKS])
def test_claim(sentence: str) -> None:
    result = CHECKS[sentence]()
    assert result is None or result is True, sentence



def test_no_card_is_wild() -> None:
    """The fitting task's closing words: as in Crazy Eights, but an 8 is not wild (played out by ``fits``)."""
    from mainmerah.core.cards import PACK
    from mainmerah.families.in_the_red.ui.lessons import fits_task

    with english():
        done = fits_task()._done
    assert isinstance(done, str)
    assert "no card is wild" in done and "an 8 follows the same rule" in done, done
    for card in PACK:
        for top in PACK:
            assert fits(card, top) == (card.suit == top.suit or card.rank == top.rank), (card, top)


def test_the_first_lessons_rule_hint_states_who_loses_in_checked_sentences() -> None:
    """The "The rule" hint of each task of "Who is in the red" is the rule as the lesson's intro states it."""
    from claims import sentences

    from mainmerah.families.in_the_red.ui.lessons import lesson_red, who_loses

    lesson = lesson_red()
    assert lesson.tasks and all(task.rule == who_loses() for task in lesson.tasks)
    for sentence in sentences(who_loses()):
        assert sentence in CHECKS, sentence
