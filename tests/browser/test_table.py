"""The playable table in a real Voila server and a real Chromium, played by clicking only.

The page (notebooks/play.ipynb) reads its game from the URL (``?seed=..&players=..``).
A seed is picked so that the clicking policy below meets a multiple-choice capture;
the whole game is then clicked through and checked against the engine: the page's
save file must be the seed's deal with the decisions clicked, the story panel must
narrate every event of the engine's log, and the scores shown must be the engine's.
"""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import VoilaServer, open_notebook, tall_shot

import mainmerah as mm
from mainmerah.families.fishing.rules import PARTNER
from mainmerah.families.fishing.ui.frame import hand_order
from mainmerah.table.style import card_class
from mainmerah.table.table import BOT_NAMES

pytestmark = pytest.mark.browser
WAIT = 60_000
READY = ".mm-hand .mm-card"


# ----- one clicking policy, used both to pick the seed and to play the page ---------------
def pick_play(hand: list[mm.Card], table: list[mm.Card]) -> mm.Card:
    """The hand card with most partners on the table (to meet choices), the first such in hand order."""
    return max(hand, key=lambda c: (sum(t.rank == PARTNER[c.rank] for t in table), -hand.index(c)))


def pick_capture(options: list[mm.Card]) -> mm.Card:
    return options[-1]


def simulate(players: int, variant: str, seed: int, levels: list[str]) -> tuple[mm.Game, int]:
    """The game the page will play with this policy (bots seeded as the table seeds them)."""
    g = mm.Game.new(players, variant, seed=seed)
    bots = {s: mm.make_bot(levels[s - 1], seed=seed * 10 + s) for s in range(1, players)}
    choices = 0
    while (d := g.decision) is not None:
        if d.seat != 0:
            g.decide(bots[d.seat].choose(g.view(d.seat)))
        elif d.kind == "play":
            g.play(pick_play(sorted(d.options, key=hand_order), list(g.table)))
        else:
            g.capture(pick_capture(list(d.options)))
            choices += 1
    return g, choices


def seed_with_a_choice(players: int, variant: str, levels: list[str]) -> int:
    return next(s for s in range(1, 2000) if simulate(players, variant, s, levels)[1] >= 1)


# ----- reading and clicking the page ---------------------------------------------------------
def cards(page, selector: str) -> list[mm.Card]:  # noqa: ANN001
    texts = page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)")
    return [mm.Card.parse(t) for t in texts]


def hand(page) -> list[mm.Card]:  # noqa: ANN001
    return cards(page, ".mm-hand .mm-card:not(.mm-empty)")


def table(page) -> list[mm.Card]:  # noqa: ANN001
    return cards(page, ".mm-tablecards .mm-card:not(.mm-empty)")


def step(page) -> str:  # noqa: ANN001
    return page.get_attribute(".mm-header", "data-step")


def click_and_wait(page, selector: str) -> None:  # noqa: ANN001
    """Click, then wait until the table shows another step."""
    before = step(page)
    page.click(selector)
    page.wait_for_function("s => document.querySelector('.mm-header').dataset.step !== s", arg=before,
                           timeout=WAIT)


def wait_for_prompt(page, text: str) -> None:  # noqa: ANN001
    page.wait_for_function("t => document.querySelector('.mm-prompt').textContent.includes(t)", arg=text,
                           timeout=WAIT)


def status(page) -> str:  # noqa: ANN001
    return page.text_content(".mm-status")


def save_file(page) -> mm.Game:  # noqa: ANN001
    """The page's own save file (Save file button), loaded by the engine."""
    page.click(".mm-save-button")
    page.wait_for_function("() => document.querySelector('.mm-save textarea').value.length > 10", timeout=WAIT)
    return mm.Game.from_json(page.input_value(".mm-save textarea"))


def full_shot(page, name: str) -> Path:  # noqa: ANN001
    """A screenshot of the whole table; none in CI."""
    return tall_shot(page, name, ".mm-root")


