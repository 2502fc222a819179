"""The tutorial's Practice tab: the exercises due today (:mod:`.practice`), grouped by theme, one at a time.

Each is shown at the game's own table as "Try this position again" shows a review's moment (only what the seat
could see); the choice made there is judged the same way (``Moment.verdict``), nothing is played. The first
answer to an exercise today moves it in the Leitner boxes (right: up a box; wrong: back to box 1) and is kept at
once; the position stays, to try again. With nothing due the tab says so, and when the next exercise is due.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from html import escape

import ipywidgets as W

from mainmerah.core.i18n import _, ngettext
from mainmerah.core.review import Moment, theme_name
from mainmerah.table.keeper import Keeper, KeptError, Records
from mainmerah.table.table import TableWidget
from mainmerah.teach.practice import (
    INTERVALS,
    WORLDS,
    Exercise,
    Practice,
    check_record,
    practice_key,
    right_answer,
    today,
)


def para(text: str, cls: str = "") -> str:
    return f'<p class="{cls}">{escape(text)}</p>' if cls else f"<p>{escape(text)}</p>"


def html(cls: str) -> W.HTML:
    h = W.HTML()
    h.add_class(cls)
    return h


class PracticePanel(W.VBox):
    """``game``'s kept exercises (``keeper`` holds :func:`~.practice.practice_key`), the due ones served in turn."""

    def __init__(self, game: str, keeper: Keeper | None = None, on: Callable[[], dt.date] = today,
                 worlds: int = WORLDS) -> None:
        super().__init__()
        self.add_class("mm-practice")
        self.game = game
        self.keeper = keeper
        self.on = on
        self.worlds = worlds
        self.practice = Practice(game)
        self.refused: str | None = None  # why the kept record was refused (it is then left as it was)
        self.done: set[str] = set()  # exercises answered on this page (the rest of today's come first)
        self.current: Exercise | None = None
        self.moment: Moment | None = None
        self.table: TableWidget | None = None
        self._verdict: tuple[bool, str] | None = None  # the current exercise's answer: (right, what was played)
        self.restored = keeper is None
        self.intro, self.note, self.summary, self.heading, self.verdict = (
            html(f"mm-practice-{part}") for part in ("intro", "note", "summary", "heading", "verdict"))
        self.stage = W.VBox([])
        self.stage.add_class("mm-practice-stage")
        self.next_button = W.Button(layout=W.Layout(width="auto", display="none"))
        self.next_button.add_class("mm-practice-next")
        self.next_button.on_click(lambda _b: self.serve())
        self.children = (self.intro, self.note, self.summary, self.heading, self.stage, self.verdict,
                         self.next_button)
        self.relabel()
        if keeper is not None:
            keeper.when_restored(self._restored)
        else:
            self.serve()

    # ----- what the browser kept ------------------------------------------------------------------
    def _restored(self, records: Records) -> None:
        text = records.get(practice_key(self.game))
        if text is not None:
            try:
                self.practice = check_record(text, self.game, self.on())
            except KeptError as e:
                self.refused = str(e)
        self.restored = True
        self.serve()

    def reread(self, records: Records) -> None:
        """What the browser keeps now (a review elsewhere on the page added to it): the exercises due served anew."""
        self.refused = None
        self._restored(records)

    def _keep(self) -> None:
        if self.keeper is not None and self.refused is None:
            self.keeper.store(practice_key(self.game), self.practice.record())

    # ----- serving ------------------------------------------------------------------------------
    def due(self) -> list[Exercise]:
        """Today's exercises still to do on this page, grouped by theme."""
        return [e for e in self.practice.due(self.on()) if e.id not in self.done]

    def serve(self) -> None:
        """The next exercise due (or the empty state)."""
        due = self.due()
        self.current = due[0] if due else None
        self.moment = None
        self._verdict = None
        self.verdict.value = ""
        self.next_button.layout.display = "none"
        if self.table is not None:
            self.table.close()
            self.table = None
        self.stage.children = ()
        if self.current is not None:
            ex = self.current
            self.moment = ex.judged(self.worlds)
            table = TableWidget(ex.position(), human=ex.seat, bots="greedy", auto=False, controls=False,
                                hints=False)
            table.side.children = tuple(c for c in table.side.children if c is not table.review)
            table.try_again(ex.position(), self.moment)
            table.on_retry(self._answered)
            self.table = table
            self.stage.children = (table,)
        self.show()

    def _answered(self, moment: Moment, action: str) -> None:
        ex = self.current
        if ex is None or moment is not self.moment:
            return
        right = right_answer(moment, action)
        if ex.id in self.done:
            return  # the first answer today moves it; more tries are judged at the table, not counted
        self.done.add(ex.id)
        self.practice = self.practice.answer(ex.id, right, self.on())
        self._keep()
        self._verdict = (right, action)
        self.show()

    # ----- words ------------------------------------------------------------------------------
    def relabel(self) -> None:
        self.next_button.description = _("Next exercise ▶")
        self.show()

    def show(self) -> None:
        """Every text in the current language."""
        self.intro.value = para(_(
            "Your mistakes from the games you reviewed at the table come back here, grouped by theme: a right "
            "answer moves one up a box (due again after {a}, {b}, then {c} days), a wrong one back to the first "
            "box (due again tomorrow).").format(a=INTERVALS[1], b=INTERVALS[2], c=INTERVALS[3]))
        self.note.value = para(_("The practice kept in this browser could not be used, so nothing was changed: "
                                 "{why}.").format(why=self.refused), "mm-kept-note") if self.refused else ""
        if not self.restored:
            self.summary.value = para(_("Opening your practice…"))
            self.heading.value = ""
            return
        due = self.due()
        self.summary.value = self._summary(due)
        ex = self.current
        if ex is None:
            self.heading.value = ""
            return
        box = _("box {n} of {last}").format(n=ex.box, last=len(INTERVALS))
        self.heading.value = (f"<h3>{escape(_('Theme: {theme}').format(theme=theme_name(self.game, ex.theme)))}"
                              f" <small>({escape(box)})</small></h3>"
                              + para(_("You chose {action} here. Find a better choice: what do you choose?").format(
                                  action=ex.played)))
        if self._verdict is not None and self.moment is not None:
            right, action = self._verdict
            head = _("Right!") if right else _("Not yet: this one comes back tomorrow.")
            # (the table's prompt says how the answer was judged; here only what it does to the schedule)
            self.verdict.value = para(head, "mm-practice-right" if right else "mm-practice-wrong")
            self.next_button.layout.display = ""
        else:
            self.verdict.value = ""

    def _summary(self, due: list[Exercise]) -> str:
        if not self.practice.exercises:
            return para(_("Nothing to practise yet. Play a game at the table and press Review this game when it is "
                          "over: its mistakes come here."), "mm-practice-empty")
        if not due:
            later = [e.due for e in self.practice.exercises if e.id not in self.done or e.due > self.on()]
            when = min(later, default=None)
            text = _("Nothing is due today: well done.")
            if when is not None and when > self.on():
                text += " " + ngettext("The next exercise is due in {n} day.", "The next exercise is due in {n} days.",
                                       (when - self.on()).days).format(n=(when - self.on()).days)
            return para(text, "mm-practice-empty")
        counts: dict[str, int] = {}
        for e in due:
            counts[e.theme] = counts.get(e.theme, 0) + 1
        items = "".join(f"<li>{escape(_('{theme}: {n}').format(theme=theme_name(self.game, t), n=n))}</li>"
                        for t, n in counts.items())
        head = ngettext("{n} exercise due today, by theme:", "{n} exercises due today, by theme:", len(due)).format(
            n=len(due))
        return para(head) + f'<ul class="mm-practice-themes">{items}</ul>'

    def close(self) -> None:
        if self.table is not None:
            self.table.close()
        super().close()


def practice_themes(practice: Practice) -> list[tuple[str, int]]:
    """(theme name in the current language, exercises) for a teacher's view, the most frequent first."""
    return [(theme_name(practice.game, t), n) for t, n in practice.themes().items()]

