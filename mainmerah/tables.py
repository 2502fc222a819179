"""Play with classmates: the client of the table server (``mainmerah.server.tables``).

```python
from mainmerah import tables
srv = tables.connect("http://127.0.0.1:8866")            # the app's address (or a standalone table server's)
t = srv.create(game, seats=["person", "person", "expert", "greedy"])   # t.code, t.seat (the creator's seat)
me = srv.join(t.code, name="Budi")                      # the next free person's seat
me.view, me.decision, me.legal_actions(), me.events     # this seat's view only (the game's own view object)
me.act("3♥")                                            # checked by the server; refused -> mm.RuleError
me.wait(timeout=10)                                     # until the table changes: the new sequence number
again = srv.rejoin(t.code, me.token)                    # the same seat after a reload
```

Every change of a table reaches a seat as a *frame*: its sequence number, its own view, whose turn it is,
its legal actions when it is to play, and the events since the frame it saw before (told as that seat reads
them). A seat keeps one websocket open in a thread of its own and applies each frame in order; a frame that
skips numbers (a dropped connection) is followed by a catch-up from the last number seen, so no event is lost.
``on_change(callback)`` calls ``callback(seat)`` after each frame (from that thread: a widget hands it on).
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mainmerah.core.errors import RuleError
from mainmerah.core.pace import SHARED_PACE, is_pace
from mainmerah.core.wire import decode

PREFIX = "mainmerah/tables"


class TableError(ValueError):
    """The server refused a request (an unknown code, a key that is not the seat's, a full table, too many at
    once...): the message is the server's own words; ``status`` its HTTP status (0: the server was not reached)."""

    def __init__(self, message: str, status: int = 0) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Turn:
    """Whose decision the game waits for, and of what kind (as the game's own ``Decision``'s ``seat`` and ``kind``)."""

    seat: int
    kind: str


def connect(url: str, lang: str = "en", timeout: float = 10.0) -> Server:
    """The table server at ``url`` (the app's address, e.g. ``http://127.0.0.1:8866``)."""
    return Server(url, lang, timeout)


def this_kernel() -> str:
    """The id of the kernel this code runs in ("" outside one): the class server counts its pages' tables by
    kernel, since they all reach it from its own address."""
    kernelapp = sys.modules.get("ipykernel.kernelapp")  # (importing it would make every later widget's comm
    if kernelapp is None:                                  # ipykernel's, with no kernel: none would send a word)
        return ""
    IPKernelApp = kernelapp.IPKernelApp  # noqa: N806 - the class's own name
    if not IPKernelApp.initialized():
        return ""
    name = Path(IPKernelApp.instance().connection_file).name
    return name.removeprefix("kernel-").removesuffix(".json") if name.startswith("kernel-") else ""


