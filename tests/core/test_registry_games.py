"""Every page, list, menu and link derived from the registry: each registered game's UI resolves, each
table describes its own computer levels and links to its own lessons and the home page, and a fifth
game registered in one place (here) appears on the home page, plays at a table and has its tutorial."""

from __future__ import annotations

import dataclasses
import gc
import sys
import types
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from ipywidgets.widgets.widget import _instances as live_widgets

from mainmerah.core import i18n, registry
from mainmerah.core.cards import Card
from mainmerah.core.i18n import _, language, set_language
from mainmerah.families.in_the_red import GAME as IN_THE_RED
from mainmerah.families.in_the_red.state import InTheRed
from mainmerah.table import TableWidget
from mainmerah.table.presenter import Presenter, presenter_class

GAMES = registry.games()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    before = language()
    set_language("en")
    yield
    set_language(before)


# ----- every registered game -------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_registered_games_ui_resolves(name: str) -> None:
    info, ui = registry.get(name), registry.ui(name)
    assert issubclass(presenter_class(name), Presenter)
    assert registry.load(ui.presenter) is presenter_class(name)
    assert ui.lessons is not None and callable(registry.load(ui.lessons))
    assert ui.sheet is not None and callable(registry.load(ui.sheet))
    assert ui.points is None or callable(registry.load(ui.points))
    assert ui.lab is None or registry.load(ui.lab).experiments is not None
    assert ui.classroom is None or callable(registry.load(ui.classroom))
    assert ui.puzzles is None or callable(registry.load(ui.puzzles))
    assert len([Card.parse(t) for t in ui.art.split()]) >= 2
    # One line per level the game's bots have, each naming its level (the dropdown's word) first.
    assert list(ui.levels) == list(info.bots)
    assert all(line.startswith(level + " ") for level, line in ui.levels.items())


def test_the_lists_of_games_are_the_registrys() -> None:
    from mainmerah.pages.play import games as playable
    from mainmerah.sheets.document import puzzle_games, rules_games
    from mainmerah.teach import index

    assert list(playable()) == GAMES and rules_games() == GAMES
    assert puzzle_games() == [g for g in GAMES if registry.ui(g).puzzles]
    assert registry.games_with("classroom") == [g for g in GAMES if registry.ui(g).classroom]
    assert all(index.has_tutorial(g) for g in GAMES)
    with pytest.raises(ValueError, match="a GameUI has no 'colour'"):
        registry.games_with("colour")


@pytest.mark.parametrize("name", GAMES)
def test_a_games_puzzles_are_its_own_and_come_from_one_place(name: str) -> None:
    """``registry.puzzles``: the puzzles a game ships, each of that game, a level's a part of them; None for a game
    that ships none (its worksheets, puzzle pages and students' records all read them there)."""
    from mainmerah.pages.parts import game_puzzles
    from mainmerah.teach.student import solved_per_level

    found = registry.puzzles(name)
    if name not in registry.games_with("puzzles"):
        assert found is None
        with pytest.raises(ValueError, match="has no puzzles"):
            solved_per_level({}, name)
        return
    assert found and {p.game for p in found} == {name}
    level = min(p.level for p in found)
    assert registry.puzzles(name, level) == [p for p in found if p.level == level] == game_puzzles(name, level)
    assert solved_per_level({found[0].id: 3, "not-a-puzzle": 1}, name) == {str(found[0].level): 1}


# ----- each table in its own game's words ------------------------------------------------------------------------
def table(name: str, **kw: Any) -> TableWidget:
    return TableWidget(game=name, seed=2, auto=False, links=True, **kw)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["en", "id"])
def test_each_table_describes_its_own_computer_levels(name: str, lang: str) -> None:
    set_language(lang)
    levels = registry.ui(name).levels
    t = table(name)
    note = t.view.level_note
    assert note == _("Computer levels: {levels}.").format(levels="; ".join(_(line) for line in levels.values()))
    offered = [v for _label, v in t.view.opps[0]["levels"]]
    assert offered == list(levels) == list(registry.get(name).bots)  # each seat's dropdown: the game's bots


def test_red_ten_and_in_the_red_do_not_speak_of_the_fishing_games_levels() -> None:
    fishing = "greedy takes the most it can right now"
    assert fishing in table("main-merah").view.level_note
    for name in ("red-ten", "in-the-red"):
        note = table(name).view.level_note
        assert fishing not in note and "random plays any card it may" not in note
    assert "bombs only when a hand is nearly out" in table("red-ten").view.level_note
    assert "keeps itself out of the red" in table("in-the-red").view.level_note


def test_a_level_the_game_does_not_describe_is_refused() -> None:
    from mainmerah.table.controls import level_label, level_words

    with pytest.raises(ValueError, match="does not describe its computer level.*'cautious'"):
        level_words("red-ten", ["random", "cautious"])
    with pytest.raises(ValueError, match="no computer level 'cautious' here"):
        level_label("cautious", {"random": "random plays"})


@pytest.mark.parametrize("name", GAMES)
def test_each_table_links_to_its_own_lessons_and_home(name: str) -> None:
    t = table(name)
    assert t.view.header["links"] == [[f"tutorial.ipynb?game={name}", "How to play"], ["home.ipynb", "◂ All games"]]
    set_language("id")  # the page's language switch: the links carry it
    assert t.view.header["links"] == [[f"tutorial.ipynb?game={name}&lang=id", _("How to play")],
                                      ["home.ipynb?lang=id", _("◂ All games")]]
    assert _("How to play") != "How to play"
    assert table(name, controls=False).view.header["links"][0][0] == f"tutorial.ipynb?game={name}&lang=id"


