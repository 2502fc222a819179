"""The table's pacing: which step of the log is shown, when the next comes, when computers move.

The engine jumps from decision to decision; the table shows one frame of the event log
at a time (``shown`` events), stepping from one boundary to the next by itself (one step
each ``delay`` seconds) or on Next. What a frame holds and where steps end is the game's
(the presenter's); this part only walks through them, for any game.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.core.i18n import _

if TYPE_CHECKING:
    from mainmerah.table.presenter import Presenter
    from mainmerah.table.seats import Seats

log = logging.getLogger(__name__)


class Stepper:
    """Mixin of :class:`~.table.TableWidget`: the shown step, its frame, the timer, the computers' moves."""

    game: Any
    presenter: Presenter
    seats: Seats
    human: int | None
    auto: bool
    delay: float
    replaying: bool
    note: str | None
    shown: int
    _timer: asyncio.TimerHandle | None
    _frame: tuple[Any, Any, Any] | None  # the last frame drawn, to fold on from
    _game_no: int
    _rested: tuple[int, int]  # the deal's result the player moved on from: (game number, step)
    review: Any  # the ReviewPanel: its judging ahead waits while the table computes (its busy())

    if TYPE_CHECKING:
        def _render(self) -> None: ...

        def _fail(self, message: str) -> None: ...

        @property
        def people(self) -> frozenset[int]: ...

        def _pass_to(self, seat: int) -> None: ...

        def _all_see(self) -> None: ...

        def _send_action(self, action: str) -> None: ...

        remote: Any

    @property
    def events(self) -> list:
        return self.game.events  # type: ignore[no-any-return]

    @property
    def caught_up(self) -> bool:
        return self.shown >= len(self.game.events)

    @property
    def frame(self) -> Any:
        """What the table shows now (``shown`` events folded); read it, never change it.

        The last frame is kept with the event it ended on: while that event is still in its
        place (a log only grows or is cut back), the next frame folds on from it.
        """
        events = self.game.events
        last = self._frame
        after = None
        if last is not None:
            frame, game, mark = last
            if game is self.game and frame.n <= min(self.shown, len(events)) and events[frame.n - 1] is mark:
                if frame.n == self.shown:
                    return frame
                after = frame
        f = self.presenter.frame_at(self.game, self.shown, after)
        self._frame = (f, self.game, events[f.n - 1])
        return f

    @property
    def human_decision(self) -> Any:
        """The engine's Decision when the human must act now (shown, not a replay), else None.

        A Hint button offers a hint only then: never on a computer's turn.
        """
        return self._my_decision()

    def _my_decision(self) -> Any:
        d = self.game.decision
        if self.replaying or not self.caught_up or d is None or d.seat != self.human:
            return None
        return d

    def _bounds(self) -> list[int]:
        return self.presenter.boundaries(self.game.events)

    def _next_boundary(self) -> int:
        return next((b for b in self._bounds() if b > self.shown), len(self.game.events))

    def _step_events(self, f: Any) -> list:
        if f.n == self._bounds()[0]:
            return list(self.game.events[: f.n])  # the deal (and anything before play, such as a redeal)
        return list(f.step)

    def _turn_seat(self, f: Any) -> int:
        if self.caught_up and self.game.decision is not None:
            return int(self.game.decision.seat)
        return self.presenter.turn_seat(f)

    @property
    def resting(self) -> bool:
        """Whether the table waits on a deal's result (the presenter's ``result_html``) until the player moves
        on (Next deal): never in a replay, nor at a table with nobody playing."""
        if self.replaying or not self.people or self._rested == (self._game_no, self.shown):
            return False
        return self.shown > self._bounds()[0] and self.presenter.result_html(self.frame) is not None

    def move_on(self) -> None:
        """The player moves on from the result shown (if any): the steps after it may come."""
        self._rested = (self._game_no, self.shown)

    def _pump(self) -> None:
        """Show what is due now, let computers decide when the view caught up, schedule the rest."""
        self._cancel_timer()
        while True:
            if self.resting:
                break  # a deal's result stays until the player moves on
            if not self.caught_up:
                if not self.auto or (self.replaying and self.delay == 0):
                    break  # an instant replay would show nothing: replays then wait for Forward
                if self.delay > 0:
                    self._schedule()
                    break
                self.shown = self._next_boundary()
                continue
            if self.replaying:
                self.replaying = False
                self.note = _("Replay finished: this is where the game stands.")
                continue
            d = self.game.decision
            if d is None:
                self._all_see()
                break
            if d.seat in self.people:
                if d.seat != self.human:
                    self._pass_to(d.seat)  # another person's turn (pass and play): every hand hidden first
                break
            if self.remote is not None:
                break  # a shared table: the other seats' moves come from the server
            self._bot_move()
        self._render()

    def _bot(self, seat: int) -> Any:
        info = registry.get(self.presenter.game_name)
        return self.seats.bot(seat, lambda level, seed: info.make_bot(level, seed=seed),
                              self.presenter.seed_of(self.game))

    def _bot_move(self) -> None:
        d = self.game.decision
        assert d is not None
        with self.review.busy():  # (the review's judging ahead waits meanwhile)
            action = self._bot(d.seat).choose(self.game.view(d.seat))  # from what its seat may see only
        self._act(action)

    def _act(self, action: str | Card) -> None:
        """The one place an action reaches the game: the human's (a presenter's :class:`~.intents.Act`) and
        the computers' alike; the state checks it (a refused one raises, with the reason, and changes
        nothing). At a shared table (:mod:`.shared`) the action goes to the table server, which checks it
        with the engine, and the frame it answers is shown."""
        if self.remote is not None:
            self._send_action(str(action))
            return
        self.game.act(action)

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (plain Python): steps wait for next()
        self._timer = loop.call_later(self.delay, self._tick)

    def _tick(self) -> None:
        self._timer = None
        try:
            if not self.caught_up:
                self.shown = self._next_boundary()
            self._pump()
        except Exception:  # noqa: BLE001 - a timer has nobody to report to but the log and the table
            log.exception("auto-advance failed")
            self._fail(_("Something went wrong while showing the next move."))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def decided(self) -> None:
        """After your decision, show its step at once; what follows comes at the table's pace."""
        self.shown = self._next_boundary()
        self._pump()
