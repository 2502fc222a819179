"""What the visitor's browser keeps for a page: a game in progress, lessons done, the language.

A :class:`Keeper` is an invisible widget (``static/keeper.js``) that reads the browser's
``localStorage`` when the page is drawn and sends the kernel what it finds under its keys;
the kernel then asks it to store or forget a record whenever something worth keeping
changes. It works wherever widgets are drawn: Voila, JupyterLab, Binder and the static site
(whose Python runs in the browser itself).

What comes back from the page is input like any other: a record may be stale (written by an
older version), cut short, edited by hand or forged. :func:`unpack` refuses anything that is
not a record of the expected kind and version, with a message naming what was wrong, and
each page then checks the record's content with the engine (a game is replayed decision by
decision, every rule checked) before it changes anything.

A page stores nothing before the browser has answered (it would overwrite what is kept
before it was read); each page stores its state once restored, and after every change.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs

import anywidget
import traitlets

from mainmerah.core.i18n import LANGUAGES, _, language, on_language_change, set_language

PREFIX = "mainmerah:"
LANG_KEY = PREFIX + "lang"
RECORD_FORMAT = "mainmerah-kept"
MAX_TEXT = 1_000_000  # characters: far above any game or tutorial; localStorage holds ~5 MB a site
MAX_DEPTH = 40  # nesting of a record's JSON: a game's is 6 levels deep (Python's parser gives up near 1,000)
NESTING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class KeptError(ValueError):
    """A record from the browser that cannot be used (the message says why)."""


class Refused(str):
    """In place of a record the page would not send (too long, nested too deeply): the reason, in words.

    :func:`unpack` refuses it with that reason, so every page names it and keeps its own record over it."""


def nesting(text: str) -> int:
    """How deeply ``text``'s JSON arrays and objects nest (brackets inside strings do not count)."""
    deepest = level = 0
    for m in NESTING.finditer(text):
        ch = m.group()
        if ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def too_long(n: int) -> str:
    return _("the kept record is too long ({n} characters, at most {most})").format(n=n, most=MAX_TEXT)


def too_deep() -> str:
    return _("the kept record is nested too deeply (more than {n} levels)").format(n=MAX_DEPTH)


def key(kind: str, *parts: object) -> str:
    """The storage key of a kind of record, e.g. ``key("table", game)``."""
    return PREFIX + ":".join([kind, *(str(p) for p in parts)])


def pack(kind: str, version: int, body: Mapping[str, Any]) -> str:
    """A record's text: its kind and version, so a stale or foreign one is recognised."""
    return json.dumps({"format": RECORD_FORMAT, "kind": kind, "version": version, "body": dict(body)},
                      separators=(",", ":"), ensure_ascii=False)


def unpack(text: object, kind: str, version: int) -> dict[str, Any]:
    """The body of a record of ``kind`` and ``version``; anything else raises :class:`KeptError`."""
    if isinstance(text, Refused):
        raise KeptError(str(text))
    if not isinstance(text, str):
        raise KeptError(_("the kept record is not text"))
    if len(text) > MAX_TEXT:
        raise KeptError(too_long(len(text)))
    if nesting(text) > MAX_DEPTH:
        raise KeptError(too_deep())
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise KeptError(_("the kept record is not valid JSON ({error})").format(error=e.msg)) from None
    if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
        raise KeptError(_("the kept record is not one of this app's"))
    if data.get("kind") != kind:
        raise KeptError(_("the kept record is a {found}, not a {wanted}").format(
            found=str(data.get("kind"))[:40], wanted=kind))
    if data.get("version") != version:
        raise KeptError(_("the kept record was written by another version of the app "
                          "({found}, this one reads {wanted})").format(found=str(data.get("version"))[:20],
                                                                       wanted=version))
    body = data.get("body")
    if not isinstance(body, dict):
        raise KeptError(_("the kept record has no body"))
    return body


@lru_cache(maxsize=1)
def keeper_js() -> str:
    return files("mainmerah").joinpath("static/keeper.js").read_text(encoding="utf-8")


Records = dict[str, "str | None"]


