"""The table page's game kept in the browser: a reload, a closed tab, a phone gone to sleep loses nothing.

What is kept (one record per game, ``key("table", game)``): the game in its own save format
(``game.to_json()``: the deal and every decision), the step shown and whether it was a replay,
the match sheet (each finished game's save file, so its scores are the engine's, not the
page's) and the table's settings (four-colour deck, pace, the computers' levels, and at a
pass-and-play table the people's seats and names: a reload then shows the "Pass to" screen of
the person to move, never a hand). The
language is kept for every page under its own key (:func:`~.keeper.follow_language`).

A record comes back from the page like any input: :func:`check_record` replays every save
file through the engine (a forged or edited game breaks a rule or its checksum), checks each
setting against what the table offers, and only then :func:`apply_record` changes the table;
a refused record changes nothing and is named on the page, over the fresh deal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from mainmerah.core import registry
from mainmerah.core.i18n import _
from mainmerah.core.pace import PACE_MAX, is_pace
from mainmerah.table.actions import USER_ERRORS
from mainmerah.table.controls import bot_levels
from mainmerah.table.keeper import Keeper, KeptError, key, pack, unpack
from mainmerah.table.passing import read_people
from mainmerah.table.presenter import Presenter, has_table, presenter_class

if TYPE_CHECKING:
    from mainmerah.table.table import TableWidget

KIND = "table"
VERSION = 1
MAX_SHEET = 40  # finished games kept on the match sheet (each is a save file to replay on restore)
SETTINGS = ("four_colour", "pace", "levels")  # what a URL may set instead of the record (see URL_SETTINGS)
URL_SETTINGS = {"auto": "pace", "delay": "pace", "bots": "levels"}  # table_from_request's keywords -> settings


SHEET_KIND = "table-sheet"  # the match sheet's games, apart: they change once a game, the table every step


def table_key(game: str) -> str:
    return key(KIND, game)


def sheet_key(game: str) -> str:
    return key(SHEET_KIND, game)


def _presenter(table: TableWidget, game: Any) -> Presenter:
    """The presenter of ``game`` (a save file loaded on the table may be of another game than the page's)."""
    name = game.game_name
    return table.presenter if name == table.presenter.game_name else presenter_class(name)(table, name)


def _end(table: TableWidget, game: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A finished game's scores and winners, as the engine's end event says (its presenter reads the table's game)."""
    p, on_table = _presenter(table, game), table.game
    try:
        table.game = game
        end = p.end_of(p.frame_at(game, len(game.events)))
    finally:
        table.game = on_table
    return tuple(end.scores), tuple(end.winners)


@dataclass
class SheetGame:
    """A finished game of the kept match sheet, replayed by the engine."""

    game: Any
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class KeptTable:
    """A record, checked: everything :func:`apply_record` needs, every game replayed by the engine."""

    game: Any
    shown: int
    replaying: bool
    four_colour: bool
    pace: float | None  # None: step by step (Next)
    levels: dict[int, str]
    sheet_players: int
    sheet: list[SheetGame] = field(default_factory=list)  # finished games, oldest first
    people: dict[int, str] | None = None  # a pass-and-play table's people by seat (None: you and the computers)


def record(table: TableWidget, sheet_saves: Mapping[int, str], page: str) -> tuple[str, str]:
    """The records of what ``table`` shows now and of its match sheet (``sheet_saves``: each row's game by key)."""
    sheet = [sheet_saves[r.key] for r in table.sheet.rows if r.key in sheet_saves][-MAX_SHEET:]
    current = table.sheet.rows[-1].key == table._game_no if table.sheet.rows else False
    # The game on the table, once finished, is the sheet's last row: not kept twice.
    sheet = sheet[:-1] if current and sheet else sheet
    return pack(KIND, VERSION, {
        "game": page,  # the page's game (its key); the save file says which game is on the table
        "save": table.game.to_json(),
        "shown": table.shown,
        "replaying": table.replaying,
        "four_colour": bool(table.four_colour),
        "pace": table.delay if table.auto else None,
        "levels": {str(s): v for s, v in table.seats.levels.items() if isinstance(v, str)},
        "sheet_players": table.sheet.players,
        "sheet_games": len(sheet),  # ties the two records: a sheet of another count is not this table's
        **({} if table.people_names is None else {"people": {str(s): v for s, v in table.people_names.items()}}),
    }), pack(SHEET_KIND, VERSION, {"games": sheet})


def _load(table: TableWidget, text: object, what: str) -> Any:
    if not isinstance(text, str):
        raise KeptError(_("the kept record's {what} is not a save file").format(what=what))
    try:
        game = registry.load_game(text)
    except USER_ERRORS as e:
        raise KeptError(_("the kept {what} was refused by the rules: {why}").format(what=what, why=e)) from None
    if not has_table(game.game_name):
        raise KeptError(_("the kept {what} is a game of {other}").format(what=what, other=str(game.game_name)[:40]))
    return game


def check_record(table: TableWidget, text: object, sheet_text: object = None, page: str | None = None) -> KeptTable:
    """``text`` (and ``sheet_text``, its match sheet) as records of the page of ``page``'s game (by default
    the table's), every part checked; :class:`KeptError` says what is wrong.
    """
    body = unpack(text, KIND, VERSION)
    if body.get("game") != (page or table.presenter.game_name):
        raise KeptError(_("the kept record is of another game ({found})").format(found=str(body.get("game"))[:40]))
    game = _load(table, body.get("save"), _("game"))
    p = _presenter(table, game)
    bounds = [*p.boundaries(game.events), len(game.events)]
    shown, replaying = body.get("shown"), body.get("replaying")
    if type(shown) is not int or shown not in bounds:
        raise KeptError(_("the kept record's step ({found}) is not a step of its game").format(found=str(shown)[:20]))
    if type(replaying) is not bool:
        raise KeptError(_("the kept record does not say whether it was a replay"))
    four = body.get("four_colour")
    if type(four) is not bool:
        raise KeptError(_("the kept record's four-colour setting is not yes or no"))
    pace = body.get("pace")
    if pace is not None and not is_pace(pace):
        raise KeptError(_("the kept record's pace ({found}) is not 0 to {most} seconds").format(
            found=str(pace)[:20], most=int(PACE_MAX)))
    people = _people(body.get("people"), game.players)
    levels_in = body.get("levels")
    if not isinstance(levels_in, dict):
        raise KeptError(_("the kept record has no computer levels"))
    offered = bot_levels(p.game_name)
    levels: dict[int, str] = {}
    for s, v in levels_in.items():
        seat = int(s) if isinstance(s, str) and s.isdigit() and len(s) < 3 else -1
        if not 0 <= seat < game.players or seat in (people or {table.human}) or v not in offered:
            raise KeptError(_("the kept record's computer level {seat}: {level} is not one this table offers")
                            .format(seat=str(s)[:10], level=str(v)[:20]))
        levels[seat] = str(v)
    players, count = body.get("sheet_players"), body.get("sheet_games")
    if sheet_text is None and count != 0:
        raise KeptError(_("the kept match sheet is missing"))
    sheet_in = [] if count == 0 and sheet_text is None else unpack(sheet_text, SHEET_KIND, VERSION).get("games")
    if (not isinstance(sheet_in, list) or len(sheet_in) > MAX_SHEET or type(players) is not int
            or len(sheet_in) != count):
        raise KeptError(_("the kept record's match sheet is not a list of games"))
    sheet = []
    for i, text_i in enumerate(sheet_in, 1):
        g = _load(table, text_i, _("game {n} of the match sheet").format(n=i))
        if not g.is_over or g.players != players:
            raise KeptError(_("game {n} of the kept match sheet is not a finished game of {players} players")
                            .format(n=i, players=players))
        sheet.append(SheetGame(g, *_end(table, g)))
    return KeptTable(game, shown, replaying, four, None if pace is None else float(pace), levels, players, sheet,
                     people)


def _people(kept: object, players: int) -> dict[int, str] | None:
    """A kept pass-and-play table's people (None: none kept), each seat and name checked like the page's."""
    if kept is None:
        return None
    if not isinstance(kept, dict) or not all(isinstance(s, str) and s.isdigit() and len(s) < 3 for s in kept):
        raise KeptError(_("the kept record's people are not seats with names"))
    try:
        people = read_people({int(s): v for s, v in kept.items()}, players)
    except ValueError as e:
        raise KeptError(_("the kept record's people were refused: {why}").format(why=e)) from None
    if people is None or any(people[int(s)] != v for s, v in kept.items()):
        raise KeptError(_("the kept record's people are not seats with names"))
    return people


def apply_record(table: TableWidget, kept: KeptTable, skip: Collection[str] = ()) -> None:
    """Show ``kept`` on ``table`` (checked by :func:`check_record`); ``skip``: settings the URL chose."""
    table.sheet.rows = []
    table.sheet.players = kept.sheet_players
    for no, row in enumerate(kept.sheet, 1):
        rp = _presenter(table, row.game)
        table.sheet.record(no, rp.seed_of(row.game), rp.sheet_label(row.game), row.scores, row.winners)
    table._game_no = len(kept.sheet)  # _set_game numbers the game on the table next
    table.ok()
    was, table.people_names = table.people_names, kept.people
    if kept.people is None and was is not None:  # back to you against the computers
        table.human = 0
    table._set_game(kept.game, from_start=False)
    if "levels" not in skip:
        for seat, level in kept.levels.items():
            table.seats.set_level(seat, level)
    if "four_colour" not in skip:
        table.set_four_colour(kept.four_colour)
    table.shown = kept.shown
    table.replaying = kept.replaying
    if table.replaying:
        table.selection = ()
    table.note = lambda: _("Welcome back: this is the game you left, as this browser kept it.")  # in any language
    pace = (table.delay if table.auto else None) if "pace" in skip else kept.pace
    table.set_pace(pace)  # shows the kept step and goes on at the kept pace


def sheet_games(table: TableWidget, kept: KeptTable) -> dict[int, str]:
    """The save files of the restored match sheet, by row key (as :func:`record` wants them)."""
    return {no: row.game.to_json() for no, row in enumerate(kept.sheet, 1)}


class TableKeeping:
    """Keeps ``table``'s game in the browser through ``keeper``, restores it when the page answers.

    ``url_deal``: what the page's URL says of the deal (``seed``, ``players``, ``variant``): a kept game
    of another deal is then not restored (the link wins, and the page says so); a kept game of that
    very deal is (a reload of the same link goes on with the game). ``url_settings``: settings the
    URL chose, kept from the URL rather than the record.
    """

    def __init__(self, table: TableWidget, keeper: Keeper, url_deal: Mapping[str, Any] | None = None,
                 url_settings: Collection[str] = ()) -> None:
        self.table = table
        self.keeper = keeper
        self.page = table.presenter.game_name  # the page's game: a save file loaded later may be another's
        self.key = table_key(self.page)
        self.sheet_key = sheet_key(self.page)
        self.url_deal = dict(url_deal or {})
        self.url_settings = set(url_settings)
        self.sheet_saves: dict[int, str] = {}
        self.restore_note: str | None = None
        self.restored = False  # nothing is stored before the kept record was looked at (it would be overwritten)
        self.start_over_button = w.Button(layout=w.Layout(width="auto"))
        self.start_over_button.add_class("mm-start-over")
        self.start_over_button.on_click(lambda _b: self.start_over())
        self.box = w.VBox([self.start_over_button])
        self.box.add_class("mm-controls")
        self.box.add_class("mm-keep")
        self.relabel()
        table.on_change(lambda _t: self.save())
        keeper.when_restored(self._restored)

    def relabel(self) -> None:
        self.start_over_button.description = "⟲ " + _("Start over")
        self.start_over_button.tooltip = _("Forget the game and match kept in this browser and deal afresh")

    def _matches_url(self, game: Any) -> bool:
        p = self.table.presenter
        want = self.url_deal
        return (("seed" not in want or p.seed_of(game) == want["seed"])
                and ("players" not in want or game.players == want["players"])
                and ("variant" not in want or p.variant_of(game) == want["variant"]))

    def _restored(self, records: Mapping[str, str | None]) -> None:
        text = records.get(self.key)
        t = self.table
        if text is not None:
            try:
                kept = check_record(t, text, records.get(self.sheet_key), self.page)
            except KeptError as e:
                self.restore_note = _("The game kept in this browser could not be restored ({why}): "
                                      "here is a fresh deal.").format(why=e)
            else:
                if self.url_deal and not self._matches_url(kept.game):
                    self.restore_note = _("This page's link names its own deal, so it is dealt here instead of "
                                          "the game kept in this browser.")
                else:
                    self.sheet_saves = sheet_games(t, kept)
                    apply_record(t, kept, self.url_settings)
            if self.restore_note is not None:
                t.note = self.restore_note
                t._render()
        self.restored = True
        self.save()

    def save(self) -> None:
        """Store what the table shows now (nothing before the page answered: see Keeper)."""
        if not self.restored:
            return
        t = self.table
        if t.remote is not None:
            return  # a shared table's game is the server's (what is shown here is a stand-in): the solo one stays
        rows = t.sheet.rows
        if t.game.is_over and rows and rows[-1].key == t._game_no:
            self.sheet_saves[t._game_no] = t.game.to_json()  # this game's row, finished (again, after an undo)
        keys = {r.key for r in rows}
        self.sheet_saves = {k: v for k, v in self.sheet_saves.items() if k in keys}
        game, sheet = record(t, self.sheet_saves, self.page)
        self.keeper.store(self.sheet_key, sheet)  # (sent only when a game was added: unchanged text is not)
        self.keeper.store(self.key, game)

    def start_over(self) -> None:
        """Forget the kept game and match, deal afresh (display settings and levels stay)."""
        t = self.table
        self.keeper.forget(self.key)
        self.keeper.forget(self.sheet_key)
        self.sheet_saves = {}
        t.sheet.rows = []
        t.new_game(seed=None, from_controls=True)
        t.note = _("Started over: a fresh deal and an empty match sheet.")
        t._render()
