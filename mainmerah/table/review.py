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

import logging
import random
import sys
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from mainmerah.core import registry
from mainmerah.core.i18n import _
from mainmerah.core.review import Moment, Review, line, position, review, theme_name
from mainmerah.draw.text import esc
from mainmerah.table.cards import shared

log = logging.getLogger(__name__)

WORLDS = 40  # deals of the unseen cards each decision is compared over (as mm.review)
SHOWN = 5  # moments listed (the costliest)


class ReviewPanel(w.VBox):
    """The review of the human seat's decisions in the game the table shows, once it is over.

    ``table`` is the :class:`~.table.TableWidget` (it calls :meth:`update` after every redraw and
    :meth:`retry`'s position is set through its ``try_again``). ``background`` False runs the review
    in the caller's thread (tests, plain Python)."""

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
        self.running = True
        self.start_button.layout.display = "none"
        self.people_box.layout.display = "none"
        self.status.value = esc(_("Reviewing your decisions: this takes a few seconds…"))
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.display = ""
        if self.background and sys.platform != "emscripten":  # (no threads in the browser's Python)
            self._thread = threading.Thread(target=self._run, args=(game, seat), daemon=True)
            self._thread.start()
        else:
            self._run(game, seat)

    def wait(self, timeout: float | None = None) -> None:
        """Until a review under way ends (tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, game: Any, seat: int) -> None:
        try:
            self.result = review(game, seat=seat, worlds=self.worlds, progress=self._progress)
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
        title = _("{i}. Move {n}: you played {action}; {better} was better.").format(
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

