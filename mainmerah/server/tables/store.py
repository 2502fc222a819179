"""The tables a server holds: each one's game, seats and sequence number, and their save files.

A :class:`Table` is the only place a shared game changes: :meth:`Table.act` checks that the seat is the
one the game waits for and then gives the action to the game's own ``act`` (a refused action raises the
engine's :class:`~mainmerah.core.errors.RuleError` with its reason, and nothing changes). Every change
raises the table's sequence number; a seat's frame (:meth:`Table.frame`) holds its own view only (the
engine's ``view(seat)``), and the events since the number it last saw, told as that seat reads them.

With a folder (the class folder's ``tables/``), each table is written whole to a temporary file and renamed
into place after every change, and a restarted server loads them again (each game replayed through its
rules by ``load_game``). Without one the tables live in memory only (:attr:`Store.persistent` says which).
"""

from __future__ import annotations

import json
import logging
import os
import random
import re
import secrets
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mainmerah.core import registry
from mainmerah.core.contract import Bot, GameState
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import LANGUAGES, _
from mainmerah.core.pace import PACE_MAX, SHARED_PACE, is_pace
from mainmerah.core.save import dumps
from mainmerah.core.wire import encode
from mainmerah.pages.home import speaking
from mainmerah.server.tables.seats import (
    COMPUTER,
    PERSON,
    Seat,
    clean_code,
    clean_name,
    digest,
    new_code,
    new_token,
    same_token,
    seats_from,
)

log = logging.getLogger("mainmerah.server.tables")
KIND, VERSION = "mainmerah-table", 1
CODE = re.compile(r"[A-Z0-9]{6}")
TAKEOVER_LEVEL = "expert"  # who plays a person's seat while its person is away


class TableError(ValueError):
    """A request the tables refuse (an unknown code, a wrong token, a full table...): ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def unseeded(game: GameState[Any]) -> GameState[Any]:
    """``game`` (the same cards, the same decisions) without its seed: dealt again, a seed tells every hand, and
    the deal's event would say it to every seat. A game that needs one for later deals gets a secret one."""
    body = game.save_body()
    if body.get("seed") is None:
        return game
    for stand_in in (None, secrets.randbelow(10**9)):
        body["seed"] = stand_in
        try:
            return registry.load_game(dumps(game.game_name, body))
        except ValueError:
            continue
    raise ValueError(f"{game.game_name}: a game that cannot do without its seed")


def takeover_level(levels: tuple[str, ...]) -> str:
    """The level a computer plays an away person's seat at: the expert, or the game's strongest."""
    return TAKEOVER_LEVEL if TAKEOVER_LEVEL in levels else levels[-1]


