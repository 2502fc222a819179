"""The tutorial driven through its widgets' Python API: every lesson, right and wrong answers."""

from __future__ import annotations

from collections import Counter

import pytest

import mainmerah as mm
from mainmerah.families.fishing.rules import main_merah_points, pairs_with
from mainmerah.families.fishing.ui.lessons import main_merah as C
from mainmerah.families.fishing.ui.lessons.coach import Coach
from mainmerah.pages.tutorial import Tutorial
from mainmerah.table.style import card_class
from mainmerah.teach import ChoiceTask, Lesson, NumberTask, PickTask
from mainmerah.teach.lesson import parse_whole_number


def cards(text: str) -> list[mm.Card]:
    return mm.parse_cards(text)


@pytest.fixture
def tutorial() -> Tutorial:
    return Tutorial()


def drive_coach(coach: Coach, limit: int = 400) -> None:
    """Finish a coached game by always doing what is asked (first option)."""
    for _ in range(limit):
        w = coach.waiting
        if w == "over":
            return
        if w == "play":
            coach.play(coach.hand[0])
        elif w == "take":
            coach.take(coach.expected.taken)  # type: ignore[union-attr]
        elif w == "flip":
            coach.flip()
        elif w == "choose":
            coach.take(coach.game.decision.options[0])  # type: ignore[union-attr]
        else:
            coach.next()
    raise AssertionError(f"coach stuck waiting for {coach.waiting!r}")


# ----- the tutorial container ----------------------------------------------------------
def test_tutorial_navigation_keeps_lesson_state(tutorial: Tutorial) -> None:
    assert tutorial.index == 0 and tutorial.back.disabled and not tutorial.next.disabled
    first = tutorial.lesson
    first.tasks[0].pick("A♥")  # type: ignore[attr-defined]
    tutorial.next.click()
    assert tutorial.index == 1 and tutorial.stage.children == (tutorial.lesson,)
    assert tutorial.lesson.key == "pairing"
    tutorial.back.click()
    assert tutorial.lesson is first
    assert first.tasks[0].picked == cards("A♥")  # type: ignore[attr-defined]
    assert "20 points" in first.tasks[0].row["A♥"].badge.value  # type: ignore[attr-defined]
    tutorial.steps[5].click()
    assert tutorial.index == 5 and tutorial.next.disabled
    tutorial.go(99)  # out of range: ignored
    assert tutorial.index == 5
    assert "Lesson 6 of 6" in tutorial.progress_text.value


def test_progress_marks_finished_lessons(tutorial: Tutorial) -> None:
    lesson = tutorial.lesson
    finish_cards_lesson(lesson)
    assert lesson.solved
    assert tutorial.steps[0].description.startswith("✓")
    assert "mm-done" in tutorial.steps[0]._dom_classes
    assert "4 of 4 tasks done" in tutorial.progress_text.value
    assert lesson.outro.layout.display == ""


def test_tasks_unlock_one_by_one() -> None:
    lesson = C.lesson_cards()
    shown = [t.layout.display != "none" for t in lesson.tasks]
    assert shown == [True, False, False, False]
    for c in lesson.tasks[0].targets:  # type: ignore[attr-defined]
        lesson.tasks[0].pick(c)  # type: ignore[attr-defined]
    assert lesson.tasks[1].layout.display == "" and lesson.tasks[2].layout.display == "none"


# ----- lesson 1 ------------------------------------------------------------------------
def finish_cards_lesson(lesson: Lesson) -> None:
    reveal, red, tally, deck = lesson.tasks
    for c in reveal.row.cards:  # type: ignore[attr-defined]
        reveal.pick(c)  # type: ignore[attr-defined]
    for c in red.targets:  # type: ignore[attr-defined]
        red.pick(c)  # type: ignore[attr-defined]
    tally.submit(str(tally.answer))  # type: ignore[attr-defined]
    deck.submit("210")  # type: ignore[attr-defined]


