"""What a game family puts on the table: the interface between the controller and a game.

:class:`~.table.TableWidget` (the controller) is game-neutral: pacing, bots and their
levels, undo, replay, save files, hints, the match sheet, the language, the frames it
steps through. A :class:`Presenter` says, for one family of games, what the board shows
(its zones and what is in them) and what a click, a button or typed text means: an intent
(act, select, refuse) that the table carries out, the state checking every action, so a
presenter never needs to trust the page either. ``mainmerah.families.fishing.ui.presenter`` is the fishing games'.

A wish from the page reaches the presenter only at the human's decision; it answers with an
intent (:mod:`.intents`) and the table alone applies actions to the game.

The board draws generic zones (see ``static/board.js``), listed by :meth:`Presenter.zones`:

- ``seats``: the other seats (name, level, a fan of their hand, a pile or score line);
- ``stock``: a face-down pile with its count;
- ``slots``: a row of card places the player may click (the fishing table; a stack per
  seat for In The Red); its cards go in the trait named by the zone's ``id`` (``table``)
  or, for other rows, under that id in the ``rows`` trait;
- ``stacks``: a pile per seat (In The Red): a name, a tag, the top card as a clickable slot
  and the cards under it small; its list sits under the zone's id in the ``rows`` trait;
- ``trick``: the last move or the climbing game's top play (cards, an arrow, words);
- ``gameover``, ``you`` (your seat and your hand, single- or multi-select), ``prompt``,
  ``actions`` (the buttons): the parts every game has, placed where the list puts them.

A zone is ``{"kind": ..., "id": ..., "cls": ..., "label": ..., "multi": ...}``; ``group``
and ``column`` zones hold other zones side by side or one under the other (``zones``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from mainmerah.core import registry
from mainmerah.core.i18n import _

if TYPE_CHECKING:
    from mainmerah.core.cards import Card
    from mainmerah.table.board import Action, CardRow
    from mainmerah.table.intents import Intent

Zone = dict[str, Any]


def table_zones(cards: Zone) -> list[Zone]:
    """The board's usual layout: opponents, then the stock beside ``cards`` (a game's row on the table)
    and the last move, the game-over view, your seat, the prompt and the buttons."""
    return [
        {"kind": "seats", "id": "opps"},
        {"kind": "group", "cls": "mm-middle", "zones": [
            {"kind": "stock", "id": "stock"},
            {"kind": "column", "cls": "mm-tablecol", "zones": [
                cards,
                {"kind": "trick", "id": "action", "cls": "mm-action"}]}]},
        {"kind": "gameover"},
        {"kind": "you", "multi": False},
        {"kind": "prompt"},
        {"kind": "actions"},
    ]


class TableContext(Protocol):
    """What a presenter may read of the table (the controller) it is drawn in, and its one way to pass
    on a wish of its own (a row of cards or a button it draws): :meth:`ask`."""

    game: Any
    human: int | None
    names: list[str]
    open_hands: bool
    hand: CardRow  # your hand's row: the presenter draws it (you_state) and reads which card a slot shows
    selection: tuple[Card, ...]  # the hand cards chosen, not yet played (set by a Select intent)

    @property
    def frame(self) -> Any: ...

    @property
    def stand_in(self) -> bool:
        """Whether the game drawn is a seat's stand-in at a shared table: the cards that seat has not seen are
        made up in it, so another seat's hidden hand is never drawn face up (not even once the game is over)."""
        ...

    @property
    def hinted(self) -> dict[Any, str]: ...

    def ask(self, wish: Callable[..., Intent], *args: Any) -> bool:
        """Have the table ask ``wish(decision, *args)`` at the human's decision and carry out its intent."""
        ...


