"""The table widget as a client of the table server: each widget plays one seat of a shared table.

A real table server (in a thread of this process, ``serve()``) and real clients (``mainmerah.tables``, over
HTTP and a websocket each): two widgets play a whole seeded Main Merah game against each other through the
table's own entry points (the page's messages). After every redraw of each widget, what its board holds is
checked against the server's real game: no card that its seat's view has not held, and its story is the
engine's own words for that seat. Undo is off, hints only if the creator allowed them, a new deal refused.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from test_pass_and_play import STORY, cards_in, page_state
from test_presenter_conformance import view_cards

from mainmerah import tables
from mainmerah.core.i18n import set_language
from mainmerah.server.tables import Local, serve
from mainmerah.table.table import TableWidget


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture
def local() -> Iterator[Local]:
    server = serve()
    yield server
    server.stop()


class SeatWatch:
    """Checks widget ``t`` (playing ``seat`` of the real game ``real()``) after every redraw."""

    def __init__(self, t: TableWidget, seat: int, real: Any) -> None:
        self.t, self.seat, self.real = t, seat, real
        self.seen: set[str] = set()
        self.decisions = 0
        self.checks = 0
        t.on_change(lambda _t: self.check())

    def check(self) -> None:
        g, t = self.real(), self.t
        for k in range(self.decisions, len(g.choices) + 1):
            at = g.copy()
            at.goto(k)
            self.seen |= view_cards(at.view(self.seat))
        for e in g.events:
            self.seen |= cards_in({"said": e.explain(None, self.seat)})
        self.decisions = len(g.choices)
        state = page_state(t)
        drawn = cards_in({k: v for k, v in state.items() if k not in STORY})
        extra = drawn - self.seen
        assert not extra, f"seat {self.seat} was shown {sorted(extra)}, never in its view"
        if not t.frame.over:  # (at the end the log's last line is the board's own "Game over.")
            story = [text for _cls, text in [*state["log"], *state["log_tail"]]]
            told = [e.explain(list(t.names), self.seat) for e in g.events[: len(story)]]
            assert story == told
        self.checks += 1


def click(t: TableWidget, name: str) -> None:
    t._page_message({"k": "button", "name": name})


def heard(seat: Any, goal: int) -> None:
    """Until ``seat`` has received frame ``goal`` (a minute at most: a busy machine's socket may take seconds)."""
    end = time.monotonic() + 60
    while seat.seq < goal:
        assert time.monotonic() < end, f"seat {seat.index} stayed at frame {seat.seq} of {goal} for 60 s"
        seat.wait(timeout=1.0)


def settle(*ts: TableWidget, table: Any = None) -> None:
    """Let every widget take in what its seat received (the kernel's loop does it by itself). Given the server's
    ``table``, first wait until each seat has its frame for the table's sequence number as it is now: a busy
    machine's socket may take seconds, and a quiet spell of 0.2 s is no proof that nothing is on its way."""
    for t in ts:
        seat: Any = t.remote  # (the client's Seat: it can wait for a frame)
        assert seat is not None
        if table is not None:
            heard(seat, table.seq)
            t.sync()  # (caught up: no quiet spell to wait for)
            continue
        for _i in range(50):
            seat.wait(timeout=0.2)  # the socket's frames, if any are on their way
            if not t.sync():
                break


def test_two_widgets_play_a_whole_main_merah_game_through_the_server(local: Local) -> None:
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=11, world=True)
    assert made.seat is not None
    other = srv.join(made.code, name="Budi", world=True)
    real = local.hub.store.tables[made.code]
    a = TableWidget(game="main-merah", delay=0, controls=False)
    b = TableWidget(game="main-merah", delay=0, controls=False)
    a.sit_at(made.seat)
    b.sit_at(other)
    watches = [SeatWatch(a, 0, lambda: real.game), SeatWatch(b, 1, lambda: real.game)]
    settle(a, b, table=real)
    assert a.human == 0 and b.human == 1
    assert a.names[1] == "Budi" and b.names[0] == "Ani" and a.names[0] == "You"
    assert made.code in a.header["info"]  # the heading names the shared table, not a seed
    assert a.undo_button.hidden and a.redo_button.hidden and a.hint_button.hidden  # hints not allowed
    assert not a.new_game() and "shared table" in (a.error or "")
    assert not a.show_save()
    rng = random.Random(3)
    moves = 0
    while not real.game.is_over:
        d = real.game.decision
        assert d is not None
        me, them = (a, b) if d.seat == 0 else (b, a)
        settle(me, table=real)
        assert me.caught_up and me._my_decision() is not None, me.why_not_now()
        # Not the other's turn: a click there is refused and changes nothing.
        them._page_message({"k": "hand", "slot": 0})
        assert them.error and len(real.game.choices) == moves
        assert me.game is not real.game and me.game.view(d.seat) == real.game.view(d.seat)
        action = rng.choice(sorted(me.remote.legal_actions()))  # type: ignore[union-attr]
        assert me.enter(action), me.error
        moves += 1
        assert len(real.game.choices) >= moves
        moves = len(real.game.choices)
        settle(a, b, table=real)
        assert not me.undo() and "shared table" in (me.error or "")
    settle(a, b, table=real)
    for t in (a, b):
        assert t.game.is_over and t.frame.over and t.game.scores == real.game.scores
        assert "Game over" in t.header["status"]
    assert all(w.checks > 20 for w in watches)
    for t in (a, b):
        t.leave_table()