def test_cards_lesson_reveals_and_explains_points() -> None:
    lesson = C.lesson_cards()
    reveal = lesson.tasks[0]
    assert isinstance(reveal, PickTask)
    reveal.pick("K♠")
    assert "black cards score nothing" in reveal.feedback.text
    assert reveal.row["K♠"].badge.value.count("0 points") == 1
    reveal.pick("A♥")
    assert "20 points" in reveal.feedback.text and reveal.feedback.kind == "good"
    for c in reveal.row.cards:
        reveal.pick(c)
    assert reveal.solved and "only red cards" in reveal.feedback.text


def test_clicking_a_black_card_where_red_is_asked_is_explained() -> None:
    red = C.lesson_cards().tasks[1]
    assert isinstance(red, PickTask)
    red.pick("10♣")
    assert red.feedback.kind == "bad" and "black" in red.feedback.text
    assert "mm-wrong" in red.row["10♣"]._dom_classes
    assert not red.solved and red.picked == []
    for c in red.targets:
        red.pick(c)
    assert red.solved and set(red.targets) == {c for c in red.row.cards if c.red}


@pytest.mark.parametrize(("typed", "words"), [
    ("", "Type a number first"),
    ("   ", "Type a number first"),
    ("12x", "“12x” is not a whole number"),
    ("4.5", "not a whole number"),
    ("٤٣", "not a whole number"),
])
def test_odd_number_input_is_explained(typed: str, words: str) -> None:
    tally = C.lesson_cards().tasks[2]
    assert isinstance(tally, NumberTask)
    tally.submit(typed)
    assert words in tally.feedback.text and tally.feedback.kind == "bad"
    assert not tally.solved and tally.attempts == 0


def test_tally_hints_then_gives_the_score_card() -> None:
    tally = C.lesson_cards().tasks[2]
    assert isinstance(tally, NumberTask)
    pile = cards("A♦ 9♣ 10♥ 3♥ 3♠ K♦")
    assert tally.answer == sum(main_merah_points(c) for c in pile) == 43
    tally.submit("56")  # the black cards counted as if red: 20 + 10 + 10 + 3 + 3 + 10
    assert "counts the black cards too" in tally.feedback.text
    tally.submit("40")
    assert mm.score_card(pile) in tally.feedback.text
    tally.submit(" 43 ")
    assert tally.solved and tally.feedback.kind == "good"


def test_deck_total_is_the_engine_total() -> None:
    deck = C.lesson_cards().tasks[3]
    assert isinstance(deck, NumberTask)
    assert deck.answer == sum(main_merah_points(c) for c in mm.DECK) == mm.TOTAL_POINTS
    deck.submit("200")
    assert "2 × 20" in deck.feedback.text and not deck.solved
    deck.submit("210")
    assert deck.solved and "106 points" in deck.feedback.text


# ----- lesson 2 ------------------------------------------------------------------------
def test_pairing_rounds_match_the_engine_rule() -> None:
    lesson = C.lesson_pairing()
    assert len(lesson.tasks) == len(C.PAIR_ROUNDS) >= 5
    played_ranks = set()
    for task, (card, _table) in zip(lesson.tasks, C.PAIR_ROUNDS, strict=True):
        assert isinstance(task, PickTask)
        c = mm.Card.parse(card)
        played_ranks.add(c.rank)
        assert task.targets == [t for t in task.row.cards if pairs_with(c, t)]
        assert task.targets, "every round has something to find"
        wrong = next(t for t in task.row.cards if not pairs_with(c, t))
        task.pick(wrong)
        assert task.feedback.kind == "bad" and "does not pair" in task.feedback.text
        for t in task.targets:
            task.pick(t)
        assert task.solved and task.feedback.kind == "good"
    assert 1 in played_ranks and any(r >= 10 for r in played_ranks) and 5 in played_ranks
    assert lesson.solved


