"""The teacher's view of the class: one row per student, one column per lesson and puzzle level.

The server (``mainmerah.server.voila``) draws it from the class folder's records
(``classfolder.read_records``) without a kernel, behind the teacher's key. This module only
turns records into a table (:func:`class_tables`), sorts it (:func:`sort_rows`) and writes
it as HTML (:func:`teacher_document`, :func:`live_fragment`) or CSV (:func:`class_csv`).
Everything a student typed is escaped wherever it is shown, and no CSV cell can start a
spreadsheet formula. Imports neither ipywidgets nor tornado.
"""

from __future__ import annotations

import csv
import io
import time
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from html import escape
from typing import Any
from urllib.parse import urlencode

from mainmerah.core import registry
from mainmerah.core.i18n import _, html_lang, ngettext
from mainmerah.core.review import theme_name
from mainmerah.draw.text import SANS, wrap_css
from mainmerah.teach.classfolder import Record
from mainmerah.teach.topics import topic_name

SORTS = ("name", "stars", "time", "stuck", "updated")  # plus "lesson:<key>" and "puzzles:<level>"
REFRESH_S = 5


@dataclass(frozen=True)
class Cell:
    """One student's lesson: stars won of those possible, tasks solved, the rule most often got wrong."""

    stars: int
    best: int
    solved: int
    tasks: int
    stuck: str | None
    mistakes: int  # made on ``stuck``


@dataclass(frozen=True)
class Row:
    session: str
    name: str  # "" when the student gave none
    game: str
    cells: dict[str, Cell]
    puzzles: dict[str, int]
    stars: int
    seconds: float
    stuck: str | None  # the rule with the most mistakes over every lesson
    mistakes: int
    updated: float
    sessions: int = 1  # joined under this name: more than the pages open may mean two students share a name
    browser: str = ""  # the browser's kept id, when it keeps one
    twin: bool = False  # another browser's row has this name, or one that looks the same (see look_alike)
    themes: dict[str, int] = field(default_factory=dict)  # the themes of the mistakes kept for Practice

    @property
    def label(self) -> str:
        # A nameless row is told apart by its browser (the same across reloads), else by its session.
        return self.name or _("no name ({id})").format(id=(self.browser or self.session)[:4])


@dataclass(frozen=True)
class GameTable:
    game: str
    title: str
    lessons: list[tuple[str, str]]  # (key, title) in the tutorial's order
    levels: list[str]
    rows: list[Row]


def most_mistakes(tasks: Iterable[dict[str, Any]]) -> tuple[str | None, int]:
    """The rule with the most mistakes over ``tasks`` (ties: the first by name), and how many."""
    totals: dict[str, int] = {}
    for task in tasks:
        for rule, n in task["rules"].items():
            totals[rule] = totals.get(rule, 0) + n
    best = min(((-n, rule) for rule, n in totals.items() if n > 0), default=None)
    return (best[1], -best[0]) if best else (None, 0)


def cell(lesson: dict[str, Any]) -> Cell:
    tasks = list(lesson["tasks"].values())
    stuck, n = most_mistakes(tasks)
    return Cell(stars=sum(t["stars"] for t in tasks), best=3 * len(tasks), solved=sum(t["solved"] for t in tasks),
                tasks=len(tasks), stuck=stuck, mistakes=n)


def row(record: Record, sessions: int = 1) -> Row:
    stuck, n = most_mistakes(t for lesson in record.lessons.values() for t in lesson["tasks"].values())
    cells = {key: cell(lesson) for key, lesson in record.lessons.items()}
    return Row(session=record.session, name=record.name, game=record.game, cells=cells, puzzles=record.puzzles,
               stars=sum(c.stars for c in cells.values()), seconds=record.seconds, stuck=stuck, mistakes=n,
               updated=record.updated, sessions=sessions, browser=record.browser, themes=record.themes)


