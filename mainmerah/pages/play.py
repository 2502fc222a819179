"""The table as a standalone app page (``notebooks/play.ipynb``).

The page's URL may choose the game: ``play.ipynb?game=<name>&seed=42&players=4
&bots=greedy,random&pace=fast`` (``game`` one of :func:`games`, the registry's first by default;
``variant`` only for a game that has variants), or name a teacher's deal code,
``play.ipynb?code=2P-CLASSIC-9006-U`` (the game, players, variant and seed in one), or a shared table's join
link, ``play.ipynb?table=K7MPQA`` (:mod:`mainmerah.pages.shared`).
Voila hands the query string to the kernel (``QUERY_STRING``); a preheated kernel runs
the notebook before anyone asks, so it first waits for the request
(``mainmerah.pages.request.wait_for_request``, which does not load Voila's server side
into every student's kernel). Values
from a URL are checked like any input: a bad one is named on the page and
the default is used instead.
"""

from __future__ import annotations

import weakref
from html import escape
from typing import Any
from urllib.parse import parse_qs

from mainmerah.core import registry
from mainmerah.core.i18n import _, on_language_change
from mainmerah.core.pace import PACE_MAX, is_pace
from mainmerah.core.typed import read_seed
from mainmerah.core.words import listed, sentences
from mainmerah.pages.home import ignored, request_query
from mainmerah.table.cards import held_updates
from mainmerah.table.controls import MANUAL, PACES, bot_levels, read_deal_code
from mainmerah.table.presenter import table_games


def games() -> tuple[str, ...]:
    """The games the table page offers (those with a table), in the registry's order: asked each time, so a
    game registered later is offered too."""
    return tuple(table_games())


def game_rules(name: str) -> tuple[str, tuple[int, ...], tuple[str, ...]]:
    """A game's title, the player counts it allows, its variants (none when it is played one way)."""
    info = registry.get(name)
    variants = tuple(info.variants)
    return _(info.title), tuple(info.players), variants if len(variants) > 1 else ()

PACE_NAMES = {"manual": MANUAL, "next": MANUAL, "slow": 2.0, "normal": 1.1, "fast": 0.45, "instant": 0.0}
assert {v for _n, v in PACES} == set(PACE_NAMES.values())


def options_from_query(query: str) -> tuple[dict[str, Any], list[str]]:
    """TableWidget keyword arguments from a query string, and the problems found in it."""
    params = {k: v[-1] for k, v in parse_qs(query, keep_blank_values=True).items()}
    kw: dict[str, Any] = {}
    problems: list[str] = []

    def bad(name: str, value: str, expected: str) -> None:
        problems.append(ignored(name, value, expected))

    offered = games()
    game = default = offered[0]  # the table's own default: a link names another game only
    if "game" in params:
        v = params["game"].strip().lower()
        if v in offered:
            game = v
            if v != default:
                kw["game"] = v
        else:
            bad("game", params["game"], _("choose one of {names}").format(names=", ".join(offered)))
    title, allowed, variants = game_rules(game)
    if "seed" in params:
        try:
            kw["seed"] = read_seed(params["seed"])
        except ValueError as e:
            bad("seed", params["seed"], str(e))
    if "players" in params:
        v = params["players"]
        if v in [str(n) for n in allowed]:
            kw["players"] = int(v)
        else:
            counts = (str(allowed[0]) if len(allowed) == 1 else  # (Red Ten: "for 4 players", not "for  or 4")
                      _("{some} or {last}").format(some=listed(str(n) for n in allowed[:-1]), last=allowed[-1]))
            bad("players", v, _("{game} is for {counts} players").format(game=title, counts=counts))
    if "variant" in params:
        v = params["variant"].strip().lower()
        if not variants:
            bad("variant", params["variant"], _("{game} has no variants").format(game=title))
        elif v in variants:
            kw["variant"] = v
        else:
            bad("variant", params["variant"], _("choose one of {names}").format(names=", ".join(variants)))
    if "bots" in params:
        levels = [b.strip().lower() for b in params["bots"].split(",") if b.strip()]
        known = bot_levels(game)
        if levels and all(b in known for b in levels):
            kw["bots"] = levels
        else:
            bad("bots", params["bots"], _("levels are {names}").format(names=", ".join(known)))
    if "code" in params:  # a teacher's deal code: the game, players, variant and seed in one
        v = params["code"]
        try:
            spec = read_deal_code(v, game)
        except ValueError as e:
            bad("code", v, str(e))
        else:
            given = [k for k in ("game", "seed", "players", "variant") if k in params]
            for k in ("game", "seed", "players", "variant"):
                kw.pop(k, None)
            if spec.game != default:
                kw["game"] = spec.game
            kw["players"], kw["seed"] = spec.players, spec.seed
            if spec.variant is not None:
                kw["variant"] = spec.variant
            if given:
                problems.append(_("The deal code {code} names the game, players, variant and seed: ignored {names}.")
                                .format(code=v.strip().upper(), names=", ".join(given)))
    if "pace" in params:
        v = params["pace"].strip().lower()
        try:
            seconds: float | None = float(v)
        except ValueError:
            seconds = None
        # A name, or a number of seconds (a negative one is not the manual pace's value: only its name is).
        delay = PACE_NAMES.get(v, seconds if is_pace(seconds) else None)
        if delay is None:
            bad("pace", params["pace"], _("use manual, slow, normal, fast, instant or seconds from 0 to {most}").format(
                most=int(PACE_MAX)))
        elif delay == MANUAL:
            kw["auto"] = False
        else:
            kw["auto"], kw["delay"] = True, delay
    return kw, problems


