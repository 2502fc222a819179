"""Red Ten on the table and its tutorial: a whole hand with bots, the human's plays through the
table's own wish handlers (a click per card, Play, Pass), forged wishes refused, the lessons'
right and wrong answers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from mainmerah.core.cards import Card, parse_cards
from mainmerah.families.red_ten.rules import beats, classify
from mainmerah.families.red_ten.state import RedTen
from mainmerah.families.red_ten.ui import lessons as RL
from mainmerah.pages.play import options_from_query
from mainmerah.table import TableWidget
from mainmerah.teach import index
from mainmerah.teach.lesson import ChoiceTask, NumberTask, PickTask, WidgetTask


def table(seed: int = 5, **kw: Any) -> TableWidget:
    return TableWidget(game="red-ten", seed=seed, bots=["greedy", "greedy", "greedy"], auto=False, **kw)


def click(t: TableWidget, card: Card) -> None:
    """A click in the page on ``card``'s slot of the hand."""
    t.view._on_message({"k": "hand", "slot": t.hand.button_for(card).slot})


def press(t: TableWidget, name: str) -> None:
    t.view._on_message({"k": "button", "name": name})


def play_turns(t: TableWidget, most: int) -> Iterator[RedTen]:
    """The game at each of the human's turns to play (the computers played up to it; the answer before play is
    keep), at most ``most`` times: the caller acts at each (or stops)."""
    for _ in range(most):
        t.skip()
        d = t.human_decision
        assert d is not None
        if d.kind == "answer":
            t.answer("keep")
            continue
        yield t.game


def play_hand(t: TableWidget) -> dict[str, int]:
    """Finish the hand through the page's messages: the human passes when it can, else plays the longest play."""
    seen = {"pass": 0, "multi": 0}
    for _ in range(400):
        if t.game.is_over and t.caught_up:
            return seen
        d = t.human_decision
        if d is None:
            press(t, "next")
        elif d.kind == "answer":
            press(t, "rt-keep" if "keep" in t.game.legal_actions() else "rt-surrender")
        else:
            acts = t.game.legal_actions()
            before = len(t.game.choices)
            if "pass" in acts and seen["pass"] == 0:
                press(t, "rt-pass")
                seen["pass"] += 1
            else:
                plays = [a for a in acts if a != "pass"]
                if not plays:
                    press(t, "rt-pass")
                    continue
                best = max(plays, key=lambda a: len(a.split()))
                cards = parse_cards(best)
                for c in cards:
                    click(t, c)
                assert t.presenter.selected == cards
                assert "Press Play" in t.prompt.value, t.prompt.value
                press(t, "rt-play")
                seen["multi"] += len(cards) > 1
            assert len(t.game.choices) > before and t.game.choices[before].seat == 0, t.error
    raise AssertionError("the hand did not end")


def test_the_table_plays_a_whole_hand_with_bots_by_page_messages() -> None:
    t = table()
    assert t.header["title"] == "Red Ten (红十)" and len(t.opp_panels) == 3
    assert [z["kind"] for z in t.view.zones][:2] == ["seats", "trick"] and t.view.zones[3]["multi"] is True
    seen = play_hand(t)
    g = t.game
    assert g.is_over and sum(g.scores) == 0 and seen["pass"] == 1 and seen["multi"] >= 1
    assert "Hand over" in t.gameover.body.value and "Scores:" in t.gameover.body.value
    assert t.sheet.rows[-1].scores == g.scores
    assert len(t.panel.lines) >= len(g.events) - 1
    t.next_game_button.click()  # the match goes on: the deal passes to the next seat
    assert t.game.setup.dealer == (g.setup.dealer + 1) % 4 and not t.game.is_over