def frequent_themes(game: str, themes: dict[str, int], most: int = 3) -> str:
    """A student's most frequent mistake themes (Practice), in the page's language: "a wasted bomb (4); ..."."""
    top = sorted(themes.items(), key=lambda kv: (-kv[1], kv[0]))[:most]
    return "; ".join(f"{theme_words(game, t)} ({n})" for t, n in top)


def theme_words(game: str, theme: str) -> str:
    try:
        return theme_name(game, theme)
    except ValueError:  # a game no longer registered: its id as written
        return theme


def game_title(game: str) -> str:
    try:
        return _(registry.get(game).title)
    except ValueError:
        return game


def class_tables(records: Sequence[Record]) -> list[GameTable]:
    """One table per game the class is learning, one row per student: a student with several sessions under
    one name, or without a name in one browser (a reload, or the puzzles open on another page), is one row,
    see :func:`merged`."""
    ordered = sorted(records, key=lambda r: r.updated)

    # The browser decides who a student is; a name is only its label (typing a classmate's name must not take
    # over their row). Records without a browser id (written before browsers kept one) join by name.
    def student(r: Record) -> str:
        if r.browser:
            return "@" + r.browser
        if r.name:
            return r.name.casefold()
        return "#" + r.session

    sessions: dict[tuple[str, str], list[Record]] = {}
    for r in ordered:
        sessions.setdefault((r.game, student(r)), []).append(r)
    latest = {who: merged(rs) for who, rs in sessions.items()}
    tables = []
    first = registry.games()[0]  # the registry's first game (the home page's) leads, the others by name
    for game in sorted({g for g, _n in latest}, key=lambda g: (g != first, g)):
        who = [w for w in latest if w[0] == game]
        mine = [latest[w] for w in who]
        lessons: dict[str, str] = {}
        # The record that has seen the most lessons gives their order; the others can only add to it.
        for r in sorted(mine, key=lambda r: -len(r.lessons)):
            for key, lesson in r.lessons.items():
                lessons.setdefault(key, lesson["title"] or key)
        levels = sorted({lv for r in mine for lv in r.puzzles}, key=lambda lv: (len(lv), lv))
        rows = [row(latest[w], len(sessions[w])) for w in who]
        looks = [look_alike(one.name) for one in rows if one.name]
        rows = [replace(one, twin=True) if one.name and looks.count(look_alike(one.name)) > 1 else one
                for one in rows]
        tables.append(GameTable(game, game_title(game), list(lessons.items()), levels, rows))
    return tables


# Letters of other scripts drawn like Latin ones (Cyrillic, Greek): "Аlice" with a Cyrillic А is "alice".
CONFUSABLE = str.maketrans({"а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
                            "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
                            "ӏ": "l", "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "m",
                            "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ζ": "z"})