def test_a_table_without_links_shows_none() -> None:
    assert TableWidget(game="red-ten", seed=2, auto=False).view.header["links"] == []


# ----- a fifth game, registered in one place ---------------------------------------------------------------------
class FakeRed(InTheRed):
    """In The Red's rules under another name: the registry, not the code, makes it a game of its own."""

    game_name = "fake-red"


FAKE_MODULE = "tests_registry_fake_red"


@pytest.fixture
def fake_game() -> Iterator[str]:
    module = types.ModuleType(FAKE_MODULE)
    ui = registry.ui("in-the-red")  # its presenter and lessons: In The Red's
    module.UI = dataclasses.replace(ui, art="K♥ 7♣")  # type: ignore[attr-defined]

    def load_body(body: dict[str, Any]) -> InTheRed:
        game = IN_THE_RED.load_body(body)  # checked by In The Red's rules, then the same decisions under its name
        fake = FakeRed(game.setup)
        for choice in game.choices:
            fake.act(choice.action)
        return fake

    new: Callable[..., InTheRed] = FakeRed.new
    module.GAME = dataclasses.replace(  # type: ignore[attr-defined]
        IN_THE_RED, name="fake-red", title="Fake Red", blurb="In The Red by another name.", new=new,
        from_layout=FakeRed.from_layout, load_body=load_body, ui=f"{FAKE_MODULE}:UI")
    sys.modules[FAKE_MODULE] = module
    widgets, listeners = set(live_widgets), list(i18n._listeners)
    name = registry.register(FAKE_MODULE)
    try:
        yield name
    finally:
        # What was made for the fake game goes with it: a page kept alive by a cycle would otherwise answer
        # the next language switch by asking the registry for a game no longer there.
        for key in set(live_widgets) - widgets:
            live_widgets[key].close()
        i18n._listeners[:] = [f for f in i18n._listeners if f in listeners]
        gc.collect()
        registry.unregister(name)
        del sys.modules[FAKE_MODULE]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.games: list[str] = []
        self.links: list[tuple[str, str]] = []  # (class, href)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "li" and a.get("data-game"):
            self.games.append(a["data-game"] or "")
        if tag == "a":
            self.links.append((a.get("class") or "", a.get("href") or ""))


def test_a_fifth_game_is_on_the_home_page_with_its_own_links(fake_game: str) -> None:
    from mainmerah.pages.home import home_document, home_fragment

    assert fake_game == "fake-red" and registry.games()[-1] == "fake-red"
    page = Links()
    page.feed(home_fragment(prefix="voila/render/"))
    assert page.games == [*GAMES, "fake-red"]
    assert ("mmh-button mmh-play", "voila/render/play.ipynb?game=fake-red") in page.links
    assert ("mmh-button mmh-learn", "voila/render/tutorial.ipynb?game=fake-red") in page.links
    document = home_document("lang=id")
    assert "Fake Red" in document and "voila/render/tutorial.ipynb?game=fake-red&amp;lang=id" in document


def test_a_fifth_game_plays_at_its_own_table(fake_game: str) -> None:
    from mainmerah.pages.play import options_from_query

    kw, problems = options_from_query("game=fake-red&players=3")
    assert kw == {"game": "fake-red", "players": 3} and problems == []
    t = TableWidget(game=fake_game, seed=4, human=0, auto=False, links=True, bots="greedy")
    assert t.presenter.game_name == "fake-red" and t.game.game_name == "fake-red"
    assert t.view.header["links"][0] == ["tutorial.ipynb?game=fake-red", "How to play"]
    assert "Fake Red" in t.view.header["title"]
    while t.game.decision.seat != 0:
        assert t.next(), t.error
    action = next(a for a in t.game.legal_actions() if "@" in a)  # a card that fits a stack
    card, _at, stack = action.partition("@")
    before = len(t.game.choices)
    t._page_message({"k": "hand", "slot": t.hand.button_for(card).slot})  # clicked, as on the page
    t._page_message({"k": "stacks", "slot": int(stack)})
    assert t.error is None and t.game.choices[before].action == action
    assert registry.load_game(t.game.to_json()).game_name == "fake-red"


def test_a_fifth_game_has_its_tutorial(fake_game: str) -> None:
    from mainmerah.pages.tutorial import Tutorial, tutorial_page

    page = tutorial_page(f"game={fake_game}")
    tutorial = next(c for c in page.children if isinstance(c, Tutorial))
    assert tutorial.game == "fake-red" and tutorial.specs


def test_registering_is_checked() -> None:
    with pytest.raises(ValueError, match="has no GAME"):
        registry.register("mainmerah.core.cards")
    with pytest.raises(ValueError, match="'red-ten' is taken"):
        registry.register("mainmerah.families.in_the_red", name="red-ten")
    assert registry.games() == GAMES


def test_a_family_of_two_registers_its_games_by_name() -> None:
    """Fishing's package exposes GAMES (Main Merah and Chinese Ten): each is found by its own name."""
    assert registry.get("chinese-ten").name == "chinese-ten" and registry.get("main-merah").name == "main-merah"
    assert registry.register("mainmerah.families.fishing", name="chinese-ten") == "chinese-ten"
    with pytest.raises(ValueError, match="has no game 'red-ten'"):
        registry.register("mainmerah.families.fishing", name="red-ten")
    assert registry.register("mainmerah.families.fishing") == "main-merah"  # both, the first named
    assert registry.games() == GAMES
