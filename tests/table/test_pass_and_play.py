"""Pass and play: several people at one device, each shown only what their own seat may see.

Whole seeded games of every game with a table, played through the table's own entry points (the page's
messages, the table's ask), with the board's whole state (what the page holds after each message) checked
after every redraw: while the pass screen shows, no card that any seat cannot see; while a person is
shown, only cards their seat's view holds.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from test_presenter_conformance import CARD, view_cards

from mainmerah.core.cards import Card
from mainmerah.core.i18n import set_language
from mainmerah.table.intents import Act
from mainmerah.table.presenter import table_games
from mainmerah.table.table import TableWidget

# A card said in words, as the story and the prompt say them ("10♥", "A♠", the jokers by name are not hidden).
SAID = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")
NOT_CARDS = ("names", "zones")  # every card's spoken name; the layout
STORY = ("log", "log_tail", "panel", "level_note")  # the engine's words (checked apart: see Watch)

# game -> players, the people's seats (two people each; the rest computers)
CASES = {"main-merah": (2, {0: "Sari", 1: "Budi"}), "chinese-ten": (3, {0: "Sari", 2: "Budi"}),
         "red-ten": (4, {0: "Sari", 2: "Budi"}), "in-the-red": (4, {1: "Sari", 3: "Budi"})}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def page_state(t: TableWidget) -> dict[str, Any]:
    """What the page holds now: the board model's every synced value."""
    state = t.view.get_state()
    out = {k: v for k, v in state.items() if not k.startswith("_") and k not in NOT_CARDS}
    out["buttons"] = [b for b in out["buttons"] if not b[3]]  # a hidden button's words are not shown (nor secret)
    return out


def cards_in(state: dict[str, Any]) -> set[str]:
    text = json.dumps(state, ensure_ascii=False)
    return {str(Card.parse(m)) for m in CARD.findall(text)} | {str(Card.parse(m)) for m in SAID.findall(text)}


class Watch:
    """Checks the board after every redraw of ``t`` (a pass-and-play table) and counts what it saw.

    The board may show a step before the game's present (the computers' moves shown one by one), so what
    a seat may see is what its view held at some moment of the game so far (the game only goes forward
    here), or what the engine told that seat of an event (a card picked up and scored in one decision);
    what everyone may see, what every seat's view held at once, or what the engine tells nobody's seat.
    The story is the engine's own explanation for the seat shown (None: for nobody's seat), whose private
    words go to that seat alone.
    """

    def __init__(self, t: TableWidget) -> None:
        self.t = t
        self.passing = self.shown = 0
        self.viewers: set[int] = set()
        self.seen: dict[int, set[str]] = {s: set() for s in range(t.game.players)}
        self.public: set[str] = set()
        self.decisions = self.events = 0
        t.on_change(lambda _t: self.check())

    def check(self) -> None:
        t = self.t
        g = t.game
        for k in range(self.decisions, len(g.choices) + 1):  # every moment since the last redraw
            at = g.copy()
            at.goto(k)
            views = [view_cards(at.view(s)) for s in range(g.players)]
            for s, cards in enumerate(views):
                self.seen[s] |= cards
            self.public |= set.intersection(*views)
        self.decisions = len(g.choices)
        for e in g.events[self.events:]:  # a card seen only inside one decision (picked up, then scored)
            for s in range(g.players):
                self.seen[s] |= cards_in({"said": e.explain(None, s)})
            self.public |= cards_in({"said": e.explain(None, None)})
        self.events = len(g.events)
        if t.frame.over or t.replaying:
            return  # at the end every hand is open
        state = page_state(t)
        drawn = cards_in({k: v for k, v in state.items() if k not in STORY})
        story = [text for _cls, text in [*state["log"], *state["log_tail"]]]
        assert story == [e.explain(list(t.names), t.human) for e in g.events[: len(story)]][: len(story)] or any(
            e.kind == "end" for e in g.events[: len(story)])
        if t.human is None:
            extra = drawn - self.public
            assert not extra, f"shown to everyone at {t.shown}, not every seat's to see: {sorted(extra)}"
            assert all(b.card is None for b in t.hand.buttons)
            if t.passing is not None:
                self.passing += 1
                assert state["passing"]["seat"] == t.passing
        else:
            self.shown += 1
            self.viewers.add(t.human)
            assert t.human in t.people and not state["passing"]
            extra = drawn - self.seen[t.human]
            assert not extra, f"shown to seat {t.human} at {t.shown}, not in its view: {sorted(extra)}"


