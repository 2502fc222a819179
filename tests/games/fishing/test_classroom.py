"""The classroom tools driven through their widgets' Python API."""

from __future__ import annotations

import datetime
import json
from urllib.parse import unquote

import pytest

import mainmerah as mm
from mainmerah.families.fishing import bots as fishing_bots
from mainmerah.families.fishing.dealcode import encode
from mainmerah.families.fishing.ui.classroom import (
    Classroom,
    PositionEditor,
    SaveReplayPanel,
    data_link,
    exercises,
)
from mainmerah.teach.lesson import ChoiceTask, NumberTask, PickTask


@pytest.fixture
def room() -> Classroom:
    return Classroom(seed=3)


STAMP = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)


def finish(game: mm.Game) -> None:
    mm.play_out(game, [mm.make_bot("greedy", 1), mm.make_bot("greedy", 2), mm.make_bot("greedy", 3)][:game.players])


# ----- deal codes ------------------------------------------------------------------------
def test_same_code_same_deal_for_every_student() -> None:
    code = encode(2, "classic", 8412)
    a, b = Classroom(seed=1), Classroom(seed=2)
    ga, gb = a.codes.submit(code), b.codes.submit(code.lower())
    assert ga is not None and gb is not None
    assert ga.setup == gb.setup == mm.Game.new(2, "classic", 8412).setup
    assert a.current_game().setup == ga.setup  # type: ignore[union-attr]
    assert a.codes.message.kind == "good" and code in a.codes.message.text


@pytest.mark.parametrize(("code", "words"), [
    ("", "type a deal code"),
    ("2P-CLASSIC-8412-Q", "check letter Q does not fit"),
    ("5P-CLASSIC-8412-N", "'5P' should be 2P or 3P"),
    ("2P-CHESS-8412-N", "'CHESS' is not a variant"),
])
def test_bad_code_gets_a_clear_message_and_changes_nothing(room: Classroom, code: str, words: str) -> None:
    good = room.codes.submit(encode(3, "jb", 77))
    before = room.table_widget
    assert room.codes.submit(code) is None
    assert room.codes.message.kind == "bad" and words in room.codes.message.text
    assert "Traceback" not in room.codes.message.text
    assert room.table_widget is before and room.current_game().setup == good.setup  # type: ignore[union-attr]


def test_new_code_is_seeded_and_opens_its_deal() -> None:
    a, b = Classroom(seed=9), Classroom(seed=9)
    a.codes.players.value = 3
    a.codes.variant.value = "jb"
    b.codes.players.value = 3
    b.codes.variant.value = "jb"
    code = a.codes.fresh()
    assert code == b.codes.fresh() and code.startswith("3P-JB-")
    g = a.current_game()
    assert g is not None and g.players == 3 and g.variant.name == "jb"


def test_opening_a_code_renews_the_exercises(room: Classroom) -> None:
    first = room.exercise_box.children[0]
    room.codes.submit(encode(2, "classic", 8412))
    assert room.exercise_box.children[0] is first, "the same deal keeps the learner's answers"
    room.codes.submit(encode(2, "classic", 99))
    assert room.exercise_box.children[0] is not first
    assert "mm-exercises-99" in room.exercise_box.children[0]._dom_classes
    assert "2P-CLASSIC-99-" in room.exercise_box.children[0].children[1].value


# ----- the position editor ---------------------------------------------------------------------
def test_editor_example_is_legal_and_plays(room: Classroom) -> None:
    ed = room.editor
    assert ed.build() is not None and ed.message.kind == "good" and not ed.play.disabled
    assert "seven of hearts" in ed.drawing.value
    ed.play.click()
    g = room.current_game()
    assert g is not None and g.hands[0] == tuple(mm.parse_cards("7♥ K♠ 4♣"))
    assert g is not ed.game, "the table gets its own copy: playing does not change the editor's position"


