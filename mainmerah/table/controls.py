"""Controls around the table: new game, pace, replay, save/load, the match score sheet.

Widgets here only collect wishes; :class:`~mainmerah.table.table.TableWidget`
checks them (a seed must be a whole number, a save file must load) and the
engine checks every move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import ipywidgets as w

from mainmerah.core import registry
from mainmerah.core.i18n import N_, _
from mainmerah.core.words import level_name, listed, seat_name
from mainmerah.draw.text import esc
from mainmerah.table.cards import LazyHTML, shared

# Seconds between two shown steps; MANUAL waits for the Next button (a Dropdown value cannot be None).
MANUAL = -1.0
PACES: tuple[tuple[str, float], ...] = (
    (N_("step by step (Next)"), MANUAL), (N_("slow"), 2.0), (N_("normal"), 1.1), (N_("fast"), 0.45),
    (N_("instant"), 0.0),
)


def bot_levels(game: str) -> list[str]:
    """The levels a computer seat of ``game`` may take: its registered bots (GameInfo.bots), weakest first."""
    return list(registry.get(game).bots)


# The common levels' names in the dropdown; a game's level of another name is shown as it is named.


def level_words(game: str, offered: Sequence[str]) -> dict[str, str]:
    """The ``offered`` levels of ``game``, each with its line in the game's words (GameUI.levels, English
    source), in the order offered; a level the game does not describe is refused."""
    words = registry.ui(game).levels
    missing = [v for v in offered if v not in words]
    if missing:
        raise ValueError(f"{game!r} does not describe its computer level(s) {', '.join(map(repr, missing))}: "
                         f"its GameUI.levels has {', '.join(words) or 'none'}")
    return {v: words[v] for v in offered}


def level_label(level: str, levels: Mapping[str, str]) -> str:
    """A level's name in a seat's dropdown, for a table whose levels are ``levels`` (see :func:`level_words`)."""
    if level not in levels:
        raise ValueError(f"no computer level {level!r} here: choose one of {', '.join(levels)}")
    return level_name(level)


def levels_note(levels: Mapping[str, str]) -> str:
    """One line saying what the computers' levels mean, in the game's words (those offered, weakest first)."""
    said = [_(line) for line in levels.values() if line]
    return _("Computer levels: {levels}.").format(levels="; ".join(said)) if said else ""


def pace_options(extra: float | None = None) -> list[tuple[str, float]]:
    """The pace choices; a delay set in code that is not among them is added."""
    options = [(_(label), value) for label, value in PACES]
    if extra is not None and all(v != extra for _l, v in options):
        options.append((_("every {s} s").format(s=extra), extra))
    return options


class DealSpec(NamedTuple):
    """What a deal code names: the game (registry name), players, variant (None: the game's only way), seed."""

    game: str
    players: int
    variant: str | None
    seed: int


CODE_LIMIT = 40


def read_deal_code(text: str, game: str | None = None) -> DealSpec:
    """A teacher's deal code (``2P-CLASSIC-9006-U``, ``CT-4P-8412-T``) as the deal it names, of any game.

    A code that cannot be read raises ``DealCodeError`` (a ValueError) naming the part that is wrong, with an
    example of ``game``'s codes (the table's game) where the code does not say its own game.
    """
    from mainmerah.table.presenter import presenter_class, table_games

    if len(text.strip()) > CODE_LIMIT:  # a code is short: a long text is not read (nor repeated) at all
        raise ValueError(_("a deal code has at most {n} characters").format(n=CODE_LIMIT))
    readers = dict.fromkeys(presenter_class(g).read_deal_code for g in table_games())  # a family's games share one
    for read in readers:
        spec = read(text, game)
        if spec is not None:
            return DealSpec(*spec)
    raise ValueError(_("no game reads deal codes"))


def _button(text: str, css: str, tooltip: str = "") -> w.Button:
    b = w.Button(description=text, tooltip=tooltip or text, layout=shared("layout"), style=shared("button"))
    b.add_class(css)
    return b


class NewGameControls(w.VBox):
    """Players, variant, seed (shown, editable) and the buttons that deal."""

    def __init__(self, players: int, variant: str, pace: float, players_allowed: Sequence[int] = (2, 3),
                 variants: Sequence[str] = ()) -> None:
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self.players = w.ToggleButtons(options=[(str(n), n) for n in players_allowed], value=players,
                                       style={"button_width": "3.4em"})
        self.players.add_class("mm-players")
        self.players_label = LazyHTML()
        self.variant = w.Dropdown(options=list(variants), value=variant if variants else None)
        self.variant.add_class("mm-variant")
        self.variant_label = LazyHTML()
        self.seed = w.Text(value="", continuous_update=False, placeholder="1234")
        self.seed.add_class("mm-seed")
        self.seed_label = LazyHTML()
        self.new_button = _button("", "mm-new")
        self.deal_button = _button("", "mm-deal")
        self.pace = w.Dropdown(options=pace_options(pace), value=pace)
        self.pace.add_class("mm-pace")
        self.pace_label = LazyHTML()
        # Each control also carries its name for screen readers (the visible label is a separate widget).
        for control in (self.players, self.variant, self.seed, self.pace):
            control.add_class("mm-sr-label")
        # Its own layout: hidden for a game without variants.
        self.variant_row = w.HBox([self.variant_label, self.variant])
        rows = [
            w.HBox([self.players_label, self.players], layout=shared("layout")),
            self.variant_row,
            w.HBox([self.seed_label, self.seed, self.deal_button, self.new_button], layout=shared("layout")),
            w.HBox([self.pace_label, self.pace], layout=shared("layout")),
        ]
        for r in rows:
            r.add_class("mm-ctlrow")
        self.dealing: list[w.Widget] = [self.heading, *rows[:3]]  # what deals a game of this device's own
        self.pace_row: w.Widget = rows[3]
        super().__init__([self.heading, *rows], layout=shared("layout"))
        self.add_class("mm-controls")
        self.relabel()

    def offer_deals(self, offered: bool) -> None:
        """Show or hide what deals a new game (a shared table's game is the server's; the pace stays)."""
        self.children = (*self.dealing, self.pace_row) if offered else (self.pace_row,)

    def configure(self, players_allowed: Sequence[int], variants: Sequence[str]) -> None:
        """The player counts and variants of the game on the table (sent only when they change)."""
        options = [(str(n), n) for n in players_allowed]
        if list(self.players.options) != options:
            with self.players.hold_trait_notifications():
                self.players.options = options
        if variants and list(self.variant.options) != list(variants):
            self.variant.options = list(variants)
        self.variant_row.layout.display = None if variants else "none"

    def relabel(self) -> None:
        self.heading.value = esc(_("New game"))
        self.players_label.value = esc(_("Players"))
        self.variant_label.value = esc(_("Variant"))
        self.seed_label.value = esc(_("Seed or deal code"))
        self.players.description = _("Players")
        self.variant.description = _("Variant")
        self.seed.description = _("Seed or deal code")
        self.seed.placeholder = _("1234 or a code")
        self.pace.description = _("Computer moves")
        self.new_button.description = _("New game")
        self.new_button.tooltip = _("Deal a new game with a fresh random seed")
        self.deal_button.description = _("Deal this seed")
        self.deal_button.tooltip = _("Deal the game of the seed or deal code in the box (the same cards every time)")
        self.pace_label.value = esc(_("Computer moves"))
        value = self.pace.value
        self.pace.options = pace_options(value)  # (new labels may reset the choice: set it again)
        self.pace.value = value


class HistoryControls(w.VBox):
    """Undo, replay from the start step by step, and the save file."""

    def __init__(self) -> None:
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self.replay_button = _button("", "mm-replay")
        self.back_button = _button("", "mm-back-step")
        self.forward_button = _button("", "mm-forward-step")
        self.exit_button = _button("", "mm-exit-replay")
        self.save_button = _button("", "mm-save-button")
        self.load_button = _button("", "mm-load-button")
        self.save_text = w.Textarea(value="", layout=w.Layout(width="100%"))
        self.save_text.add_class("mm-save")
        self.save_text.add_class("mm-hidden")
        self.save_text.add_class("mm-sr-label")
        row1 = w.HBox([self.replay_button, self.back_button, self.forward_button, self.exit_button],
                      layout=shared("layout"))
        row2 = w.HBox([self.save_button, self.load_button], layout=shared("layout"))
        for r in (row1, row2):
            r.add_class("mm-ctlrow")
        super().__init__([self.heading, row1, row2, self.save_text], layout=shared("layout"))
        self.add_class("mm-controls")
        self.replaying(False)
        self.relabel()

    def relabel(self) -> None:
        self.heading.value = esc(_("Replay and save"))
        self.replay_button.description = _("Replay from the start")
        self.back_button.description = "◀ " + _("Back")
        self.forward_button.description = _("Forward") + " ▶"
        self.exit_button.description = _("Back to the game")
        self.save_button.description = _("Save file")
        self.save_button.tooltip = _("Show this game's save file (copy it to keep the game)")
        self.load_button.description = _("Load")
        self.load_button.tooltip = _("Load the save file pasted in the box")
        self.save_text.placeholder = _("Paste a save file here, then press Load")
        self.save_text.description = _("Save file")

    def replaying(self, on: bool) -> None:
        for b in (self.back_button, self.forward_button, self.exit_button):
            (b.remove_class if on else b.add_class)("mm-hidden")
        (self.replay_button.add_class if on else self.replay_button.remove_class)("mm-hidden")


@dataclass
class SheetRow:
    key: int
    seed: int | None
    variant: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def match_lengths(targets: Sequence[int], games: Sequence[int] = (3, 5, 10), unit: str = "games"
                  ) -> list[tuple[str, str]]:
    """The match lengths a rule book offers: open-ended, a number of games (or hands), or a total to reach."""
    count = _("{n} hands") if unit == "hands" else _("{n} games")
    options = [(_("no limit"), "open")] + [(count.format(n=n), f"g{n}") for n in games]
    return options + [(_("to {n} points").format(n=n), f"t{n}") for n in targets]  # (highest total wins)


class ScoreSheet(w.VBox):
    """The running match: one row per finished game, totals at the bottom, and how long the match runs.

    A sheet is kept for each number of players: changing players shows that count's match (and says so),
    and changing back finds the earlier one as it was. A finished match is followed by a new one.
    """

    def __init__(self) -> None:
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self._offer: tuple[tuple[int, ...], tuple[int, ...], str] = ((), (3, 5, 10), "games")
        self.length = w.Dropdown(options=match_lengths(*self._offer), value="open")
        self.length.add_class("mm-match-length")
        self.length.add_class("mm-sr-label")
        self.length_label = LazyHTML()
        self._relabeling = False
        self.length.observe(lambda _ch: None if self._relabeling else self._redraw(), names="value")
        row = w.HBox([self.length_label, self.length], layout=shared("layout"))
        row.add_class("mm-ctlrow")
        self.body = LazyHTML()
        self.body.add_class("mm-sheet")
        super().__init__([self.heading, row, self.body], layout=shared("layout"))
        self.add_class("mm-controls")
        self.rows: list[SheetRow] = []
        self.players = 0
        self.low_wins = False  # the game's rule: the lowest total wins (In The Red)
        self._kept: dict[int, list[SheetRow]] = {}  # each player count's match
        self._switched = False
        self._last: tuple[Sequence[str], int | None] = ((), None)

    def configure(self, targets: Sequence[int], low_wins: bool, games: Sequence[int] = (3, 5, 10),
                  unit: str = "games", info: registry.GameInfo | None = None) -> None:
        """The game's match rules: the totals a match may play to, the numbers of games, and whether the lowest
        total wins; ``info`` (the registry's GameInfo): the rule book's default match, offered and chosen
        when the table changes to that game."""
        self.low_wins = low_wins
        default = "open"
        if info is not None and info.match_games:
            games, default = sorted({*games, info.match_games}), f"g{info.match_games}"
        elif info is not None and info.match_target:
            targets, default = sorted({*targets, info.match_target}), f"t{info.match_target}"
        self._offer = (tuple(targets), tuple(games), unit)
        options = match_lengths(*self._offer)
        if list(self.length.options) != options:
            same = [v for _l, v in self.length.options] == [v for _l, v in options]  # only the words changed
            value = self.length.value if same else default
            self.length.options = options  # (held notifications would check the value against the old options)
            self.length.value = value

    def show_players(self, players: int) -> None:
        """The table now deals for ``players``: show that count's match (kept since it was left)."""
        if players == self.players:
            return
        if self.players:
            self._kept[self.players] = self.rows
            self._switched = True
        self.players = players
        self.rows = self._kept.pop(players, [])

    @property
    def limit(self) -> tuple[str, int]:
        value = str(self.length.value)
        return ("open", 0) if value == "open" else (value[0], int(value[1:]))

    @property
    def over(self) -> bool:
        """Whether the match is over by its length (a number of games, or a total reached)."""
        kind, n = self.limit
        if kind == "g":
            return len(self.rows) >= n
        return kind == "t" and any(t >= n for t in self.totals)

    def record(self, key: int, seed: int | None, variant: str, scores: Sequence[int],
               winners: Sequence[int]) -> None:
        """Add a finished game (or update it, when the same game was finished again after an undo)."""
        self.show_players(len(scores))
        row = SheetRow(key, seed, variant, tuple(scores), tuple(winners))
        for i, r in enumerate(self.rows):
            if r.key == key:
                self.rows[i] = row
                return
        if self.over:
            self.rows = []  # the match was over: this game starts the next one
        self.rows.append(row)

    @property
    def totals(self) -> list[int]:
        return [sum(r.scores[s] for r in self.rows) for s in range(self.players)]

    def _redraw(self) -> None:
        self.render(*self._last)

    def render(self, names: Sequence[str], you: int | None) -> None:
        self._last = (names, you)
        self.heading.value = esc(_("Match score sheet"))
        self.length_label.value = esc(_("Match length"))
        self.length.description = _("Match length")
        options = match_lengths(*self._offer)
        if list(self.length.options) != options:  # a language switch: new words, the same choice
            # Not inside hold_trait_notifications: there the value given back after new options is lost (the
            # dropdown ends on its first option, "no limit": a switch of language dropped the match's length).
            value, self._relabeling = self.length.value, True
            try:
                self.length.options = options
                self.length.value = value
            finally:
                self._relabeling = False
        switched = ""
        if self._switched and self.players:
            switched = '<div class="mm-sub">{}</div>'.format(esc(
                _("This is the match of {n} players; the other player counts keep theirs.").format(n=self.players)))
        if not self.rows:
            self.body.value = f'{switched}<span class="mm-sub">{esc(_("Finished games are added here."))}</span>'
            return
        who = [seat_name(s, names, you) for s in range(self.players)]
        head = "".join(f"<th>{esc(n[:1].upper() + n[1:])}</th>" for n in who)
        lines = []
        for i, r in enumerate(self.rows, 1):
            seed = "" if r.seed is None else esc(_("seed {seed}").format(seed=r.seed))
            cells = "".join(
                f"<td>{'★ ' if s in r.winners else ''}{r.scores[s]}</td>" for s in range(self.players)
            )
            lines.append(f'<tr class="mm-sheet-row"><td>{i}. {esc(r.variant)} '
                         f'<span class="mm-sub">{seed}</span></td>{cells}</tr>')
        totals = "".join(f"<td>{t}</td>" for t in self.totals)
        self.body.value = (f"{switched}<table><thead><tr><th>{esc(_('Game'))}</th>{head}</tr></thead>"
                           f"<tbody>{''.join(lines)}</tbody>"
                           f'<tfoot><tr class="mm-sheet-total"><td>{esc(_("Total"))}</td>{totals}</tr></tfoot>'
                           f"</table>{self._state_line(who)}")

    def _state_line(self, who: Sequence[str]) -> str:
        kind, n = self.limit
        if kind == "open":
            return ""
        totals = self.totals
        best = min(totals) if self.low_wins else max(totals)
        leaders = listed(who[s] for s, t in enumerate(totals) if t == best)
        if self.over:
            text = _("Match over: the winner is {who}, with {n}. The next game starts a new match.").format(
                who=leaders, n=best)
            return f'<div class="mm-match-state mm-match-over"><b>{esc(text)}</b></div>'
        if kind == "g":
            text = _("Game {k} of {n} played; in the lead: {who} ({t}).").format(k=len(self.rows), n=n, who=leaders,
                                                                                 t=best)
        else:
            text = _("Playing to {n} points; in the lead: {who} ({t}).").format(n=n, who=leaders, t=best)
        return f'<div class="mm-match-state">{esc(text)}</div>'
