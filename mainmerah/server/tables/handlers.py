"""The table server's routes (tornado): HTTP JSON under ``<base>/mainmerah/tables/`` and one websocket per seat.

Mounted in the app's own server (``mainmerah.server.voila``) next to the teacher's routes, or served alone by
``python -m mainmerah.server.tables``. Every answer is JSON; a refusal carries ``error``, a sentence in the
client's language, and changes nothing. A seat proves itself with its token in the body (never in the URL, so
no log holds it); the watcher (the teacher) with the class's key. Computers' seats are played here, at the
table's pace, one move per tick of the server's loop.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from tornado.ioloop import IOLoop
from tornado.web import RequestHandler
from tornado.websocket import WebSocketClosedError, WebSocketHandler

from mainmerah.core.cards import CardError
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import _
from mainmerah.pages.home import speaking
from mainmerah.server.tables.protocol import MAX_BODY, Limits, ProtocolError, parse, too_many
from mainmerah.server.tables.seats import PERSON, Seat
from mainmerah.server.tables.store import LANGUAGES, Store, Table, TableError

log = logging.getLogger("mainmerah.server.tables")
PREFIX = "mainmerah/tables"
TAKEOVER = 60.0  # seconds a person's seat may stay without a connection before the computer plays it
KERNEL_HEADER = "X-Mainmerah-Kernel"  # the client's kernel, when it runs in one (mainmerah.tables)


class Hub:
    """What every route shares: the store, the open sockets by table, the limits, the watcher's key.

    ``takeover``: seconds a taken person's seat may stay without a connection before the computer plays it
    (:meth:`Table.cover`; every seat is told); a request with the seat's token (its person back: a rejoin, a
    reconnected socket, a move) gives it back.

    ``kernels``: mounted in the class server, whether a kernel id is one of that server's running kernels. Its
    pages' kernels all reach the table server from the server's own address, so the per-address limits count
    each such kernel (one page) apart, not the whole class as one address."""

    def __init__(self, store: Store, watch_key: str = "", limits: Limits | None = None,
                 takeover: float = TAKEOVER, kernels: Callable[[str], bool] | None = None) -> None:
        self.store = store
        self.watch_key = watch_key
        self.limits = limits or Limits()
        self.takeover = takeover
        self.kernels = kernels
        self.sockets: dict[str, set[SeatSocket]] = {}
        store.on_change = self.changed
        store.on_close = self.closed
        for table in store.tables.values():  # loaded from the folder: computers to move go on...
            if table.bot_due() is not None:
                IOLoop.current().call_later(table.pace, self.bot_turn, table, table.seq)
            for seat in table.seats:  # ... and nobody is connected yet: each person has the while to come back
                self.gone(table, seat)

    def gone(self, table: Table, seat: Seat) -> None:
        """``seat`` has no connection now (its socket closed, or it was taken or asked for over HTTP and no socket
        is open): unless its person comes back within ``takeover`` seconds, the computer plays it."""
        if seat.kind != PERSON or not seat.token or seat.covered or seat.connected:
            return
        seat.away_since = stamp = time.monotonic()
        IOLoop.current().call_later(self.takeover, self.take_over, table, seat, stamp)

    def take_over(self, table: Table, seat: Seat, stamp: float) -> None:
        if seat.connected or seat.away_since != stamp or self.store.tables.get(table.code) is not table:
            return  # back meanwhile (or gone again later: that absence has its own timer), or the table closed
        table.cover(seat)

    def present(self, table: Table, token: str) -> Seat:
        """The seat whose token this is (or TableError, 403): its person is here, so the seat is theirs again."""
        seat = table.seat_of(token)
        table.uncover(seat)
        self.gone(table, seat)  # over HTTP with no socket open, the person's while to come back starts from now
        return seat

    def changed(self, table: Table) -> None:
        for socket in list(self.sockets.get(table.code, ())):
            socket.push(table)
        if table.bot_due() is not None:
            IOLoop.current().call_later(table.pace, self.bot_turn, table, table.seq)

    def closed(self, table: Table) -> None:
        """Every seat's page is told, in its language, and its connection closed."""
        for socket in list(self.sockets.pop(table.code, ())):
            with speaking(socket.lang):
                socket.send({"kind": "closed", "code": table.code, "error": _("The teacher closed this table.")})
            socket.table = None
            socket.close(4410, "closed")
        log.info("table %s: closed by the teacher", table.code)

    def bot_turn(self, table: Table, seq: int) -> None:
        if table.seq != seq or self.store.tables.get(table.code) is not table:
            return  # the table moved on meanwhile (or was closed): that change scheduled its own turn
        try:
            table.bot_move()
        except Exception:  # noqa: BLE001 - a timer has nobody to answer but the log
            log.exception("table %s: the computer's move failed", table.code)

    def client(self, address: str, kernel: str) -> str:
        """Whom the per-address limits count for a request from ``address`` naming ``kernel``: a running kernel
        of this very server (from this machine's own address), else the address."""
        if kernel and self.kernels is not None and len(kernel) <= 64 and loopback(address) and self.kernels(kernel):
            return f"kernel {kernel}"
        return address

    def watching(self, key: str) -> bool:
        return bool(self.watch_key) and hmac.compare_digest(key.encode("utf-8"), self.watch_key.encode("utf-8"))

    def seat(self, table: Table, data: dict[str, Any]) -> int | None:
        """The seat a message speaks for (None: the watcher, the teacher or a classmate), or TableError (403)."""
        if data.get("public") is True:
            if "token" in data or "watch" in data:
                raise TableError(_("A classmate watching gives no key."), 403)
            return None
        if "watch" in data:
            if not self.watching(data["watch"]):
                raise TableError(_("This is not the key that lets a teacher watch."), 403)
            return None
        if "token" not in data:
            raise TableError(_("Give your seat's key (token), or the teacher's key (watch)."), 403)
        return self.present(table, data["token"]).index


def loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def language(data: dict[str, Any]) -> str:
    lang = data.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


class ApiHandler(RequestHandler):
    """One POST route: the body checked as ``kind``, then :meth:`answer`; refusals as JSON with ``error``."""

    kind = ""
    hub: Hub

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    def check_xsrf_cookie(self) -> None:
        """No cookie carries any right here (a seat's token is in the body), so no cross-site request can use one."""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def refuse(self, status: int, message: str, kind: str = "refused") -> None:
        self.set_status(status)
        self.finish(json.dumps({"error": message, "kind": kind}, ensure_ascii=False))

    def post(self) -> None:
        data: dict[str, Any] = {}
        try:
            length = int(self.request.headers.get("Content-Length", "0") or 0)
            if length > MAX_BODY:
                raise ProtocolError(_("The message is too long ({n} bytes; at most {most}).").format(
                    n=length, most=MAX_BODY), 413)
            data = parse(self.request.body, self.kind)
            address = self.client()
            if not self.hub.limits.allow(f"token {data.get('token', '')}" if "token" in data else address, address):
                raise too_many()
            with speaking(language(data)):
                answer = self.answer(data)
        except (ProtocolError, TableError) as e:
            with speaking(language(data)):
                self.refuse(e.status, str(e))
            return
        except (RuleError, CardError) as e:
            self.refuse(409, str(e), "rule")
            return
        except ValueError as e:
            self.refuse(400, str(e))
            return
        self.finish(json.dumps(answer, ensure_ascii=False))

    def client(self) -> str:
        return self.hub.client(self.request.remote_ip or "", self.request.headers.get(KERNEL_HEADER, ""))

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        raise NotImplementedError


class CreateHandler(ApiHandler):
    kind = "create"

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        store = self.hub.store
        table = store.create(data["game"], data["seats"], data.get("variant"), data.get("seed"),
                             data.get("pace", 1.0), address=self.client(),
                             hints=data.get("hints", False))
        log.info("table %s: %s, %d seats, created", table.code, table.game_name, len(table.seats))
        answer: dict[str, Any] = {"code": table.code, "persistent": store.persistent}
        if any(s.free for s in table.seats):
            seat, token = table.take(data.get("name", ""))
            self.hub.gone(table, seat)  # a seat whose person never connects is taken over too
            answer |= {"seat": seat.index, "token": token}
            answer["frame"] = table.frame(seat.index, 0, language(data), data.get("world", False))
        return answer


class JoinHandler(ApiHandler):
    kind = "join"

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        table = self.hub.store.get(data["code"])
        seat, token = table.take(data.get("name", ""))
        self.hub.gone(table, seat)  # a seat whose person never connects is taken over too
        return {"code": table.code, "seat": seat.index, "token": token,
                "frame": table.frame(seat.index, 0, language(data), data.get("world", False))}


class InfoHandler(ApiHandler):
    kind = "info"

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        return self.hub.store.info(data["code"])


class StateHandler(ApiHandler):
    kind = "state"

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        table = self.hub.store.get(data["code"])
        seat = self.hub.seat(table, data)
        return {"frame": table.frame(seat, data.get("since", 0), language(data), data.get("world", False),
                                     data.get("public", False) is True)}