def play_my_turn(page, checks: dict) -> None:  # noqa: ANN001
    """Select (partners light up before anything is played), then Play; take a card when asked."""
    h, t = hand(page), table(page)
    card = pick_play(h, t)
    page.click(f".mm-hand .{card_class(card)}")
    page.wait_for_selector(f".mm-hand .mm-selected.{card_class(card)}", timeout=WAIT)
    wait_for_prompt(page, str(card))  # each widget's update is its own message: wait for the words too
    partners = [c for c in t if c.rank == PARTNER[card.rank]]
    assert cards(page, ".mm-tablecards .mm-card.mm-match") == partners
    assert hand(page) == h  # nothing played yet
    prompt = page.text_content(".mm-prompt")
    assert str(card) in prompt and ("would take" in prompt or "can take" in prompt or "nothing" in prompt)
    checks["selected"] += 1
    click_and_wait(page, ".mm-play")


def take_a_card(page, checks: dict) -> None:  # noqa: ANN001
    options = cards(page, ".mm-tablecards .mm-card.mm-choice")
    assert len(options) >= 2, options
    checks["choices"] += 1
    click_and_wait(page, f".mm-tablecards .mm-choice.{card_class(pick_capture(options))}")


def play_whole_game(page, shots: str | None = None) -> dict:  # noqa: ANN001
    checks = {"selected": 0, "choices": 0, "next": 0}
    while "Game over" not in status(page):
        s = status(page)
        if "choose a card to play" in s:
            play_my_turn(page, checks)
            if shots and checks["selected"] == 4:
                full_shot(page, f"{shots}-midgame")
                page.set_viewport_size({"width": 400, "height": 800})
                full_shot(page, f"{shots}-midgame-400px")
                page.set_viewport_size({"width": 1280, "height": 800})
        elif "choose the card to take" in s:
            take_a_card(page, checks)
        else:
            click_and_wait(page, ".mm-next")
            checks["next"] += 1
        assert sum(checks.values()) < 400
    return checks


def check_against_engine(page, players: int, variant: str, seed: int, levels: list[str]) -> mm.Game:  # noqa: ANN001
    g = save_file(page)
    expected, _ = simulate(players, variant, seed, levels)
    assert g.setup == mm.Game.new(players, variant, seed=seed).setup  # the seed's own deal
    assert g.choices == expected.choices and g.is_over
    assert any(e.kind == "capture" and e.seat == 0 and e.how == "chosen" for e in g.events)
    # The story panel narrated every event, captures included, in the engine's words.
    names = ["You", *BOT_NAMES[: players - 1]]
    narrated = page.eval_on_selector_all(".mm-log li", "els => els.map(e => e.textContent)")
    assert narrated == [e.explain(names, 0) for e in g.events if e.kind != "end"] + ["Game over."]
    captures = page.eval_on_selector_all(".mm-log li.mm-ev-capture", "els => els.length")
    assert captures == sum(e.kind == "capture" for e in g.events) > 0
    # The scores shown are the engine's, pile by pile and on the match sheet.
    shown = page.eval_on_selector_all(
        ".mm-seatscore", "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.score)])")
    assert sorted(map(tuple, shown)) == list(enumerate(g.scores))
    for seat in range(players):
        text = page.text_content(f'.mm-seatscore[data-seat="{seat}"] .mm-sum')
        assert text == g.score_card(seat)
    totals = page.eval_on_selector_all(".mm-sheet-total td", "els => els.slice(1).map(e => Number(e.textContent))")
    assert totals == list(g.scores)
    winner = page.text_content(".mm-winner")
    assert str(max(g.scores)) in winner
    return g


# ----- the tests ------------------------------------------------------------------------------
def test_two_player_game_by_clicking_step_by_step(voila: VoilaServer, page) -> None:  # noqa: ANN001
    levels = ["greedy"]
    seed = seed_with_a_choice(2, "classic", levels)
    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=2&variant=classic&bots=greedy&pace=manual", READY)
    assert "seed " + str(seed) in page.text_content(".mm-info")
    checks = play_whole_game(page, shots="table-2p")
    assert checks["choices"] >= 1 and checks["next"] > 10  # each computer step and each flip shown by Next
    full_shot(page, "table-2p-game-over")
    page.set_viewport_size({"width": 400, "height": 800})
    full_shot(page, "table-2p-game-over-400px")
    page.set_viewport_size({"width": 1280, "height": 800})
    check_against_engine(page, 2, "classic", seed, levels)
    assert page.errors == []


