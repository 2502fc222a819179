"""The table page's **Play with others**, and its join link ``play.ipynb?table=CODE``.

A shared table is held by the table server (``mainmerah.server.tables``); the page's table widget plays one
seat of it (:mod:`mainmerah.table.shared`). Where the server is, the kernel learns from one setting,
``MAINMERAH_TABLES`` (an address such as ``http://127.0.0.1:8866/``): the app's own server
(``mainmerah.server.voila``) sets it for its kernels to its own address, and a JupyterHub points every
student's kernel at a standalone table server with it.

- **Play with others** (the creator): seat by seat a person or a computer (with its level), hints allowed or
  not; the creator takes the first person's seat and is shown the short code and the join link.
- **The join link** takes the next free person's seat at once; a name can be given any time after. A full
  table says so.
- **A reload** comes back into the seat: the seat's token is kept by the browser through the Keeper (a record
  of the codes and tokens of the tables this browser sits at, checked like every kept record), and the page's
  address carries the table's code.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

import mainmerah.tables as tables
from mainmerah.core import registry
from mainmerah.core.i18n import _, language
from mainmerah.core.pace import SHARED_PACE
from mainmerah.pages.home import page_href
from mainmerah.table.cards import LazyHTML, shared
from mainmerah.table.controls import bot_levels, level_words
from mainmerah.table.keeper import Keeper, KeptError, key, pack, unpack
from mainmerah.table.passing import NAME_LIMIT, clean_name
from mainmerah.table.people import PERSON, SeatRow
from mainmerah.table.shared import seat_words

SETTING = "MAINMERAH_TABLES"  # the table server's address, for the kernels (set by the app's own server)
SHARED_KEY = key("shared")  # the browser's seats at shared tables: code -> token (and the name last given)
KIND, VERSION = "shared", 1
MAX_KEPT = 20  # tables one browser remembers a seat at
CODE = re.compile(r"[A-Z0-9]{6}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def server_url() -> str | None:
    """The table server this kernel plays through (the setting), or None where there is none (the static site,
    JupyterLab without the app's server)."""
    url = os.environ.get(SETTING, "").strip()
    return url or None


def connect() -> tables.Server | None:
    url = server_url()
    return None if url is None else tables.connect(url, lang=language())


def clean_code(text: str) -> str:
    """A table's code as typed ("k7m pqa") as the server reads it ("K7MPQA")."""
    return "".join(str(text).split()).upper()[:12]


def join_href(code: str) -> str:
    """The join link, relative to the page (a click or a copy gives the whole address)."""
    href = page_href("play.ipynb", None)
    return href + ("&" if "?" in href else "?") + f"table={code}"


# ----- what the browser keeps --------------------------------------------------------------------------------
def read_kept(text: object) -> tuple[dict[str, str], str]:
    """The kept seats (code -> token) and the name last given, every part checked; KeptError says what is wrong."""
    if text is None:
        return {}, ""
    body = unpack(text, KIND, VERSION)
    seats, name = body.get("seats"), body.get("name", "")
    if not isinstance(seats, dict) or len(seats) > MAX_KEPT:
        raise KeptError(_("the kept shared tables are not a list of seats"))
    for code, token in seats.items():
        if not (isinstance(code, str) and CODE.fullmatch(code) and isinstance(token, str) and TOKEN.fullmatch(token)):
            raise KeptError(_("the kept shared tables are not a list of seats"))
    if not isinstance(name, str) or len(name) > NAME_LIMIT or not all(ch.isprintable() for ch in name):
        raise KeptError(_("the kept name is not a name"))
    return dict(seats), clean_name(name)


def kept_text(seats: dict[str, str], name: str) -> str:
    recent = dict(list(seats.items())[-MAX_KEPT:])
    return pack(KIND, VERSION, {"seats": recent, "name": name})


# ----- the panel ---------------------------------------------------------------------------------------------
class SharedPanel(w.VBox):
    """**Play with others** beside a table: open a shared table of the game shown, or show the one sat at."""

    def __init__(self, table: Any, keeper: Keeper | None = None) -> None:
        self.table = table
        self.keeper = keeper
        self.kept: dict[str, str] = {}
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self.about = LazyHTML()
        self.about.add_class("mm-sub")
        self.rows: list[SeatRow] = []
        self.seat_box = w.VBox([], layout=shared("layout"))
        self.seat_box.add_class("mm-sh-seats")
        self.hints = w.Checkbox(value=False, indent=False)
        self.hints.add_class("mm-sh-hints")
        self.name = w.Text(value="", continuous_update=False)
        self.name.add_class("mm-sh-name")
        self.name.add_class("mm-sr-label")
        self.name.observe(lambda _c: self._renamed(), names="value")
        self.open_button = w.Button(layout=shared("layout"), style=shared("button"))
        self.open_button.add_class("mm-sh-open")
        self.open_button.on_click(lambda _b: self.open_table())
        self.leave_button = w.Button(layout=shared("layout"), style=shared("button"))
        self.leave_button.add_class("mm-sh-leave")
        self.leave_button.on_click(lambda _b: self.leave())
        self.code_box = LazyHTML()
        self.code_box.add_class("mm-sh-code")
        self.message = LazyHTML()
        self.message.add_class("mm-sh-message")
        self._message: Callable[[], str] | None = None
        # Their own layouts (shown or not by turns), never the shared one every other widget uses.
        self.setup = w.VBox([self.seat_box, self.hints, self.open_button], layout=w.Layout())
        self.at_table = w.VBox([self.code_box, self.leave_button], layout=w.Layout())
        super().__init__([self.heading, self.about, self.name, self.setup, self.at_table, self.message],
                         layout=shared("layout"))
        self.add_class("mm-controls")
        self.add_class("mm-shared")
        table.on_shared(lambda _t: self.show())
        self.show()

    # ----- what is shown ----------------------------------------------------------------------------------
    def _seat_rows(self) -> list[SeatRow]:
        t = self.table
        n = int(t.controls.players.value) if t.controls is not None else int(t.game.players)
        offered = level_words(t.presenter.game_name, bot_levels(t.presenter.game_name))
        while len(self.rows) < n:
            row = SeatRow(len(self.rows), prefix="mm-share")
            row.name.layout.display = "none"  # each person names themselves at their own device
            row.relabel(offered)
            if row.seat > 0 and offered:
                row.who.value = "greedy" if "greedy" in offered else next(iter(offered))
            self.rows.append(row)
        for row in self.rows[:n]:
            row.relabel(offered)
            row.name.layout.display = "none"
        return self.rows[:n]

    def show(self) -> None:
        t = self.table
        seat = t.remote
        self.heading.set(escape(_("Play with others")))
        self.name.description = _("Your name")
        self.name.placeholder = _("Your name")
        self.hints.description = _("Hints allowed")
        self.open_button.description = _("Open a shared table")
        self.leave_button.description = _("Leave the table")
        if seat is None:
            self.about.set(escape(_("Open a table of this game on the class server: classmates join it from their "
                                    "own devices with its code. Choose who plays each seat; you take the first "
                                    "person's seat.")))
            rows = self._seat_rows()
            if list(self.seat_box.children) != rows:
                self.seat_box.children = rows
            self.setup.layout.display = None
            self.at_table.layout.display = "none"
        else:
            code = seat.code
            link = join_href(code)
            self.about.set(escape(_("You play at a shared table. Others join with this code, on the home page, or "
                                    "with the link.")))
            self.code_box.set(
                f'<div class="mm-sh-line">{escape(_("Table code"))} <b class="mm-sh-the-code">{escape(code)}</b>'
                f'</div><div class="mm-sh-line">{escape(_("Join link"))} '
                f'<a class="mm-sh-link" href="{escape(link)}" target="_blank">{escape(f"play.ipynb?table={code}")}</a>'
                f'</div>')
            self.setup.layout.display = "none"
            self.at_table.layout.display = None
        self.message.set(escape(self._message()) if self._message is not None else "")

    def say(self, message: Callable[[], str] | None) -> None:
        """A message under the panel (a callable: said again in the language shown)."""
        self._message = message
        self.show()

    # ----- wishes --------------------------------------------------------------------------------------------
    def open_table(self) -> bool:
        """Open a shared table of the game shown with the seats chosen; the creator sits at the first person's."""
        t = self.table
        if t.remote is not None:
            self.say(lambda: _("You are at a shared table already: leave it first."))
            return False
        srv = connect()
        if srv is None:
            self.say(lambda: _("There is no class server here: shared tables need the app's server."))
            return False
        rows = self._seat_rows()
        seats = [PERSON if r.who.value == PERSON else str(r.who.value) for r in rows]
        if PERSON not in seats:
            self.say(lambda: _("Choose at least one seat for a person."))
            return False
        try:
            name = clean_name(self.name.value)
            made = srv.create(t.presenter.game_name, seats=seats, name=name, hints=bool(self.hints.value),
                              pace=float(t.delay) if t.auto else SHARED_PACE, world=True)
        except (tables.TableError, ValueError) as e:
            reason = str(e)
            self.say(lambda: _("The table could not be opened: {why}").format(why=reason))
            return False
        assert made.seat is not None
        self._sit(made.seat, name)
        return True

    def _sit(self, seat: Any, name: str) -> None:
        self.table.sit_at(seat)  # (a joining page's table sits there from the start: nothing more then)
        self.kept[seat.code] = seat.token
        self._keep(name)
        if self.keeper is not None:
            self.keeper.send({"k": "url", "name": "table", "value": seat.code})  # a reload comes back here
        self.say(None)

    def _keep(self, name: str) -> None:
        if self.keeper is not None and self.keeper.restored:
            self.keeper.store(SHARED_KEY, kept_text(self.kept, name))

    def _renamed(self) -> None:
        try:
            name = clean_name(self.name.value)
        except ValueError:
            return
        seat = self.table.remote
        if seat is not None:
            try:
                seat.rename(name)
            except (tables.TableError, ValueError) as e:
                reason = str(e)
                self.say(lambda: reason)
                return
            self.table.sync()
        self._keep(name)

    def leave(self) -> None:
        t = self.table
        if t.remote is None:
            return
        t.leave_table()
        if self.keeper is not None:
            self.keeper.send({"k": "url", "name": "table", "value": None})
        t.new_game(seed=None, from_controls=True)
        self.say(lambda: _("You left the shared table; your seat stays yours if you open its link again."))

    def restored(self, records: dict[str, Any]) -> None:
        """The browser answered: the seats it keeps, and the name last given."""
        try:
            self.kept, name = read_kept(records.get(SHARED_KEY))
        except KeptError as e:
            reason = str(e)
            self.kept, name = {}, ""
            self.say(lambda: _("The shared tables kept in this browser could not be read ({why}).").format(why=reason))
        if name and not self.name.value:
            self.name.value = name
        self._keep(clean_name(self.name.value))


def shared_panel(table: Any, keeper: Keeper) -> SharedPanel:
    """The **Play with others** panel for ``table``, its seats kept by ``keeper`` (which holds SHARED_KEY)."""
    panel = SharedPanel(table, keeper)
    keeper.when_restored(panel.restored)
    return panel


def take_seat(srv: tables.Server, code: str, kept: dict[str, str], name: str) -> Any:
    """This browser's seat at ``code`` if it keeps one (a reload), else the next free person's seat; a refusal
    (no such table, a full one) raises :class:`mainmerah.tables.TableError` with the server's words."""
    token = kept.get(code)
    if token is not None:
        try:
            return srv.rejoin(code, token, world=True)
        except tables.TableError as e:
            if e.status != 403:
                raise
            kept.pop(code, None)  # a seat of a table since closed or made again: a new one
    return srv.join(code, name=name, world=True)


class WatchPanel(w.VBox):
    """A full table watched by a classmate (``mainmerah.tables.Server.spectate``): who sits where, whose turn, and
    the table's story in words, as every seat sees them, never anyone's cards; it follows the table live."""

    def __init__(self, seat: Any) -> None:
        self.seat = seat
        self.body = LazyHTML()
        self.body.add_class("mm-sh-watch")
        super().__init__([self.body], layout=w.Layout())
        self.add_class("mm-sh-watching")
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None  # plain Python: call show() to take in what came
        if loop is not None:
            seat.on_change(lambda _s: loop.call_soon_threadsafe(self.show) if not loop.is_closed() else None)
        self.show()

    def show(self) -> None:
        seat = self.seat
        names = [str(n) for n in seat.frame.get("names", [])]
        turn = seat.decision
        if seat.over:
            now = _("The game is over.")
        elif turn is not None and turn.seat < len(names):
            now = _("{name} is to play.").format(name=names[turn.seat])
        else:
            now = ""
        who = "".join(f"<li>{escape(seat_words(s, names[s['seat']]))}</li>" for s in seat.seats
                      if isinstance(s.get("seat"), int) and 0 <= s["seat"] < len(names))
        notes = "".join(f'<p class="mm-sh-note">{escape(n)}</p>' for n in seat.notes)
        story = "".join(f"<li>{escape(line)}</li>" for line in seat.events[-40:])
        about = _("You are watching the table {code}: you see what every seat sees, and no one's hand.").format(
            code=seat.code)
        self.body.set(
            f'<p class="mm-sh-line">{escape(about)}</p>'
            f'<ul class="mm-sh-who">{who}</ul>{notes}<p class="mm-sh-now" role="status">{escape(now)}</p>'
            f'<ol class="mm-sh-story">{story}</ol>')

    def close(self) -> None:
        self.seat.close()


def join_from_link(code: str, lang_chosen: bool, **table_kw: Any) -> Any:
    """The join link's page: a line saying the table is being joined and the invisible keeper; once the browser
    has said which seats it keeps, the table (this seat's, drawn from its frames) takes the line's place. No deal
    of the page's own is ever drawn. A refusal (an unknown code, a full table) is said there, with the way on."""
    from mainmerah.table.keeper import LANG_KEY, follow_language
    from mainmerah.table.table import TableWidget
    from mainmerah.teach.practice import keep_practice, practice_key

    wanted = clean_code(code)
    keeper = Keeper([SHARED_KEY, LANG_KEY, *(practice_key(g) for g in registry.games())])  # the table's game: later
    follow_language(keeper, lang_chosen)
    line = LazyHTML()
    line.add_class("mm-sh-joining")
    line.set(escape(_("Joining the table {code}…").format(code=wanted)))
    page = w.VBox([line, keeper], layout=w.Layout())
    page.add_class("mm-sh-page")

    def refused(reason: str) -> None:
        others = (f'<a href="{escape(page_href("home.ipynb", None))}">{escape(_("◂ All games"))}</a>')
        line.set(f'<p class="mm-sh-refused" role="status">{escape(reason)}</p><p>{others}</p>')

    def watch(srv: tables.Server) -> None:
        try:
            watching = WatchPanel(srv.spectate(wanted))
        except tables.TableError as e:
            refused(str(e))
            return
        page.children = (line, watching, keeper)
        watch_button.layout.display = "none"

    watch_button = w.Button(description=_("Watch the table"), layout=w.Layout(display="none"))
    watch_button.add_class("mm-sh-watch-go")

    def restored(records: dict[str, Any]) -> None:
        try:
            kept, name = read_kept(records.get(SHARED_KEY))
        except KeptError:
            kept, name = {}, ""
        srv = connect()
        if srv is None:
            refused(_("There is no class server here: shared tables need the app's server."))
            return
        try:
            seat = take_seat(srv, wanted, kept, name)
        except tables.TableError as e:
            refused(str(e))
            if e.status == 409:  # full: a classmate may still watch it
                watch_button.on_click(lambda _b: watch(srv))
                watch_button.layout.display = None
                page.children = (line, watch_button, keeper)
            return
        table = TableWidget(seat=seat, **{"delay": seat.pace, **table_kw})
        keep_practice(table, keeper)  # your review's mistakes come back in the tutorial's Practice tab
        panel = SharedPanel(table, keeper)
        table.side.children = (panel, *table.side.children)
        table.shared_panel = panel
        panel.kept, panel.name.value = kept, name
        panel._sit(seat, name)
        page.children = (table, keeper)

    keeper.when_restored(restored)
    return page


__all__ = ["NAME_LIMIT", "SETTING", "SHARED_KEY", "SharedPanel", "WatchPanel", "join_from_link", "server_url",
           "shared_panel", "take_seat"]
