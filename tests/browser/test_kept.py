"""Nothing is lost in a real browser: the table's game, its settings and the language survive a reload.

Each test's page has its own browser context, so its own localStorage: what one test keeps,
another never sees. The kernel checks every record the page hands back (tests/table/test_kept_table.py
covers each refusal without a browser; here a forged one is planted in localStorage itself).
"""

from __future__ import annotations

import json

import pytest
from conftest import ARTIFACTS, SCREENSHOTS, VoilaServer, open_notebook, reload
from test_table import WAIT, click_and_wait, full_shot, hand, status, step, table

import mainmerah as mm

pytestmark = pytest.mark.browser
KEY = "mainmerah:table:main-merah"
SHOWN = ".mm-hand .mm-card:not(.mm-empty)"  # (a played card leaves an empty slot first in the row)


TURN = {"en": "choose", "id": "pilih"}  # the status on your turn, in each language this file plays in
SHEET = {"en": "Finished games", "id": "Permainan yang sudah selesai"}


def my_turn(page, lang: str | None = None) -> None:  # noqa: ANN001
    """Wait for your turn; with ``lang``, also for the status and the sheet in that language (a language
    switch re-renders them after ``<html lang>`` changes, so the attribute alone says too early)."""
    words = [TURN[lang]] if lang else list(TURN.values())
    page.wait_for_function("words => words.some(w => document.querySelector('.mm-status').textContent"
                           ".toLowerCase().includes(w))", arg=words, timeout=WAIT)
    if lang:
        page.wait_for_function("w => document.querySelector('.mm-sheet').textContent.includes(w)",
                               arg=SHEET[lang], timeout=WAIT)


def play_a_turn(page) -> None:  # noqa: ANN001
    """Play the first hand card; take the first card offered if asked; show the computer's reply."""
    my_turn(page)
    first = page.locator(".mm-hand .mm-card:not(.mm-empty)").first
    first.click()
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    click_and_wait(page, ".mm-play")
    for _ in range(20):
        if page.locator(".mm-tablecards .mm-choice").count():
            click_and_wait(page, ".mm-tablecards .mm-choice >> nth=0")
        elif page.locator(".mm-next:not(.mm-hidden)").count():
            click_and_wait(page, ".mm-next")
        else:
            return


def what_is_shown(page) -> dict:  # noqa: ANN001
    return {
        "hand": hand(page), "table": table(page), "step": step(page), "status": status(page),
        "piles": page.eval_on_selector_all(".mm-seatscore", "els => els.map(e => e.dataset.score)"),
        "sheet": page.text_content(".mm-sheet"),
        "four": page.evaluate("() => document.querySelector('.mm-root').classList.contains('mm-four')"),
        "pace": page.eval_on_selector(".mm-pace select", "e => e.selectedIndex"),
        "lang": page.evaluate("() => document.documentElement.lang"),
    }


def wait_restored(page, lang: str | None = None) -> None:  # noqa: ANN001
    page.wait_for_function("() => /Welcome back|Selamat datang kembali/.test("
                           "document.querySelector('.mm-prompt').textContent)", timeout=WAIT)
    if lang:  # the kept language arrives in its own record: the page may greet first, then switch
        page.wait_for_function(f"() => document.documentElement.lang === {json.dumps(lang)}", timeout=WAIT)


def kept(page) -> dict:  # noqa: ANN001
    text = page.evaluate("k => localStorage.getItem(k)", KEY)
    assert text, "nothing kept"
    return json.loads(text)["body"]


