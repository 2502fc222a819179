"""In The Red's tutorial: who is in the red, where a card may go, two tactics, then a guided deal.

Every answer comes from the engine's rules (``fits``, ``losers``) and its explanations, never
from a verdict written here: the lessons say why in the rule book's words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as W

from mainmerah.core.cards import SUIT_SYMBOLS, Card, cards_text, parse_cards
from mainmerah.core.i18n import _
from mainmerah.draw.svg import cards_html
from mainmerah.families.in_the_red.explain import and_list, fit_reason
from mainmerah.families.in_the_red.rules import TARGET, fits, losers
from mainmerah.teach.lesson import ChoiceTask, Lesson, PickTask, Task, WidgetTask
from mainmerah.teach.spec import LessonSpec

GAME = "in-the-red"


def show(cards: Sequence[Card], label: str, width: int = 52) -> W.HTML:
    return W.HTML(f"<div class='mm-label'>{escape(label)}</div>" + cards_html(cards, width=width))


# ----- lesson 1: who is in the red -------------------------------------------------------------------------------
def loser_why(card: Card, tops: Sequence[Card]) -> str:
    """Why the stack showing ``card`` loses the round, or why it does not (the engine's ``losers``)."""
    lost, red = losers(tops)
    worst = [tops[s] for s in lost]
    if tops.index(card) in lost:
        tie = _(" It ties with {others}: every tied stack loses.").format(
            others=and_list([str(c) for c in worst if c != card])) if len(worst) > 1 else ""
        if red:
            return _("{card} is the highest red card on top: in the red.").format(card=card) + tie
        return _("No top card is red, so the lowest black card loses: {card}.").format(card=card) + tie
    if red and not card.red:
        return _("{card} is black: while any top card is red, black tops are safe.").format(card=card)
    if red:
        return _("{card} is red, but {worst} is higher: only the highest red card loses.").format(
            card=card, worst=worst[0])
    return _("{card} is not the lowest black card: with no red on top, the lowest black ({worst}) loses.").format(
        card=card, worst=worst[0])


def who_loses() -> str:
    """The rule of who loses a round, as lesson 1 states it (its tasks' "The rule" hint too)."""
    return _("Whoever shows the highest red card (♥ or ♦, Ace high) is in the red and picks up a card. If no top "
             "card is red, the lowest black card loses instead. Ties all lose.")


def loser_task(key: str, tops_text: str, prompt: str) -> PickTask:
    tops = parse_cards(tops_text)
    lost = losers(tops)[0]
    return PickTask(prompt, tops, [tops[s] for s in lost], key=key, right=lambda c: loser_why(c, tops),
                    wrong=lambda c: loser_why(c, tops), row_label=_("The top cards of the stacks:"),
                    done=_("Each of those players picks up a card from the pack, and the round's discards are "
                           "handed out among them."),
                    rule=who_loses())


def lesson_red() -> Lesson:
    tasks: list[Task] = [
        loser_task("red", "9♥ 3♠ K♦ 5♣", _("The round is over. Choose the top card whose player is in the red.")),
        loser_task("tie", "Q♥ 4♣ Q♦ 10♥", _("Two red cards of the same rank: choose every stack that loses.")),
        loser_task("black", "J♣ 2♠ 7♠ 9♣", _("No red card on top this time. Choose the stack that loses.")),
    ]
    return Lesson("itr-red", _("Who is in the red"), _(
        "Each player has a stack of face-up cards. After every player has laid one card, look at the top card "
        "of each stack.") + " " + who_loses(), tasks, outro=_("That is the whole rule of who loses a round."))


# ----- lesson 2: where a card may go -----------------------------------------------------------------------------
def place_why(card: Card, top: Card) -> str:
    if fits(card, top):
        return _("{card} may go on {top}: {reason}.").format(card=card, top=top, reason=fit_reason(card, top))
    return _("{card} cannot go on {top}: neither the suit ({suit}) nor the rank ({rank}) matches.").format(
        card=card, top=top, suit=SUIT_SYMBOLS[top.suit], rank=top.rank_text)


def fits_task() -> PickTask:
    card = Card.parse("7♠")
    tops = parse_cards("7♥ K♦ 2♠ 9♣ Q♠")
    return PickTask(_("You hold {card}. Choose every stack it may go on (any player's stack, yours too).").format(
        card=card), tops, [t for t in tops if fits(card, t)], key="fits",
        right=lambda t: place_why(card, t), wrong=lambda t: place_why(card, t),
        before=[show([card], _("Your card:"))], row_label=_("The top cards of the stacks:"),
        done=_("Same suit or same rank, as in Crazy Eights, but no card is wild: an 8 follows the same rule."))


def discard_task() -> ChoiceTask:
    hand, tops = parse_cards("3♣ 5♣ 8♣"), parse_cards("7♥ 9♦ J♥")
    return ChoiceTask(
        _("Your hand is {hand}; the stacks show {tops}. What do you do?").format(hand=cards_text(hand),
                                                                                tops=cards_text(tops)),
        [(_("Place 3♣ on 7♥"), False, place_why(hand[0], tops[0])),
         (_("Discard a card of your choice"), True, _(
             "Yes: nothing fits anywhere (no club and no 3, 5 or 8 on any stack), so you discard one card face up. "
             "At the end of the round it goes into the hand of one of the round's losers. Discard your highest card.")),
         (_("Draw a card from the pack"), False, _(
             "Nobody draws on their turn. Only the round's losers pick up, at the end of the round."))],
        before=[show(hand, _("Your hand:")), show(tops, _("The top cards of the stacks:"))], key="discard")


def lesson_place() -> Lesson:
    return Lesson("itr-place", _("Where a card may go"), _(
        "On your turn you lay one card from your hand on top of any stack, your own or another player's, "
        "whose top card has the same suit or the same rank. You must place a card if one fits anywhere; only "
        "when none of your cards fits any stack do you discard one."), [fits_task(), discard_task()],
        outro=_("Next: how to use that freedom."))


# ----- lesson 3: tactics -------------------------------------------------------------------------------------------
def move_options(tops: Sequence[Card], moves: Sequence[tuple[str, int]]) -> list[tuple[str, bool, str]]:
    """Each move (card, stack: 0 yours, 1 the rival's), judged by who is in the red after it."""
    out = []
    for text, stack in moves:
        card = Card.parse(text)
        after = list(tops)
        after[stack] = card
        lost, red = losers(after)
        where = _("your stack") if stack == 0 else _("Budi's stack")
        label = _("{card} on {where}").format(card=card, where=where)
        if 0 not in lost:
            why = (_("Right: now Budi's {top} is the highest red card and Budi is in the red, not you.")
                   if red else _("Right: no red card is left on top, and the lowest black is Budi's {top}.")
                   ).format(top=after[1])
        elif red:
            why = _("Then your {top} is the highest red card on top: you are in the red.").format(top=after[0])
        else:
            why = _("No red is on top then, but your {top} is the lowest black card: you lose.").format(
                top=after[0])
        out.append((label, 0 not in lost, why))
    return out


def save_task() -> ChoiceTask:
    tops = parse_cards("8♦ 5♣")  # yours, Budi's
    return ChoiceTask(
        _("Two players; you play last in the round. Your stack shows 8♦ (you are in the red), Budi's shows 5♣. "
          "Your hand: 8♠ A♦ 5♦. Which move saves you?"),
        move_options(tops, [("A♦", 0), ("5♦", 1), ("8♠", 0)]),
        before=[show(tops, _("Your stack, Budi's stack:"))], key="save")


def redden_task() -> ChoiceTask:
    tops = parse_cards("6♥ Q♣")
    return ChoiceTask(
        _("Your stack shows 6♥, Budi's shows Q♣; you play last. Your hand: Q♦ 2♥ 6♠. Which move puts Budi in "
          "the red?"), move_options(tops, [("2♥", 0), ("6♠", 0), ("Q♦", 1)]),
        before=[show(tops, _("Your stack, Budi's stack:"))], key="redden")


def lesson_tactics() -> Lesson:
    return Lesson("itr-tactics", _("Tactics"), _(
        "You may lay a card on anyone's stack, so use it: cover your own red top with a black card, or put a "
        "high red card on a rival's stack."), [save_task(), redden_task()],
        outro=_("A high red card is a weapon: keep one for a rival's stack."))


# ----- lesson 4: a guided deal -------------------------------------------------------------------------------------
def guided_task() -> WidgetTask:
    from mainmerah.table.table import TableWidget

    table = TableWidget(game="in-the-red", players=2, seed=7, bots=["greedy"], controls=False, delay=0.8)
    task = WidgetTask(_("Play one deal against the computer. Choose a card, then a lit stack; Hint suggests a "
                        "move and says why. The lesson is done when the deal ends."), table, key="game")

    def check(t: TableWidget) -> None:
        if not task.solved and any(e.kind == "deal-end" for e in t.game.events[: t.shown]):
            task.say(_("The deal is over: the cards left in each hand were scored. A game goes on deal after deal "
                       "until someone reaches 100; the lowest total wins."), "good")
            task.solve()

    table.on_step(check)
    return task


def game_intro() -> str:
    """The last lesson's words: a deal, the pick-ups after a round, the end of the game."""
    return _(
        "Now the whole game: every player has five cards and a stack; a deal ends when someone's hand is "
        "empty after a round, and the cards left in each hand count against their owner (A, K, Q, J, 10 "
        "count 10, the others their number).") + "\n\n" + _(
        "After a round the losers pick up, clockwise from the dealer's left: each draws one card from the pack; "
        "then the round's discards, in the order they were discarded, are handed to the losers one at a time in "
        "that clockwise turn, round them as often as needed. The last loser clockwise from the dealer's left "
        "starts the next round. If the pack is empty when a loser must draw, the cards under the stacks' top cards "
        "are shuffled into a new pack; if there are none, the loser draws nothing.") + "\n\n" + _(
        "The first dealer is whoever draws the highest black card (Ace high; with no black card or a tie, they "
        "draw again); then the deal passes to the left, and the player left of the dealer starts a deal's first "
        "round. Deal follows deal until someone's total reaches "
        "{target} or more; then the lowest total wins, and tied lowest totals share the win.").format(target=TARGET)


def lesson_game() -> Lesson:
    return Lesson("itr-game", _("A guided deal"), game_intro(), [guided_task()],
        outro=_("You know In The Red. Play it in the table app with 2 to 10 players."))


def tutorial_lessons() -> list[LessonSpec]:
    return [LessonSpec("itr-red", _("Who is in the red"), lesson_red),
            LessonSpec("itr-place", _("Where a card may go"), lesson_place),
            LessonSpec("itr-tactics", _("Tactics"), lesson_tactics),
            LessonSpec("itr-game", _("A guided deal"), lesson_game)]


__all__ = ["game_intro", "lesson_game", "lesson_place", "lesson_red", "lesson_tactics", "tutorial_lessons"]
