"""The learner's findings of issue 15 that the lessons fix, each checked on the widgets themselves."""

from __future__ import annotations

from mainmerah.core.i18n import set_language
from mainmerah.families.fishing.ui.lessons import main_merah as C
from mainmerah.families.fishing.ui.lessons.coach import Coach
from mainmerah.pages.tutorial import Tutorial, tutorial_page
from mainmerah.teach.lesson import ChoiceTask, PickTask


def test_the_redeal_rule_is_stated_before_it_is_asked_and_a_wrong_answer_does_not_give_it_away() -> None:
    lesson = C.lesson_deal()
    intro = lesson.children[1].value
    assert "three or four cards of one self-pairing rank" in intro
    first = lesson.tasks[0]
    assert isinstance(first, ChoiceTask)
    first.choose(0)  # "Play it": wrong
    assert "Redeal." not in first.feedback.text and "really was redealt" not in first.feedback.text


def test_every_variant_is_explained_where_it_is_offered_and_no_unseen_claim_is_quoted() -> None:
    lesson = C.lesson_deal()
    variant = lesson.task("variant")
    for name in ("classic:", "cardgames:", "jb (a house rule):"):
        assert name in variant.head.value
    assert "\"the total is always 210\"" not in lesson.outro.value
    jb = C.lesson_choices().task("jb1")
    assert "the game chooses which one you take" in jb.head.value


def test_the_coach_button_is_not_called_next_and_stays_in_place() -> None:
    coach = Coach(C.turn_game(), human=0, bots=("greedy",), must_capture_first=True)
    assert "Next" not in coach.next_button.description
    assert coach.next_button.layout.display != "none" and coach.next_button.disabled  # your turn: nothing to show
    tut = Tutorial()
    assert tut.next.description != coach.next_button.description


def test_the_empty_stock_shows_no_face_down_card() -> None:
    coach = Coach(C.turn_game(), human=0, bots=("greedy",))
    assert "mm-stock-empty" not in coach.stock._dom_classes
    coach.stock_left = 0
    coach._draw()
    assert "mm-stock-empty" in coach.stock._dom_classes and "0 left" not in coach.stock.badge.value


def test_which_card_from_your_hand_rows_say_your_hand() -> None:
    task = C.best_play_task("9♣ 3♠ K♣", "A♥ 7♦ K♦ 2♠ 7♣")
    labels = [w.value for w in task.children[1].children[1].children if hasattr(w, "value")]
    assert "Your hand:" in labels


def test_number_answers_are_marked_numeric() -> None:
    task = C.lesson_cards().task("tally")
    assert "mm-numeric" in task.text._dom_classes  # type: ignore[attr-defined]


def test_prompts_do_not_say_click() -> None:
    for spec in C.tutorial_lessons():
        lesson = spec.build()
        for t in lesson.tasks:
            assert "click" not in t.prompt.lower(), t.prompt


def test_the_tutorial_ends_with_a_link_to_the_table_in_its_language() -> None:
    try:
        set_language("id")
        tut = Tutorial()
        tut.go(5)
        assert 'href="play.ipynb?game=main-merah&amp;lang=id"' in tut.lesson.end_link
    finally:
        set_language("en")


def test_the_guided_game_has_a_pace_control() -> None:
    lesson = C.lesson_scoring()
    task = lesson.task("game")
    pace = next(w for w in task.children if "mm-nav" in getattr(w, "_dom_classes", ()))
    pick = pace.children[1]
    pick.value = -1.0  # step by step
    assert task.widget.auto is False  # type: ignore[attr-defined]
    pick.value = 2.0
    assert task.widget.auto and task.widget.delay == 2.0  # type: ignore[attr-defined]


def test_no_doubled_verdict() -> None:
    task = PickTask("?", C.parse_cards("7♣"), C.parse_cards("7♣"), right=lambda c: "Yes: fine.", wrong=str)
    task.pick("7♣")
    assert "Right." not in task.feedback.value and "Yes: fine." in task.feedback.value


def test_the_tutorial_page_keeps_its_progress() -> None:
    page = tutorial_page("")
    tut = next(w for w in page.children if isinstance(w, Tutorial))
    assert tut.keeper is not None and "mainmerah:tutorial:main-merah" in tut.keeper.kept_keys