def table_from_request(**overrides: Any) -> Any:
    """The app's table, set up from the page's query string (defaults without one), kept in the browser."""
    from mainmerah.table.table import TableWidget

    query = request_query()
    lang_chosen = apply_query_language(query)
    from mainmerah.pages.home import language_problems

    code = parse_qs(query).get("table", [""])[-1].strip()
    if code:
        return shared_table_from_request(query, code, lang_chosen, **overrides)
    kw, problems = options_from_query(query)
    problems = [*language_problems(query), *problems]  # ?lang=xx is named, as every page does
    kw.setdefault("links", True)
    kw.update(overrides)
    with held_updates():
        table = TableWidget(**kw)
        if problems:
            table.note = sentences(*problems)
            table._render()
        keep_table(table, kw, lang_chosen)
    return table


def shared_table_from_request(query: str, code: str, lang_chosen: bool, **overrides: Any) -> Any:
    """The join link ``play.ipynb?table=CODE``: the next free person's seat at that table (or this browser's seat
    there, after a reload), drawn once the browser has said which seats it keeps (``pages.shared``)."""
    import ipywidgets as w

    from mainmerah.pages.home import language_problems
    from mainmerah.pages.shared import join_from_link

    # A pace in the link is this page's own; without one the page shows the others' moves at the table's pace.
    pace = {k: v for k, v in options_from_query(query)[0].items() if k in ("auto", "delay")}
    page = join_from_link(code, lang_chosen, **{"links": True, **pace, **overrides})
    problems = language_problems(query)
    if problems:
        page.children = (w.HTML(f'<p class="mm-sh-refused">{escape(sentences(*problems))}</p>'), *page.children)
    return page


def apply_query_language(query: str) -> bool:
    """Show the page in the language ``?lang=`` asks for; whether it asked (it then wins over the kept one)."""
    from mainmerah.pages.home import apply_language, query_language

    apply_language(query)
    return query_language(query) is not None


# The table's keywords that name a deal (a link to one deal wins over a kept game of another).
DEAL_KEYWORDS = ("seed", "players", "variant")


def keep_table(table: Any, kw: dict[str, Any], lang_chosen: bool) -> Any:
    """Keep ``table``'s game, match and settings in the browser, the language from page to page.

    ``kw``: what the URL set up (a deal named there wins over a kept game of another deal; a pace
    or levels set there win over the kept ones). Adds the invisible keeper and the "Start over"
    button to the table; returns the :class:`~.kept_table.TableKeeping`.
    """
    from mainmerah.pages.shared import SHARED_KEY, server_url, shared_panel
    from mainmerah.table.keeper import LANG_KEY, Keeper, follow_language
    from mainmerah.table.kept_table import URL_SETTINGS, TableKeeping, sheet_key, table_key
    from mainmerah.teach.practice import keep_practice, practice_key
    from mainmerah.teach.student import STUDENT_KEY, report_practice

    name = table.presenter.game_name
    keeper = Keeper([table_key(name), sheet_key(name), LANG_KEY, practice_key(name), SHARED_KEY, STUDENT_KEY])
    follow_language(keeper, lang_chosen)
    # A review's mistakes come back in the tutorial's Practice tab; on a class server their themes reach the teacher.
    keep_practice(table, keeper, after=report_practice(keeper, name))
    deal = {k: kw[k] for k in DEAL_KEYWORDS if k in kw}
    keeping = TableKeeping(table, keeper, deal, {URL_SETTINGS[k] for k in kw if k in URL_SETTINGS})
    table.side.children = (*table.side.children, keeping.box)
    if server_url() is not None:  # Play with others: only where a table server is (not the static site)
        table.shared_panel = shared_panel(table, keeper)
        table.side.children = (table.shared_panel, *table.side.children)
    table.children = (*table.children, keeper)
    ref = weakref.WeakMethod(keeping.relabel)
    on_language_change(lambda _code: None if (m := ref()) is None else m())
    table.keeping = keeping
    return keeping


def play_link(text: str | None = None, href: str = "play.ipynb") -> Any:
    """A link to the table, for the tutorial (the app's landing page) and other notebooks.

    Relative, so it works under Voila (``/voila/render/play.ipynb``) and in JupyterLab
    (which opens the notebook next to this one).
    """
    import ipywidgets as w

    label = text or _("Play a whole game against the computer ▸")
    link = w.HTML(f'<a class="mm-play-link" href="{escape(href, quote=False)}" '
                  f'style="font-weight:600;font-size:1.1em">{escape(label, quote=False)}</a>')
    link.add_class("mm-play-link-box")
    return link