def test_three_player_game_by_clicking(voila: VoilaServer, page) -> None:  # noqa: ANN001
    levels = ["greedy", "random"]
    seed = seed_with_a_choice(3, "cardgames", levels)
    open_notebook(page, voila, f"play.ipynb?seed={seed}&players=3&variant=cardgames&bots=greedy,random&pace=instant",
                  READY)
    assert page.locator(".mm-opp").count() == 2
    checks = play_whole_game(page, shots="table-3p")
    assert checks["choices"] >= 1
    full_shot(page, "table-3p-game-over")
    check_against_engine(page, 3, "cardgames", seed, levels)
    assert page.errors == []


FORGE = """
async ([patch, msg]) => {
  // The page's own widget manager: what a tampered page could send to the board's model.
  const manager = window.jupyterapp.widgetManager;
  const models = await Promise.all(Object.values(manager._models));
  const found = models.filter((m) => (m.get('_dom_classes') || []).includes('mm-view'));
  for (const m of found) {
    if (patch) { m.set(patch); m.save_changes(); }
    if (msg) { m.send(msg, {}); }
  }
  return found.length;
}
"""


def test_forged_values_are_refused_by_the_engine(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=5&players=2&variant=classic&pace=manual", READY)
    page.wait_for_function("() => document.querySelector('.mm-status').textContent.includes('choose a card')",
                           timeout=WAIT)
    before_hand, before_table = hand(page), table(page)
    outsider = next(c for c in mm.DECK if c not in before_hand)
    # 1. A typed card that is not in the hand, sent straight to the board's model.
    assert page.evaluate(FORGE, [None, {"k": "enter", "text": str(outsider)}]) == 1
    page.wait_for_selector(".mm-prompt.mm-error", timeout=WAIT)
    assert f"{outsider} is not in your hand" in page.text_content(".mm-prompt")
    assert hand(page) == before_hand and table(page) == before_table
    # 2. The board's synced hand rewritten to show that card (refused: the kernel draws its own
    #    hand again), then its slot clicked: the kernel knows which card is in that slot.
    first = before_hand[0]
    forged = [[f"mm-card {card_class(outsider)}", str(outsider), "forged"]]
    assert page.evaluate(FORGE, [{"hand": forged}, None]) == 1
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('refused')",
                           timeout=WAIT)
    assert hand(page) == before_hand
    page.click(f".mm-hand .{card_class(first)}")
    page.wait_for_selector(f".mm-hand .mm-selected.{card_class(first)}", timeout=WAIT)
    wait_for_prompt(page, str(first))
    assert str(outsider) not in page.text_content(".mm-prompt")
    page.wait_for_function("t => document.querySelector('.mm-hand .mm-selected').textContent === t",
                           arg=str(first), timeout=WAIT)
    # Nothing was played: the page's save file holds no decision.
    g = save_file(page)
    assert g.choices == [] and g.setup == mm.Game.new(2, "classic", seed=5).setup
    assert page.errors == []