def test_a_reload_and_a_closed_tab_lose_nothing(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb", SHOWN)
    page.select_option(".mm-pace select", index=0)  # step by step, to play by clicking
    play_a_turn(page)
    play_a_turn(page)
    page.check(".mm-four-colour input")
    page.select_option(".mm-pace select", index=3)  # fast (on our turn: nothing moves)
    page.click(".mm-language button:nth-child(2)")  # Bahasa Indonesia
    page.wait_for_function("() => document.documentElement.lang === 'id'", timeout=WAIT)
    page.wait_for_function("() => { try { const b = JSON.parse(localStorage.getItem(" + json.dumps(KEY) + ")).body;"
                           " return b.four_colour && b.pace === 0.45; } catch (e) { return false; } }",
                           timeout=WAIT)
    my_turn(page, "id")
    before = what_is_shown(page)
    assert before["lang"] == "id" and before["four"] and len(before["hand"]) < 10
    saved = mm.load_game(kept(page)["save"])
    assert saved.to_json() == kept(page)["save"]
    # The language is kept in its own record, a moment after the page switched: a reload before that (CI under
    # load) came back in English.
    page.wait_for_function("() => localStorage.getItem('mainmerah:lang') === 'id'", timeout=WAIT)

    reload(page, SHOWN)
    wait_restored(page, "id")
    my_turn(page, "id")
    assert what_is_shown(page) == before
    full_shot(page, "kept-table-reloaded-id")

    # Closed and opened again: a new tab on the same URL.
    page.close()
    again = page.context.new_page()
    open_notebook(again, voila, "play.ipynb", SHOWN)
    wait_restored(again, "id")
    my_turn(again, "id")
    assert what_is_shown(again) == before
    # A link's own pace wins over the kept one; the game goes on from where it was.
    open_notebook(again, voila, "play.ipynb?pace=manual", SHOWN)
    wait_restored(again)
    shown = what_is_shown(again)
    assert shown["pace"] == 0 and shown["hand"] == before["hand"] and shown["step"] == before["step"]
    play_a_turn(again)
    assert len(hand(again)) == len(before["hand"]) - 1


def test_a_forged_record_is_refused_and_the_page_plays_a_fresh_deal(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?pace=manual&seed=12", SHOWN)
    play_a_turn(page)
    body = kept(page)
    save = json.loads(body["save"])
    save["body"]["hands"][0][0], save["body"]["hands"][1][0] = save["body"]["hands"][1][0], save["body"]["hands"][0][0]
    body["save"] = json.dumps(save)
    forged = json.dumps({"format": "mainmerah-kept", "kind": "table", "version": 1, "body": body})
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, forged])
    reload(page, SHOWN)
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('could not be restored')",
                           timeout=WAIT)
    fresh = mm.Game.new(2, "classic", seed=12)
    assert sorted(hand(page)) == sorted(fresh.hands[0]) and sorted(table(page)) == sorted(fresh.table)
    full_shot(page, "kept-table-refused")
    play_a_turn(page)  # the page works
    assert len(hand(page)) == len(fresh.hands[0]) - 1
    # A stale record (another version) is refused the same way.
    page.evaluate("k => { const r = JSON.parse(localStorage.getItem(k)); r.version = 0;"
                  " localStorage.setItem(k, JSON.stringify(r)); }", KEY)
    reload(page, SHOWN)
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('another version')",
                           timeout=WAIT)
    assert len(hand(page)) == len(fresh.hands[0])
    assert page.errors == []


def test_start_over_forgets_the_kept_game(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?pace=manual", SHOWN)
    play_a_turn(page)
    old = kept(page)["save"]
    before = step(page)
    page.click(".mm-start-over")
    page.wait_for_function("s => document.querySelector('.mm-header').dataset.step !== s", arg=before,
                           timeout=WAIT)
    page.wait_for_function("() => document.querySelector('.mm-prompt').textContent.includes('Started over')",
                           timeout=WAIT)
    page.wait_for_function("([k, old]) => { const t = localStorage.getItem(k);"
                           " return t && JSON.parse(t).body.save !== old; }", arg=[KEY, old], timeout=WAIT)
    fresh = mm.load_game(kept(page)["save"])
    assert fresh.choices == [] and fresh.to_json() != old
    reload(page, SHOWN)
    wait_restored(page)
    assert sorted(hand(page)) == sorted(fresh.hands[0]) and sorted(table(page)) == sorted(fresh.table)


@pytest.mark.parametrize("width", [1280, 390])
def test_screenshots_of_the_kept_table(voila: VoilaServer, page, width: int) -> None:  # noqa: ANN001
    page.set_viewport_size({"width": width, "height": 844 if width < 500 else 800})
    for lang in ("en", "id"):
        open_notebook(page, voila, f"play.ipynb?pace=manual&seed=3&lang={lang}", SHOWN)
        if lang == "en":
            play_a_turn(page)
        reload(page, SHOWN)
        wait_restored(page)
        full_shot(page, f"kept-table-{width}-{lang}")
    assert not SCREENSHOTS or (ARTIFACTS / f"kept-table-{width}-id.png").exists()