def look_alike(name: str) -> str:
    """What ``name`` looks like: compatibility forms, case, accents and look-alike letters of other scripts
    folded, spaces collapsed ("ALICE TWO", "Alice  Two" and "Аlice Two" all look like "alice two")."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).translate(CONFUSABLE)
    return " ".join(text.split())


def merged(records: Sequence[Record]) -> Record:
    """One student's sessions (oldest first) as one: the lessons and time of the latest session that has
    lessons (a reload restores the earlier ones), the most puzzles solved per level in any session."""
    last = records[-1]
    lessons = next((r for r in reversed(records) if r.lessons), last)
    puzzles: dict[str, int] = {}
    for r in records:
        for level, n in r.puzzles.items():
            puzzles[level] = max(n, puzzles.get(level, 0))
    name = next((r.name for r in reversed(records) if r.name), "")
    browser = next((r.browser for r in reversed(records) if r.browser), "")
    themes = next((r.themes for r in reversed(records) if r.themes), {})  # the latest Practice read
    return replace(lessons, session=last.session, name=name, puzzles=puzzles, updated=last.updated, browser=browser,
                   themes=themes)


def sort_key(name: str) -> str:
    """``name`` if it is a column to sort by, else "name"."""
    if name in SORTS or name.startswith(("lesson:", "puzzles:")):
        return name
    return "name"


def sort_rows(rows: Sequence[Row], by: str = "name", descending: bool = False) -> list[Row]:
    """Rows sorted by a column; nameless students after named ones, ties by name then session."""
    by = sort_key(by)

    def value(r: Row) -> tuple[Any, ...]:
        if by == "stars":
            return (r.stars,)
        if by == "time":
            return (r.seconds,)
        if by == "updated":
            return (r.updated,)
        if by == "stuck":
            return (r.mistakes, r.stuck or "")
        if by.startswith("lesson:"):
            c = r.cells.get(by[7:])
            return (c.stars, c.solved) if c else (-1, -1)
        if by.startswith("puzzles:"):
            return (r.puzzles.get(by[8:], -1),)
        return (r.name == "", r.name.casefold())

    tie = sorted(rows, key=lambda r: (r.name == "", r.name.casefold(), r.session))
    return sorted(tie, key=value, reverse=descending)


# ----- HTML --------------------------------------------------------------------------------

def minutes(seconds: float) -> str:
    return _("{n} min").format(n=round(seconds / 60))


def stars_text(c: Cell) -> str:
    return f"★ {c.stars}/{c.best}"


def lesson_cell(c: Cell | None) -> str:
    if c is None:
        return '<td class="mmt-none">–</td>'
    done = " mmt-done" if c.tasks and c.solved == c.tasks else ""
    tasks = escape(_("{solved} of {tasks} tasks").format(solved=c.solved, tasks=c.tasks))
    # A finished lesson's mistakes are history: the rule is shown where the student still is.
    stuck = (f'<span class="mmt-stuck">✗ {escape(topic_name(c.stuck))} ({c.mistakes})</span>'
             if c.stuck and not done else "")
    return (f'<td class="mmt-lesson{done}"><span class="mmt-stars">{stars_text(c)}</span>'
            f'<span class="mmt-tasks">{tasks}</span>{stuck}</td>')


def table_html(t: GameTable, link: str, by: str, descending: bool) -> str:
    """One game's table; each header links to the page sorted by it (again: the other way round)."""

    def head(key: str, label: str, title: str = "") -> str:
        flip = by == key and not descending
        mark = (" ▼" if descending else " ▲") if by == key else ""
        href = escape(f"{link}&{urlencode({'sort': key, 'desc': '1' if flip else '0'})}")
        current = f' aria-sort="{"descending" if descending else "ascending"}"' if by == key else ""
        tip = f' title="{escape(title)}"' if title else ""
        return f'<th scope="col"{current}{tip}><a href="{href}">{escape(label)}{mark}</a></th>'

    # The glance first (who, how far, where stuck), then the detail that may need scrolling sideways.
    heads = [head("name", _("Student")), head("stars", _("Stars")), head("stuck", _("Most mistakes on")),
             f'<th scope="col">{escape(_("Their own games: most frequent mistakes"))}</th>']
    heads += [head(f"lesson:{k}", f"{i}. {title}", title) for i, (k, title) in enumerate(t.lessons, 1)]
    heads += [head(f"puzzles:{lv}", _("Puzzles, level {level}").format(level=lv)) for lv in t.levels]
    heads += [head("time", _("Time")), head("updated", _("Last seen"))]
    body = []
    for r in sort_rows(t.rows, by, descending):
        # Several sessions under one name: a reload or the puzzles beside the lessons, or two students alike.
        joined = escape(ngettext("{n} session", "{n} sessions", r.sessions).format(n=r.sessions))
        note = f'<small class="mmt-sessions">{joined}</small>' if r.sessions > 1 else ""
        if r.twin:
            twin = escape(_("another browser uses this name, or one that looks the same"))
            note += f'<small class="mmt-twin">{twin}</small>'

        cells = [f'<th scope="row" class="mmt-name{" mmt-anon" if not r.name else ""}">{escape(r.label)}{note}</th>',
                 f"<td>{r.stars}</td>",
                 f'<td class="mmt-stuck-all">{escape(f"{topic_name(r.stuck)} ({r.mistakes})")}</td>' if r.stuck
                 else '<td class="mmt-none">–</td>',
                 f'<td class="mmt-themes">{escape(frequent_themes(t.game, r.themes))}</td>' if r.themes
                 else '<td class="mmt-none">–</td>']
        cells += [lesson_cell(r.cells.get(k)) for k, _t in t.lessons]
        cells += [f"<td>{r.puzzles.get(lv, 0)}</td>" for lv in t.levels]
        cells.append(f"<td>{escape(minutes(r.seconds))}</td>")
        cells.append(f'<td>{escape(time.strftime("%H:%M:%S", time.localtime(r.updated)))}</td>')
        body.append(f'<tr data-session="{escape(r.session)}">{"".join(cells)}</tr>')
    count = escape(ngettext("{n} student", "{n} students", len(t.rows)).format(n=len(t.rows)))
    return (f'<section class="mmt-game"><h2>{escape(t.title)} <small>{count}</small></h2>'
            f'<div class="mmt-scroll"><table class="mmt-table" data-game="{escape(t.game)}">'
            f'<thead><tr>{"".join(heads)}</tr></thead><tbody>{"".join(body)}</tbody></table></div></section>')