class Keeper(anywidget.AnyWidget):
    """The browser's records under ``keys``: read once when the page is drawn, then kept up to date.

    ``when_restored(callback)`` calls ``callback(records)`` once the page has answered
    (at once if it already has), ``records`` mapping each key to its text or None. Before
    that :meth:`store` does nothing (see the module's note); outside a browser (a test,
    nbval) the page never answers and nothing is kept.
    """

    # (not ``keys``: a widget's ``keys`` lists its synced traits)
    kept_keys: traitlets.List[str] = traitlets.List(traitlets.Unicode()).tag(sync=True)
    # What the page checks before sending a record (the kernel checks again): a longer or deeper one is not sent.
    limits = traitlets.Dict({"chars": MAX_TEXT, "depth": MAX_DEPTH}).tag(sync=True)

    def __init__(self, keys: Sequence[str]) -> None:
        for k in keys:
            if not k.startswith(PREFIX):
                raise ValueError(f"a kept key starts with {PREFIX!r}: {k!r}")
        self._esm = keeper_js()
        super().__init__(kept_keys=list(keys))
        self.layout.display = "none"
        self.records: Records | None = None  # None until the page answers
        self.available: bool | None = None  # whether this browser keeps anything
        self.full: set[str] = set()  # keys the browser had no room for
        self._callbacks: list[Callable[[Records], object]] = []
        self._sent: dict[str, str | None] = {}
        self._answer: Records = {}  # what the page said it kept (records since then include what was stored)
        self._shown_language: str | None = None  # the address's ?lang= as last set (unknown at first)
        self.on_msg(lambda _w, content, _buffers: self._page_message(content))

    @property
    def restored(self) -> bool:
        return self.records is not None

    def when_restored(self, callback: Callable[[Records], object]) -> None:
        if self.records is not None:
            callback(dict(self._answer))
        else:
            self._callbacks.append(callback)

    def store(self, key_: str, text: str) -> None:
        """Keep ``text`` under ``key_`` in the browser (unchanged text is not sent again)."""
        if key_ not in self.kept_keys:
            raise ValueError(f"not one of this keeper's keys: {key_!r}")
        if self.records is None or self._sent.get(key_) == text:
            return
        self._sent[key_] = text
        self.records[key_] = text
        self.send({"k": "store", "key": key_, "text": text})

    def show_language(self, code: str) -> None:
        """Put ``code`` in the page's address as ``?lang=`` (none for the first language, English), so that
        a reload asks for it and is drawn in it at once, not a moment later when the kept one arrives.
        Only an app page's address changes (Voila's or Voici's ``/render/``), never JupyterLab's."""
        if code not in LANGUAGES or self.records is None:
            return
        value = None if code == LANGUAGES[0] else code
        if self._shown_language != (value or ""):
            self._shown_language = value or ""
            self.send({"k": "url", "name": "lang", "value": value})

    def forget(self, key_: str) -> None:
        """Remove what the browser keeps under ``key_`` (the "Start over" of a page)."""
        if key_ not in self.kept_keys:
            raise ValueError(f"not one of this keeper's keys: {key_!r}")
        if self.records is None:
            return
        self._sent[key_] = None
        self.records[key_] = None
        self.send({"k": "forget", "key": key_})

    def _page_message(self, msg: Any) -> None:
        if not isinstance(msg, dict):
            return
        if msg.get("k") == "full" and msg.get("key") in self.kept_keys:
            self.full.add(msg["key"])
            return
        if msg.get("k") != "kept":
            return
        # Received: the page stops sending it again (it does until told, since a message sent while the page's
        # connection to the kernel was still being made has been seen lost on a busy machine).
        self.send({"k": "ack"})
        if self.records is not None:
            return  # sent again, or a second view of the same widget (JupyterLab): the first answer stands
        raw = msg.get("records")
        raw = raw if isinstance(raw, dict) else {}
        refused = msg.get("refused")
        refused = refused if isinstance(refused, dict) else {}
        # Only this keeper's keys; a record the page would not send, or too long, is named (Refused), not read.
        self.records = {k: _received(raw.get(k), refused.get(k)) for k in self.kept_keys}
        self._sent = dict(self.records)
        self.available = msg.get("available") is True
        # Every callback gets what the page said, not what an earlier callback stored since.
        self._answer = dict(self.records)
        answer, callbacks, self._callbacks = self._answer, self._callbacks, []
        for cb in callbacks:
            cb(dict(answer))


def _received(text: object, refused: object) -> str | None:
    """A record as the page sent it: its text, None (nothing kept), or why it was not sent (Refused)."""
    if isinstance(refused, dict):
        n = refused.get("chars")
        if refused.get("why") == "long" and isinstance(n, int):
            return Refused(too_long(n))
        return Refused(too_deep())
    if isinstance(text, str) and len(text) > MAX_TEXT:
        return Refused(too_long(len(text)))
    return text if isinstance(text, str) else None


def follow_language(keeper: Keeper, chosen_by_url: bool) -> None:
    """The language goes from page to page: the kept one applies unless the URL chose one.

    ``keeper`` must hold :data:`LANG_KEY`. Every later switch is kept for the next page.
    """
    def restored(records: Records) -> None:
        kept = records.get(LANG_KEY)
        if not chosen_by_url and kept in LANGUAGES and kept != language():
            set_language(kept)
        keeper.store(LANG_KEY, language())
        keeper.show_language(language())

    def switched(code: str) -> None:
        keeper.store(LANG_KEY, code)
        keeper.show_language(code)

    keeper.when_restored(restored)
    on_language_change(switched)


def language_keeper(query: str) -> Keeper:
    """An invisible keeper that makes a page follow the visitor's language (``?lang=`` in ``query`` wins).

    Put it among the page's widgets: it does its work once drawn (see :func:`follow_language`).
    """
    asked = parse_qs(query.lstrip("?")).get("lang", [""])[-1].strip().lower()
    keeper = Keeper([LANG_KEY])
    follow_language(keeper, asked in LANGUAGES)  # as lessons.pages.query_language reads it
    return keeper
