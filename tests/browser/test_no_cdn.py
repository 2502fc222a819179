"""Nothing any page asks for leaves the server: every request of every page goes to 127.0.0.1.

Voila's own page template links Font Awesome from a CDN; the app's template (config/app,
found through JUPYTER_PATH as ``make app`` and the fixtures set it) drops those links. Each
page is opened in a real Chromium with every request recorded until it has drawn.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from conftest import VoilaServer

pytestmark = pytest.mark.browser
WAIT = 90_000

# (path, what shows once the page has drawn)
PAGES = [
    ("/", "a[href*='play.ipynb']"),
    ("/voila/render/play.ipynb", ".mm-hand .mm-card"),
    ("/voila/render/play.ipynb?game=chinese-ten&players=3", ".mm-hand .mm-card"),
    ("/voila/render/play.ipynb?game=red-ten&players=4", ".mm-hand .mm-card"),
    ("/voila/render/play.ipynb?game=in-the-red&players=3", ".mm-hand .mm-card"),
    ("/voila/render/tutorial.ipynb", ".mm-lessons"),
    ("/voila/render/classroom.ipynb", ".mm-classroom"),
    ("/voila/render/strategy-lab.ipynb", ".jp-OutputArea-output"),
    ("/voila/render/puzzles.ipynb", ".mm-pz-game"),
]


@pytest.mark.parametrize(("path", "ready"), PAGES, ids=[p for p, _r in PAGES])
def test_every_request_stays_on_the_server(voila_app: VoilaServer, browser, path: str, ready: str) -> None:  # noqa: ANN001
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    hosts: list[str] = []
    page.on("request", lambda r: hosts.append(urlsplit(r.url).hostname or r.url.split(":")[0]))
    try:
        page.goto(voila_app.url + path, timeout=WAIT)
        page.wait_for_selector(ready, timeout=WAIT, state="attached")
        page.wait_for_timeout(1500)  # late requests (style sheets, fonts) have been made by now
    finally:
        context.close()
    assert hosts, "no request was recorded"
    away = sorted({h for h in hosts if h not in ("127.0.0.1", "data", "blob")})
    assert away == [], f"{path} asked {away}"
