"""What a player asks of the table, for any game: steps, undo, replay, new games, save files, hints.

Each action checks whether it may happen now and says why not in the table's prompt; a
refused move (``RuleError``, a bad card or save file) becomes a message, never a traceback.
The game's own wishes (a card clicked, Play, typed text) go to the presenter, which answers
with an intent (:mod:`.intents`); the table carries it out here (:meth:`TableActions.ask`), in
the same guard: only the table applies an action to the game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import wraps
from typing import TYPE_CHECKING, Any, TypeVar

from mainmerah.core import registry
from mainmerah.core.cards import Card, CardError
from mainmerah.core.errors import RuleError, SaveFileError
from mainmerah.core.i18n import _
from mainmerah.core.typed import looks_like_seed, read_seed, shortened
from mainmerah.table.controls import MANUAL, bot_levels, pace_options
from mainmerah.table.intents import Intent, Refuse, Select, unselect

if TYPE_CHECKING:
    from mainmerah.table.controls import HistoryControls, NewGameControls
    from mainmerah.table.presenter import Presenter
    from mainmerah.table.seats import Seats

log = logging.getLogger(__name__)

USER_ERRORS = (RuleError, CardError, SaveFileError, ValueError)
F = TypeVar("F", bound=Callable[..., Any])


def user_action(fn: F) -> F:
    """Run a user action; a refused move becomes a message in the table, never a traceback."""

    @wraps(fn)
    def run(self: TableActions, *args: Any, **kw: Any) -> Any:
        return self.wish(fn, self, *args, **kw)

    return run  # type: ignore[return-value]


class TableActions:
    """Mixin of :class:`~.table.TableWidget`: the game-neutral actions and the error guard."""

    game: Any
    presenter: Presenter
    seats: Seats
    human: int | None
    auto: bool
    delay: float
    replaying: bool
    error: str | None
    note: str | None
    shown: int
    names: list[str]
    controls: NewGameControls | None
    history: HistoryControls | None
    selection: tuple[Card, ...]
    _hint: dict[Card, str]
    _relabelling: bool
    hints: bool
    review: Any  # the ReviewPanel: its judging ahead waits while a hint is computed (its busy())

    if TYPE_CHECKING:
        @property
        def caught_up(self) -> bool: ...

        @property
        def deal_hidden(self) -> bool: ...

        def move_on(self) -> None: ...

        def _render(self) -> None: ...

        def _pump(self) -> None: ...

        def _bot_move(self) -> None: ...

        def _cancel_timer(self) -> None: ...

        def _next_boundary(self) -> int: ...

        def _bounds(self) -> list[int]: ...

        def _my_decision(self) -> Any: ...

        def _set_game(self, game: Any, from_start: bool = True, retry: Any = None) -> None: ...

        def _act(self, action: str | Card) -> None: ...

        def decided(self) -> None: ...

        def judge_retry(self, action: Any) -> bool: ...

        @property
        def people(self) -> frozenset[int]: ...

        @property
        def pass_play(self) -> bool: ...

        passing: int | None
        remote: Any

        def shared_refusal(self) -> str | None: ...

    # ----- the guard and the table's answers ------------------------------------------------
    def wish(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
        """Run ``fn``: a user's wish. What the rules refuse is shown; nothing ever raises to the page."""
        try:
            return fn(*args, **kw)
        except USER_ERRORS as e:
            self._fail(str(e))
        except Exception as e:  # noqa: BLE001 - a user must never see a traceback
            log.exception("table action %s failed", getattr(fn, "__name__", fn))
            self._fail(_("Something went wrong ({error}); the game is unchanged.").format(error=type(e).__name__))
        return False

    def _fail(self, message: str) -> None:
        self.error = message
        self._render()

    def ok(self) -> None:
        """A wish was granted: the last message and the hint go."""
        self.error = None
        self.note = None
        self._hint = {}

    def refuse(self, message: str) -> bool:
        self._fail(message)
        return False

    # ----- the game's wishes: the presenter says what they mean, the table carries it out ----------
    def ask(self, wish: Callable[..., Intent], *args: Any, **kw: Any) -> bool:
        """A wish of the human's (a click, a button, typed text): ``wish(decision, *args)`` is the presenter's
        answer at the human's decision now (an intent), carried out here. Out of turn it is not asked."""
        return bool(self.wish(self._ask, wish, *args, **kw))

    def _ask(self, wish: Callable[..., Intent], *args: Any, **kw: Any) -> bool:
        d = self._my_decision()
        if d is None or self.human is None:
            return self.refuse(self.why_not_now())
        return self._carry_out(wish(d, *args, **kw))

    def _carry_out(self, intent: Intent) -> bool:
        if isinstance(intent, Refuse):
            return self.refuse(intent.reason)
        if isinstance(intent, Select):
            self.ok()
            self.selection = intent.cards
            self.note = intent.note
            self._render()
            return True
        reason = self.game.check(intent.action)  # legality from the state, said in its words
        if reason is not None:
            return self.refuse(reason)
        if self.judge_retry(intent.action):  # a review's position tried again: judged, not played
            return True
        self._act(intent.action)
        for more in intent.then:  # the rest of the same click, while it is still yours and legal
            d = self.game.decision
            if d is None or d.seat != self.human or not self.game.can(more):
                break
            self._act(more)
        self.ok()
        self.selection = ()
        self.decided()
        return True

    def cancel(self) -> bool:
        """Forget the selection (nothing was played) and draw the board again."""
        return self.ask(unselect)

    @property
    def hinted(self) -> dict[Card, str]:
        return self._hint

    def why_not_now(self) -> str:
        if self.replaying:
            return _("This is a replay: choose \"Back to the game\" to play.")
        if self.passing is not None:
            return _("Pass the device to {who}: the table waits for {who} to be shown the hand.").format(
                who=self.names[self.passing])
        if self.game.is_over and self.caught_up:
            return _("The game is over: start a new one.")
        if not self.caught_up:
            return _("Wait: a move is being shown (Next shows it now).")
        d = self.game.decision
        if d is not None and d.seat != self.human:
            return _("It is {who}'s turn.").format(who=self.names[d.seat])
        return _("That is not possible now.")

    # ----- steps -----------------------------------------------------------------------------
    @user_action
    def next(self) -> bool:
        """Show the next step (a computer's move, your flip, or the next step of a replay)."""
        if self.caught_up:
            d = self.game.decision
            if d is None or d.seat in self.people or self.remote is not None:
                return self.refuse(_("The game is over: nothing more to show.") if d is None
                                   else _("Nothing more to show: it is your turn.") if d.seat == self.human
                                   else self.why_not_now())
            self._bot_move()
        self.ok()
        self.move_on()  # from a deal's result, if one is shown
        self.shown = self._next_boundary()
        self._pump()
        return True

    @user_action
    def skip(self) -> bool:
        """Show everything up to your next decision (or the end of the game)."""
        self._cancel_timer()
        self.ok()
        self.replaying = False
        while True:
            self.shown = len(self.game.events)
            d = self.game.decision
            if d is None or d.seat in self.people or self.remote is not None:
                break
            self._bot_move()
        self._pump()
        return True

    def _own_turns(self) -> list[int]:
        if self.pass_play or self.remote is not None:  # the others have seen the move: no undo
            return []
        return [i for i, ch in enumerate(self.game.choices)
                if ch.seat == self.human and self.presenter.is_own_turn_start(ch)]

    @user_action
    def undo(self) -> bool:
        """Take back your last play, and every computer move since."""
        if self.pass_play:
            return self.refuse(_("Undo is off when people share this device: everyone has seen the move."))
        if self.remote is not None:
            return self.refuse(_("Undo is off at a shared table: everyone has seen the move."))
        if self.human is None:
            return self.refuse(_("There is nothing of yours to undo."))
        turns = self._own_turns()
        if not turns:
            return self.refuse(_("Nothing to undo: you have not played yet."))
        choice = self.game.choices[turns[-1]]
        card = getattr(choice, "card", None) or getattr(choice, "action", choice)  # what was played, as told
        self._cancel_timer()
        self.game.goto(turns[-1])
        self.ok()
        self.replaying = False
        self.selection = ()
        self.shown = len(self.game.events)
        self.note = _("Undone: you are back before you played {card}.").format(card=card)
        self._pump()
        return True

    def _redo_target(self) -> int | None:
        """Where Redo goes: before your next play among the decisions undone (or their end); None: none."""
        if (self.human is None or self.pass_play or self.remote is not None or self.replaying
                or not getattr(self.game, "can_redo", False)):
            return None
        history = self.game.history
        start = len(self.game.choices)
        return next((i for i in range(start + 1, len(history))
                     if history[i].seat == self.human and self.presenter.is_own_turn_start(history[i])),
                    len(history))

    @user_action
    def redo(self) -> bool:
        """Bring back what Undo took back: your play and the computer moves after it, as they were."""
        target = self._redo_target()
        if target is None:
            return self.refuse(_("Nothing to redo: Redo brings back a play you undid."))
        choice = self.game.history[len(self.game.choices)]
        card = getattr(choice, "card", None) or getattr(choice, "action", choice)
        self._cancel_timer()
        self.game.goto(target)
        self.ok()
        self.selection = ()
        self.shown = len(self.game.events)
        self.note = _("Redone: you played {card} again.").format(card=card)
        self._pump()
        return True

    @user_action
    def replay(self) -> bool:
        """Watch the game so far again from the deal, step by step."""
        self._cancel_timer()
        self.ok()
        self.selection = ()
        self.replaying = True
        self.shown = self._bounds()[0]
        self._pump()
        return True

    @user_action
    def back(self) -> bool:
        """One step back in a replay."""
        if not self.replaying:
            return self.refuse(_("Back works during a replay; to take back a move, use Undo."))
        self._cancel_timer()
        self.ok()
        self.shown = max((b for b in self._bounds() if b < self.shown), default=self.shown)
        self._pump()
        return True

    @user_action
    def exit_replay(self) -> bool:
        self.ok()
        self.replaying = False
        self.shown = len(self.game.events)
        self._pump()
        return True

    # ----- new games, a match, save files -------------------------------------------------------
    @user_action
    def new_game(self, players: int | None = None, variant: str | None = None, seed: int | None = None,
                 first: int | None = None, from_controls: bool = False) -> bool:
        """Deal a new game (``seed`` None picks a fresh one)."""
        if (why := self.shared_refusal()) is not None:
            return self.refuse(why)
        if from_controls and self.controls is not None:
            players = int(self.controls.players.value)
            variant = str(self.controls.variant.value) if self.presenter.variants else None
        p = self.presenter
        g = p.new_game(players or self.game.players, variant or p.variant_of(self.game) or None, seed, first)
        self.ok()
        self._set_game(g)
        return True

    @user_action
    def deal_seed(self) -> bool:
        """Deal what the seed box names: a seed (a whole number, with the chosen players and variant) or a
        teacher's deal code (its game, players, variant and seed)."""
        assert self.controls is not None
        text = self.controls.seed.value.strip()
        if not looks_like_seed(text):
            return self.deal_code(text)
        try:
            seed = read_seed(text)
        except ValueError as e:
            return self.refuse(_("The seed {text} is refused: {why}.").format(text=shortened(text), why=e))
        return bool(self.new_game(seed=seed, from_controls=True))

    @user_action
    def deal_code(self, text: str) -> bool:
        """Deal the game a deal code names (``2P-CLASSIC-9006-U``); a bad code is named and changes nothing."""
        from mainmerah.table.controls import read_deal_code

        if (why := self.shared_refusal()) is not None:
            return self.refuse(why)
        try:
            spec = read_deal_code(text, self.presenter.game_name)
        except ValueError as e:
            return self.refuse(_("The seed must be a whole number or a deal code, not \"{text}\": {why}.").format(
                text=shortened(text), why=e))
        game = registry.get(spec.game).new(seed=spec.seed, players=spec.players,
                                           variant=spec.variant or registry.get(spec.game).variants[0])
        self.ok()
        self._set_game(game)
        if self.controls is not None:
            self.controls.seed.value = text.strip().upper()  # the box keeps the code the class was given
        self.note = _("Dealt from the code {code}: the same cards as everyone who uses it.").format(
            code=text.strip().upper())
        self._render()
        return True

    @user_action
    def next_game(self) -> bool:
        """The next game of the match (who plays first is the game's rule)."""
        if (why := self.shared_refusal()) is not None:
            return self.refuse(why)
        self.ok()
        self._set_game(self.presenter.next_game(self.game))
        return True

    @user_action
    def show_save(self) -> bool:
        if self.remote is not None:
            return self.refuse(_("At a shared table the game is the server's: its save file is not shown here."))
        if self.deal_hidden:
            return self.refuse(_("While people share this device the save file is shown only when the game is over: "
                                 "it holds every hand."))
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
            return self.refuse(_("Paste a save file in the box first, then press Load."))
        if (why := self.shared_refusal()) is not None:
            return self.refuse(why)
        g = registry.load_game(text)
        self.ok()
        self._set_game(g, from_start=False)
        self.note = _("Game loaded. \"Replay from the start\" shows it step by step.")
        self._render()
        return True

    # ----- computers and pace -----------------------------------------------------------------
    @user_action
    def set_level(self, seat: int, level: str) -> bool:
        if (why := self.shared_refusal()) is not None:
            return self.refuse(why)
        if seat in self.people or not 0 <= seat < self.game.players:
            return self.refuse(_("Seat {seat} is not a computer player.").format(seat=seat))
        if level not in bot_levels(self.presenter.game_name):
            return self.refuse(_("Unknown level {level}.").format(level=level))
        self.seats.set_level(seat, level)
        return True

    def _level_chosen(self, seat: int, level: str) -> None:
        """A level picked in a seat's dropdown; the dropdown then shows the level in force, whatever was asked."""
        if not self._relabelling:
            self.set_level(seat, level)
            self._render()

    def _pace_changed(self, change: dict) -> None:
        if self._relabelling:
            return
        value = change["new"]
        self.set_pace(None if value is None or value < 0 else value)

    @user_action
    def set_pace(self, delay: float | None) -> bool:
        """``None``: wait for Next; else auto-advance every ``delay`` seconds (0: at once)."""
        if delay is not None and delay < 0:
            return self.refuse(_("A delay must be 0 or more seconds, not {d}.").format(d=delay))
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

    # ----- hints -----------------------------------------------------------------------------
    @user_action
    def hint(self) -> bool:
        """Light up the choice a strong player would make now, with the reason (only on your turn)."""
        if self._my_decision() is None or self.human is None:
            return self.refuse(self.why_not_now())
        if self.remote is not None and not self.hints:
            return self.refuse(_("Hints are off at this table."))
        # Seeded by the position, so the same position always gets the same hint.
        with self.review.busy():
            cards, reason = self.presenter.hint(self.game, self.human, len(self.game.choices))
        self.ok()
        self.selection = ()
        self.show_hint(cards, _("Hint: {reason}").format(reason=reason))
        return True

    def show_hint(self, cards: Iterable[Card | str], text: str = "") -> None:
        """Mark ``cards`` (in the hand or on the table) as a hint, with a reason; cleared by the next move."""
        self._hint = {Card.parse(c): text for c in cards}
        self.note = text or None
        self._render()
