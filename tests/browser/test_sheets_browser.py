"""The classroom's Printable sheets in a real Voilà + Chromium: choose, make, download a PDF; both languages."""

from __future__ import annotations

import pytest
from conftest import ARTIFACTS, screenshot

pytestmark = pytest.mark.browser
WAIT = 60_000


def open_classroom(page, voila, query: str = "") -> None:  # noqa: ANN001
    page.goto(voila.render_url("classroom.ipynb") + query, timeout=WAIT)
    page.wait_for_selector(".mm-sheets .mm-sheet-make", timeout=WAIT)


@pytest.mark.parametrize(("lang", "label", "words"), [
    ("en", "Rules sheet: Red Ten", "Make the PDF"),
    ("id", "Lembar aturan: Red Ten", "Buat PDF"),
])
def test_make_and_download_a_rules_sheet(voila, page, lang: str, label: str, words: str) -> None:  # noqa: ANN001
    import pypdf
    from playwright.sync_api import expect

    open_classroom(page, voila, f"?lang={lang}")
    panel = page.locator(".mm-sheets")
    panel.scroll_into_view_if_needed()
    make = panel.locator(".mm-sheet-make")
    expect(make).to_have_text(words)
    panel.locator(".mm-sheet-pick select").select_option(label=label)
    box = make.bounding_box()
    make.click()
    link = panel.locator(".mm-sheet-link")
    expect(link).to_be_visible(timeout=WAIT)
    assert make.bounding_box() == box, "the Make button stays where it was clicked"
    with page.expect_download(timeout=WAIT) as got:
        link.click()
    path = ARTIFACTS / f"sheet-red-ten-{lang}.pdf"
    got.value.save_as(str(path))
    assert got.value.suggested_filename == f"red-ten-rules-{lang}.pdf"
    reader = pypdf.PdfReader(str(path))
    assert len(reader.pages) == 1
    assert ("the rules" if lang == "en" else "aturan main") in reader.pages[0].extract_text()
    screenshot(page, f"sheets-panel-1280-{lang}")
    page.set_viewport_size({"width": 390, "height": 844})
    panel.scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page scrolls sideways at 390 px ({width} px)"
    screenshot(page, f"sheets-panel-390-{lang}")
    assert "Traceback" not in page.inner_text("body")
