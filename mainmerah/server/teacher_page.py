"""The teacher's routes of ``make serve-class``: ``/teacher``, ``/teacher.csv``, ``/teacher/clear``, and the
shared tables' ``/teacher/table`` (one watched face up) and ``/teacher/table/close``.

Drawn by the server from the class folder, without a kernel (``mainmerah.server.teacher``
writes the page). Each asks for the class's key (``?key=``, or a form field for the POST)
and compares it in constant time; without it, or with a wrong one, the answer is 403 and
a page with no name and no number on it. A server started without a class folder answers
404 on all three. The pages are never cached, never sent as a referrer (the key is in
the URL), never framed, and run only the page's own refresh script (Content-Security-Policy
with a nonce); "clear the class" is a POST with the key and the ``_xsrf`` token, then a
second, confirming POST.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from html import escape
from pathlib import Path

from tornado.web import RequestHandler

from mainmerah.core.i18n import _
from mainmerah.pages.home import preferred_language, query_language, speaking
from mainmerah.server.tables.store import Store, Table, TableError
from mainmerah.server.teacher import (
    REFRESH,
    class_csv,
    confirm_document,
    live_fragment,
    page,
    refused_document,
    teacher_document,
)
from mainmerah.server.watch import CSS as WATCH_CSS
from mainmerah.server.watch import tables_fragment, watch_fragment, watch_title
from mainmerah.teach.classfolder import clear_class, read_records


class ClassHandler(RequestHandler):
    """What the three routes share: the folder, the key check, the language, the headers."""

    folder: Path | None
    key: str
    store: Store | None

    def initialize(self, folder: Path | None, key: str, store: Store | None = None) -> None:
        self.folder = folder
        self.key = key
        self.store = store  # the table server's tables (None: a server without one)

    def shared(self, lang: str) -> str:
        """The shared tables' part of the teacher's page (nothing without a table server)."""
        if self.store is None:
            return ""
        return f"<style>{WATCH_CSS}</style>" + tables_fragment(list(self.store.tables.values()), self.key, lang,
                                                               self.xsrf_form_html())

    def set_default_headers(self) -> None:
        # Called from the constructor, before initialize(): the page script's nonce is made here.
        if not hasattr(self, "nonce"):
            self.nonce = secrets.token_urlsafe(16)
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Content-Security-Policy", (
            "default-src 'none'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self'; "
            f"base-uri 'none'; frame-ancestors 'none'; script-src 'nonce-{self.nonce}'"))

    def lang(self) -> str:
        given = self.get_argument("lang", "")
        return query_language(f"lang={given}") or preferred_language(self.request.headers.get("Accept-Language", ""))

    def home(self) -> str:
        return str(self.settings.get("base_url", "/"))

    def allowed(self) -> bool:
        """The class exists and the request carries its key (refused with a page saying so otherwise)."""
        lang = self.lang()
        with speaking(lang):
            if self.folder is None:
                self.set_status(404)
                self.finish(refused_document(lang, _("This server has no class: start it with make serve-class."),
                                             self.home()))
                return False
            given = self.get_argument("key", "")
            if not given or not hmac.compare_digest(given.encode("utf-8"), self.key.encode("utf-8")):
                self.set_status(403)
                reason = _("Open it with the link the server printed when it started (it holds the teacher's key).")
                self.finish(refused_document(lang, reason, self.home()))
                return False
        return True

    def records(self) -> tuple[list, list[str]]:
        assert self.folder is not None
        return read_records(self.folder)


class TeacherHandler(ClassHandler):
    """The class, live: the whole page, or (``?part=live``) the part its script refreshes."""

    def get(self) -> None:
        if not self.allowed():
            return
        lang = self.lang()
        by, descending = self.get_argument("sort", "name"), self.get_argument("desc", "0") == "1"
        records, refused = self.records()
        cleared = self.get_argument("cleared", "")
        with speaking(lang):
            if self.get_argument("part", "") == "live":
                base = f"teacher?key={self.key}&lang={lang}"
                html = live_fragment(records, refused, base, by, descending) + self.shared(lang)
            else:
                html = teacher_document(records, refused, key=self.key, lang=lang, xsrf_form=self.xsrf_form_html(),
                                        by=by, descending=descending, nonce=self.nonce,
                                        cleared=int(cleared) if cleared.isascii() and cleared.isdigit()
                                        and len(cleared) < 7 else None, shared=self.shared(lang))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(html)


class CsvHandler(ClassHandler):
    """The class as a spreadsheet (a download)."""

    def get(self) -> None:
        if not self.allowed():
            return
        records, _refused = self.records()
        with speaking(self.lang()):
            text = class_csv(records)
        self.set_header("Content-Type", "text/csv; charset=UTF-8")
        self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
        self.finish("\ufeff" + text)  # the byte-order mark: spreadsheets then read the names as UTF-8


class ClearHandler(ClassHandler):
    """POST once: "are you sure?"; POST again with ``confirm=yes``: every student record deleted."""

    def post(self) -> None:
        self.check_xsrf_cookie()  # whatever the application's setting: this POST deletes things
        if not self.allowed():
            return
        assert self.folder is not None
        lang = self.lang()
        if self.get_body_argument("confirm", "") != "yes":
            records, refused = self.records()
            with speaking(lang):
                html = confirm_document(len(records) + len(refused), key=self.key, lang=lang,
                                        xsrf_form=self.xsrf_form_html())
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.finish(html)
            return
        gone = clear_class(self.folder)
        self.redirect(f"../teacher?key={self.key}&lang={lang}&cleared={gone}", status=303)


class TableHandler(ClassHandler):
    """What the shared tables' routes share: the table a request names, or a page saying why there is none."""

    up = ".."  # from this route to the teacher's page

    def class_link(self, lang: str) -> str:
        return f"{self.up}/teacher?key={self.key}&lang={lang}"

    def named_table(self, code: str, lang: str, act: Callable[[Store, str], Table]) -> Table | None:
        """``act(store, code)`` (get or close); refused -> the refusal page, in ``lang``, and None."""
        try:
            if self.store is None:
                raise TableError(_("This server has no shared tables."), 404)
            return act(self.store, code)
        except TableError as e:
            self.set_status(e.status)
            self.finish(refused_document(lang, str(e), self.class_link(lang)))
            return None


class WatchHandler(TableHandler):
    """One shared table, every hand face up (``?code=``), refreshed by the page's own script like the class."""

    def get(self) -> None:
        if not self.allowed():
            return
        lang = self.lang()
        with speaking(lang):
            table = self.named_table(self.get_argument("code", ""), lang, Store.get)
            if table is None:
                return
            live = watch_fragment(table)
            if self.get_argument("part", "") != "live":
                back = f'<p><a href="{escape(self.class_link(lang))}">{escape(_("◂ Your class"))}</a></p>'
                title = watch_title(table)
                live = page(lang, title, f"<style>{WATCH_CSS}</style>{back}<h1>{escape(title)}</h1>"
                            f'<div id="mmt-live" aria-live="off">{live}</div>', self.nonce, REFRESH % 2000)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(live)


class CloseTableHandler(TableHandler):
    """POST with the key, the ``_xsrf`` token and ``code``: the table is closed, its seats told."""

    up = "../.."

    def post(self) -> None:
        self.check_xsrf_cookie()  # whatever the application's setting: this POST ends a game
        if not self.allowed():
            return
        lang = self.lang()
        with speaking(lang):
            if self.named_table(self.get_body_argument("code", ""), lang, Store.close) is not None:
                self.redirect(self.class_link(lang), status=303)
