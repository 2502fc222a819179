"""Accessibility checks in a real Chromium: axe-core on the table app and on every tutorial lesson.

axe-core (``tests/browser/vendor/axe.min.js``, MPL-2.0, see the README there) is injected
into the Voila page; any serious or critical violation fails the test, with axe's own
description of each. axe cannot judge text over the table's felt (a gradient), so a
second check computes the WCAG contrast of every visible text against every colour of
the gradient behind it (and any translucent panels in between): 4.5:1, 3:1 for large text.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import VoilaServer, open_notebook, screenshot

import mainmerah as mm
from mainmerah.draw.svg import FOUR_COLOUR, TWO_COLOUR
from mainmerah.families.fishing.ui.lessons.main_merah import tutorial_lessons

pytestmark = pytest.mark.browser
WAIT = 60_000
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
READY = ".mm-hand .mm-card"

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
}"""

CONTRAST = """(root) => {
  const parse = (c) => { const m = c && c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, bottom) => [0, 1, 2].map(i => top[i] * top[3] + bottom[i] * (1 - top[3])).concat([1]);
  const lin = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const backgrounds = (el) => {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      const grad = s.backgroundImage.includes('gradient')
        ? (s.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(parse) : [];
      const col = parse(s.backgroundColor);
      layers.push([col, grad]);
      if ((col && col[3] === 1) || (grad.length && grad.every(g => g[3] === 1))) break;
    }
    let cands = [[255, 255, 255, 1]];
    for (let i = layers.length - 1; i >= 0; i--) {
      const [col, grad] = layers[i];
      if (col && col[3] > 0) cands = cands.map(c => over(col, c));
      if (grad.length) cands = grad.flatMap(g => cands.map(c => over(g, c)));
    }
    return cands;
  };
  const failures = [];
  let checked = 0;
  for (const el of document.querySelectorAll(root.split(',').map(r => r.trim() + ' *').join(','))) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length || el.closest(':disabled, [aria-hidden=true], script, style')) continue;
    const s = getComputedStyle(el), box = el.getBoundingClientRect();
    if (s.visibility !== 'visible' || box.width <= 1 || box.height <= 1) continue;  // hidden, or for screen readers
    let colour = parse(s.color), opacity = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    if (!colour || colour[3] * opacity === 0 || parseFloat(s.fontSize) < 6) continue;  // no visible text
    colour = [colour[0], colour[1], colour[2], colour[3] * opacity];
    const size = parseFloat(s.fontSize), bold = Number(s.fontWeight) >= 700;
    const need = (size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5;
    const worst = Math.min(...backgrounds(el).map(b => ratio(over(colour, b), b)));
    checked++;
    if (worst < need) failures.push(`${el.className || el.tagName} "${el.textContent.trim().slice(0, 40)}" ` +
                                    `${worst.toFixed(2)} < ${need}`);
  }
  return {checked, failures};
}"""


def axe(page) -> list[dict]:  # noqa: ANN001
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


def check(page, what: str, root: str = ".mm-root, .mm-lessons") -> None:  # noqa: ANN001
    """No serious or critical axe violation, and every text meets WCAG AA contrast."""
    found = axe(page)
    assert found == [], f"{what}: axe found {found}"
    contrast = page.evaluate(CONTRAST, root)
    assert contrast["checked"] > 5 and contrast["failures"] == [], f"{what}: {contrast}"


def relative_luminance(colour: str) -> float:
    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def test_card_face_colours_meet_wcag_aa_on_white() -> None:
    """Rank and suit are drawn inside the card images (no axe can read them): checked here."""
    for deck in (TWO_COLOUR, FOUR_COLOUR):
        for colour in deck.values():
            assert (1.05) / (relative_luminance(colour) + 0.05) >= 4.5, colour
    assert len(set(FOUR_COLOUR.values())) == 4  # each suit its own colour


def finished_game() -> mm.Game:
    g = mm.Game.new(2, "classic", seed=11)
    mm.play_out(g, [mm.make_bot("greedy", 1), mm.make_bot("greedy", 2)])
    return g


