"""The classroom notebook in a real Voilà + Chromium: codes, editor, exercises, save/load, by clicking."""

from __future__ import annotations

import re

import pytest
from conftest import open_notebook, screenshot

import mainmerah as mm
from mainmerah.families.fishing.bots import play_value
from mainmerah.families.fishing.dealcode import encode
from mainmerah.families.fishing.rules import pairs_with

pytestmark = pytest.mark.browser
WAIT = 20_000


def expect():  # noqa: ANN201
    from playwright.sync_api import expect as e

    return e


def tab(page, title: str) -> None:  # noqa: ANN001
    page.locator(".mm-class-tabs .lm-TabBar-tab", has_text=title).first.click()


def upload_file(page, path) -> None:  # noqa: ANN001
    """Choose ``path`` in the upload button's file dialog (its input is not in the page's DOM)."""
    with page.expect_file_chooser() as chooser:
        page.locator(".mm-upload").click()
    chooser.value.set_files(str(path))


def no_traceback(page) -> None:  # noqa: ANN001
    text = page.inner_text("body")
    assert "Traceback" not in text, text[-2000:]
    assert not page.errors, page.errors


def test_classroom_by_clicking(voila, page, tmp_path) -> None:  # noqa: ANN001
    open_notebook(page, voila, "classroom.ipynb", ".mm-classroom")
    code_box = page.locator(".mm-code-input input")
    message = page.locator(".mm-code-message")

    # A deal code: odd input first, then a typo, then the real code.
    page.locator(".mm-code-open").click()
    expect()(message).to_contain_text("type a deal code", timeout=WAIT)
    code = encode(2, "classic", 8412)
    typo = code.replace("8412", "8421")
    code_box.fill(typo)
    page.locator(".mm-code-open").click()
    expect()(message).to_contain_text("check letter", timeout=WAIT)
    assert page.locator(".mm-class-table .mm-card").count() == 0, "a bad code deals nothing"
    code_box.fill(code.lower())
    page.locator(".mm-code-open").click()
    expect()(message).to_contain_text(f"Deal {code}", timeout=WAIT)
    g = mm.Game.new(2, "classic", 8412)
    hand = page.locator(".mm-class-table .mm-hand .mm-card:not(.mm-empty)")
    expect()(hand).to_have_count(len(g.hands[0]), timeout=WAIT)
    shown = sorted(mm.Card.parse(t.strip()) for t in hand.all_inner_texts())
    assert shown == sorted(g.hands[0]), "everyone who types the code gets this very hand"
    screenshot(page, "classroom-dealcode")

    # Exercises from that deal: one wrong answer, then the right one.
    tab(page, "Exercises")
    page.wait_for_selector(".mm-exercises-8412 .mm-task-best", timeout=WAIT)
    value = {c: play_value(c, g.table) for c in g.hands[0]}
    best = max(value, key=lambda c: (value[c], -g.hands[0].index(c)))
    worse = min(value, key=lambda c: value[c])
    assert value[worse] < value[best]

    def click(card: mm.Card) -> None:
        page.locator(f".mm-task-best .mm-c-{card.rank_text}{card.suit}").first.click()

    fb = page.locator(".mm-task-best > .mm-feedback")
    click(worse)
    expect()(fb).to_contain_text("Another card does better", timeout=WAIT)
    click(best)
    expect()(fb).to_contain_text("Right", timeout=WAIT)
    head = page.locator(".mm-task-partners .mm-task-head").inner_text()
    probe = mm.Card.parse(re.search(r"pair with (\S+)\?", head).group(1))
    pfb = page.locator(".mm-task-partners > .mm-feedback")
    wrong = next(c for c in g.table if not pairs_with(probe, c))
    page.locator(f".mm-task-partners .mm-c-{wrong.rank_text}{wrong.suit}").click()
    expect()(pfb).to_contain_text("does not pair", timeout=WAIT)
    for c in g.table:
        if pairs_with(probe, c):
            page.locator(f".mm-task-partners .mm-c-{c.rank_text}{c.suit}").click()
            expect()(pfb).to_contain_text(f"pairs with {c}", timeout=WAIT)
    page.locator(".mm-task-tally .mm-answer input").fill("")
    page.locator(".mm-task-tally .mm-check").click()
    expect()(page.locator(".mm-task-tally > .mm-feedback")).to_contain_text("Type a number first", timeout=WAIT)
    no_traceback(page)

    # The position editor: an impossible position is refused with the reason, a legal one is played.
    tab(page, "Position editor")
    table = page.locator(".mm-editor-table input")
    table.fill("3♦ 8♣ J♥ 5♠ Q♠ 7♥")
    page.locator(".mm-editor-check").click()
    expect()(page.locator(".mm-editor-message")).to_contain_text("7♥ appears twice", timeout=WAIT)
    expect()(page.locator(".mm-editor-play")).to_be_disabled()
    table.fill("3♦ 8♣ J♥ 5♠ Q♠ 9x")
    page.locator(".mm-editor-check").click()
    expect()(page.locator(".mm-editor-message")).to_contain_text("not a card: '9x'", timeout=WAIT)
    table.fill("3♦ 8♣ J♥ 5♠ Q♠ 9♦")
    page.locator(".mm-editor-check").click()
    expect()(page.locator(".mm-editor-message")).to_contain_text("A legal position", timeout=WAIT)
    expect()(page.locator(".mm-editor-drawing")).to_contain_text("Seat 0")
    page.locator(".mm-editor-play").click()
    expect()(page.locator(".mm-classroom")).to_contain_text("Playing: your position", timeout=WAIT)
    expect()(page.locator(".mm-class-table .mm-hand .mm-card:not(.mm-empty)")).to_have_count(3, timeout=WAIT)
    page.locator(".mm-class-table .mm-hand .mm-c-7H").click()
    page.locator(".mm-class-table .mm-play").click()
    expect()(page.locator(".mm-class-table")).to_contain_text("7 + 3 = 10", timeout=WAIT)
    screenshot(page, "classroom-editor")

    # Save the game being played, then load files back.
    tab(page, "Save & replay")
    page.locator(".mm-export").click()
    link = page.locator("a.mm-download")
    expect()(link).to_be_visible(timeout=WAIT)
    assert link.get_attribute("href").startswith("data:application/json")
    saved = page.locator(".mm-export-text textarea").input_value()
    assert '"format": "mainmerah-save"' in saved
    with page.expect_download() as info:
        link.click()
    path = tmp_path / "downloaded.json"
    info.value.save_as(path)
    assert path.read_text(encoding="utf-8") == saved
    assert mm.Game.from_json(saved).choices, "the move just played is in the file"

    load_msg = page.locator(".mm-import-message")
    page.locator(".mm-import").click()
    expect()(load_msg).to_contain_text("Paste a save file", timeout=WAIT)
    page.locator(".mm-import-text textarea").fill(saved.replace('"classic"', '"poker"', 1))
    page.locator(".mm-import").click()
    expect()(load_msg).to_contain_text("cannot be loaded", timeout=WAIT)

    finished = mm.Game.new(3, "jb", 21)
    mm.play_out(finished, [mm.make_bot("greedy", s) for s in range(3)])
    upload = tmp_path / "finished.json"
    upload.write_text(finished.to_json(), encoding="utf-8")
    upload_file(page, upload)
    expect()(load_msg).to_contain_text("Loaded finished.json", timeout=WAIT)
    total = len(finished.choices)
    expect()(page.locator(".mm-rp-position")).to_contain_text(f"Decision 0 of {total}")
    page.locator(".mm-rp-next").click()
    expect()(page.locator(".mm-rp-position")).to_contain_text(f"Decision 1 of {total}", timeout=WAIT)
    page.locator(".mm-rp-end").click()
    expect()(page.locator(".mm-rp-position")).to_contain_text(f"Decision {total} of {total}", timeout=WAIT)
    story = page.locator(".mm-rp .mm-story")
    expect()(story).to_contain_text("Game over")
    for score in finished.scores:
        assert re.search(rf"= {score}\b", story.inner_text())
    screenshot(page, "classroom-replay")

    junk = tmp_path / "photo.json"
    junk.write_bytes(b"\xff\xd8\xff\xe0 not text")
    upload_file(page, junk)
    expect()(load_msg).to_contain_text("not a text file", timeout=WAIT)
    no_traceback(page)
