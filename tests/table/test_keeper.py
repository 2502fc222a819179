"""The browser's records: the kernel checks what the page says it kept, and stores only after reading."""

from __future__ import annotations

from typing import Any

import pytest

from mainmerah.core.i18n import language, set_language
from mainmerah.table.keeper import LANG_KEY, Keeper, KeptError, follow_language, key, pack, unpack


def answer(keeper: Keeper, records: object, available: bool = True) -> None:
    keeper._page_message({"k": "kept", "available": available, "records": records})


def test_record_round_trip_and_refusals():
    text = pack("table", 1, {"save": "x"})
    assert unpack(text, "table", 1) == {"save": "x"}
    for bad, word in [(None, "not text"), ("{", "not valid JSON"), ('{"format": "other"}', "not one of"),
                      (pack("tutorial", 1, {}), "tutorial"), (pack("table", 2, {}), "another version"),
                      ("x" * 1_000_001, "too long")]:
        with pytest.raises(KeptError, match=word):
            unpack(bad, "table", 1)


def test_keeper_reads_before_it_writes():
    k = Keeper([key("table", "main-merah")])
    sent: list[object] = []
    k.send = sent.append  # type: ignore[method-assign]  # the page's side of the channel
    k.store(key("table", "main-merah"), "early")
    assert sent == [] and not k.restored  # nothing is written before the page has answered
    seen: list[object] = []
    k.when_restored(seen.append)
    answer(k, {key("table", "main-merah"): "kept text", "mainmerah:other": "not asked for", "x": 3})
    assert seen == [{key("table", "main-merah"): "kept text"}]
    # Sent again (the page does until told it arrived) or a second view: acknowledged, never restored twice.
    answer(k, {key("table", "main-merah"): "second view"})
    assert seen == [{key("table", "main-merah"): "kept text"}]
    assert sent == [{"k": "ack"}, {"k": "ack"}]
    sent.clear()
    k.store(key("table", "main-merah"), "kept text")  # unchanged: not sent again
    k.store(key("table", "main-merah"), "new")
    k.forget(key("table", "main-merah"))
    assert sent == [{"k": "store", "key": "mainmerah:table:main-merah", "text": "new"},
                    {"k": "forget", "key": "mainmerah:table:main-merah"}]
    with pytest.raises(ValueError, match="not one of this keeper's keys"):
        k.store("mainmerah:other", "x")
    with pytest.raises(ValueError, match="starts with"):
        Keeper(["other"])


def test_a_forged_answer_is_dropped():
    k = Keeper([LANG_KEY])
    answer(k, "not a mapping")
    assert k.records == {LANG_KEY: None}
    k2 = Keeper([LANG_KEY])
    answer(k2, {LANG_KEY: ["id"]})
    assert k2.records == {LANG_KEY: None}


def test_language_follows_unless_the_url_chose():
    try:
        set_language("en")
        k = Keeper([LANG_KEY])
        k.send = lambda _m: None  # type: ignore[method-assign]
        follow_language(k, chosen_by_url=False)
        answer(k, {LANG_KEY: "id"})
        assert language() == "id"
        set_language("en")
        assert k.records == {LANG_KEY: "en"}  # a switch is kept for the next page
        k2 = Keeper([LANG_KEY])
        k2.send = lambda _m: None  # type: ignore[method-assign]
        follow_language(k2, chosen_by_url=True)
        answer(k2, {LANG_KEY: "id"})
        assert language() == "en"
        k3 = Keeper([LANG_KEY])
        follow_language(k3, chosen_by_url=False)
        answer(k3, {LANG_KEY: "klingon"})
        assert language() == "en"
    finally:
        set_language("en")


def test_the_language_shown_goes_into_the_address_once_the_page_answered() -> None:
    keeper = Keeper([LANG_KEY])
    sent: list[Any] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    follow_language(keeper, chosen_by_url=False)
    keeper.show_language("id")
    assert sent == []  # the page has not answered: nothing is sent to it
    answer(keeper, {LANG_KEY: "id"})
    try:
        urls = [m for m in sent if m["k"] == "url"]
        assert urls == [{"k": "url", "name": "lang", "value": "id"}]  # the kept language, into ?lang=
        set_language("id")  # no change: nothing more
        set_language("en")
        assert [m for m in sent if m["k"] == "url"][-1] == {"k": "url", "name": "lang", "value": None}
        keeper.show_language("xx")  # not a language this app has: ignored
        assert len([m for m in sent if m["k"] == "url"]) == 2
    finally:
        set_language("en")
