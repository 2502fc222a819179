"""The playable table: your hand, the table, the stock, every pile, the story.

The engine's ``Game`` is the only state that matters; the widget shows one
:class:`~.frame.Frame` of its event log at a time (``shown`` events), so the
play, the flip and every computer move appear as steps, and undo, replay and
loading a save file are just other frames. Clicks and typed cards are wishes:
every move goes through the engine, which refuses illegal ones with a
``RuleError`` that the widget shows, changing nothing.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from functools import wraps
from typing import Any, TypeVar

import ipywidgets as w
import traitlets

from ..card import Card, CardError, cards_text, points_text
from ..fishing.bots import Bot
from ..fishing.engine import Game, RuleError
from ..fishing.events import Capture, End, Event, Flip, Play, Redeal, Stay
from ..fishing.explain import capitalized, needs
from ..fishing.levels import make_bot
from ..fishing.match import next_first
from ..fishing.rules import PARTNER, main_merah_points
from ..fishing.save import SaveFileError
from ..i18n import _, on_language_change
from .board import Action, BoardView, CardRow, Entry, Part
from .cards import card_names, hand_state, pile_state, shared, stock_state
from .controls import MANUAL, HistoryControls, NewGameControls, ScoreSheet, bot_levels, level_label, pace_options
from .frame import Frame, boundaries, frame_at
from .options import DisplayOptions
from .panel import ExplanationPanel, GameOverView
from .style import style_widget
from .text import action_rows, esc, selection_text, table_card_text

log = logging.getLogger(__name__)

BOT_NAMES = ("Sari", "Budi", "Ayu")
HINT_ROLLOUTS = 600  # about 20 ms a hint with numpy; the choice it names is stable at this size
USER_ERRORS = (RuleError, CardError, SaveFileError, ValueError)
F = TypeVar("F", bound=Callable[..., Any])



def user_action(fn: F) -> F:
    """Run a user action; a refused move becomes a message in the table, never a traceback."""

    @wraps(fn)
    def run(self: TableWidget, *args: Any, **kw: Any) -> Any:
        try:
            return fn(self, *args, **kw)
        except USER_ERRORS as e:
            self._fail(str(e))
        except Exception as e:  # noqa: BLE001 - a user must never see a traceback
            log.exception("table action %s failed", fn.__name__)
            self._fail(_("Something went wrong ({error}); the game is unchanged.").format(error=type(e).__name__))
        return False

    return run  # type: ignore[return-value]


class LevelChoice:
    """A computer seat's level, chosen in the page's dropdown (the table checks the value)."""

    def __init__(self, levels: Sequence[str], on_change: Callable[[str], object]) -> None:
        self.options = [(level_label(v), v) for v in levels]
        self.description = ""
        self.hidden = False
        self._value = levels[0] if levels else ""
        self._on_change = on_change

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, level: str) -> None:
        if level != self._value:
            self._on_change(level)

    def show(self, level: str) -> None:
        self._value = level


class OpponentPanel(Part):
    """A computer seat: name, level, hand size (backs), pile and score."""

    def __init__(self, seat: int, levels: Sequence[str], on_level: Callable[[int, str], object]) -> None:
        super().__init__("mm-opp", f"mm-seat-{seat}")
        self.seat = seat
        self.name = Part("mm-name")
        self.level = LevelChoice(levels, lambda level: on_level(seat, level))
        self.hand: dict[str, Any] = {}  # see cards.hand_state
        self.pile: dict[str, str] = {}  # see cards.pile_state

    def state(self) -> dict[str, Any]:
        level = self.level
        return {"seat": self.seat, "cls": self.cls, "name": self.name.value, "hand": self.hand, "pile": self.pile,
                "level": level.value, "label": level.description,
                "levels": [] if level.hidden else [[label, v] for label, v in level.options]}


class TableWidget(w.VBox):
    """Play Main Merah against computer opponents, every event explained.

    ``TableWidget()`` deals a new 2-player game; ``TableWidget(game=g, human=0,
    bots=["greedy"])`` plays on from an existing position. ``bots`` names the
    level ("random", "greedy", "expert") or gives a bot object for each seat
    other than ``human``, in seat order. ``auto`` shows computer moves by
    themselves, one step each ``delay`` seconds; otherwise the Next button
    (or :meth:`next`) shows each step. ``human=None`` watches bots only.
    ``hints`` offers the Hint button on your turn (:meth:`hint`).

    The board is drawn in the page from one model (:class:`~.board.BoardView`);
    the attributes below (``hand``, ``prompt``, ``play_button``...) are its parts,
    kept in Python, and a redraw sends the ones that changed in one message.

    For tests and lessons: :meth:`select`, :meth:`confirm`, :meth:`choose`,
    :meth:`next`, :meth:`skip`, :meth:`undo`, :meth:`replay`, :meth:`enter`,
    :meth:`new_game`; the ``step`` trait changes whenever a new step is shown.
    """

    step = traitlets.Int(0)  # not synced: observe it from Python to follow the game
    status = traitlets.Unicode("")

    def __init__(
        self,
        game: Game | None = None,
        *,
        human: int | None = 0,
        bots: Sequence[str | Bot] | Mapping[int, str | Bot] | str | None = None,
        players: int = 2,
        variant: str = "classic",
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
    ) -> None:
        super().__init__()
        self.add_class("mm-root")
        self.add_class("mm-table")
        if game is None:
            game = Game.new(players, variant, seed=seed)
        if human is not None and not 0 <= human < game.players:
            raise ValueError(f"human must be a seat 0..{game.players - 1} or None, not {human!r}")
        if delay < 0:
            raise ValueError(f"delay must be 0 or more seconds, not {delay!r}")
        self.human = human
        self.auto = auto
        self.delay = float(delay)
        self.four_colour = four_colour
        self.open_hands = open_hands
        self.links = links
        self.hints = hints
        self._names_given = list(names) if names else None
        self._levels: dict[int, str | Bot] = {}
        self._bot_objs: dict[int, Bot] = {}
        self._wanted_bots = bots
        self.selected: Card | None = None
        self.error: str | None = None
        self.note: str | None = None  # a one-off message (undone, loaded...) shown in the prompt
        self.replaying = False
        self._hint: dict[Card, str] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._game_no = 0
        self._relabelling = False
        self._step_listeners: list[Callable[[TableWidget], None]] = []
        self._frame: tuple[Frame, Game, Event] | None = None  # the last frame drawn, to fold on from
        self._build(controls, controls if options is None else options)
        self._set_game(game, from_start=False)
        ref = weakref.WeakMethod(self.refresh)
        on_language_change(lambda _code: (m := ref()) is not None and m())

    # ----- building ---------------------------------------------------------------
    def _build(self, controls: bool, options: bool) -> None:
        self.css = style_widget()
        # The board (heading, seats, table, hand, prompt, buttons, story) is one model drawn by the
        # page: a redraw is one message. These parts are what it shows, kept here in Python.
        self.view = BoardView(self._page_message, self._page_forged)
        self.header: dict[str, Any] = {}  # the heading line: see _render_header
        self.board = Part("mm-board")
        self.opp_panels: dict[int, OpponentPanel] = {}
        self.stock: dict[str, Any] = {}  # see cards.stock_state
        self.table_label = Part("mm-row-label")
        self.table_cards = CardRow(self._table_click, size=20)  # room for cards that stay
        self.action: list[list[str]] = []  # see text.action_rows
        self.you = Part("mm-you")
        self.you_head: dict[str, Any] = {}  # your name, pile and the hand's label
        self.hand = CardRow(self._hand_click, size=10)
        self.hand_box = Part("mm-hand")
        self.prompt = Part("mm-prompt")
        self.play_button = Action("play", self.confirm)
        self.cancel_button = Action("cancel", self.cancel)
        self.next_button = Action("next", self.next)
        self.skip_button = Action("skip", self.skip)
        self.undo_button = Action("undo", self.undo)
        self.hint_button = Action("hint", self.hint)
        self.next_game_button = Action("next-game", self.next_game)
        self.replay_end_button = Action("replay-end", self.replay)
        self.actions = [self.play_button, self.cancel_button, self.next_button, self.skip_button,
                        self.hint_button, self.undo_button]
        self._by_name = {b.name: b for b in [*self.actions, self.next_game_button, self.replay_end_button]}
        self.entry = Entry()
        self.gameover = GameOverView()
        self.panel = ExplanationPanel()

        # Language and four-colour deck; hidden (its deck sheet still applies) in a table without options.
        self.options = DisplayOptions(self, self.four_colour, on_four_colour=self._four_colour_changed)
        self.options.add_class("mm-table-options")
        if not options:
            self.options.layout.display = "none"
        side: list[w.Widget] = []
        self.controls: NewGameControls | None = None
        self.history: HistoryControls | None = None
        self.sheet = ScoreSheet()
        if controls:
            self.controls = NewGameControls(2, "classic", self.delay if self.auto else MANUAL)
            self.controls.new_button.on_click(lambda _b: self.new_game(seed=None, from_controls=True))
            self.controls.deal_button.on_click(lambda _b: self.deal_seed())
            self.controls.pace.observe(self._pace_changed, names="value")
            self.history = HistoryControls()
            self.history.replay_button.on_click(lambda _b: self.replay())
            self.history.back_button.on_click(lambda _b: self.back())
            self.history.forward_button.on_click(lambda _b: self.next())
            self.history.exit_button.on_click(lambda _b: self.exit_replay())
            self.history.save_button.on_click(lambda _b: self.show_save())
            self.history.load_button.on_click(lambda _b: self.load(self.history.save_text.value))  # type: ignore[union-attr]
            side += [self.controls, self.history, self.sheet]
        self.side = w.VBox(side, layout=shared("layout"))
        self.side.add_class("mm-side")
        # A grid: the board's own pieces (header, board, story) and these widgets share its areas.
        self.body = w.Box([self.view, self.options, self.side], layout=shared("layout"))
        self.body.add_class("mm-body")
        self.children = (self.css, self.body)

    # ----- what the page sends: wishes, checked here -------------------------------------
    def _page_message(self, msg: Any) -> None:
        """A click or typed card from the page: a slot, a button's name, text. Nothing else is taken."""
        kind = msg.get("k") if isinstance(msg, dict) else None
        slot = msg.get("slot") if isinstance(msg, dict) else None
        if kind in ("hand", "table") and type(slot) is int:
            (self._hand_click if kind == "hand" else self._table_click)(slot)
        elif kind == "button" and msg.get("name") in self._by_name:
            self._by_name[msg["name"]].click()
        elif kind == "enter" and isinstance(msg.get("text"), str) and len(msg["text"]) <= 40:
            self.enter(msg["text"])
        elif kind == "level" and type(msg.get("seat")) is int and isinstance(msg.get("value"), str):
            self._level_chosen(msg["seat"], msg["value"])
        else:
            self._fail(_("The page sent something the table does not understand: {what}").format(
                what=repr(msg)[:80]))

    def _page_forged(self, names: str) -> None:
        self._fail(_("The page tried to change what the board shows ({names}): refused, the game is unchanged.")
                   .format(names=names))

    def _set_game(self, game: Game, from_start: bool = True) -> None:
        """Show ``game`` (from its deal, or where it stands), seats and bots set up for it."""
        self._cancel_timer()
        self.game = game
        self._game_no += 1
        self.replaying = False
        self.selected = None
        self._hint = {}
        n = game.players
        if self.human is not None and self.human >= n:
            self.human = 0
        self.names = self._seat_names(n)
        self._setup_bots()
        self._build_opponents()
        self.shown = boundaries(game.events)[0] if from_start else len(game.events)
        if self.controls is not None:
            with self.controls.players.hold_trait_notifications():
                self.controls.players.value = n
            self.controls.variant.value = game.variant.name
            self.controls.seed.value = "" if game.seed is None else str(game.seed)
        self._pump()

    def _seat_names(self, n: int) -> list[str]:
        given = self._names_given
        bots_iter = iter(BOT_NAMES)
        return [given[s] if given and s < len(given) else (_("You") if s == self.human else next(bots_iter))
                for s in range(n)]

    def _setup_bots(self) -> None:
        seats = [s for s in range(self.game.players) if s != self.human]
        wanted = self._wanted_bots
        if isinstance(wanted, str):
            wanted = [wanted]
        if isinstance(wanted, Mapping):
            chosen = {s: wanted.get(s, self._levels.get(s, "greedy")) for s in seats}
        else:
            seq = list(wanted or [])
            chosen = {}
            for i, s in enumerate(seats):
                if i < len(seq):
                    chosen[s] = seq[i]
                else:
                    chosen[s] = self._levels.get(s, seq[-1] if seq else "greedy")
        self._levels = chosen
        self._wanted_bots = None  # later games keep the levels chosen in the dropdowns
        self._bot_objs = {}

    def _bot(self, seat: int) -> Bot:
        bot = self._bot_objs.get(seat)
        if bot is None:
            level = self._levels[seat]
            if isinstance(level, str):
                # Seeded from the game's seed and the seat, so a seed replays the same game.
                bot = make_bot(level, seed=(self.game.seed or 0) * 10 + seat)
            else:
                bot = level
            self._bot_objs[seat] = bot
        return bot

    def _build_opponents(self) -> None:
        seats = [s for s in range(self.game.players) if s != self.human]
        if sorted(self.opp_panels) != seats:
            levels = bot_levels()
            self.opp_panels = {s: OpponentPanel(s, levels, self._level_chosen) for s in seats}
        for s, p in self.opp_panels.items():
            level = self._levels.get(s)
            scripted = not (isinstance(level, str) and level in [v for _l, v in p.level.options])
            p.level.hidden = scripted  # a scripted bot object has no level to choose
            if not scripted:
                p.level.show(str(level))
        (self.you.add_class if self.human is None else self.you.remove_class)("mm-hidden")

    def _level_chosen(self, seat: int, level: str) -> None:
        """A level picked in a seat's dropdown; the dropdown then shows the level in force, whatever was asked."""
        if not self._relabelling:
            self.set_level(seat, level)
            self._render()

    # ----- the loop: show steps, let computers move ----------------------------------
    @property
    def events(self) -> list:
        return self.game.events

    @property
    def caught_up(self) -> bool:
        return self.shown >= len(self.game.events)

    @property
    def frame(self) -> Frame:
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
        f = frame_at(self.game, self.shown, after=after)
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

    def _next_boundary(self) -> int:
        return next((b for b in boundaries(self.game.events) if b > self.shown), len(self.game.events))

    def _pump(self) -> None:
        """Show what is due now, let computers decide when the view caught up, schedule the rest."""
        self._cancel_timer()
        while True:
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
            if d is None or d.seat == self.human:
                break
            self._bot_move()
        self._render()

    def _bot_move(self) -> None:
        d = self.game.decision
        assert d is not None
        card = self._bot(d.seat).choose(self.game.view(d.seat))
        self.game.decide(card)  # the engine checks the computer's move like anyone's

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

    def _fail(self, message: str) -> None:
        self.error = message
        self._render()

    def _ok(self) -> None:
        self.error = None
        self.note = None
        self._hint = {}

    # ----- user actions ---------------------------------------------------------------
    def _refuse(self, message: str) -> bool:
        self._fail(message)
        return False

    def _why_not_now(self) -> str:
        if self.replaying:
            return _("This is a replay: click \"Back to the game\" to play.")
        if self.game.is_over and self.caught_up:
            return _("The game is over: start a new one.")
        if not self.caught_up:
            return _("Wait: a move is being shown (click Next to see it now).")
        d = self.game.decision
        if d is not None and d.seat != self.human:
            return _("It is {who}'s turn.").format(who=self.names[d.seat])
        return _("That is not possible now.")

    @user_action
    def select(self, card: Card | str) -> bool:
        """Pick a hand card: its partners on the table light up; nothing is played yet."""
        d = self._my_decision()
        if d is None or d.kind != "play":
            if d is not None:
                return self._refuse(_("First choose which table card {card} takes.").format(card=d.card))
            return self._refuse(self._why_not_now())
        c = Card.parse(card)
        if c not in d.options:
            return self._refuse(_("{card} is not in your hand.").format(card=c))
        self._ok()
        self.selected = c
        self._render()
        return True

    @user_action
    def cancel(self) -> bool:
        self._ok()
        self.selected = None
        self._render()
        return True

    @user_action
    def confirm(self) -> bool:
        """Play the selected hand card (the engine checks it)."""
        d = self._my_decision()
        if d is None or d.kind != "play":
            return self._refuse(self._why_not_now() if d is None else
                                _("First choose which table card {card} takes.").format(card=d.card))
        if self.selected is None:
            return self._refuse(_("Select a card from your hand first."))
        card, self.selected = self.selected, None
        self.game.play(card)
        self._ok()
        self._show_own_step()
        return True

    def play(self, card: Card | str) -> bool:
        """Select and play ``card`` in one go."""
        return bool(self.select(card)) and bool(self.confirm())

    @user_action
    def choose(self, card: Card | str) -> bool:
        """Click a table card: the one to take, when there is a choice (or with a selected hand card)."""
        c = Card.parse(card)
        d = self._my_decision()
        if d is not None and d.kind == "capture":
            self.game.capture(c)
            self._ok()
            self._show_own_step()
            return True
        if d is not None and d.kind == "play":
            sel = self.selected
            if sel is None:
                self.error = None
                self.note = table_card_text(c)
                self._render()
                return True
            if c.rank != PARTNER[sel.rank]:
                return self._refuse(_("{card} cannot take {other}: it needs {need}.").format(
                    card=sel, other=c, need=needs(sel)))
            if c not in self.game.table:
                return self._refuse(_("{card} is not on the table.").format(card=c))
            self.selected = None
            self.game.play(sel)
            d2 = self.game.decision
            if d2 is not None and d2.seat == self.human and d2.kind == "capture" and d2.source == "play":
                self.game.capture(c)
            self._ok()
            self._show_own_step()
            return True
        return self._refuse(self._why_not_now())

    @user_action
    def enter(self, text: str) -> bool:
        """A typed card ("7h", "10♦"): played, or taken when a capture is to be chosen."""
        text = (text or "").strip()
        if not text:
            return False
        card = Card.parse(text)
        d = self._my_decision()
        if d is None:
            return self._refuse(self._why_not_now())
        self.selected = None
        self.game.decide(card)  # the engine refuses a card not in the hand / not a match
        self._ok()
        self._show_own_step()
        return True

    def _show_own_step(self) -> None:
        """After your decision, show its step at once; what follows comes at the table's pace."""
        self.shown = self._next_boundary()
        self._pump()

    @user_action
    def next(self) -> bool:
        """Show the next step (a computer's move, your flip, or the next step of a replay)."""
        if self.caught_up:
            d = self.game.decision
            if d is None or d.seat == self.human:
                return self._refuse(_("Nothing more to show: it is your turn.") if d is not None
                                    else _("The game is over: nothing more to show."))
            self._bot_move()
        self._ok()
        self.shown = self._next_boundary()
        self._pump()
        return True

    @user_action
    def skip(self) -> bool:
        """Show everything up to your next decision (or the end of the game)."""
        self._cancel_timer()
        self._ok()
        self.replaying = False
        while True:
            self.shown = len(self.game.events)
            d = self.game.decision
            if d is None or d.seat == self.human:
                break
            self._bot_move()
        self._pump()
        return True

    @user_action
    def undo(self) -> bool:
        """Take back your last play, and every computer move since."""
        if self.human is None:
            return self._refuse(_("There is nothing of yours to undo."))
        plays = [i for i, ch in enumerate(self.game.choices) if ch.seat == self.human and ch.kind == "play"]
        if not plays:
            return self._refuse(_("Nothing to undo: you have not played yet."))
        card = self.game.choices[plays[-1]].card
        self._cancel_timer()
        self.game.goto(plays[-1])
        self._ok()
        self.replaying = False
        self.selected = None
        self.shown = len(self.game.events)
        self.note = _("Undone: you are back before you played {card}.").format(card=card)
        self._pump()
        return True

    @user_action
    def replay(self) -> bool:
        """Watch the game so far again from the deal, step by step."""
        self._cancel_timer()
        self._ok()
        self.selected = None
        self.replaying = True
        self.shown = boundaries(self.game.events)[0]
        self._pump()
        return True

    @user_action
    def back(self) -> bool:
        """One step back in a replay."""
        if not self.replaying:
            return self._refuse(_("Back works during a replay; to take back a move, use Undo."))
        self._cancel_timer()
        self._ok()
        self.shown = max((b for b in boundaries(self.game.events) if b < self.shown), default=self.shown)
        self._pump()
        return True

    @user_action
    def exit_replay(self) -> bool:
        self._ok()
        self.replaying = False
        self.shown = len(self.game.events)
        self._pump()
        return True

    @user_action
    def new_game(self, players: int | None = None, variant: str | None = None, seed: int | None = None,
                 first: int | None = None, from_controls: bool = False) -> bool:
        """Deal a new game (``seed`` None picks a fresh one)."""
        if from_controls and self.controls is not None:
            players = int(self.controls.players.value)
            variant = str(self.controls.variant.value)
        g = Game.new(players or self.game.players, variant or self.game.variant.name, seed=seed, first=first)
        self._ok()
        self._set_game(g)
        return True

    @user_action
    def deal_seed(self) -> bool:
        """Deal the seed typed in the seed box (a whole number) with the chosen players and variant."""
        assert self.controls is not None
        text = self.controls.seed.value.strip()
        try:
            seed = int(text)
        except ValueError:
            return self._refuse(_("The seed must be a whole number, not \"{text}\".").format(text=text))
        if seed < 0:
            return self._refuse(_("The seed must be 0 or more, not {seed}.").format(seed=seed))
        return bool(self.new_game(seed=seed, from_controls=True))

    @user_action
    def next_game(self) -> bool:
        """The next game of the match: the lowest scorer of this one plays first (RULES.md)."""
        g = self.game
        first = next_first(g.scores, g.setup.first) if g.is_over else None
        return bool(self.new_game(g.players, g.variant.name, seed=None, first=first))

    @user_action
    def set_level(self, seat: int, level: str) -> bool:
        if seat == self.human or not 0 <= seat < self.game.players:
            return self._refuse(_("Seat {seat} is not a computer player.").format(seat=seat))
        if level not in bot_levels():
            return self._refuse(_("Unknown level {level}.").format(level=level))
        self._levels[seat] = level
        self._bot_objs.pop(seat, None)
        return True

    @user_action
    def show_save(self) -> bool:
        if self.history is not None:
            self.history.save_text.value = self.game.to_json()
            self.history.save_text.remove_class("mm-hidden")
        return True

    @user_action
    def load(self, text: str) -> bool:
        """Load a save file (the engine checks it); shown where it stands, ready to replay."""
        if not text.strip():
            if self.history is not None:
                self.history.save_text.remove_class("mm-hidden")
            return self._refuse(_("Paste a save file in the box first, then click Load."))
        g = Game.from_json(text)
        self._ok()
        self._set_game(g, from_start=False)
        self.note = _("Game loaded. Click \"Replay from the start\" to watch it step by step.")
        self._render()
        return True

    def _pace_changed(self, change: dict) -> None:
        if self._relabelling:
            return
        value = change["new"]
        self.set_pace(None if value is None or value < 0 else value)

    @user_action
    def set_pace(self, delay: float | None) -> bool:
        """``None``: wait for Next; else auto-advance every ``delay`` seconds (0: at once)."""
        if delay is not None and delay < 0:
            return self._refuse(_("A delay must be 0 or more seconds, not {d}.").format(d=delay))
        self.auto = delay is not None
        if delay is not None:
            self.delay = float(delay)
        if self.controls is not None:  # keep the dropdown in step when the pace is set from code
            value = self.delay if self.auto else MANUAL
            self._relabelling = True
            try:
                if all(v != value for _l, v in self.controls.pace.options):
                    self.controls.pace.options = pace_options(value)
                self.controls.pace.value = value
            finally:
                self._relabelling = False
        self._pump()
        return True

    @user_action
    def _hand_click(self, slot: int) -> None:
        d = self._my_decision()
        if d is None or d.kind != "play" or self.human is None:
            self._fail(self._why_not_now() if d is None else
                       _("First choose which table card {card} takes.").format(card=d.card))
            return
        card = self.hand.card_at(slot)  # what the kernel drew there, never what the page says
        if card is None or card not in self.frame.hands[self.human]:
            self._fail(_("That card is no longer in your hand."))
            return
        if card == self.selected:
            self.confirm()  # a second click on the selected card plays it
        else:
            self.select(card)

    @user_action
    def _table_click(self, slot: int) -> None:
        card = self.table_cards.card_at(slot)
        if card is None or card not in self.frame.table:
            self._fail(_("That card is no longer on the table."))
            return
        self.choose(card)

    # ----- hints and listeners (for other components) ------------------------------------
    @user_action
    def hint(self) -> bool:
        """Light up the choice a strong player would make now, with the reason (only on your turn)."""
        d = self._my_decision()
        if d is None:
            return self._refuse(self._why_not_now())
        from ..fishing.hint import hints  # rollouts: loaded on the first hint, not with the table

        # Seeded by the position, so the same position always gets the same hint.
        best = hints(self.game, self.human, rollouts=HINT_ROLLOUTS, seed=len(self.game.choices))[0]
        self._ok()
        self.selected = None
        self.show_hint([best.card], _("Hint: {reason}").format(reason=best.reason))
        return True

    def show_hint(self, cards: Iterable[Card], text: str = "") -> None:
        """Mark ``cards`` (in the hand or on the table) as a hint, with a reason; cleared by the next move."""
        self._hint = {Card.parse(c): text for c in cards}
        self.note = text or None
        self._render()

    def on_step(self, callback: Callable[[TableWidget], None]) -> None:
        """Call ``callback(table)`` whenever the table shows a new step."""
        self._step_listeners.append(callback)

    def set_four_colour(self, on: bool) -> None:
        """Draw the cards with the four-colour deck (hearts red, diamonds blue, clubs green, spades black)."""
        self.options.set_four_colour(bool(on))

    def _four_colour_changed(self, on: bool) -> None:
        self.four_colour = on

    def refresh(self) -> None:
        """Redraw every text (after a language switch)."""
        self.names = self._seat_names(self.game.players)  # "You" is a word too
        self._relabelling = True  # new option labels briefly change dropdown values: not a user's wish
        try:
            if self.controls is not None:
                self.controls.relabel()
            if self.history is not None:
                self.history.relabel()
            for p in self.opp_panels.values():
                value = p.level.value
                p.level.options = [(level_label(v), v) for v in bot_levels()]
                p.level.value = value
        finally:
            self._relabelling = False
        self._render()

    # ----- drawing ---------------------------------------------------------------------
    def _render(self) -> None:
        """Work out the whole redraw, then send it: the board's changed parts in one message."""
        widgets: list[w.Widget] = [self.sheet.body]
        if self.history is not None:
            widgets += [self.history.back_button, self.history.forward_button, self.history.exit_button,
                        self.history.replay_button]
        with ExitStack() as stack:
            for widget in widgets:
                stack.enter_context(widget.hold_sync())
            self._draw()
            self.view.update(self._board_state())

    def _board_state(self) -> dict[str, Any]:
        """What the page draws, part by part (unchanged parts are not sent again)."""
        over = "mm-hidden" not in self.gameover._dom_classes
        return {
            "board_cls": self.board.cls,
            "opps": [p.state() for p in self.opp_panels.values()],
            "names": card_names(),
            "stock": self.stock,
            "table_label": self.table_label.value,
            "table": self.table_cards.state(),
            "action": self.action,
            "gameover": {"html": self.gameover.body.value if over else "",
                         "buttons": [self.next_game_button.state(), self.replay_end_button.state()]},
            "you": {"cls": self.you.cls, **self.you_head, "hand_cls": self.hand_box.cls},
            "hand": self.hand.state(),
            "prompt": {"cls": self.prompt.cls, "html": self.prompt.value},
            "buttons": [b.state() for b in self.actions],
            "entry": self.entry.state(),
            "panel": self.panel.state(),
            "log": self.panel.items[: self.panel.settled],
            "log_tail": self.panel.items[self.panel.settled:],
            "header": self.header,
        }

    def _draw(self) -> None:
        f = self.frame
        g = self.game
        d = self._my_decision()
        you = self.human
        names = self.names

        self.stock = stock_state(f.stock)
        self.table_label.set(esc(_("Table")))  # no count (one message less a step); cards lie in table order

        table_marks: dict[Card, list[str]] = {}
        if d is not None and d.kind == "play" and self.selected is not None:
            for c in f.table:
                if c.rank == PARTNER[self.selected.rank]:
                    table_marks.setdefault(c, []).append("match")
        if d is not None and d.kind == "capture":
            for c in d.options:
                table_marks.setdefault(c, []).append("choice")
        for e in f.step:
            if isinstance(e, Stay) and e.card in f.table:
                table_marks.setdefault(e.card, []).append("new")
        for c in self._hint:
            table_marks.setdefault(c, []).append("hint")
        self.table_cards.show(f.table, table_marks)
        redeal = any(isinstance(e, Redeal) for e in self._step_events(f))
        self.action = action_rows(f, d.options if d is not None else None, self.names, self.human, redeal)

        for s, p in self.opp_panels.items():
            turn = not f.over and self._turn_seat(f) == s
            (p.add_class if turn else p.remove_class)("mm-turn")
            # Whose turn: the ring (mm-turn) and the status line say it; the name stays put (one message less).
            p.name.set(esc(names[s]))
            p.level.description = _("{name}'s level").format(name=names[s])
            level = self._levels.get(s)
            if isinstance(level, str):
                p.level.show(level)
            p.hand = hand_state(f.hands[s], self.open_hands)
            p.pile = pile_state(f.piles[s], f.scores[s])

        if you is not None:
            turn = not f.over and self._turn_seat(f) == you
            (self.you.add_class if turn else self.you.remove_class)("mm-turn")
            self.you_head = {"name": capitalized(names[you]), "pile": pile_state(f.piles[you], f.scores[you]),
                             "hand_label": "" if f.over else _("Your hand")}
            hand_marks: dict[Card, list[str]] = {}
            if self.selected is not None:
                hand_marks[self.selected] = ["selected"]
            for c in self._hint:
                hand_marks.setdefault(c, []).append("hint")
            self.hand.show(f.hands[you], hand_marks)
            waiting = d is None or d.kind != "play"
            (self.hand_box.add_class if waiting else self.hand_box.remove_class)("mm-wait")

        self._render_prompt(f, d)
        self._render_buttons(f, d)
        self.panel.show(g.events[: f.n], self._step_events(f), names, you)
        (self.board.add_class if f.over else self.board.remove_class)("mm-over")
        if f.over:
            end = g.events[f.n - 1]
            assert isinstance(end, End)
            self.gameover.show(end, names, you)
            if not self.replaying:
                self._record(end)
        else:
            self.gameover.hide()
        if self.controls is not None:
            self.sheet.render(names, you)
        # The header goes last: its data-step tells a page script (or a test) the redraw is complete.
        self._render_header(f, d)
        if self.step != f.n:
            self.step = f.n
            for cb in list(self._step_listeners):
                cb(self)

    def _step_events(self, f: Frame) -> list:
        if f.n == boundaries(self.game.events)[0]:
            return list(self.game.events[: f.n])  # the deal (and any redeal before it)
        return f.step

    def _turn_seat(self, f: Frame) -> int:
        if self.caught_up and self.game.decision is not None:
            return self.game.decision.seat
        nxt = self.game.events[f.n] if f.n < len(self.game.events) else None
        if isinstance(nxt, Play | Flip | Capture | Stay):
            return nxt.seat
        return f.seat

    def _record(self, end: End) -> None:
        # Keyed by the game's number: finishing it again after an undo updates its row.
        self.sheet.record(self._game_no, self.game.seed, self.game.variant.name, end.scores, end.winners)

    def _render_header(self, f: Frame, d: Any) -> None:
        g = self.game
        seed = _("seed {seed}").format(seed=g.seed) if g.seed is not None else _("set-up position")
        info = _("{n} players · {variant} · {seed}").format(n=g.players, variant=g.variant.name, seed=seed)
        cls = ""
        if self.replaying:
            bounds = boundaries(g.events)
            k = sum(1 for b in bounds if b <= f.n)
            status = _("Replay: step {k} of {n}").format(k=k, n=len(bounds))
        elif f.over:
            status, cls = _("Game over"), "mm-over"
        elif d is not None:
            cls = "mm-yourturn"
            status = (_("Your turn: choose a card to play") if d.kind == "play"
                      else _("Your turn: choose the card to take"))
        else:
            who = self._turn_seat(f)
            status = (_("Your move is shown") if who == self.human
                      else _("{who} is playing").format(who=self.names[who]))
        self.status = status
        # step/decisions: where the page stands (data-step, data-decisions), for scripts and tests that wait on it.
        self.header = {"step": f.n, "decisions": len(g.choices), "info": info, "status": status, "cls": cls,
                       "links": [["tutorial.ipynb", _("How to play")]] if self.links else []}

    def _render_prompt(self, f: Frame, d: Any) -> None:
        if self.error:
            text, cls = self.error, True
        elif self.note:
            text, cls = self.note, False
        elif self.replaying:
            text, cls = _("Replay: use Forward and Back, or \"Back to the game\"."), False
        elif d is not None and d.kind == "play":
            if self.selected is not None:
                text = selection_text(self.selected, f.table, self.game.variant.auto_capture)
            else:
                text = _("Click a card in your hand: the table cards it pairs with light up before you play it.")
            cls = False
        elif d is not None:
            text = _("{card} pairs with {options}: click the table card you want to take.").format(
                card=d.card, options=cards_text(d.options))
            best = max(d.options, key=lambda c: main_merah_points(c))
            if main_merah_points(best):
                text += " " + _("{best} is worth the most ({points}).").format(
                    best=best, points=points_text(main_merah_points(best)))
            cls = False
        elif f.over:
            text, cls = _("Game over. Deal the next game, replay this one, or change the settings."), False
        elif not self.caught_up and not self.auto:
            text, cls = _("Click Next to see the next step."), False
        else:
            text, cls = _("Watch the move…"), False
        self.prompt.set(esc(text))
        (self.prompt.add_class if cls else self.prompt.remove_class)("mm-error")

    def _render_buttons(self, f: Frame, d: Any) -> None:
        def show(b: Part, on: bool) -> None:
            (b.remove_class if on else b.add_class)("mm-hidden")

        play_text = (_("Play {card}").format(card=self.selected) if self.selected is not None else _("Play"))
        self.play_button.description = play_text
        self.play_button.disabled = self.selected is None
        show(self.play_button, d is not None and d.kind == "play")
        show(self.cancel_button, self.selected is not None)
        self.cancel_button.description = _("Cancel")
        self.next_button.description = _("Next") + " ▶"
        show(self.next_button, not self.caught_up or (not self.replaying and d is None and not self.game.is_over
                                                      and self.game.decision is not None
                                                      and self.game.decision.seat != self.human))
        self.skip_button.description = _("Skip to my turn") + " »"
        show(self.skip_button, not self.replaying and not self.caught_up and self.human is not None)
        self.undo_button.description = "↶ " + _("Undo")
        self.undo_button.tooltip = _("Take back your last play and the computer moves after it")
        can_undo = self.human is not None and any(
            ch.seat == self.human and ch.kind == "play" for ch in self.game.choices)
        self.undo_button.disabled = not can_undo
        show(self.undo_button, self.human is not None)
        self.hint_button.description = "★ " + _("Hint")
        self.hint_button.tooltip = _("Which card would a strong player choose here, and why?")
        show(self.hint_button, d is not None and self.hints)
        self.entry.placeholder = _("or type a card: 7h")
        self.entry.description = _("Type a card")
        show(self.entry, d is not None)
        self.next_game_button.description = _("Next game of the match")
        self.replay_end_button.description = _("Replay this game")
        if self.history is not None:
            self.history.replaying(self.replaying)
            if self.replaying:  # Back shows only in a replay: outside one, its state is left alone (no message)
                self.history.back_button.disabled = self.shown <= boundaries(self.game.events)[0]
