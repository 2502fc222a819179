"""Nothing any page asks for leaves the server: every request of every page goes to 127.0.0.1.

Every browser test's pages are watched for as long as they are open (``nothing_leaves_the_server`` in
tests/browser/conftest.py: the home page, each game's table, the tutorial, the classroom, the lab, the puzzles
and the teacher's page are all opened by some test, in more states than a page drawn once). Here: the watch
itself catches a request that leaves, from a context's page and from a page of its own context, and the app's
page template names no other origin.
"""

from __future__ import annotations

import re
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import AWAY, VoilaServer

pytestmark = pytest.mark.browser
ELSEWHERE = "http://192.0.2.1/font-awesome.css"  # (TEST-NET-1: an address no network routes)


def caught(make_page) -> list[str]:  # noqa: ANN001
    """The requests the watch recorded while a page asked ``ELSEWHERE`` for a style sheet (taken off the record:
    this test means them)."""
    start = len(AWAY)
    page = make_page()
    page.route("http://192.0.2.1/**", lambda r: r.abort())
    page.set_content(f'<link rel="stylesheet" href="{ELSEWHERE}"><p>a page</p>')
    page.wait_for_function("() => document.readyState === 'complete'")
    page.close()
    found = [url for _test, url in AWAY[start:]]
    del AWAY[start:]
    return found


def test_the_watch_catches_a_request_that_leaves_the_server(browser) -> None:  # noqa: ANN001
    context = browser.new_context()
    try:
        assert caught(context.new_page) == [ELSEWHERE]
    finally:
        context.close()
    assert caught(browser.new_page) == [ELSEWHERE]


LINKED = re.compile(r"""(?:src|href)\s*=\s*["']((?:https?:)?//[^"']+)""")


def elsewhere(html: str) -> list[str]:
    """What ``html`` links (src, href) on a host other than 127.0.0.1."""
    return [u for u in LINKED.findall(html) if not u.startswith(("http://127.0.0.1", "//127.0.0.1"))]


@pytest.mark.parametrize("path", ["/", "/voila/render/play.ipynb?pace=manual"])
def test_the_pages_name_no_other_origin(voila_app: VoilaServer, path: str) -> None:
    """The page as served (before any script runs) links nothing on another host: Voila's lab template links Font
    Awesome on a CDN (the check finds it there), the app's (config/app) does not."""
    lab = Path(sys.prefix) / "share/jupyter/voila/templates/lab/index.html.j2"  # (where pip puts Voila's templates)
    assert any("cdn" in u for u in elsewhere(lab.read_text(encoding="utf-8")))
    with urllib.request.urlopen(voila_app.url + path, timeout=120) as r:
        html = r.read().decode("utf-8")
    assert "<html" in html.lower() and re.search(r"(?:src|href)\s*=", html)  # (it links its scripts, here)
    assert elsewhere(html) == []
