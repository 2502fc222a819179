"""The computers' seats are named as each language's players are called (Sari, Budi… in English and
Bahasa Indonesia; 小明, 阿华… in Chinese), renamed when the language is switched live; a name given by the
caller or typed by a person is never changed."""

from __future__ import annotations

from mainmerah.core.i18n import LANGUAGES, set_language
from mainmerah.table.seats import BOT_NAMES, LANGUAGE_BOT_NAMES, bot_names, seat_names
from mainmerah.table.table import TableWidget


def test_every_language_names_as_many_computers_each_once() -> None:
    assert set(LANGUAGE_BOT_NAMES) == set(LANGUAGES)
    for code, names in LANGUAGE_BOT_NAMES.items():
        assert len(names) == len(BOT_NAMES) == len(set(names)), code
    # English and Indonesian keep the names the golden games and saved tables were made with.
    assert LANGUAGE_BOT_NAMES["en"] == LANGUAGE_BOT_NAMES["id"] == (
        "Sari", "Budi", "Ayu", "Dewi", "Eko", "Fajar", "Gita", "Hadi", "Intan")
    assert all("\u4e00" <= ch <= "\u9fff" for name in LANGUAGE_BOT_NAMES["zh"] for ch in name)


def test_seat_names_follow_the_language_but_given_names_stay() -> None:
    assert seat_names(3, 0, None) == ["You", "Sari", "Budi"]
    set_language("zh")
    assert bot_names() == LANGUAGE_BOT_NAMES["zh"] and bot_names("en") == BOT_NAMES
    assert seat_names(3, 0, None) == ["你", "小明", "阿华"]
    assert seat_names(3, 0, ["Ana", "Budi", "Citra"]) == ["Ana", "Budi", "Citra"]
    # Pass and play: the people's names as typed, the computers' skip none of theirs.
    assert seat_names(4, 0, None, {0: "Sari", 2: "小明"}) == ["Sari", "阿华", "小明", "丽丽"]
    set_language("id")
    assert seat_names(3, 0, None) == ["Kamu", "Sari", "Budi"]


def test_a_table_renames_its_computers_when_the_language_is_switched() -> None:
    t = TableWidget(game="red-ten", seed=3, auto=False, controls=False)
    assert t.names[1:] == ["Sari", "Budi", "Ayu"]
    set_language("zh")
    assert t.names[1:] == ["小明", "阿华", "丽丽"]
    assert any(p["name"] == "小明" for p in t.view.opps)
    set_language("en")
    assert t.names[1:] == ["Sari", "Budi", "Ayu"]

    people = TableWidget(game="red-ten", seed=3, people={0: "Sari", 2: "Budi"}, auto=False, controls=False)
    set_language("zh")
    assert people.names == ["Sari", "小明", "Budi", "阿华"]