def test_ace_round_explains_the_ace_as_one() -> None:
    task = C.lesson_pairing().tasks[1]
    assert isinstance(task, PickTask)
    task.pick("A♦")
    assert "1 + 1 = 2" in task.feedback.text
    task.pick("10♦")
    assert "pairs only with another ten" in task.feedback.text
    task.pick("9♥")
    assert "Ace counts as 1" in task.feedback.text


def test_picking_a_card_not_shown_is_explained() -> None:
    task = C.lesson_pairing().tasks[0]
    assert isinstance(task, PickTask)
    task.pick("Q♠")
    assert "not one of the cards shown" in task.feedback.text
    task.pick("ZZ")
    assert "not a card" in task.feedback.text
    assert task.picked == [] and task.attempts == 0


# ----- lesson 3 ------------------------------------------------------------------------
def test_one_turn_step_by_step() -> None:
    lesson = C.lesson_turn()
    coach = lesson.tasks[0].widget  # type: ignore[attr-defined]
    assert isinstance(coach, Coach) and coach.waiting == "play"
    coach.play("K♠")  # does not capture: this first turn asks for a capturing card
    assert coach.feedback.kind == "bad" and "find a hand card that pairs" in coach.feedback.text
    assert coach.game.choices == []
    coach.flip()  # out of order
    assert "Not now" in coach.feedback.text
    coach.play("7♥")
    assert coach.waiting == "take" and coach.in_play == mm.Card.parse("7♥")
    assert mm.Card.parse("3♦") in coach.table, "the table shows the capture only once the learner takes it"
    coach.take("8♣")
    assert coach.feedback.kind == "bad" and "does not pair" in coach.feedback.text
    coach.take("3♦")
    assert "3 = 10" in coach.feedback.text and coach.waiting == "flip"
    assert coach.piles[0] == cards("7♥ 3♦")
    coach.flip()
    assert coach.in_play == mm.Card.parse("2♥") and coach.waiting == "take"
    coach.take("8♣")
    assert coach.piles[0] == cards("7♥ 3♦ 2♥ 8♣")
    assert coach.waiting == "next", "the computer's turn is shown step by step"
    steps = 0
    while coach.waiting == "next":
        coach.next()
        steps += 1
    assert steps >= 3 and coach.waiting == "play"
    drive_coach(coach)
    assert coach.over and lesson.solved
    assert coach.piles == [list(p) for p in coach.game.piles]
    assert coach.table == list(coach.game.table)
    assert "Game over" in coach.prompt.value


def test_coach_choice_between_two_matches() -> None:
    g = mm.Game.from_layout(hands=["4♠ 2♣", "8♠ 7♠"], table="6♣ 9♦ 6♥ J♠", stock="8♣ 7♣ K♠ Q♠", first=0)
    coach = Coach(g, human=0)
    coach.play("4♠")
    assert coach.waiting == "choose"
    coach.take("9♦")
    assert "does not pair" in coach.feedback.text and coach.waiting == "choose"
    coach.take("6♣")
    assert coach.feedback.kind == "bad" and "6♥ was worth more" in coach.feedback.text
    assert g.events[-2].kind == "capture" or any(e.kind == "capture" and e.how == "chosen" for e in g.events)
    drive_coach(coach)
    assert coach.over


# ----- lesson 4 ------------------------------------------------------------------------
def test_choices_lesson() -> None:
    lesson = C.lesson_choices()
    red, same, best, jb1, jb2 = lesson.tasks
    assert isinstance(red, PickTask) and red.targets == cards("6♥")
    red.pick("6♣")
    assert "black: 0 points" in red.feedback.text and not red.solved
    red.pick("9♦")
    assert "does not pair" in red.feedback.text
    red.pick("6♥")
    assert red.solved
    assert isinstance(same, PickTask) and set(same.targets) == set(cards("Q♥ Q♦")) and same.need == 1
    same.pick("Q♦")
    assert same.solved and "either is right" in same.feedback.text
    assert isinstance(best, PickTask) and best.targets == cards("9♣")
    best.pick("3♠")
    assert "7♦: 7 points" in best.feedback.text and "9♣ would take A♥" in best.feedback.text
    best.pick("9♣")
    assert best.solved
    assert isinstance(jb1, PickTask) and jb1.targets == cards("9♥")
    jb1.pick("9♣")
    assert "red card before a black one" in jb1.feedback.text and not jb1.solved
    jb1.pick("9♥")
    assert jb1.solved
    assert isinstance(jb2, PickTask) and jb2.targets == cards("6♠")
    jb2.pick("6♣")
    assert "longest" in jb2.feedback.text
    jb2.pick("6♠")
    assert lesson.solved