def test_a_seat_is_taken_again_and_hints_only_when_allowed(local: Local) -> None:
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "greedy"], seed=4, hints=True, pace=0, world=True)
    assert made.seat is not None
    t = TableWidget(game="main-merah", delay=0, controls=False)
    t.sit_at(made.seat)
    settle(t)
    while t._my_decision() is None:
        settle(t)
    assert not t.hint_button.hidden and t.hint()
    action = made.seat.legal_actions()[0]
    assert t.enter(action), t.error
    token = made.seat.token
    t.leave_table()
    again = srv.rejoin(made.code, token, world=True)
    u = TableWidget(game="main-merah", delay=0, controls=False)
    u.sit_at(again)
    settle(u, table=local.hub.store.tables[made.code])
    assert u.human == 0 and len(u.game.choices) == len(local.hub.store.tables[made.code].game.choices) >= 1
    assert u.names[1] == "Computer 2"
    u.leave_table()


def test_a_red_ten_hand_two_people_and_two_computers(local: Local) -> None:
    """The same for another game: Red Ten, people at seats 1 and 3, the server's computers at 2 and 4."""
    from mainmerah.table.intents import Act

    srv = tables.connect(local.url)
    made = srv.create("red-ten", seats=["person", "greedy", "person", "expert"], seed=8, pace=0, world=True)
    assert made.seat is not None
    real = local.hub.store.tables[made.code]
    widgets = {0: TableWidget(game="red-ten", delay=0, controls=False),
               2: TableWidget(game="red-ten", delay=0, controls=False)}
    widgets[0].sit_at(made.seat)
    widgets[2].sit_at(srv.join(made.code, world=True))
    watches = [SeatWatch(t, s, lambda: real.game) for s, t in widgets.items()]
    rng = random.Random(8)
    for _move in range(400):
        settle(*widgets.values(), table=real)
        d = real.game.decision
        if d is None:
            break
        if d.seat not in widgets:
            widgets[0].remote.wait(timeout=0.5)  # type: ignore[union-attr]
            continue
        me = widgets[d.seat]
        if me._my_decision() is None:
            continue  # its frame is on its way
        action = rng.choice(sorted(me.remote.legal_actions()))  # type: ignore[union-attr]
        assert me.ask(lambda _d, a=action: Act(a)), me.error
    settle(*widgets.values(), table=real)
    assert real.game.is_over
    for t in widgets.values():
        assert t.frame.over and t.game.scores == real.game.scores
        assert t.names[1] == "Computer 2" and "Computer 4" in t.names[3]
    assert all(w.checks > 10 for w in watches)
    for t in widgets.values():
        t.leave_table()


def test_a_seats_label_is_of_the_frame_taken_in_not_of_one_still_on_its_way(local: Local) -> None:
    """The seat's socket may hold a newer frame than the one the table shows: a label's name and its words (free,
    away, played by the computer) both come from the frame shown, never half from each (CI once showed "Player 2
    (the computer plays meanwhile)": the name of one frame, the state of the next)."""
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=4, world=True)
    assert made.seat is not None
    a = TableWidget(game="main-merah", delay=0, controls=False)
    a.sit_at(made.seat)
    assert a.seat_label(1) == "Player 2 (free seat)"
    shown = made.seat.seq
    budi = srv.join(made.code, name="Budi", world=True)
    heard(made.seat, shown + 1)  # Budi's arrival reaches Ani's socket, not yet her table (no sync)
    assert a.seat_label(1) == "Player 2 (free seat)", "the label is of the frame shown"
    assert a.sync()
    assert a.seat_label(1) in ("Budi", "Budi (away)")  # (his socket may connect a frame later)
    budi.close()
    a.leave_table()