def click(t: TableWidget, name: str) -> None:
    t._page_message({"k": "button", "name": name})


@pytest.mark.parametrize("name", table_games())
def test_a_whole_seeded_game_shows_each_person_only_their_own_seat(name: str) -> None:
    players, people = CASES[name]
    rng = random.Random(name)
    t = TableWidget(game=name, players=players, seed=rng.randrange(1000), people=people, bots="random",
                    auto=False, controls=False)
    watch = Watch(t)
    assert t.human is None and t.passing is not None  # a new game opens on the pass screen
    assert [t.names[s] for s in people] == list(people.values())
    assert not set(t.seats.levels) & set(people)  # people have no computer level
    moves = 0
    while True:
        while not t.caught_up or (t.game.decision is not None and t.game.decision.seat not in people):
            if t.resting:
                click(t, "next-deal")
            else:
                click(t, "next")  # each step at the table's Next: every frame drawn and checked
            assert t.error is None, t.error
        d = t.game.decision
        if d is None:
            break
        if t.human != d.seat:
            assert t.passing == d.seat and t.human is None
            assert t._my_decision() is None and not t.ask(lambda _d: Act(t.game.legal_actions()[0]))  # no move
            click(t, "reveal")
        assert t.human == d.seat and t.passing is None
        if moves % 7 == 0 and t.hints:
            click(t, "hint")
        action = rng.choice(sorted(map(str, t.game.legal_actions())))
        assert t.ask(lambda _d, a=action: Act(a)), t.error  # type: ignore[misc]
        moves += 1
    assert t.game.is_over and t.human is None and t.passing is None  # the tally is everyone's
    assert watch.viewers == set(people) and watch.passing > 0 and watch.shown > 0


def test_the_pass_screen_is_answered_only_by_its_button_and_undo_is_off() -> None:
    t = TableWidget(game="main-merah", players=2, seed=5, people=[0, 1], auto=False, controls=False)
    assert t.names == ["Player 1", "Player 2"]  # a person not named yet
    first = t.passing
    assert first is not None and t.header["status"] == f"Pass to Player {first + 1}"
    t._page_message({"k": "hand", "slot": 0})  # a click on a hand slot behind the screen: refused
    assert t.error and "Pass the device" in t.error and len(t.game.choices) == 0
    click(t, "reveal")
    assert t.human == first and t.hand.cards and t.view.passing == {}
    assert t.undo_button.hidden and t.redo_button.hidden
    card = t.game.legal_actions()[0]
    t.play(card)
    assert t.human == first  # your move is shown to you first (Next shows the flip that follows)
    while not t.caught_up:
        click(t, "next")
    assert t.human is None and t.passing == 1 - first and not t.hand.cards
    assert not t.undo() and "share this device" in (t.error or "")
    click(t, "reveal")
    click(t, "reveal")  # answered twice: nothing to answer, said
    assert t.error == "That button is not offered now." and t.human == 1 - first
    assert not t.reveal() and "Nobody is waiting" in (t.error or "")


def test_people_and_computers_at_one_table_in_indonesian() -> None:
    set_language("id")
    t = TableWidget(game="red-ten", seed=3, people={0: "Sari", 2: "  Budi  "}, bots=["expert", "greedy"],
                    auto=False, controls=False)
    assert t.names[0] == "Sari" and t.names[2] == "Budi" and {t.names[1], t.names[3]}.isdisjoint({"Sari", "Budi"})
    assert t.seats.levels == {1: "expert", 3: "greedy"}
    assert not t.set_level(2, "expert")  # a person has no level
    seat = t.passing
    assert seat is not None and t.names[seat] in t.reveal_button.description
    assert t.reveal_button.description != f"I am {t.names[seat]}: show my hand"  # said in Indonesian
    panels = t.view.opps
    assert [p["seat"] for p in panels] == [s for s in range(4) if s != seat]  # the coming person sits below
    assert all(not p["levels"] for p in panels if p["seat"] in (0, 2))


def test_bad_people_are_refused() -> None:
    with pytest.raises(ValueError, match="seats 0 to 1"):
        TableWidget(game="main-merah", players=2, people=[0, 5])
    with pytest.raises(ValueError):
        TableWidget(game="main-merah", players=2, people=[0, 1], open_hands=True)


