"""In The Red on the table (its presenter through TableWidget) and its lessons, through their Python API."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mainmerah.core.cards import PACK, parse_cards
from mainmerah.core.i18n import set_language
from mainmerah.families.in_the_red import InTheRed
from mainmerah.table.table import TableWidget


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def layout(hands: list[str], stacks: list[str], dealer: int = 1) -> InTheRed:
    used = parse_cards(" ".join(hands + stacks))
    pack = [c for c in PACK if c not in used]
    return InTheRed.from_layout(hands, stacks, pack, dealer=dealer)


def slot_of(t: TableWidget, card: str) -> int:
    return t.hand.button_for(card).slot


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_play_a_deal_on_the_table(players: int) -> None:
    t = TableWidget(game="in-the-red", players=players, seed=11, human=None, auto=False, bots="greedy")
    stacks_seen = 0
    while t.game.deal_number == 1 and not t.game.is_over:
        assert t.next(), t.error
        f = t.frame
        rows = t.view.rows["stacks"]
        assert len(rows) == players
        assert [r["top"][1] for r in rows] == [str(c) for c in f.tops]
        red = [i for i, r in enumerate(rows) if "mm-inred" in r["cls"]]
        assert red or f.over or t.view.rows["stacks"] == []  # somebody is always in the red
        stacks_seen += 1
        # every card is accounted for in what the table shows
        shown = sum(map(len, f.hands)) + sum(map(len, f.stacks)) + len(f.discards) + f.pack
        assert shown == (104 if players >= 6 else 52)
    assert t.error is None and stacks_seen > players
    assert any(e.kind == "deal-end" for e in t.game.events)


def test_the_human_places_a_card_by_clicking_a_card_then_a_stack() -> None:
    g = layout(["2♥ 5♣ 9♠ J♦ K♣", "3♦ 4♦ 6♦ 8♦ 10♦"], ["7♥", "9♣"])
    t = TableWidget(game=g, human=0, auto=False, bots="greedy")
    t._page_message({"k": "hand", "slot": slot_of(t, "2♥")})
    assert str(t.selected) == "2♥"
    rows = t.view.rows["stacks"]
    assert "mm-match" in rows[0]["top"][0] and "mm-match" not in rows[1]["top"][0]  # it fits 7♥ only
    assert t.prompt.value == "Choose a lit stack for 2♥: your stack (7♥: same suit)."  # what to do first
    t._page_message({"k": "stacks", "slot": 1})  # 2♥ does not fit on 9♣: refused, the reason said
    assert "does not fit" in t.error and len(g.choices) == 0
    t._page_message({"k": "stacks", "slot": 0})
    assert g.choices[0].action == "2♥@0" and t.error is None
    assert "mm-inred" in t.view.rows["stacks"][0]["cls"] or g.choices  # the live tag follows the tops


def test_the_human_must_discard_when_nothing_fits() -> None:
    g = layout(["2♣ 3♣ 4♣ 5♣ 6♣", "3♦ 4♦ 6♦ 9♦ 10♦"], ["7♥", "8♦"])
    t = TableWidget(game=g, human=0, auto=False, bots="greedy")
    assert "nothing fits" in t.status
    assert t.prompt.value.startswith("Choose a card to discard: nothing in your hand fits any stack")
    assert t.prompt.value.endswith("It goes to one of the round's losers, who may be you.")
    discard = t._by_name["discard"]
    assert not discard.hidden and discard.disabled
    t._page_message({"k": "hand", "slot": slot_of(t, "6♣")})
    assert t._by_name["discard"].description == "Discard 6♣"
    t._page_message({"k": "button", "name": "discard"})
    assert g.choices[0].action == "discard 6♣"
    t.skip()
    assert any(e.kind == "round" for e in g.events)
    # "It goes to one of the round's losers, who may be you": here it is you (7♥ stays the highest red top).
    end = next(e for e in g.events if e.kind == "round")
    assert end.losers == (0,) and tuple(map(str, (c for _s, c in end.handouts))) == ("6♣",)


def test_a_forged_wish_is_refused_and_nothing_changes() -> None:
    g = layout(["2♥ 5♣ 9♠ J♦ K♣", "3♦ 4♦ 6♦ 8♦ 10♦"], ["7♥", "9♣"])
    t = TableWidget(game=g, human=0, auto=False, bots="greedy")
    before = g.to_json()
    for msg in ({"k": "stacks", "slot": 7}, {"k": "table", "slot": 0}, {"k": "stacks", "slot": "0"},
                {"k": "hand", "slot": 99}, {"k": "enter", "text": "3♦@0"}, {"k": "enter", "text": "discard 2♥"}):
        t._page_message(msg)
        assert t.error, msg
        assert g.to_json() == before
    t.view.set_state({"rows": {"stacks": []}})  # the page may not set what the board shows
    assert "refused" in t.error and g.to_json() == before and len(t.view.rows["stacks"]) == 2


def test_hint_undo_and_the_game_over_sheet() -> None:
    t = TableWidget(game="in-the-red", players=3, seed=5, auto=False, bots="greedy")
    t.skip()
    assert t.hint() and t.note.startswith("Hint:")
    card = next(iter(t.hinted))
    assert "mm-hint" in t.hand.button_for(card).state()[0]
    t.enter(t.game.legal_actions()[0])
    t.skip()
    assert t.undo() and "Undone" in t.note and len([c for c in t.game.choices if c.seat == 0]) == 0
    while not t.game.is_over:  # play the whole game to 100 with the first legal action
        d = t.game.decision
        if d is not None and d.seat == 0 and t.caught_up:
            assert t.enter(t.game.legal_actions()[0]), t.error
        else:
            t.skip()
    t.skip()
    html = t.gameover.body.value
    assert "Deal 1" in html and "Total" in html and t.sheet.rows


def test_indonesian_table() -> None:
    set_language("id")
    t = TableWidget(game="in-the-red", players=4, seed=2, auto=False)
    t.skip()
    assert t.status == "Giliranmu: letakkan satu kartu"
    assert "Tumpukan" in t.view.table_label and "dari 100" in t.you_head["pile"]["score"]


# ----- the lessons: each wrong answer explained, then the right one -------------------------------------------------
def test_lesson_who_is_in_the_red() -> None:
    from mainmerah.families.in_the_red.ui import lessons as L

    lesson = L.lesson_red()
    t = lesson.task("red")
    t.pick("9♥")
    assert "K♦ is higher" in t.feedback.text and t.feedback.kind == "bad"
    t.pick("3♠")
    assert "black tops are safe" in t.feedback.text
    t.pick("K♦")
    assert t.solved and t.feedback.kind == "good"
    t = lesson.task("tie")
    t.pick("Q♥")
    assert "ties with Q♦" in t.feedback.text and not t.solved
    t.pick("Q♦")
    assert t.solved
    t = lesson.task("black")
    t.pick("J♣")
    assert "lowest black (2♠)" in t.feedback.text
    t.pick("2♠")
    assert t.solved


def test_lesson_where_a_card_may_go() -> None:
    from mainmerah.families.in_the_red.ui import lessons as L

    lesson = L.lesson_place()
    t = lesson.task("fits")
    t.pick("K♦")
    assert "neither the suit (♦) nor the rank (K)" in t.feedback.text
    for c, why in (("7♥", "by rank"), ("2♠", "by suit"), ("Q♠", "by suit")):
        t.pick(c)
        assert why in t.feedback.text
    assert t.solved
    t = lesson.task("discard")
    t.choose(0)
    assert "cannot go on 7♥" in t.feedback.text and not t.solved
    t.choose(2)
    assert "Nobody draws" in t.feedback.text
    t.choose(1)
    assert t.solved


def test_lesson_tactics() -> None:
    from mainmerah.families.in_the_red.ui import lessons as L

    lesson = L.lesson_tactics()
    t = lesson.task("save")
    t.choose(0)
    assert "you are in the red" in t.feedback.text and not t.solved
    t.choose(2)
    assert t.solved and "lowest black is Budi's 5♣" in t.feedback.text
    t = lesson.task("redden")
    t.choose(1)
    assert "lowest black card: you lose" in t.feedback.text
    t.choose(2)
    assert t.solved


def test_guided_deal_lesson_is_solved_when_the_deal_ends() -> None:
    from mainmerah.families.in_the_red.ui import lessons as L

    lesson = L.lesson_game()
    task = lesson.task("game")
    table = task.widget
    table.set_pace(None)
    while not task.solved:
        d = table.game.decision
        if d is not None and d.seat == 0 and table.caught_up:
            assert table.enter(table.game.legal_actions()[0])
        else:
            table.skip()
    assert "The deal is over" in task.feedback.text


def finish_my_deal(t: TableWidget) -> None:
    """Play the human's first legal action at each turn (through the page's messages) until the deal's result shows."""
    from mainmerah.families.in_the_red.state import parse_action

    for _ in range(200):
        if t.resting or t.game.is_over:
            return
        d = t.human_decision
        assert d is not None, (t.status, t.prompt.value)
        card, stack = parse_action(t.game.legal_actions()[0])
        t.view._on_message({"k": "hand", "slot": slot_of(t, str(card))})
        if stack is None:
            t.view._on_message({"k": "button", "name": "discard"})
        else:
            t.view._on_message({"k": "stacks", "slot": stack})
    raise AssertionError("the deal did not end")