def test_an_away_persons_seat_says_the_computer_plays_it_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    """The setting shortened to a fraction of a second: Budi leaves, and Ani's table names his seat as the computer's
    for now while the computer plays it; his token takes it back, and the panel names him again."""
    monkeypatch.setenv("MAINMERAH_TAKEOVER", "0.3")
    server = serve()
    try:
        srv = tables.connect(server.url)
        made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=2, pace=0, world=True)
        assert made.seat is not None
        budi = srv.join(made.code, name="Budi", world=True)
        a = TableWidget(game="main-merah", delay=0, controls=False)
        a.sit_at(made.seat)
        budi.close()
        deadline = time.monotonic() + 60  # a deadline, not a count of rounds: a round may take no time at all
        while "computer" not in a.seat_label(1) and time.monotonic() < deadline:
            settle(a)
        assert a.seat_label(1) == "Budi (the computer plays meanwhile)"
        real = server.hub.store.tables[made.code]
        for _i in range(100):  # Ani plays; Budi's turns are the computer's
            if len(real.game.choices) >= 4:
                break
            settle(a)
            if a._my_decision() is not None:
                assert a.enter(sorted(made.seat.legal_actions())[0]), a.error
        assert len(real.game.choices) >= 4
        back = srv.rejoin(made.code, budi.token, world=True)
        deadline = time.monotonic() + 60
        while a.seat_label(1) != "Budi" and time.monotonic() < deadline:
            settle(a)
        assert a.seat_label(1) == "Budi"
        back.close()
        a.leave_table()
    finally:
        server.stop()


def test_what_acts_on_a_game_of_this_devices_own_is_hidden_at_a_shared_table(local: Local) -> None:
    """New game (its players, variant and seed), pass and play, replay/undo with the save file: hidden while the
    person sits at a shared table (the pace stays: how fast this page shows the moves), back once they leave."""
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "greedy"], seed=5, pace=0, world=True)
    assert made.seat is not None
    t = TableWidget(game="main-merah", delay=0)
    assert t.controls is not None and t.people_controls is not None and t.history is not None
    solo = [t.people_controls, t.history]
    controls = t.controls
    dealing = [controls.new_button, controls.seed, controls.players]

    def shown(part: Any) -> bool:
        return part.layout.display != "none"

    def in_controls(widget: Any) -> bool:
        return any(widget is c or widget in getattr(c, "children", ()) for c in controls.children)

    assert all(shown(p) for p in solo) and all(in_controls(x) for x in dealing)
    t.sit_at(made.seat)
    assert not any(shown(p) for p in solo)
    assert not any(in_controls(x) for x in dealing) and in_controls(controls.pace)
    assert shown(controls) and controls.pace in controls.children[0].children
    t.leave_table()
    assert all(shown(p) for p in solo) and all(in_controls(x) for x in dealing)
    assert t.new_game(seed=3), t.error  # a game of this device's own again


def test_a_paused_seat_is_away_until_it_resumes(local: Local) -> None:
    """The seat's connection let go (its page silent: ``Seat.pause``) is away at the server, which then runs its
    takeover clock; ``resume`` connects it again, with the frames missed meanwhile."""
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=2, world=True)
    assert made.seat is not None
    budi = srv.join(made.code, name="Budi", world=True)

    def budi_connected(wanted: bool) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            made.seat.refresh()  # type: ignore[union-attr]
            if made.seat.seats[1]["connected"] is wanted:  # type: ignore[union-attr]
                return
            made.seat.wait(timeout=0.2)  # type: ignore[union-attr]
        raise AssertionError(f"Budi's seat never became {'connected' if wanted else 'away'}")

    budi_connected(True)
    budi.pause()
    assert budi.paused
    budi_connected(False)
    made.seat.act(made.seat.legal_actions()[0])  # a move while he is away
    budi.resume()
    assert not budi.paused
    budi_connected(True)
    deadline = time.monotonic() + 30
    while budi.seq < made.seat.seq and time.monotonic() < deadline:
        budi.wait(timeout=0.2)
    assert budi.seq == made.seat.seq and len(budi.world.choices) == 1
    budi.close()
    made.seat.close()


