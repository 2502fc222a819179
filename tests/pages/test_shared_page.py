"""The table page's shared tables without a browser: the seats a browser keeps (checked like every kept record),
taking a seat again after a reload, a full table, and Play with others on a table (a real table server in a
thread of this process; the kernel finds it by the setting MAINMERAH_TABLES)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mainmerah import tables
from mainmerah.core.i18n import set_language
from mainmerah.pages.shared import SETTING, SharedPanel, kept_text, read_kept, take_seat
from mainmerah.server.tables import Local, serve
from mainmerah.table.keeper import KeptError, pack
from mainmerah.table.table import TableWidget


@pytest.fixture
def local(monkeypatch: pytest.MonkeyPatch) -> Iterator[Local]:
    set_language("en")
    server = serve()
    monkeypatch.setenv(SETTING, server.url)
    yield server
    server.stop()


TOKEN = "A" * 32


def test_kept_seats_are_read_back_and_forged_ones_refused() -> None:
    seats, name = read_kept(kept_text({"K7MPQA": TOKEN}, "Budi"))
    assert seats == {"K7MPQA": TOKEN} and name == "Budi"
    assert read_kept(None) == ({}, "")
    for body in ({"seats": {"k7mpqa": TOKEN}, "name": ""}, {"seats": {"K7MPQA": "x"}, "name": ""},
                 {"seats": {"K7MPQA": TOKEN + "<script>"}, "name": ""}, {"seats": [TOKEN], "name": ""},
                 {"seats": {f"K7MP{a}{b}": TOKEN for a in "ACDEF" for b in "ACDEF"}, "name": ""},
                 {"seats": {}, "name": "a\nb"}):
        with pytest.raises(KeptError):
            read_kept(pack("shared", 1, body))
    with pytest.raises(KeptError):
        read_kept(pack("table", 1, {"seats": {}}))


def test_a_kept_seat_is_taken_again_a_forged_one_is_not_and_a_full_table_says_so(local: Local) -> None:
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], live=False)
    kept: dict[str, str] = {}
    budi = take_seat(srv, made.code, kept, "Budi")
    assert budi.index == 1
    again = take_seat(srv, made.code, {made.code: budi.token}, "")
    assert again.index == 1 and again.token == budi.token  # the same seat after a reload
    forged = {made.code: TOKEN}
    with pytest.raises(tables.TableError, match="full") as refused:
        take_seat(srv, made.code, forged, "")  # a token not this table's: a new seat is asked for, none is free
    assert refused.value.status == 409 and forged == {}
    for s in (budi, again):
        s.close()


def test_play_with_others_opens_a_table_and_leaving_deals_alone_again(local: Local) -> None:
    t = TableWidget(game="main-merah", delay=0)
    panel = SharedPanel(t)
    rows = panel._seat_rows()
    assert [r.who.value for r in rows] == ["person", "greedy"]
    rows[1].who.value = "person"
    panel.name.value = "Ani"
    panel.hints.value = True
    assert panel.open_table()
    seat = t.remote
    assert seat is not None and t.human == 0 and t.hints
    assert seat.code in panel.code_box.value and f"play.ipynb?table={seat.code}" in panel.code_box.value
    table = local.hub.store.tables[seat.code]
    assert [s.kind for s in table.seats] == ["person", "person"] and table.seats[0].name == "Ani"
    assert t.names[1].startswith("Player 2") and "free seat" in t.seat_label(1)
    assert not panel.open_table() and "already" in panel.message.value
    panel.leave()
    assert t.remote is None and t.human == 0 and not t.game.choices and "left" in panel.message.value


def classes_under(widget: object) -> list[str]:
    """Every class name of ``widget`` and of every widget inside it, as often as it is given."""
    found = list(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        found += classes_under(child)
    return found


def test_play_with_others_rows_have_their_own_class_names_beside_pass_and_play() -> None:
    """The table page holds both panels: a page finds pass and play's rows (``mm-pp-row-0``...) once each, and the
    shared panel's under its own names; both keep the look every row of controls has (``mm-ctlrow``)."""
    t = TableWidget(game="main-merah", delay=0)
    panel = SharedPanel(t)
    t.side.children = (panel, *t.side.children)
    assert t.people_controls is not None
    t.people_controls.on.value = True
    page = classes_under(t)
    for seat in (0, 1):
        assert page.count(f"mm-pp-row-{seat}") == 1 and page.count(f"mm-share-row-{seat}") == 1
    ours, theirs = classes_under(panel), classes_under(t.people_controls)
    assert not {c for c in ours if c.startswith("mm-pp-")}
    assert not {c for c in theirs if c.startswith("mm-share-")}
    assert ours.count("mm-ctlrow") == theirs.count("mm-ctlrow") == 2


