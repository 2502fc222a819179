"""The playable table, for any registered game: the board, the story, the controls around them.

The engine's game is the only state that matters; the widget shows one frame of its event
log at a time (``shown`` events), so every play and every computer move appear as steps,
and undo, replay and loading a save file are just other frames. Clicks and typed actions
are wishes: every move goes through the engine, which refuses illegal ones with a
``RuleError`` that the widget shows, changing nothing.

This controller knows no game: pacing (:mod:`.steps`), the actions (:mod:`.actions`), the
seats and their bots (:mod:`.seats`) are the same for every game, and what the board shows
and what a click means is the game's presenter's (:mod:`.presenter`).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w
import traitlets

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.core.contract import Bot
from mainmerah.core.i18n import _, on_language_change
from mainmerah.table.actions import TableActions
from mainmerah.table.board import Action, BoardView, CardRow, Entry, Part
from mainmerah.table.cards import held_updates, shared
from mainmerah.table.controls import MANUAL, HistoryControls, NewGameControls, ScoreSheet, bot_levels, level_words
from mainmerah.table.drawing import TableDrawing
from mainmerah.table.options import DisplayOptions
from mainmerah.table.panel import ExplanationPanel, GameOverView
from mainmerah.table.passing import PassAndPlay, read_people
from mainmerah.table.people import PeopleControls
from mainmerah.table.presenter import Presenter, presenter_class
from mainmerah.table.review import ReviewPanel
from mainmerah.table.seats import BOT_NAMES, OpponentPanel, Seats, seat_names
from mainmerah.table.shared import RemoteSeat, SharedTable
from mainmerah.table.steps import Stepper
from mainmerah.table.style import style_widget

__all__ = ["BOT_NAMES", "TableWidget"]


class TableWidget(SharedTable, PassAndPlay, TableActions, TableDrawing, Stepper, w.VBox):
    """Play a card game against computer opponents, every event explained.

    ``TableWidget()`` deals a new 2-player game of the registry's first game; ``TableWidget(game=name,
    players=4)`` another registered game; ``TableWidget(game=g, human=0, bots=["greedy"])``
    plays on from an existing position. ``bots`` names the level ("random", "greedy",
    "expert") or gives a bot object for each seat other than ``human``, in seat order.
    ``auto`` shows computer moves by themselves, one step each ``delay`` seconds; otherwise
    the Next button (or :meth:`next`) shows each step. ``human=None`` watches bots only.
    ``hints`` offers the Hint button on your turn (:meth:`hint`).

    The board is drawn in the page from one model (:class:`~.board.BoardView`); the
    attributes below (``hand``, ``prompt``, ``next_button``...) are its parts, kept in Python,
    and a redraw sends the ones that changed in one message. The game's own parts and wishes
    (e.g. ``play_button``, :meth:`select`, :meth:`confirm`) are its presenter's, reached through the table as well.

    For tests and lessons: :meth:`select`, :meth:`confirm`, :meth:`choose`, :meth:`next`,
    :meth:`skip`, :meth:`undo`, :meth:`replay`, :meth:`enter`, :meth:`new_game`; the ``step``
    trait changes whenever a new step is shown.

    ``people`` makes a pass-and-play table: the seats people play at this one device (``{0: "Sari",
    2: "Budi"}``, or a list of seats), every other seat a computer's (``bots``, in seat order). When the
    turn comes to another person, the board hides every hand behind a "Pass to Sari" screen until that
    person presses "I am Sari: show my hand" (:meth:`reveal`); ``human`` is then the seat shown.

    :meth:`sit_at` makes it one seat of a table held by the table server (``mainmerah.tables``; see
    :mod:`.shared`): drawn from that seat's frames, its actions sent to the server. ``seat`` does so from the
    start (a page joining by the link): ``game`` and ``human`` are the seat's, and no computer of its stand-in
    game moves in the page meanwhile (it would show a move nobody made).
    """

    step = traitlets.Int(0)  # not synced: observe it from Python to follow the game
    status = traitlets.Unicode("")

    def __init__(
        self,
        game: Any = None,
        *,
        human: int | None = 0,
        bots: Sequence[str | Bot] | Mapping[int, str | Bot] | str | None = None,
        players: int | None = None,
        variant: str | None = None,
        seed: int | None = None,
        names: Sequence[str] | None = None,
        auto: bool = True,
        delay: float = 1.1,
        controls: bool = True,
        links: bool = False,
        four_colour: bool = False,
        open_hands: bool = False,
        options: bool | None = None,
        hints: bool = True,
        people: Mapping[int, str] | Sequence[int] | None = None,
        seat: RemoteSeat | None = None,
    ) -> None:
        super().__init__()
        if seat is not None:
            game, human = seat.world, seat.index
        name = game if isinstance(game, str) else getattr(game, "game_name", registry.games()[0])
        self.presenter: Presenter = presenter_class(name)(self, name)
        if game is None or isinstance(game, str):
            allowed = self.presenter.players_allowed
            game = self.presenter.new_game(players or (2 if 2 in allowed else allowed[0]), variant, seed)
        if human is not None and not 0 <= human < game.players:
            raise ValueError(f"human must be a seat 0..{game.players - 1} or None, not {human!r}")
        if delay < 0:
            raise ValueError(f"delay must be 0 or more seconds, not {delay!r}")
        self.people_names = read_people(people, game.players)
        if self.people_names is not None:
            if open_hands:
                raise ValueError("open_hands shows every hand: not at a pass-and-play table")
            human = None  # nobody's hand until the pass screen is answered
        self.passing = None
        self.bottom = human
        self.human = human
        self.auto = auto
        self.delay = float(delay)
        self.four_colour = four_colour
        self.open_hands = open_hands
        self.links = links
        self.hints = hints
        self._names_given = list(names) if names else None
        self.seats = Seats(bots, self._level_chosen)
        self.error: str | None = None
        self._note: str | Callable[[], str] | None = None  # see note
        self.replaying = False
        self.shown = 0
        self._hint: dict[Card, str] = {}
        self.selection: tuple[Card, ...] = ()  # the hand cards chosen, not yet played (a presenter's Select)
        self._timer: asyncio.TimerHandle | None = None
        self._game_no = 0
        self._rested = (0, 0)
        self._relabelling = False
        self._step_listeners: list[Callable[[TableWidget], None]] = []
        self._change_listeners: list[Callable[[TableWidget], None]] = []
        self._frame: tuple[Any, Any, Any] | None = None
        self._retry: Any = None  # the review's moment tried again here (see try_again)
        self._retry_listeners: list[Callable[[Any, str], object]] = []  # see on_retry
        with held_updates(self):
            self.add_class("mm-root")
            self.add_class("mm-table")
            self._build(controls, controls if options is None else options)
            if seat is None:
                self._set_game(game, from_start=False)
            else:
                self.sit_at(seat)
        ref = weakref.WeakMethod(self.refresh)
        on_language_change(lambda _code: None if (m := ref()) is None else m())

    # ----- the presenter's parts and wishes, reached through the table -----------------------------
    def __getattr__(self, name: str) -> Any:
        # Only reached when the table has no such attribute: the game's own parts (table_cards,
        # play_button...) and wishes (select, choose...), the latter run in the table's guard.
        presenter = self.__dict__.get("presenter")
        if presenter is None or name.startswith("__"):
            raise AttributeError(name)
        value = getattr(presenter, name)
        if name in presenter.wishes:
            return lambda *a, **kw: self.ask(value, *a, **kw)
        return value

    @property  # type: ignore[override]
    def note(self) -> str | None:
        """A one-off message (undone, loaded...) shown in the prompt. Set a callable (``lambda: _("...")``) to have
        it said again in the language shown after a switch."""
        n = self._note
        return n() if callable(n) else n

    @note.setter
    def note(self, value: str | Callable[[], str] | None) -> None:
        self._note = value

    @property
    def selected(self) -> Any:
        """The hand card (or cards) selected, not yet played."""
        return getattr(self.presenter, "selected", None)

    @property
    def opp_panels(self) -> dict[int, OpponentPanel]:
        return self.seats.panels

    @property
    def _levels(self) -> dict[int, Any]:
        return self.seats.levels

    @property
    def _bot_objs(self) -> dict[int, Any]:
        return self.seats.bots

    def play(self, card: Card | str) -> bool:
        """Select and play ``card`` in one go."""
        return bool(self.select(card)) and bool(self.confirm())

    def enter(self, text: str) -> bool:
        """Typed text ("7h", "10♦"): the action it names, checked by the engine."""
        if not isinstance(text, str) or not text.strip():
            return False
        return self.ask(self.presenter.enter, text.strip())

    # ----- building ---------------------------------------------------------------------------
    def _build(self, controls: bool, options: bool) -> None:
        self.css = style_widget()
        self.game_css = w.HTML("", layout=w.Layout(display="none"))  # the presenter's own rules (presenter.css)
        # The board (heading, seats, zones, hand, prompt, buttons, story) is one model drawn by the
        # page: a redraw is one message. These parts are what it shows, kept here in Python.
        self.view = BoardView(self._page_message, self._page_forged)
        self.header: dict[str, Any] = {}  # the heading line: see _render_header
        self.board = Part("mm-board")
        self.you = Part("mm-you")
        self.you_head: dict[str, Any] = {}  # your name, pile and the hand's label
        self.hand = CardRow(lambda slot: self.ask(self.presenter.slot, "hand", slot), size=10)
        self.hand_box = Part("mm-hand")
        self.prompt = Part("mm-prompt")
        self.next_button = Action("next", self.next)
        self.skip_button = Action("skip", self.skip)
        self.undo_button = Action("undo", self.undo, reserve=True)
        self.redo_button = Action("redo", self.redo, reserve=True)
        self.hint_button = Action("hint", self.hint, reserve=True)
        self.next_game_button = Action("next-game", self.next_game)
        self.replay_end_button = Action("replay-end", self.replay)
        self.next_deal_button = Action("next-deal", self.next)  # moves on from a deal's result
        self.reveal_button = Action("reveal", self.reveal)  # the pass screen's one button
        self.entry = Entry()
        self.gameover = GameOverView()
        self.panel = ExplanationPanel()
        self._buttons()

        # Language and four-colour deck; hidden (its deck sheet still applies) in a table without options.
        self.options = DisplayOptions(self, self.four_colour, on_four_colour=self._four_colour_changed)
        self.options.add_class("mm-table-options")
        if not options:
            self.options.layout.display = "none"
        self.review = ReviewPanel(self)  # shown once a game is over
        side: list[w.Widget] = [self.review]
        self.controls: NewGameControls | None = None
        self.history: HistoryControls | None = None
        self.people_controls: PeopleControls | None = None
        self.sheet = ScoreSheet()
        if controls:
            p = self.presenter
            players = 2 if 2 in p.players_allowed else p.players_allowed[0]
            first = p.variants[0] if p.variants else ""
            self.controls = NewGameControls(players, first, self.delay if self.auto else MANUAL,
                                            p.players_allowed, p.variants)
            self.controls.new_button.on_click(lambda _b: self.new_game(seed=None, from_controls=True))
            self.controls.deal_button.on_click(lambda _b: self.deal_seed())
            self.controls.pace.observe(self._pace_changed, names="value")
            self.people_controls = PeopleControls(self.seat_people)
            self.controls.players.observe(self._players_changed, names="value")
            self.history = HistoryControls()
            self.history.replay_button.on_click(lambda _b: self.replay())
            self.history.back_button.on_click(lambda _b: self.back())
            self.history.forward_button.on_click(lambda _b: self.next())
            self.history.exit_button.on_click(lambda _b: self.exit_replay())
            self.history.save_button.on_click(lambda _b: self.show_save())
            self.history.load_button.on_click(lambda _b: self.load(self.history.save_text.value))  # type: ignore[union-attr]
            side += [self.controls, self.people_controls, self.history, self.sheet]
        self.side = w.VBox(side, layout=shared("layout"))
        self.side.add_class("mm-side")
        # A grid: the board's own pieces (header, board, story) and these widgets share its areas.
        self.body = w.Box([self.view, self.options, self.side], layout=shared("layout"))
        self.body.add_class("mm-body")
        self.children = (self.css, self.game_css, self.body)

    def _buttons(self) -> None:
        # The game's buttons (Play, Cancel...) first, then the table's own; Next and Skip last, where
        # their coming and going (they show only while computers move) moves nothing else.
        self.actions = [*self.presenter.buttons(), self.hint_button, self.undo_button, self.redo_button,
                        self.next_button, self.skip_button]
        self._by_name = {b.name: b for b in [*self.actions, self.next_game_button, self.replay_end_button,
                                             self.next_deal_button, self.reveal_button]}

    # ----- what the page sends: wishes, checked here -------------------------------------
    def _page_message(self, msg: Any) -> None:
        """A click or typed text from the page: a slot, a button's name, text. Nothing else is taken."""
        kind = msg.get("k") if isinstance(msg, dict) else None
        slot = msg.get("slot") if isinstance(msg, dict) else None
        if kind in self.presenter.clickable and type(slot) is int:
            self.ask(self.presenter.slot, kind, slot)
        elif kind == "button" and msg.get("name") in self._by_name:
            button = self._by_name[msg["name"]]
            if button.hidden or button.disabled:  # not drawn to be clicked now: answered, not ignored
                self._fail(_("That button is not offered now."))
            else:
                button.click()
        elif kind == "enter" and isinstance(msg.get("text"), str) and len(msg["text"]) <= 40:
            self.enter(msg["text"])
        elif kind == "level" and type(msg.get("seat")) is int and isinstance(msg.get("value"), str):
            self._level_chosen(msg["seat"], msg["value"])
        elif kind == "alive" and len(msg) == 1:  # the page is open and shown (a shared table asks it to say so)
            self.page_alive()
        else:
            self._fail(_("The page sent something the table does not understand: {what}").format(
                what=repr(msg)[:80]))

    def _page_forged(self, names: str) -> None:
        self._fail(_("The page tried to change what the board shows ({names}): refused, the game is unchanged.")
                   .format(names=names))

    def _set_game(self, game: Any, from_start: bool = True, retry: Any = None) -> None:
        """Show ``game`` (from its deal, or where it stands), seats and bots set up for it (``retry``: a
        review's moment it is the position of, see :meth:`try_again`)."""
        self._cancel_timer()
        self._retry = retry
        name = getattr(game, "game_name", self.presenter.game_name)
        if name != self.presenter.game_name:  # e.g. a save file of another game
            self.presenter = presenter_class(name)(self, name)
            self._buttons()
        for cls in [c for c in self._dom_classes if c.startswith("mm-game-")]:
            self.remove_class(cls)
        self.add_class(f"mm-game-{name}")
        self.game = game
        css = self.presenter.css()  # after the game is set: its points may depend on its player count
        if self.game_css.value != css:
            self.game_css.value = css
        self._game_no += 1
        self.replaying = False
        self.selection = ()
        self._hint = {}
        n = game.players
        if self.human is not None and self.human >= n:
            self.human = 0
        if self.people_names is not None:  # fewer players than before: the people in the seats left
            self.people_names = {s: v for s, v in self.people_names.items() if s < n} or {0: ""}
        self._first_bottom()
        self.names = seat_names(n, self.human, self._names_given, self.people_names)
        self.seats.setup(n, self.people, level_words(name, bot_levels(name)), self.bottom)
        (self.you.add_class if self.bottom is None else self.you.remove_class)("mm-hidden")
        self.shown = self._bounds()[0] if from_start else len(game.events)
        self.sheet.configure(self.presenter.match_targets, registry.get(name).low_wins, self.presenter.match_games,
                             self.presenter.match_unit, registry.get(name))
        self.sheet.show_players(n)
        if self.controls is not None:
            p = self.presenter
            self.controls.configure(p.players_allowed, p.variants)
            with self.controls.players.hold_trait_notifications():
                self.controls.players.value = n
            if p.variants:
                self.controls.variant.value = p.variant_of(game)
            seed = p.seed_of(game)
            self.controls.seed.value = "" if seed is None or self.deal_hidden else str(seed)
        if self.people_controls is not None:
            self.people_controls.show(n, self.people_names, self.seats.levels, self.seats.offered)
        self._pump()

    def _players_changed(self, change: dict) -> None:
        if self.people_controls is not None and not self._relabelling:
            self.people_controls.seats(int(change["new"]))

    def on_step(self, callback: Callable[[TableWidget], None]) -> None:
        """Call ``callback(table)`` whenever the table shows a new step."""
        self._step_listeners.append(callback)

    def on_change(self, callback: Callable[[TableWidget], None]) -> None:
        """Call ``callback(table)`` after every redraw: a step, a move, a setting (e.g. to keep the game)."""
        self._change_listeners.append(callback)

    def _render(self) -> None:
        super()._render()
        self.review.update()
        for cb in list(self._change_listeners):
            cb(self)

    # ----- the review's moments, tried again ----------------------------------------------------------
    @property
    def retrying(self) -> Any:
        """The review's moment being tried again here (None: the table plays on as usual)."""
        return self._retry

    def try_again(self, game: Any, moment: Any) -> None:
        """Show ``game`` (a position before ``moment``'s decision, yours) and judge your next choice there
        as the review judged the one you made (:meth:`~mainmerah.core.review.Moment.verdict`): the position
        stays, to try once more."""
        self._set_game(game, from_start=False, retry=moment)
        self.note = lambda: _("Try this position again: what do you choose?")
        self._render()

    def on_retry(self, callback: Callable[[Any, str], object]) -> None:
        """Call ``callback(moment, action)`` whenever a choice at a position tried again is judged (Practice keeps
        the answer)."""
        self._retry_listeners.append(callback)

    def end_retry(self, game: Any) -> None:
        """Leave the position tried again: ``game`` (the reviewed one) again, at its end."""
        self._set_game(game, from_start=False)

    def judge_retry(self, action: Any) -> bool:
        """Your choice at a position tried again, judged (nothing is played); True when it was one."""
        m, g = self._retry, self.game
        if m is None or len(g.choices) != m.step or g.decision is None or g.decision.seat != m.seat:
            return False
        chosen = g.verify(action)
        said = next((a for a in g.legal_actions() if g.verify(a) == chosen), str(action))
        self.ok()
        self.note = lambda: m.verdict(said)
        self.selection = ()
        self._render()
        for cb in list(self._retry_listeners):
            cb(m, said)
        return True

    def set_four_colour(self, on: bool) -> None:
        """Draw the cards with the four-colour deck (hearts red, diamonds blue, clubs green, spades black)."""
        self.options.set_four_colour(bool(on))

    def _four_colour_changed(self, on: bool) -> None:
        self.four_colour = on
        for cb in list(self._change_listeners):  # no redraw (a class on the page): said here
            cb(self)

    def refresh(self) -> None:
        """Redraw every text (after a language switch)."""
        self.names = seat_names(self.game.players, self.human, self._names_given,  # "You" is a word too
                                self.people_names)
        self._relabelling = True  # new option labels briefly change dropdown values: not a user's wish
        try:
            if self.controls is not None:
                self.controls.relabel()
            if self.history is not None:
                self.history.relabel()
            if self.people_controls is not None:
                self.people_controls.relabel()
            self.review.relabel()
            self.seats.relabel(level_words(self.presenter.game_name, bot_levels(self.presenter.game_name)))
        finally:
            self._relabelling = False
        self._render()
