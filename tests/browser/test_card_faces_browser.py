"""Cards show only what their game says, in a real page: Red Ten's and In The Red's tables draw no points
badge and say no points, Main Merah's draw badges on its red cards and say their points."""

from __future__ import annotations

import pytest
from conftest import VoilaServer, open_notebook

pytestmark = pytest.mark.browser
WAIT = 60_000

# Every face-up card the board draws: its computed face (the stylesheet's data: URI) and its spoken name.
FACES_JS = """() => [...document.querySelectorAll('.mm-board .mm-card:not(.mm-empty):not(.mm-back)')].map(e => ({
  cls: e.className, face: getComputedStyle(e).backgroundImage, label: e.getAttribute('aria-label') || '',
  title: e.getAttribute('title') || ''}))"""


def faces(page, game: str) -> list[dict[str, str]]:  # noqa: ANN001
    found: list[dict[str, str]] = page.evaluate(FACES_JS)
    assert found, f"no face-up card drawn at the {game} table"
    return found


@pytest.mark.parametrize("game, scores", [("red-ten", False), ("in-the-red", False), ("main-merah", True)])
def test_a_tables_cards_show_points_only_for_a_game_that_counts_them(
        page, voila: VoilaServer, game: str, scores: bool) -> None:  # noqa: ANN001
    open_notebook(page, voila, f"play.ipynb?game={game}&seed=5&pace=instant", ".mm-hand .mm-card", WAIT)
    page.wait_for_function("() => document.querySelector(`.mm-root.mm-game-" + game + "`) !== null", timeout=WAIT)
    drawn = faces(page, game)
    badged = [f["cls"] for f in drawn if "rx='10'" in f["face"] or "rx=%2710%27" in f["face"]]
    spoken = [f["label"] for f in drawn if "point" in f["label"] or "point" in f["title"]]
    if scores:
        assert badged and spoken, drawn  # Main Merah: its red cards carry their points, said too
        assert all(("mm-c-" in c and c.split("mm-c-")[1].split()[0][-1] in "HD") for c in badged)
    else:
        assert badged == [] and spoken == [], drawn
    assert page.errors == []