def test_the_table_app_has_no_serious_violations(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "play.ipynb?seed=5&players=3&pace=manual", READY)
    page.wait_for_function("() => window.__mmA11y && document.querySelector('.mm-status').textContent"
                           ".includes('choose a card')", timeout=WAIT)
    check(page, "table at the deal")
    # The latest events are a polite live region: a screen reader says each one as it comes.
    assert page.get_attribute(".mm-latest", "role") == "log"
    assert page.get_attribute(".mm-latest", "aria-live") == "polite"
    assert page.text_content(".mm-latest li:last-child") == page.text_content(".mm-log li:last-child")
    assert page.get_attribute(".mm-prompt", "aria-live") == "polite"  # errors and previews are said too
    # A card selected: highlights, Play and Cancel shown, the prompt says what it would take.
    page.click(".mm-hand .mm-card:not(.mm-empty)")
    page.wait_for_selector(".mm-hand .mm-selected", timeout=WAIT)
    check(page, "table with a card selected")
    # Bahasa Indonesia and the four-colour deck.
    page.click(".mm-language button:nth-child(2)")
    page.wait_for_function("() => document.documentElement.lang === 'id'", timeout=WAIT)
    page.click(".mm-four-colour input")
    page.wait_for_selector(".mm-table.mm-four", timeout=WAIT)
    check(page, "table in Indonesian with the four-colour deck")
    screenshot(page, "a11y-table-id-four-colour")
    # A finished game, loaded from its save file: the game-over view and the score sheet.
    page.click(".mm-save-button")
    page.fill(".mm-save textarea", finished_game().to_json())
    page.click(".mm-load-button")
    page.wait_for_selector(".mm-gameover:not(.mm-hidden)", timeout=WAIT)
    check(page, "game over (Indonesian, four-colour)")
    page.click(".mm-language button:nth-child(1)")
    page.wait_for_function("() => document.documentElement.lang === 'en'", timeout=WAIT)
    check(page, "game over (English, four-colour)")
    assert page.errors == []


def test_every_tutorial_lesson_has_no_serious_violations(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "tutorial.ipynb", ".mm-lesson")
    keys = [spec.key for spec in tutorial_lessons()]
    assert page.locator(".mm-progress-step").count() == len(keys) >= 6
    for i, key in enumerate(keys, start=1):
        page.click(f".mm-progress-{i}")
        page.wait_for_selector(f".mm-stage .mm-lesson-{key}", timeout=WAIT)
        page.wait_for_function("() => window.__mmA11y && document.querySelectorAll('.mm-lesson').length === 1",
                               timeout=WAIT)
        # Answer once, so the feedback box is checked too (a card, or the first offered answer).
        first = page.locator(f".mm-lesson-{key} .mm-task:visible").first.locator(
            ".mm-card:enabled, .mm-choice, .mm-act").first  # (a coached game's stock waits, disabled, for its turn)
        if first.count():
            first.click()
            page.wait_for_selector(".mm-lesson .mm-feedback:not(.mm-fb-quiet)", timeout=WAIT)
        check(page, f"lesson {i}")
    page.click(".mm-language button:nth-child(2)")
    page.wait_for_function("() => document.documentElement.lang === 'id'", timeout=WAIT)
    check(page, "last lesson in Indonesian")
    assert page.errors == []


def test_the_classroom_has_no_serious_violations(voila: VoilaServer, page) -> None:  # noqa: ANN001
    open_notebook(page, voila, "classroom.ipynb", ".mm-classroom")
    page.fill(".mm-code-input input", "2P-CLASSIC-8412-N")
    page.click(".mm-code-open")
    page.wait_for_selector(".mm-class-table .mm-hand .mm-card", timeout=WAIT)
    page.wait_for_function("() => window.__mmA11y", timeout=WAIT)
    check(page, "classroom with a deal open")
    for i, name in enumerate(("position editor", "exercises", "save and replay"), start=2):
        page.click(f".mm-class-tabs .lm-TabBar-tab:nth-child({i})")
        page.wait_for_selector(f".mm-class-tabs .lm-TabBar-tab:nth-child({i}).lm-mod-current", timeout=WAIT)
        check(page, f"classroom, {name}")
    assert page.errors == []