class Table:
    """One shared game: its seats, the game (the engine's state), the sequence number."""

    def __init__(self, code: str, game: GameState[Any], seats: list[Seat], pace: float, seq: int = 0,
                 address: str = "", marks: list[int] | None = None, hints: bool = False) -> None:
        self.code = code
        self.game = game
        self.seats = seats
        self.pace = pace
        self.hints = hints  # whether the creator lets the people here ask for hints
        self.seq = seq
        self.address = address  # who created it (the per-address limit); not saved
        # marks[n]: how many events the game had at sequence number n (a seat that saw n is sent the rest);
        # at 0 none: a seat's first frame tells every event from the deal on.
        self.marks: list[int] = marks if marks is not None else [0] + [len(game.events)] * seq
        self._bots: dict[int, Bot] = {}
        self.notify: Callable[[Table], object] = lambda table: None  # the store's: write, send, schedule

    @property
    def game_name(self) -> str:
        return self.game.game_name

    # ----- seats ---------------------------------------------------------------------------------------
    def seat_of(self, token: str) -> Seat:
        """The person's seat whose token this is (every seat is compared, in constant time)."""
        found = None
        for seat in self.seats:
            if same_token(token, seat.token):
                found = seat
        if found is None:
            raise TableError(_("This seat's key is not one of this table's."), 403)
        return found

    def take(self, name: str = "") -> tuple[Seat, str]:
        """The next free person's seat, taken: the seat and its token (the only time the token is given)."""
        seat = next((s for s in self.seats if s.free), None)
        if seat is None:
            raise TableError(_("This table is full: every person's seat is taken."), 409)
        token = new_token()
        seat.token, seat.name = digest(token), clean_name(name)
        self.changed()
        return seat, token

    def cover(self, seat: Seat) -> bool:
        """The computer plays ``seat`` (a taken person's seat whose person is away) until its person is back; every
        seat's frame says so (its ``notes``). False: nothing to do (already covered, free, a computer's, over)."""
        if seat.kind != PERSON or not seat.token or seat.covered or self.game.is_over:
            return False
        seat.covered = True
        log.info("table %s: seat %d is played by the computer (%s) while its person is away", self.code,
                 seat.index, TAKEOVER_LEVEL)
        self.changed()
        return True

    def uncover(self, seat: Seat) -> None:
        """``seat``'s person is back (a request with its token): the seat is theirs to play again."""
        if seat.covered:
            seat.covered = False
            log.info("table %s: seat %d is played by its person again", self.code, seat.index)
            self.changed()

    def notes(self) -> list[str]:
        """What the table says to everyone about its seats now (in the language spoken): who the computer plays."""
        names = self.names()
        return [_("{name}'s seat is played by the computer until they come back.").format(name=names[s.index])
                for s in self.seats if s.covered]

    def rename(self, seat: Seat, name: str) -> None:
        seat.name = clean_name(name)
        self.changed()

    def names(self) -> list[str]:
        return [s.name or (_("Computer {n}") if s.kind == COMPUTER else _("Player {n}")).format(n=s.index + 1)
                for s in self.seats]

    # ----- play -----------------------------------------------------------------------------------------
    def act(self, seat: Seat, action: Any) -> None:
        """``seat`` takes ``action``: its turn, checked by the game itself; refused -> RuleError, nothing changes."""
        d = self.game.decision
        if not isinstance(action, str) or not action.strip() or len(action) > 80:
            # The example is one of this seat's own actions now, in its game's notation (In The Red names a stack).
            if d is None or d.seat != seat.index:
                raise RuleError(_("An action is a short text in the game's notation."))
            raise RuleError(_("An action is a short text in the game's notation, such as {action}.").format(
                action=self.game.legal_actions()[0]))
        if d is None:
            raise RuleError(_("The game is over."))
        if d.seat != seat.index:
            raise RuleError(_("It is not your turn: {name} is to play.").format(name=self.names()[d.seat]))
        self.game.act(action)  # the engine's own check: an illegal action raises and changes nothing
        self.changed()

    def bot_due(self) -> Seat | None:
        """The computer's seat the game waits for, if any (a covered person's seat is the computer's meanwhile)."""
        d = self.game.decision
        if d is None or not (self.seats[d.seat].kind == COMPUTER or self.seats[d.seat].covered):
            return None
        return self.seats[d.seat]

    def bot_move(self) -> None:
        """The computer whose turn it is decides from what its seat may see, and acts like any seat."""
        seat = self.bot_due()
        if seat is None:
            return
        bot = self._bots.get(seat.index)
        if bot is None:
            seed = getattr(self.game, "seed", None)
            info = registry.get(self.game_name)
            level = seat.level if seat.kind == COMPUTER else takeover_level(info.bots)
            bot = self._bots[seat.index] = info.make_bot(
                level, seed=seed * 16 + seat.index if isinstance(seed, int) else None)
        self.act(seat, str(bot.choose(self.game.view(seat.index))))

    def changed(self) -> None:
        self.seq += 1
        self.marks.append(len(self.game.events))
        self.notify(self)

    # ----- what a seat is sent ---------------------------------------------------------------------------
    def world(self, seat: int) -> str:
        """A stand-in for the game as ``seat`` knows it, as a save file: its own cards and everything it has seen
        are the game's, the cards it has not seen are dealt at random among their places (the engine's
        ``other_world``), and the same decisions are replayed. A client may draw its table from it (every rule
        answers as in the real game for this seat) and learns nothing it could not see: the shuffle is drawn
        from :mod:`secrets`, never from the game's seed, and the seed is not in it (dealt again, it would
        tell every hand)."""
        game = self.game
        other = registry.get(self.game_name).other_world(game, seat, random.Random(secrets.randbits(64)))
        return unseeded(game if other is None else other).to_json()

    def frame(self, seat: int | None, since: int = 0, lang: str = "en", world: bool = False,
              public: bool = False) -> dict[str, Any]:
        """What ``seat`` sees now (None: the watcher, every hand), with the events after sequence ``since``;
        ``world``: with the seat's stand-in game (:meth:`world`). ``public`` (with seat None): a classmate
        watching, who sees only what every seat sees: who sits where, whose turn, the events in words
        (no seat's view, no hand, no save file)."""
        since = max(0, min(int(since), self.seq))
        game, d = self.game, self.game.decision
        with speaking(lang if lang in LANGUAGES else "en"):
            names = self.names()
            events = [e.explain(names, seat) for e in game.events[self.marks[since]:]]
            notes = self.notes()
        frame: dict[str, Any] = {
            "kind": "frame", "code": self.code, "game": self.game_name, "seq": self.seq, "since": since,
            "moves": len(game.choices), "seat": seat, "players": game.players,
            "seats": [s.public() for s in self.seats], "names": names, "events": events, "event": self.marks[since],
            "over": game.is_over,
            "decision": None if d is None else {"seat": d.seat, "kind": d.kind},
            "legal": game.legal_actions() if d is not None and d.seat == seat else [],
            "hints": self.hints, "pace": self.pace, "notes": notes,
        }
        if seat is None and public:
            frame["public"] = True
        elif seat is None:
            frame["views"] = [encode(game.view(s)) for s in range(game.players)]
            frame["save"] = game.to_json()
        else:
            frame["view"] = encode(game.view(seat))
            if world:
                frame["world"] = self.world(seat)
        return frame

    # ----- the save file --------------------------------------------------------------------------------
    def saved(self) -> dict[str, Any]:
        return {"kind": KIND, "version": VERSION, "code": self.code, "game": self.game.to_json(),
                "seats": [s.saved() for s in self.seats], "seq": self.seq, "pace": self.pace, "marks": self.marks,
                "hints": self.hints}

    @classmethod
    def load(cls, data: Any) -> Table:
        if not isinstance(data, dict) or data.get("kind") != KIND or data.get("version") != VERSION:
            raise ValueError("not a table's save file")
        code = str(data.get("code", ""))
        if not CODE.fullmatch(code):
            raise ValueError(f"bad code {code!r}")
        game = registry.load_game(str(data["game"]))  # checked and replayed through the game's rules
        seats = [Seat.load(i, s) for i, s in enumerate(data["seats"])]
        if len(seats) != game.players:
            raise ValueError("the seats do not match the game's players")
        seq, marks = int(data.get("seq", 0)), data.get("marks")
        if not (isinstance(marks, list) and len(marks) == seq + 1 and all(isinstance(m, int) for m in marks)
                and marks == sorted(marks) and marks[0] >= 0 and marks[-1] == len(game.events)):
            marks = None  # unknown: a seat catching up from the middle is told every event since the deal
        return cls(code, game, seats, min(max(float(data.get("pace", 0)), 0.0), PACE_MAX), seq, marks=marks,
                   hints=data.get("hints") is True)


