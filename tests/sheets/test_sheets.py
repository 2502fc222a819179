"""Printable sheets: rules sheets and puzzle worksheets as PDF, in both languages, read back and looked at."""

from __future__ import annotations

import base64
import io
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import matplotlib.image as mpimg
import numpy as np
import pytest

pypdf = pytest.importorskip("pypdf")

import mainmerah as mm  # noqa: E402
from mainmerah import sheets  # noqa: E402
from mainmerah.core import registry  # noqa: E402
from mainmerah.core.cards import PACK_WITH_JOKERS  # noqa: E402
from mainmerah.core.i18n import _, set_language  # noqa: E402
from mainmerah.families.fishing.explain import rule_of  # noqa: E402
from mainmerah.families.fishing.rules import VARIANTS, get_ruleset  # noqa: E402
from mainmerah.families.red_ten.rules import surrender  # noqa: E402
from mainmerah.sheets.document import rules_games, write_all  # noqa: E402
from mainmerah.sheets.faces import face_shapes  # noqa: E402
from mainmerah.sheets.page import has_chinese, printable, without_chinese  # noqa: E402
from mainmerah.sheets.puzzles import worksheet  # noqa: E402

LANGS = ("en", "id")


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


def pdf_text(data: bytes) -> list[str]:
    """Each page's text, with runs of white space made one space (a PDF breaks lines where it likes)."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", printable(text))


def ink(png: bytes) -> tuple[float, float]:
    """The share of a page's pixels that are not white, and the share that are the cards' red."""
    img = mpimg.imread(io.BytesIO(png))[..., :3]
    dark = float(np.mean(img.min(axis=2) < 0.9))
    red = float(np.mean((img[..., 0] > 0.55) & (img[..., 1] < 0.3) & (img[..., 2] < 0.3)))
    return dark, red


# ----- rules sheets ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", rules_games())
def test_rules_sheet_is_one_page_with_the_games_own_words(game: str, lang: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pages = sheets.rules_pages(game)
        data = sheets.pdf_bytes(pages, game)
    missing = [str(w.message) for w in caught if "missing from font" in str(w.message)]
    assert not missing, missing  # every letter and suit symbol printed is in the embedded font
    assert data.startswith(b"%PDF")
    texts = pdf_text(data)
    assert len(pages) == len(texts) == 1
    text = texts[0]
    info = registry.get(game)
    assert flat(_("{game}: the rules").format(game=_(info.title))) in text
    assert flat(_(info.blurb))[:40] in text
    assert "♥" in text and "♠" in text
    if lang == "id":
        assert "the rules" not in text and "aturan" in text


@pytest.mark.parametrize("game", ["main-merah", "chinese-ten"])
def test_fishing_sheet_reads_its_ruleset(game: str, lang: str) -> None:
    rules = get_ruleset("chinese-ten" if game == "chinese-ten" else "classic")
    text = pdf_text(sheets.rules_pdf(game))[0]
    for n in rules.players:
        assert str(rules.total(n)) in text
    for n, (hand, table, stock) in rules.sizes.items():
        assert f"{n} {hand} {table} {stock}" in text  # the set-up table's row
    for rank in (1, 2, 5, 13):
        assert flat(rule_of(rank)) in text
    if game == "main-merah":
        assert all(name in text for name in VARIANTS)
    else:
        assert "280" in text and "40" in text  # A♣ scores 40 with four players


def test_red_ten_sheet_reads_its_scoring(lang: str) -> None:
    text = pdf_text(sheets.rules_pdf("red-ten"))[0]
    assert " / ".join(("−3", "+1", "+1", "+1")) in text
    assert all(f"{s:+d}".replace("-", "−") in text for s in surrender(0).scores)
    assert "+18 / −6 / −6 / −6" in text  # the rule book's open 1-against-3 example, computed by settle()


def test_sheets_leave_out_chinese_the_fonts_lack() -> None:
    assert without_chinese("first (上游)") == "first"
    sick = 'a pair of 10s (10♥ 10♣, a "sick" red ten'
    assert without_chinese(sick + ', 带病红十)') == sick + ")"
    assert without_chinese("the flagpole bomb (旗杆炸弹), both jokers") == "the flagpole bomb, both jokers"
    assert without_chinese("Chinese Ten (拣红点): four cards") == "Chinese Ten: four cards"
    # With the Chinese font (the app's set-up installs it) nothing is left out.
    assert printable("first (上游)") == ("first (上游)" if has_chinese() else "first")


def test_every_card_face_is_drawn_from_the_apps_svg() -> None:
    for card in PACK_WITH_JOKERS:
        shapes = face_shapes(card, 0)
        assert len(shapes) >= 4  # the border, the rank, two suit symbols (a joker: its letters and star)
    badge = face_shapes(mm.Card.parse("AH"), 20)
    plain = face_shapes(mm.Card.parse("AH"), 0)
    assert len(badge) > len(plain)  # the points badge: its pill and its digits


def test_rules_pages_are_not_blank() -> None:
    for game in rules_games():
        png = sheets.png_bytes(sheets.rules_pages(game)[0], dpi=50)
        dark, red = ink(png)
        assert 0.03 < dark < 0.6, (game, dark)  # text, tables and cards, on a mostly white page
        assert red > 0.001, (game, red)  # red card faces are there


# ----- puzzle worksheets ----------------------------------------------------------------------------
@dataclass
class StandIn:
    """A puzzle as ``mm.puzzles`` gives one (test-only: values proved here by brute force)."""

    game: str
    variant: str
    layout: dict[str, Any]
    id: str
    level: int
    values: dict[str, int] = field(default_factory=dict)
    best: str = ""
    themes: tuple[str, ...] = ("take the red card now",)
    reason: str = ""

    @property
    def rules(self) -> str:  # (a Main Merah puzzle names its variant, as the shipped ones do)
        return _("{variant} rules").format(variant=self.variant)


def solve(game: Any, root: int) -> int:
    """The final margin for ``root`` (root's points minus the other's) when both sides play their best."""
    if game.decision is None:
        s = game.scores
        return s[root] - s[1 - root]
    results = []
    for action in game.legal_actions():
        nxt = game.copy()
        nxt.act(action)
        results.append(solve(nxt, root))
    return max(results) if game.decision.seat == root else min(results)


LAYOUTS = [
    {"hands": ["9D 5C", "AH 3S"], "table": "AC 5H 7D", "stock": "3H 9S 2C 8D", "first": 0, "piles": ["KH KS", ""]},
    {"hands": ["4H QS", "6D QD"], "table": "6C 4S QH", "stock": "2H 8C 7S 3D", "first": 0, "piles": ["", "10H 10C"]},
    {"hands": ["AD 8S", "2D 9C"], "table": "9H 2S 5D", "stock": "5C JH JS 7H", "first": 1, "piles": ["", ""]},
    {"hands": ["KD 7C", "3C KC"], "table": "KH 3H 10D", "stock": "10S 6H 4C 9D", "first": 0,
     "piles": ["AS 4S", "2H 8S"]},
    {"hands": ["5S 8H", "2C JD"], "table": "5D 8D JC", "stock": "2H QC QH 6S", "first": 1, "piles": ["", "AH 9S"]},
]


def stand_ins() -> list[StandIn]:
    out = []
    for i, layout in enumerate(LAYOUTS, 1):
        full = {**layout, "variant": "classic"}
        game = mm.game_from_layout("main-merah", **full)
        p = StandIn("main-merah", "classic", full, f"MM-T{i}", 1 + i % 2)
        for action in game.legal_actions():
            nxt = game.copy()
            nxt.act(action)
            p.values[action] = solve(nxt, game.decision.seat)
        p.best = max(p.values, key=p.values.__getitem__)
        p.reason = f"{p.best}: " + "; ".join(nxt.explain()[-2:])
        out.append(p)
    return out


def test_worksheet_then_answer_key(lang: str) -> None:
    puzzles = stand_ins()
    pages = worksheet(puzzles, "Test worksheet")  # type: ignore[arg-type]
    texts = pdf_text(sheets.pdf_bytes(pages, "Test worksheet"))
    assert len(texts) == len(pages) >= 2
    for i, text in enumerate(texts, 1):
        assert flat(_("{title} · page {n} of {total}").format(title="Test worksheet", n=i, total=len(pages))) in text
    key = [i for i, t in enumerate(texts) if flat(_("Answers: {title}").format(title="Test worksheet")) in t]
    assert key and key == list(range(key[0], len(texts)))  # the answers come last, on pages of their own
    questions, answers = " ".join(texts[: key[0]]), " ".join(texts[key[0]:])
    for n, p in enumerate(puzzles, 1):
        assert questions.count(p.id) == 1 and answers.count(p.id) == 1
        assert flat(_("Puzzle {n}: play {best}").format(n=n, best=p.best)) in answers
        assert flat(_("Puzzle {n}: play {best}").format(n=n, best=p.best)) not in questions
        for action, margin in p.values.items():
            shown = f"{margin:+d}".replace("-", "−") if margin else "0"
            assert f"{action} {shown}" in answers
        game = mm.game_from_layout(p.game, **p.layout)
        hand = " ".join(str(c) for c in game.hands[game.seat])
        assert hand  # the position's cards are drawn, not written: the drawing is checked on the images
    for page in pages:
        dark, _red = ink(sheets.png_bytes(page, dpi=50))
        assert dark > 0.01


def test_worksheet_refuses_no_puzzles() -> None:
    with pytest.raises(ValueError, match="at least one puzzle"):
        worksheet([], "empty")


@pytest.mark.skipif(not hasattr(mm, "puzzles"), reason="no mm.puzzles yet: the stand-ins above test the sheet")
def test_shipped_puzzles_make_a_worksheet() -> None:
    for game in ("main-merah", "chinese-ten"):
        chosen = [mm.puzzles(game=game, level=level)[0] for level in (1, 2, 3)]  # type: ignore[attr-defined]
        pages = worksheet(chosen, game)
        answers = " ".join(pdf_text(sheets.pdf_bytes(pages, game)))
        for n, p in enumerate(chosen, 1):
            assert flat(_("Puzzle {n}: play {best}").format(n=n, best=p.best)) in answers
            assert all(flat(t) in answers for t in p.themes)


@pytest.mark.slow
def test_write_all_writes_every_sheet(tmp_path: Any, long_sweeps: bool) -> None:
    """``make sheets``: every rules sheet and a worksheet per shipped level, in each language. Every file is
    planned; in CI the rules sheets and each game's first worksheet are drawn in English (a worksheet of
    another level is the same code on other puzzles: MAINMERAH_LONG=1 writes them all, in both languages)."""
    from mainmerah.core.i18n import LANGUAGES
    from mainmerah.sheets.document import puzzle_games, sheet_files

    planned = [name for name, _lang, _make in sheet_files()]
    expected = {f"rules-{g}-{lang}.pdf" for g in rules_games() for lang in LANGUAGES}
    for game in puzzle_games():
        levels = {p.level for p in registry.puzzles(game) or ()}
        assert levels, f"{game} ships no puzzles"
        expected |= {f"puzzles-{game}-level{n}-{lang}.pdf" for n in levels for lang in LANGUAGES}
    assert sorted(planned) == sorted(expected) and len(planned) == len(set(planned))

    firsts = {f"puzzles-{g}-level{min(p.level for p in registry.puzzles(g) or ())}-en.pdf" for g in puzzle_games()}
    if long_sweeps:
        written = write_all(tmp_path)
        assert sorted(p.name for p in written) == sorted(expected)
    else:
        written = write_all(tmp_path, ["en"], keep=lambda name: name.startswith("rules-") or name in firsts)
        assert {p.name for p in written} == {n for n in expected if n.endswith("-en.pdf")
                                            and (n.startswith("rules-") or n in firsts)}
    for path in written:
        assert path.exists() and path.read_bytes().startswith(b"%PDF")


# ----- the classroom's panel -----------------------------------------------------------------------
def test_panel_makes_a_downloadable_pdf_in_the_page_language() -> None:
    from mainmerah.pages.sheets_panel import SheetsPanel, make_pdf

    panel = SheetsPanel()
    keys = [k for _label, k in panel.pick.options]
    assert [k for k in keys if k.startswith("rules:")] == [f"rules:{g}" for g in rules_games()]
    panel.pick.value = "rules:red-ten"
    data = panel.build()
    assert data is not None and panel.message.kind == "good"
    href = re.search(r'href="data:application/pdf;base64,([^"]+)"', panel.link.value)
    assert href and base64.b64decode(href.group(1)) == data
    assert 'download="red-ten-rules-en.pdf"' in panel.link.value
    try:
        set_language("id")
        assert panel.make.description == _("Make the PDF") != "Make the PDF"
        assert panel.pick.value == "rules:red-ten" and panel.link.value == ""  # labels anew, the old PDF gone
        text = pdf_text(panel.build() or b"")[0]
        assert "aturan" in text
    finally:
        set_language("en")
    with pytest.raises(ValueError, match="no sheet 'rules:chess'"):
        make_pdf("rules:chess")


def test_panel_refuses_a_value_it_does_not_offer(monkeypatch: pytest.MonkeyPatch) -> None:
    from mainmerah.pages import sheets_panel

    panel = sheets_panel.SheetsPanel()
    # What a tampered page could send: a value the dropdown never offered.
    monkeypatch.setattr(panel, "pick", SimpleNamespace(value="puzzles:main-merah:9; rm -rf /"))
    link = panel.link.value
    assert panel.build() is None
    assert panel.message.kind == "bad" and "puzzles:main-merah:9" in panel.message.text
    assert panel.link.value in ("", link)


def test_classroom_page_shows_the_panel_with_its_game_first() -> None:
    from mainmerah.pages.classroom import classroom_page
    from mainmerah.pages.sheets_panel import SheetsPanel

    for query, game in (("", "main-merah"), ("game=chinese-ten", "chinese-ten")):
        panel = next(c for c in classroom_page(query).children if isinstance(c, SheetsPanel))
        assert panel.pick.value == f"rules:{game}"
    # Every worksheet is on offer, one per level of the puzzles each game ships...
    assert [k for _label, k in panel.pick.options if k.startswith("puzzles:")] == [
        f"puzzles:{g}:{level}" for g in registry.games_with("puzzles")
        for level in sorted({p.level for p in registry.puzzles(g) or ()})]


def test_the_classroom_page_opens_without_the_pdf_machinery() -> None:
    """...yet the page opens without importing matplotlib (about 1 s of a kernel's start, most of the page's
    making): the sheets' machinery is imported when a PDF is made."""
    code = ("import sys\nfrom mainmerah.pages.classroom import classroom_page\nclassroom_page('game=chinese-ten')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'matplotlib'))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]", done.stdout[-300:]


def test_panel_without_matplotlib_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The static site has no matplotlib: the panel explains instead of failing."""
    from mainmerah.pages import sheets_panel

    monkeypatch.setattr(sheets_panel, "can_print", lambda: False)
    panel = sheets_panel.SheetsPanel()
    assert panel.make.disabled and "matplotlib" in panel.message.text