def test_bad_url_values_are_named_and_defaults_used(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=abc&players=9&pace=manual", READY)
    prompt = page.text_content(".mm-prompt")
    assert "Ignored seed=abc" in prompt and "Ignored players=9" in prompt
    assert "2 players" in page.text_content(".mm-info")


def test_undo_and_replay_by_clicking(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=21&players=3&variant=classic&pace=instant", READY)
    checks = {"selected": 0, "choices": 0}
    start = hand(page)
    play_my_turn(page, checks)
    while "choose the card to take" in status(page):  # the play, then maybe the flip
        take_a_card(page, checks)
    assert len(hand(page)) == len(start) - 1 and "choose a card to play" in status(page)
    click_and_wait(page, ".mm-undo")
    assert hand(page) == start and "Undone" in page.text_content(".mm-prompt")
    assert save_file(page).choices == []
    play_my_turn(page, checks)
    while "choose the card to take" in status(page):
        take_a_card(page, checks)
    decisions = int(page.get_attribute(".mm-header", "data-decisions"))
    assert decisions >= 3  # the computers moved too: a replay has steps to show
    click_and_wait(page, ".mm-replay")
    assert "Replay: step 1 of" in status(page) and len(hand(page)) == len(start)
    click_and_wait(page, ".mm-forward-step")
    assert "Replay: step 2 of" in status(page)
    click_and_wait(page, ".mm-back-step")
    assert "Replay: step 1 of" in status(page)
    click_and_wait(page, ".mm-exit-replay")
    assert int(page.get_attribute(".mm-header", "data-decisions")) == decisions
    assert "choose a card to play" in status(page)


def test_narrow_phone_screen_has_no_sideways_scrolling(voila: VoilaServer, page) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": 400, "height": 800})
    open_notebook(page, voila, "play.ipynb?seed=3&players=3&pace=manual", READY)
    overflow = page.evaluate("""() => [...document.querySelectorAll('.mm-root *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && e.offsetParent !== null)
        .map((e) => e.className).slice(0, 5)""")
    assert overflow == []
    box = page.locator(".mm-hand .mm-card:not(.mm-empty)").first.bounding_box()
    assert box["width"] >= 44  # cards stay big enough to read and to tap


def test_root_url_is_the_home_page(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    # The root is the games' home page itself (tests/browser/test_home.py), no redirect.
    with urllib.request.urlopen(voila_app.url + "/", timeout=30) as r:
        assert r.status == 200 and r.url == voila_app.url + "/" and b"mmh-games" in r.read()
    # The table is served by the same app, with a link back to its game's tutorial.
    open_notebook(page, voila_app, "play.ipynb?pace=manual", READY)
    assert page.get_attribute(".mm-links a", "href") == "tutorial.ipynb?game=main-merah"  # its own lessons
    config = json.loads((Path(__file__).parents[2] / "voila.json").read_text())
    assert config["VoilaConfiguration"]["show_tracebacks"] is False


def test_closing_the_tab_shuts_its_kernel_down(voila_app: VoilaServer, browser) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_notebook(page, voila_app, "play.ipynb?pace=manual", READY)
    kernel = page.evaluate("() => window.jupyterapp.widgetManager.kernel.id")
    assert "_xsrf" in [c["name"] for c in context.cookies()]  # what Voila's unload beacon must echo
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while f"Kernel shutdown: {kernel}" not in voila_app.log.read_text() and time.monotonic() < deadline:
        time.sleep(0.2)
    context.close()
    log = voila_app.log.read_text()
    assert f"Kernel shutdown: {kernel}" in log and "'_xsrf' argument missing" not in log


def test_computer_moves_advance_by_themselves(voila: VoilaServer, page) -> None:  # noqa: ANN001
    # cardgames: the seat after the dealer (the computer) starts; at "fast" pace its steps show unclicked.
    open_notebook(page, voila, "play.ipynb?seed=8&players=2&variant=cardgames&pace=fast", READY)
    page.wait_for_function("() => document.querySelector('.mm-status').textContent.includes('choose a card')",
                           timeout=WAIT)
    narrated = page.eval_on_selector_all(".mm-log li", "els => els.map(e => e.textContent)")
    assert any(t.startswith("Sari plays ") for t in narrated) and any(t.startswith("Sari flips ") for t in narrated)
    assert page.eval_on_selector(".mm-pace select", "s => s.options[s.selectedIndex].textContent") == "fast"


def test_hint_button_lights_a_card_with_its_reason(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=9&players=2&variant=classic&pace=manual", READY)
    page.wait_for_function("() => document.querySelector('.mm-status').textContent.includes('choose a card')",
                           timeout=WAIT)
    before = hand(page)
    page.click(".mm-hint")
    page.wait_for_selector(".mm-hand .mm-card.mm-hint", timeout=WAIT)
    hinted = [mm.Card.parse(t) for t in
              page.eval_on_selector_all(".mm-hand .mm-hint", "els => els.map(e => e.textContent)")]
    assert len(hinted) == 1 and hinted[0] in before
    assert page.text_content(".mm-prompt").startswith("Hint:")
    # The hint is only advice: playing another card is fine, and the mark goes with the move.
    other = next(c for c in before if c != hinted[0])
    page.click(f".mm-hand .{card_class(other)}")
    page.wait_for_selector(f".mm-hand .mm-selected.{card_class(other)}", timeout=WAIT)
    assert page.query_selector(".mm-hand .mm-hint") is None
    assert page.errors == []
