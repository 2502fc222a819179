"""The classroom keeps its state in the browser: restored from a good record, a bad one refused unchanged.

The browser's side is simulated as in tests/table/test_keeper.py: the Keeper is told what the page "kept".
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.families.fishing.dealcode import encode
from mainmerah.families.fishing.ui.classroom import Classroom
from mainmerah.families.fishing.ui.kept_classroom import KIND, VERSION
from mainmerah.pages.classroom import keep_classroom
from mainmerah.pages.kept_classroom import ClassroomKeeping, classroom_key
from mainmerah.table.keeper import pack, unpack
from mainmerah.teach.lesson import Lesson

KEY = classroom_key("main-merah")
STAMP = datetime(2026, 1, 1, tzinfo=UTC)


def page(kept: dict[str, Any] | None = None, game: str = "main-merah") -> tuple[Classroom, ClassroomKeeping, list]:
    room = Classroom(seed=1, game=game)
    keeping = keep_classroom(room, "")
    sent: list[Any] = []
    keeping.keeper.send = sent.append  # type: ignore[method-assign]
    keeping.keeper._page_message({"k": "kept", "available": True, "records": kept or {}})
    return room, keeping, sent


def kept_text(keeping: ClassroomKeeping) -> str:
    text = (keeping.keeper.records or {}).get(keeping.key)
    assert isinstance(text, str)
    return text


def lesson(room: Classroom) -> Lesson:
    les = room.exercise_box.children[0]
    assert isinstance(les, Lesson)
    return les


def busy_room() -> tuple[Classroom, ClassroomKeeping]:
    """A classroom in use: a code opened and played on, an exercise answered wrong then right, a file replayed."""
    room, keeping, sent = page()
    assert sent  # stored as soon as the page answered
    code = encode(2, "classic", 4321)
    room.codes.submit(code)
    table = room.table_widget
    d = table.game.decision  # type: ignore[union-attr]
    table.play(d.options[0])  # type: ignore[union-attr]
    table.skip()  # type: ignore[union-attr]
    redeal = lesson(room).task("redeal")
    redeal.choose(0)
    redeal.choose(1)
    finished = mm.Game.new(2, "jb", 3)
    mm.play_out(finished, [mm.make_bot("greedy", 0), mm.make_bot("greedy", 1)])
    room.saves.load_text(finished.to_json(), "old.json")
    room.saves.goto(5)
    room.changed()  # (a click on Step does this in the page)
    room.tabs.selected_index = 3
    return room, keeping


def test_a_reload_brings_the_classroom_back():
    room, keeping = busy_room()
    again, _k, _s = page({KEY: kept_text(keeping)})
    assert again.tabs.selected_index == 3
    assert again.codes.code.value == room.codes.code.value and "Deal 2P-CLASSIC-4321" in again.codes.message.text
    assert again.current_game().to_json() == room.current_game().to_json()  # type: ignore[union-attr]
    assert "Playing: 2P-CLASSIC-4321" in again.table_title.value
    assert again.exercise_seed == 4321
    redeal = lesson(again).task("redeal")
    assert redeal.solved and redeal.attempts == 2 and redeal.inputs == lesson(room).task("redeal").inputs
    assert again.saves.step == 5 and again.saves.name == "old.json" and again.saves.text == room.saves.text
    assert "Welcome back" in again.page_message.text


def test_a_position_or_a_continued_game_comes_back_as_what_it_was():
    room, keeping, _s = page()
    room.editor.hand_over()
    again, _k, _s2 = page({KEY: kept_text(keeping)})
    assert "Playing: your position" in again.table_title.value
    finished = mm.Game.new(2, "classic", 9)
    mm.play_out(finished, [mm.make_bot("greedy", 0), mm.make_bot("greedy", 1)])
    room.saves.load_text(finished.to_json())
    room.saves.goto(6)
    room.saves.continue_here()
    assert len(room.current_game().choices) == 6  # type: ignore[union-attr]
    again, _k, _s2 = page({KEY: kept_text(keeping)})
    assert "Playing: a loaded game" in again.table_title.value
    assert again.current_game().to_json() == room.current_game().to_json()  # type: ignore[union-attr]


def forged(text: str, change: Any) -> str:
    body = unpack(text, KIND, VERSION)
    change(body)
    return pack(KIND, VERSION, body)


def other_deal(body: dict[str, Any]) -> None:
    body["table"]["source"] = encode(2, "classic", 4322)


def edited_save(body: dict[str, Any]) -> None:
    save = json.loads(body["table"]["save"])
    save["body"]["scores"] = [1, 2]
    body["table"]["save"] = json.dumps(save)


@pytest.mark.parametrize(("change", "word"), [
    (lambda b: b.update(tab=9), "tab"),
    (lambda b: b.update(game="chinese-ten"), "another game"),
    (other_deal, "not the deal of"),
    (edited_save, "refused by the rules"),
    (lambda b: b["code"].update(variant="poker"), "deal code settings"),
    (lambda b: b["exercises"].update(inputs={"redeal": [["pick", ["A♠"]]]}), "not one it takes"),
    (lambda b: b["exercises"].update(inputs={"nope": []}), "not this page's"),
    (lambda b: b["exercises"].update(seed=-1), "deal number"),
    (lambda b: b["replay"].update(step=999), "replay's step"),
    (lambda b: b.update(replay={"save": "{"}), "refused by the rules"),
])
def test_a_bad_record_is_refused_and_changes_nothing(change, word):
    _room, keeping = busy_room()
    again, keeping2, _s = page({KEY: forged(kept_text(keeping), change)})
    assert again.table_widget is None and again.tabs.selected_index == 0 and again.saves.game is None
    assert again.exercise_seed == 8412 and not any(t.inputs for t in lesson(again).tasks)
    assert again.page_message.kind == "bad" and word in again.page_message.text
    assert unpack(kept_text(keeping2), KIND, VERSION)["table"] is None  # the fresh page is kept instead


@pytest.mark.parametrize("bad", ["{", pack("table", 1, {}), pack(KIND, VERSION + 1, {})])
def test_corrupt_stale_or_foreign_records_are_refused(bad):
    again, _k, _s = page({KEY: bad})
    assert again.page_message.kind == "bad" and again.table_widget is None


def test_start_over_forgets_the_classroom():
    room, keeping = busy_room()
    sent: list[Any] = []
    keeping.keeper.send = sent.append  # type: ignore[method-assign]
    keeping.start_over()
    assert {"k": "forget", "key": KEY} in sent
    assert room.table_widget is None and room.saves.game is None and room.tabs.selected_index == 0
    assert room.table_title.value == "" and not any(t.inputs for t in lesson(room).tasks)
    body = unpack(kept_text(keeping), KIND, VERSION)
    assert body["table"] is None and body["replay"] is None and body["exercises"]["inputs"] == {}


def test_load_after_an_upload_says_it_is_loaded_and_loads_once():
    room, _k, _s = page()
    g = mm.Game.new(2, "classic", 4)
    room.saves.upload.value = ({"name": "g.json", "type": "application/json", "size": 1,
                                "content": g.to_json().encode(), "last_modified": STAMP},)
    assert "Loaded g.json" in room.saves.load_message.text
    room.saves.goto(0)
    room.saves.load.click()  # the natural next click
    assert room.saves.load_message.kind == "info" and "g.json is loaded" in room.saves.load_message.text


def test_the_heading_follows_a_deal_the_table_made_itself():
    room, _k, _s = page()
    room.codes.submit(encode(2, "classic", 77))
    assert encode(2, "classic", 77) in room.table_title.value
    room.table_widget.new_game(seed=123)  # type: ignore[union-attr]
    assert "seed 123" in room.table_title.value and "CLASSIC" not in room.table_title.value


def test_the_editor_shows_an_error_not_the_last_legal_position():
    room, _k, _s = page()
    assert room.editor.build() is not None and room.editor.drawing.value
    room.editor.table.value = "3♦ 3♦"
    assert room.editor.build() is None and room.editor.drawing.value == ""


def test_a_language_switch_keeps_a_refused_load_refused():
    from mainmerah.core.i18n import set_language

    room, _k, _s = page()
    try:
        g = mm.Game.new(2, "classic", 4)
        room.saves.load_text(g.to_json(), "good.json")
        room.saves.load_text("{", "bad.json")
        assert room.saves.load_message.kind == "bad"
        set_language("id")
        assert room.saves.load_message.kind == "bad" and room.saves.game is not None
    finally:
        set_language("en")