def test_at_a_shared_table_your_seat_is_reviewed_from_your_view_and_kept_for_practice(local: Local) -> None:
    """Once the shared game is over, Review this game judges your seat from the seat's own game (the server's
    stand-in: the kernel never held another seat's hidden cards); frames that come meanwhile keep the review and
    a position tried again; its mistakes are kept for Practice as at a solo table."""
    import datetime as dt

    from mainmerah.table.keeper import Keeper
    from mainmerah.teach.practice import check_record, keep_practice, practice_key

    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "greedy"], seed=6, pace=0, world=True)
    assert made.seat is not None
    real = local.hub.store.tables[made.code]
    t = TableWidget(game="main-merah", delay=0, controls=False)
    keeper = Keeper([practice_key("main-merah")])
    sent: list[dict[str, Any]] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    keeper._page_message({"k": "kept", "available": True, "records": {}})
    keep_practice(t, keeper)
    t.review.background = False
    t.review.worlds = 8
    t.sit_at(made.seat)
    rng = random.Random(6)
    while not real.game.is_over:
        settle(t)
        if t._my_decision() is not None and t.caught_up:
            assert t.enter(rng.choice(sorted(made.seat.legal_actions()))), t.error
    settle(t, table=real)
    while not t.caught_up:
        t.next()
    assert t.game.is_over and t.game is not real.game and t.review.layout.display == ""
    t.review.start_button.click()
    r = t.review.result
    assert r is not None and r.seat == 0 and r.moments, "this seeded game has mistakes"
    kept = [m for m in sent if m.get("k") == "store" and m.get("key") == practice_key("main-merah")]
    practice = check_record(kept[-1]["text"], "main-merah", dt.datetime.now(dt.UTC).date())
    assert [e.played for e in practice.exercises] == [m.action for m in r.moments if m.theme]
    m = r.moments[0]
    t.review.retry_buttons[0].click()
    assert t.retrying is m and len(t.game.choices) == m.step
    made.seat.rename("Ani")  # a frame comes while the position is tried again: the position stays
    made.seat.wait(timeout=2)
    t.sync()
    assert t.retrying is m and len(t.game.choices) == m.step
    assert t.enter(m.better) and "the best choice found" in (t.note or "")
    t.review.back_button.click()
    assert t.retrying is None and t.game.is_over and t.review.result is r, "the review is kept"
    t.leave_table()



def test_a_frame_applied_while_the_last_is_taken_in_is_not_passed_over(local: Local,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # The socket's thread applies frames while the kernel's loop takes in the last one. In CI the next frame
    # came between the table reading the stand-in game and reading its number: the number was the new frame's,
    # so the new frame's own call found nothing new, and the page stayed a move behind for good.
    srv = tables.connect(local.url)
    made = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=11, world=True)
    assert made.seat is not None
    made.seat.close()
    other = srv.join(made.code, name="Budi", live=False, world=True)
    seat = srv.rejoin(made.code, made.seat.token, live=False, world=True)
    twin = srv.rejoin(made.code, made.seat.token, live=False, world=True)  # Ani's seat, from another client
    real = local.hub.store.tables[made.code]
    t = TableWidget(game="main-merah", delay=0, controls=False)
    t.sit_at(seat)
    def act(by: tables.Seat) -> None:  # whoever's turn it is, from a client apart from the table's
        by.refresh()
        by.act(sorted(by.legal_actions())[0])

    act(other if real.game.decision.seat == 1 else twin)
    seat.refresh()  # frame N has come: the table takes it in below
    act(other if real.game.decision.seat == 1 else twin)  # frame N + 1 waits at the server
    twin.refresh()
    decode = tables.world_of

    def meanwhile(frame: dict[str, Any]) -> Any:  # the socket's thread applies N + 1 as the table reads N
        if seat.seq < twin.seq:
            seat.refresh()
        return decode(frame)

    monkeypatch.setattr(tables, "world_of", meanwhile)
    assert t.sync()
    monkeypatch.setattr(tables, "world_of", decode)
    assert seat.seq == twin.seq
    t.sync()  # the call frame N + 1 made as it came
    assert len(t.game.choices) == len(real.game.choices), "the table stayed a move behind"
    t.leave_table()
