"""Red Ten's tutorial (红十): the rank order, the plays, beating, the teams, scoring, a guided hand.

Every right answer and every explanation of a wrong one comes from the engine: ``classify``
and ``beats`` say what a set of cards is and what it beats, ``words`` says why, and
``scoring.settle`` computes the scores the learner is asked for. Nothing is copied here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from html import escape

import ipywidgets as W

from mainmerah.core.cards import Card, parse_cards
from mainmerah.core.i18n import _
from mainmerah.draw.svg import cards_html
from mainmerah.families.red_ten.explain import describe, does_not_beat, not_a_play, why_beats
from mainmerah.families.red_ten.rules import beats, classify, settle, value
from mainmerah.teach.lesson import ChoiceTask, Lesson, NumberTask, PickTask, Task, WidgetTask
from mainmerah.teach.spec import LessonSpec

GAME = "red-ten"


def show(cards: list[Card], label: str, width: int = 52) -> W.HTML:
    return W.HTML(f"<div class='mm-label'>{escape(label)}</div>" + cards_html(cards, width=width))


def what(text: str) -> str:
    """What these cards are as a play, or why they are not one (the engine's words)."""
    cards = parse_cards(text)
    combo = classify(cards)
    return describe(combo) if combo is not None else not_a_play(cards)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def signed(n: int) -> str:
    """A score as the lessons print it: "+9", "0", "−36" (a minus sign, not a hyphen)."""
    return f"{n:+d}".replace("-", "−") if n else "0"


def minus(n: int) -> str:
    """A number as typed, with a minus sign: "−3", "9"."""
    return str(n).replace("-", "−")


# ----- 1. the rank order ----------------------------------------------------------------------------------------
def rank_tasks() -> list[Task]:
    cards = parse_cards("K♠ A♥ 2♣ SJ BJ 10♥ 10♠")
    top = max(cards, key=value)

    def wrong(c: Card) -> str:
        mine, best = classify([c]), classify([top])
        assert mine is not None and best is not None
        return _("{card} is not the highest. {top} beats it: {why}.").format(
            card=cap(describe(mine)), top=cap(describe(best)), why=why_beats(best, mine))

    pick = PickTask(_("Choose the single card that beats every other card here."), cards, [top], key="highest",
                    right=lambda c: _("Yes: a red ten (♥10 or ♦10) is the highest single of all, above even the big "
                                      "joker. A black ten is an ordinary 10."),
                    wrong=wrong)
    a, two = classify(parse_cards("A♠")), classify(parse_cards("2♦"))
    assert a is not None and two is not None
    order = ChoiceTask(
        _("Budi leads A♠. Can you beat it with 2♦?"),
        [(_("Yes"), beats(two, a), _("Yes: {why}. The order is 3 4 5 6 7 8 9 10 J Q K A 2, then the small joker, "
                                      "the big joker, and a red ten on top.").format(why=why_beats(two, a))),
         (_("No: the Ace is the highest card"), False, _("Not in Red Ten: {why}, and 3 is the lowest card.").format(
            why=why_beats(two, a)))],
        key="two")
    sick, jacks = classify(parse_cards("10♥ 10♣")), classify(parse_cards("J♠ J♦"))
    assert sick is not None and jacks is not None
    pair = ChoiceTask(
        _("Sari plays a pair of jacks. Does your pair 10♥ 10♣ (a red ten with a black ten) beat it?"),
        [(_("Yes: a red ten is the highest card"), False, cap(does_not_beat(sick, jacks)) + ". " + _(
            "In a pair a red ten counts as a plain 10: a \"sick\" red ten (带病红十).")),
         (_("No"), not beats(sick, jacks), cap(does_not_beat(sick, jacks)) + ". " + _(
             "A red ten is the highest only as a single; in a pair, a straight or a bomb of three or four tens it is "
             "a plain 10."))],
        key="sick")
    return [pick, order, pair]


# ----- 2. the combinations --------------------------------------------------------------------------------------
def choice_of_plays(prompt: str, options: list[str], want: Callable[[str], bool], key: str) -> ChoiceTask:
    return ChoiceTask(prompt, [(o, want(o), cap(what(o)) + ".") for o in options], key=key)


def combination_tasks() -> list[Task]:
    def is_straight(t: str) -> bool:
        c = classify(parse_cards(t))
        return c is not None and c.kind == "straight"

    straight = choice_of_plays(_("Which of these is a straight (顺子)?"), ["K♠ A♥ 2♦", "A♥ 2♦ 3♣", "Q♦ K♠ A♥ 2♣"],
                               is_straight, "straight")
    build = PickTask(
        _("Your hand holds 6♣ 7♦ 9♠ J♥ and more. Choose the card that makes 6♣ 7♦ + ? + 9♠ a straight of four."),
        parse_cards("5♥ 8♣ 10♠ 8♥"), parse_cards("8♣ 8♥"), need=1, key="build",
        right=lambda c: cap(what(f"6♣ 7♦ {c} 9♠")) + ".",
        wrong=lambda c: cap(what(f"6♣ 7♦ {c} 9♠")) + ".")
    sick = ChoiceTask(
        _("You hold ♥10 and ♣10. Played together, they are…"),
        [(_("a pair of 10s"), True, cap(what("10♥ 10♣")) + ". " + _("A red ten with a black ten is an ordinary pair "
                                                                       "of tens, equal to any other pair of tens.")),
         (_("the invincible bomb"), False, _("Only the two red tens together ({what}). With a black ten it is "
                                             "{this}.").format(what=what("10♥ 10♦"), this=what("10♥ 10♣"))),
         (_("not a play"), False, _("It is a play: {what}.").format(what=what("10♥ 10♣")))],
        key="sickpair")
    spot = choice_of_plays(_("Which of these is NOT a play?"), ["7♠ 7♦ 7♣", "SJ BJ", "8♣ 8♦ 9♠ 9♥", "5♥ 5♠"],
                           lambda t: classify(parse_cards(t)) is None, "notaplay")
    return [straight, build, sick, spot]


# ----- 3. beating -----------------------------------------------------------------------------------------------
def beat_task(prompt: str, top_text: str, options: list[str], key: str) -> ChoiceTask:
    top = classify(parse_cards(top_text))
    assert top is not None
    out = []
    for o in options:
        play = classify(parse_cards(o))
        if play is None:
            out.append((o, False, cap(not_a_play(parse_cards(o))) + "."))
        elif beats(play, top):
            out.append((o, True, _("Yes: {play} beats {top}: {why}.").format(play=describe(play), top=describe(top),
                                                                            why=why_beats(play, top))))
        else:
            out.append((o, False, cap(does_not_beat(play, top)) + "."))
    return ChoiceTask(prompt, out, key=key, before=[show(list(top.cards), _("The play to beat:"))])


def beating_tasks() -> list[Task]:
    return [
        beat_task(_("Budi played the straight 4-5-6. Which of your plays beats it?"), "4♠ 5♥ 6♣",
                  ["5♦ 6♠ 7♣ 8♥", "7♦ 8♠ 9♣", "9♠ 9♥"], "beat-straight"),
        beat_task(_("Sari played a pair of 2s. Which beats it?"), "2♠ 2♥", ["SJ BJ", "A♠ A♦", "10♥ 10♣"], "beat-bomb"),
        beat_task(_("Ayu played a bomb of four 9s. Which beats it?"), "9♠ 9♥ 9♣ 9♦",
                  ["K♠ K♥ K♣", "3♠ 3♥ 3♣ 3♦", "10♥ 10♦"], "tiers"),
    ]


# ----- 4. teams and the reveal ----------------------------------------------------------------------------------
def team_tasks() -> list[Task]:
    partner = ChoiceTask(
        _("You hold ♦10. Nobody revealed anything. Then Sari plays ♥10 as a single. Who is your partner?"),
        [(_("Sari"), True, _("Yes: the holders of ♥10 and ♦10 are one team. Sari played ♥10, you hold ♦10: "
                             "you two (红十) play against Budi and Ayu.")),
         (_("Budi"), False, _("Budi showed no red ten. The red tens pick the teams: you hold ♦10, so your partner "
                              "holds ♥10, and Sari just played it.")),
         (_("Nobody: you play alone"), False, _("You play alone only when you hold both red tens. Sari played ♥10, "
                                                "so Sari is your partner."))],
        key="partner")
    unknown = ChoiceTask(
        _("You hold no red ten and nothing has been shown or played yet. Who is your partner?"),
        [(_("Not known yet"), True, _("Right: you are not on the red team, but any one of the other three might "
                                      "be your partner, or one of them holds both tens and plays alone. Watch "
                                      "for a red ten being shown or played.")),
         (_("The player opposite you"), False, _("Seats do not make teams in Red Ten: only the red tens do, and "
                                                  "you do not know yet who holds them.")),
         (_("Nobody"), False, _("Without a red ten you are on the other team, with one or two partners; you just do "
                                "not know yet which."))],
        key="unknown")
    return [partner, unknown]


# ----- 5. scoring -----------------------------------------------------------------------------------------------
def risk_task() -> ChoiceTask:
    """Alone with both red tens, opened, and last: the base score times four (asked once the scores are taught)."""
    win = settle([0, 1, 2, 3], [0], True).scores[0]
    lose = settle([1, 2, 3, 0], [0], True).scores[0]
    hidden_lose = settle([1, 2, 3, 0], [0], False).scores[0]
    return ChoiceTask(
        _("You hold both red tens and reveal both: an open hand (明打). If you then finish last, what do you "
          "score?"),
        [(signed(lose), True, _("Yes: alone and last is {base} (斟酒), and an open hand that the red side loses "
                                "counts four times: {score}. Had you won going out first: {win}.").format(
            base=signed(hidden_lose), score=signed(lose), win=signed(win))),
         (signed(hidden_lose), False, _("{n} is the hidden hand's score. Both red tens shown make the hand open: "
                                        "×4 when the red side loses.").format(n=signed(hidden_lose))),
         (signed(2 * hidden_lose), False, _("×2 is for an open hand the red side wins. Losing it counts ×4."))],
        key="risk")


def score_task(prompt: str, out: list[int], red: list[int], open_hand: bool, seat: int, key: str,
               why: str) -> NumberTask:
    result = settle(out, red, open_hand)
    answer = result.scores[seat]
    base = result.base[seat]

    mine = set(red) if seat in red else set(range(4)) - set(red)
    theirs = {result.scores[s] for s in range(4) if s not in mine}

    def hint(got: int, attempts: int) -> str:
        if got == base and result.multiplier != 1:
            return _("{n} is the score before the multiplier; now multiply: ×{m}.").format(n=minus(got),
                                                                                          m=result.multiplier)
        if got in theirs and got != answer:
            return _("{n} is the other side's score: check which side won.").format(n=minus(got))
        if got == -answer:
            return _("{n} has the wrong sign: check whether this side won or lost.").format(n=minus(got))
        return _("{n} is not it. {why}").format(n=minus(got), why=why)

    return NumberTask(prompt, answer, hint=hint, key=key, right=_("Yes: {n}. {why}").format(n=signed(answer), why=why))


def scoring_tasks() -> list[Task]:
    return [
        score_task(_("2 against 2, a hidden hand (暗打). You and your partner (the red team) go out first and "
                     "second. What do you score?"), [0, 2, 1, 3], [0, 2], False, 0, "first-second",
                   _("First and second: +2 to each of the team, −2 to each of the others.")),
        score_task(_("2 against 2, an open hand (明打). The red team goes out first and third. What does each red "
                     "player score?"), [0, 1, 2, 3], [0, 2], True, 0, "open",
                   _("First and third is +1; an open hand won by the red side counts double: +2.")),
        score_task(_("1 against 3, hidden: the holder of both red tens goes out first (冲出). What does each of the "
                     "three others score?"), [0, 1, 2, 3], [0], False, 1, "lone",
                   _("The lone player first: +9 for the lone player, −3 for each other.")),
        risk_task(),
    ]


# ----- 6. the guided hand ---------------------------------------------------------------------------------------
def guided_task() -> WidgetTask:
    from mainmerah.table.table import TableWidget  # the whole table: loaded when this lesson is built

    table = TableWidget(game=GAME, seed=7, bots=["greedy", "greedy", "greedy"], delay=0.8, controls=False,
                        options=False)
    task = WidgetTask(_("Now a whole hand against the computer. Choose cards to build a play: the table says what "
                        "your selection is and whether it beats the top play. Use Hint when unsure."), table,
                      key="game")
    table.on_step(lambda t: task.solve() if t.game.is_over and not task.solved else None)
    return task


LESSONS: list[tuple[str, Callable[[], str], Callable[[], str], Callable[[], list[Task]]]] = [
    ("red-ten-ranks", lambda: _("The rank order"), lambda: _(
        "Red Ten (红十) is a climbing game for four: the first to shed all cards does best. All 54 cards (the pack "
        "and both jokers) are dealt, 14 to two seats and 13 to the other two. A single card goes by "
        "rank, from 3 (lowest) up: 3 4 5 6 7 8 9 10 J Q K A 2, the small joker (小王), the big joker (大王), and "
        "a red ten (♥10 or ♦10) above all. Pairs go by the same order, from 3 up to 2. A higher single beats a "
        "lower single, and a higher pair a lower pair.\n\n"
        "Suits never matter, except that ♥10 and ♦10 are the red tens. A red ten is the highest only as a single: "
        "in a pair, a straight or a bomb of three or four tens it counts as a plain 10, and a black ten is always a "
        "plain 10."),
     rank_tasks),
    ("red-ten-plays", lambda: _("The combinations"), lambda: _(
        "A play is a single, a pair, a straight (顺子: three or more ranks in a row on A 2 3 … K A, no wrapping) or "
        "a bomb (炸弹: three or four of a kind, the two jokers 旗杆炸弹, the two red tens 无敌炸弹). Nothing else."),
     combination_tasks),
    ("red-ten-beating", lambda: _("Beating a play"), lambda: _(
        "To beat the top play, play the same kind with the same number of cards and a higher rank (a straight: "
        "the same length, starting further up the line A 2 3 … K A, so A-2-3 is the lowest). A bomb beats any "
        "single, pair or straight; a higher bomb beats a bomb: bombs go by kind first (three of a kind, four of "
        "a kind, the two jokers, the two red tens), then by rank. The holder of ♥3 leads the first round of a "
        "hand; the lead need not contain ♥3. The leader of a round must play; every other seat may pass, even "
        "when it could play, and may play again when its turn comes back in the same round. When every other "
        "seat that still has cards has passed since the last play, the round ends: whoever made that play leads "
        "the next round (if that play was their last card, the next seat in play order that still has cards "
        "leads)."), beating_tasks),
    ("red-ten-teams", lambda: _("Teams and the reveal"), lambda: _(
        "The holders of ♥10 and ♦10 are a team, the other two the other; one player with both plays alone "
        "against three. Before the first card every seat answers once, and the answers are shown together when "
        "all four are in: any seat may keep quiet; the holder of one red ten may reveal it; the holder of both may "
        "reveal just one of them (a bluff), reveal both, or surrender. Both red tens shown make an open hand (明打); "
        "playing a red ten later does not open a hand."), team_tasks),
    ("red-ten-scoring", lambda: _("Scoring"), lambda: _(
        "Whoever plays their last card goes out; the others play on. If nobody then beats that player's last "
        "play, the next seat in play order that still has cards leads. The hand ends as soon as its score is "
        "settled: in 2 against 2 when the partner of the first player out goes out too, or both opponents of the "
        "first player out have gone out; in 1 against 3 when the lone player goes out, or all three others have.\n\n"
        "2 against 2, by the places of the first player out's team: first and second +2/−2, first and third "
        "+1/−1, first and last 0. 1 against 3: the lone player first +9 (others −3), last −9 (others +3), "
        "otherwise 0. An open hand: ×2 if the red side wins, ×4 if it loses. A surrender ends the hand before any "
        "card is played: −3 for the one who surrenders, +1 for each other player, no multiplier."), scoring_tasks),
    ("red-ten-game", lambda: _("A guided hand"), lambda: _(
        "Play one whole hand. You sit at the bottom; the three computers play greedily."), lambda: [guided_task()]),
]


def outro(i: int) -> str:
    """How lesson ``i`` ends: it leads to the next lesson; the last one to the table."""
    if i + 1 < len(LESSONS):
        return _("Well done. Next: “{title}” ({button}).").format(title=LESSONS[i + 1][1](), button=_("Next lesson ▶"))
    return _("You can play a whole hand of Red Ten now. Play as many hands as you like at the table: the link below "
             "opens it.")


def build(key: str) -> Lesson:
    for i, (k, title, intro, tasks) in enumerate(LESSONS):
        if k == key:
            return Lesson(k, title(), intro(), tasks(), outro=outro(i))
    raise KeyError(key)


def tutorial_lessons() -> list[LessonSpec]:
    return [LessonSpec(k, title(), partial(build, k)) for k, title, _i, _t in LESSONS]


__all__ = ["LESSONS", "build", "tutorial_lessons"]