# ----- lesson 5 ------------------------------------------------------------------------
def test_lesson_deals_are_real() -> None:
    jacks = C.first_redeal(C.JACKS_SEED)
    assert jacks.rank == 11 and Counter(c.rank for c in jacks.table)[11] == 3
    fives = C.first_redeal(C.FIVES_SEED)
    assert fives.rank == 5
    g = C.stranded_game()
    assert not any(e.kind == "redeal" for e in g.events)
    ranks = Counter(c.rank for c in g.table)
    assert ranks[1] == 3 and ranks[9] == 2
    jb = mm.Game.new(2, "jb", C.STRANDED_SEED)
    assert jb.events[0].kind == "redeal" and jb.events[0].table == g.table


def test_deal_lesson() -> None:
    lesson = C.lesson_deal()
    jacks, fives, ok, predict, playout, variant = lesson.tasks
    for task in (jacks, fives):
        assert isinstance(task, ChoiceTask)
        task.choose(0)
        assert task.feedback.kind == "bad" and "Look again" in task.feedback.text
        task.choose(1)
        assert task.solved and "Redeal" in task.feedback.text and "2P-CLASSIC-" in task.feedback.text
    assert "3 jacks on the table" in jacks.feedback.text and "only 1 more exists" in jacks.feedback.text
    assert isinstance(ok, ChoiceTask)
    ok.choose(1)
    assert not ok.solved
    ok.choose(0)
    assert ok.solved
    assert isinstance(predict, ChoiceTask)
    predict.choose(0)
    assert "9♠" in predict.feedback.text or "A♠" in predict.feedback.text
    predict.choose(2)
    assert not predict.solved
    predict.choose(1)
    assert predict.solved
    playout.press()  # type: ignore[attr-defined]
    first = playout.feedback.text
    assert "stayed on the table" in first and "ace" in first.lower()
    playout.press()  # type: ignore[attr-defined]
    assert "game 2" in playout.feedback.text
    assert isinstance(variant, ChoiceTask)
    variant.choose("classic")
    assert "Aces are not among them" in variant.feedback.text
    variant.choose("jb")
    assert variant.solved and lesson.solved


@pytest.mark.parametrize("attempt", range(1, 6))
def test_stranded_pair_is_an_ace_and_a_nine_whatever_is_played(attempt: int) -> None:
    text = C.play_out_text(attempt)
    g = C.stranded_game()
    mm.play_out(g, [mm.make_bot("random", 100 + 2 * attempt), mm.make_bot("random", 101 + 2 * attempt)])
    stranded = g.events[-1].stranded
    assert sorted(c.rank for c in stranded) == [1, 9]
    assert all(str(c) in text for c in stranded)


def test_choice_task_odd_answers() -> None:
    task = C.lesson_deal().tasks[0]
    assert isinstance(task, ChoiceTask)
    task.choose("Maybe")
    assert "not one of the answers" in task.feedback.text
    task.choose(7)
    assert "Choose one of the answers" in task.feedback.text
    assert task.attempts == 0 and not task.solved


