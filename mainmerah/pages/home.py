"""The app's pages: what a page's URL asks for (``?game=``, ``?lang=``), the links between them, the home page.

The home page lists every registered game (``mainmerah.core.registry``, Main Merah
first): its title, its players, one line on what it is, a "Learn" link to its
tutorial (or a note that the lesson is coming) and a "Play" link to the table.
The server draws it at the app's root URL (``mainmerah.server.voila``) without a
kernel, so a class arriving at once waits for nobody; ``notebooks/home.ipynb``
shows the same page where there is no such server (Binder, JupyterLab).

The language is carried in links (``?lang=id``), so each page opens in the
language of the page it was reached from. This module imports neither ipywidgets
nor any lesson: the server imports it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from urllib.parse import parse_qs, urlencode

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.core.i18n import LANGUAGE_NAMES, LANGUAGES, _, html_lang, language, pgettext, set_language
from mainmerah.core.typed import shortened
from mainmerah.draw.svg import card_svg
from mainmerah.draw.text import SANS, wrap_css
from mainmerah.teach.index import has_tutorial


def default_game() -> str:
    """The game a page shows when its URL names none: the registry's first."""
    return registry.games()[0]


# ----- what a URL asks for ---------------------------------------------------------------------------------------
def query_params(query: str) -> dict[str, str]:
    """A query string as a dict (the last value of a repeated name wins)."""
    return {k: v[-1] for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}


def query_language(query: str) -> str | None:
    """The language ``?lang=`` asks for, or None when it is absent or not offered."""
    v = query_params(query).get("lang", "").strip().lower()
    return v if v in LANGUAGES else None


@dataclass(frozen=True)
class PageRequest:
    """What a page's URL asks for, checked: a bad value is named in ``problems`` and the default used."""

    game: str = field(default_factory=default_game)
    language: str = "en"
    problems: tuple[str, ...] = ()
    game_given: bool = False


def ignored(name: str, value: str, expected: str) -> str:
    """The page's note on a query value it did not use (the value cut short: a page never echoes a whole URL)."""
    return _("Ignored {name}={value}: {expected}.").format(name=name, value=shortened(value), expected=expected)


def language_problems(query: str) -> tuple[str, ...]:
    """What is wrong with ``?lang=`` (nothing when it is absent or offered)."""
    params = query_params(query)
    if "lang" not in params or query_language(query) is not None:
        return ()
    return (ignored("lang", params["lang"], _("choose one of {names}").format(names=", ".join(LANGUAGES))),)


def parse_page_query(query: str, games: Sequence[str] | None = None) -> PageRequest:
    """``?game=`` (one of ``games``, by default every registered game) and ``?lang=`` of ``query``.

    The problems are worded in the current language: set the page's language first (:func:`apply_language`).
    """
    params = query_params(query)
    known = list(registry.games() if games is None else games)
    problems: list[str] = []
    game, given = default_game(), False
    if "game" in params:
        v = params["game"].strip().lower()
        if v in known:
            game, given = v, True
        else:
            problems.append(ignored("game", params["game"], _("choose one of {names}").format(names=", ".join(known))))
    problems += language_problems(query)
    return PageRequest(game, query_language(query) or language(), tuple(problems), given)


