"""The table page keeps its game in the browser: restored from a good record, a bad one refused unchanged.

The browser's side is simulated as in tests/table/test_keeper.py: the Keeper is told what the page "kept".
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mainmerah.core.i18n import set_language
from mainmerah.pages.play import keep_table
from mainmerah.table.keeper import LANG_KEY, pack, unpack
from mainmerah.table.kept_table import KIND, SHEET_KIND, VERSION, TableKeeping, sheet_key, table_key
from mainmerah.table.table import TableWidget


def page_table(seed: int, game: str = "main-merah", url: dict[str, Any] | None = None,
               kept: dict[str, Any] | None = None) -> tuple[TableWidget, TableKeeping, list[Any]]:
    """A table page as table_from_request builds it, its keeper answered with ``kept``."""
    kw: dict[str, Any] = {"seed": seed, **({"game": game} if game != "main-merah" else {})}
    table = TableWidget(links=True, **kw)
    keeping = keep_table(table, dict(url or {}), lang_chosen=False)
    sent: list[Any] = []
    keeping.keeper.send = sent.append  # type: ignore[method-assign]  # the page's side of the channel
    keeping.keeper._page_message({"k": "kept", "available": True, "records": kept or {}})
    return table, keeping, sent


def kept(keeping: TableKeeping) -> dict[str, Any]:
    """Everything the table's page keeps: its game's record and its match sheet's."""
    records = keeping.keeper.records or {}
    return {k: records[k] for k in (keeping.key, keeping.sheet_key)}


def kept_text(keeping: TableKeeping) -> str:
    text = (keeping.keeper.records or {}).get(keeping.key)
    assert isinstance(text, str)
    return text


def play_some(table: TableWidget, moves: int) -> None:
    for _ in range(moves):
        d = table.game.decision
        assert d is not None and d.seat == table.human
        assert table.play(d.options[0]) or table.choose(d.options[0])
        table.skip()


def seen(table: TableWidget) -> tuple[Any, ...]:
    """What the player sees: the shown step's hands, table, piles, whose turn."""
    f = table.frame
    return (f.n, [list(h) for h in f.hands], list(f.table), [list(p) for p in f.piles], table.status)


def test_a_reload_restores_game_step_sheet_and_settings():
    table, keeping, sent = page_table(17)
    assert sent and sent[-1]["k"] == "store"  # stored as soon as the page answered
    table.skip()
    # A whole game finished (for the match sheet), then the next one under way.
    while not table.game.is_over:
        play_some(table, 1)
    scores = list(table.sheet.rows[0].scores)
    table.next_game()
    play_some(table, 2)
    table.set_four_colour(True)
    table.set_pace(None)
    table._level_chosen(1, "random")  # as the seat's dropdown asks
    before = seen(table)
    text = kept_text(keeping)

    again, keeping2, _sent = page_table(99, kept=kept(keeping))
    assert seen(again) == before
    assert again.game.to_json() == table.game.to_json()
    assert [r.scores for r in again.sheet.rows] == [tuple(scores)]
    assert again.four_colour and again.options.four.value
    assert not again.auto and again.seats.levels[1] == "random"
    assert "Welcome back" in (again.note or "")
    # Kept again at once: the record the restored page writes is the one it read.
    assert unpack(kept_text(keeping2), KIND, VERSION) == unpack(text, KIND, VERSION)


def test_a_finished_game_comes_back_finished_and_counted_once():
    table, keeping, _sent = page_table(23)
    table.skip()
    while not table.game.is_over:
        play_some(table, 1)
    again, _k, _s = page_table(5, kept=kept(keeping))
    assert again.game.is_over and again.frame.over
    assert [r.scores for r in again.sheet.rows] == [r.scores for r in table.sheet.rows]
    assert len(again.sheet.rows) == 1
    again.next_game()
    assert len(again.sheet.rows) == 1