@pytest.mark.parametrize(("field", "value", "words"), [
    ("table", "3♦ 8♣ J♥ 5♠ Q♠ 7♥", "7♥ appears twice"),
    ("stock", "2♥ A♠", "the stock must hold one card per hand card (6), not 2"),
    ("stock", "2♥ A♠ J♦ 5♥ K♦ 8x", "not a card: '8x'"),
    ("hand1", "Q♥", "hand sizes do not fit the turn order"),
])
def test_impossible_positions_are_refused_with_the_reason(field: str, value: str, words: str) -> None:
    got: list[mm.Game] = []
    ed = PositionEditor(lambda g, _s: got.append(g))
    assert ed.build() is not None
    target = {"table": ed.table, "stock": ed.stock, "hand1": ed.hands[1]}[field]
    target.value = value
    assert ed.play.disabled and ed.game is None, "an edit makes the drawn position stale"
    assert ed.build() is None
    assert ed.message.kind == "bad" and words in ed.message.text
    ed.hand_over()
    assert got == [], "an impossible position is never handed to the table"


def test_three_players_and_empty_hands() -> None:
    ed = PositionEditor(lambda g, _s: None)
    ed.players.value = 3
    assert ed.hands[2].layout.display == "" and [v for _l, v in ed.first.options] == [0, 1, 2]
    ed.hands[2].value = "9♣ 10♣ 2♠"
    ed.stock.value = "2♥ A♠ J♦ 5♥ K♦ 8♦ 3♣ 4♠ 5♣"
    assert ed.build() is not None and ed.game.players == 3  # type: ignore[union-attr]
    ed.players.value = 2
    for h in ed.hands:
        h.value = ""
    ed.stock.value = ""
    assert ed.build() is None and "every hand is empty" in ed.message.text


def test_editor_warns_about_a_table_a_real_deal_would_redeal() -> None:
    ed = PositionEditor(lambda g, _s: None)
    ed.table.value = "J♣ J♠ J♥ 5♠ Q♠ 9♦"
    assert ed.build() is not None
    assert "would be redealt" in ed.message.text


# ----- exercises ---------------------------------------------------------------------------------
def test_exercises_from_a_deal_check_answers() -> None:
    lesson = exercises(8412)
    best, pairs, tally, redeal = lesson.tasks
    g = mm.Game.new(2, "classic", 8412)
    assert isinstance(best, PickTask) and best.row.cards == list(g.decision.options)  # type: ignore[union-attr]
    assert g.decision.seat == 0 and "right now" in best.prompt  # type: ignore[union-attr] (the dealer starts)
    value = {c: fishing_bots.play_value(c, g.table) for c in best.row.cards}
    assert all(value[c] == max(value.values()) for c in best.targets)
    worse = next(c for c in best.row.cards if c not in best.targets)
    best.pick(worse)
    assert best.feedback.kind == "bad" and "Another card does better" in best.feedback.text
    best.pick(best.targets[0])
    assert best.solved
    assert isinstance(pairs, PickTask) and pairs.targets
    for t in pairs.targets:
        pairs.pick(t)
    assert pairs.solved
    assert isinstance(tally, NumberTask)
    tally.submit("12x")
    assert "not a whole number" in tally.feedback.text
    tally.submit(str(tally.answer))
    assert tally.solved
    assert isinstance(redeal, ChoiceTask)
    redeal.choose(0)
    assert "three" in redeal.feedback.text.lower() and not redeal.solved
    redeal.choose(1)
    assert lesson.solved


def test_exercises_differ_between_deals() -> None:
    a, b = exercises(1), exercises(2)
    assert a.tasks[0].row.cards != b.tasks[0].row.cards  # type: ignore[attr-defined]


