"""The pages a test closes free their kernels (tests/browser/conftest.py, ``closing_as_a_visitor``).

Playwright's ``close()`` runs no ``beforeunload`` handler, the one by which Voila's page shuts its kernel
down: test pages used to keep their kernels until the culler came (one test server held 28). Here a
page closed by a test, and the pages of a context a test closes, leave the server without their kernels.
"""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook

pytestmark = pytest.mark.browser
WAIT = 60_000


def kernel_of(page) -> str:  # noqa: ANN001
    return page.evaluate("() => window.jupyterapp.widgetManager.kernel.id")


def test_pages_a_test_closes_free_their_kernels(voila: VoilaServer, browser) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    pages = [context.new_page() for _ in range(3)]
    for pg, notebook in zip(pages, ("play.ipynb?pace=manual", "tutorial.ipynb", "classroom.ipynb"), strict=True):
        open_notebook(pg, voila, notebook, ".mm-root, .mm-lesson, .mm-classroom", timeout=WAIT)
    kernels = [kernel_of(pg) for pg in pages]
    assert len(set(kernels)) == 3 and set(kernels) <= voila.kernels()

    pages[0].close()  # one tab closed by the test itself
    context.close()  # and the others with their context, as every test's page fixture does
    assert context.closed_kernels == set(kernels)
    assert not set(kernels) & voila.kernels(), f"kernels left running: {set(kernels) & voila.kernels()}"


def test_the_tests_chromium_turns_off_playwrights_features_and_the_address_bars_popup(browser) -> None:  # noqa: ANN001
    """Chromium reads only the last ``--disable-features``: the one the fixture adds (conftest.quiet_features) keeps
    every feature Playwright's own switch, earlier on the same command line, turns off."""
    from conftest import QUIET, launched_chromiums

    launched = launched_chromiums()
    assert len(launched) == 1, f"{len(launched)} browsers"
    switches = [set(a.removeprefix("--disable-features=").split(","))
                for a in launched[0] if a.startswith("--disable-features=")]
    assert len(switches) == 2, switches  # Playwright's, then the fixture's
    playwrights, read = switches
    assert playwrights and playwrights | set(QUIET) <= read, (playwrights - read, set(QUIET) - read)


def test_the_tests_chromium_draws_no_browser_ui_pages(browser) -> None:  # noqa: ANN001
    """No window a test opens runs a page of Chromium's own interface (the address bar's popup, whatever features a
    new Chromium draws it under: :data:`conftest.QUIET` names them): each would cost CPU at every page load."""
    context = browser.new_context()
    try:
        context.new_page().goto("data:text/html,<p>a page</p>")
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets")["targetInfos"]
        cdp.detach()
    finally:
        context.close()
    assert any(t["type"] == "page" for t in targets), targets
    ui = [t["url"] for t in targets if t["type"] == "browser_ui" or t["url"].startswith("chrome://")]
    assert ui == [], f"Chromium draws {ui}: add the feature that shows it to conftest.QUIET"