def live_fragment(records: Sequence[Record], refused: Sequence[str], link: str, by: str = "name",
                  descending: bool = False) -> str:
    """The part of the page that refreshes by itself: the tables, or a note while no student has come."""
    by = sort_key(by)
    tables = class_tables(records)
    parts = [table_html(t, link, by, descending) for t in tables]
    if not tables:
        empty = _("No student yet. Their rows appear here as they open the tutorial.")
        parts.append(f'<p class="mmt-empty">{escape(empty)}</p>')
    if refused:
        # A count only: a refused file may hold anything, and no name may show without being checked.
        bad = ngettext("{n} file in the class folder could not be read.",
                       "{n} files in the class folder could not be read.", len(refused)).format(n=len(refused))
        parts.append(f'<p class="mmt-refused">{escape(bad)}</p>')
    stamp = escape(_("Updated {time}").format(time=time.strftime("%H:%M:%S")))
    return f'<p class="mmt-stamp">{stamp}</p>{"".join(parts)}'


CSS = """
body { margin: 0; background: #faf6f2; }
.mmt { font-family: SANS; color: #1f1a17; padding: 16px 20px 28px;
  line-height: 1.4; max-width: 1400px; margin: 0 auto; box-sizing: border-box; }
.mmt h1 { margin: 0 0 4px; font-size: 1.7rem; color: #8e1212; }
.mmt-top { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; justify-content: space-between;
  border-bottom: 3px solid #b71c1c; padding-bottom: 10px; margin-bottom: 12px; }
.mmt-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.mmt-actions a, .mmt-actions button, .mmt-confirm button, .mmt-confirm a { font: inherit; font-size: 0.95rem;
  padding: 6px 12px; border-radius: 6px; border: 1px solid #8e1212; background: #fff; color: #8e1212;
  text-decoration: none; cursor: pointer; }
.mmt-actions form { margin: 0; }
.mmt-danger { background: #8e1212 !important; color: #fff !important; }
.mmt-stamp { color: #6b5f57; font-size: 0.9rem; margin: 0 0 8px; }
.mmt-game h2 { font-size: 1.25rem; margin: 16px 0 6px; }
.mmt-game h2 small { font-weight: normal; color: #6b5f57; font-size: 0.9rem; }
.mmt-scroll { overflow-x: auto; border: 1px solid #d9cdc4; border-radius: 8px; background: #fff; }
.mmt-table { border-collapse: collapse; min-width: 100%; font-size: 0.92rem; }
.mmt-table th, .mmt-table td { padding: 6px 10px; border-bottom: 1px solid #eee3db; text-align: left;
  vertical-align: top; white-space: nowrap; }
.mmt-table thead th { background: #f3ebe4; position: sticky; top: 0; white-space: normal; min-width: 4.5em;
  max-width: 11em; vertical-align: bottom; }
.mmt-table thead a { color: #1f1a17; text-decoration: none; }
.mmt-table thead a:hover, .mmt-table thead a:focus-visible { text-decoration: underline; }
.mmt-table tbody th { position: sticky; left: 0; background: #fff; font-weight: 600; max-width: 12em;
  overflow: hidden; text-overflow: ellipsis; contain: paint; }
.mmt-sessions { display: block; font-weight: normal; color: #6b5f57; font-size: 0.8rem; }
.mmt-twin { display: block; font-weight: normal; color: #b71c1c; font-size: 0.8rem; white-space: normal; }
.mmt-anon { color: #6b5f57; font-style: italic; font-weight: normal !important; }
.mmt-lesson { white-space: normal !important; min-width: 7.5em; max-width: 11em; }
.mmt-lesson span { display: block; overflow-wrap: anywhere; }
.mmt-stuck-all { white-space: normal !important; min-width: 8em; max-width: 12em; overflow-wrap: anywhere; }
.mmt-stars { color: #8a5a00; font-weight: 600; }
.mmt-tasks { color: #6b5f57; font-size: 0.85rem; }
.mmt-stuck, .mmt-stuck-all { color: #b71c1c; font-size: 0.85rem; }
.mmt-done { background: #eef7ee; }
.mmt-none { color: #b9aca3; }
.mmt-empty, .mmt-refused { color: #6b5f57; }
.mmt-confirm { max-width: 36em; }
.mmt-confirm form { display: inline; }
@media (max-width: 600px) { .mmt { padding: 10px 10px 20px; } .mmt h1 { font-size: 1.35rem; }
  .mmt-table { font-size: 0.85rem; }
  .mmt-table tbody th { max-width: 7.5em; white-space: normal; overflow-wrap: anywhere; } }
""".replace("SANS", SANS) + wrap_css(".mmt")

