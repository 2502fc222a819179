"""The home page and the pages' URL parameters (``?game=``, ``?lang=``), without a browser."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

import pytest
from paths import ROOT

from mainmerah.core import registry
from mainmerah.core.i18n import language, set_language
from mainmerah.pages.home import (
    home_document,
    home_entries,
    home_fragment,
    page_href,
    parse_page_query,
    players_text,
    preferred_language,
    speaking,
)
from mainmerah.teach import index

NOTEBOOKS = ROOT / "notebooks"


class Links(HTMLParser):
    """Every ``<a>``: its href, classes and text; and each game block's name in order."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self.games: list[str] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "a":
            self._open = {"href": a.get("href", ""), "class": a.get("class", ""), "text": ""}
            self.links.append(self._open)
        if tag == "li" and "data-game" in a:
            self.games.append(a["data-game"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._open["text"] += data


def parsed(html: str) -> Links:
    p = Links()
    p.feed(html)
    return p


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")
    yield
    set_language("en")


def test_every_registered_game_is_listed_main_merah_first() -> None:
    page = parsed(home_fragment())
    assert page.games == registry.games()
    assert page.games[:2] == ["main-merah", "chinese-ten"]
    html = home_fragment()
    for name in registry.games():
        info = registry.get(name)
        assert info.title in html and info.blurb in html.replace("&#x27;", "'")


def test_each_game_links_to_its_tutorial_and_its_table() -> None:
    page = parsed(home_fragment(prefix="voila/render/"))
    for name in registry.games():
        learn = [a for a in page.links if "mmh-learn" in a["class"] and parse_qs(urlsplit(a["href"]).query)
                 .get("game") == [name]]
        play = [a for a in page.links if "mmh-play" in a["class"] and parse_qs(urlsplit(a["href"]).query)
                .get("game") == [name]]
        assert len(play) == 1 and urlsplit(play[0]["href"]).path == "voila/render/play.ipynb"
        assert play[0]["text"].startswith("Play")
        if index.has_tutorial(name):
            assert len(learn) == 1 and urlsplit(learn[0]["href"]).path == "voila/render/tutorial.ipynb"
            assert learn[0]["text"] == "Learn " + registry.get(name).title  # the game's name for screen readers
        else:
            assert learn == []


def no_lessons(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """``game`` as if its GameUI named no lessons."""
    real = registry.ui
    monkeypatch.setattr(registry, "ui", lambda n: dataclasses.replace(real(n), lessons=None) if n == game else real(n))


def test_a_game_without_lessons_gets_play_and_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    no_lessons(monkeypatch, "chinese-ten")
    entries = {e.name: e for e in home_entries()}
    assert entries["chinese-ten"].learn is None and entries["chinese-ten"].play == "play.ipynb?game=chinese-ten"
    assert entries["main-merah"].learn == "tutorial.ipynb?game=main-merah"
    assert "Lesson coming soon" in home_fragment()


def test_a_game_registered_later_appears_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    info = registry.get("chinese-ten")
    fake = type(info)(**{**info.__dict__, "name": "later-game", "title": "Later Game", "blurb": "A climbing game.",
                         "players": (5,), "ui": None})
    real_get = registry.get
    monkeypatch.setitem(registry.MODULES, "later-game", "nowhere")
    monkeypatch.setattr(registry, "get", lambda n: fake if n == "later-game" else real_get(n))
    page = parsed(home_fragment())
    assert page.games[-1] == "later-game" and page.games[:2] == ["main-merah", "chinese-ten"]
    assert any(a["href"] == "play.ipynb?game=later-game" for a in page.links)
    assert not any(a["href"].startswith("tutorial.ipynb?game=later-game") for a in page.links)
    assert "5 players" in home_fragment()


def test_players_in_words() -> None:
    assert players_text((2, 3)) == "2 or 3 players"
    assert players_text((2, 3, 4)) == "2 to 4 players"
    assert players_text((4,)) == "4 players"


def test_both_languages_and_links_remember_the_language() -> None:
    english = home_document("")
    indonesian = home_document("lang=id")
    assert '<html lang="en">' in english and '<html lang="id">' in indonesian
    assert "Belajar" in indonesian and "Learn" not in re.sub(r"<style>.*?</style>", "", indonesian, flags=re.S)
    hrefs = [a["href"] for a in parsed(indonesian).links]
    assert "voila/render/tutorial.ipynb?game=chinese-ten&lang=id" in hrefs
    assert "voila/render/play.ipynb?game=main-merah&lang=id" in hrefs
    assert "?lang=en" in hrefs and "?lang=id" in hrefs  # the switch
    assert all("lang=" not in h for h in hrefs if "ipynb" in h and "lang=id" not in h)
    assert not any("lang=id" in a["href"] for a in parsed(english).links if "ipynb" in a["href"])
    assert language() == "en"  # the server draws a page in its visitor's language and changes nothing else


def test_browser_language_is_the_default_and_the_url_wins() -> None:
    assert preferred_language("id-ID,id;q=0.9,en;q=0.8") == "id"
    assert preferred_language("fr-FR,en;q=0.5") == "en" and preferred_language("") == "en"
    assert '<html lang="id">' in home_document("", accept_language="id")
    assert '<html lang="en">' in home_document("lang=en", accept_language="id")


def test_a_bad_language_is_named_and_ignored() -> None:
    html = home_document("lang=xx%3Cscript%3E")
    assert '<html lang="en">' in html and "Ignored lang=xx&lt;script&gt;: choose one of en, id, zh." in html
    assert "<script>" not in html


def test_page_query() -> None:
    r = parse_page_query("")
    assert (r.game, r.problems, r.game_given) == ("main-merah", (), False)
    r = parse_page_query("game=Chinese-Ten&lang=id")
    assert (r.game, r.language, r.problems, r.game_given) == ("chinese-ten", "id", (), True)
    r = parse_page_query("game=poker&lang=fr")
    assert r.game == "main-merah" and len(r.problems) == 2
    assert r.problems[0].startswith("Ignored game=poker: choose one of main-merah, chinese-ten")
    assert r.problems[1] == "Ignored lang=fr: choose one of en, id, zh."
    r = parse_page_query("game=chinese-ten", games=["main-merah"])  # a page that knows fewer games
    assert r.game == "main-merah" and "Ignored game=chinese-ten" in r.problems[0]


def test_links() -> None:
    assert page_href("play.ipynb", "chinese-ten") == "play.ipynb?game=chinese-ten"
    assert page_href("play.ipynb", "chinese-ten", "id") == "play.ipynb?game=chinese-ten&lang=id"
    with speaking("id"):
        assert page_href("tutorial.ipynb", "main-merah") == "tutorial.ipynb?game=main-merah&lang=id"
    assert language() == "en"


def test_the_server_side_page_loads_no_widgets() -> None:
    code = ("import sys; from mainmerah.pages.home import home_document; home_document('lang=id'); "
            "print(sorted(m for m in ('ipywidgets', 'anywidget', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_home_notebook_is_short_and_uses_the_package() -> None:
    import json

    nb = json.loads((NOTEBOOKS / "home.ipynb").read_text())
    source = "".join(nb["cells"][0]["source"])
    assert len(nb["cells"]) == 1 and "home_from_request()" in source


def test_home_notebook_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from mainmerah.pages.home import home_from_request

    out = home_from_request("lang=id")
    assert language() == "id"  # a home kernel shows its one page in the language asked for
    hrefs = [a["href"] for a in parsed(out.data).links]  # type: ignore[attr-defined]
    assert "tutorial.ipynb?game=main-merah&lang=id" in hrefs and "play.ipynb?game=chinese-ten&lang=id" in hrefs


def test_the_home_page_links_the_puzzles_and_the_lab():
    html = home_fragment(prefix="voila/render/")
    assert 'href="voila/render/puzzles.ipynb?game=chinese-ten"' in html
    assert 'href="voila/render/puzzles.ipynb?game=main-merah"' in html
    assert 'href="voila/render/strategy-lab.ipynb"' in html
    assert "strategy-lab" not in home_fragment(prefix="voici/render/", lab=False)  # the site has no lab


def test_the_tutorial_links_its_games_puzzles():
    from mainmerah.pages.parts import PageLinks

    assert 'href="puzzles.ipynb?game=chinese-ten"' in PageLinks("chinese-ten", puzzles=True).value
    assert "puzzles.ipynb" not in PageLinks("red-ten", puzzles=True).value  # no puzzles for that game
    assert "puzzles.ipynb" not in PageLinks("main-merah").value


class Tags(HTMLParser):
    """Every element whose class names hold one of ``wanted``: its tag, its attributes and its own text."""

    def __init__(self, wanted: set[str]) -> None:
        super().__init__()
        self.wanted = wanted
        self.found: list[dict[str, str]] = []
        self._open: list[dict[str, str] | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        hit = {"tag": tag, **a, "text": ""} if self.wanted & set(a.get("class", "").split()) else None
        if hit is not None:
            self.found.append(hit)
        if tag not in ("input", "br", "img", "meta", "link"):
            self._open.append(hit)

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for hit in self._open:
            if hit is not None:
                hit["text"] += data


def test_join_a_table_is_its_own_button_so_every_learn_button_still_says_learn() -> None:
    """The served home page has Join a table (a form, in the page's language); the page's Learn buttons are the
    games' lessons only, each a link saying Learn in the page's language (Belajar), and every link button keeps it."""
    for query, learn in (("", "Learn"), ("lang=id", "Belajar")):
        html = home_document(query)
        tags = Tags({"mmh-learn", "mmh-button", "mmh-join-go", "mmh-join"})
        tags.feed(html)
        form = [t for t in tags.found if "mmh-join" in t["class"].split()]
        assert len(form) == 1 and form[0]["tag"] == "form" and form[0]["action"].endswith("play.ipynb")
        assert ('name="lang" value="id"' in html) == (query == "lang=id")  # the join link keeps the language
        go = [t for t in tags.found if "mmh-join-go" in t["class"].split()]
        assert len(go) == 1 and go[0]["tag"] == "button" and go[0]["class"] == "mmh-join-go"
        learns = [t for t in tags.found if "mmh-learn" in t["class"].split()]
        assert learns and all(t["tag"] == "a" and t["text"].startswith(learn) for t in learns)
        buttons = [t for t in tags.found if "mmh-button" in t["class"].split()]
        assert all(t["tag"] == "a" and ("lang=id" in t["href"]) == (query == "lang=id") for t in buttons)