# ----- the table page's choice, and what the browser keeps -----------------------------------------
def test_the_pass_and_play_choice_seats_people_and_computers() -> None:
    from mainmerah.table.people import row_values

    t = TableWidget(game="red-ten", seed=3, auto=False)
    pc = t.people_controls
    assert pc is not None and not pc.on.value
    assert row_values(pc) == [("person", ""), ("greedy", ""), ("greedy", ""), ("greedy", "")]  # you and three
    pc.on.value = True
    pc.rows[0].name.value = "Sari"
    pc.rows[2].who.value = "person"
    pc.rows[2].name.value = "Budi"
    pc.rows[1].who.value = "expert"
    pc.deal_button.click()
    assert t.error is None and t.people_names == {0: "Sari", 2: "Budi"}
    assert t.seats.levels == {1: "expert", 3: "greedy"} and t.human is None and t.passing is not None
    assert row_values(pc)[:3] == [("person", "Sari"), ("expert", ""), ("person", "Budi")]
    pc.on.value = False  # back to you against the computers
    pc.deal_button.click()
    assert t.people_names is None and t.human == 0 and t.names[0] == "You" and t.passing is None


def test_the_seed_and_the_save_file_stay_hidden_while_people_share_the_device() -> None:
    """Either tells every hand (deal the seed again, or read the file): shown at a solo table, hidden here until
    the game is over."""
    solo = TableWidget(game="main-merah", players=2, seed=5, auto=False)
    assert solo.controls is not None and solo.controls.seed.value == "5"
    assert solo.show_save() and "mainmerah" in solo.history.save_text.value  # type: ignore[union-attr]
    t = TableWidget(game="main-merah", players=2, seed=5, people=[0, 1], auto=False)
    assert t.controls is not None and t.controls.seed.value == ""
    assert not t.show_save() and "every hand" in (t.error or "")
    assert t.history is not None and t.history.save_text.value == ""
    while t.game.decision is not None:  # the people play it out
        t.game.act(t.game.legal_actions()[0])
    assert t.show_save() and t.history.save_text.value == t.game.to_json()


@pytest.mark.parametrize("name", ["main-merah", "chinese-ten", "red-ten", "in-the-red"])
def test_the_heading_keeps_the_seed_to_itself_while_people_share_the_device(name: str) -> None:
    solo = TableWidget(game=name, seed=4321, auto=False)
    assert "4321" in solo.header["info"]
    t = TableWidget(game=name, seed=4321, people=[0, 1], auto=False)
    assert "4321" not in t.header["info"] and "seed hidden" in t.header["info"], t.header["info"]
    for lang in ("id", "zh"):  # each game's presenter says it in its own words, in every language
        set_language(lang)
        t = TableWidget(game=name, seed=4321, people=[0, 1], auto=False)
        assert "4321" not in t.header["info"], t.header["info"]
    set_language("en")


def test_a_reload_comes_back_to_the_pass_screen_never_to_a_hand() -> None:
    from test_kept_table import kept, page_table

    table, keeping, _sent = page_table(17, game="main-merah")
    table.seat_people({0: "Sari", 1: "Budi"}, players=2)
    table.set_pace(None)
    table.reveal()
    seat = table.human
    assert seat is not None
    while table.game.decision is not None and table.game.decision.seat == seat:  # a card, a table card to take
        while not table.caught_up:
            table.next()
        assert table.ask(lambda _d: Act(str(table.game.legal_actions()[0]))), table.error
    while not table.caught_up:
        table.next()
    table.reveal()  # the other person, shown their hand
    assert table.human == 1 - seat and table.hand.cards
    records = kept(keeping)
    again, keeping2, _ = page_table(17, game="main-merah", kept=records)
    assert again.game.to_json() == table.game.to_json() and again.people_names == {0: "Sari", 1: "Budi"}
    assert again.human is None and again.passing == 1 - seat and not again.hand.cards
    assert again.view.passing["seat"] == 1 - seat and again.view.hand == [] or all(
        slot[1] == "" for slot in again.view.hand)
    forged = json.loads(records[keeping2.key])
    forged["body"]["people"] = {"0": "Sari", "7": "Budi"}
    bad = {**records, keeping2.key: json.dumps(forged)}
    third, _k, _ = page_table(17, game="main-merah", kept=bad)
    assert third.people_names is None and "people were refused" in third.prompt.value