# ----- lesson 6 ------------------------------------------------------------------------
def test_scoring_lesson() -> None:
    lesson = C.lesson_scoring()
    mine, theirs, winner, game = lesson.tasks
    g = C.scoring_game()
    assert isinstance(mine, PickTask)
    assert set(mine.targets) == {c for c in g.piles[0] if c.red}
    black = next(c for c in g.piles[0] if not c.red)
    mine.pick(black)
    assert mine.feedback.kind == "bad"
    running = 0
    for c in mine.targets:
        mine.pick(c)
        running += main_merah_points(c)
        assert f"Running total: {running}." in mine.feedback.text
    assert running == g.scores[0] and mine.solved
    assert isinstance(theirs, NumberTask) and theirs.answer == g.scores[1]
    theirs.submit("")
    assert "Type a number" in theirs.feedback.text
    theirs.submit(str(g.scores[1]))
    assert theirs.solved
    assert isinstance(winner, ChoiceTask)
    right = [i for i, (_l, ok, _w) in enumerate(winner.options) if ok]
    assert len(right) == 1
    wrong = next(i for i in range(3) if i not in right)
    winner.choose(wrong)
    assert not winner.solved and str(g.scores[0]) in winner.feedback.text
    winner.choose(right[0])
    assert winner.solved
    assert game.widget is not None  # type: ignore[attr-defined]


def test_parse_whole_number() -> None:
    assert parse_whole_number(" 12 ") == 12
    assert parse_whole_number("+7") == 7
    assert isinstance(parse_whole_number("1 2"), str)
    assert isinstance(parse_whole_number(None), str)  # type: ignore[arg-type]


def test_every_lesson_builds_and_has_tasks(tutorial: Tutorial) -> None:
    for i in range(len(tutorial.specs)):
        tutorial.go(i)
        lesson = tutorial.lesson
        assert lesson.tasks and lesson.title
        assert "mm-lesson" in lesson._dom_classes


def test_guided_game_is_the_table_widget_and_solves_at_the_end() -> None:
    from mainmerah.table import TableWidget

    lesson = C.lesson_scoring()
    task = lesson.task("game")
    table = task.widget  # type: ignore[attr-defined]
    assert isinstance(table, TableWidget) and table.human == 0
    for _ in range(200):
        if table.game.is_over and table.caught_up:
            break
        d = table.game.decision
        if table.caught_up and d is not None and d.seat == 0:
            table.play(d.options[0]) if d.kind == "play" else table.choose(d.options[0])
        else:
            table.skip()
    assert table.game.is_over and task.solved
    assert any(e.kind == "capture" for e in table.game.events)


def test_stranded_deal_can_be_played_by_the_learner() -> None:
    from mainmerah.table import TableWidget

    task = C.lesson_deal().task("playout")
    button = next(w for w in task.children if "mm-play-yourself" in getattr(w, "_dom_classes", ()))
    button.click()
    table = task.children[task.children.index(button) + 1].children[0]
    assert isinstance(table, TableWidget) and table.game.setup == C.stranded_game().setup
    assert button.disabled


def test_reveal_tasks_hide_the_points_badge_until_answered() -> None:
    from mainmerah.draw.svg import card_body
    from mainmerah.families.fishing.ui.lessons.main_merah import lesson_cards

    def walk(widget):  # noqa: ANN001, ANN202
        yield widget
        for child in getattr(widget, "children", ()) or ():
            yield from walk(child)

    task = lesson_cards().tasks[0]
    assert "mm-hide-points" in task.row._dom_classes
    sheets = [w.value for w in walk(task) if "mm-hide-points" in str(getattr(w, "value", ""))]
    assert len(sheets) == 1
    red = [c for c in task.row.cards if c.red]
    black = [c for c in task.row.cards if not c.red]
    assert red and black
    assert all(card_class(c) in sheets[0] for c in red) and not any(card_class(c) in sheets[0] for c in black)
    badged = card_body(red[0], points=main_merah_points(red[0]))  # a game that counts points passes them in
    assert 'rx="10"' in badged and 'rx="10"' not in card_body(red[0], points=False)  # the badge
    assert ":not(.mm-right):not(.mm-wrong)" in sheets[0]  # once answered, the card shows its points again