# ----- save and replay -----------------------------------------------------------------------------------
def test_export_then_load_and_replay(room: Classroom) -> None:
    room.saves.export()
    assert room.saves.save_message.kind == "bad" and "no game to save" in room.saves.save_message.text
    g = room.codes.submit(encode(2, "classic", 5))
    assert g is not None
    finish(room.current_game())  # type: ignore[arg-type]
    text = room.saves.export()
    assert text is not None and "finished" in room.saves.save_message.text
    assert room.saves.saved.value == text
    link = room.saves.link.value
    assert 'download="mainmerah-game.json"' in link
    href = link.split('href="', 1)[1].split('"', 1)[0]
    assert unquote(href.split(",", 1)[1]) == text
    other = SaveReplayPanel(lambda: None)
    loaded = other.load_text(text, "game.json")
    played = room.current_game()
    assert loaded is not None and loaded.setup == played.setup and other.total == len(played.choices)  # type: ignore[union-attr]
    assert other.step == 0 and other.back.disabled and "Decision 0 of" in other.position.value
    other.fwd.click()
    other.fwd.click()
    assert other.step == 2 and len(other.game.choices) == 2  # type: ignore[union-attr]
    other.last.click()
    assert other.game.is_over and other.fwd.disabled  # type: ignore[union-attr]
    assert other.game.scores == played.scores and other.game.choices == played.choices  # type: ignore[union-attr]
    assert "Game over" in other.story.value
    other.first.click()
    assert other.step == 0 and not other.game.choices  # type: ignore[union-attr]


def test_upload_goes_through_the_same_checks() -> None:
    panel = SaveReplayPanel(lambda: None)
    g = mm.Game.new(2, "jb", 4)
    finish(g)
    panel.upload.value = ({"name": "g.json", "type": "application/json", "size": 1, "content": g.to_json().encode(),
                           "last_modified": STAMP},)
    assert panel.game is not None and panel.game.setup == g.setup and panel.total == len(g.choices)
    assert "g.json" in panel.load_message.text
    panel.upload.value = ({"name": "x.png", "type": "image/png", "size": 2, "content": b"\xff\xfe\x00",
                           "last_modified": STAMP},)
    assert panel.load_message.kind == "bad" and "not a text file" in panel.load_message.text


@pytest.mark.parametrize(("text", "words"), [
    ("", "Paste a save file"),
    ("{", "not valid JSON"),
    ('{"format": "other"}', "not a mainmerah save file"),
])
def test_bad_save_files_are_refused_with_the_reason(text: str, words: str) -> None:
    panel = SaveReplayPanel(lambda: None)
    assert panel.load_text(text) is None
    assert panel.load_message.kind == "bad" and words in panel.load_message.text
    assert panel.game is None and panel.replay.layout.display == "none"


def test_tampered_save_file_is_refused() -> None:
    g = mm.Game.new(2, "classic", 8)
    finish(g)
    data = json.loads(g.to_json())
    data["body"]["scores"][0] += 10
    panel = SaveReplayPanel(lambda: None)
    assert panel.load_text(json.dumps(data)) is None
    assert "checksum" in panel.load_message.text


def test_data_link_escapes_the_text() -> None:
    link = data_link('{"a": "<b>&"}')
    assert "<b>" not in link.split("href=", 1)[1]


def test_chinese_ten_exercises_count_a_capture_of_three() -> None:
    """Deal CT-2P-2068 lays 10♥ 10♣ 9♣ 10♦ and deals the fourth 10 to seat 0, the student's: the best-card exercise
    says that 10♠ takes all three tens, as the engine plays it, not one of them. The computer (seat 1, after the
    dealer) plays first in Chinese Ten: the question asks what each card would take on this table, and shows the
    student's own hand, never the computer's."""
    lesson = exercises(2068, "chinese-ten")
    best = lesson.tasks[0]
    assert isinstance(best, PickTask)
    g = mm.new_game("chinese-ten", seed=2068, players=2)
    assert g.decision.seat == 1 and best.row.cards == list(g.hands[0])  # type: ignore[union-attr, attr-defined]
    assert "On this table" in best.prompt and "right now" not in best.prompt
    ten = mm.Card.parse("10S")
    assert ten in best.targets
    best.pick(ten)
    assert best.solved and "10♠ would take 10♥ 10♣ 10♦: 20 points." in best.feedback.text, best.feedback.text
    layout = mm.Game.from_layout(hands=[list(g.hands[0]), list(g.hands[1])], table=list(g.table),  # type: ignore[attr-defined]
                                 stock=list(g.setup.stock), first=0, variant="chinese-ten")  # type: ignore[attr-defined]
    layout.act("10S")
    assert {"10♠", "10♥", "10♣", "10♦"} <= set(map(str, layout.piles[0]))
