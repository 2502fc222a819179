"""The tutorial as a learner meets it: a real Voilà server, a real Chromium, clicks only.

Every lesson is gone through, with one deliberately wrong answer per exercise,
and the explanation shown for it is checked; odd input (an empty answer, "12x",
a black card where a red one is asked) must be explained, never a traceback.
"""

from __future__ import annotations

import re

import pytest
from conftest import open_notebook, reload, screenshot

import mainmerah as mm
from mainmerah.families.fishing.rules import PARTNER, main_merah_points, pairs_with
from mainmerah.families.fishing.ui.lessons import main_merah as C

pytestmark = pytest.mark.browser
WAIT = 20_000


def expect():  # noqa: ANN201 (playwright's expect, imported late so collection works without it)
    from playwright.sync_api import expect as e

    return e


def feedback(page, task: str):  # noqa: ANN001, ANN201
    return page.locator(f".mm-task-{task} > .mm-feedback").first


def pick(page, task: str, card: str, says: str) -> None:  # noqa: ANN001
    """Click ``card`` in task ``task`` and wait for its explanation to contain ``says``."""
    c = mm.Card.parse(card)
    page.locator(f".mm-task-{task} .mm-c-{c.rank_text}{c.suit}").first.click()
    expect()(feedback(page, task)).to_contain_text(says, timeout=WAIT)


def answer(page, task: str, text: str, says: str) -> None:  # noqa: ANN001
    box = page.locator(f".mm-task-{task} .mm-answer input").first
    box.fill(text)
    page.locator(f".mm-task-{task} .mm-check").first.click()
    expect()(feedback(page, task)).to_contain_text(says, timeout=WAIT)


def choose(page, task: str, index: int, says: str) -> None:  # noqa: ANN001
    page.locator(f".mm-task-{task} .mm-choice-{index}").first.click()
    expect()(feedback(page, task)).to_contain_text(says, timeout=WAIT)


def solved(page, task: str) -> None:  # noqa: ANN001
    expect()(page.locator(f".mm-task-{task}").first).to_have_class(re.compile(r"mm-solved"), timeout=WAIT)


def go_next(page, key: str) -> None:  # noqa: ANN001
    page.locator(".mm-nav .mm-next").first.click()
    page.wait_for_selector(f".mm-lesson-{key}", timeout=WAIT)


def no_traceback(page) -> None:  # noqa: ANN001
    text = page.inner_text("body")
    assert "Traceback" not in text and "Error:" not in text, text[-2000:]
    assert not page.errors, page.errors


def coach_step(page) -> bool:  # noqa: ANN001
    """Do whatever the coach asks (by reading its prompt, as a learner would). False once the game is over."""
    prompt = page.locator(".mm-coach-prompt").first.inner_text()
    tick = int(page.locator(".mm-coach-prompt p").first.get_attribute("data-tick"))
    if "Game over" in prompt:
        return False
    nxt = page.locator(".mm-coach-next").first
    if nxt.is_enabled():  # always in its place; enabled only when there is a computer move to show
        nxt.click()
    elif "choose a card in your hand" in prompt:
        page.locator(".mm-coach-hand .mm-card").first.click()
    elif "choose the stock" in prompt:
        page.locator(".mm-coach-stock .mm-card").first.click()
    else:
        played = re.search(r"(?:that|:) ?(\S+) pairs with", prompt) or re.search(r"Now: (\S+) pairs with", prompt)
        assert played, prompt
        card = mm.Card.parse(played.group(1))
        for b in page.locator(".mm-coach-table .mm-card").all():
            if mm.Card.parse(b.inner_text().strip()).rank == PARTNER[card.rank]:
                b.click()
                break
        else:  # pragma: no cover
            raise AssertionError(f"no partner for {card} on the table: {prompt}")
    page.wait_for_selector(f'.mm-coach-prompt p[data-tick="{tick + 1}"]', timeout=WAIT)
    return True