class Presenter(ABC):
    """One game family's part of the table. Subclasses fill in the rules of the board.

    A wish (:meth:`slot`, :meth:`enter`, the presenter's own buttons and any public method listed in
    ``wishes``) is asked only at the human's decision, which it is given first; it answers with an
    intent (:mod:`.intents`: act, select, refuse) and changes nothing itself: the table carries the
    intent out, in its error guard (a ``RuleError`` or a bad card becomes a message, never a traceback).
    """

    game_name: str = ""
    match_targets: tuple[int, ...] = ()  # the totals a match may play to (RULES.md), besides a number of games
    match_games: tuple[int, ...] = (3, 5, 10)  # the numbers of games a match may have (the game's default is added)
    match_unit: str = "games"  # what a match counts: "games" or "hands" (Red Ten)
    wishes: frozenset[str] = frozenset()  # public methods the table offers as its own (t.select(...))
    clickable: frozenset[str] = frozenset({"hand"})  # zones whose slots the page may click

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        self.ctx = ctx
        self.game_name = game_name
        self.info_ = registry.get(game_name)  # players, variants, how to deal: the registry's

    # ----- the game: dealing, a match -------------------------------------------------------
    @property
    def title(self) -> str:
        """The game's display name for the board's heading."""
        return _(self.info_.title)

    @property
    def players_allowed(self) -> tuple[int, ...]:
        return tuple(self.info_.players)

    @property
    def variants(self) -> tuple[str, ...]:
        """Named variants (one way to play: none, and the controls hide the variant choice)."""
        variants = tuple(self.info_.variants)
        return variants if len(variants) > 1 else ()

    def new_game(self, players: int, variant: str | None, seed: int | None, first: int | None = None) -> Any:
        kw: dict[str, Any] = {} if first is None else {"first": first}
        return self.info_.new(seed=seed, players=players, variant=variant or self.info_.variants[0], **kw)

    @abstractmethod
    def next_game(self, game: Any) -> Any:
        """The next game of a match, after ``game``."""

    def variant_of(self, game: Any) -> str:
        return ""

    @staticmethod
    def read_deal_code(text: str, game: str | None = None) -> tuple[str, int, str | None, int] | None:
        """A teacher's deal code as (game, players, variant or None, seed), if this family deals by codes
        (None: it does not); a code it cannot read raises a ValueError naming the part that is wrong, with an
        example of ``game``'s codes (the table's game) where the code does not say its own."""
        return None

    def seed_of(self, game: Any) -> int | None:
        """The seed ``game`` was dealt from (None: a set-up position)."""
        return getattr(game, "seed", None)

    def seed_hidden(self) -> str | None:
        """What the heading says instead of the seed while people share this device (dealt again, the seed would
        tell every hand: ``deal_hidden``); None when it may be shown."""
        code = getattr(self.ctx, "table_code", None)
        if code:  # a shared table: the server's game, whose seed would tell every hand
            return _("shared table {code}").format(code=code)
        return _("seed hidden") if getattr(self.ctx, "deal_hidden", False) else None

    @abstractmethod
    def info(self, game: Any) -> str:
        """The heading's line: players, variant, seed."""

    def sheet_label(self, game: Any) -> str:
        """How the score sheet names a finished game."""
        return self.variant_of(game) or self.title

    # ----- the log, as steps -------------------------------------------------------------
    @abstractmethod
    def boundaries(self, events: Sequence[Any]) -> list[int]:
        """Event counts at which a shown step ends (the first: the deal)."""

    @abstractmethod
    def frame_at(self, game: Any, n: int, after: Any = None) -> Any:
        """What the table shows after ``n`` events (``after``: an earlier frame to fold on from).

        A frame has at least ``n``, ``over`` (the game ended), ``seat`` and ``step`` (its events).
        """

    @abstractmethod
    def turn_seat(self, frame: Any) -> int:
        """Whose turn the board shows at ``frame`` (the ring and the status line)."""

    @abstractmethod
    def end_of(self, frame: Any) -> Any:
        """The game's end event (``scores``, ``winners``) when ``frame`` shows the end."""

    def is_own_turn_start(self, choice: Any) -> bool:
        """Whether a recorded choice of the human starts a turn (Undo goes back before it): by default each."""
        return True

    # ----- drawing ---------------------------------------------------------------------------
    @abstractmethod
    def zones(self) -> list[Zone]:
        """The board's layout (see the module docstring); sent again only when it changes."""

    @abstractmethod
    def draw(self, frame: Any, decision: Any) -> dict[str, Any]:
        """The board traits of this game's zones (``table``, ``stock``, ``action``, ``rows``...)."""

    @abstractmethod
    def seat_state(self, frame: Any, seat: int) -> dict[str, Any]:
        """A seat's ``hand`` (fan) and ``pile`` (score line) for its panel."""

    @abstractmethod
    def you_state(self, frame: Any, seat: int) -> dict[str, Any]:
        """Your seat's head (``pile``, ``hand_label``) and your hand drawn in ``ctx.hand``."""

    @abstractmethod
    def status(self, decision: Any) -> str:
        """The status pill on your turn, for ``decision``."""

    @abstractmethod
    def prompt(self, frame: Any, decision: Any) -> str:
        """What the prompt says on your turn (``decision``), or ``""`` to let the table say it."""

    @abstractmethod
    def game_over_html(self, end: Any, names: Sequence[str], you: int | None) -> str: ...

    def result_html(self, frame: Any) -> str | None:
        """A deal's (or hand's) result when ``frame`` shows one ending and the game goes on after it (a game of
        several deals): who scored what and why, in words, shown on the table until the player moves on
        (the table waits for its Next deal button). None otherwise; a game's last result is
        :meth:`game_over_html`'s."""
        return None

    def buttons(self) -> list[Action]:
        """This game's own buttons (Play, Pass...), shown before the table's Next, Hint, Undo; a click on one
        is a wish passed on with ``ctx.ask``."""
        return []

    def update_buttons(self, decision: Any) -> None:  # noqa: B027 - a game without buttons of its own
        """Set this game's buttons' words and states for ``decision`` (the human's, or None)."""

    def card_points(self) -> tuple[int, ...] | None:
        """The points this game's cards show at this table (its ``GameUI.points`` for the game's player
        count), by card index; None: its cards carry no points."""
        game = getattr(self.ctx, "game", None)
        return registry.card_points(self.game_name, getattr(game, "players", None))

    def card_names(self) -> dict[str, str]:
        """Every card's spoken name by code, as this game says it (its points, if it gives any)."""
        from mainmerah.table.cards import card_names

        return card_names(self.card_points())

    def css(self) -> str:
        """Style rules of this game's own, scoped by the table root's ``mm-game-<name>`` class: by default
        the points overlay (:func:`~mainmerah.table.style.points_css`), badges on the cards that score in
        this game, for its player count; nothing for a game whose cards carry no points."""
        from mainmerah.table.style import game_points_css

        return game_points_css(self.game_name, getattr(getattr(self.ctx, "game", None), "players", None))

    def waiting(self, decision: Any) -> bool:
        """Whether your hand waits (drawn dimmed, not to be clicked) at ``decision``."""
        return decision is None

    def entry_words(self) -> tuple[str, str]:
        """The typed-action box: its name and placeholder."""
        return "", ""

    # ----- wishes: each answered with an intent ----------------------------------------------
    @abstractmethod
    def slot(self, decision: Any, zone: str, slot: int) -> Intent:
        """A click on place ``slot`` of zone ``zone`` (only zones in ``clickable`` come here)."""

    @abstractmethod
    def enter(self, decision: Any, text: str) -> Intent:
        """Typed text (not empty): an action in the rule book's notation."""

    @abstractmethod
    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        """The cards a strong player would choose now, with the reason."""


def table_games() -> list[str]:
    """The registered games that have a table (their GameUI names a presenter), in the registry's order."""
    return [name for name in registry.games() if registry.has_ui(name)]


def has_table(game_name: str) -> bool:
    return game_name in table_games()


def presenter_class(game_name: str) -> type[Presenter]:
    """The presenter class for a game by its registry name, from its GameUI (imported on first use, so a
    table of one game never loads another's); an unknown name, or a game with no table, is refused."""
    if not has_table(game_name):
        raise ValueError(f"no table for the game {game_name!r}: choose one of {', '.join(table_games())}")
    found = registry.load(registry.ui(game_name).presenter)
    if not (isinstance(found, type) and issubclass(found, Presenter)):
        raise TypeError(f"the presenter of {game_name!r} is not a Presenter class: {found!r}")
    return found