class Store:
    """Every table of one server, by code; written to ``folder`` if there is one."""

    def __init__(self, folder: Path | None = None, tables_per_address: int = 20, max_tables: int = 2000) -> None:
        self.folder = folder
        self.tables_per_address = tables_per_address
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        # Called after every change of a table (the routes push frames to its sockets, schedule computers).
        self.on_change: Callable[[Table], object] = lambda table: None
        self.on_close: Callable[[Table], object] = lambda table: None  # the routes say so to its sockets
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            self.load_all()

    @property
    def persistent(self) -> bool:
        return self.folder is not None

    def describe(self) -> str:
        if self.folder is None:
            return "tables live in memory only (no class folder): a restart loses them"
        return f"tables are kept in {self.folder} ({len(self.tables)} loaded)"

    def load_all(self) -> None:
        assert self.folder is not None
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = Table.load(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError, KeyError, TypeError) as e:
                log.warning("table file %s refused: %s", path.name, e)
                continue
            self.tables[table.code] = table
            table.notify = self.changed

    def write(self, table: Table) -> None:
        """The table's file, written whole and renamed into place."""
        if self.folder is None:
            return
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(table.saved(), f, ensure_ascii=False)
            os.replace(tmp, self.folder / f"{table.code}.json")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def get(self, code: Any) -> Table:
        table = self.tables.get(clean_code(str(code))[:12])
        if table is None:
            raise TableError(_("There is no table with the code {code}.").format(code=str(code)[:12]), 404)
        return table

    def create(self, game: Any, seats: Any, variant: Any = None, seed: Any = None, pace: Any = SHARED_PACE,
               address: str = "", hints: bool = False) -> Table:
        """A new table of ``game`` (any registered game) with ``seats``; nobody sits in it yet."""
        if not isinstance(game, str):
            raise TableError(_("Name the game to play."))
        try:
            info = registry.get(game)
            chosen = seats_from(seats, info.bots)
        except ValueError as e:
            raise TableError(str(e)) from e
        if len(chosen) not in info.players:
            raise TableError(_("{game} is played by {counts} players, not {n}.").format(
                game=info.title, counts=", ".join(map(str, info.players)), n=len(chosen)))
        if variant is not None and variant not in info.variants:
            raise TableError(_("{game} has no variant {name!r}.").format(game=info.title, name=str(variant)[:30]))
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 10**18):
            raise TableError(_("A seed is a whole number of at most 18 digits."))
        if not is_pace(pace):
            raise TableError(_("The pace is a number of seconds from 0 to {most}.").format(most=int(PACE_MAX)))
        if len(self.tables) >= self.max_tables:
            raise TableError(_("This server holds as many tables as it can."), 503)
        if address and sum(t.address == address for t in self.tables.values()) >= self.tables_per_address:
            raise TableError(_("Too many tables were opened from this computer ({n}).").format(
                n=self.tables_per_address), 429)
        # Dealt from the seed (a test's, or a fresh one), then kept without it: no seat may deal it again.
        state = unseeded(registry.new_game(info.name, seed=seed, players=len(chosen), variant=variant))
        table = Table(new_code(self.tables), state, chosen, float(pace), address=address, hints=hints is True)
        self.tables[table.code] = table
        table.notify = self.changed
        self.changed(table)
        return table

    def info(self, code: Any) -> dict[str, Any]:
        """What anyone with the code may know before joining: the game, who sits where, whether a seat is free."""
        table = self.get(code)
        return {"code": table.code, "game": table.game_name, "players": table.game.players,
                "seats": [s.public() for s in table.seats], "names": table.names(),
                "full": not any(s.free for s in table.seats), "over": table.game.is_over}

    def changed(self, table: Table) -> None:
        self.write(table)
        self.on_change(table)

    def close(self, code: Any) -> Table:
        """The table ``code`` closed (the teacher's button): gone from the server and from the folder."""
        table = self.get(code)
        del self.tables[table.code]
        table.notify = lambda t: None  # a computer's move already scheduled changes nothing any more
        if self.folder is not None:
            (self.folder / f"{table.code}.json").unlink(missing_ok=True)
        self.on_close(table)
        return table


__all__ = ["PERSON", "COMPUTER", "Store", "Table", "TableError"]
