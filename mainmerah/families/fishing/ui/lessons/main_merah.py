"""The tutorial's lessons, as data fed to the lesson component.

Every position is either fixed here (``Game.from_layout``) or a real seeded
deal, so the lessons are the same for every learner, and every answer is
checked by the engine's own rules and explained with its own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as W

from mainmerah.core.cards import Card, cards_text, parse_cards, points_text, rank_name
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import sentences
from mainmerah.draw.svg import card_html, card_svg, cards_html
from mainmerah.families.fishing.bots import make_bot, play_out, play_value
from mainmerah.families.fishing.dealcode import encode
from mainmerah.families.fishing.events import Capture, End, Redeal
from mainmerah.families.fishing.explain import auto_reason, no_pair_reason, pair_reason, stranded_text
from mainmerah.families.fishing.rules import (
    PARTNER,
    get_ruleset,
    get_variant,
    main_merah_points,
    red_only_card,
    score_card,
)
from mainmerah.families.fishing.state import Game
from mainmerah.families.fishing.ui.lessons.coach import Coach
from mainmerah.table.table import TableWidget
from mainmerah.teach.lesson import ActionTask, ChoiceTask, Lesson, NumberTask, PickTask, Task, WidgetTask, para
from mainmerah.teach.spec import LessonSpec

# Real deals used by the lessons (checked by tests/teach/test_lessons.py).
JACKS_SEED = 31  # 2P classic: the first shuffle laid three Jacks and was redealt
FIVES_SEED = 17  # 2P classic: the first shuffle laid three 5s and was redealt
STRANDED_SEED = 5  # 2P classic: three Aces and two 9s on the table; jb redeals the same shuffle
SCORING_SEED = 323  # 2P classic, played out by two greedy bots, for scoring card by card


def worth(card: Card) -> str:
    """Why ``card`` is worth what it is worth."""
    if not card.red:
        return _("{card} is black: black cards score nothing, whatever their rank.").format(card=card)
    if card.rank == 1:
        return _("{card} is a red Ace: the most valuable card, 20 points.").format(card=card)
    if card.rank >= 9:
        return _("{card} is a red {rank}: red 9s, 10s, Jacks, Queens and Kings are worth 10 points each.").format(
            card=card, rank=rank_name(card.rank))
    return _("{card} is red: a red 2 to 8 is worth its number, {points}.").format(
        card=card, points=points_text(main_merah_points(card)))


def rule(topic: str) -> str:
    """The rule a task is about, in one or two sentences (the hint ladder's second rung)."""
    rules = {
        "points": _("Only red cards (♥ ♦) score: a red Ace 20; a red 9, 10, Jack, Queen or King 10; a red 2 to 8 "
                    "its number. Every black card (♣ ♠) is worth 0."),
        "pairing": _("Two cards pair when their ranks add up to 10, an Ace counting 1: A–9, 2–8, 3–7, 4–6, 5–5. "
                     "A 10, Jack, Queen or King pairs only with the same rank. Suit never matters."),
        "red-first": _("The cards that pair with one card share its partner rank, so only colour makes them "
                       "differ: take a red one before a black one."),
        "best": _("For each card in your hand, find its partner on the table and add the points of the two "
                  "cards; the card with the highest total takes the most."),
        "jb": _("Under jb the game chooses for you: a red card before a black one, then the card that has lain "
                "on the table longest (the one laid first, on the left)."),
        "redeal": REDEAL_RULE(),
        "stranded": _("Cards on the starting table never capture each other: only cards played or flipped later "
                      "can take them."),
    }
    return rules[topic]


def REDEAL_RULE() -> str:  # noqa: N802 (a rule, said the same way wherever it is stated)
    return _("The redeal rule (classic): if three or four cards of one self-pairing rank (5, 10, Jack, Queen, "
             "King) lie on the starting table, the cards are dealt again.")


def show(cards: Sequence[Card], label: str, width: int = 56) -> W.HTML:
    html = f"<div class='mm-label'>{escape(label)}</div>" + cards_html(cards, width=width, price=main_merah_points)
    return W.HTML(html)


def played(card: Card, label: str | None = None) -> W.HTML:
    text = label or _("The card played:")
    face = card_svg(card, 64, highlight="select", points=main_merah_points(card))
    return W.HTML(f"<div class='mm-label'>{escape(text)}</div>{face}")


# ----- Lesson 1: cards and points -------------------------------------------------
def _tally_hint(pile: Sequence[Card]) -> object:
    as_if_red = sum(main_merah_points(Card.of(c.rank, "H")) for c in pile)
    total = sum(main_merah_points(c) for c in pile)

    def hint(value: int, attempts: int) -> str:
        if value == as_if_red and value != total:
            return _("{n} counts the black cards too. Black cards are worth 0: add up only ♥ and ♦.").format(n=value)
        if attempts >= 2:
            card = score_card(pile) if len(pile) <= 8 else red_only_card(pile)
            return _("{n} is not it. Card by card: {card}. Type that total.").format(n=value, card=card)
        return _("{n} is not it. Remember: black 0; red Ace 20; red 9, 10, J, Q, K 10 each; red 2 to 8 their "
                 "number. Try again.").format(n=value)

    return hint


def lesson_cards() -> Lesson:
    reveal = parse_cards("A♥ 7♦ K♠ 9♥ 2♦ A♣ Q♦ 5♣")
    score = parse_cards("3♠ J♥ 8♦ 10♣ A♦ 6♠ K♥ 4♣")
    pile = parse_cards("A♦ 9♣ 10♥ 3♥ 3♠ K♦")
    tasks: list[Task] = [
        PickTask(
            _("Choose each card to see what it is worth."), reveal, reveal,
            right=worth, wrong=worth, reveal=lambda c: points_text(main_merah_points(c)), key="reveal",
            topic="points", rule=rule("points"),
            done=_("That is the whole scoring rule: only red cards (♥ ♦) score. A red Ace 20; a red 9, 10, J, Q "
                   "or K 10; a red 2 to 8 its number; any black card (♣ ♠) 0. A red card shows its points in "
                   "its corner."),
        ),
        PickTask(
            _("Now choose every card that scores points (and none that does not)."), score,
            [c for c in score if c.red], right=worth, wrong=worth, reveal=lambda c: points_text(main_merah_points(c)),
            key="red", topic="points", rule=rule("points"),
            done=_("Found all four. Suit never matters for pairing, but colour decides the points."),
        ),
        NumberTask(
            _("Tally this pile: how many points is it worth?"), sum(main_merah_points(c) for c in pile),
            right=_("Yes: {card}.").format(card=score_card(pile)), hint=_tally_hint(pile),  # type: ignore[arg-type]
            before=[show(pile, _("A player's pile:"))], key="tally", topic="points", rule=rule("points"),
            nudge=_("Only the red cards (♥ ♦) count: find them first, then add their points."),
        ),
        NumberTask(
            _("The whole deck has 26 red cards: 2 red Aces; 10 red 9s, 10s, Jacks, Queens and Kings; and a 2, 3, "
              "4, 5, 6, 7 and 8 in hearts and in diamonds. How many points are there in the whole deck?"),
            210, key="deck", topic="points",
            nudge=_("Make three groups: the two red Aces; the red cards from 9 to King; the red 2 to 8."),
            rule=rule("points"),
            right=_("2 × 20 + 10 × 10 + 2 × (2 + 3 + 4 + 5 + 6 + 7 + 8) = 40 + 100 + 70 = 210. Every point of a "
                    "game comes from these 26 cards, so the scores of one game add up to 210 at most; in a "
                    "two-player game, 106 points guarantee the win."),
            hint=lambda v, n: _("{v} is not it. Add the three groups: the Aces 2 × 20 = 40; the ten cards from 9 "
                                "to King 10 × 10 = 100; and 2 + 3 + … + 8 = 35 in each red suit.").format(v=v),
        ),
    ]
    return Lesson("cards", _("Cards and points"), _(
        "Main Merah (\"play red\") is played with one 52-card deck. You collect cards in pairs, and at the end "
        "only the red cards you collected count. Let us see what each card is worth."), tasks,
        outro=_("Remember: **only red scores**, 210 points in all. Next: which cards pair."))


# ----- Lesson 2: pairing -----------------------------------------------------------
PAIR_ROUNDS: tuple[tuple[str, str], ...] = (
    ("3♥", "7♣ 6♠ 3♣ 7♦ K♦ 2♠ 4♥ 8♥"),
    ("A♣", "10♦ 9♥ A♦ 8♣ 9♠ 2♥"),
    ("6♦", "4♠ 6♣ 5♥ 4♥ 3♦ Q♣"),
    ("5♠", "5♥ 4♦ 6♣ 5♣ 10♠ J♦"),
    ("K♣", "Q♥ K♦ J♠ 3♣ K♥ 7♦"),
)


def pair_task(card: Card | str, table: Sequence[Card] | str, key: str, played_too: bool = True) -> PickTask:
    """Click every table card that ``card`` pairs with; each wrong pick says why it does not pair."""
    c = Card.parse(card)
    cards = parse_cards(table)
    targets = [t for t in cards if t.rank == PARTNER[c.rank]]
    prompt = (_("{card} is played. Choose every table card it pairs with.") if played_too
              else _("Which table cards pair with {card}? Choose all of them."))
    return PickTask(
        prompt.format(card=c), cards, targets,
        right=lambda t: pair_reason(c, t) + ".", wrong=lambda t: no_pair_reason(c, t) + ".",
        done=ngettext("That was its only partner here.", "All {n} partners found.", len(targets)).format(
            n=len(targets)), before=[played(c)] if played_too else [], key=key, topic="pairing",
        rule=rule("pairing"),
        row_label=_("The table:") if played_too else "",
    )


def lesson_pairing() -> Lesson:
    tasks = [pair_task(c, t, f"pair{i + 1}") for i, (c, t) in enumerate(PAIR_ROUNDS)]
    classes = "  ".join(("A–9", "2–8", "3–7", "4–6", "5–5", "10–10", "J–J", "Q–Q", "K–K"))
    return Lesson("pairing", _("Pairing"), _(
        "Two cards pair when their ranks add up to 10, counting an Ace as 1: A–9, 2–8, 3–7, 4–6 and 5–5. "
        "A 10, Jack, Queen or King pairs only with another card of the same rank. Suit and colour never "
        "matter for pairing."), tasks,
        outro=_("All the pairs: {classes}. Next: a whole turn.").format(classes=classes))


# ----- Lesson 3: one turn ------------------------------------------------------------
def turn_game() -> Game:
    """A small fixed deal: three cards each, so a whole game takes six turns."""
    return Game.from_layout(hands=["7♥ K♠ 4♣", "Q♥ 2♦ 6♣"], table="3♦ 8♣ J♥ 5♠ Q♠ 9♦",
                            stock="2♥ A♠ J♦ 5♥ K♦ 8♦", first=0)


def lesson_turn() -> Lesson:
    coach = Coach(turn_game(), human=0, bots=("greedy",), must_capture_first=True)
    task = WidgetTask(_("Play this short game against the computer, one step at a time: play a card, take the "
                        "table card it pairs with, flip the stock, take what the flipped card pairs with."),
                      coach, key="turn")
    coach.on_over(lambda _c: task.solve())
    return Lesson("turn", _("One turn"), _(
        "A turn has two halves. **Play**: lay a card from your hand; if a table card pairs with it, you take "
        "both into your pile; if not, your card stays on the table. **Flip**: turn up the top card of the stock "
        "(the face-down pile); same rule. Here each player has only three cards, so the game is short."), [task],
        outro=_("That is the whole game: turns until the hands and the stock run out, then count the red cards "
                "in each pile. Next: what to do when several table cards pair with your card."))


# ----- Lesson 4: choices ------------------------------------------------------------
def capture_options(hand_card: str, table: str, variant: str = "classic") -> tuple[Game, Card]:
    """A one-turn position where ``hand_card`` is played onto ``table``."""
    other = next(c for c in ("2♣", "3♣", "4♣", "2♠", "3♠") if c not in table and c != hand_card)
    rest = [c for c in ("8♠", "7♠", "6♠", "8♣", "7♣") if c not in table and c not in (hand_card, other)]
    g = Game.from_layout(hands=[[hand_card], [other]], table=table, stock=rest[:2], variant=variant)
    g.play(hand_card)
    return g, Card.parse(hand_card)


def choose_task(hand_card: str, table: str, key: str, prompt: str) -> PickTask:
    g, c = capture_options(hand_card, table)
    d = g.decision
    assert d is not None and d.kind == "capture", "the position must offer a choice"
    best = max(main_merah_points(o) for o in d.options)
    targets = [o for o in d.options if main_merah_points(o) == best]

    def wrong(t: Card) -> str:
        if t in d.options:
            return _("{t} pairs with {c} too, and the rules let you take it, but it is black: 0 points. {b} is "
                     "worth {n}. Same rank, so only the colour differs: take the red one.").format(
                t=t, c=c, b=targets[0], n=points_text(best))
        return no_pair_reason(c, t) + "."

    def right(t: Card) -> str:
        gain = main_merah_points(c) + main_merah_points(t)
        text = pair_reason(c, t) + ": " + _("{n} for you.").format(n=points_text(gain))
        if len(targets) > 1:
            text = sentences(text, _("Both are red cards of the same rank, so both are worth the same: "
                                     "either is right."))
        return text

    return PickTask(prompt, list(g.table), targets, right=right, wrong=wrong, need=1, key=key,
                    before=[played(c, _("You play:"))], row_label=_("The table:"), topic="red-first",
                    rule=rule("red-first"))


def best_play_task(hand: Sequence[Card] | str, table: Sequence[Card] | str, key: str = "best",
                   ruleset: str = "classic", now: bool = True) -> PickTask:
    """Which hand card takes the most points now, by ``ruleset``'s captures (Chinese Ten's fourth card of a
    self-pairing rank takes all three) at two players' points (red cards only, the same in both games).
    ``now`` False: the table is not yet the one your turn will find (another seat plays first), so the question
    asks what each card would take on this table."""
    cards, tab = parse_cards(hand), parse_cards(table)
    rules = get_ruleset(ruleset)

    def best_way(c: Card) -> tuple[Card, ...]:
        return max(rules.captures(c, tab), key=lambda w: sum(map(main_merah_points, w)), default=())

    value = {c: main_merah_points(c) + sum(map(main_merah_points, best_way(c))) if best_way(c) else 0
             for c in cards}
    assert ruleset != "classic" or value == {c: play_value(c, tab) for c in cards}  # the bots' measure
    best = max(value.values())

    def takes(c: Card) -> str:
        way = best_way(c)
        if not way:
            return _("{c} pairs with nothing on the table: it would stay there and take 0 points.").format(c=c)
        return _("{c} would take {t}: {n}.").format(c=c, t=cards_text(way), n=points_text(value[c]))

    if best == 0:
        done = _("No card takes any points here: then throw a low black card and keep the valuable ones.")
    else:
        done = _("No card in your hand takes more on this table.")
    top = [c for c in cards if value[c] == best]
    return PickTask(
        _("Which card from your hand takes the most points right now? Choose it.") if now else
        _("On this table, which card from your hand would take the most points? Choose it."), cards, top,
        right=lambda c: sentences(takes(c), done),
        wrong=lambda c: sentences(takes(c), _("Another card does better: {b}").format(b=takes(top[0]))),
        need=1, key=key, before=[show(tab, _("The table:"), 48)], row_label=_("Your hand:"), topic="best",
        rule=rule("best"),
        nudge=_("For each card in your hand, look for its partner on the table: is that partner red?"),
    )


def jb_task(hand_card: str, table: str, key: str) -> PickTask:
    g, c = capture_options(hand_card, table, variant="jb")
    e = next(ev for ev in g.events if isinstance(ev, Capture) and ev.card == c)
    tab = parse_cards(table)

    def wrong(t: Card) -> str:
        if t in e.options:
            return _("{t} pairs too, but the jb rule does not take it. {why}").format(t=t, why=auto_reason(e.taken,
                                                                                                           e.options))
        return no_pair_reason(c, t) + "."

    return PickTask(
        _("House rule jb, one of the game's variants: when your card pairs with several table cards, the game "
          "chooses which one you take. You play {card}. Which table card does the game take for you? (The table "
          "cards were laid from left to right.)").format(card=c), tab, [e.taken], topic="jb", rule=rule("jb"),
        right=lambda t: auto_reason(e.taken, e.options), wrong=wrong, need=1, key=key,
        before=[played(c, _("You play:"))], row_label=_("The table, first laid on the left:"),
    )


def lesson_choices() -> Lesson:
    tasks: list[Task] = [
        choose_task("4♠", "6♣ 9♦ 6♥ J♠", "red", _("You play 4♠, and two table cards pair with it. Which do you "
                                                  "take? Choose it.")),
        choose_task("Q♣", "Q♥ 3♠ Q♦ 8♥", "same", _("You play Q♣. Which Queen do you take?")),
        best_play_task("9♣ 3♠ K♣", "A♥ 7♦ K♦ 2♠ 7♣", "best"),
        jb_task("A♠", "9♣ 4♥ 9♥", "jb1"),
        jb_task("4♦", "6♠ 2♥ 6♣", "jb2"),
    ]
    return Lesson("choices", _("Choices"), _(
        "When your card pairs with two or more table cards you take exactly one, and you choose which. The "
        "cards that pair with one card all have the same rank, so they are worth the same unless their colours "
        "differ: take a red one before a black one.\n\nThe jb house rule makes that advice automatic: the game "
        "takes a red card before a black one, then the card that has lain on the table longest."), tasks,
        outro=_("Next: why some deals are thrown back."))


# ----- Lesson 5: the deal and the redeal rule ------------------------------------------
def first_redeal(seed: int, variant: str = "classic") -> Redeal:
    g = Game.new(2, variant, seed)
    return next(e for e in g.events if isinstance(e, Redeal))


def redeal_task(seed: int, key: str) -> ChoiceTask:
    r = first_redeal(seed)
    code = encode(2, "classic", seed)
    left = ngettext("only {n} more exists", "only {n} more exist", 4 - r.count).format(n=4 - r.count)
    why = _("Redeal. {reason}. Cards on the starting table never capture each other: a {rank} there can only "
            "be taken by a {rank} played or flipped later, and {left}. So {stuck} of them would lie on the table "
            "all game and score for nobody. (Deal {code} really was redealt for this.)").format(
        reason=get_variant("classic").redeal_text(r.rank, r.count), rank=rank_name(r.rank),
        left=left, stuck=r.count - (4 - r.count), code=code)
    return ChoiceTask(
        _("A starting table, just laid. Can the game be played with it, or must the cards be dealt again?"),
        [(_("Play it"), False, _("Look again: count the cards of each rank, and compare with the redeal rule "
                                 "above.")), (_("Redeal"), True, why)],
        before=[show(r.table, _("The table:"), 48)], key=key, topic="redeal", rule=rule("redeal"),
        nudge=_("Count the cards of each rank on this table."))


def ok_table_task(seed: int, key: str) -> ChoiceTask:
    g = Game.new(2, "classic", seed)
    why = _("Play it: no 5, 10, Jack, Queen or King lies there three times, so the redeal rule does not apply. "
            "(This is the table deal {code} was finally played with.)").format(code=encode(2, "classic", seed))
    return ChoiceTask(
        _("And this table?"),
        [(_("Play it"), True, why), (_("Redeal"), False, _(
            "Look again: which rank lies there three times? The redeal rule asks for three of a 5, 10, Jack, "
            "Queen or King."))],
        before=[show(g.table, _("The table:"), 48)], key=key, topic="redeal", rule=rule("redeal"),
        nudge=_("Count the cards of each rank on this table."))


def stranded_game() -> Game:
    return Game.new(2, "classic", STRANDED_SEED)


def played_out(attempt: int) -> Game:
    """The stranded-pair deal played to the end with random choices (a different game per attempt)."""
    g = stranded_game()
    play_out(g, [make_bot("random", 100 + 2 * attempt), make_bot("random", 101 + 2 * attempt)])
    return g


def play_out_text(attempt: int) -> str:
    g = played_out(attempt)
    end = g.events[-1]
    assert isinstance(end, End)
    lines = [_("Played out (game {n}, random choices): scores {a} and {b}.").format(
        n=attempt, a=g.scores[0], b=g.scores[1])]
    if end.stranded:
        lines.append(stranded_text(end.stranded, end.start_table))
        lines.append(_("Points in the piles: {total} of 210.").format(total=sum(g.scores)))
        if sum(g.scores) == 210:
            lines.append(_("Here both stranded cards are black, so no points were lost; had a red Ace stayed, "
                           "20 points would have gone to nobody."))
    return "\n\n".join(lines)


def variant_lines() -> list[str]:
    """One line per variant: what makes it differ (said wherever a variant is offered). (A match's later games are
    started by the previous game's lowest scorer, in every variant: a first game is where they differ.)"""
    return [
        _("classic: the main rules; the dealer starts a first game; three 5s, 10s, Jacks, Queens or Kings are "
          "redealt."),
        _("cardgames: the same redeal rule; the player after the dealer starts a first game."),
        _("jb (a house rule): any rank lying three times is redealt, a first game's first player is drawn at random, "
          "and the game chooses your captures for you (a red card first, then the one on the table longest)."),
    ]


def lesson_deal() -> Lesson:
    g = stranded_game()
    code = encode(2, "classic", STRANDED_SEED)
    aces = [c for c in g.table if c.rank in (1, 9)]
    rest = [c for c in g.hands[0] + g.hands[1] + g.stock if c.rank in (1, 9)]
    attempts = {"n": 0}

    end_table = W.HTML()

    def act() -> str:
        attempts["n"] += 1
        left = played_out(attempts["n"]).table
        end_table.value = (f"<div class='mm-label'>{escape(_('Left on the table at the end:'))}</div>"
                           + cards_html(left, width=56, price=main_merah_points))
        return play_out_text(attempts["n"])

    # Or the learner plays the same real deal on the table (built on request: a whole table is heavy).
    yourself = W.VBox([])
    mine = W.Button(description=_("Or play this deal yourself"), layout=W.Layout(width="auto"))
    mine.add_class("mm-play-yourself")

    def play_yourself() -> None:
        mine.disabled = True
        yourself.children = [TableWidget(game=stranded_game(), human=0, bots=["greedy"], controls=False)]
    jb = first_redeal(STRANDED_SEED, "jb")
    jb_why = _("jb: {reason}. Its rule redeals when ANY rank lies three times on the starting table, so this "
               "game could never begin, and the stranded pair never happens: in jb every game ends with the "
               "table empty and 210 points in the piles.").format(
        reason=get_variant("jb").redeal_text(jb.rank, jb.count))
    not_jb = _("No: {v} redeals only for three or more 5s, 10s, Jacks, Queens or Kings, and Aces are not among "
               "them. That is why the game of deal {code} can start.")
    playout = ActionTask(_("Check it: let the computer play the whole game (press again for another game, with "
                           "other choices)."), _("Play it out"), act, key="playout", css="mm-playout",
                         body=[end_table, mine, yourself])
    # Logged as the task's input, so the table comes back after a language switch (Lesson.take_over).
    open_table = playout.action("yourself", play_yourself)
    mine.on_click(lambda _b: open_table())
    tasks: list[Task] = [
        redeal_task(JACKS_SEED, "jacks"),
        redeal_task(FIVES_SEED, "fives"),
        ok_table_task(JACKS_SEED, "ok"),
        ChoiceTask(
            _("Deal {code} (a real shuffle) lays {cards} on the table: three Aces and two 9s. Classic plays it. "
              "What will be left on the table at the end of the game?").format(code=code, cards=cards_text(aces)),
            [(_("Nothing: every card gets captured"), False, _(
                "Not here. Starting cards never take each other, so only the later Aces and 9s can clear the "
                "group, and just three exist ({rest}). Each takes one table card: three of the five go, two stay, "
                "and they are one Ace and one 9.").format(rest=cards_text(rest))),
             (_("One Ace and one 9, whatever anyone plays"), True, _(
                 "Yes. 5 of the 8 Aces and 9s start on the table, and starting cards never capture each other. "
                 "Every later Ace takes a 9 and every later 9 takes an Ace, so exactly 5 − 4 = 1 Ace and 1 nine "
                 "stay. Press the button below to check it on the real game.")),
             (_("It depends on how well you play"), False, _(
                 "It does not: nobody chooses whether an Ace or a 9 captures (a card that pairs must capture), so "
                 "the count is fixed. Which Ace stays can depend on the choices; that one does is certain."))],
            before=[W.HTML(f"<div class='mm-label'>{escape(_('The starting table of deal {code}:').format(code=code))}"
                           "</div><div class='mm-cards' style='display:flex;flex-wrap:wrap;gap:2px'>"
                           + "".join(card_html(c, 48, highlight="hint" if c.rank in (1, 9) else None,
                                               points=main_merah_points(c)) for c in g.table) + "</div>")],
            key="predict", topic="stranded",
            rule=rule("stranded")),
        playout,
        ChoiceTask(
            _("Main Merah is played by three sets of rules, its variants:") + "\n"
            + "\n".join("• " + line for line in variant_lines()) + "\n\n"
            + _("The same shuffle under each variant: which one throws this table back?"),
            [(_("classic"), False, not_jb.format(v="classic", code=code)),
             (_("cardgames"), False, not_jb.format(v="cardgames", code=code)),
             (_("jb"), True, jb_why)], key="variant", topic="redeal",
            nudge=_("Which variant's redeal rule looks at every rank, Aces too?")),
    ]
    return Lesson("deal", _("The deal and the redeal rule"), _(
        "Two players get 10 cards each, 12 go face up on the table and 20 face down form the stock (three "
        "players: 7 each, 10 on the table, 21 in the stock). Before anyone plays, the table is checked: some "
        "tables are thrown back and dealt again.") + "\n\n**" + REDEAL_RULE() + "**", tasks,
        outro=_("Every variant redeals three of one self-pairing rank (5, 10, J, Q, K). Classic and cardgames "
                "still play three Aces with two 9s, and then one Ace and one 9 stay on the table: the piles may "
                "hold less than 210 points. Only jb, which redeals any rank lying three times, makes every game "
                "end with all 210 points in the piles. Next: scoring a game, then a whole game against the "
                "computer."))


# ----- Lesson 6: scoring and a guided game -------------------------------------------------
def scoring_game() -> Game:
    g = Game.new(2, "classic", SCORING_SEED)
    play_out(g, [make_bot("greedy", 1), make_bot("greedy", 2)])
    return g


GUIDED_DELAY = 0.45  # seconds a computer step stays before the next: a round in about 3 s (pace control: faster)


def guided_game_widget(seed: int = 2024) -> TableWidget:
    """The table widget for a whole game against the computer, its story panel narrating every event."""
    return TableWidget(game=Game.new(2, "classic", seed), human=0, bots=["greedy"], controls=False,
                       delay=GUIDED_DELAY)


def pace_control(task: WidgetTask) -> tuple[W.Box, W.Dropdown]:
    """How fast the computer's moves are shown (the table's own pace choices), set on the task's table.

    The task's widget is looked up at each change: after a language switch it is the learner's own table.
    """
    from mainmerah.table.controls import pace_options

    delay = task.widget.delay  # type: ignore[attr-defined]
    pick = W.Dropdown(options=pace_options(delay), value=delay, layout=W.Layout(width="auto"))
    pick.add_class("mm-lesson-pace")
    pick.observe(lambda ch: task.widget.set_pace(None if ch["new"] < 0 else ch["new"]),  # type: ignore[attr-defined]
                 names="value")
    label = W.HTML(f"<span class='mm-label'>{escape(_('Computer moves:'))}</span>")
    box = W.Box([label, pick])
    box.add_class("mm-nav")
    return box, pick


def lesson_scoring() -> Lesson:
    g = scoring_game()
    mine, theirs = g.piles
    red = [c for c in mine if c.red]
    total = {"n": 0}

    def right(c: Card) -> str:
        total["n"] = sum(main_merah_points(x) for x in red if x in task.picked)
        return sentences(worth(c), _("Running total: {n}.").format(n=total["n"]))

    task = PickTask(_("This is your pile after a whole game. Choose every card in it that scores, and watch the "
                      "total grow."), mine, red, right=right, wrong=worth, small=True,
                    done=_("Your score card: {card}.").format(card=red_only_card(mine)), key="mine", topic="points",
                    rule=rule("points"))
    names = [_("You"), _("The computer")]
    winner = g.winners
    options = [(_("You"), winner == (0,), ""), (_("The computer"), winner == (1,), ""),
               (_("A shared win"), len(winner) > 1, "")]
    verdict = _("You {a}, the computer {b}. {w}").format(
        a=g.scores[0], b=g.scores[1],
        w=_("a shared win.") if len(winner) > 1 else _("{who} wins.").format(who=names[winner[0]]))
    end = g.events[-1]
    left = ""
    if isinstance(end, End) and end.stranded:
        left = stranded_text(end.stranded, end.start_table)
    else:
        left = _("Nothing was left on the table, so the two scores add up to 210.")
    options = [(label, ok, sentences(verdict, left)) for label, ok, _w in options]
    guided = guided_game_widget()
    game_task = WidgetTask(_("Now a whole game against the computer. Every play, capture and flip is explained "
                             "as it happens."), guided, key="game")
    pace, pace_pick = pace_control(game_task)
    game_task.children = (game_task.head, pace, *game_task.children[1:])
    def finished(t: TableWidget) -> None:
        if t.game.is_over and t.caught_up:
            game_task.solve()

    guided.on_step(finished)
    tasks: list[Task] = [
        task,
        NumberTask(_("The computer's pile: what is its score?"), g.scores[1], key="theirs", topic="points",
                   rule=rule("points"), nudge=_("Only the red cards (♥ ♦) count: find them first."),
                   right=_("Yes: {card}.").format(card=red_only_card(theirs)), hint=_tally_hint(theirs),  # type: ignore[arg-type]
                   before=[show(theirs, _("The computer's pile:"), 44)]),
        ChoiceTask(_("So who won this game?"), options, key="winner", topic="points",
                   nudge=_("Compare the two scores you just worked out.")),
        game_task,
    ]
    lesson = Lesson("scoring", _("Scoring, then a real game"), _(
        "When the hands and the stock are empty the game ends. Cards still on the table score for nobody. "
        "Each player adds up the red cards in their pile; the highest score wins, and equal scores share the win."),
        tasks,
        outro=_("You can play a whole game now. Play as many games as you like at the table: the link below opens it, "
                "in this language."))
    lesson.add_setting("pace", pace_pick)  # kept with the progress, as the table keeps its own
    return lesson


def tutorial_lessons() -> list[LessonSpec]:
    return [
        LessonSpec("cards", _("Cards and points"), lesson_cards),
        LessonSpec("pairing", _("Pairing"), lesson_pairing),
        LessonSpec("turn", _("One turn"), lesson_turn),
        LessonSpec("choices", _("Choices"), lesson_choices),
        LessonSpec("deal", _("The deal"), lesson_deal),
        LessonSpec("scoring", _("Scoring & a game"), lesson_scoring),
    ]


__all__ = ["para", "tutorial_lessons", "worth"]