def test_a_replay_comes_back_at_its_step():
    table, keeping, _sent = page_table(31)
    table.skip()
    play_some(table, 2)
    table.set_pace(None)
    table.replay()
    table.next()
    before = seen(table)
    again, _k, _s = page_table(2, kept=kept(keeping))
    assert again.replaying and seen(again) == before


def forged(text: str, change: Any) -> str:
    body = unpack(text, KIND, VERSION)
    change(body)
    return pack(KIND, VERSION, body)


def edit_save(body: dict[str, Any]) -> None:
    save = json.loads(body["save"])
    hands = save["body"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # swap two dealt cards: not the seed's deal
    body["save"] = json.dumps(save)


@pytest.mark.parametrize(("change", "word"), [
    (lambda b: b.update(save="{}"), "refused by the rules"),
    (edit_save, "refused by the rules"),
    (lambda b: b.update(shown=4), "step"),
    (lambda b: b.update(shown="3"), "step"),
    (lambda b: b.update(levels={"1": "cheater"}), "level"),
    (lambda b: b.update(levels={"0": "greedy"}), "level"),  # seat 0 is the player's own
    (lambda b: b.update(pace=-3), "pace"),
    (lambda b: b.update(pace=float("nan")), "pace"),
    (lambda b: b.update(pace=10.5), "pace"),
    (lambda b: b.update(pace=True), "pace"),
    (lambda b: b.update(four_colour="yes"), "four-colour"),
    (lambda b: b.update(game="chinese-ten"), "another game"),
    (lambda b: b.update(sheet_games=1), "match sheet"),  # a sheet record of another count: not this one
])
def test_a_bad_record_is_refused_and_changes_nothing(change, word):
    table, keeping, _sent = page_table(41)
    table.skip()
    play_some(table, 1)
    good = kept_text(keeping)
    fresh = TableWidget(seed=7, links=True)
    fresh_view = seen(fresh)
    bad = forged(good, change)
    again, keeping2, _s = page_table(7, kept={**kept(keeping), keeping.key: bad})
    assert seen(again) == fresh_view  # the fresh deal stays
    assert again.sheet.rows == []
    assert "could not be restored" in (again.note or "") and word in (again.note or "")
    # The bad record is replaced by the fresh deal, so the next reload works.
    assert unpack(kept_text(keeping2), KIND, VERSION)["save"] == again.game.to_json()


@pytest.mark.parametrize("bad", ["{", "[]", pack("tutorial", 1, {}), pack(KIND, VERSION + 1, {}), "x" * 1_000_001,
                                 "[" * 50_000])
def test_corrupt_stale_or_foreign_records_are_refused(bad):
    fresh_view = seen(TableWidget(seed=8, links=True))
    again, _k, _s = page_table(8, kept={table_key("main-merah"): bad})
    assert "could not be restored" in (again.note or "")  # an over-long text is named too (issue 28), not read
    if len(bad) > 1_000_000:
        assert "too long" in (again.note or "")
    assert seen(again) == fresh_view


def test_a_record_of_another_game_under_this_key_is_refused():
    table, keeping, _s = page_table(3, game="chinese-ten")
    text = kept_text(keeping)
    again, _k, _s2 = page_table(3, kept={table_key("main-merah"): text})
    assert again.presenter.game_name == "main-merah" and "could not be restored" in (again.note or "")


def test_a_link_to_another_deal_wins_and_a_link_to_the_same_deal_goes_on():
    table, keeping, _s = page_table(50)
    table.skip()
    play_some(table, 2)
    text = kept_text(keeping)
    same, _k, _s2 = page_table(50, url={"seed": 50}, kept={table_key("main-merah"): text})
    assert same.game.to_json() == table.game.to_json()
    other, _k3, _s3 = page_table(51, url={"seed": 51}, kept={table_key("main-merah"): text})
    assert other.game.seed == 51 and len(other.game.choices) < len(table.game.choices)
    assert "names its own deal" in (other.note or "")


def test_a_pace_in_the_link_wins_over_the_kept_one():
    table, keeping, _s = page_table(60)
    table.set_pace(None)
    text = kept_text(keeping)
    t2 = TableWidget(seed=60, links=True, auto=True, delay=0.45)
    k2 = keep_table(t2, {"auto": True, "delay": 0.45}, lang_chosen=False)
    k2.keeper.send = lambda _m: None  # type: ignore[method-assign]
    k2.keeper._page_message({"k": "kept", "available": True, "records": {k2.key: text}})
    assert t2.auto and t2.delay == 0.45


def test_start_over_forgets_and_deals_afresh():
    table, keeping, sent = page_table(70)
    table.skip()
    while not table.game.is_over:
        play_some(table, 1)
    old = table.game.to_json()
    keeping.start_over()
    assert {"k": "forget", "key": keeping.key} in sent
    assert table.sheet.rows == [] and not table.game.is_over and table.game.to_json() != old
    body = unpack(kept_text(keeping), KIND, VERSION)
    assert body["save"] == table.game.to_json() and body["sheet_games"] == 0
    assert unpack(kept(keeping)[keeping.sheet_key], SHEET_KIND, VERSION) == {"games": []}


def test_nothing_is_stored_before_the_page_answers_and_language_is_kept():
    try:
        table = TableWidget(seed=80, links=True)
        keeping = keep_table(table, {}, lang_chosen=False)
        sent: list[Any] = []
        keeping.keeper.send = sent.append  # type: ignore[method-assign]
        table.skip()
        assert sent == []
        keeping.keeper._page_message({"k": "kept", "available": True, "records": {LANG_KEY: "id"}})
        assert keeping.start_over_button.description.endswith("Mulai dari awal")
        set_language("en")
        assert {"k": "store", "key": LANG_KEY, "text": "en"} in sent
    finally:
        set_language("en")


def test_the_kept_language_and_game_both_come_back():
    """The language callback redraws (and would store) the fresh deal first: the game must still come back."""
    try:
        table, keeping, _s = page_table(90)
        table.skip()
        play_some(table, 2)
        again, _k, _s2 = page_table(91, kept={**kept(keeping), LANG_KEY: "id"})
        assert again.game.to_json() == table.game.to_json()
        assert "Selamat datang kembali" in (again.note or "")
    finally:
        set_language("en")


def test_a_sheet_of_forged_or_unfinished_games_is_refused():
    table, keeping, _s = page_table(44)
    table.skip()
    while not table.game.is_over:
        play_some(table, 1)
    table.next_game()
    good = kept(keeping)
    body = unpack(good[keeping.sheet_key], SHEET_KIND, VERSION)
    assert len(body["games"]) == 1
    unfinished = pack(SHEET_KIND, VERSION, {"games": [table.game.to_json()]})
    again, _k, _s2 = page_table(6, kept={**good, keeping.sheet_key: unfinished})
    assert "not a finished game" in (again.note or "") and again.sheet.rows == []
    forged_game = json.loads(body["games"][0])
    forged_game["body"]["scores"] = [999, 0]
    forged_sheet = pack(SHEET_KIND, VERSION, {"games": [json.dumps(forged_game)]})
    again, _k, _s2 = page_table(6, kept={**good, keeping.sheet_key: forged_sheet})
    assert "refused by the rules" in (again.note or "") and again.sheet.rows == []
    again, _k, _s2 = page_table(6, kept={keeping.key: good[keeping.key], sheet_key("main-merah"): None})
    assert "match sheet" in (again.note or "")


def test_a_save_file_of_another_game_loaded_on_the_page_comes_back():
    other = TableWidget(game="chinese-ten", seed=5, links=True)
    other.skip()
    table, keeping, _s = page_table(12)
    assert table.load(other.game.to_json())
    assert table.presenter.game_name == "chinese-ten"
    again, _k, _s2 = page_table(13, kept=kept(keeping))
    assert again.presenter.game_name == "chinese-ten" and again.game.to_json() == other.game.to_json()
    assert "Welcome back" in (again.note or "")
