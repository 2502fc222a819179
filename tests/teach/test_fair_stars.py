"""Issue 23 finding 16: stars are fair. A wrong number checked twice unchanged (Enter, then Check) is one
mistake; a task where no answer can be wrong costs no star for a hint, and its hints make sense there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mainmerah.core.i18n import set_language
from mainmerah.families.fishing.ui.lessons import main_merah as C
from mainmerah.teach.lesson import NumberTask, PickTask


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def deck_task() -> NumberTask:
    t = C.lesson_cards().task("deck")
    assert isinstance(t, NumberTask)
    return t


def test_enter_then_check_on_the_same_wrong_number_is_one_mistake() -> None:
    t = deck_task()
    t.text.value = "200"
    t.submit()  # Enter
    t.submit()  # then Check, the text unchanged
    assert len(t.mistakes) == 1 and t.attempts == 1
    assert t.feedback.kind == "bad" and "200 is not it" in t.feedback.text  # it still answers
    t.submit("210")
    assert t.solved and t.stars == 2


def test_a_new_wrong_number_is_a_new_mistake() -> None:
    t = deck_task()
    t.submit("200")
    t.submit("205")
    t.submit("200")  # tried again after another: a mistake again
    assert len(t.mistakes) == 3


def test_an_unreadable_answer_costs_nothing() -> None:
    t = deck_task()
    t.submit("two hundred")
    t.submit("")
    assert t.mistakes == [] and t.worth_now == 3


def reveal_task() -> PickTask:
    t = C.lesson_cards().task("reveal")
    assert isinstance(t, PickTask)
    t.offer_hints()
    return t


def test_no_star_for_a_hint_where_no_answer_can_be_wrong() -> None:
    t = reveal_task()
    assert t.free_hints
    assert "★" not in t.hint_button.description.split(":")[-1] and "−1" not in t.hint_button.description
    for _ in range(3):
        t.hint()
    assert t.hints == 3 and t.worth_now == 3
    for c in t.row.cards:
        t.pick(c)
    assert t.solved and t.stars == 3 and t.result().stars == 3


def test_its_hints_make_sense_there() -> None:
    t = reveal_task()
    t.pick("A♥")
    t.hint()
    nudge = t._said[0]
    assert "cards here are right" not in nudge
    assert "Nothing here can be wrong" in nudge and "7 cards not chosen yet" in nudge
    t.hint()
    assert "only red cards" in t._said[1].lower() or "Only red" in t._said[1]
    t.hint()
    assert t._said[2] == "The marked cards are the ones left to choose."


def test_a_task_with_wrong_answers_still_charges_for_hints() -> None:
    t = C.lesson_cards().task("red")
    assert isinstance(t, PickTask) and not t.free_hints
    t.offer_hints()
    assert "(−1 ★)" in t.hint_button.description
    t.hint()
    assert t.worth_now == 2
