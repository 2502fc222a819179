"""Shared tables of more than two, in real pages (real Voilà with a class folder, real Chromium, one browser context
per person, each its own kernel): a Red Ten hand played by three people and a computer, and an In The Red deal at
five seats, three of them people and two computers. The creator opens **Play with others** on the table page; the
others open the join link (each takes the next free person's seat). Each person acts as soon as the page says it is
their turn; the computers play at pace 0. **Every websocket frame each page receives is recorded** and none names a
card its seat could not see at that moment (the real game from the table's save file in the class folder, each
seat's views through the engine: shared_frames.check_frames)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import VoilaServer, open_notebook, what_the_page_shows
from shared_frames import WAIT, Frames, check_frames, class_server, open_table, over, saved_game, whose_turn
from test_in_the_red_browser import play_turn as play_in_the_red
from test_red_ten_browser import turn as play_red_ten

import mainmerah as mm

pytestmark = pytest.mark.browser
HAND = ".mm-hand .mm-card:not(.mm-empty)"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    # No takeover while the classmates' pages are still opening on a loaded machine: every seat is played by its
    # person (a seat taken over would be played by the server's computer, not by the page).
    yield from class_server(tmp_path_factory, env={"MAINMERAH_TAKEOVER": "900"})


def hand_of(page: Any) -> set[str]:
    """The cards a page shows in its hand (by their classes: mm-c-10H)."""
    classes = page.eval_on_selector_all(HAND, "els => els.map(e => e.className)")
    return {str(mm.Card.parse(next(c for c in cls.split() if c.startswith("mm-c-"))[5:])) for cls in classes}


def sit_together(server: VoilaServer, browser: Any, query: str, seats: list[str]) -> tuple[list[Any], list[Frames],
                                                                                         list[Any], str]:
    """The creator opens ``query``'s table page and a shared table with ``seats``; one more person per other
    "Person" seat opens the join link (all at once: their kernels start together). The pages (in seat order),
    their frames, the browser contexts (to close) and the code."""
    people = seats.count("Person")
    contexts = [browser.new_context(viewport={"width": 1280 if i == 0 else 390, "height": 844}) for i in range(people)]
    pages = [c.new_page() for c in contexts]
    frames = [Frames(p) for p in pages]
    open_notebook(pages[0], server, query, HAND)
    frames[0].from_now_on(pages[0], parse_qs(urlsplit(query).query).get("game", ["main-merah"])[0])
    code = open_table(pages[0], seats)
    for p in pages[1:]:
        p.goto(server.render_url(f"play.ipynb?table={code}"), timeout=WAIT)
    for p in pages:
        try:
            p.wait_for_selector(HAND, timeout=120_000)
        except Exception as e:
            raise AssertionError(f"a page at table {code} showed no hand: {e}\n{what_the_page_shows(p, server)}") from e
        p.wait_for_selector(".mm-sh-leave", state="visible", timeout=WAIT)
        assert p.text_content(".mm-sh-the-code").strip() == code
    # Which seat each page took (they joined in whatever order their kernels came up): its hand says.
    game = saved_game(server, code)
    hands = {s: {str(c) for c in game.view(s).hand} for s in range(game.players)}
    order = []
    for p in pages:
        seat = next(s for s, h in hands.items() if h == hand_of(p))
        order.append(seat)
    assert sorted(order) == [i for i, w in enumerate(seats) if w == "Person"], order
    by_seat = sorted(range(people), key=lambda i: order[i])
    return [pages[i] for i in by_seat], [frames[i] for i in by_seat], contexts, code


def play_until(pages: list[Any], act: Callable[[Any], object], done: Callable[[Any], bool]) -> int:
    """Each person acts as soon as their page says it is their turn, until ``done`` holds on every page."""
    moves = 0
    while (page := whose_turn(pages, done)) is not None:
        try:
            act(page)
        except Exception as e:
            said = page.evaluate("() => ['.mm-status', '.mm-prompt', '.mm-header'].map((s) => "
                                 "document.querySelector(s)?.textContent + ' ' + "
                                 "JSON.stringify(document.querySelector(s)?.dataset ?? {}))")
            raise AssertionError(f"page {pages.index(page)}, move {moves}: {e}\nthe page says: {said}") from e
        moves += 1
        assert moves < 400
    return moves


def test_three_people_and_a_computer_play_a_red_ten_hand(server: VoilaServer, browser: Any) -> None:
    seats = ["Person", "Person", "Computer: greedy", "Person"]
    # Seed 1: the page's own deal (another game) waits for you first (see the In The Red test below).
    pages, frames, contexts, code = sit_together(server, browser, "play.ipynb?game=red-ten&seed=1&pace=instant",
                                                 seats)
    try:
        seen = {"pass": 0, "multi": 0}
        moves = play_until(pages, lambda p: play_red_ten(p, ".mm-root", seen), over)
        game = saved_game(server, code)
        assert game.is_over and game.game_name == "red-ten"
        people = [s for s, w in enumerate(seats) if w == "Person"]
        assert moves == sum(1 for c in game.choices if c.seat in people), (moves, len(game.choices))
        for page, f, seat in zip(pages, frames, people, strict=True):
            page.wait_for_selector(".mm-gameover:not(.mm-hidden)", timeout=WAIT)
            assert check_frames(f, game, seat) > 10
    finally:
        for c in contexts:
            c.close()


def deal_over(page: Any) -> bool:
    return bool(page.locator(".mm-log li.mm-ev-deal-end").count() > 0)


def test_three_people_and_two_computers_play_an_in_the_red_deal(server: VoilaServer, browser: Any) -> None:
    seats = ["Person", "Computer: greedy", "Person", "Person", "Computer: random"]
    # Seed 3: the page's own deal before the table (another game) starts with you, so no computer of it has moved
    # when the table opens: a move of it told late (the page's kept save) would name that game's cards.
    pages, frames, contexts, code = sit_together(
        server, browser, "play.ipynb?game=in-the-red&players=5&seed=3&pace=instant", seats)
    try:
        moves = play_until(pages, play_in_the_red, deal_over)
        game = saved_game(server, code)
        assert game.deal_number >= 2  # the first deal ended at the server (the next one may have begun)
        people = [s for s, w in enumerate(seats) if w == "Person"]
        assert moves == sum(1 for c in game.choices[:game.deal_choice] if c.seat in people)
        for page, f, seat in zip(pages, frames, people, strict=True):
            assert deal_over(page)
            assert check_frames(f, game, seat) > 10
    finally:
        for c in contexts:
            c.close()