REFRESH = """
const live = document.getElementById("mmt-live");
const url = new URL(window.location.href);
url.searchParams.set("part", "live");
const timer = setInterval(async () => {
  try {
    const r = await fetch(url, {cache: "no-store", credentials: "same-origin"});
    if (r.ok) { live.innerHTML = await r.text(); } else { clearInterval(timer); }
  } catch (e) { /* the server is restarting: try again at the next tick */ }
}, %d);
"""


def page(lang: str, title: str, body: str, nonce: str = "", script: str = "") -> str:
    js = f'<script nonce="{escape(nonce)}">{script}</script>' if script else ""
    return (f'<!doctype html><html lang="{escape(html_lang(lang))}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head>"
            f'<body><main class="mmt">{body}</main>{js}</body></html>')


def teacher_document(records: Sequence[Record], refused: Sequence[str], *, key: str, lang: str, xsrf_form: str,
                     by: str = "name", descending: bool = False, nonce: str = "", cleared: int | None = None,
                     shared: str = "") -> str:
    """The whole teacher page: the live tables, CSV export and "clear the class"; ``shared``: the shared tables'
    part (``mainmerah.server.watch``), refreshed with the rest."""
    base = f"teacher?{urlencode({'key': key, 'lang': lang})}"
    note = ""
    if cleared is not None:
        done = ngettext("Cleared: {n} student record deleted.", "Cleared: {n} student records deleted.",
                        cleared).format(n=cleared)
        note = f'<p class="mmt-stamp mmt-cleared" role="status">{escape(done)}</p>'
    csv_href = escape(f"teacher.csv?{urlencode({'key': key, 'lang': lang})}")
    top = (f'<header class="mmt-top"><div><h1>{escape(_("Your class"))}</h1>'
           f'<p class="mmt-stamp">{escape(_("Only you see this page: keep its link to yourself."))}</p></div>'
           f'<div class="mmt-actions"><a href="{csv_href}" download>{escape(_("Download CSV"))}</a>'
           f'<form method="post" action="teacher/clear">{xsrf_form}'
           f'<input type="hidden" name="key" value="{escape(key)}">'
           f'<input type="hidden" name="lang" value="{escape(lang)}">'
           f'<button type="submit" class="mmt-clear">{escape(_("Clear the class…"))}</button></form></div></header>')
    live = live_fragment(records, refused, base, by, descending) + shared
    return page(lang, _("Your class"), f'{top}{note}<div id="mmt-live" aria-live="polite">{live}</div>', nonce,
                REFRESH % (REFRESH_S * 1000))