def test_a_deals_result_stays_on_the_table_until_the_player_moves_on() -> None:
    # Issue 23 finding 18: the next deal used to start by itself ~2 s later, with no summary on the table.
    t = TableWidget(game="in-the-red", players=3, seed=4, delay=0, bots="greedy")
    finish_my_deal(t)
    assert t.resting and not t.game.is_over
    state = t._draw()
    assert t.status == "Deal over"
    html = state["gameover"]["html"]
    assert "Deal 1 over" in html and "no cards left" in html and "Lowest total so far" in html
    for e in (e for e in t.frame.step if e.kind == "score"):  # each seat's cards left, card by card, and its total
        assert f'data-seat="{e.seat}" data-points="{e.points}"' in html
    assert [b[0] for b in state["gameover"]["buttons"]] == ["next-deal"]
    assert t.frame.deal == 1 and t.human_decision is None
    t.view._on_message({"k": "hand", "slot": 0})  # the hand waits: nothing is played from under the result
    assert t.resting and t.frame.deal == 1
    t.view._on_message({"k": "button", "name": "next-deal"})
    assert not t.resting and t.frame.deal == 2
    assert "mm-hidden" in t.gameover._dom_classes or t.resting is False
    assert t._draw()["gameover"]["html"] == ""


def test_in_indonesian_the_deals_result_is_said_in_indonesian() -> None:
    t = TableWidget(game="in-the-red", players=2, seed=4, delay=0, bots="greedy")
    finish_my_deal(t)
    set_language("id")
    t.refresh()
    html = t._draw()["gameover"]["html"]
    assert "Deal 1 over" not in html and "Lowest total" not in html, html
    assert t.next_deal_button.description != "Next deal ▶"


def test_the_selected_card_again_does_not_choose_a_stack() -> None:
    # Issue 23 finding 21: a second tap put the card on "the first" lit stack; the stack is the player's choice.
    t = TableWidget(game=layout(["7H 9C", "2S 3S"], ["7S", "KH"], dealer=1), bots="greedy", auto=False)
    assert t.human_decision is not None
    for _ in range(2):
        t.view._on_message({"k": "hand", "slot": slot_of(t, "7H")})
    assert t.game.choices == [] and t.presenter.selected == parse_cards("7H")[0]
    assert "choose the stack" in t.prompt.value and "first" not in t.prompt.value
    t.view._on_message({"k": "stacks", "slot": 1})  # the player's own choice: the other lit stack
    assert t.game.choices[0].action == "7♥@1"


def test_each_stack_is_named_with_its_owner_for_a_screen_reader() -> None:
    t = TableWidget(game=layout(["7H 9C", "2S 3S"], ["7S", "KH"], dealer=1), bots="greedy", auto=False)
    labels = [st["label"] for st in t.view.rows["stacks"]]
    assert labels[0].startswith("7♠, Your stack: ") and labels[1].startswith("K♥, Sari's stack: "), labels
