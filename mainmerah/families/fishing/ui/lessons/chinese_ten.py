"""Chinese Ten's own course, for a newcomer who never played Main Merah.

Five lessons: the deal and a turn (who plays first), pairing, the capture of three and the
dealer's four of a kind, the points and the totals per number of players, then a guided
game. Each lesson's intro states every rule its tasks ask. The first lesson links to Main
Merah's lessons for those who know that game. Every number an intro states and every answer
comes from the engine's Chinese Ten rules (its sizes, points, events and their explanations),
never from numbers copied here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.cards import Card, cards_text, parse_cards, points_text
from mainmerah.core.i18n import _, language
from mainmerah.core.words import listed
from mainmerah.draw.svg import cards_html
from mainmerah.families.fishing.explain import no_pair_reason
from mainmerah.families.fishing.rules import CHINESE_TEN_SIZES, SELF_PAIRING, get_ruleset
from mainmerah.families.fishing.ui.lessons.coach import Coach
from mainmerah.families.fishing.ui.lessons.main_merah import pair_task, played
from mainmerah.teach.lesson import ChoiceTask, Lesson, NumberTask, PickTask, WidgetTask, rank_word
from mainmerah.teach.spec import LessonSpec

GAME = "chinese-ten"
RULES = get_ruleset(GAME)


def points(card: Card, players: int) -> int:
    """``card``'s points in Chinese Ten with ``players`` players (the engine's table)."""
    return RULES.card_points(card, players)


def total(players: int) -> int:
    return RULES.total(players)


def worth(card: Card, players: int) -> str:
    """Why ``card`` is worth what it is with ``players`` players."""
    p = points(card, players)
    if card == Card.parse("A♠") and p:
        return _("A♠ scores {n} with three or four players (with two it is black like any other: 0).").format(
            n=points_text(p))
    if card == Card.parse("A♣") and p:
        return _("A♣ scores {n}, but only with four players.").format(n=points_text(p))
    if not card.red:
        if card.rank == 1:
            return _("{card} scores nothing with {n} players.").format(card=card, n=players)
        return _("{card} is black: 0. Of the black cards only the Aces can score.").format(card=card)
    return _("{card} is red: {n}.").format(card=card, n=points_text(p))


def show(cards: list[Card], label: str, width: int = 56, players: int = 2) -> W.HTML:
    """Cards with their points in Chinese Ten with ``players`` players (its black Aces' depend on them)."""
    return W.HTML(f"<div class='mm-label'>{escape(label)}</div>"
                  + cards_html(cards, width=width, price=lambda c: points(c, players)))


# ----- the tasks -----------------------------------------------------------------------------------------------
def deal_task() -> NumberTask:
    hand, table, stock = CHINESE_TEN_SIZES[4]
    shared = 52 - table - stock  # the cards the hands share, whatever the number of players
    known = {
        shared: _("{n} is every hand together: 52 cards, less {table} on the table and {stock} in the stock. "
                  "Now share them among the four players."),
        CHINESE_TEN_SIZES[2][0]: _("{n} each is the two-player hand. With four players the same {shared} cards "
                                   "are shared four ways."),
        CHINESE_TEN_SIZES[3][0]: _("{n} each is the three-player hand. With four players the same {shared} "
                                   "cards are shared four ways."),
        10: _("{n} is Main Merah's two-player hand. Chinese Ten always keeps {table} cards for the table and "
              "{stock} for the stock, and shares the other {shared}."),
        7: _("{n} is Main Merah's three-player hand. Chinese Ten always keeps {table} cards for the table and "
             "{stock} for the stock, and shares the other {shared}."),
    }

    def hint(value: int, attempts: int) -> str:
        text = known.get(value, _("{n} is not it. 52 cards: {table} on the table, {stock} in the stock, and the "
                                  "other {shared} shared equally among the players."))
        return text.format(n=value, table=table, stock=stock, shared=shared)

    return NumberTask(
        _("Four players sit down. The dealer lays {table} cards face up on the table and keeps {stock} face down "
          "as the stock; the rest is shared out equally. How many cards does each player get?").format(
            table=table, stock=stock),
        hand, hint=hint, key="deal",
        right=_("Yes: {shared} ÷ 4 = {n}. With three players {three} each, with two {two} each. Each turn uses "
                "one hand card and one stock card, so hands and stock run out together.").format(
            shared=shared, n=hand, three=CHINESE_TEN_SIZES[3][0], two=CHINESE_TEN_SIZES[2][0]))


def aces_task() -> PickTask:
    players = 4
    cards = parse_cards("A♠ 7♦ K♠ A♣ 9♥ 5♣ A♥ Q♦")
    extra = sum(points(c, players) for c in cards if not c.red)
    return PickTask(
        _("Four players: choose every card that scores (and none that does not)."), cards,
        [c for c in cards if points(c, players)], key="aces",
        right=lambda c: worth(c, players), wrong=lambda c: worth(c, players),
        reveal=lambda c: points_text(points(c, players)),
        done=_("So with four players the black Aces add {extra}: {red} + {extra} = {total} points in the deck.").format(
            extra=extra, red=total(2), total=total(players)))


def total_task() -> NumberTask:
    players = 3
    a_spades, a_clubs = points(Card.parse("A♠"), 4), points(Card.parse("A♣"), 4)
    known = {
        total(2): _("{n} is the red cards alone: the total with two players (and in Main Merah). With three "
                    "players one more card scores."),
        total(4): _("{n} is the four-player total: A♣ scores only with four players."),
        total(2) + a_clubs: _("{n} gives A♠ the club's value: A♠ is worth {spades}."),
    }

    def hint(value: int, attempts: int) -> str:
        text = known.get(value, _("{n} is not it. The red cards make {red}; with three players A♠ scores "
                                  "{spades} as well."))
        return text.format(n=value, red=total(2), spades=a_spades)

    return NumberTask(
        _("Three players: how many points are there in the whole deck?"), total(players), hint=hint, key="total",
        right=_("{red} + {spades} = {total}. Two players: {two}; three: {three}; four: {four}. Every card ends in "
                "someone's pile (nothing is left on the table in Chinese Ten), so the scores always add up to "
                "that total.").format(red=total(2), spades=a_spades, total=total(players), two=total(2),
                                      three=total(3), four=total(4)))


def three_game() -> object:
    """A starting table with three Queens; seat 0 holds the fourth."""
    return registry.game_from_layout(GAME, hands=["Q♦ 4♣", "8♠ 2♣"], table="Q♥ Q♣ 7♦ Q♠",
                                     stock="3♠ 6♣ 2♠ 8♣", first=0, dealer=1)


def three_task() -> PickTask:
    g = three_game()
    card = Card.parse("Q♦")
    g.act(str(card))  # type: ignore[attr-defined]
    capture = next(e for e in g.events if type(e).__name__ == "Capture" and e.card == card)  # type: ignore[attr-defined]
    taken = [capture.taken, *capture.more]
    table = list(g.setup.table)  # type: ignore[attr-defined]
    said = capture.explain(None, 0)  # type: ignore[attr-defined]

    return PickTask(
        _("The starting table holds three Queens. You play the fourth Queen, {card}. Choose every table card it "
          "takes.").format(card=card), table, taken, key="three",
        right=lambda t: _("{card} takes {t}.").format(card=card, t=t),
        wrong=lambda t: no_pair_reason(card, t) + ".",
        done=lambda: said + "\n\n" + _(
            "Were it to take only one, two Queens would lie on the table for good, with no Queen left to take "
            "them. Chinese Ten never deals again: this rule (for 5s, 10s, Jacks, Queens and Kings) makes sure "
            "every card can still be captured."),
        before=[played(card, _("You play:"))],
        row_label=_("The starting table:"))


def four_game() -> object:
    """Four 5s on the starting table; the learner (seat 1) dealt."""
    return registry.game_from_layout(GAME, hands=["K♠ 3♣", "2♣ 8♠"], table="5♠ 5♥ 5♣ 5♦",
                                     stock="7♣ 6♠ 4♣ 9♠", first=0, dealer=1)


def four_task() -> ChoiceTask:
    g = four_game()
    took = next(e for e in g.events if type(e).__name__ == "TakeFour")  # type: ignore[attr-defined]
    table = list(g.setup.table)  # type: ignore[attr-defined]
    return ChoiceTask(
        _("Two players, and you deal. You lay the four starting cards: {cards}. What happens?").format(
            cards=cards_text(table)),
        [(_("The cards are dealt again"), False, _(
            "Chinese Ten never deals again: the rule of four of a kind says what happens instead.")),
         (_("You take all four"), True, _(
             "Yes. {said} No card could ever capture them (there is no fifth 5), so instead of scoring for "
             "nobody they go to the dealer.").format(said=took.explain(None, 1))),
         (_("They wait on the table for another 5"), False, _(
             "There is no fifth 5 in the deck: nobody could ever capture them, and they would score for nobody."))],
        before=[show(table, _("The starting table:"), 48)], key="four")


def first_task() -> ChoiceTask:
    players, dealer = 4, 3
    first = RULES.first_player(dealer, players, random.Random(0))
    seat: Callable[[int], str] = lambda s: _("Seat {n}").format(n=s + 1)  # noqa: E731
    options = []
    for s in (dealer, first, dealer - 1):
        if s == first:
            why = _("Yes: the seat after the dealer plays first, and turns go on in seat order: {order}. (In "
                    "Main Merah's classic rules the dealer starts the first game.)").format(
                order=listed(seat((first + i) % players) for i in range(players)))
        elif s == dealer:
            why = _("In Main Merah's classic rules the dealer starts the first game; in Chinese Ten the dealer "
                    "plays last, and the seat after the dealer starts.")
        else:
            why = _("{seat} sits just before the dealer, so it plays just before the dealer, who plays last. "
                    "The seat after the dealer starts: after {dealer} comes {first}.").format(
                seat=seat(s), dealer=seat(dealer), first=seat(first))
        options.append((seat(s), s == first, why))
    return ChoiceTask(
        _("Four players sit in seat order 1, 2, 3, 4, and {dealer} deals. Who plays first?").format(
            dealer=seat(dealer)), options, key="first")


# ----- the guided game -----------------------------------------------------------------------------------------------
def guided_game() -> object:
    """A short two-player game whose table has three Jacks; the learner holds the fourth.

    Every other pairing class has exactly two cards here, so whatever is played, each card
    that stays on the table is taken later by its partner: the table ends empty, as in a full deal.
    """
    return registry.game_from_layout(GAME, hands=["J♦ 6♥ 3♦", "7♣ K♣ 9♦"], table="J♥ 4♦ J♣ J♠",
                                     stock="K♥ A♣ 8♥ 2♠ 5♥ 5♣", first=0, dealer=1)


def guided_task() -> WidgetTask:
    coach = Coach(guided_game(), human=0, bots=("greedy",))  # type: ignore[arg-type]
    task = WidgetTask(_("Now a short game against the computer, one step at a time. Three Jacks lie on the table, "
                        "and you hold the fourth."), coach, key="game")

    def over(c: Coach) -> None:
        review_at_the_table(task, c.game)
        task.solve()

    coach.on_over(over)
    return task


def review_at_the_table(task: WidgetTask, game: Any) -> None:
    """Below a coached game once it is over: the game at the table, where Review this game is offered as after any
    game (the tutorial keeps its mistakes for Practice, as it does a guided game's at the table)."""
    from mainmerah.table.table import TableWidget  # the whole table: loaded when the game is over

    if any(isinstance(c, TableWidget) for c in task.children):
        return
    table = TableWidget(game=game.copy(), human=0, bots=["greedy"], auto=False, controls=False, options=False,
                        hints=False)  # (a copy: the table may go back in it)
    head = W.HTML(f"<p>{escape(_('Your game, at the table: review it to see which choices cost you the most.'))}</p>")
    task.children = (*task.children, head, table)


def deal_sizes() -> tuple[int, int, int]:
    """The cards on the table, in the stock and shared among the hands (the same for 2, 3 and 4 players)."""
    _hand, table, stock = CHINESE_TEN_SIZES[4]
    return table, stock, 52 - table - stock


def players_text() -> str:
    counts = RULES.players
    return _("{some} or {last}").format(some=listed(map(str, counts[:-1])), last=counts[-1])


def main_merah_link() -> str:
    """HTML: Main Merah's lessons, for a learner who knows that game (in the language shown)."""
    href = "tutorial.ipynb?game=main-merah" + ("" if language() == "en" else f"&lang={language()}")
    return (f"<p class='mm-related'>{escape(_('Know Main Merah already? Chinese Ten is its closest cousin.'))} "
            f"<a class='mm-related-link' href='{escape(href)}'>{escape(_('Main Merah lessons'))}</a></p>")


def lesson_deal_and_turn() -> Lesson:
    table, stock, shared = deal_sizes()
    lesson = Lesson("chinese-ten", _("Deal and turn"), _(
        "Chinese Ten (拣红点) is a card game for {players} players with one 52-card deck. You capture cards "
        "from the table by pairing them; at the end the cards in your pile score.\n\n"
        "**The deal.** The dealer lays {table} cards face up on the table and keeps {stock} face down as the "
        "stock; the other {shared} are shared out equally among the players.\n\n"
        "**Who plays first.** The seat after the dealer plays first, and turns go on in seat order, so the dealer "
        "plays last.\n\n"
        "**A turn.** Lay a card from your hand face up. If a table card pairs with it, take both into your pile; "
        "if none does, your card stays on the table. Then flip the top card of the stock: same rule. The game "
        "ends when the hands and the stock are empty.").format(
        players=players_text(), table=table, stock=stock, shared=shared),
        [deal_task(), first_task()], outro=_("Next: which cards pair."))
    link = W.HTML(main_merah_link())
    link.add_class("mm-related")
    lesson.children = (*lesson.children[:2], link, *lesson.children[2:])
    return lesson


PAIRS = (("3♥", "7♣ 6♠ 3♣ 7♦ K♦ 2♠ 4♥ 8♥"), ("9♣", "A♥ 8♦ A♦ 2♣ 9♥ 4♠"), ("5♠", "5♥ 4♦ 6♣ 5♣ 10♠ J♦"),
         ("K♣", "Q♥ K♦ J♠ 3♣ K♥ 7♦"))  # no black Ace on these tables: its points depend on the players


def lesson_pairing() -> Lesson:
    return Lesson("ct-pairing", _("Pairing"), _(
        "Two cards pair when their ranks add up to 10, an Ace counting as 1: A–9, 2–8, 3–7, 4–6 and 5–5. A 10, "
        "Jack, Queen or King pairs only with another card of the same rank. Suit and colour never matter for "
        "pairing. When several table cards pair with your card you take one of them, and you choose which."),
        [pair_task(c, t, f"pair{i + 1}") for i, (c, t) in enumerate(PAIRS)],
        outro=_("Next: what three or four cards of one rank on the starting table do."))


def lesson_kinds() -> Lesson:
    ranks = listed(rank_word(r) for r in sorted(SELF_PAIRING))
    return Lesson("ct-kinds", _("Three and four of a kind"), _(
        "A card takes just one table card, and the cards laid on the starting table never take each other. So "
        "two rules look after a starting table with three or four cards of one rank among {ranks}, the ranks "
        "that pair only with themselves. The cards are never dealt again.\n\n"
        "**Three of a kind.** The fourth card of that rank, played or flipped, takes all three at once.\n\n"
        "**Four of a kind.** If all four starting cards are of one such rank, the dealer takes them into their "
        "pile before play.").format(ranks=ranks),
        [three_task(), four_task()], outro=_("Next: which cards score, and how much."))


def lesson_points() -> Lesson:
    spades, clubs = Card.parse("A♠"), Card.parse("A♣")
    return Lesson("ct-points", _("Points"), _(
        "When the hands and the stock are empty, each player scores the cards in their pile; the highest score "
        "wins, and equal scores share the win.\n\n"
        "**Red cards** (♥ ♦) score: a red Ace {ace}; a red 9, 10, Jack, Queen or King {ten} each; a red 2 to 8 "
        "its number. The red cards make {red} points in all.\n\n"
        "**Black cards** (♣ ♠) score nothing, except the black Aces when more play: with three players A♠ scores "
        "{spades3}; with four players A♠ scores {spades4} and A♣ {clubs4}.\n\n"
        "Every card ends in someone's pile, so the scores add up to the deck's total for that number of "
        "players.").format(
        ace=points(Card.of(1, "H"), 2), ten=points(Card.of(10, "H"), 2), red=total(2), spades3=points(spades, 3),
        spades4=points(spades, 4), clubs4=points(clubs, 4)),
        [aces_task(), total_task()], outro=_("Next: a whole game, one step at a time."))


def lesson_game() -> Lesson:
    hand = len(guided_game().setup.hands[0])  # type: ignore[attr-defined]
    return Lesson("ct-game", _("A guided game"), _(
        "Now play a short game against the computer, each step by hand: play a card, take what it pairs with, "
        "flip the stock's top card, take what that pairs with. Each player holds {n} cards, so the game is "
        "short.").format(n=hand), [guided_task()],
        outro=_("You can play a whole game of Chinese Ten now. Play it at the table with {players} players.").format(
            players=players_text()))


def tutorial_lessons() -> list[LessonSpec]:
    return [LessonSpec("chinese-ten", _("Deal and turn"), lesson_deal_and_turn),
            LessonSpec("ct-pairing", _("Pairing"), lesson_pairing),
            LessonSpec("ct-kinds", _("Three and four of a kind"), lesson_kinds),
            LessonSpec("ct-points", _("Points"), lesson_points),
            LessonSpec("ct-game", _("A guided game"), lesson_game)]


__all__ = ["lesson_deal_and_turn", "lesson_game", "lesson_kinds", "lesson_pairing", "lesson_points",
           "tutorial_lessons"]