def test_the_selection_is_described_and_checked_before_play() -> None:
    t = table()
    t.skip()
    d = t.human_decision
    while d is not None and d.kind == "answer":
        t.answer(t.game.legal_actions()[0])
        t.skip()
        d = t.human_decision
    assert d is not None and d.kind == "play"
    hand = t.game.hands[0]
    singles = [c for c in hand if not c.joker]
    a, b = singles[0], next(c for c in singles if abs(c.rank - singles[0].rank) > 1 and c.rank != singles[0].rank)
    click(t, a)
    click(t, b)
    if classify([a, b]) is None:
        assert "is not a play" in t.prompt.value and t.play_button.disabled
    click(t, b)  # a second click takes it out again
    assert t.presenter.selected == [a]
    press(t, "rt-clear")
    assert t.presenter.selected == []


def test_forged_wishes_are_refused_and_change_nothing() -> None:
    t = table()
    t.skip()
    before = (len(t.game.choices), [list(h) for h in t.game.hands])
    saved = t.game.to_json()
    for msg in ({"k": "button", "name": "rt-surrender"},  # hidden: not an answer this seat has
                {"k": "hand", "slot": 999}, {"k": "hand", "slot": "1"},
                {"k": "enter", "text": "2♠ 2♥ 2♦ 2♣"}, {"k": "enter", "text": "reveal 10♥ 10♦"},
                {"k": "bogus"}):
        t.view._on_message(msg)
        assert (len(t.game.choices), [list(h) for h in t.game.hands]) == before
        assert t.game.to_json() == saved
    t.view.set_state({"hand": [["mm-card mm-c-10H", "10♥", "x"]]})
    assert "refused" in t.error and t.game.to_json() == saved
    assert t.hand.cards == sorted(t.game.hands[0], key=lambda c: t.hand.cards.index(c))


def test_a_play_that_does_not_beat_is_refused_with_the_reason() -> None:
    t = table()
    for g in play_turns(t, 60):  # on to a turn of the human's with a play to beat and a single that does not
        low = [c for c in g.hands[0] if g.top is not None and g.top[1].kind == "single"
               and not beats(classify([c]), g.top[1])]  # type: ignore[arg-type]
        if low:
            n, saved = len(g.choices), g.to_json()
            click(t, low[0])
            assert "does not beat" in t.prompt.value and t.play_button.disabled
            assert not t.confirm() and "does not beat" in (t.error or "")
            assert len(g.choices) == n and g.to_json() == saved
            return
        t.enter(g.legal_actions()[-1] if g.top is not None else g.legal_actions()[0])
    raise AssertionError("no such turn came")


def test_hint_undo_and_typed_actions() -> None:
    t = table(seed=9)
    t.skip()
    d = t.human_decision
    assert d is not None
    assert t.hint() and t.note and t.note.startswith("Hint:")
    if d.kind == "answer":
        assert t.enter(t.game.legal_actions()[0])
    else:
        assert t.enter(t.game.legal_actions()[0])
    t.skip()
    n = len(t.game.choices)
    assert t.undo() and len(t.game.choices) < n and "Undone" in (t.note or "")


def test_the_page_offers_red_ten() -> None:
    kw, problems = options_from_query("game=red-ten&seed=3")
    assert kw["game"] == "red-ten" and not problems
    t = TableWidget(**kw)
    assert t.game.game_name == "red-ten" and t.game.setup.seed == 3


# ----- the lessons ---------------------------------------------------------------------------------------------
def test_red_ten_has_six_lessons_in_the_index() -> None:
    specs = index.tutorial_lessons("red-ten")
    assert [s.key for s in specs] == [k for k, *_ in RL.LESSONS] and len(specs) >= 5


