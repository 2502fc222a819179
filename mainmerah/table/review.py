"""Review this game, at the table: the moments your choices cost the most, and each one to try again.

Game-neutral (:func:`mainmerah.core.review.review` through the registry's contract). Once a game is over the
table shows **Review this game**; the review runs on a thread of its own (a few seconds: the page stays
live and says how far it got), then lists the real mistakes, the costliest first: what you played, what
was better, what it cost on average and why, both lines played out in this deal in the engine's own words;
or, with no real mistake, says so and names your best decision. **Try this position again** sets the table
back to that decision (only what you could see) and judges your new choice the same way
(:meth:`~mainmerah.core.review.Moment.verdict`), the game's own way to go on being the table's Back to the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w

from mainmerah.core import registry
from mainmerah.core.i18n import _
from mainmerah.core.review import Moment, Review, Reviewer, line, position, theme_name
from mainmerah.draw.text import esc
from mainmerah.table.cards import shared

log = logging.getLogger(__name__)

WORLDS = 40  # deals of the unseen cards each decision is compared over (as mm.review)
SHOWN = 5  # moments listed (the costliest)
NICENESS = 19  # the worker's: it yields to the page and to other kernels (a class server's) whenever they work


class _Dropped(Exception):
    """The judging ahead was dropped (a new game, an undo, the page closed, or the review asked for)."""


class ReviewPanel(w.VBox):
    """The review of the human seat's decisions in the game the table shows, once it is over.

    ``table`` is the :class:`~.table.TableWidget` (it calls :meth:`update` after every redraw and
    :meth:`retry`'s position is set through its ``try_again``). ``background`` False runs the review
    in the caller's thread (tests, plain Python).

    With threads (under Voilà, not in the browser's Python), your decisions are judged while the game is
    played: after each redraw the game as it stands is handed to one worker thread, which judges the decisions
    not judged yet, one play-out at a time, pausing while the table computes (:meth:`busy`: the computers'
    moves, a hint). It judges with the same :class:`~mainmerah.core.review.Reviewer` the review then finishes,
    so the worlds and seeds are those of the review at the end and so is every judgement. A new game, an undo
    or the panel closed drops it (the thread ends within a play-out)."""

    def __init__(self, table: Any, worlds: int = WORLDS, background: bool = True) -> None:
        super().__init__(layout=w.Layout())  # its own: it is shown and hidden (a shared one would hide others)
        self.add_class("mm-review")
        self.table = table
        self.worlds = worlds
        self.background = background
        self.result: Review | None = None
        self.game: Any = None  # the finished game reviewed (the table may show a retry meanwhile)
        self.played: list[Any] = []  # its decisions when reviewed (an undo changes the game in place)
        self.reviewed: Any = None  # a copy of it: the lines and the positions tried again are read from it
        self.seat: int | None = None  # the seat reviewed (at a pass-and-play table: the person who asked)
        self.private = False  # True: judged and shown from the seat's view only (see at)
        self.running = False
        self._thread: threading.Thread | None = None
        # Judging ahead, while the game is played (see the class's note).
        self.ahead: Reviewer | None = None  # the decisions of the game played judged so far
        self._ahead_of: Any = None  # which game it judges: (the table's game number, the game)
        self._ahead_game: Any = None  # the newest copy of the game handed to the worker, not yet taken
        self._worker: threading.Thread | None = None
        self._cancel = threading.Event()  # the worker's: set to drop its work
        self._lock = threading.Lock()  # guards ahead, _ahead_game and _worker between the page and the worker
        self._idle = threading.Event()  # cleared while the table computes (the worker waits)
        self._idle.set()
        self._busy = 0
        self.judge_early: bool | None = None  # None: see early; True/False: judged ahead or not, wherever
        self._listeners: list[Callable[[Review, Any], object]] = []  # see on_reviewed
        # What became of the review's mistakes (kept for Practice), said under the method line in the current language.
        self.kept_note: Callable[[], str] | None = None
        self.start_button = w.Button(description=_("Review this game"), layout=w.Layout(display=""))
        self.start_button.add_class("mm-review-start")
        self.start_button.on_click(lambda _b: self.start())
        # At a pass-and-play table: one button per person, each reviewing that person's own seat.
        self.people_box = w.HBox([], layout=w.Layout(display="none"))
        self.people_box.add_class("mm-review-people")
        self.people_buttons: dict[int, w.Button] = {}
        self.status = w.HTML("", layout=shared("layout"))
        self.status.add_class("mm-review-status")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(display="none", width="100%"))
        self.moments = w.VBox([], layout=shared("layout"))
        self.moments.add_class("mm-review-moments")
        self.retry_buttons: list[w.Button] = []
        self.back_button = w.Button(description=_("Back to the end of the game"), layout=w.Layout(display="none"))
        self.back_button.add_class("mm-review-back")
        self.back_button.on_click(lambda _b: self.back())
        self.children = (self.start_button, self.people_box, self.status, self.progress, self.back_button, self.moments)
        self.layout.display = "none"

    # ----- when it is offered ----------------------------------------------------------------------
    def offered(self) -> bool:
        """Once the game is over, wherever a person played a seat: yours at a solo or a shared table, each
        person's at a pass-and-play table."""
        t = self.table
        return bool(t.people) and (t.game.decision is None or t.retrying)

    def update(self) -> None:
        """After a redraw: offered once the game is over (kept while a moment is tried again)."""
        t = self.table
        self._judge_ahead()
        if not self.offered():
            self.layout.display = "none"
            if self.game is not None and not self._showing() and not t.retrying and not self.running:
                self._forget()
            return
        if self.game is not None and not self._showing() and not t.retrying and not self.running:
            self._forget()  # another finished game: its own review
        self.layout.display = ""
        self.back_button.layout.display = "" if t.retrying else "none"
        self._people_buttons()

    def _people_buttons(self) -> None:
        """At a pass-and-play table, "Review Sari's decisions" for each person (else the one start button)."""
        t = self.table
        waiting = self.result is None and not self.running
        if not t.pass_play:
            self.people_box.layout.display = "none"
            return
        self.start_button.layout.display = "none"
        seats = sorted(t.people)
        if sorted(self.people_buttons) != seats:
            self.people_buttons = {}
            for seat in seats:
                b = w.Button(layout=w.Layout(width="auto"))
                b.add_class("mm-review-start")
                b.on_click(lambda _b, seat=seat: self.start(seat))
                self.people_buttons[seat] = b
            self.people_box.children = tuple(self.people_buttons.values())
        for seat, b in self.people_buttons.items():
            b.description = _("Review {name}'s decisions").format(name=t.names[seat])
            b.button_style = "warning" if seat == self.seat and self.result is not None else ""
        self.people_box.layout.display = "" if (waiting or self.result is not None) and not t.retrying else "none"

    def _showing(self) -> bool:
        """Whether the table shows the game reviewed, as it was (not another, nor it undone and played on). At a
        shared table every frame brings the seat's game anew: the same decisions are the same game."""
        t = self.table
        return (t.game is self.game or t.remote is not None) and t.game.choices == self.played

    def _forget(self) -> None:
        self.result, self.game, self.reviewed, self.played = None, None, None, []
        self.seat, self.private = None, False
        self.kept_note = None
        self.status.value = ""
        self.moments.children = ()
        self.retry_buttons = []
        self.start_button.layout.display = ""

    # ----- running it ---------------------------------------------------------------------------
    def start(self, seat: int | None = None) -> None:
        """Review the finished game shown (on a thread of its own, the page live meanwhile): ``seat``'s decisions
        (one of the people's; None: yours at a solo or shared table)."""
        t = self.table
        if seat is None and not t.pass_play:
            seat = t.human
        if self.running or seat is None or seat not in t.people or t.game.decision is not None:
            return
        if self.result is not None and self.seat != seat:
            self._forget()  # another person's review: theirs alone (the first is not shown beside it)
        self.game, self.played, self.reviewed = t.game, list(t.game.choices), t.game.copy()
        self.seat, self.private = seat, t.pass_play
        game = self.reviewed.copy()
        judged = self._take_ahead(game, seat)
        self.running = True
        self.start_button.layout.display = "none"
        self.people_box.layout.display = "none"
        self.status.value = esc(_("Reviewing your decisions: this takes a few seconds…"))
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        if self.background and sys.platform != "emscripten":  # (no threads in the browser's Python)
            self._thread = threading.Thread(target=self._run, args=(game, seat, judged), daemon=True)
            self._thread.start()
        else:
            self._run(game, seat, judged)

    def wait(self, timeout: float | None = None) -> None:
        """Until a review under way ends (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, game: Any, seat: int, judged: Reviewer | None = None) -> None:
        try:
            reviewer = judged if judged is not None else Reviewer(game, seat=seat, worlds=self.worlds)
            reviewer.advance(game, progress=self._progress)  # (only those not judged ahead)
            self.result = reviewer.review()
        except Exception:  # noqa: BLE001 - a thread has nobody to report to but the log and the page
            log.exception("the review failed")
            self.status.value = esc(_("The review could not be made; the game is unchanged."))
        finally:
            self.running = False
            self.progress.layout.display = "none"
        if self.result is not None:
            for cb in list(self._listeners):
                cb(self.result, self.reviewed)
            self.show()
        self._people_buttons()

    # ----- judging ahead, while the game is played --------------------------------------------------
    @property
    def early(self) -> bool:
        """Whether decisions are judged while the game is played: where there are threads (not in the browser's
        Python) and, unless ``judge_early`` says, where a kernel runs the table (an event loop: Voilà, Jupyter;
        not a plain script, where a table steps only when told)."""
        if not self.background or sys.platform == "emscripten":
            return False
        if self.judge_early is not None:
            return self.judge_early
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return True

    def _judge_ahead(self) -> None:
        """Hand the game as it stands to the worker (started if none runs): at a solo table, your decisions."""
        t = self.table
        if not self.early:
            if self.ahead is not None:
                self.drop_ahead()
            return
        if t.retrying or t.remote is not None or t.pass_play or t.human is None:
            return
        if self.running or self.result is not None or self.comm is None:
            return
        game, seat = t.game, t.human
        with self._lock:
            r = self.ahead
            of = self._ahead_of
            same = r is not None and of is not None and of[0] == t._game_no and of[1] is game
            same = same and r is not None and r.seat == seat and r.worlds == self.worlds and r.follows(game)
        if not same:
            self.drop_ahead()  # another game, or this one undone: judged anew
        with self._lock:
            if self.ahead is None:
                self.ahead, self._ahead_of = Reviewer(game, seat=seat, worlds=self.worlds), (t._game_no, game)
            if len(game.choices) <= len(self.ahead.choices):
                return  # nothing new since it was handed over
            self._ahead_game = game.copy()  # (the worker never reads the table's game, which changes)
            if self._worker is None:
                self._cancel = threading.Event()
                self._worker = threading.Thread(target=self._work, args=(self.ahead, self._cancel),
                                                name="mm-review-ahead", daemon=True)
                self._worker.start()

    def _work(self, reviewer: Reviewer, cancel: threading.Event) -> None:
        """The worker: judges each game handed over, until none is left or the work is dropped."""
        with contextlib.suppress(AttributeError, OSError):  # a lower priority where the system has it
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)

        def wait() -> None:
            while True:
                if cancel.is_set() or self.comm is None or self.table.comm is None:
                    raise _Dropped
                if self._idle.wait(0.05):
                    return
        try:
            while True:
                with self._lock:
                    game, self._ahead_game = self._ahead_game, None
                    dropped = game is None or cancel.is_set() or self.ahead is not reviewer
                    if dropped or not reviewer.follows(game):
                        if not dropped:  # undone while this thread judged what it undid: judged anew
                            self.ahead, self._ahead_of = None, None
                        # Said ended while the lock is held: a game handed over from now on starts a new worker
                        # (said in `finally`, a hand-over in between found this one still running, and was lost).
                        if self._worker is threading.current_thread():
                            self._worker = None
                        return
                reviewer.advance(game, wait=wait)
        except _Dropped:
            if self.comm is None or self.table.comm is None:  # the page closed: nothing of it kept
                with self._lock:
                    if self.ahead is reviewer:
                        self.ahead, self._ahead_of, self._ahead_game = None, None, None
        except Exception:  # noqa: BLE001 - a thread has nobody to report to but the log: the review judges anew
            log.exception("judging ahead failed")
            with self._lock:
                if self.ahead is reviewer:
                    self.ahead = None
        finally:
            with self._lock:
                if self._worker is threading.current_thread():
                    self._worker = None

    def drop_ahead(self, wait: float | None = 5.0) -> None:
        """Drop what was judged ahead and stop the worker (waiting for it at most ``wait`` seconds)."""
        with self._lock:
            worker, self._worker = self._worker, None
            self.ahead, self._ahead_of, self._ahead_game = None, None, None
            self._cancel.set()
        if worker is not None and worker is not threading.current_thread():
            worker.join(wait)

    def _take_ahead(self, game: Any, seat: int) -> Reviewer | None:
        """What was judged ahead of ``game`` (finished) for ``seat``, the worker stopped (None: nothing)."""
        with self._lock:
            r, of = self.ahead, self._ahead_of
            worker = self._worker
            self._cancel.set()  # the review finishes it: the decision under way is left as never begun
        if worker is not None:
            worker.join()
        with self._lock:
            self.ahead, self._ahead_of, self._ahead_game, self._worker = None, None, None, None
        if r is None or of is None or of[0] != self.table._game_no or of[1] is not self.game:
            return None
        if r.seat != seat or r.worlds != self.worlds or not r.follows(game):
            return None
        return r

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """While the table computes (a computer's move, a hint): the worker judging ahead waits."""
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if self._busy == 0:
                self._idle.set()

    def close(self) -> None:
        self.drop_ahead()
        super().close()

    def at(self, step: int) -> Any:
        """The position before decision ``step`` of the game reviewed, as its lines are played out and as it is
        tried again. At a pass-and-play table, from the seat's view only: the cards it could not see dealt
        otherwise (``GameInfo.other_world``, seeded by the seat and the step), so one person's review never
        shows where another's hidden cards were."""
        game = position(self.reviewed, step)
        if not self.private or self.seat is None:
            return game
        other = registry.get(game.game_name).other_world(game, self.seat, random.Random(f"{self.seat}:{step}"))
        return game if other is None else other

    def on_reviewed(self, callback: Callable[[Review, Any], object]) -> None:
        """Call ``callback(review, game)`` once a review is made (``game``: a copy of the game reviewed)."""
        self._listeners.append(callback)

    def _progress(self, done: int, todo: int) -> None:
        self.progress.max = max(todo, 1)
        self.progress.value = done
        self.status.value = esc(_("Reviewing your decisions: {done} of {todo}…").format(done=done, todo=todo))

    # ----- what it shows ---------------------------------------------------------------------------
    def show(self) -> None:
        """The review in the current language (again after a language switch)."""
        r, game = self.result, self.reviewed
        if r is None or game is None:
            return
        head = [f'<p class="mm-review-method">{esc(r.method())}</p>']
        if self.private and self.seat is not None:
            whose = _("{name}: your decisions, judged and played out from what you could see.").format(
                name=self.table.names[self.seat])
            head.insert(0, f'<p class="mm-review-whose"><b>{esc(whose)}</b></p>')
        if self.kept_note is not None:
            head.append(f'<p class="mm-review-kept">{esc(self.kept_note())}</p>')
        moments = r.moments[:SHOWN]
        if not moments:
            head.append(f'<p class="mm-review-none">{esc(_("No real mistake in this game: well played!"))}</p>')
            if r.best is not None:
                head.append(f'<p class="mm-review-best">{esc(self._best_words(r.best))}</p>')
        else:
            head.append(f"<p>{esc(_('The moments your choices cost the most, the costliest first:'))}</p>")
        self.status.value = "".join(head)
        boxes: list[w.Widget] = []
        self.retry_buttons = []
        for i, m in enumerate(moments, 1):
            html = w.HTML(self._moment_html(i, m), layout=shared("layout"))
            button = w.Button(description=_("Try this position again"), layout=w.Layout(width="auto"))
            button.add_class("mm-review-retry")
            button.on_click(lambda _b, m=m: self.retry(m))
            self.retry_buttons.append(button)
            box = w.VBox([html, button], layout=shared("layout"))
            box.add_class("mm-review-moment")
            boxes.append(box)
        self.moments.children = tuple(boxes)

    def _best_words(self, m: Moment) -> str:
        if m.gain >= 0.05:
            return _("Your best decision: {action} (move {n}), about {gain} points better on average than the "
                     "other choices.").format(action=m.action, n=self._move_number(m), gain=f"{m.gain:.1f}")
        return _("Your best decision: {action} (move {n}), the best choice found there.").format(
            action=m.action, n=self._move_number(m))

    def _move_number(self, m: Moment) -> int:
        return m.step + 1

    def _moment_html(self, i: int, m: Moment) -> str:
        names, you = self.table.names, self.seat
        game = self.at(m.step)
        played = line(game, m.step, m.action, names=list(names), you=you)
        better = line(game, m.step, m.better, names=list(names), you=you)
        title = _("{i}. Move {n}: you chose {action}; {better} was better.").format(
            i=i, n=self._move_number(m), action=m.action, better=m.better)

        def said(head: str, lines: list[str]) -> str:
            return f"<p><b>{esc(head)}</b> {esc(' '.join(lines))}</p>"

        return "".join([
            f'<p class="mm-review-title"><b>{esc(title)}</b></p>',
            f"<p>{esc(m.explain())}</p>",
            *([f'<p class="mm-review-theme">{esc(self._theme_words(m.theme))}</p>'] if m.theme else []),
            said(_("What happened after {action}:").format(action=m.action), played),
            said(_("After {action} instead, in this deal:").format(action=m.better), better),
        ])

    def _theme_words(self, theme: str) -> str:
        return _("Theme: {theme}.").format(theme=theme_name(self.reviewed.game_name, theme))

    # ----- try again ---------------------------------------------------------------------------
    def retry(self, m: Moment) -> None:
        """The table back at ``m``'s decision, as you saw it; your next choice there is judged as ``m`` was."""
        if self.reviewed is None:
            return
        self.table.try_again(self.at(m.step), m)
        self.update()

    def back(self) -> None:
        """The reviewed game again, at its end."""
        if self.game is not None:
            self.game.goto(len(self.played))  # (as it was reviewed)
            self.table.end_retry(self.game)
            sync = getattr(self.table, "sync", None)
            if self.table.remote is not None and callable(sync):
                sync()  # a shared table: what came meanwhile
        self.update()

    def relabel(self) -> None:
        self.start_button.description = _("Review this game")
        self.back_button.description = _("Back to the end of the game")
        self._people_buttons()
        for b in self.retry_buttons:
            b.description = _("Try this position again")
        self.show()

