"""The fishing games' classroom tools, for a teacher in front of a class.

- a deal code (``2P-CLASSIC-8412-N``) that gives every student the same deal;
- a position editor: type hands, table and stock, see them drawn, play on;
- self-check exercises built on the lesson component;
- saving a game (the engine's save file) and loading it back for replay.

Each fishing game has its classroom (:data:`RULESETS`): the deal codes, the editor and the
exercises deal that game. The page around it (:mod:`mainmerah.pages.classroom`) finds
:class:`Classroom` through the registry (``GameUI.classroom``) and knows no game.

Nothing typed or uploaded is trusted: the engine parses and checks it and the
reason for any refusal is shown in words.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.cards import PACK as DECK
from mainmerah.core.cards import CardError
from mainmerah.core.errors import LayoutError
from mainmerah.core.i18n import _, ngettext, on_language_change
from mainmerah.core.words import sentences
from mainmerah.families.fishing.bots import make_bot, play_out
from mainmerah.families.fishing.dealcode import DealCodeError, decode, encode, example, random_code
from mainmerah.families.fishing.events import Redeal
from mainmerah.families.fishing.rules import PARTNER, VARIANTS, main_merah_points, score_card
from mainmerah.families.fishing.save import SaveFileError
from mainmerah.families.fishing.state import Game
from mainmerah.families.fishing.ui import kept_classroom as kept
from mainmerah.families.fishing.ui.art import game_html
from mainmerah.families.fishing.ui.lessons.main_merah import _tally_hint, best_play_task, pair_task, show
from mainmerah.table.options import header_bar
from mainmerah.table.table import TableWidget
from mainmerah.teach.lesson import ChoiceTask, Feedback, Lesson, NumberTask, Task, close_all, para, tables_in
from mainmerah.teach.style import style_widget

MAIN_MERAH = "main-merah"
# The fishing games with a classroom, each with the engine rulesets its deal codes and position
# editor offer, the default first (a deal code names its ruleset, so each belongs to one game).
RULESETS: dict[str, tuple[str, ...]] = {
    MAIN_MERAH: ("classic", "cardgames", "jb"),
    "chinese-ten": ("chinese-ten",),
}


def play_widget(game: Game) -> TableWidget:
    """The table widget for ``game``: seat 0 plays, the computer the other seats.

    Its own options bar is hidden: the classroom's bar switches the whole page. So are its save file
    and Load buttons: the "Save & load" tab is the classroom's one place to save, continue and replay.
    """
    table = TableWidget(game=game, human=0, bots=["greedy"] * (game.players - 1), options=False)
    if table.history is not None:
        for b in (table.history.save_button, table.history.load_button, table.history.save_text):
            b.add_class("mm-hidden")
    return table


def widget_game(widget: W.Widget) -> Game | None:
    game = getattr(widget, "game", None)
    return game if isinstance(game, Game) else None


def heading(text: str, level: int = 3) -> W.HTML:
    return W.HTML(f"<h{level} style='margin:6px 0'>{escape(text)}</h{level}>")


def game_of(ruleset: str) -> str:
    """The game whose classroom offers ``ruleset`` (a deal code names its ruleset)."""
    return next((g for g, names in RULESETS.items() if ruleset in names), MAIN_MERAH)


def game_title(game: str) -> str:
    return _(registry.get(game).title)


def players_options(game: str) -> list[tuple[str, int]]:
    return [(_("{n} players").format(n=n), n) for n in registry.get(game).players]


def button(label: str, css: str, style: str = "") -> W.Button:
    b = W.Button(description=label, button_style=style, layout=W.Layout(width="auto"))
    b.add_class(css)
    return b


# ----- deal codes ------------------------------------------------------------------------
class DealCodePanel(W.VBox):
    """Type a code (or draw a new one) to open the same deal as everyone else."""

    def __init__(self, on_game: Callable[[Game, str], None], seed: int | None = None,
                 game: str = MAIN_MERAH) -> None:
        self._on_game = on_game
        self.game = game
        self.rulesets = RULESETS[game]
        self.rng = random.Random(random.SystemRandom().randrange(2**31) if seed is None else seed)
        self.code = W.Text(placeholder=_("e.g. {code}").format(code=example(game)),
                           layout=W.Layout(width="240px"))
        self.code.add_class("mm-code-input")
        self.open_button = button(_("Open this deal"), "mm-code-open", "primary")
        self.open_button.on_click(lambda _b: self.submit())
        self.players = W.Dropdown(options=players_options(game), value=2,
                                  description=_("Players"), layout=W.Layout(width="130px"))
        self.variant = W.Dropdown(options=list(self.rulesets), value=self.rulesets[0], description=_("Variant"),
                                  layout=W.Layout(width="130px"))
        if len(self.rulesets) == 1:
            self.variant.layout.display = "none"  # a game played one way: nothing to choose
        self.code.description = _("Deal code")
        for control in (self.code, self.players, self.variant):
            control.add_class("mm-sr-label")  # named for screen readers; the row's words say what they are
        self.new = button(_("New code"), "mm-code-new")
        self.new.on_click(lambda _b: self.fresh())
        self.message = Feedback()
        self.message.add_class("mm-code-message")
        self.current: str | None = None
        row1 = W.Box([self.code, self.open_button])
        row1.add_class("mm-nav")
        row2 = W.Box([self.players, self.variant, self.new])
        row2.add_class("mm-nav")
        super().__init__([
            W.HTML(para(_("Read a deal code out to the class: everyone who types it gets the very same deal. "
                          "The last letter is a check letter, so a typo is caught instead of dealing other "
                          "cards."))),
            row1, W.HTML(f"<div class='mm-label'>{escape(_('Or make a new code:'))}</div>"), row2, self.message,
        ])
        self.add_class("mm-dealcode")

    def fresh(self) -> str:
        code = random_code(self.rng, self.players.value, self.variant.value)
        self.code.value = code
        self.submit()
        return code

    def submit(self, text: str | None = None) -> Game | None:
        if text is not None:
            self.code.value = text
        try:
            info = decode(self.code.value, self.game)
        except DealCodeError as e:
            self.message.say(_("That code cannot be used: {why}.").format(why=e), "bad", verdict=False)
            return None
        if info.variant not in self.rulesets:
            other = game_of(info.variant)
            self.message.say(_("{code} is a deal of {other}; this classroom deals {game}.").format(
                code=info, other=game_title(other), game=game_title(self.game)), "bad", verdict=False)
            return None
        game = info.game()
        self.current = str(info)
        redeals = sum(isinstance(e, Redeal) for e in game.events)
        if len(self.rulesets) == 1:
            text = _("Deal {code}: {n} players.").format(code=info, n=info.players)
        else:
            text = _("Deal {code}: {n} players, {variant} variant.").format(
                code=info, n=info.players, variant=info.variant)
        if redeals:
            text = sentences(text, _("(The first shuffle was redealt {n} time(s): the table broke the redeal rule.)")
                             .format(n=redeals))
        self.message.say(text, "good", verdict=False)
        self._on_game(game, str(info))
        return game


# ----- the position editor ---------------------------------------------------------------------
EXAMPLE = {
    "hands": ["7♥ K♠ 4♣", "Q♥ 2♦ 6♣", "", ""],
    "table": "3♦ 8♣ J♥ 5♠ Q♠ 9♦",
    "stock": "2♥ A♠ J♦ 5♥ K♦ 8♦",
}
# Per game where it differs: Chinese Ten lays four table cards.
EXAMPLES = {"chinese-ten": {**EXAMPLE, "table": "3♦ 8♣ J♥ 5♠"}}


class PositionEditor(W.VBox):
    """Hands, table and stock typed in RULES.md notation, checked by the engine, drawn, then played."""

    def __init__(self, on_game: Callable[[Game, str], None], game: str = MAIN_MERAH) -> None:
        self._on_game = on_game
        self.game_name = game
        rulesets = RULESETS[game]
        example = EXAMPLES.get(game, EXAMPLE)
        seats = max(registry.get(game).players)
        self.players = W.Dropdown(options=players_options(game), value=2,
                                  description=_("Players"), layout=W.Layout(width="220px"))
        self.variant = W.Dropdown(options=list(rulesets), value=rulesets[0], description=_("Variant"),
                                  layout=W.Layout(width="220px"))
        if len(rulesets) == 1:
            self.variant.layout.display = "none"  # a game played one way: nothing to choose
        self.first = W.Dropdown(options=[(_("Seat {n}").format(n=0), 0), (_("Seat {n}").format(n=1), 1)], value=0,
                                description=_("First"), layout=W.Layout(width="220px"))
        self.hands = [W.Text(value=example["hands"][i], description=_("Seat {n} hand").format(n=i),
                             layout=W.Layout(width="100%", max_width="560px"),
                             style={"description_width": "150px"}) for i in range(seats)]
        for i, h in enumerate(self.hands):
            h.add_class(f"mm-editor-hand{i}")
        self.table = W.Text(value=example["table"], description=_("Table"), layout=W.Layout(width="100%",
                            max_width="560px"), style={"description_width": "150px"})
        self.table.add_class("mm-editor-table")
        self.stock = W.Text(value=example["stock"], description=_("Stock (top first)"),
                            layout=W.Layout(width="100%", max_width="560px"), style={"description_width": "150px"})
        self.stock.add_class("mm-editor-stock")
        self.check = button(_("Check and draw"), "mm-editor-check", "primary")
        self.check.on_click(lambda _b: self.build())
        self.play = button(_("Play from here"), "mm-editor-play", "success")
        self.play.on_click(lambda _b: self.hand_over())
        self.play.disabled = True
        self.message = Feedback()
        self.message.add_class("mm-editor-message")
        self.drawing = W.HTML()
        self.drawing.add_class("mm-editor-drawing")
        self.game: Game | None = None
        self.players.observe(lambda _c: self._players_changed(), "value")
        self._players_changed()
        for w in (*self.hands, self.table, self.stock, self.variant, self.first):
            w.observe(lambda _c: self._stale(), "value")
        actions = W.Box([self.check, self.play])
        actions.add_class("mm-nav")
        super().__init__([
            W.HTML(para(_("Type the cards of each place, separated by spaces: a rank A 2–10 J Q K (or T for ten) "
                          "then a suit H D C S or ♥ ♦ ♣ ♠, e.g. 10H A♠ qd. Each seat plays one hand card and "
                          "flips one stock card a turn, so the stock holds as many cards as all the hands. "
                          "Cards you leave out are simply not in this game."))),
            W.Box([self.players, self.variant, self.first]), *self.hands, self.table, self.stock,
            actions, self.message, self.drawing,
        ])
        self.add_class("mm-editor")

    def _players_changed(self) -> None:
        n = self.players.value
        for i, hand in enumerate(self.hands):
            hand.layout.display = "" if i < n else "none"
        self.first.options = [(_("Seat {n}").format(n=i), i) for i in range(n)]
        self._stale()

    def _stale(self) -> None:
        self.play.disabled = True
        self.game = None

    def build(self) -> Game | None:
        """Check the position; draw it, or say why it is impossible (nothing else changes)."""
        n = self.players.value
        first = self.first.value
        # Where the first player is the seat after the dealer (Chinese Ten), the dealer sits just before.
        dealer = None if self.game_name == MAIN_MERAH else (first - 1) % n
        try:
            game = Game.from_layout(hands=[h.value for h in self.hands[:n]], table=self.table.value,
                                    stock=self.stock.value, first=first, variant=self.variant.value, dealer=dealer)
        except (LayoutError, CardError) as e:
            self._stale()
            self.drawing.value = ""  # the last legal position would sit under the error as if it were this one
            self.message.say(_("This position cannot be played: {why}.").format(why=e), "bad", verdict=False)
            return None
        if not any(game.hands):
            self._stale()
            self.drawing.value = ""
            self.message.say(_("This position cannot be played: every hand is empty."), "bad", verdict=False)
            return None
        self.game = game
        self.play.disabled = False
        rule = game.variant.redeal_reason(game.table)
        text = _("A legal position: {cards} cards in play.").format(cards=len(game.all_cards()) - len(game.setup.out))
        if rule:
            text = sentences(text, _("Note: a real deal would be redealt ({why}); you may still play it.")
                             .format(why=rule))
        self.message.say(text, "good", verdict=False)
        self.drawing.value = game_html(game, names=[_("Seat {n}").format(n=i) for i in range(n)])
        return game

    def hand_over(self) -> None:
        if self.game is None and self.build() is None:
            return
        assert self.game is not None
        self._on_game(self.game.copy(), _("your position"))


# ----- exercises ---------------------------------------------------------------------------------
def exercises(seed: int = 8412, game: str = MAIN_MERAH) -> Lesson:
    """Self-check exercises drawn from the real two-player deal ``seed`` of ``game`` (so a whole class shares them).

    Main Merah's: deal ``2P-CLASSIC-<seed>``; Chinese Ten's: ``CT-2P-<seed>`` (two players: the same points).
    """
    ruleset = RULESETS[game][0]
    g = Game.new(2, ruleset, seed)
    # The student's hand: seat 0, theirs at the classroom's table (the other hand is the computer's, hidden there).
    # In Chinese Ten the seat after the dealer, the computer, plays first: its card may change the table first.
    hand, table, first = list(g.hands[0]), list(g.table), g.decision is not None and g.decision.seat == 0
    # The card with the most partners on the table makes the best pairing question (a hand card if possible).
    probe = max((c for c in DECK if c not in table),
                key=lambda c: (sum(t.rank == PARTNER[c.rank] for t in table), c in hand, -c.index))
    done = g.copy()
    play_out(done, [make_bot("greedy", seed), make_bot("greedy", seed + 1)])
    pile = list(done.piles[0])[:8]
    tasks: list[Task] = [
        best_play_task(hand, table, ruleset=ruleset, now=first),
        pair_task(probe, table, "partners", played_too=False),
        NumberTask(_("How many points are these eight cards worth?"), sum(main_merah_points(c) for c in pile),
                   right=_("Yes: {card}.").format(card=score_card(pile)), hint=_tally_hint(pile),  # type: ignore[arg-type]
                   before=[show(pile, _("Cards from a pile:"), 48)], key="tally"),
    ]
    if ruleset in VARIANTS:  # Main Merah redeals; Chinese Ten never does
        tasks.append(redeal_task())
    code = encode(2, ruleset, seed)
    lesson = Lesson("exercises", _("Self-check exercises"), _(
        "These questions come from deal {code}: your hand and the table at the start of that deal. Each answer "
        "is checked at once and explained.").format(code=code), tasks,
        outro=_("All done. Open another deal code to get new questions."))
    lesson.add_class(f"mm-exercises-{seed}")
    return lesson


def redeal_task() -> ChoiceTask:
    """Played or dealt again? A real classic shuffle whose table was redealt."""
    redealt = Game.new(2, "classic", 30).events[0]
    assert isinstance(redealt, Redeal)
    why = VARIANTS["classic"]().redeal_text(redealt.rank, redealt.count)
    return ChoiceTask(_("Under the classic rules, is this starting table played or dealt again?"), [
        (_("Played"), False, _("Count the Queens: three of them. {why}.").format(why=why)),
        (_("Dealt again"), True, _("Yes: {why}.").format(why=why)),
    ], before=[show(redealt.table, _("The table:"), 44)], key="redeal")


# ----- saving and replaying ------------------------------------------------------------------------
def data_link(text: str, filename: str = "mainmerah-game.json") -> str:
    """A download link that works without a server round trip (also under Voilà)."""
    href = "data:application/json;charset=utf-8," + quote(text)
    label = escape(_("Download the save file ({name})").format(name=filename))
    return f'<a class="mm-download" download="{escape(filename)}" href="{href}">⬇ {label}</a>'


class SaveReplayPanel(W.VBox):
    """The classroom's one place for save files: save the table's game; load one, then replay or continue it.

    Replay steps through a loaded game here and changes nothing; "Continue playing from here" puts
    it on the classroom's table at the step shown (``on_continue``), to play on from there.
    """

    def __init__(self, current: Callable[[], Game | None],
                 on_continue: Callable[[Game, str], None] | None = None) -> None:
        self._current = current
        self._on_continue = on_continue
        self.save = button(_("Save the current game"), "mm-export", "primary")
        self.save.on_click(lambda _b: self.export())
        self.link = W.HTML()
        self.saved = W.Textarea(layout=W.Layout(width="100%", max_width="720px", height="140px", display="none"))
        self.saved.add_class("mm-export-text")
        self.save_message = Feedback()
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description=_("Upload a save file"), layout=W.Layout(width="auto"))
        self.upload.add_class("mm-upload")
        self.upload.observe(lambda _c: self._uploaded(), "value")
        self.paste = W.Textarea(placeholder=_("…or paste a save file's text here"),
                                layout=W.Layout(width="100%", max_width="720px", height="100px"))
        self.paste.add_class("mm-import-text")
        self.load = button(_("Load the pasted text"), "mm-import", "primary")
        self.load.on_click(lambda _b: self.load_clicked())
        self.load_message = Feedback()
        self.load_message.add_class("mm-import-message")
        self.game: Game | None = None
        self.text = ""  # the loaded save file
        self.name = ""  # its file's name ("" when pasted)
        self.tried: tuple[str, str] | None = None  # the last text refused (said again in another language)
        self.step = self.total = 0
        self.first = button(_("|◀ Start"), "mm-rp-start")
        self.back = button(_("◀ Step back"), "mm-rp-back")
        self.fwd = button(_("Step ▶"), "mm-rp-next", "primary")
        self.last = button(_("End ▶|"), "mm-rp-end")
        self.first.on_click(lambda _b: self.goto(0))
        self.back.on_click(lambda _b: self.goto(self.step - 1))
        self.fwd.on_click(lambda _b: self.goto(self.step + 1))
        self.last.on_click(lambda _b: self.goto(self.total))
        self.go_on = button(_("Continue playing from here"), "mm-rp-continue", "success")
        self.go_on.on_click(lambda _b: self.continue_here())
        self.position = W.HTML()
        self.position.add_class("mm-rp-position")
        self.board = W.HTML()
        self.board.add_class("mm-rp-board")
        self.story = W.HTML()
        self.story.add_class("mm-story")
        controls = W.Box([self.first, self.back, self.fwd, self.last, self.position])
        controls.add_class("mm-nav")
        carry_on = W.Box([self.go_on])
        carry_on.add_class("mm-nav")
        if on_continue is None:
            carry_on.layout.display = "none"
        self.replay = W.VBox([controls, carry_on, self.board, self.story], layout=W.Layout(display="none"))
        self.replay.add_class("mm-rp")
        loaders = W.Box([self.upload])
        loaders.add_class("mm-nav")
        paste_row = W.Box([self.load])
        paste_row.add_class("mm-nav")
        super().__init__([
            heading(_("Save")),
            W.HTML(para(_("Save the game on the table below (finished or not) in the engine's save file: the deal "
                          "and every decision, with a checksum."))),
            W.Box([self.save], layout=W.Layout(margin="4px 0")), self.save_message, self.link, self.saved,
            heading(_("Load, then replay or continue")),
            W.HTML(para(_("Upload a save file (it loads at once) or paste its text and click the button. Replay "
                          "steps through the game here and changes nothing; \"Continue playing from here\" puts "
                          "it on the table below at the step shown, and you play on from there."))),
            loaders, self.paste, paste_row, self.load_message, self.replay,
        ])
        self.add_class("mm-saves")

    def export(self) -> str | None:
        game = self._current()
        if game is None:
            self.save_message.say(_("There is no game to save yet: open a deal code or a position and play."),
                                  "bad", verdict=False)
            return None
        text = game.to_json()
        n = len(game.choices)
        state = _("finished") if game.is_over else ngettext(
            "in progress, {n} decision so far", "in progress, {n} decisions so far", n).format(n=n)
        self.save_message.say(_("Saved: {players} players, {variant}, {state}.").format(
            players=game.players, variant=game.variant.name, state=state), "good", verdict=False)
        self.link.value = data_link(text)
        self.saved.value = text
        self.saved.layout.display = ""
        return text

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        item = files[0]
        name = str(item.get("name", ""))
        try:
            text = bytes(item["content"]).decode("utf-8")
        except UnicodeDecodeError:
            self.tried = None
            self.load_message.say(_("{name} is not a text file, so not a save file.").format(name=name),
                                  "bad", verdict=False)
            return
        self.load_text(text, name)

    def load_clicked(self) -> Game | None:
        """The button under the pasted text: an uploaded file is already loaded, so it is not asked for again."""
        if not self.paste.value.strip() and self.game is not None and self.name:
            self.load_message.say(_("{name} is loaded: replay it below, or continue playing it from any step.")
                                  .format(name=self.name), "info", verdict=False)
            return self.game
        return self.load_text(self.paste.value)

    def load_text(self, text: str, name: str = "") -> Game | None:
        if not (text or "").strip():
            self.load_message.say(_("Paste a save file's text (or upload the file) first."), "bad", verdict=False)
            return None
        try:
            game = Game.from_json(text)
        except SaveFileError as e:
            self.tried = (text, name)
            self.load_message.say(_("That save file cannot be loaded: {why}.").format(why=e), "bad", verdict=False)
            return None
        self.tried = None
        self.game, self.text, self.name = game, text, name
        self.total = len(game.choices)
        self.load_message.say(_("Loaded {name}: {players} players, {variant}, {n} decisions. Replay it below, or "
                                "continue playing it from the step shown.").format(
            name=name or _("the game"), players=game.players, variant=game.variant.name, n=len(game.choices)),
            "good", verdict=False)
        self.replay.layout.display = ""
        self.goto(0)
        return game

    def goto(self, n: int) -> None:
        if self.game is None:
            return
        total = self.total
        n = max(0, min(n, total))
        self.game.goto(n)
        self.step = n
        self.position.value = escape(_("Decision {n} of {total}").format(n=n, total=total))
        self.board.value = game_html(self.game)
        lines = [e.explain() for e in self.game.events]
        self.story.value = "".join(para(t) for t in lines[::-1])
        self.first.disabled = self.back.disabled = n == 0
        self.fwd.disabled = self.last.disabled = n == total
        self.go_on.disabled = self.game.is_over

    def continue_here(self) -> Game | None:
        """The loaded game, as it stands at the step shown, onto the classroom's table (the replay is unchanged)."""
        if self.game is None or self._on_continue is None:
            return None
        if self.game.is_over:
            self.load_message.say(_("This game is over at this step: step back to continue from earlier."),
                                  "bad", verdict=False)
            return None
        game = Game.from_json(self.game.to_json())  # the decisions up to here, none of the later ones
        self.load_message.say(_("On the table below: {name} from decision {n}. Play on from there.").format(
            name=self.name or _("the game"), n=self.step), "good", verdict=False)
        self._on_continue(game, _("a loaded game"))
        return game