@pytest.mark.parametrize("key", [k for k, *_ in RL.LESSONS])
def test_every_task_explains_wrong_answers_and_accepts_the_right_one(key: str) -> None:
    lesson = RL.build(key)
    for task in lesson.tasks:
        if isinstance(task, ChoiceTask):
            wrong = [i for i, o in enumerate(task.options) if not o[1]]
            assert wrong, task.prompt
            task.choose(wrong[0])
            assert not task.solved and task.feedback.kind == "bad" and task.feedback.value
            task.choose(next(i for i, o in enumerate(task.options) if o[1]))
        elif isinstance(task, PickTask):
            others = [c for c in task.row.buttons if c not in task.targets]
            task.pick(others[0])
            assert not task.solved and task.feedback.kind == "bad"
            for c in task.targets[: task.need]:
                task.pick(c)
        elif isinstance(task, NumberTask):
            task.submit(str(task.answer + 1))
            assert not task.solved and task.feedback.kind == "bad"
            task.submit(str(-task.answer) if task.answer else "5")
            assert not task.solved
            task.submit(str(task.answer))
        elif isinstance(task, WidgetTask):
            t = task.widget
            assert isinstance(t, TableWidget) and t.game.game_name == "red-ten"
            play_hand(t)
        assert task.solved, (key, task.prompt)


def test_scoring_answers_come_from_the_engine() -> None:
    tasks = RL.scoring_tasks()
    assert [t.answer for t in tasks[:3]] == [2, 2, -3]  # type: ignore[attr-defined]
    assert isinstance(tasks[3], ChoiceTask) and [label for label, ok, _w in tasks[3].options if ok] == ["−36"]
    task = tasks[1]
    assert isinstance(task, NumberTask)
    task.submit("1")
    assert "multiplier" in task.feedback.value


def test_passed_is_not_shown_beside_you_when_it_is_your_turn_again() -> None:
    # Issue 23 finding 21: "passed" stayed beside You while it was your turn (a pass is not final in Red Ten).
    from mainmerah.families.red_ten.rules import PASS

    t = table()
    seen = 0
    for _ in range(400):
        if t.game.is_over and t.caught_up:
            break
        d = t.human_decision
        if d is None:
            press(t, "next")
            continue
        if d.kind == "answer":
            press(t, "rt-keep" if "keep" in t.game.legal_actions() else "rt-surrender")
            continue
        if t.frame.last.get(0) == PASS:  # you passed earlier in this round, and your turn came again
            seen += 1
            t._draw()
            assert t.you_head["pile"]["empty"] == "", t.you_head
        acts = t.game.legal_actions()
        press(t, "rt-pass") if "pass" in acts else t.enter(next(a for a in acts if a != "pass"))
    assert seen, "the hand never came back to you after a pass"


def test_the_answer_hints_name_what_an_open_hand_risks() -> None:
    """The hint's reason for keeping quiet or opening names the open hand's ×4 on a loss, the rule readers found
    it left out ("showing a red ten only tells the others whom to fear")."""
    from test_claims_red_ten import multiplier

    from mainmerah.families.red_ten.rules import KEEP, RED_TENS, REVEAL
    from mainmerah.families.red_ten.ui.frame import answer_reason

    multiplier()  # the engine: an open hand counts twice if the red side wins, four times if it loses
    one, both = parse_cards("10H 3S 4S"), parse_cards("10H 10D 3S")
    opened = f"{REVEAL} {RED_TENS[0]} {RED_TENS[1]}"
    for action, hand in ((KEEP, one), (KEEP, both), (opened, both)):
        assert "a loss count" in answer_reason(action, hand) and "×4" in answer_reason(action, hand), (action, hand)
    assert "doubles a win" in answer_reason(opened, both)
    assert "partner" in answer_reason(KEEP, one) and "partner" not in answer_reason(KEEP, both)


def test_play_with_nothing_selected_offers_a_pass_only_to_a_player_who_may_pass() -> None:
    t = table()
    said = {}
    for g in play_turns(t, 80):  # on to the human's turns: one leading a round, one with a play to beat
        leads = g.top is None
        if leads not in said:
            n = len(g.choices)
            assert not t.confirm() and len(g.choices) == n
            said[leads] = t.error or ""
        if len(said) == 2:
            break
        t.enter(g.legal_actions()[-1] if g.top is not None else g.legal_actions()[0])
    assert "may not pass" in said[True] and "or Pass" not in said[True], said
    assert "or Pass" in said[False], said
