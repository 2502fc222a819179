"""The Puzzles page: a proven end-game position, everything face up; click the card that wins the most.

Each puzzle (a game's ``GameUI.puzzles``: the fishing games' are ``mainmerah.families.fishing.puzzles``)
is drawn with the lessons' card rows: your
opponent's hand, the table, the stock in the order it will be flipped, and your hand, whose
cards are the answers. A wrong card is answered with the line that punishes it (the engine's
own words, best play by both after it); the right one with the best line next to the
tempting wrong one, and stars as in the lessons: 3 at the first try, 2 after one mistake, 1
after more. The solved puzzles and their stars are kept in the browser (a :class:`Keeper`),
checked when they come back. ``puzzles.ipynb?game=<name>&lang=id`` is :func:`puzzles_page`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from html import escape
from typing import Any, Protocol

import ipywidgets as W

from mainmerah.core import registry
from mainmerah.core.cards import Card, CardError, points_text
from mainmerah.core.i18n import _, on_language_change
from mainmerah.core.words import capitalized, mark, sentences
from mainmerah.pages.home import apply_language, parse_page_query, query_language, request_query
from mainmerah.pages.parts import PageLinks, game_puzzles, problems_note, puzzle_games, weak_listener
from mainmerah.table.keeper import LANG_KEY, Keeper, KeptError, Records, follow_language, key, pack, unpack
from mainmerah.table.options import DisplayOptions, header_bar
from mainmerah.table.style import game_points_css
from mainmerah.teach.cards import CardRow
from mainmerah.teach.lesson import para
from mainmerah.teach.student import STUDENT_KEY, attach_puzzles, solved_per_level
from mainmerah.teach.style import style_widget

KIND, VERSION = "puzzles", 1


class Puzzle(Protocol):
    """What the page reads of one puzzle (a game's ``GameUI.puzzles`` gives them)."""

    id: str
    game: str  # the registry's name
    level: int
    best: str  # the best action
    tempting: str  # the wrong action the answer compares with
    values: Mapping[str, int]  # action -> margin for the seat to move

    @property
    def seat(self) -> int: ...

    @property
    def rules(self) -> str: ...  # "classic rules" when the game is played several ways, else ""

    @property
    def shown_turns(self) -> int: ...

    @property
    def themes(self) -> tuple[str, ...]: ...

    def start(self) -> Any: ...  # the position as a fresh game: scores, hands, table, stock

    def played(self, action: str, turns: int | None = None) -> list[list[str]]: ...

    def outcome(self, action: str) -> str: ...

    def better_text(self) -> str: ...


def puzzles(game: str, level: int | None = None) -> list[Puzzle]:
    """The puzzles of ``game`` (all levels, or one), through the registry."""
    return game_puzzles(game, level)


def levels(games: Sequence[str]) -> tuple[int, ...]:
    """The puzzle levels ``games`` ship, lowest first."""
    return tuple(sorted({p.level for g in games for p in puzzles(g)}))


def puzzle_of_the_day(game: str, day: date | None = None) -> Puzzle:
    """The puzzle of ``day`` (today by default): the same for everyone that day, seeded by the date."""
    choices = puzzles(game)
    day = date.today() if day is None else day
    return choices[random.Random(day.toordinal()).randrange(len(choices))]


def title(p: Puzzle) -> str:
    """"Level 2: you to play, which card wins the most?" for a puzzle's heading."""
    return capitalized(_("level {n}: you to play, which card wins the most?").format(n=p.level))


def kept_key(game: str) -> str:
    """Where the browser keeps the puzzles of ``game`` solved (the Puzzles page and the tutorial's tab share it)."""
    return key(KIND, game)

CSS = """
.mm-puzzles .mm-pz-board .mm-label { margin: 4px 0 0 0; }
.mm-puzzles .mm-pz-board .mm-zone { gap: 4px 36px; }
.mm-puzzles .mm-pz-title h2 { font-size: 1.3em; }
.mm-puzzles .mm-pz-board p { margin: 2px 0 4px 0; }
.mm-puzzles .mm-pz-feedback { max-width: 940px; }
.mm-puzzles .mm-pz-lines { display: flex; flex-wrap: wrap; gap: 4px 24px; }
.mm-puzzles .mm-pz-line { flex: 1 1 380px; min-width: 0; }
.mm-puzzles .mm-pz-line ol { margin: 2px 0 4px 0; padding-left: 1.4em; }
.mm-puzzles .mm-pz-line li { margin: 0 0 3px 0; line-height: 1.4; }
"""


def stars(mistakes: int) -> int:
    """Stars for a solved puzzle, as in the lessons: 3 at the first try, 2 after one mistake, 1 after more."""
    return 3 if mistakes == 0 else 2 if mistakes == 1 else 1


def stars_text(n: int) -> str:
    return "★" * n + "☆" * (3 - n)


def read_solved(text: object, game: str) -> dict[str, int]:
    """The solved puzzles kept for ``game`` (id -> stars); anything wrong raises :class:`KeptError`."""
    body = unpack(text, KIND, VERSION)
    solved = body.get("solved")
    if not isinstance(solved, dict):
        raise KeptError(_("the kept puzzles have no list of solved ones"))
    known = {p.id for p in puzzles(game)}
    for pid, n in solved.items():
        if pid not in known:
            raise KeptError(_("the kept puzzles name an unknown puzzle {id!r}").format(id=str(pid)[:40]))
        if type(n) is not int or not 1 <= n <= 3:
            raise KeptError(_("the kept stars of puzzle {id} are not 1, 2 or 3").format(id=pid))
    return dict(solved)


def line_html(p: Puzzle, action: str, head: str) -> str:
    """One line of play after ``action``: its turns in the engine's words, then where it ends."""
    turns = "".join(f"<li>{escape(' '.join(t))}</li>" for t in p.played(action, p.shown_turns))
    return (f'<div class="mm-pz-line"><p><b>{escape(head.format(card=action))}</b></p><ol>{turns}</ol>'
            f"{para(p.outcome(action))}</div>")


class PuzzlesPage(W.VBox):
    """One puzzle at a time, chosen by game and level; ``pick(card)`` answers it (as a click does).

    ``header`` False: no heading bar of its own (the tutorial's Puzzles tab sits under the tutorial's);
    ``games``: the games offered (one: no game choice shown).
    """

    def __init__(self, game: str | None = None, keeper: Keeper | None = None, today: date | None = None,
                 header: bool = True, games: Sequence[str] | None = None) -> None:
        known = puzzle_games()
        self.games = tuple(known if games is None else games)
        game = self.games[0] if game is None and self.games else game
        if not self.games or any(g not in known for g in self.games) or game not in self.games:
            raise ValueError(f"there are puzzles for {', '.join(known)}, not for {game!r}")
        assert game is not None
        self.game = game
        self.levels = levels(self.games)
        self._heading_tag = "h1" if header else "h2"
        self.today = today or date.today()
        self.solved: dict[str, dict[str, int]] = {g: {} for g in known}
        # Solved here, in this kernel: what the teacher's view is told (the browser's kept record is the student's
        # own, and a tampered page could claim every puzzle; earlier sessions' records keep earlier ones).
        self.seen: dict[str, dict[str, int]] = {g: {} for g in known}
        self._solved_listeners: list[Callable[[], object]] = []
        self.mistakes = 0
        self.wrong: list[str] = []
        self.done = False
        self._feedback: Callable[[], str] = lambda: ""
        self._feedback_kind = "quiet"
        self.note = ""
        self.index = 0
        self.level = self.levels[0]
        self._syncing = False
        self.keeper = keeper
        # Inside another page (no header) that page has sent the lessons' stylesheet and shows the options.
        sheets = [style_widget()] if header else []
        # Each game's points overlay under its own class (mm-game-<name>, on this page while it shows that game's
        # puzzles): two players, as every puzzle is.
        points = [W.HTML(game_points_css(g, 2)) for g in self.games]
        style = W.Box([*sheets, W.HTML(f"<style>{CSS}</style>"), *points], layout=W.Layout(display="none"))
        super().__init__([style])
        self.options: DisplayOptions | None = None
        top: W.Widget
        if header:
            self.heading, self.options, top = header_bar(self)
        else:
            self.heading = top = W.HTML()
        self.game_choice = W.ToggleButtons(options=self._game_options(), value=game, style={"button_width": "auto"})
        self.game_choice.add_class("mm-pz-game")
        if len(self.games) == 1:
            self.game_choice.layout.display = "none"
        self.level_choice = W.ToggleButtons(options=[(str(n), n) for n in self.levels], value=self.levels[0],
                                            style={"button_width": "auto"})
        self.level_choice.add_class("mm-pz-level")
        self.today_button = W.Button(layout=W.Layout(width="auto"))
        self.today_button.add_class("mm-pz-today")
        self.today_button.on_click(lambda _b: self.open_today())
        self.back = W.Button(layout=W.Layout(width="auto"))
        self.back.add_class("mm-pz-back")
        self.back.on_click(lambda _b: self.go(self.index - 1))
        self.next = W.Button(button_style="primary", layout=W.Layout(width="auto"))
        self.next.add_class("mm-pz-next")
        self.next.on_click(lambda _b: self.go(self.index + 1))
        self.counter = W.HTML()
        self.counter.add_class("mm-pz-counter")
        chooser = W.Box([self.game_choice, self.level_choice, self.today_button])
        chooser.add_class("mm-nav")
        nav = W.Box([self.back, self.next, self.counter])
        nav.add_class("mm-nav")
        self.title = W.HTML()
        self.title.add_class("mm-pz-title")
        self.scores = W.HTML()
        self.labels = {name: W.HTML() for name in ("opponent", "table", "stock", "hand")}
        for label in self.labels.values():
            label.add_class("mm-label")
        self.opponent = CardRow([], small=True, classes=["mm-pz-opponent"])
        self.table = CardRow([], classes=["mm-pz-table"])
        self.stock = CardRow([], small=True, classes=["mm-pz-stock"])
        self.hand = CardRow([], self._clicked, classes=["mm-pz-hand"])
        self.feedback = W.HTML()
        self.feedback.add_class("mm-feedback")
        self.feedback.add_class("mm-pz-feedback")
        def block(name: str, row: CardRow) -> W.VBox:
            box = W.VBox([self.labels[name], row])
            box.add_class(f"mm-pz-{name}-block")
            return box

        # Opponent and stock side by side where there is room: the hand and the answer stay in view.
        known = W.Box([block("opponent", self.opponent), block("stock", self.stock)])
        known.add_class("mm-zone")
        board = W.VBox([self.title, self.scores, known, block("table", self.table), block("hand", self.hand),
                        self.feedback])
        board.add_class("mm-task")
        board.add_class("mm-pz-board")
        # Previous / Next above the board: the answer that opens below never moves them.
        parts: list[W.Widget] = [style, top, chooser, nav, board]
        if keeper is not None:
            parts.append(keeper)
        self.children = parts
        self.add_class("mm-lessons")
        self.add_class("mm-puzzles")
        self.puzzle: Puzzle = puzzles(game, self.levels[0])[0]
        self._open(self._first_unsolved(game, self.levels[0]))
        self.game_choice.observe(lambda ch: self.choose(ch["new"], self.level), names="value")
        self.level_choice.observe(lambda ch: self.choose(self.game, ch["new"]), names="value")
        on_language_change(weak_listener(self._draw))
        if keeper is not None:
            keeper.when_restored(self._restored)

    # ----- choosing a puzzle -----------------------------------------------------------------------------------
    @property
    def shown(self) -> list[Puzzle]:
        """The puzzles of the chosen game and level."""
        return puzzles(self.game, self.level)

    def _first_unsolved(self, game: str, level: int) -> Puzzle:
        ps = puzzles(game, level)
        return next((p for p in ps if p.id not in self.solved[game]), ps[0])

    def choose(self, game: str, level: int) -> None:
        """Show ``game``'s puzzles of ``level``, from the first not solved yet."""
        if self._syncing or game not in self.games or level not in self.levels:
            return  # the toggles offer only these; anything else is ignored
        self._open(self._first_unsolved(game, level))

    def go(self, i: int) -> None:
        """Open puzzle ``i`` (0-based) of the chosen game and level; out of range is ignored."""
        if 0 <= i < len(self.shown) and i != self.index:
            self._open(self.shown[i])

    def open_today(self) -> None:
        """The puzzle of the day (seeded by the date: the same for the whole class)."""
        self._open(puzzle_of_the_day(self.game, self.today))

    def _open(self, p: Puzzle) -> None:
        if p.game != getattr(self, "game", None) or f"mm-game-{p.game}" not in self._dom_classes:
            for cls in [c for c in self._dom_classes if c.startswith("mm-game-")]:
                self.remove_class(cls)
            self.add_class(f"mm-game-{p.game}")
        self.game, self.level, self.puzzle = p.game, p.level, p
        self.index = self.shown.index(p)
        self.mistakes, self.wrong, self.done = 0, [], False
        self._say(lambda: "", "quiet")
        self._syncing = True  # the toggles follow the puzzle; their observers must not choose another
        try:
            self.game_choice.value = p.game
            self.level_choice.value = p.level
        finally:
            self._syncing = False
        self._draw()

    # ----- answering -------------------------------------------------------------------------------------------
    def _clicked(self, card: Card) -> None:
        self.pick(card)

    def pick(self, card: Card | str) -> bool:
        """Answer with ``card`` from your hand; True when it is the best. Anything else is explained."""
        p = self.puzzle
        try:
            c = Card.parse(card)
        except CardError as e:
            message = para(str(e))
            self._say(lambda: message, "bad")
            return False
        action = str(c)
        if self.done:
            return action == p.best
        if action not in p.values:
            self._say(lambda: para(_("{card} is not in your hand: choose one of {cards}.").format(
                card=action, cards=", ".join(p.values))), "bad")
            return False
        if action != p.best:
            if action not in self.wrong:
                self.mistakes += 1
                self.wrong.append(action)
            self.hand[action].mark("wrong")
            self._say(lambda: para(_("Not the best card.")) + line_html(p, action, _("If you play {card}:"))
                      + para(_("Try another card.")), "bad")
            return False
        self.done = True
        earned = stars(self.mistakes)
        for record in (self.solved[p.game], self.seen[p.game]):
            record[p.id] = max(earned, record.get(p.id, 0))
        for listener in list(self._solved_listeners):
            listener()
        self.hand[action].mark("right")
        for b in self.hand.buttons.values():
            b.set_disabled(True)
        self._say(lambda: para(sentences(_("Right: {card} is the best card.").format(card=p.best),
                                        _("Stars: {stars}").format(stars=stars_text(earned))))
                  + '<div class="mm-pz-lines">' + line_html(p, p.tempting, _("If you play {card}:"))
                  + line_html(p, p.best, _("Play {card} instead:")) + "</div>"
                  + para(sentences(p.better_text(), _("Themes: {themes}.").format(themes="; ".join(p.themes)))), "good")
        self._store()
        self._draw()
        return True

    def _say(self, text: Callable[[], str], kind: str) -> None:
        """Answer with ``text()`` (HTML, made again in a new language)."""
        self._feedback, self._feedback_kind = text, kind  # words made again in a new language
        self._draw_feedback()

    def _draw_feedback(self) -> None:
        for k in ("good", "bad", "info", "quiet"):
            (self.feedback.add_class if k == self._feedback_kind else self.feedback.remove_class)(f"mm-fb-{k}")
        note = para(self.note) if self.note else ""
        self.feedback.value = note + self._feedback()
        if self.note and self._feedback_kind == "quiet":
            self.feedback.remove_class("mm-fb-quiet")
            self.feedback.add_class("mm-fb-info")

    # ----- drawing ---------------------------------------------------------------------------------------------
    def _game_options(self) -> list[tuple[str, str]]:
        """The game buttons: each game's name in the current language."""
        return [(_(registry.get(g).title), g) for g in self.games]

    def _relabel_games(self) -> None:
        """After a language switch the game buttons say the games' names in the new language; the game shown
        stays (new options briefly select the first: not a visitor's choice)."""
        options = self._game_options()
        if list(self.game_choice.options) == options:
            return
        self._syncing = True
        try:
            self.game_choice.options = options
            self.game_choice.value = self.game
        finally:
            self._syncing = False

    def _draw(self) -> None:
        self._relabel_games()
        p = self.puzzle
        start = p.start()
        you = p.seat
        heading = _("{game} puzzles").format(game=_(registry.get(p.game).title))
        tag = self._heading_tag
        self.heading.value = f"<{tag} style='margin:4px 0'>{escape(heading)}</{tag}>"
        self.title.value = f"<h2 style='margin:2px 0'>{escape(title(p))}</h2>"
        rules = capitalized(p.rules) + mark(".") if p.rules else ""  # (Main Merah's variant, as the worksheet says)
        self.scores.value = para(sentences(rules, _("Points so far: you {you}, your opponent {other}. Everything is "
                                                    "face up.").format(you=points_text(start.scores[you]),
                                                                       other=points_text(start.scores[1 - you]))))
        self.labels["opponent"].value = escape(_("Your opponent's hand"))
        self.labels["table"].value = escape(_("The table"))
        self.labels["stock"].value = escape(_("The stock, top card first: one is flipped after each play"))
        self.labels["hand"].value = escape(_("Your hand: click the card to play"))
        self.opponent.set_cards(start.hands[1 - you])
        self.table.set_cards(start.table)
        self.stock.set_cards(start.stock)
        self.hand.set_cards(start.hands[you])
        for c, b in self.hand.buttons.items():
            b.mark("right" if self.done and str(c) == p.best else "wrong" if str(c) in self.wrong else None)
            b.set_disabled(self.done)
        for row in (self.opponent, self.table, self.stock):
            for b in row.buttons.values():
                b.set_disabled(True)
        self.today_button.description = _("Puzzle of the day")
        self.back.description = _("◀ Previous")
        self.next.description = _("Next ▶")
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == len(self.shown) - 1
        self.level_choice.description = _("Level")
        self.game_choice.description = _("Game")
        mine = self.solved[p.game]
        done = sum(q.id in mine for q in self.shown)
        self.counter.value = escape(_("Puzzle {i} of {n} · {solved} solved at this level").format(
            i=self.index + 1, n=len(self.shown), solved=done))
        self._draw_feedback()

    # ----- kept in the browser -----------------------------------------------------------------------------------
    def _restored(self, records: Records) -> None:
        problems = []
        for g in self.solved:
            text = records.get(kept_key(g))
            if text is None:
                continue
            try:
                self.solved[g] = read_solved(text, g)
            except KeptError as e:
                problems.append(_("The solved puzzles kept in this browser could not be read ({reason}); "
                                  "they are left as they were.").format(reason=e))
        self.note = sentences(*problems)
        if not self.done and not self.mistakes:
            self._open(self._first_unsolved(self.game, self.level))
        else:
            self._draw()

    def _store(self) -> None:
        if self.keeper is not None:
            g = self.puzzle.game
            self.keeper.store(kept_key(g), pack(KIND, VERSION, {"solved": self.solved[g]}))

    def on_solved(self, callback: Callable[[], object]) -> None:
        """Call ``callback()`` each time a puzzle is solved here (solved before or not)."""
        self._solved_listeners.append(callback)

    def solved_by_level(self, game: str | None = None) -> dict[str, int]:
        """How many puzzles of each level are solved ("1" -> n), e.g. for the teacher's view."""
        game = game or self.game
        solved = solved_per_level(self.solved[game], game)
        return {str(lv): solved.get(str(lv), 0) for lv in self.levels}


def puzzles_page(query: str | None = None, today: date | None = None) -> W.VBox:
    """``puzzles.ipynb``: the puzzles of the game the URL asks for (``?game=``, ``?lang=``), kept in the browser."""
    query = request_query() if query is None else query
    apply_language(query)
    games = puzzle_games()
    request = parse_page_query(query, games)
    keeper = Keeper([kept_key(g) for g in games] + [LANG_KEY, STUDENT_KEY])
    follow_language(keeper, chosen_by_url=query_language(query) is not None)
    page = PuzzlesPage(request.game, keeper, today)
    out = W.VBox([PageLinks(request.game, play=False), problems_note(request), page])
    out.add_class("mm-puzzles-page")
    attach_puzzles(out, page)  # on make serve-class: the name box, and puzzles solved to the teacher
    return out