def test_a_full_tables_link_says_so_and_offers_to_watch_what_every_seat_sees(local: Local) -> None:
    from mainmerah.pages.shared import WatchPanel, join_from_link

    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=5, pace=0, live=False)
    assert made.seat is not None
    budi = srv.join(made.code, name="Budi", live=False)
    page = join_from_link(made.code.lower(), False, delay=0)
    keeper = page.children[-1]
    keeper._page_message({"k": "kept", "records": {}, "available": True})  # the browser keeps no seat here
    line, button = page.children[0], page.children[1]
    assert "full" in line.value and button.description == "Watch the table"
    button.click()
    watching = page.children[1]
    assert isinstance(watching, WatchPanel) and watching.seat.index is None
    try:
        text = watching.body.value
        assert f"watching the table {made.code}" in text and "Ani" in text and "Budi (away)" in text
        assert "Ani is to play." in text
        hidden = {str(c) for seat in (0, 1) for c in local.hub.store.tables[made.code].game.hands[seat]}
        assert not {c for c in hidden if c in text}  # nobody's cards
        made.seat.act(made.seat.legal_actions()[0])
        watching.seat.wait(timeout=10)
        watching.show()  # what the kernel's loop does by itself when the frame comes
        assert "Budi is to play." in watching.body.value and "Ani plays" in watching.body.value
    finally:
        watching.close()
        budi.close()
        made.seat.close()


@pytest.mark.parametrize(("link", "shown_at"), [("", 0.45), ("&pace=slow", 2.0), ("&pace=manual", None)])
def test_a_joining_page_shows_the_moves_at_the_tables_pace_unless_its_link_names_one(
        local: Local, monkeypatch: pytest.MonkeyPatch, link: str, shown_at: float | None) -> None:
    """The table's creator chose its pace (the server's computers move at it); a page joining by the link shows
    every move at that pace too, not at a page's default, and a ``?pace=`` in its own link wins. Before the page
    sits at its seat no computer moves in its stand-in game (at pace 0 that made-up move was shown)."""
    from mainmerah.pages.play import table_from_request

    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], seed=5, pace=0.45, live=False)
    monkeypatch.setenv("QUERY_STRING", f"table={made.code}{link}")
    moved: list[int] = []  # every move a computer made in the page (none: the server plays the computers)
    bot_move = TableWidget._bot_move
    monkeypatch.setattr(TableWidget, "_bot_move", lambda t: (moved.append(t.game.decision.seat), bot_move(t)))
    page = table_from_request()
    page.children[-1]._page_message({"k": "kept", "records": {}, "available": True})
    table = page.children[0]
    assert isinstance(table, TableWidget) and table.remote is not None and table.human == 1
    assert (table.delay if table.auto else None) == shown_at
    # Ani (seat 0) is to move: no computer of the page's stand-in game moved for her meanwhile.
    real = local.hub.store.tables[made.code].game
    assert real.decision.seat == 0 and not real.choices
    assert not table.game.choices and table.header["decisions"] == 0 and moved == []
    table.leave_table()
