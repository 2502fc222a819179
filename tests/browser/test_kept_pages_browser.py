"""The classroom kept across a reload, and the language following the visitor from page to page.

``make app``'s server (home page at the root URL) so that every page, the kernel-less home page too,
shares one origin and so one localStorage. Each test's page has a browser context of its own.
"""

from __future__ import annotations

import pytest
from conftest import ARTIFACTS, SCREENSHOTS, VoilaServer, open_notebook, reload, screenshot
from test_classroom_browser import expect, tab, upload_file

import mainmerah as mm
from mainmerah.families.fishing.dealcode import encode

pytestmark = pytest.mark.browser
WAIT = 60_000


def lang_is(page, code: str) -> None:  # noqa: ANN001
    page.wait_for_function("l => document.documentElement.lang === l", arg=code, timeout=WAIT)


def test_the_language_follows_the_visitor(voila_app: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila_app, "play.ipynb", ".mm-hand .mm-card")
    page.click(".mm-language button:nth-child(2)")  # Bahasa Indonesia, on the table
    lang_is(page, "id")
    page.wait_for_function("() => localStorage.getItem('mainmerah:lang') === 'id'", timeout=WAIT)

    open_notebook(page, voila_app, "tutorial.ipynb", ".mm-lesson")  # no ?lang=
    lang_is(page, "id")
    expect()(page.locator(".mm-page-links")).to_contain_text("Semua permainan", timeout=WAIT)
    # The lesson itself is built again in the kept language (its words arrive after the links').
    expect()(page.locator(".mm-progress-text")).to_contain_text("Pelajaran 1 dari", timeout=WAIT)
    expect()(page.locator(".mm-lesson")).to_contain_text("Kartu dan poin", timeout=WAIT)
    screenshot(page, "kept-lang-tutorial-id")
    open_notebook(page, voila_app, "classroom.ipynb", ".mm-classroom")
    lang_is(page, "id")
    expect()(page.locator(".mm-class-tabs")).to_contain_text("Kode pembagian", timeout=WAIT)
    page.goto(voila_app.url + "/")  # the home page, drawn by the server without a kernel
    lang_is(page, "id")
    expect()(page.locator(".mmh-play").first).to_contain_text("Main", timeout=WAIT)
    assert "lang=id" in page.url
    screenshot(page, "kept-lang-home-id")

    # ?lang= wins, and is kept for the pages after it.
    open_notebook(page, voila_app, "tutorial.ipynb?lang=en", ".mm-lesson")
    lang_is(page, "en")
    page.wait_for_function("() => localStorage.getItem('mainmerah:lang') === 'en'", timeout=WAIT)
    open_notebook(page, voila_app, "classroom.ipynb", ".mm-classroom")
    lang_is(page, "en")
    expect()(page.locator(".mm-class-tabs")).to_contain_text("Deal code", timeout=WAIT)
    page.goto(voila_app.url + "/")
    lang_is(page, "en")
    # The home page's own switch is a ?lang= link: kept too.
    page.click(".mmh-lang a[hreflang=id]")
    lang_is(page, "id")
    page.wait_for_function("() => localStorage.getItem('mainmerah:lang') === 'id'", timeout=5_000)
    open_notebook(page, voila_app, "play.ipynb", ".mm-hand .mm-card")
    lang_is(page, "id")
    assert page.errors == []


def test_a_reload_after_a_switch_is_drawn_in_that_language_from_the_start(voila_app: VoilaServer,
                                                                            page) -> None:  # noqa: ANN001
    """The language picked is put in the address (?lang=), so a reload asks the server for it: the page is
    Indonesian from its first words, not English for a moment until the kept language arrives."""
    open_notebook(page, voila_app, "tutorial.ipynb?game=chinese-ten", ".mm-lesson")
    page.click(".mm-language button:nth-child(2)")
    lang_is(page, "id")
    page.wait_for_function("() => new URLSearchParams(location.search).get('lang') === 'id'", timeout=WAIT)
    assert "game=chinese-ten" in page.url  # nothing else in the address changed
    page.reload(wait_until="commit")
    page.wait_for_selector(".mm-progress-text", timeout=WAIT)
    first = page.locator(".mm-progress-text").first.inner_text()  # the first words drawn
    assert first.startswith("Pelajaran 1 dari"), first
    page.click(".mm-language button:nth-child(1)")  # back to English: the address drops ?lang=
    lang_is(page, "en")
    page.wait_for_function("() => !new URLSearchParams(location.search).has('lang')", timeout=WAIT)
    assert page.errors == []


