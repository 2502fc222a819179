"""Issue 24: the table server. Real servers (the app's own, as `make serve-class` starts it, and the standalone
command), real clients (``mainmerah.tables``) over HTTP and websockets; whole games played through them.

Every frame a seat receives is recorded and checked against the engine: its view is exactly the engine's view
of that seat after that many moves (the game rebuilt from the watcher's save file), and nothing in it (the view,
the legal actions, the events' words) names a card another seat holds that this seat cannot see.
"""

from __future__ import annotations

import asyncio
import bisect
import json
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import processes
import pytest
from paths import ROOT
from tornado.websocket import websocket_connect

import mainmerah as mm
from mainmerah import tables
from mainmerah.core.cards import PACK_WITH_JOKERS
from mainmerah.core.wire import CARD, encode
from mainmerah.pages.home import speaking

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import ClassroomServer  # noqa: E402

WAIT = 20.0  # seconds a seat may wait for the next frame before the test says which one never came


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassroomServer]:
    """The app's own server with a class folder (no preheated kernels: the table server needs none)."""
    work = tmp_path_factory.mktemp("tables-app")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MAINMERAH_CLASS", str(work / "class"))
        s = ClassroomServer(work, pools={})
    try:
        yield s
    finally:
        s.stop()


def teacher_key(server: ClassroomServer) -> str:
    return (server.workdir / "class" / "teacher.key").read_text().strip()


class Standalone:
    """``python -m mainmerah.server.tables`` on a free port; its teacher's key read from what it prints."""

    def __init__(self, workdir: Path, *args: str) -> None:
        self.port = processes.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = workdir / f"tables-{self.port}.log"
        with self.log.open("w") as out:
            self.proc = processes.spawn([sys.executable, "-m", "mainmerah.server.tables", "--port", str(self.port),
                                         *args], stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 30
        while "teacher's key" not in self.log.read_text():
            assert self.proc.poll() is None and time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.1)
        self.key = re.search(r"keep it to yourself\): (\S+)", self.log.read_text()).group(1)  # type: ignore[union-attr]

    def stop(self) -> None:
        processes.stop(self.proc)


@pytest.fixture
def standalone(tmp_path: Path) -> Iterator[Standalone]:
    s = Standalone(tmp_path, "--tables-per-address", "3")
    try:
        yield s
    finally:
        s.stop()


# ----- playing through the server, every frame recorded --------------------------------------------------------
def recorded(seat: tables.Seat) -> list[dict[str, Any]]:
    """Every frame ``seat`` receives from now on (its first one included), whether applied or not."""
    frames = [seat.frame]
    apply = seat.apply

    def keep(frame: dict[str, Any]) -> None:
        frames.append(frame)
        apply(frame)

    seat.apply = keep  # type: ignore[method-assign]
    return frames


def caught_up(seat: tables.Seat, seq: int) -> None:
    deadline = time.monotonic() + WAIT
    while seat.seq < seq:
        assert time.monotonic() < deadline, f"seat {seat.index} stayed at frame {seat.seq}, the table is at {seq}"
        seat.wait(1.0)


def play_whole(people: list[tables.Seat], watcher: tables.Seat, seed: int, most: int = 5000) -> int:
    """The people play (a seeded random legal action each) until the game is over; the moves made by people."""
    rng = random.Random(seed)
    moves = 0
    for _ in range(most):
        caught_up(watcher, max(s.seq for s in people))
        turn = watcher.decision
        if turn is None:
            break
        mine = [s for s in people if s.index == turn.seat]
        if not mine:  # a computer's turn: the server plays it
            watcher.wait(WAIT)
            continue
        seat = mine[0]
        caught_up(seat, watcher.seq)
        seat.act(rng.choice(seat.legal_actions()))
        moves += 1
    caught_up(watcher, max(s.seq for s in people))
    assert watcher.over, "the game did not end"
    for s in people:
        caught_up(s, watcher.seq)
    return moves


# A card written in words: "10♥", "A♠", a joker "SJ" / "BJ" (not the tail of another word or number).
CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9AJQK])[♥♦♣♠]|(?<![0-9A-Za-z])[SB]J(?![A-Za-z])")
CARD_NAMES = {str(c) for c in PACK_WITH_JOKERS}