def confirm_document(count: int, *, key: str, lang: str, xsrf_form: str) -> str:
    """Are you sure? (the page the "Clear the class" button leads to: a second button does it)."""
    back = escape(f"teacher?{urlencode({'key': key, 'lang': lang})}")
    text = ngettext("This deletes the progress of {n} student session. It cannot be undone.",
                    "This deletes the progress of {n} student sessions. It cannot be undone.", count).format(n=count)
    body = (f'<section class="mmt-confirm"><h1>{escape(_("Clear the class?"))}</h1><p>{escape(text)}</p>'
            f'<form method="post" action="clear">{xsrf_form}<input type="hidden" name="key" value="{escape(key)}">'
            f'<input type="hidden" name="lang" value="{escape(lang)}"><input type="hidden" name="confirm" value="yes">'
            f'<button type="submit" class="mmt-danger mmt-confirm-clear">{escape(_("Yes, clear the class"))}</button>'
            f'</form> <a href="../{back}" class="mmt-cancel">{escape(_("Cancel"))}</a></section>')
    return page(lang, _("Clear the class?"), body)


def refused_document(lang: str, reason: str, home: str = "/") -> str:
    """What a visitor without the key sees: no names, no numbers."""
    body = (f'<h1>{escape(_("This page is for the teacher"))}</h1><p>{escape(reason)}</p>'
            f'<p><a href="{escape(home)}">{escape(_("◂ All games"))}</a></p>')
    return page(lang, _("This page is for the teacher"), body)


# ----- CSV ---------------------------------------------------------------------------------

def safe_cell(value: object) -> str:
    """A CSV cell a spreadsheet shows as text (a leading = + - @ would start a formula)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def class_csv(records: Sequence[Record]) -> str:
    """Every student of every table, one row each: stars and the rule most missed per lesson."""
    tables = class_tables(records)
    header = [_("Student"), _("Game"), _("Stars")]
    for t in tables:
        for i, (_k, title) in enumerate(t.lessons, 1):
            lesson = f"{t.title} {i}. {title}"
            header += [_("{lesson}: stars").format(lesson=lesson), _("{lesson}: most mistakes on").format(
                lesson=lesson)]
        header += [_("{game}: puzzles, level {level}").format(game=t.title, level=lv) for lv in t.levels]
    header += [_("Most mistakes on"), _("Their own games: most frequent mistakes"), _("Minutes"), _("Session")]
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow([safe_cell(h) for h in header])
    for t in tables:
        for r in sort_rows(t.rows):
            line: list[object] = [r.name, t.title, r.stars]
            for other in tables:
                for k, _title in other.lessons:
                    c = r.cells.get(k) if other is t else None
                    line += [f"{c.stars}/{c.best}", topic_name(c.stuck) if c.stuck else ""] if c else ["", ""]
                line += [r.puzzles.get(lv, 0) if other is t else "" for lv in other.levels]
            line += [topic_name(r.stuck) if r.stuck else "", frequent_themes(t.game, r.themes),
                     round(r.seconds / 60, 1), r.session]
            w.writerow([safe_cell(v) for v in line])
    return out.getvalue()