def test_the_classroom_is_kept(voila_app: VoilaServer, page, tmp_path) -> None:  # noqa: ANN001
    open_notebook(page, voila_app, "classroom.ipynb", ".mm-classroom")
    code = encode(2, "classic", 5150)
    page.locator(".mm-code-input input").fill(code)
    page.locator(".mm-code-open").click()
    hand = page.locator(".mm-class-table .mm-hand .mm-card:not(.mm-empty)")
    expect()(hand).to_have_count(10, timeout=WAIT)
    hand.first.click()
    page.locator(".mm-class-table .mm-play").click()
    expect()(hand).to_have_count(9, timeout=WAIT)
    tab(page, "Exercises")
    answer = page.locator(".mm-task-best > .mm-feedback")
    page.locator(".mm-task-best .mm-card").first.click()  # right or wrong: the answer is kept either way
    expect()(answer).not_to_be_empty(timeout=WAIT)
    said = answer.inner_text()

    tab(page, "Save & replay")
    finished = mm.Game.new(2, "jb", 8)
    mm.play_out(finished, [mm.make_bot("greedy", 0), mm.make_bot("greedy", 1)])
    path = tmp_path / "lesson.json"
    path.write_text(finished.to_json(), encoding="utf-8")
    upload_file(page, path)
    msg = page.locator(".mm-import-message")
    expect()(msg).to_contain_text("Loaded lesson.json", timeout=WAIT)
    page.locator(".mm-import").click()  # the natural next click: it says the file is loaded, not "upload first"
    expect()(msg).to_contain_text("lesson.json is loaded", timeout=WAIT)
    page.locator(".mm-rp-next").click()
    page.locator(".mm-rp-next").click()
    total = len(finished.choices)
    expect()(page.locator(".mm-rp-position")).to_contain_text(f"Decision 2 of {total}", timeout=WAIT)
    page.wait_for_function("() => { const t = localStorage.getItem('mainmerah:classroom:main-merah');"
                           " return t && JSON.parse(t).body.replay && JSON.parse(t).body.replay.step === 2; }",
                           timeout=WAIT)
    shown = sorted(hand.all_inner_texts())

    reload(page, ".mm-classroom")
    expect()(page.locator(".mm-class-kept")).to_contain_text("Welcome back", timeout=WAIT)
    expect()(page.locator(".mm-class-tabs .lm-TabBar-tab.lm-mod-current")).to_contain_text("Save & replay")
    expect()(page.locator(".mm-rp-position")).to_contain_text(f"Decision 2 of {total}", timeout=WAIT)
    expect()(page.locator(".mm-classroom")).to_contain_text(f"Playing: {code}")
    assert sorted(hand.all_inner_texts()) == shown
    assert page.locator(".mm-code-input input").input_value() == code
    expect()(answer).to_have_text(said, timeout=WAIT)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800 if width > 500 else 844})
        screenshot(page, f"kept-classroom-{width}-en")

    # Continue the replayed game on the table: the heading says what is played now.
    page.locator(".mm-rp-continue").click()
    expect()(page.locator(".mm-classroom")).to_contain_text("Playing: a loaded game", timeout=WAIT)
    expect()(msg).to_contain_text("from decision 2", timeout=WAIT)

    # A record changed by hand is refused, named, and the page starts afresh.
    page.evaluate("() => { const k = 'mainmerah:classroom:main-merah'; const r = JSON.parse(localStorage.getItem(k));"
                  " r.body.tab = 7; localStorage.setItem(k, JSON.stringify(r)); }")
    reload(page, ".mm-classroom")
    expect()(page.locator(".mm-class-kept")).to_contain_text("could not be restored", timeout=WAIT)
    assert page.locator(".mm-class-table .mm-card").count() == 0

    # Start over: a reload then shows a first visit's page.
    page.goto(voila_app.render_url("classroom.ipynb?lang=id"))
    page.wait_for_selector(".mm-classroom", timeout=WAIT)
    page.locator(".mm-code-input input").fill(code)
    page.locator(".mm-code-open").click()
    expect()(hand).to_have_count(10, timeout=WAIT)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 800 if width > 500 else 844})
        screenshot(page, f"kept-classroom-{width}-id")
    page.locator(".mm-class-start-over").click()
    expect()(page.locator(".mm-class-kept")).to_contain_text("Mulai dari awal", timeout=WAIT)
    assert page.locator(".mm-class-table .mm-card").count() == 0
    reload(page, ".mm-classroom")
    expect()(page.locator(".mm-class-tabs")).to_contain_text("Kode pembagian", timeout=WAIT)
    page.wait_for_function("() => localStorage.getItem('mainmerah:classroom:main-merah') !== null", timeout=WAIT)
    assert page.locator(".mm-class-kept").inner_text().strip() == ""  # nothing to welcome back to
    assert page.locator(".mm-class-table .mm-card").count() == 0
    assert page.locator(".mm-code-input input").input_value() == ""
    assert not SCREENSHOTS or (ARTIFACTS / "kept-classroom-390-id.png").exists()
    assert page.errors == []