def test_every_lesson_by_clicking(voila, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
    expect()(page.locator(".mm-progress-text")).to_contain_text("Lesson 1 of 6")
    assert page.locator(".jp-InputArea, .jp-Cell-inputWrapper").count() == 0, "no code is shown under Voilà"

    # 1. Cards and points
    pick(page, "reveal", "A♥", "20 points")
    pick(page, "reveal", "K♠", "black cards score nothing")
    for card in ("7♦", "9♥", "2♦", "A♣", "Q♦", "5♣"):
        pick(page, "reveal", card, card)
    solved(page, "reveal")
    expect()(feedback(page, "reveal")).to_contain_text("only red cards")
    pick(page, "red", "10♣", "black")  # the wrong answer: a black card where red ones are asked
    expect()(page.locator(".mm-task-red .mm-card-slot.mm-wrong")).to_have_count(1)
    for card in ("J♥", "8♦", "A♦", "K♥"):
        pick(page, "red", card, card)
    solved(page, "red")
    answer(page, "tally", "", "Type a number first")
    answer(page, "tally", "12x", "“12x” is not a whole number")
    answer(page, "tally", "56", "counts the black cards too")
    answer(page, "tally", "43", "A♦ 20 + 9♣ 0")
    solved(page, "tally")
    answer(page, "deck", "200", "2 × 20 = 40")
    answer(page, "deck", "210", "40 + 100 + 70 = 210")
    expect()(page.locator(".mm-progress-1")).to_contain_text("✓")
    screenshot(page, "tutorial-lesson1-done")
    no_traceback(page)

    # 2. Pairing: one wrong card per round, then every partner
    go_next(page, "pairing")
    for i, (card, table) in enumerate(C.PAIR_ROUNDS, start=1):
        played, cards = mm.Card.parse(card), mm.parse_cards(table)
        wrong = next(t for t in cards if not pairs_with(played, t))
        pick(page, f"pair{i}", str(wrong), "does not pair")
        for t in cards:
            if pairs_with(played, t):
                pick(page, f"pair{i}", str(t), "pairs with")
        solved(page, f"pair{i}")
    expect()(feedback(page, "pair2")).to_contain_text("Ace counts as 1")

    # State survives Back and Next.
    page.locator(".mm-nav .mm-back").first.click()
    page.wait_for_selector(".mm-lesson-cards", timeout=WAIT)
    expect()(feedback(page, "deck")).to_contain_text("210")
    expect()(page.locator(".mm-task-reveal .mm-badge-text").first).to_contain_text("20 points")
    go_next(page, "pairing")
    expect()(feedback(page, "pair5")).to_contain_text("only with another king")
    no_traceback(page)

    # 3. One turn, step by step, then the rest of the short game
    go_next(page, "turn")
    page.locator(".mm-coach-hand .mm-c-KS").click()
    expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("find a hand card that pairs", timeout=WAIT)
    page.locator(".mm-coach-hand .mm-c-7H").click()
    expect()(page.locator(".mm-coach-prompt")).to_contain_text("pairs with", timeout=WAIT)
    page.locator(".mm-coach-table .mm-c-8C").click()
    expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("does not pair", timeout=WAIT)
    page.locator(".mm-coach-table .mm-c-3D").click()
    expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("7 + 3 = 10", timeout=WAIT)
    screenshot(page, "tutorial-lesson3-turn")
    page.locator(".mm-coach-stock .mm-card").click()
    expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("You turned up 2♥", timeout=WAIT)
    # The prompt is drawn after the feedback (a separate widget, its own message): read the tick only
    # once the prompt is the flip's own, or a stale tick is read and the wait below looks for a past one.
    expect()(page.locator(".mm-coach-prompt")).to_contain_text("2♥ pairs with", timeout=WAIT)
    tick = int(page.locator(".mm-coach-prompt p").first.get_attribute("data-tick"))
    page.locator(".mm-coach-table .mm-c-8C").click()
    expect()(page.locator(".mm-coach > .mm-feedback")).to_contain_text("2 + 8 = 10", timeout=WAIT)
    # The feedback and the prompt are separate widgets: wait for the prompt of the next step too,
    # or the loop below reads the old prompt (2♥ to pair) against the new table (8♣ taken).
    page.wait_for_selector(f'.mm-coach-prompt p[data-tick="{tick + 1}"]', timeout=WAIT)
    for _ in range(80):
        if not coach_step(page):
            break
    solved(page, "turn")
    expect()(page.locator(".mm-coach-prompt")).to_contain_text("Game over")
    no_traceback(page)

    # 4. Choices
    go_next(page, "choices")
    pick(page, "red", "6♣", "it is black: 0 points")
    pick(page, "red", "6♥", "6 points for you")
    pick(page, "same", "3♠", "does not pair")
    pick(page, "same", "Q♦", "either is right")
    pick(page, "best", "3♠", "Another card does better")
    pick(page, "best", "9♣", "No card in your hand takes more")
    pick(page, "jb1", "9♣", "red card before a black one")
    pick(page, "jb1", "9♥", "red card before a black one")
    solved(page, "jb1")
    pick(page, "jb2", "6♣", "does not take it")
    pick(page, "jb2", "6♠", "lain on the table longest")
    solved(page, "jb2")
    no_traceback(page)

    # 5. The deal and the redeal rule, on real deals
    go_next(page, "deal")
    for task in ("jacks", "fives"):
        choose(page, task, 0, "Look again")
        choose(page, task, 1, "really was redealt")
    choose(page, "ok", 1, "Look again")
    choose(page, "ok", 0, "finally played with")
    choose(page, "predict", 0, "Not here")
    choose(page, "predict", 1, "exactly 5 − 4 = 1")
    page.locator(".mm-playout").first.click()
    expect()(feedback(page, "playout")).to_contain_text("stayed on the table", timeout=WAIT)
    text = feedback(page, "playout").inner_text()
    assert re.search(r"A[♣♦♥♠]", text) and re.search(r"9[♣♦♥♠]", text), text
    expect()(page.locator(".mm-task-playout")).to_contain_text("Left on the table at the end")
    page.locator(".mm-play-yourself").click()
    expect()(page.locator(".mm-task-playout .mm-table .mm-hand .mm-card:not(.mm-empty)")).to_have_count(
        10, timeout=WAIT)
    # Your turn at that table brings it into view once (board.js keepInView): let that happen before the clicks
    # below it, so the page does not scroll away under them (a CI run once timed out on the next click).
    expect()(page.locator(".mm-task-playout .mm-table .mm-status.mm-yourturn")).to_have_count(1, timeout=WAIT)
    page.wait_for_timeout(200)
    choose(page, "variant", 0, "Aces are not among them")
    choose(page, "variant", 2, "ANY rank")
    screenshot(page, "tutorial-lesson5-deal")
    no_traceback(page)

    # 6. Scoring card by card, then a game against the computer
    go_next(page, "scoring")
    g = C.scoring_game()
    mine = g.piles[0]
    black = next(c for c in mine if not c.red)
    pick(page, "mine", str(black), "black")
    running = 0
    for c in mine:
        if c.red:
            running += main_merah_points(c)
            pick(page, "mine", str(c), f"Running total: {running}.")
    solved(page, "mine")
    assert running == g.scores[0]
    answer(page, "theirs", " ", "Type a number first")
    answer(page, "theirs", str(g.scores[1] + 1), "is not it")
    answer(page, "theirs", str(g.scores[1]), "Yes")
    right = 0 if g.winners == (0,) else 1 if g.winners == (1,) else 2
    choose(page, "winner", (right + 1) % 3, "Not quite")
    choose(page, "winner", right, f"You {g.scores[0]}, the computer {g.scores[1]}")
    expect()(page.locator(".mm-task-game .mm-table")).to_be_visible()
    page.locator(".mm-task-game .mm-hand .mm-card:not(.mm-empty)").first.click()
    page.locator(".mm-task-game .mm-play").click()
    expect()(page.locator(".mm-task-game")).to_contain_text("You play", timeout=WAIT)
    screenshot(page, "tutorial-lesson6")
    for lesson in range(1, 6):
        expect()(page.locator(f".mm-progress-{lesson}")).to_contain_text("✓")
    no_traceback(page)
    # The computer's pace chosen here comes back with the lesson after a reload.
    page.locator(".mm-lesson-pace select").select_option(label="slow")
    page.wait_for_function("() => (localStorage.getItem('mainmerah:tutorial:main-merah') || '')"
                           ".includes('\"pace\":2.0')", timeout=WAIT)
    reload(page, ".mm-lesson-scoring .mm-lesson-pace select")
    expect()(page.locator(".mm-lesson-pace select option:checked")).to_have_text("slow", timeout=WAIT)


def test_a_number_typed_but_not_checked_survives_a_reload(voila, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
    pick(page, "reveal", "A♥", "20 points")
    pick(page, "reveal", "K♠", "black cards score nothing")
    for card in ("7♦", "9♥", "2♦", "A♣", "Q♦", "5♣"):
        pick(page, "reveal", card, card)
    for card in ("J♥", "8♦", "A♦", "K♥"):
        pick(page, "red", card, card)
    solved(page, "red")
    page.locator(".mm-task-tally .mm-answer input").first.fill("4")  # typed, never checked
    page.wait_for_function("() => (localStorage.getItem('mainmerah:tutorial:main-merah') || '')"
                           ".includes('\"typed-tally\":\"4\"')", timeout=WAIT)
    reload(page, ".mm-task-tally .mm-answer input")
    box = page.locator(".mm-task-tally .mm-answer input").first
    expect()(box).to_have_value("4", timeout=WAIT)
    assert "mm-solved" not in (page.locator(".mm-task-tally").first.get_attribute("class") or "")
    expect()(page.locator(".mm-progress-1")).to_contain_text("2/4 tasks")
    no_traceback(page)


def test_narrow_screen_reads(voila, browser) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 400, "height": 800})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson-cards")
        pick(page, "reveal", "A♥", "20 points")
        width = page.evaluate("document.querySelector('.mm-lesson').getBoundingClientRect().width")
        assert width <= 400, "the lesson fits a phone screen"
        screenshot(page, "tutorial-narrow")
        go_next(page, "pairing")
        go_next(page, "turn")
        screenshot(page, "tutorial-narrow-turn")
        no_traceback(page)
    finally:
        context.close()