class ActHandler(ApiHandler):
    """A seat's move (``action``), or (``kind = "name"``) its new name; the answer is its frame after it."""

    kind = "act"

    def answer(self, data: dict[str, Any]) -> dict[str, Any]:
        table = self.hub.store.get(data["code"])
        seat = self.hub.present(table, data["token"])
        if self.kind == "name":
            table.rename(seat, data["name"])
        else:
            table.act(seat, data["action"])
        return {"frame": table.frame(seat.index, data.get("since", table.seq - 1), language(data),
                                     data.get("world", False))}


class NameHandler(ActHandler):
    kind = "name"


class SeatSocket(WebSocketHandler):
    """One seat's (or the watcher's) live connection: a frame at every change of its table, in order.

    The first message names the table and proves the seat (as ``state``); later ones may be moves
    (``{"action": "3♥", "id": 7}``, answered ``{"kind": "reply", "id": 7}`` or with ``error``)."""

    hub: Hub
    table: Table | None = None
    seat_index: int | None = None
    sent = 0
    lang = "en"
    world = False  # whether its frames carry the seat's stand-in game (the table widget's)
    public = False  # a classmate watching: what every seat sees, nothing more

    def initialize(self, hub: Hub) -> None:
        self.hub = hub

    @property
    def max_message_size(self) -> int:
        return MAX_BODY

    def check_origin(self, origin: str) -> bool:
        return True  # no cookie carries a right here: a seat is its token, sent in the first message

    def open(self, *args: Any, **kwargs: Any) -> None:
        self.set_nodelay(True)
        self.client = self.request.remote_ip or ""

    def send(self, data: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(data, ensure_ascii=False))
        except WebSocketClosedError:
            pass

    def push(self, table: Table) -> None:
        if table.seq > self.sent:
            self.send(table.frame(self.seat_index, self.sent, self.lang, self.world, self.public))
            self.sent = table.seq

    def on_message(self, message: str | bytes) -> None:
        if not self.hub.limits.allow(f"socket {id(self)}"):
            self.send({"kind": "error", "error": str(too_many())})
            return
        try:
            if self.table is None:
                self.hello(parse(message, "state"))
            else:
                self.move(parse(message, "move"))
        except (ProtocolError, TableError) as e:
            with speaking(self.lang):
                self.send({"kind": "error", "error": str(e)})
            if self.table is None:
                self.close(4000 + (e.status if e.status < 1000 else 0), "refused")

    def hello(self, data: dict[str, Any]) -> None:
        table = self.hub.store.get(data["code"])
        self.lang = language(data)
        self.world = data.get("world", False) is True
        self.public = data.get("public", False) is True
        with speaking(self.lang):
            self.seat_index = self.hub.seat(table, data)
        self.table = table
        self.hub.sockets.setdefault(table.code, set()).add(self)
        self.sent = max(0, min(data.get("since", 0), table.seq))
        self.send(table.frame(self.seat_index, self.sent, self.lang, self.world, self.public))
        self.sent = table.seq
        if self.seat_index is not None:
            seat = table.seats[self.seat_index]
            seat.connected += 1
            if seat.connected == 1:
                table.changed()  # every seat's table shows who is here

    def move(self, data: dict[str, Any]) -> None:
        table, reply = self.table, {"kind": "reply", "id": data.get("id")}
        assert table is not None
        if self.seat_index is None:
            self.send(reply | {"error": _("A watcher does not play.")})
            return
        try:
            with speaking(self.lang):
                table.act(table.seats[self.seat_index], data["action"])
        except (RuleError, CardError) as e:
            self.send(reply | {"error": str(e)})
            return
        self.send(reply)

    def on_close(self) -> None:
        if self.table is not None:
            self.hub.sockets.get(self.table.code, set()).discard(self)
            if self.seat_index is not None:
                seat = self.table.seats[self.seat_index]
                seat.connected -= 1
                if seat.connected == 0 and self.hub.store.tables.get(self.table.code) is self.table:
                    self.table.changed()  # ... and who has gone
                    self.hub.gone(self.table, seat)


def routes(base_url: str, hub: Hub) -> list[tuple[str, type, dict[str, Any]]]:
    """The table server's routes under ``base_url`` (tornado's handler tuples)."""
    base = base_url.rstrip("/") + "/" + PREFIX
    handlers: dict[str, type] = {"create": CreateHandler, "join": JoinHandler, "info": InfoHandler,
                                 "state": StateHandler,
                                 "act": ActHandler, "name": NameHandler, "socket": SeatSocket}
    return [(f"{base}/{name}", handler, {"hub": hub}) for name, handler in handlers.items()]
