"""A shared table: this widget plays one seat of a game held by the table server (``mainmerah.server.tables``).

The server holds the game and is the only place an action is applied. The widget is given a seat (a
:class:`mainmerah.tables.Seat` joined with ``world=True``, or anything with its members) and from then on:

- it draws from the seat's frames only: each frame carries the seat's *stand-in* game (``seat.world``), made
  by the server from what this seat has seen (its own cards, every card played, flipped or taken) with the
  cards it has not seen dealt at random among their places. The presenter folds and draws it as any game: the
  other seats' hands are drawn face down, and the kernel never holds another seat's real hidden cards;
- the one place an action reaches the game (:meth:`~.steps.Stepper._act`) sends it to the server, which checks
  it with the engine (a refusal comes back as a ``RuleError`` and changes nothing);
- each frame the seat receives (from its socket's thread) is handed to the kernel's own loop, and the table
  shows the new steps at its pace; a frame that skipped numbers was already caught up by the seat;
- the page says it is shown every ``MAINMERAH_ALIVE`` seconds; after ``MAINMERAH_SILENT`` seconds without a word
  (a closed laptop keeps its kernel, and so the seat's socket, alive) the seat's connection is let go, so the
  server's takeover clock runs, and the page's next word opens it again.

Undo is off (everyone has seen the move), hints only if the table's creator allowed them, the computers'
seats are played by the server, and what would start another game (a new deal, a save file) is refused
until the person leaves the table.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as w

from mainmerah.core.i18n import _

if TYPE_CHECKING:
    from mainmerah.table.seats import Seats

log = logging.getLogger(__name__)


class RemoteSeat(Protocol):
    """What the table needs of a seat at a shared table (``mainmerah.tables.Seat`` is one)."""

    code: str
    seq: int
    frame: dict[str, Any]

    @property
    def index(self) -> int | None: ...

    @property
    def world(self) -> Any: ...

    def current(self) -> tuple[int, dict[str, Any], Any]: ...

    @property
    def hints(self) -> bool: ...

    def act(self, action: str) -> int: ...

    def rename(self, name: str) -> None: ...

    def on_change(self, callback: Callable[[Any], object]) -> None: ...

    def close(self) -> None: ...

    @property
    def paused(self) -> bool: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...


ALIVE_SETTING = "MAINMERAH_ALIVE"  # every how many seconds the page says it is shown (default 15)
SILENT_SETTING = "MAINMERAH_SILENT"  # how long without a word from the page before its seat is let go (default 60)


def seconds_setting(name: str, default: float) -> float:
    """A number of seconds from the environment (``name``), else ``default``; anything else is refused."""
    text = os.environ.get(name, "").strip()
    try:
        seconds = float(text) if text else default
    except ValueError:
        raise ValueError(f"{name}={text!r}: a number of seconds") from None
    if not 0 < seconds < 10**6:
        raise ValueError(f"{name}={text!r}: a number of seconds")
    return seconds


def away(name: str) -> str:
    return _("{name} (away)").format(name=name)


def seat_words(seat: dict[str, Any], name: str) -> str:
    """A seat of a shared table (as every frame describes it) in words: its name, and whether its person is away
    (or the computer plays for them meanwhile), or the seat still free."""
    if seat.get("kind") != "person":
        return name
    if not seat.get("taken"):
        return _("{name} (free seat)").format(name=name)
    if seat.get("covered"):
        return _("{name} (the computer plays meanwhile)").format(name=name)
    return name if seat.get("connected") else away(name)


class SharedTable:
    """Mixin of :class:`~.table.TableWidget`: one seat of a table held by the table server."""

    remote: RemoteSeat | None = None
    game: Any
    seats: Seats
    human: int | None
    hints: bool
    names: list[str]
    shown: int
    selection: tuple[Any, ...]
    people_names: dict[int, str] | None
    _names_given: list[str] | None
    _seats_given: tuple[dict[str, Any], ...] = ()  # the seats as the frame last taken in describes them
    _remote_seq: int = -1
    _world: Any = None  # the last stand-in game taken from a seat's frame
    _heard: float = 0.0  # when the page last said it is shown (time.monotonic)
    _watch: asyncio.TimerHandle | None = None
    view: Any
    _shared_listeners: list[Callable[[Any], object]]

    if TYPE_CHECKING:
        def _set_game(self, game: Any, from_start: bool = True) -> None: ...

        def _pump(self) -> None: ...

        def _render(self) -> None: ...

        def refuse(self, message: str) -> bool: ...

    @property
    def stand_in(self) -> bool:
        """Whether the game drawn is a seat's stand-in (a shared table's, even once left until another game is
        dealt): the others' hidden cards in it are made up, and are never drawn face up."""
        return self.remote is not None or (self._world is not None and self.game is self._world)

    @property
    def table_code(self) -> str | None:
        """The shared table's code (None: a table of this device only)."""
        return None if self.remote is None else self.remote.code

    def sit_at(self, seat: RemoteSeat) -> None:
        """Play ``seat`` of a shared table from now on (the game shown is the server's, as this seat sees it); the
        seat it plays already: nothing to do (leaving first would close it)."""
        if seat is self.remote:
            return
        self.leave_table()
        seq, frame, world = seat.current()  # (the stand-in game decoded once)
        if seat.index is None or world is None:
            raise ValueError("a shared table's seat, joined with world=True")
        self.remote = seat
        self.people_names = None
        self.human = seat.index
        self._remote_seq, self._world = seq, world
        self._adopt_names(frame)
        self._set_game(self._world, from_start=False)
        self._hide_levels()
        self._offer_solo(False)
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None  # plain Python: call sync() to take in what came
        ref = weakref.WeakMethod(self._frame_came)

        def came(s: Any) -> None:
            method = ref()
            if method is None or loop is None or loop.is_closed():
                return
            loop.call_soon_threadsafe(method, s)

        seat.on_change(came)
        self._heard = time.monotonic()
        if loop is not None:  # a kernel with a page: the page says it is there, else the seat is let go
            self.view.alive_every = seconds_setting(ALIVE_SETTING, 15.0)
            self._watch_page(loop, seconds_setting(SILENT_SETTING, 60.0))
        self._render()

    def _watch_page(self, loop: asyncio.AbstractEventLoop, silent: float) -> None:
        """Every few seconds: a page silent for ``silent`` seconds (a closed laptop, a frozen tab) lets its seat's
        connection go, so that the server's takeover clock runs; its next word opens it again (:meth:`page_alive`)."""
        seat = self.remote
        if seat is None or loop.is_closed():
            self._watch = None
            return
        if not seat.paused and time.monotonic() - self._heard > silent:
            log.info("no word from the page for %.0f s: table %s's seat let go until it is back", silent, seat.code)
            seat.pause()
        self._watch = loop.call_later(min(silent / 3, 5.0), self._watch_page, loop, silent)

    def page_alive(self) -> None:
        """The page said it is open and shown: its seat's connection is opened again if it was let go."""
        self._heard = time.monotonic()
        seat = self.remote
        if seat is not None and seat.paused:
            log.info("the page is back: table %s's seat connected again", seat.code)
            seat.resume()

    def leave_table(self) -> None:
        """Stop playing the shared table here (the seat stays this person's: its token takes it again)."""
        seat, self.remote = self.remote, None
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None
            self.view.alive_every = 0.0
        if seat is not None:
            seat.close()
            self._offer_solo(True)
            self._names_given, self._seats_given = None, ()
            self.people_names = None
            for cb in list(getattr(self, "_shared_listeners", [])):
                cb(self)

    def on_shared(self, callback: Callable[[Any], object]) -> None:
        """Call ``callback(table)`` after every frame taken in from a shared table, and when it is left."""
        if not hasattr(self, "_shared_listeners"):
            self._shared_listeners = []
        self._shared_listeners.append(callback)

    def sync(self) -> bool:
        """Take in the seat's last frame now, if it is new (what the kernel's loop does by itself)."""
        seat = self.remote
        if seat is None or seat.seq == self._remote_seq:
            return False
        self._frame_came(seat)
        return True

    def _frame_came(self, seat: Any) -> None:
        if self.remote is None or seat is not self.remote or seat.seq == self._remote_seq:
            return
        if getattr(self, "_retry", None) is not None:
            return  # a review's moment tried again is shown: taken in when it is left (ReviewPanel.back syncs)
        try:
            self._adopt(seat)
        except Exception:  # noqa: BLE001 - a frame has nobody to answer but the log and the table
            log.exception("a shared table's frame could not be shown")
            self.refuse(_("Something went wrong while showing the table's last move."))
            return
        self._pump()
        for cb in list(getattr(self, "_shared_listeners", [])):
            cb(self)

    def _adopt(self, seat: Any) -> None:
        """The seat's last frame on the table: its stand-in game, the names, the hints allowed."""
        self._remote_seq, frame, world = seat.current()  # (together: the next frame's callback finds it new)
        self._adopt_names(frame)
        mine = world.decision is not None and world.decision.seat == self.human
        if not mine:
            self.selection = ()
        self.game = self._world = world
        self.shown = min(self.shown, len(world.events))
        self.names = list(self._names_given or self.names)

    def _adopt_names(self, frame: dict[str, Any]) -> None:
        seat = self.remote
        assert seat is not None
        self.hints = bool(frame.get("hints"))
        names = [str(n) for n in frame.get("names", [])]
        if seat.index is not None and seat.index < len(names):
            names[seat.index] = _("You")
        self._names_given = names
        self._seats_given = tuple(frame.get("seats", []))

    def seat_label(self, seat: int) -> str:
        """A seat's name on its panel: at a shared table, whether its person is here (or away, the computer playing
        the seat meanwhile), or the seat still free."""
        name = self.names[seat]
        remote = self.remote
        if remote is None:
            return name
        # The seats as the frame taken in says (not the seat's newest, which its socket's thread may have
        # replaced since): the label's name and its "away" come from one frame.
        for s in self._seats_given:
            if s.get("seat") == seat and seat != remote.index:
                return seat_words(s, name)
        return name

    def _offer_solo(self, offered: bool) -> None:
        """Show or hide what acts on a game of this device's own: dealing a new game (the pace stays), pass and
        play, replay/undo with the save file, and the page's "Start over". At a shared table the game is the
        server's: they come back when the person leaves it."""
        controls = getattr(self, "controls", None)
        if controls is not None:
            controls.offer_deals(offered)
        for part in (getattr(self, "people_controls", None), getattr(self, "history", None),
                     getattr(getattr(self, "keeping", None), "box", None)):
            if part is not None:
                part.layout = w.Layout() if offered else w.Layout(display="none")

    def _hide_levels(self) -> None:
        for panel in self.seats.panels.values():
            panel.level.hidden = True  # the server's computers: their levels were the creator's choice

    def _send_action(self, action: str) -> None:
        """An action of this seat, to the server; the frame it answers is taken in at once."""
        seat = self.remote
        assert seat is not None
        seat.act(action)  # the engine's check, at the server: refused -> RuleError, nothing changed
        self._adopt(seat)

    def shared_refusal(self) -> str | None:
        """Why what would start another game is not offered now (None: not at a shared table)."""
        if self.remote is None:
            return None
        return _("You are at the shared table {code}: leave it first (Play with others).").format(
            code=self.remote.code)
