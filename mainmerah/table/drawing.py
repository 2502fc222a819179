"""Drawing the table: every part worked out from the frame shown, then sent in one message.

The parts every game has (the seats' names and levels, the heading and its status, the
prompt, Next/Skip/Hint/Undo, the story, the game-over view, the match sheet) are drawn
here; what the game's zones hold comes from its presenter (``presenter.draw``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from mainmerah.core.i18n import _, language
from mainmerah.core.words import capitalized
from mainmerah.draw.text import esc
from mainmerah.table.board import Action, BoardView, CardRow, Entry, Part
from mainmerah.table.controls import bot_levels, level_words, levels_note

if TYPE_CHECKING:
    import ipywidgets as w

    from mainmerah.table.controls import HistoryControls, NewGameControls, ScoreSheet
    from mainmerah.table.panel import ExplanationPanel, GameOverView
    from mainmerah.table.presenter import Presenter
    from mainmerah.table.seats import Seats


class TableDrawing:
    """Mixin of :class:`~.table.TableWidget`: the redraw."""

    game: Any
    presenter: Presenter
    seats: Seats
    human: int | None
    auto: bool
    hints: bool
    links: bool
    replaying: bool
    error: str | None
    note: str | None
    shown: int
    step: int
    status: str
    names: list[str]
    view: BoardView
    header: dict[str, Any]
    board: Part
    you: Part
    you_head: dict[str, Any]
    hand: CardRow
    hand_box: Part
    prompt: Part
    next_button: Action
    skip_button: Action
    undo_button: Action
    redo_button: Action
    hint_button: Action
    next_game_button: Action
    replay_end_button: Action
    next_deal_button: Action
    reveal_button: Action
    actions: list[Action]
    entry: Entry
    gameover: GameOverView
    panel: ExplanationPanel
    sheet: ScoreSheet
    controls: NewGameControls | None
    history: HistoryControls | None
    _game_no: int
    _step_listeners: list[Callable[[Any], None]]

    if TYPE_CHECKING:
        @property
        def frame(self) -> Any: ...

        @property
        def caught_up(self) -> bool: ...

        @property
        def resting(self) -> bool: ...

        def _my_decision(self) -> Any: ...

        def _turn_seat(self, f: Any) -> int: ...

        def _step_events(self, f: Any) -> list: ...

        def _bounds(self) -> list[int]: ...

        def _own_turns(self) -> list[int]: ...

        def _redo_target(self) -> int | None: ...

        @property
        def people(self) -> frozenset[int]: ...

        @property
        def pass_play(self) -> bool: ...

        @property
        def retrying(self) -> Any: ...

        def pass_state(self) -> dict[str, Any]: ...

    passing: int | None
    bottom: int | None

    def _render(self) -> None:
        """Work out the whole redraw, then send it: the board's changed parts in one message."""
        widgets: list[w.Widget] = [self.sheet.body]
        if self.history is not None:
            widgets += [self.history.back_button, self.history.forward_button, self.history.exit_button,
                        self.history.replay_button]
        with ExitStack() as stack:
            for widget in widgets:
                stack.enter_context(widget.hold_sync())
            self.view.update(self._draw())

    def _draw(self) -> dict[str, Any]:
        """Work out every part, then what the page draws, part by part (unchanged parts are not sent again)."""
        f = self.frame
        d = self._my_decision()
        p = self.presenter
        zones = p.draw(f, d)
        for s, panel in self.seats.panels.items():
            turn = not f.over and self._turn_seat(f) == s
            (panel.add_class if turn else panel.remove_class)("mm-turn")
            # Whose turn: the ring (mm-turn) and the status line say it; the name stays put (one message less).
            panel.name.set(esc(self.names[s]))
            panel.level.description = _("{name}'s level").format(name=self.names[s])
            level = self.seats.levels.get(s)
            if isinstance(level, str):
                panel.level.show(level)
            seat = p.seat_state(f, s)
            panel.hand, panel.pile = seat["hand"], seat["pile"]
        you = self.human  # whose view is shown (None: what every seat may see)
        bottom = self.bottom  # the seat drawn as yours: the person shown, or the one the pass screen waits for
        if bottom is not None:
            turn = not f.over and self._turn_seat(f) == bottom
            (self.you.add_class if turn else self.you.remove_class)("mm-turn")
            if you == bottom or f.over:  # at the end every hand is open: none is anyone's secret
                self.you_head = {"name": capitalized(self.names[bottom]), **p.you_state(f, bottom)}
            else:  # the pass screen: a name, no card, no word of the hand
                self.hand.show([])
                self.you_head = {"name": capitalized(self.names[bottom]), "pile": {}, "hand_label": ""}
            (self.hand_box.add_class if p.waiting(d) else self.hand_box.remove_class)("mm-wait")
        self._render_prompt(f, d)
        self._render_buttons(d)
        self.panel.show(self.game.events[: f.n], self._step_events(f), self.names, you)
        (self.board.add_class if f.over else self.board.remove_class)("mm-over")
        result = p.result_html(f) if self.resting else None
        if result is not None:  # a deal's result: it stays until the player moves on (Next deal)
            self.gameover.show_html(result)
        elif f.over:
            end = p.end_of(f)
            self.gameover.show_html(p.game_over_html(end, self.names, you))
            if not self.replaying:
                # Keyed by the game's number: finishing it again after an undo updates its row.
                self.sheet.record(self._game_no, p.seed_of(self.game), p.sheet_label(self.game), end.scores,
                                  end.winners)
        else:
            self.gameover.hide()
        if self.controls is not None:
            self.sheet.render(self.names, you)
        # The header goes last: its data-step tells a page script (or a test) the redraw is complete.
        self._render_header(f, d)
        if self.step != f.n:
            self.step = f.n
            for cb in list(self._step_listeners):
                cb(self)
        over = "mm-hidden" not in self.gameover._dom_classes
        return {
            "zones": p.zones(),
            "board_cls": self.board.cls,
            "opps": [panel.state() for panel in self.seats.panels.values()],
            "level_note": levels_note(level_words(p.game_name, bot_levels(p.game_name)))
            if any(not panel.level.hidden for panel in self.seats.panels.values()) else "",
            "names": p.card_names(),
            **zones,
            "gameover": {"html": self.gameover.body.value if over else "",
                         "buttons": [self.next_deal_button.state()] if result is not None
                         else [self.next_game_button.state(), self.replay_end_button.state()]},
            "you": {"cls": self.you.cls, **self.you_head, "hand_cls": self.hand_box.cls},
            "hand": self.hand.state(),
            "prompt": {"cls": self.prompt.cls, "html": self.prompt.value},
            "buttons": [b.state() for b in self.actions],
            "entry": self.entry.state(),
            "panel": self.panel.state(),
            "log": self.panel.items[: self.panel.settled],
            "log_tail": self.panel.items[self.panel.settled:],
            "header": self.header,
            "passing": self.pass_state(),
        }

    def _render_header(self, f: Any, d: Any) -> None:
        g = self.game
        cls = ""
        if self.replaying:
            bounds = self._bounds()
            k = sum(1 for b in bounds if b <= f.n)
            status = _("Replay: step {k} of {n}").format(k=k, n=len(bounds))
        elif f.over:
            status, cls = _("Game over"), "mm-over"
        elif self.resting:
            status, cls = _("Deal over"), "mm-over"
        elif d is not None:
            cls, status = "mm-yourturn", self.presenter.status(d)
        elif self.passing is not None:
            cls, status = "mm-passing", _("Pass to {name}").format(name=self.names[self.passing])
        else:
            who = self._turn_seat(f)
            status = (_("Your move is shown") if who == self.human
                      else _("{who} is playing").format(who=self.names[who]))
        self.status = status
        # step/decisions: where the page stands (data-step, data-decisions), for scripts and tests that wait on it.
        self.header = {"step": f.n, "decisions": len(g.choices), "title": self.presenter.title,
                       "info": self.presenter.info(g), "status": status, "cls": cls,
                       "links": self._links() if self.links else []}

    def _links(self) -> list[list[str]]:
        """The header's links: this game's own lessons, and the home page with every game (in this language)."""
        return [[page_link("tutorial.ipynb", game=self.presenter.game_name), _("How to play")],
                [page_link("home.ipynb"), _("◂ All games")]]

    def _render_prompt(self, f: Any, d: Any) -> None:
        text = ""
        if self.error:
            text = self.error
        elif self.note:
            text = self.note
        elif self.replaying:
            text = _("Replay: use Forward and Back, or \"Back to the game\".")
        elif d is not None:
            text = self.presenter.prompt(f, d)
        elif self.passing is not None:
            text = _("Pass the device to {name}.").format(name=self.names[self.passing])
        elif f.over:
            text = _("Game over. Deal the next game, replay this one, or change the settings.")
        elif self.resting:
            text = _("The deal is over: its result is above. Press Next deal to go on.")
        elif not self.caught_up and not self.auto:
            text = _("Press Next to see the next step.")
        else:
            text = _("Watch the move…")
        self.prompt.set(esc(text))
        (self.prompt.add_class if self.error else self.prompt.remove_class)("mm-error")

    def _render_buttons(self, d: Any) -> None:
        def show(b: Part, on: bool) -> None:
            (b.remove_class if on else b.add_class)("mm-hidden")

        self.presenter.update_buttons(d)
        self.next_button.description = _("Next") + " ▶"
        bots_next = (not self.replaying and d is None and not self.game.is_over and self.game.decision is not None
                     and self.game.decision.seat not in self.people)
        show(self.next_button, not self.resting and (not self.caught_up or bots_next))
        self.skip_button.description = _("Skip to my turn") + " »"
        show(self.skip_button, not self.replaying and not self.caught_up and bool(self.people))
        self.undo_button.description = "↶ " + _("Undo")
        self.undo_button.tooltip = _("Take back your last play and the computer moves after it")
        self.undo_button.disabled = self.human is None or not self._own_turns()
        # (not at a position tried again: it is judged, never played, so there is nothing to take back)
        show(self.undo_button, self.human is not None and not self.pass_play and self.retrying is None)
        self.redo_button.description = "↷ " + _("Redo")
        self.redo_button.tooltip = _("Bring back the play you took back")
        self.redo_button.disabled = self._redo_target() is None
        show(self.redo_button, self.human is not None and not self.pass_play and self.retrying is None)
        self.hint_button.description = "★ " + _("Hint")
        self.hint_button.tooltip = _("Which card would a strong player choose here, and why?")
        show(self.hint_button, d is not None and self.hints)
        if not self.hints:
            self.hint_button.reserve = False  # no hints at this table: no place kept for them
        self.entry.description, self.entry.placeholder = self.presenter.entry_words()
        show(self.entry, d is not None)
        self.next_game_button.description = _("Next game of the match")
        self.replay_end_button.description = _("Replay this game")
        over = self.frame.over  # offered with the game-over view only (a click sent before is refused)
        show(self.next_game_button, over)
        show(self.replay_end_button, over)
        self.next_deal_button.description = _("Next deal") + " ▶"
        show(self.next_deal_button, self.resting)
        self.reveal_button.description = (_("I am {name}: show my hand").format(name=self.names[self.passing])
                                          if self.passing is not None else "")
        show(self.reveal_button, self.passing is not None)
        if self.history is not None:
            self.history.replaying(self.replaying)
            if self.replaying:  # Back shows only in a replay: outside one, its state is left alone (no message)
                self.history.back_button.disabled = self.shown <= self._bounds()[0]


def page_link(notebook: str, **params: str) -> str:
    """A relative link to one of the app's notebooks carrying the page's language (English, the default, left
    out), as the pages' own links are made (``pages.home.page_href``, which the table may not import)."""
    lang = language()
    query = {**params, **({"lang": lang} if lang != "en" else {})}
    return notebook + ("?" + urlencode(query) if query else "")