def request_query() -> str:
    """The page request's query string ("" outside Voila); a preheated kernel waits for its page here."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        from mainmerah.pages.request import wait_for_request

        wait_for_request()
    return os.environ.get("QUERY_STRING", "")


def apply_language(query: str) -> None:
    """Show this kernel's page in the language its URL asks for (one page per kernel under Voila)."""
    lang = query_language(query)
    if lang is not None and lang != language():
        set_language(lang)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words in ``lang`` for the duration (the server draws each home page in its visitor's language)."""
    before = language()
    if lang != before:
        set_language(lang)
    try:
        yield
    finally:
        if language() != before:
            set_language(before)


# ----- links -----------------------------------------------------------------------------------------------------
def page_href(notebook: str, game: str | None = None, lang: str | None = None, prefix: str = "") -> str:
    """A link to one of the app's notebooks, e.g. ``tutorial.ipynb?game=<name>&lang=id``.

    ``lang`` defaults to the current language; English, the default, is left out.
    Relative (``prefix`` "" next to another notebook), so it works under Voila and in JupyterLab.
    """
    lang = language() if lang is None else lang
    params = {"game": game} if game else {}
    if lang != "en":
        params["lang"] = lang
    return prefix + notebook + ("?" + urlencode(params) if params else "")


def learn_href(game: str, lang: str | None = None, prefix: str = "") -> str:
    return page_href("tutorial.ipynb", game, lang, prefix)


def play_href(game: str, lang: str | None = None, prefix: str = "") -> str:
    return page_href("play.ipynb", game, lang, prefix)


def classroom_href(game: str, lang: str | None = None, prefix: str = "") -> str:
    return page_href("classroom.ipynb", game, lang, prefix)


def home_href(lang: str | None = None) -> str:
    """The home notebook next to this one (the server's root shows the same page without a kernel)."""
    return page_href("home.ipynb", None, lang)


# ----- the home page ---------------------------------------------------------------------------------------------
def players_text(players: tuple[int, ...]) -> str:
    counts = sorted(players)
    if len(counts) == 1:
        return _("{n} players").format(n=counts[0])
    if len(counts) == 2 and counts[1] == counts[0] + 1:
        return _("{a} or {b} players").format(a=counts[0], b=counts[1])
    return _("{a} to {b} players").format(a=counts[0], b=counts[-1])


@dataclass(frozen=True)
class HomeEntry:
    """One game on the home page (words in the language it was made in)."""

    name: str
    title: str
    blurb: str
    players: str
    learn: str | None  # the tutorial's link, None while the game has no lesson
    play: str


def home_entries(prefix: str = "", lang: str | None = None) -> list[HomeEntry]:
    """Every registered game, in the registry's order (Main Merah first)."""
    out = []
    for name in registry.games():
        info = registry.get(name)
        out.append(HomeEntry(
            name=name, title=_(info.title), blurb=_(info.blurb), players=players_text(tuple(info.players)),
            learn=learn_href(name, lang, prefix) if has_tutorial(name) else None,
            play=play_href(name, lang, prefix)))
    return out


def _art(name: str) -> str:
    """A few cards that show the game at a glance (GameUI.art), with points only if its cards carry them."""
    if not registry.has_ui(name):
        return '<div class="mmh-art" aria-hidden="true"></div>'
    ui = registry.ui(name)
    cards = [Card.parse(t) for t in ui.art.split()]
    # Decoration only: the game's name says what it is, so screen readers skip the cards.
    points = registry.card_points(name)
    faces = "".join(card_svg(c, 58, points=None if points is None or c.joker else points[c.index]) for c in cards)
    return f'<div class="mmh-art" aria-hidden="true">{faces}</div>'


def _sr(text: str) -> str:
    return f'<span class="mmh-sr">{escape(text)}</span>'


def join_form(prefix: str, lang: str) -> str:
    """**Join a table**: the code of a shared table (written on the board) opens its join link."""
    hidden = f'<input type="hidden" name="lang" value="{escape(lang)}">' if lang != "en" else ""
    return (f'<form class="mmh-join" action="{escape(prefix)}play.ipynb" method="get">'
            f'<h2><label for="mmh-join-code">{escape(_("Join a table"))}</label></h2>'
            f'<p class="mmh-join-about">'
            f'{escape(_("Type the code of the shared table, as it is written on the board."))}</p>'
            f'<div class="mmh-join-row"><input id="mmh-join-code" class="mmh-join-code" name="table" required '
            f'maxlength="12" autocomplete="off" spellcheck="false" autocapitalize="characters" placeholder="K7MPQA">'
            f'{hidden}<button class="mmh-join-go" type="submit">{escape(_("Join"))}</button>'
            f'</div></form>')


def home_fragment(prefix: str = "", problems: tuple[str, ...] = (), lab: bool = True, join: bool = False) -> str:
    """The home page's content (with its stylesheet) in the current language.

    ``prefix`` leads every link to a notebook: "" beside the notebooks, ``voila/render/`` at the server's root.
    ``lab``: link the strategy lab (not on the static site, which has no numpy or matplotlib).
    ``join``: the **Join a table** form (the app's server, which holds shared tables; not the static site).
    """
    lang = language()
    switch = " ".join(
        f'<a href="?{urlencode({"lang": code})}" hreflang="{html_lang(code)}" lang="{html_lang(code)}"'
        + (' aria-current="true" class="mmh-current"' if code == lang else "") + f">{escape(label)}</a>"
        for code, label in LANGUAGE_NAMES.items())
    games = []
    for e in home_entries(prefix, lang):
        if e.learn:
            learn = (f'<a class="mmh-button mmh-learn" href="{escape(e.learn)}">{escape(_("Learn"))}'
                     f'{_sr(" " + e.title)}</a>')
        else:
            learn = f'<span class="mmh-soon">{escape(_("Lesson coming soon"))}</span>'
        play = (f'<a class="mmh-button mmh-play" href="{escape(e.play)}">{escape(pgettext("a game", "Play"))}'
                f'{_sr(" " + e.title)}</a>')
        games.append(
            f'<li class="mmh-game mmh-game-{escape(e.name)}" data-game="{escape(e.name)}">{_art(e.name)}'
            f'<div class="mmh-text"><h2>{escape(e.title)}</h2>'
            f'<p class="mmh-players">{escape(e.players)}</p><p class="mmh-blurb">{escape(e.blurb)}</p>'
            f'<div class="mmh-actions">{learn}{play}</div></div></li>')
    rooms = " · ".join(f'<a href="{escape(classroom_href(g, lang, prefix))}">{escape(_(registry.get(g).title))}</a>'
                       for g in registry.games_with("classroom"))
    puzzles = " · ".join(f'<a class="mmh-puzzles" href="{escape(page_href("puzzles.ipynb", g, lang, prefix))}">'
                         f'{escape(_(registry.get(g).title))}</a>' for g in registry.games_with("puzzles"))
    more = f'{escape(_("Puzzles with proven answers:"))} {puzzles}'
    if lab:
        more += (f' · <a class="mmh-lab" href="{escape(page_href("strategy-lab.ipynb", None, lang, prefix))}">'
                 f'{escape(_("The strategy lab"))}</a>')
    note = "".join(f'<p class="mmh-note" role="status">{escape(p)}</p>' for p in problems)
    return (
        f"<style>{CSS}</style>"
        f'<div class="mmh" lang="{html_lang(lang)}" data-mm-lang="{html_lang(lang)}">'
        f'<header class="mmh-top"><div><h1>{escape(_("Red card games"))}</h1>'
        f'<p class="mmh-sub">{escape(_("Learn a game step by step, then play it against the computer."))}</p></div>'
        f'<nav class="mmh-lang" aria-label="{escape(_("Language"))}">{switch}</nav></header>'
        f"{note}{join_form(prefix, lang) if join else ''}<ul class=\"mmh-games\">{''.join(games)}</ul>"
        f'<footer class="mmh-foot"><p>{more}</p>'
        f'<p>{escape(_("For teachers, the classroom tools:"))} {rooms}</p></footer></div>'
    )


LANGUAGE_SCRIPT = "mainmerah/lang.js"  # served beside the home page (mainmerah.server.voila)


def home_document(query: str = "", prefix: str = "voila/render/", accept_language: str = "",
                  script: str = LANGUAGE_SCRIPT) -> str:
    """The whole home page as the server sends it, in the language the URL (or else the browser) asks for.

    ``script`` (same origin, relative): the page's language script (``static/lang.js``), which switches
    the page to the language the visitor chose on another page, as every page with a kernel does.
    """
    lang = query_language(query) or preferred_language(accept_language)
    with speaking(lang):
        problems = language_problems(query)
        title = escape(_("Red card games"))
        body = home_fragment(prefix, problems, join=True)
    return (f'<!doctype html><html lang="{html_lang(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            + (f'<script src="{escape(script)}"></script>' if script else "")
            + f"<title>{title} · mainmerah</title></head><body class=\"mmh-body\">{body}</body></html>")


def preferred_language(accept_language: str) -> str:
    """The first offered language in an ``Accept-Language`` header ("en" when none is)."""
    for part in accept_language.split(","):
        code = part.split(";")[0].strip().lower().split("-")[0]
        if code in LANGUAGES:
            return code
    return "en"


def home_from_request(query: str | None = None) -> object:
    """The home page for ``notebooks/home.ipynb``: in the language its URL asks for, links beside it.

    A widget (its HTML in ``data``) that follows the visitor's kept language and redraws in it.
    """
    from mainmerah.pages.home_widget import HomePage

    query = request_query() if query is None else query
    apply_language(query)
    return HomePage(query, lambda: home_fragment("", language_problems(query)))


CSS = """
.mmh-body { margin: 0; background: #faf6f2; }
.mmh { font-family: SANS; color: #1f1a17; max-width: 1040px;
  margin: 0 auto; padding: 20px 28px 32px; line-height: 1.45; box-sizing: border-box; }
.mmh *, .mmh *::before, .mmh *::after { box-sizing: border-box; }
.mmh-top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: flex-start; gap: 8px 24px;
  border-bottom: 3px solid #b71c1c; padding-bottom: 12px; margin-bottom: 18px; }
.mmh h1 { margin: 0; font-size: 2.1rem; letter-spacing: 0.01em; color: #8e1212; }
.mmh-sub { margin: 4px 0 0; font-size: 1.08rem; color: #4a403a; }
.mmh-lang { display: flex; gap: 6px; flex-wrap: wrap; padding-top: 6px; }
.mmh-lang a { color: #1f1a17; text-decoration: none; border: 1px solid #b9aca3; border-radius: 999px;
  padding: 4px 12px; font-size: 0.95rem; background: #fff; }
.mmh-lang a:hover { border-color: #8e1212; }
.mmh-lang a.mmh-current { background: #1f1a17; color: #fff; border-color: #1f1a17; font-weight: 600; }
.mmh-note { background: #fff3e0; border-left: 5px solid #c62828; border-radius: 6px; padding: 8px 12px; }
.mmh-games { list-style: none; margin: 0; padding: 0; display: grid; gap: 18px;
  grid-template-columns: repeat(auto-fill, minmax(440px, 1fr)); }
.mmh-game { display: flex; gap: 18px; background: #fff; border: 1px solid #e2d6cd; border-radius: 14px;
  padding: 18px; box-shadow: 0 1px 3px rgba(60, 30, 20, 0.08); }
.mmh-art { flex: 0 0 auto; display: flex; align-items: flex-start; padding: 6px 0 0 4px; width: 128px; }
.mmh-art svg { flex: 0 0 auto; margin-left: -38px; filter: drop-shadow(0 1px 1px rgba(0, 0, 0, 0.25)); }
.mmh-art svg:first-child { margin-left: 0; transform: rotate(-8deg); }
.mmh-art svg:nth-child(2) { transform: rotate(-3deg) translateY(-2px); }
.mmh-art svg:nth-child(3) { transform: rotate(3deg) translateY(-2px); }
.mmh-art svg:nth-child(4) { transform: rotate(8deg); }
.mmh-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.mmh h2 { margin: 0; font-size: 1.5rem; }
.mmh-players { margin: 2px 0 6px; font-weight: 600; color: #8e1212; font-size: 0.95rem; }
.mmh-blurb { margin: 0 0 14px; flex: 1 1 auto; }
.mmh-actions { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
.mmh-button, .mmh-join-go { display: inline-block; min-width: 112px; text-align: center; padding: 9px 18px;
  border-radius: 8px; font-weight: 700; font-size: 1.05rem; text-decoration: none; border: 2px solid #b71c1c; }
.mmh-learn, .mmh-join-go { background: #b71c1c; color: #fff; }
.mmh-learn:hover, .mmh-join-go:hover { background: #8e1212; border-color: #8e1212; }
.mmh-play { background: #fff; color: #8e1212; }
.mmh-play:hover { background: #fdecea; }
.mmh-button:focus-visible, .mmh-join-go:focus-visible, .mmh-lang a:focus-visible, .mmh-foot a:focus-visible {
  outline: 3px solid #0d47a1; outline-offset: 2px; }
.mmh-join { background: #fff; border: 1px solid #e2d6cd; border-radius: 14px; padding: 14px 18px; margin-bottom: 18px; }
.mmh-join h2 { font-size: 1.25rem; }
.mmh-join-about { margin: 2px 0 10px; }
.mmh-join-row { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
.mmh-join-code { font: inherit; font-size: 1.3rem; letter-spacing: 0.12em; text-transform: uppercase; width: 11ch;
  padding: 7px 10px; border: 2px solid #8b7d74; border-radius: 8px; }
.mmh-join-code:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }
.mmh-soon { color: #5a4f48; font-style: italic; padding: 9px 4px; }
.mmh-foot { margin-top: 26px; color: #4a403a; font-size: 0.95rem; }
.mmh-foot p { margin: 6px 0; line-height: 2; }
.mmh-foot a { color: #8e1212; font-weight: 600; }
.mmh-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 600px) {
  .mmh { padding: 14px 14px 24px; }
  .mmh h1 { font-size: 1.65rem; }
  .mmh-games { grid-template-columns: 1fr; gap: 14px; }
  .mmh-game { flex-direction: column; gap: 10px; padding: 14px; }
  .mmh-art { width: auto; padding-left: 10px; }
  .mmh-button, .mmh-join-go { flex: 1 1 0; }
}
""".replace("SANS", SANS) + wrap_css(".mmh")
