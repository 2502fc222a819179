"""On a phone every prompt of a table against the computer shows whole, in every language.

A phone's prompt box (a container of 520 px or less) is four lines high and scrolls what runs longer
(mainmerah/table/style.py), so that Undo and the buttons below it never move: a longer prompt hides its end, often
what to do next. Every game with a table is played here at tables of two to four and at its largest (In The Red's
ten: more than three lit stacks are counted, not listed) by seeded random legal actions, in each language:
at each of your decisions each hand card is chosen; at one decision in five also each card clicked twice and two
cards chosen, and with each such choice the game's buttons and the first places of the other zones (Play on it, a
stack, a table card) tried and undone: a selection's prompts and the refusals'. Every prompt seen is then put in the
prompt box of a real table at 390 px in that language: none may scroll. (Narrower phones, 360 px, are not measured.
This machine's Chromium has no CJK font: Chinese is drawn as boxes about as wide as its characters.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import VoilaServer, open_notebook
from played import drawn_slots, go_back

from mainmerah.core import registry
from mainmerah.core.i18n import LANGUAGES, set_language
from mainmerah.table.intents import Act
from mainmerah.table.presenter import table_games
from mainmerah.table.table import TableWidget

pytestmark = pytest.mark.browser
READY = ".mm-hand .mm-card:not(.mm-empty)"
SEEDS = (0,)
STEPS = 60  # the table's steps per game (your decisions and the computers'), whole games of the short ones
PROBE_EVERY = 5  # every click tried at one of your decisions in so many (each hand card chosen at every one)
PLACES = 4  # the places of a zone tried (the table's cards, the stacks): the others make the same prompts

# Each text in the page's prompt box: its height, and the box's (the text's own box: it scrolls past that).
MEASURE = """texts => { const box = document.querySelector('.mm-board .mm-prompt');
  return texts.map(t => { box.innerHTML = t; return [t, box.scrollHeight, box.clientHeight]; }); }"""


def clicks(t: TableWidget) -> list[dict[str, Any]]:
    """The clicks the page can send now but a hand card's: the game's buttons shown and enabled, the first places
    of the other zones (the fishing table's cards, In The Red's stacks)."""
    out: list[dict[str, Any]] = [{"k": "button", "name": b.name} for b in t.presenter.buttons()
                                 if not b.hidden and not b.disabled]
    return out + [{"k": zone, "slot": s} for zone, row in drawn_slots(t).items() if zone != "hand"
                  for s in range(min(len(row), PLACES))]


def prompts_seen(name: str, players: int, seed: int) -> set[str]:
    """Every prompt (its HTML) a table of ``name`` shows in a game played so, in the current language: at each of
    your decisions, each hand card chosen, then the same again (a second click) or the next one too (two cards
    chosen), and with each such choice every other click (Play on it, a stack, a table card) tried and undone."""
    t = TableWidget(game=name, players=players, seed=seed, human=0, auto=False, bots="random", controls=False)
    rng = random.Random(seed)
    seen: set[str] = set()

    def note() -> None:
        seen.add(t.prompt.value)  # the prompt's HTML as the board draws it

    def each_click(n: int) -> None:
        chosen = t.selection
        for msg in clicks(t):
            t._page_message(msg)
            note()
            go_back(t, n, chosen)

    decisions = 0
    for _ in range(STEPS):
        note()
        d = t.game.decision
        if d is None and t.caught_up:
            break
        if t.caught_up and d is not None and d.seat == t.human and not t.resting:
            n, selection = len(t.game.choices), t.selection
            probed = decisions % PROBE_EVERY == 0  # every click tried (else each card chosen alone)
            decisions += 1
            if probed:
                each_click(n)
            cards = len(t.hand.buttons)
            for s in range(cards):
                for chosen in ([s], [s, s], [s, s + 1] if s + 1 < cards else []) if probed else ([s],):
                    for slot in chosen:
                        t._page_message({"k": "hand", "slot": slot})
                        note()
                    if chosen and len(t.game.choices) == n:  # (a second click on a card may play it)
                        each_click(n)
                    go_back(t, n, selection)
            action = rng.choice(sorted(map(str, t.game.legal_actions())))
            assert t.ask(lambda _d, a=action: Act(a)), t.error  # type: ignore[misc]
        else:
            t._page_message({"k": "button", "name": "next-deal" if t.resting else "next"})
        assert t.error is None, t.error
    note()
    return seen


def table_sizes(name: str) -> list[int]:
    """Tables of two to four, and the game's largest (In The Red's ten: the most stacks, the most names)."""
    sizes = registry.get(name).players
    return sorted({n for n in sizes if n <= 4} | {max(sizes)})


def every_prompt(lang: str) -> dict[str, str]:
    """Each prompt seen in ``lang`` -> the table that showed it first (for the failure's message)."""
    set_language(lang)
    try:
        out: dict[str, str] = {}
        for name in table_games():
            for players in table_sizes(name):
                for seed in SEEDS:
                    for html in sorted(prompts_seen(name, players, seed)):
                        out.setdefault(html, f"{name}, {players} players, seed {seed}")
        return out
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_prompt_fits_a_phones_prompt_box(voila: VoilaServer, browser: Any, lang: str) -> None:
    texts = every_prompt(lang)
    assert len(texts) > 500, len(texts)  # (about 1,000: the games' selections and refusals)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_notebook(page, voila, f"play.ipynb?lang={lang}&pace=manual", READY)
        longest = max(texts, key=len)
        measured = page.evaluate(MEASURE, [*texts, " ".join([longest] * 4)])
    finally:
        context.close()
    *seen, (_, twice, box) = measured
    assert twice > box + 1, (twice, box)  # the measure can fail: the longest prompt four times over scrolls
    over = [f"{texts[t]}: {h} px in a box of {b}: {t}" for t, h, b in seen if h > b + 1]
    assert not over, f"{len(over)} prompts scroll on a phone ({lang}):\n" + "\n".join(over[:20])