class Server:
    def __init__(self, url: str, lang: str = "en", timeout: float = 10.0) -> None:
        self.url = url.rstrip("/") + "/"
        self.lang = lang
        self.timeout = timeout
        self.kernel = this_kernel()

    def post(self, route: str, data: dict[str, Any]) -> dict[str, Any]:
        """One request; a refusal raises RuleError (a rule said no) or TableError, with the server's words."""
        import urllib.error  # (here: every page imports this module, and few ever ask a table server)
        import urllib.request
        body = json.dumps({**data, "lang": self.lang}, ensure_ascii=False).encode("utf-8")
        request = urllib.request.Request(f"{self.url}{PREFIX}/{route}", data=body, method="POST",
                                         headers={"Content-Type": "application/json",
                                                  **({"X-Mainmerah-Kernel": self.kernel} if self.kernel else {})})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                found: dict[str, Any] = json.loads(answer.read())
                return found
        except urllib.error.HTTPError as e:
            try:
                refusal = json.loads(e.read())
            except ValueError:
                raise TableError(f"HTTP {e.code}: {e.reason}", e.code) from None
            if refusal.get("kind") == "rule":
                raise RuleError(refusal.get("error", "")) from None
            raise TableError(str(refusal.get("error", e.reason)), e.code) from None
        except urllib.error.URLError as e:
            raise TableError(f"the table server at {self.url} cannot be reached: {e.reason}") from None

    def create(self, game: str, seats: list[str], name: str = "", variant: str | None = None,
               seed: int | None = None, pace: float = SHARED_PACE, live: bool = True, hints: bool = False,
               world: bool = False) -> Created:
        """A new table of ``game``; each seat "person", "computer" or a computer's level. The creator takes the
        first person's seat (``.seat``; None when every seat is a computer's). ``hints``: the people at the table
        may ask for hints. ``world``: the seat's frames carry its stand-in game (:attr:`Seat.world`)."""
        data: dict[str, Any] = {"game": game, "seats": list(seats), "pace": pace, "name": name, "hints": hints,
                                "world": world}
        if variant is not None:
            data["variant"] = variant
        if seed is not None:
            data["seed"] = seed
        answer = self.post("create", data)
        seat = (Seat(self, answer["code"], answer["token"], answer["frame"], live, world=world)
                if "token" in answer else None)
        return Created(answer["code"], seat, bool(answer.get("persistent")))

    def info(self, code: str) -> dict[str, Any]:
        """What anyone with the code may know before joining: ``game``, ``players``, ``seats``, ``names``,
        ``full`` (no person's seat is free), ``over``."""
        return self.post("info", {"code": code})

    def join(self, code: str, name: str = "", live: bool = True, world: bool = False) -> Seat:
        """The next free person's seat at the table ``code``."""
        answer = self.post("join", {"code": code, "name": name, "world": world})
        return Seat(self, answer["code"], answer["token"], answer["frame"], live, world=world)

    def rejoin(self, code: str, token: str, live: bool = True, world: bool = False) -> Seat:
        """The seat whose token this is (after a reload): its frame from the start, every event again."""
        answer = self.post("state", {"code": code, "token": token, "world": world})
        return Seat(self, answer["frame"]["code"], token, answer["frame"], live, world=world)

    def watch(self, code: str, key: str, live: bool = True) -> Seat:
        """The table as the teacher sees it, every hand face up (``views``); ``key`` is the teacher's."""
        answer = self.post("state", {"code": code, "watch": key})
        return Seat(self, code, "", answer["frame"], live, watch=key)

    def spectate(self, code: str, live: bool = True) -> Seat:
        """The table as a classmate watching it sees it (a full table offers it): only what every seat sees (who
        sits where, whose turn, the events in words), no seat's cards; no key needed."""
        answer = self.post("state", {"code": code, "public": True})
        return Seat(self, answer["frame"]["code"], "", answer["frame"], live, public=True)


@dataclass(frozen=True)
class Created:
    code: str  # the short code to write on the board
    seat: Seat | None  # the creator's seat
    persistent: bool  # whether the server keeps its tables through a restart (a class folder)


def world_of(frame: dict[str, Any]) -> Any:
    """A frame's stand-in game (see :attr:`Seat.world`; None in a frame without one)."""
    text = frame.get("world")
    if not isinstance(text, str):
        return None
    from mainmerah.core.registry import load_game

    return load_game(text)