# ----- the whole page ----------------------------------------------------------------------------------
class Classroom(W.VBox):
    """Deal codes, position editor, exercises, save and replay, in tabs, for one game (``game``).

    ``on_change(callback)``: called after anything worth keeping changed (the tab, the code, the
    table's game, an exercise answered, a save file loaded or stepped through); :meth:`record`,
    :meth:`restore` and :meth:`reset` are what the page's keeping
    (:class:`mainmerah.pages.kept_classroom.ClassroomKeeping`) asks of it.
    """

    FIRST_EXERCISES = 8412  # the deal of the exercises before any code is opened

    def __init__(self, seed: int | None = None, game: str = MAIN_MERAH) -> None:
        if game not in RULESETS:
            raise ValueError(f"no classroom for {game!r}: choose one of {', '.join(RULESETS)}")
        self.game = game
        self.rulesets = RULESETS[game]
        self._listeners: list[Callable[[], None]] = []
        self.keeping: Any = None  # the page's keeping in the browser, once the page has one
        self.table_area = W.VBox([])
        self.table_area.add_class("mm-class-table")
        self.table_title = W.HTML()
        self.table_widget: W.Widget | None = None
        self._source: tuple[str, bool] | None = None  # what the table plays, and whether it is a deal code
        self._dealt: Game | None = None  # the game this page put on the table (the table may deal another)
        self.codes = DealCodePanel(self.show_game, seed=seed, game=game)
        self.editor = PositionEditor(self.show_game, game=game)
        self.exercise_seed = self.FIRST_EXERCISES
        self.exercise_box = W.VBox([exercises(self.exercise_seed, game)])
        self.saves = SaveReplayPanel(self.current_game, self.show_game)
        # Messages about the page itself (what the browser kept, Start over), above the tabs.
        self.page_message = Feedback()
        self.page_message.add_class("mm-class-kept")
        self.kept_area = W.Box([])  # the page's Start over and its keeper (see kept_classroom)
        play = W.VBox([self.table_title, self.table_area])
        tabs = W.Tab([
            W.VBox([self.codes]), W.VBox([self.editor]), self.exercise_box, W.VBox([self.saves]),
        ])
        tabs.add_class("mm-class-tabs")
        tabs.add_class("mm-tabs")
        tabs.observe(lambda _c: self.changed(), "selected_index")
        self.tabs = tabs
        style = style_widget()
        super().__init__([style])
        self.heading, self.options, top = header_bar(self)  # the options bar needs the page's root: built after
        self.children = (style, top, self.kept_area,
                         self.page_message, tabs, play)
        self.add_class("mm-lessons")
        self.add_class("mm-classroom")
        self._relabel()
        self._watch()
        ref = weakref.WeakMethod(self._language_changed)  # the listener list keeps no classroom alive
        on_language_change(lambda _code: None if (m := ref()) is None else m())

    # ----- what is worth keeping ---------------------------------------------------------------------
    def on_change(self, callback: Callable[[], None]) -> None:
        self._listeners.append(callback)

    def changed(self) -> None:
        for cb in list(self._listeners):
            cb()

    def record(self) -> str:
        """What the browser keeps of this classroom (checked by :meth:`restore` when it comes back)."""
        return kept.record(self)

    def restore(self, text: object) -> bool:
        """Show the kept record ``text``, every part checked first (:class:`KeptError` says what is wrong, and
        nothing changed); True when it holds more than a first visit's page (a welcome back is due)."""
        found = kept.check_record(self, text)
        kept.apply_record(self, found)
        answered = any(t.inputs for t in found.lesson.tasks)
        return bool(found.table or found.replay or found.tab or found.code["text"] or answered)

    def reset(self) -> None:
        """The classroom as a first visit shows it (the language stays)."""
        self.table_widget, self._source, self._dealt = None, None, None
        self.table_area.children = []
        self.codes.code.value = ""
        self.codes.message.clear()
        saves = self.saves
        saves.game, saves.text, saves.name, saves.tried = None, "", "", None
        saves.replay.layout.display = "none"
        saves.load_message.clear()
        saves.save_message.clear()
        saves.saved.value, saves.link.value = "", ""
        saves.saved.layout.display = "none"
        self.set_exercises(self.FIRST_EXERCISES)
        self.tabs.selected_index = 0
        self._relabel()

    def _watch(self) -> None:
        """Report every change of the panels (built again after a language switch: watched again)."""
        for control in (self.codes.code, self.codes.players, self.codes.variant):
            control.observe(lambda _c: self.changed(), "value")
        self.watch_exercises()
        for b in (self.saves.first, self.saves.back, self.saves.fwd, self.saves.last):
            b.on_click(lambda _b: self.changed())
        self.saves.load_message.observe(lambda _c: self.changed(), "value")

    def watch_exercises(self) -> None:
        lesson = self.exercise_box.children[0]
        if isinstance(lesson, Lesson):
            for task in lesson.tasks:
                task.feedback.observe(lambda _c: self.changed(), "value")  # every answer is said there

    def new_exercises(self, seed: int) -> Lesson:
        return exercises(seed, self.game)

    def set_exercises(self, seed: int, lesson: Lesson | None = None) -> None:
        self.exercise_seed = seed
        self.exercise_box.children = [lesson or exercises(seed, self.game)]
        self.watch_exercises()

    def _relabel(self) -> None:
        title = _("{game} classroom").format(game=game_title(self.game))
        self.heading.value = f"<h1 style='margin:4px 0'>{escape(title)}</h1>"
        for i, t in enumerate((_("Deal code"), _("Position editor"), _("Exercises"), _("Save & replay"))):
            self.tabs.set_title(i, t)
        self.table_title.value = ""
        if self._source is not None:
            source, code = self._source
            what = source if code else _("a loaded game") if source == "loaded" else _("your position")
            title = escape(_("Playing: {what}").format(what=what))
            self.table_title.value = f"<h3 style='margin:8px 0 4px'>{title}</h3>"
        table = self.table_widget
        game = widget_game(table) if table is not None else None
        if game is not None and self._dealt is not None and game is not self._dealt:
            # The table's own "New game" or "Deal this seed": the heading says so, not the code it replaced.
            seed = getattr(game, "seed", None)
            what = (_("a new deal (seed {seed})").format(seed=seed) if seed is not None else _("a new deal"))
            title = escape(_("Playing: {what}").format(what=what))
            self.table_title.value = f"<h3 style='margin:8px 0 4px'>{title}</h3>"

    def _language_changed(self) -> None:
        """Every panel again in the new language, with what was typed, opened, loaded and answered in it.

        The table redraws its own words; the panels are built anew and given the old ones' values, and
        each message shown is asked for again (re-checking the same code, position or save file: a
        refusal is said again as a refusal).
        """
        old_codes, old_editor, old_saves = self.codes, self.editor, self.saves
        codes = DealCodePanel(self.show_game, game=self.game)
        codes.rng = old_codes.rng
        for name in ("players", "variant", "code"):
            getattr(codes, name).value = getattr(old_codes, name).value
        if old_codes.message.text:
            codes._on_game = lambda _g, _s: None  # say it again, without dealing the table again
            codes.submit()
            codes._on_game = self.show_game
        editor = PositionEditor(self.show_game, game=self.game)
        for name in ("players", "variant", "first"):
            getattr(editor, name).value = getattr(old_editor, name).value
        for new, old in zip((*editor.hands, editor.table, editor.stock),
                            (*old_editor.hands, old_editor.table, old_editor.stock), strict=True):
            new.value = old.value
        if old_editor.message.text:
            editor.build()
        old_exercises = self.exercise_box.children[0]
        fresh = exercises(self.exercise_seed, self.game)
        if isinstance(old_exercises, Lesson):
            fresh.take_over(old_exercises)
        saves = SaveReplayPanel(self.current_game, self.show_game)
        saves.paste.value = old_saves.paste.value
        if old_saves.saved.value:
            saves._current = lambda: Game.from_json(old_saves.saved.value)  # the same save file, said anew
            saves.export()
            saves._current = self.current_game
        if old_saves.game is not None:
            saves.load_text(old_saves.text, old_saves.name)
            saves.goto(old_saves.step)
        if old_saves.tried is not None and old_saves.load_message.kind == "bad":
            saves.load_text(*old_saves.tried)  # refused again, in the new words (what was loaded stays)
        self.codes, self.editor, self.saves = codes, editor, saves
        self.set_exercises(self.exercise_seed, fresh)
        old_tabs = self.tabs.children
        self.tabs.children = [W.VBox([codes]), W.VBox([editor]), self.exercise_box, W.VBox([saves])]
        # The panels in the old words go, in the kernel and in the page (the exercises' box stays).
        for box in old_tabs:
            close_all(box, keep=[self.exercise_box])
        close_all(old_exercises, keep=[table for table, _box in tables_in(fresh)])
        self._relabel()
        self._watch()

    def show_game(self, game: Game, source: str) -> None:
        """Put ``game`` on the shared table (from a deal code, the editor or a loaded save file)."""
        table = play_widget(game)
        self.table_widget = table
        self._dealt = game
        self.table_area.children = [table]
        table.on_change(lambda _t: self._table_moved())
        try:
            seed = decode(source).seed
        except DealCodeError:  # words of the language shown now: kept as what they name, said in the next
            self._source = ("loaded" if source == _("a loaded game") else "position", False)
        else:
            self._source = (source, True)
            if seed != self.exercise_seed:
                self.set_exercises(seed)
        self._relabel()
        self.changed()

    def _table_moved(self) -> None:
        if self.table_widget is not None and widget_game(self.table_widget) is not self._dealt:
            self._relabel()
        self.changed()

    def current_game(self) -> Game | None:
        return widget_game(self.table_widget) if self.table_widget is not None else None


__all__ = ["RULESETS", "Classroom", "DealCodePanel", "PositionEditor", "SaveReplayPanel", "data_link",
           "exercises"]