def cards_in(data: Any) -> set[str]:
    """Every card named in a frame: the view's cards, and any card written in its texts."""
    found = {m.group(1) for m in re.finditer(r'"\$card": "([^"]+)"', json.dumps(data, ensure_ascii=False))}
    for text in _texts(data):
        found.update(w for w in CARD_WORD.findall(text) if w in CARD_NAMES)
    return found


def _texts(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        for x in data:
            yield from _texts(x)
    elif isinstance(data, dict):
        for k, v in data.items():
            if k != CARD:
                yield from _texts(v)


# Events at which the rules lay cards open (a deal scored card by card, the cards drawn face up for the dealer
# and shuffled back): they name those cards by right.
SHOWDOWNS = ("end", "deal-end", "score", "dealer-draw")
DEALS = ("deal", "dealer-draw", "redeal")  # a new deal: the hands after the move are not the ones spoken of


def check_frames(frames: list[dict[str, Any]], final: Any, public: frozenset[str] = frozenset(),
                 lang: str = "en") -> int:
    """Each frame's view is the engine's for its seat after its moves, its legal actions are the game's then (none
    but on its turn), its events are the engine's own words for that seat (``explain(names, you=seat)``), and no
    event names a card that another seat held and this seat could not see (``public``: cards whose holder the
    rules make known to all).

    A card an event names leaks when the seat could see it neither just before that event's move nor just after
    it (a card drawn by another seat: in the pack, then in their hand). A move that ends a deal and deals the next
    is left to the first check (the hands of the next deal are not those the events spoke of)."""
    game = final.copy().goto(0)
    moments = []  # after each move: how many events, each seat's view, the cards hidden from each seat
    for m in range(len(final.choices) + 1):
        views = [encode(game.view(s)) for s in range(game.players)]
        every = {str(c) for c in game.all_cards()}
        hidden = [every - cards_in(views[seat]) - public for seat in range(game.players)]
        turn = game.decision
        moments.append((len(game.events), views, hidden, turn.seat if turn else None, game.legal_actions()))
        if m < len(final.choices):
            game.redo()
    counts = [moment[0] for moment in moments]
    for frame in frames:
        seat, m = frame["seat"], frame["moves"]
        _n, views, hidden, turn, legal = moments[m]
        assert frame["view"] == views[seat], f"seat {seat}'s view after move {m}"
        assert frame["legal"] == (legal if turn == seat else []), f"seat {seat}'s legal actions after move {m}"
        with speaking(lang):
            told = [e.explain(frame["names"], seat)
                    for e in final.events[frame["event"]:frame["event"] + len(frame["events"])]]
        assert frame["events"] == told, f"seat {seat}'s events from {frame['event']}"
        for k, text in enumerate(frame["events"], start=frame["event"]):
            at = bisect.bisect_right(counts, k)  # the move that made event k
            move = final.events[moments[at - 1][0] if at else 0:moments[at][0]]  # every event of that move
            if final.events[k].kind in SHOWDOWNS or at and any(e.kind in DEALS for e in move):
                continue
            leaked = cards_in(text) & moments[at][2][seat] & moments[max(at - 1, 0)][2][seat]
            assert not leaked, f"seat {seat} was told {leaked} by event {k} (after move {at}): {text!r}"
    return len(frames)


def table_game(watcher: tables.Seat) -> Any:
    watcher.refresh()
    return mm.load_game(watcher.frame["save"])


def test_two_people_play_a_whole_main_merah_game_through_the_app(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=11, pace=0)
    assert t.seat is not None and t.seat.index == 0 and t.persistent and re.fullmatch(r"[A-Z0-9]{6}", t.code)
    ani = t.seat
    budi = srv.join(t.code.lower(), name="Budi")  # a code typed in lower case still finds the table
    watcher = srv.watch(t.code, teacher_key(app))
    frames = [recorded(ani), recorded(budi)]
    try:
        assert budi.index == 1 and budi.token != ani.token
        assert [s["name"] for s in budi.seats] == ["Ani", "Budi"]
        assert isinstance(ani.view, mm.SeatView) and ani.view.hand and ani.decision == tables.Turn(0, "play")
        assert budi.legal_actions() == [] and len(ani.legal_actions()) == 10
        with pytest.raises(tables.TableError, match="full"):
            srv.join(t.code, name="Citra")
        moves = play_whole([ani, budi], watcher, seed=1)
        final = table_game(watcher)
        assert final.is_over and moves == len(final.choices)
        assert ani.view.scores == final.scores == budi.view.scores and sum(final.scores) <= 210
        assert ani.events[-1] == final.explain(["Ani", "Budi"], 0)[-1]  # the end, as seat 0 reads it
        assert budi.events == final.explain(["Ani", "Budi"], 1)  # every event, in order, none lost
        assert check_frames(frames[0] + frames[1], final) > moves
    finally:
        for s in (ani, budi, watcher):
            s.close()


def test_red_ten_three_people_and_a_computer_play_a_whole_hand(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("red-ten", seats=["person", "greedy", "person", "person"], seed=5, pace=0)
    assert t.seat is not None
    people = [t.seat, srv.join(t.code, name="Budi"), srv.join(t.code, name="Citra")]
    assert [p.index for p in people] == [0, 2, 3]
    watcher = srv.watch(t.code, teacher_key(app))
    frames = [recorded(p) for p in people]
    try:
        play_whole(people, watcher, seed=2)
        final = table_game(watcher)
        assert final.is_over and any(c.seat == 1 for c in final.choices)  # the computer played its seat
        assert all(p.view.scores == final.scores for p in people)
        # Who holds 3♥ is known to all (that seat answers and leads first: every view's ``leader``).
        check_frames([f for fs in frames for f in fs], final, public=frozenset({"3♥"}))
    finally:
        for s in (*people, watcher):
            s.close()


def test_in_the_red_five_seats_three_people_in_indonesian(app: ClassroomServer) -> None:
    srv = tables.connect(app.url, lang="id")
    t = srv.create("in-the-red", seats=["random", "person", "greedy", "person", "person"], seed=3, pace=0)
    assert t.seat is not None and t.seat.index == 1
    people = [t.seat, srv.join(t.code), srv.join(t.code)]
    watcher = srv.watch(t.code, teacher_key(app))
    frames = [recorded(p) for p in people]
    try:
        play_whole(people, watcher, seed=3)
        final = table_game(watcher)
        assert final.is_over and min(final.scores) < 100 <= max(final.scores)
        assert any("Komputer 1" in e for e in people[0].events)  # told in Indonesian
        check_frames([f for fs in frames for f in fs], final, lang="id")
    finally:
        for s in (*people, watcher):
            s.close()


# ----- refusals: each answered in words, nothing changed -------------------------------------------------------
def post(url: str, route: str, body: bytes) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"{url}/mainmerah/tables/{route}", data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_bad_requests_are_refused_in_words_and_change_nothing(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("main-merah", seats=["person", "person"], seed=4, pace=0, live=False)
    assert t.seat is not None
    ani, budi = t.seat, srv.join(t.code, live=False)
    watcher = srv.watch(t.code, teacher_key(app), live=False)
    before = (watcher.refresh(), watcher.frame["save"])

    with pytest.raises(tables.TableError, match="no table with the code") as unknown:
        srv.join("QQQQQQ")
    assert unknown.value.status == 404
    with pytest.raises(tables.TableError, match="not one of this table's") as forged:
        tables.Seat(srv, t.code, "forged-" + ani.token[7:], ani.frame, live=False).act(ani.legal_actions()[0])
    assert forged.value.status == 403
    with pytest.raises(mm.RuleError, match="not your turn"):
        budi.act(ani.legal_actions()[0])  # another seat's card, out of turn
    with pytest.raises(mm.RuleError, match="not in"):
        ani.act(next(str(c) for c in mm.PACK if str(c) not in ani.legal_actions()))  # a card it does not hold
    with pytest.raises(mm.RuleError, match="short text"):
        ani.act("")
    with pytest.raises(tables.TableError, match="teacher"):
        srv.watch(t.code, "not-the-key", live=False)
    for route, body, words in (("join", b"{not json", "not JSON"), ("join", b"[1, 2]", "JSON object"),
                               ("act", json.dumps({"code": t.code, "token": ani.token}).encode(), "missing"),
                               ("join", json.dumps({"code": 5, "name": "x"}).encode(), "wrong type"),
                               ("act", json.dumps({"code": t.code, "token": ani.token, "action": ["A♥"]}).encode(),
                                "wrong type"),
                               ("join", json.dumps({"code": t.code, "sneaky": 1}).encode(), "Unknown field"),
                               ("join", b"\xff\xfe", "not JSON")):
        status, answer = post(app.url, route, body)
        assert status == 400 and words in answer["error"], (body, answer)
    status, answer = post(app.url, "join", json.dumps({"code": t.code, "name": "x" * 100_000}).encode())
    assert status == 413 and "too long" in answer["error"]
    with pytest.raises(tables.TableError, match="at most 24"):
        ani.rename("x" * 30)
    with pytest.raises(tables.TableError, match="neither"):
        srv.create("main-merah", seats=["person", "__import__('os')"])
    assert (watcher.refresh(), watcher.frame["save"]) == before  # nothing changed


def test_a_flood_from_one_client_is_refused_and_the_others_play_on(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("main-merah", seats=["person", "person"], seed=6, pace=0, live=False)
    assert t.seat is not None
    ani, budi = t.seat, srv.join(t.code, live=False)
    refused = 0
    for _ in range(150):
        try:
            budi.act(ani.legal_actions()[0])
        except tables.TableError as e:
            assert e.status == 429 and "Too many" in str(e)
            refused += 1
        except mm.RuleError:
            pass
    assert refused > 50
    assert ani.act(ani.legal_actions()[0]) == 3  # another client is not held up; only that move was made


async def socket_refusals(url: str, code: str) -> list[tuple[str | None, int | None]]:
    """What a socket answers to each bad first message: the error it sends (None: none) and its close code."""
    ws_url = url.replace("http://", "ws://") + "/mainmerah/tables/socket"
    seen = []
    for first in ("{nope", json.dumps({"code": code, "token": "forged"}), "x" * 100_000):
        conn = await websocket_connect(ws_url)
        conn.write_message(first)
        messages = []
        while (message := await asyncio.wait_for(conn.read_message(), WAIT)) is not None:
            messages.append(json.loads(message)["error"])
        seen.append((messages[0] if messages else None, conn.close_code))
    return seen


def test_a_socket_refuses_bad_first_messages_and_huge_ones(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("main-merah", seats=["person", "person"], live=False)
    # On a thread of its own: after a browser test, playwright keeps an event loop running on this one.
    with ThreadPoolExecutor(1) as apart:
        (not_json, a), (forged, b), (huge, c) = apart.submit(asyncio.run, socket_refusals(app.url, t.code)).result()
    assert "not JSON" in str(not_json) and a == 4400
    assert "not one of this table's" in str(forged) and b == 4403
    assert huge is None and c == 1009  # closed before it is read: message too big


def test_a_restarted_app_server_keeps_the_table_and_each_seat(app: ClassroomServer,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    srv = tables.connect(app.url)
    t = srv.create("red-ten", seats=["person", "person", "expert", "greedy"], seed=9, pace=0, live=False)
    assert t.seat is not None
    ani, budi = t.seat, srv.join(t.code, name="Budi", live=False)
    for _ in range(3):
        seat = next(s for s in (ani, budi) if (s.refresh(), s.my_turn)[1])
        seat.act(seat.legal_actions()[0])
        time.sleep(0.2)
    seq, view, events = budi.refresh(), budi.view, list(budi.events)
    assert (app.workdir / "class" / "tables" / f"{t.code}.json").is_file()
    monkeypatch.setenv("MAINMERAH_CLASS", str(app.workdir / "class"))  # the same class folder, as serve-class
    app.restart()
    again = srv.rejoin(t.code, budi.token, live=False)
    assert (again.index, again.seq, again.view, again.events) == (1, seq, view, events)
    assert again.seats[1]["name"] == "Budi"
    with pytest.raises(tables.TableError, match="not one of"):
        srv.rejoin(t.code, "not-a-token", live=False)


# ----- the teacher's side ----------------------------------------------------------------------------------------
def teacher_get(opener: urllib.request.OpenerDirector, url: str | urllib.request.Request) -> tuple[int, str]:
    try:
        with opener.open(url, timeout=WAIT) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8")


def card_labels(html: str) -> set[str]:
    """The cards a page draws (each card's picture names it)."""
    return set(re.findall(r'aria-label="([^"]+)"', html))


def test_the_teacher_lists_the_tables_watches_one_face_up_and_closes_it(app: ClassroomServer) -> None:
    import http.cookiejar

    from mainmerah.draw.svg import card_name

    srv = tables.connect(app.url)
    t = srv.create("red-ten", seats=["person", "person", "greedy", "expert"], name="Ani <b>", seed=21, pace=0)
    assert t.seat is not None
    ani, budi = t.seat, srv.join(t.code, name="Budi")
    key = teacher_key(app)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    try:
        status, page = teacher_get(opener, f"{app.url}/teacher?key={key}")
        assert status == 200 and f'data-code="{t.code}"' in page and "Red Ten" in page
        assert "Ani &lt;b&gt;" in page and "Ani <b>" not in page  # what a student typed, escaped
        assert "Budi" in page and "Computer 3 <span class=\"mmt-off\">(greedy)" in page and "(expert)" in page
        # Watched: every hand face up, exactly the engine's hands now.
        watcher = srv.watch(t.code, key, live=False)
        game = table_game(watcher)
        status, watched = teacher_get(opener, f"{app.url}/teacher/table?code={t.code}&key={key}")
        assert status == 200
        for seat in range(4):
            section = watched.split(f'data-seat="{seat}"')[1].split("</section>")[0]
            assert card_labels(section) == {card_name(c) for c in game.view(seat).hand}, seat
        assert "Ani &lt;b&gt;" in watched and "What happened" in watched
        # Without the key: no table, no card.
        status, refused = teacher_get(opener, f"{app.url}/teacher/table?code={t.code}&key=wrong")
        assert status == 403 and not card_labels(refused) and "Budi" not in refused
        status, zh = teacher_get(opener, f"{app.url}/teacher/table?code={t.code}&key={key}&lang=zh")
        assert status == 200 and "红十" in zh and 'lang="zh-Hans"' in zh
        # Closed: the seats are told, the table and its file are gone, the list says so.
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
        assert xsrf is not None
        form = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "key": key, "code": t.code}).encode()
        status, _unsigned = teacher_get(opener, urllib.request.Request(
            f"{app.url}/teacher/table/close", urllib.parse.urlencode({"key": key, "code": t.code}).encode()))
        assert status == 403 and t.code in srv.watch(t.code, key, live=False).code  # no _xsrf: nothing closed
        status, after = teacher_get(opener, urllib.request.Request(
            f"{app.url}/teacher/table/close", form))
        assert status == 200 and f'data-code="{t.code}"' not in after
        deadline = time.monotonic() + WAIT
        while not ani.ended and time.monotonic() < deadline:
            ani.wait(timeout=1)
        assert ani.ended == "The teacher closed this table."
        assert not (app.workdir / "class" / "tables" / f"{t.code}.json").exists()
        with pytest.raises(tables.TableError, match="no table"):
            srv.join(t.code, name="Citra")
    finally:
        for s in (ani, budi):
            s.close()


# ----- the standalone command ------------------------------------------------------------------------------------
def test_the_standalone_command_with_two_clients(standalone: Standalone) -> None:
    srv = tables.connect(standalone.url)
    t = srv.create("chinese-ten", seats=["person", "person"], seed=8, pace=0)
    assert t.seat is not None and not t.persistent
    assert "in memory only" in standalone.log.read_text()
    other = srv.join(t.code, name="Budi")
    watcher = srv.watch(t.code, standalone.key)
    frames = [recorded(t.seat), recorded(other)]
    try:
        changes: list[int] = []
        other.on_change(lambda seat: changes.append(seat.seq))
        play_whole([t.seat, other], watcher, seed=4)
        assert changes and changes == sorted(changes)  # in order, through the callback
        check_frames(frames[0] + frames[1], table_game(watcher))
    finally:
        for s in (t.seat, other, watcher):
            s.close()
    for _ in range(2):
        srv.create("main-merah", seats=["person", "computer"], live=False)
    with pytest.raises(tables.TableError, match="Too many tables") as many:
        srv.create("main-merah", seats=["person", "computer"], live=False)
    assert many.value.status == 429


def test_views_travel_as_the_games_own_objects_and_nothing_else_decodes() -> None:
    from mainmerah.core.wire import WireError, decode

    for name, players in (("main-merah", 3), ("red-ten", 4), ("in-the-red", 6)):
        game = mm.new_game(name, seed=1, players=players)
        view = game.view(1)
        assert decode(json.loads(json.dumps(encode(view)))) == view
    for bad in ({"$type": "os:system", "fields": {}}, {"$type": "subprocess:Popen", "fields": {"args": "ls"}},
                {"$type": "mainmerah.core.registry:load", "fields": {}}, {"$card": "XX"}, {"x": 1}):
        with pytest.raises(WireError):
            decode(bad)


# ----- a person away: the computer plays the seat meanwhile ------------------------------------------------------
def until(seat: tables.Seat, what: str, cond: Any) -> None:
    """Wait for the frames ``seat`` receives until ``cond()`` holds (the test says ``what`` never came)."""
    deadline = time.monotonic() + WAIT
    while not cond():
        assert time.monotonic() < deadline, f"seat {seat.index} never saw {what} (frame {seat.seq}: {seat.frame})"
        seat.wait(1.0)


def moves_by(game: Any, seat: int, start: int = 0) -> int:
    """How many of ``game``'s decisions from ``start`` on were ``seat``'s."""
    at = game.copy().goto(start)
    n = 0
    for _k in range(start, len(game.choices)):
        n += at.decision.seat == seat
        at.redo()
    return n


def test_an_away_persons_seat_is_played_by_the_computer_and_given_back(tmp_path: Path) -> None:
    """Budi's connection closes: after the table's while (here half a second; 60 s by default) the computer plays his
    seat at the expert level and every seat is told so; his token takes the seat back (a rejoin) and from then on
    only he plays it. Ani, connected all along, is never taken over; nothing leaks to her meanwhile."""
    server = Standalone(tmp_path, "--takeover", "0.5")
    seats: list[tables.Seat] = []
    try:
        srv = tables.connect(server.url)
        t = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=6, pace=0)
        assert t.seat is not None
        ani, budi = t.seat, srv.join(t.code, name="Budi")
        watcher = srv.watch(t.code, server.key)
        seats += [ani, budi, watcher]
        frames = recorded(ani)
        until(ani, "both people connected", lambda: all(s["connected"] for s in ani.seats))
        assert ani.notes == [] and not any(s["covered"] for s in ani.seats)
        budi.close()  # a closed laptop
        until(ani, "Budi's seat taken over", lambda: ani.seats[1]["covered"])
        assert ani.notes == ["Budi's seat is played by the computer until they come back."]
        assert not ani.seats[1]["connected"] and ani.seats[1]["kind"] == "person"
        assert "seat 1 is played by the computer (expert)" in server.log.read_text()
        rng = random.Random(3)
        while moves_by(table_game(watcher), 1) < 3:  # the computer plays Budi's turns while Ani plays hers
            until(ani, "Ani's turn", lambda: ani.my_turn or ani.over)
            ani.act(rng.choice(ani.legal_actions()))
        watcher.refresh()
        assert not watcher.over
        back = srv.rejoin(t.code, budi.token)  # Budi opens the link again: the seat is his
        seats.append(back)
        assert back.index == 1 and not back.seats[1]["covered"] and back.notes == []
        until(ani, "Budi back", lambda: not ani.seats[1]["covered"] and ani.seats[1]["connected"])
        assert ani.notes == []
        start = len(table_game(watcher).choices)
        moves = play_whole([ani, back], watcher, seed=5)
        final = table_game(watcher)
        assert final.is_over and moves == len(final.choices) - start  # after his return nobody else played
        assert moves_by(final, 1, start) > 0
        assert not any(f["seats"][0]["covered"] for f in frames)  # Ani, here all along, was never replaced
        assert check_frames(frames, final) > moves
    finally:
        for s in seats:
            s.close()
        server.stop()


def test_the_class_servers_own_kernels_are_counted_each_apart_not_as_one_address() -> None:
    """Mounted in the class server, every page's kernel reaches the table server from the server's own address: a
    class of twenty pairs must not meet the per-address limit on tables as one client. A running kernel of the
    server, named by the client, is counted apart; an unknown kernel, or none, counts as its address."""
    from mainmerah.server.tables import serve

    server = serve(tables_per_address=2, kernels={"k1", "k2"}.__contains__)
    try:
        def create(kernel: str) -> str:
            srv = tables.connect(server.url)
            srv.kernel = kernel
            return srv.create("main-merah", seats=["person", "greedy"], live=False).code

        made = [create(kernel) for kernel in ("", "", "k1", "k1", "k2", "k2")]
        assert len(set(made)) == 6
        for kernel in ("", "k1", "k3", "x" * 65):
            with pytest.raises(tables.TableError, match=r"Too many tables were opened from this computer \(2\)"):
                create(kernel)
        assert len(server.hub.store.tables) == 6
    finally:
        server.stop()


def test_a_kernel_names_itself_to_the_table_server() -> None:
    """The client run in a real kernel names that kernel (its connection file's id); outside one it names none."""
    from jupyter_client.multikernelmanager import MultiKernelManager

    assert tables.connect("http://127.0.0.1:1").kernel == ""
    kernels = MultiKernelManager()  # as Jupyter's and Voila's servers start kernels: kernel-<id>.json
    kernel = kernels.start_kernel(kernel_name="python3")
    kc = kernels.get_kernel(kernel).client()
    kc.start_channels()
    try:
        kc.wait_for_ready(timeout=60)
        said: list[str] = []
        kc.execute_interactive("from mainmerah import tables; print(tables.connect('http://127.0.0.1:1').kernel)",
                               output_hook=lambda m: said.append(m["content"].get("text", "")), timeout=60)
        assert "".join(said).strip() == kernel
    finally:
        kc.stop_channels()
        kernels.shutdown_all(now=True)



def test_outside_a_kernel_naming_none_leaves_the_widgets_comms_alone() -> None:
    # Importing ipykernel's kernel app makes every widget made afterwards use ipykernel's comms, which, with no
    # kernel, send nothing: in CI a table made after a shared-table test in the same worker answered no click.
    script = ("import sys, ipywidgets as w\n"
              "from mainmerah import tables\n"
              "assert tables.connect('http://127.0.0.1:1').kernel == ''\n"
              "assert 'ipykernel.ipkernel' not in sys.modules, 'ipykernel imported'\n"
              "assert type(w.IntText().comm).__module__.startswith('comm'), type(w.IntText().comm)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr

def test_a_seat_whose_person_never_connects_is_taken_over_too(tmp_path: Path) -> None:
    """Budi joins and closes his laptop before his page opens its connection (a socket never opened, as under a
    loaded server): his seat is taken over all the same, and a request over HTTP with his token gives it back and
    starts his while again."""
    server = Standalone(tmp_path, "--takeover", "0.5")
    seats: list[tables.Seat] = []
    try:
        srv = tables.connect(server.url)
        t = srv.create("main-merah", seats=["person", "person"], name="Ani", seed=6, pace=0)
        assert t.seat is not None
        ani, budi = t.seat, srv.join(t.code, name="Budi", live=False)
        seats += [ani, budi]
        until(ani, "Budi's seat taken over", lambda: ani.seats[1]["covered"])
        assert not ani.seats[1]["connected"] and not ani.seats[0]["covered"]
        back = srv.rejoin(t.code, budi.token, live=False)  # over HTTP only: the seat is his again...
        assert not back.seats[1]["covered"] and back.notes == []
        until(ani, "Budi back", lambda: not ani.seats[1]["covered"])
        until(ani, "... and, still without a connection, taken over again", lambda: ani.seats[1]["covered"])
    finally:
        for s in seats:
            s.close()
        server.stop()


def test_the_takeover_setting_and_a_covered_seat_kept_through_a_restart(monkeypatch: pytest.MonkeyPatch) -> None:
    from mainmerah.server.tables import takeover_setting
    from mainmerah.server.tables.seats import Seat

    monkeypatch.delenv("MAINMERAH_TAKEOVER", raising=False)
    assert takeover_setting() == 60.0
    monkeypatch.setenv("MAINMERAH_TAKEOVER", "2.5")
    assert takeover_setting() == 2.5
    for bad in ("soon", "-1", "nan"):
        monkeypatch.setenv("MAINMERAH_TAKEOVER", bad)
        with pytest.raises(ValueError, match="MAINMERAH_TAKEOVER"):
            takeover_setting()
    covered = Seat(1, "person", name="Budi", token="ab" * 32, covered=True)
    assert Seat.load(1, covered.saved()) == covered  # the computer still plays it after a restart, until he is back
    assert not Seat.load(1, {**covered.saved(), "token": ""}).covered  # a free seat is nobody's to cover
    assert not Seat.load(0, {"kind": "computer", "level": "greedy", "covered": True}).covered


# ----- a full table: watching it as a classmate ------------------------------------------------------------------
def public_leaks(frames: list[dict[str, Any]], final: Any, public: frozenset[str] = frozenset()) -> list[str]:
    """Each card a classmate watching was told that some seat could not see (neither just before the move that
    made the event nor just after it): check_frames' rule for every seat at once (``public`` as there)."""
    game = final.copy().goto(0)
    counts, hidden = [], []
    for m in range(len(final.choices) + 1):
        every = {str(c) for c in game.all_cards()}
        seen = [cards_in(encode(game.view(s))) for s in range(game.players)]
        hidden.append(set().union(*(every - v for v in seen)) - public)
        counts.append(len(game.events))
        if m < len(final.choices):
            game.redo()
    found = []
    for frame in frames:
        for k, text in enumerate(frame["events"], start=frame["event"]):
            at = bisect.bisect_right(counts, k)
            move = final.events[counts[at - 1] if at else 0:counts[at]]
            if final.events[k].kind in SHOWDOWNS or at and any(e.kind in DEALS for e in move):
                continue
            found += [f"{c} in {text!r}" for c in cards_in(text) & hidden[at] & hidden[max(at - 1, 0)]]
    return found


def test_a_full_table_says_so_and_a_classmate_may_watch_what_every_seat_sees(app: ClassroomServer) -> None:
    srv = tables.connect(app.url)
    t = srv.create("red-ten", seats=["person", "person", "expert", "greedy"], name="Ani", seed=12, pace=0)
    assert t.seat is not None
    budi = srv.join(t.code, name="Budi")
    watcher = srv.watch(t.code, teacher_key(app))
    with pytest.raises(tables.TableError, match="full") as full:
        srv.join(t.code, name="Citra")
    assert full.value.status == 409 and srv.info(t.code)["full"]
    citra = srv.spectate(t.code.lower())  # no key: what every seat sees
    frames = recorded(citra)
    try:
        assert citra.index is None and citra.frame["public"] and citra.legal_actions() == []
        with pytest.raises(tables.TableError, match="key"):
            citra.act("3♥")  # a classmate watching has no seat to play
        for bad in ({"public": True, "token": t.seat.token}, {"public": True, "watch": teacher_key(app)}):
            with pytest.raises(tables.TableError, match="no key"):
                srv.post("state", {"code": t.code, **bad})
        play_whole([t.seat, budi], watcher, seed=2)
        caught_up(citra, watcher.seq)
        final = table_game(watcher)
        assert citra.over and citra.events == final.explain(watcher.frame["names"], None)  # every event, in order
        for frame in frames:
            assert not {"view", "views", "save", "world"} & set(frame) and frame["legal"] == []
            assert CARD not in json.dumps(frame)  # no card travels as a card object (a view's)
        assert public_leaks(frames, final, public=frozenset({"3♥"})) == []  # its holder leads, as the rules say
        assert public_leaks(frames, final)  # (the check sees the cards it is told of)
        assert sum(len(f["events"]) for f in frames) == len(final.events)
    finally:
        for s in (t.seat, budi, watcher, citra):
            s.close()


def test_every_games_stand_in_loads_without_its_seed() -> None:
    """A seat's stand-in (``Table.world``) is sent without the game's seed: it must load and answer as the real game
    for that seat. In The Red's first dealer is drawn from the seed: its stand-in names the dealer (it did not, and
    four joins in five were refused: "a game that cannot do without its seed")."""
    from mainmerah.core import registry
    from mainmerah.server.tables.store import unseeded

    for name in registry.games():
        info = registry.get(name)
        if info.other_world is None:
            continue
        for seed in range(6):
            game = info.new(seed=seed, players=max(info.players[:3]))
            bots = [info.make_bot(info.bots[0], seed=s) for s in range(game.players)]
            for _move in range(3 * game.players):
                if (d := game.decision) is None:
                    break
                game.act(bots[d.seat].choose(game.view(d.seat)))
            for seat in range(game.players):
                other = info.other_world(game, seat, random.Random(seed))
                world = unseeded(game if other is None else other)
                assert world.view(seat) == game.view(seat), (name, seed, seat)


def test_an_empty_action_is_refused_with_an_example_in_the_games_own_notation() -> None:
    """The refusal's example is one of the seat's own actions (In The Red's names a stack); a seat out of turn is
    shown none (another seat's actions are not its to see)."""
    from mainmerah.server.tables.store import Store

    store = Store()
    table = store.create("in-the-red", ["person", "person"], seed=11)
    d = table.game.decision
    assert d is not None
    mover, other = table.seats[d.seat], table.seats[1 - d.seat]
    saved = table.game.to_json()
    with pytest.raises(mm.RuleError) as told:
        table.act(mover, " ")
    example = str(told.value).removeprefix("An action is a short text in the game's notation, such as ")
    assert example.rstrip(".") in table.game.legal_actions() and ("@" in example or "discard" in example)
    with pytest.raises(mm.RuleError, match=r"notation\.$"):
        table.act(other, "")
    assert table.game.to_json() == saved