class Seat:
    """One seat at a shared table, as this client knows it from the frames the server sent it."""

    def __init__(self, server: Server, code: str, token: str, frame: dict[str, Any], live: bool = True,
                 watch: str = "", world: bool = False, public: bool = False) -> None:
        self.server = server
        self.code = code
        self.token = token
        self._watch = watch
        self._world = world
        self._public = public
        self.frame: dict[str, Any] = {}
        self.seq = -1
        self.events: list[str] = []
        self._lock = threading.Condition()
        self._callbacks: list[Callable[[Seat], object]] = []
        self._closed = False
        self._paused = False
        self.ended = ""  # why the table ended, if the server closed it (the teacher's button), in words
        self._live = live
        self._listener: _Listener | None = None
        self.apply(frame)
        if live:
            self._listener = _Listener(self)

    # ----- reading ----------------------------------------------------------------------------------------
    @property
    def index(self) -> int | None:
        """Which seat this is (None: the watcher)."""
        seat: int | None = self.frame.get("seat")
        return seat

    @property
    def view(self) -> Any:
        """This seat's view: the game's own view object, as the engine gives it for this seat."""
        return decode(self.frame["view"]) if "view" in self.frame else None

    @property
    def world(self) -> Any:
        """The seat's stand-in game (a seat joined with ``world=True``; else None): its own cards and everything
        it has seen as they are, the cards it has not seen dealt at random, the same decisions. Every rule
        answers as in the real game for this seat; another seat's hidden cards are not in it."""
        return world_of(self.frame)

    def current(self) -> tuple[int, dict[str, Any], Any]:
        """The last frame's number, the frame and its stand-in game (:attr:`world`), read together: the socket's
        thread may apply the next frame meanwhile, and a number read apart from its frame would pass one over."""
        with self._lock:
            seq, frame = self.seq, self.frame
        return seq, frame, world_of(frame)

    @property
    def hints(self) -> bool:
        """Whether the table's creator lets its people ask for hints."""
        return bool(self.frame.get("hints"))

    @property
    def pace(self) -> float:
        """The table's pace (seconds between the computers' moves, as its creator chose): a joining page shows the
        others' moves at it too."""
        pace = self.frame.get("pace")
        return float(pace) if is_pace(pace) else SHARED_PACE

    @property
    def views(self) -> list[Any]:
        """The watcher's: every seat's view."""
        return [decode(v) for v in self.frame.get("views", [])]

    @property
    def decision(self) -> Turn | None:
        d = self.frame.get("decision")
        return None if d is None else Turn(int(d["seat"]), str(d["kind"]))

    @property
    def my_turn(self) -> bool:
        d = self.decision
        return d is not None and d.seat == self.index

    @property
    def over(self) -> bool:
        return bool(self.frame.get("over"))

    @property
    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: ``kind`` (person / computer), ``level``, ``name``, ``taken``, ``connected``, ``covered``
        (a person's seat the computer plays while its person is away)."""
        return list(self.frame.get("seats", []))

    @property
    def notes(self) -> list[str]:
        """What the table says to everyone now, in this seat's language (e.g. whose seat the computer plays)."""
        return [str(n) for n in self.frame.get("notes", [])]

    def legal_actions(self) -> list[str]:
        """This seat's legal actions now (empty when it is not its turn)."""
        return list(self.frame.get("legal", []))

    def __repr__(self) -> str:
        return f"<Seat {self.index} at table {self.code}, seq {self.seq}>"

    # ----- acting -----------------------------------------------------------------------------------------
    def _ask(self) -> dict[str, Any]:
        who = {"public": True} if self._public else {"watch": self._watch} if self._watch else {"token": self.token}
        return {"code": self.code, **who, **({"world": True} if self._world else {})}

    def act(self, action: str) -> int:
        """Take ``action`` (the game's notation); refused -> RuleError with the server's reason, nothing changes."""
        answer = self.server.post("act", {"code": self.code, "token": self.token, "action": str(action),
                                          "since": max(self.seq, 0), "world": self._world})
        self.apply(answer["frame"])
        return self.seq

    def rename(self, name: str) -> None:
        self.apply(self.server.post("name", {"code": self.code, "token": self.token, "name": name,
                                             "since": max(self.seq, 0), "world": self._world})["frame"])

    def refresh(self) -> int:
        """Ask for what changed since the last frame (what the socket does by itself)."""
        self.apply(self.server.post("state", {**self._ask(), "since": max(self.seq, 0)})["frame"])
        return self.seq

    def wait(self, timeout: float = 10.0) -> int:
        """Wait until the table changes (or ``timeout`` seconds pass); the sequence number then."""
        with self._lock:
            start = self.seq
            if not self._live:
                self._lock.release()
                try:
                    self.refresh()
                finally:
                    self._lock.acquire()
            else:
                self._lock.wait_for(lambda: self.seq > start or self._closed, timeout)
            return self.seq

    def on_change(self, callback: Callable[[Seat], object]) -> None:
        """Call ``callback(seat)`` after every frame applied."""
        self._callbacks.append(callback)

    def apply(self, frame: dict[str, Any]) -> None:
        """Take in one frame, in order: older ones are ignored, and a gap is filled from the server first."""
        gap = False
        with self._lock:
            seq, since = int(frame["seq"]), int(frame.get("since", 0))
            if seq <= self.seq:
                return
            if self.seq >= 0 and since != self.seq:
                gap = True
            else:
                self.events.extend(frame.get("events", []))
                self.frame, self.seq = frame, seq
                self._lock.notify_all()
        if gap:
            self.refresh()  # events after our number, in one frame
            return
        for callback in list(self._callbacks):
            callback(self)

    # ----- the live connection ----------------------------------------------------------------------------
    async def _socket(self, listener: _Listener) -> None:
        from tornado.websocket import websocket_connect

        url = "ws" + self.server.url[4:] + f"{PREFIX}/socket"
        stop = listener.stopped
        pause = 0.2
        while not stop.is_set():
            try:
                conn = await websocket_connect(url)
            except OSError:
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)
                continue
            listener.conn = conn
            if stop.is_set():  # (let go while connecting)
                conn.close()
                break
            conn.write_message(json.dumps({**self._ask(), "since": max(self.seq, 0), "lang": self.server.lang}))
            while not stop.is_set():
                message = await conn.read_message()
                if message is None:
                    break
                data = json.loads(message)
                if data.get("kind") == "frame":
                    try:
                        self.apply(data)
                    except TableError:
                        pass
                elif data.get("kind") == "closed":  # the teacher closed the table: nothing more will come
                    with self._lock:
                        self.ended, self._closed = str(data.get("error", "")), True
                        self._lock.notify_all()
                    stop.set()
                    break
                elif data.get("kind") == "error" and conn.close_code is not None:
                    break
            conn.close()
            if conn.close_code is not None and conn.close_code >= 4000:
                break  # refused (an unknown code, a key that is not this table's): trying again will not help
            pause = 0.2
            await asyncio.sleep(pause)

    @property
    def paused(self) -> bool:
        """Whether the live connection is let go for now (:meth:`pause`)."""
        return self._paused

    def pause(self) -> None:
        """Let the live connection go for now (the seat's person is not there: the server's takeover clock runs);
        :meth:`resume` opens it again. Nothing else changes: the frames are caught up on resuming."""
        if self._paused or self._listener is None or self._closed:
            return
        self._paused = True
        self._stop_listening()

    def resume(self) -> None:
        """Open the live connection again after :meth:`pause` (the frames missed meanwhile come first)."""
        if not self._paused or self._closed:
            return
        self._paused = False
        self._listener = _Listener(self)

    def close(self) -> None:
        """Stop listening (the seat stays the player's: ``rejoin`` with its token takes it again)."""
        self._paused = False
        self._closed = True
        with self._lock:
            self._lock.notify_all()
        self._stop_listening()

    def _stop_listening(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()


class _Listener:
    """One live connection of a seat: a thread with its own event loop and websocket, and its own stop. A
    connection let go stays stopped even if its thread is slow to end; the next one is another listener."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat
        self.stopped = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.conn: Any = None
        self.thread = threading.Thread(target=self._run, name=f"table {seat.code}", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self.loop = loop
        try:
            loop.run_until_complete(self.seat._socket(self))
        finally:
            loop.close()

    def stop(self) -> None:
        self.stopped.set()
        loop, conn = self.loop, self.conn
        if loop is not None and conn is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(conn.close)
            except RuntimeError:
                pass
        if self.thread is not threading.current_thread():
            self.thread.join(timeout=2)
