"""The Bahasa Indonesia catalog: complete, faithful to its placeholders, compiled, and live-switchable."""

from __future__ import annotations

import io
import re
import string
from collections import Counter

import pytest

import mainmerah as mm
from mainmerah.core import catalog
from mainmerah.core.i18n import _, language, set_language
from mainmerah.families.fishing.rules import card_name

ENGLISH_WORDS = re.compile(r"\b(the|with|and|pairs|takes|stays|flips|plays|of|you|points?)\b")
CARD_TOKEN = re.compile(r"(?:10|[2-9AJQK])[♥♦♣♠]")
MARKUP = ("**", "|", "\n", "<", ">")



@pytest.fixture(scope="module")
def po() -> object:
    return catalog.load_po("id")


def fields(text: str) -> Counter[tuple[str, str | None, str]]:
    """Each replacement field as (name, conversion, format spec), e.g. ("m", None, "+.2f")."""
    return Counter((name, conv, spec or "") for _lit, name, spec, conv in string.Formatter().parse(text)
                   if name is not None)


def translations(po: object) -> list[tuple[str, str]]:
    """(source, translation) pairs; a plural's one Indonesian form is compared with the plural source."""
    out = []
    for msg in po:  # type: ignore[attr-defined]
        if not msg.id:
            continue
        if isinstance(msg.id, tuple):
            out.append((msg.id[1], msg.string[0]))
        else:
            out.append((msg.id, msg.string))
    return out


# ----- (a) completeness, (d) the compiled catalog -------------------------------------------------

def test_every_string_has_an_indonesian_translation() -> None:
    template = catalog.extract()
    assert len(template) > 100, "extraction found almost nothing: is the extractor broken?"
    missing = catalog.missing(template, catalog.load_po("id"))
    assert missing == [], f"{len(missing)} strings lack Indonesian; run python -m mainmerah.core.catalog and translate"


def test_catalog_check_is_clean() -> None:
    assert catalog.check() == []


def test_mo_is_compiled_from_the_po(po: object) -> None:
    mo = catalog.po_path("id").with_suffix(".mo")
    assert mo.read_bytes() == catalog.mo_bytes(po), "the .mo is stale: run python -m mainmerah.core.catalog"


def test_po_declares_one_plural_form(po: object) -> None:
    assert po.num_plurals == 1  # type: ignore[attr-defined]
    assert all(len(m.string) == 1 for m in po if isinstance(m.id, tuple))  # type: ignore[attr-defined]


# ----- (b) faithful translations --------------------------------------------------------------

def test_placeholders_match_the_source(po: object) -> None:
    bad = [(src, tr) for src, tr in translations(po) if tr and fields(src) != fields(tr)]
    assert bad == []


def test_card_notation_and_markup_kept(po: object) -> None:
    bad = []
    for src, tr in translations(po):
        if not tr:
            continue
        if Counter(CARD_TOKEN.findall(src)) != Counter(CARD_TOKEN.findall(tr)):
            bad.append(("cards", src, tr))
        for mark in MARKUP:
            if src.count(mark) != tr.count(mark):
                bad.append((mark, src, tr))
    assert bad == []


def test_fields_helper_sees_conversions_and_specs() -> None:
    assert fields("{token!r} {m:+.2f} {n}") == Counter([("token", "r", ""), ("m", None, "+.2f"), ("n", None, "")])
    assert fields("{token} {m:+.2f} {n}") != fields("{token!r} {m:+.2f} {n}")


# ----- the extractor ------------------------------------------------------------------------------

def test_extractor_reads_calls_inside_f_strings() -> None:
    source = (
        b"x = f\"<b>{escape(_('Inside an f-string'))}</b>\"\n"
        b"# TRANSLATORS: a note for the translator\n"
        b"y = ngettext('one card', '{n} cards', n)\n"
        b"z = _(label)\n"
    )
    found = list(catalog.extract_python_ast(io.BytesIO(source), catalog.KEYWORDS, (), {}))
    assert found[0][:3] == (1, "_", ("Inside an f-string",))
    assert found[1] == (3, "ngettext", ("one card", "{n} cards", None), ["a note for the translator"])
    assert found[2][2] == (None,)  # a variable: nothing to extract


def test_package_strings_inside_f_strings_are_extracted() -> None:
    template = catalog.extract()
    assert "What {who} sees" in template  # svg.py builds it inside an f-string


# ----- (c) switching live -------------------------------------------------------------------------

def test_card_names_switch_and_read_naturally() -> None:
    seven = mm.Card.parse("7h")
    english = card_name(seven)
    set_language("id")
    assert language() == "id"
    assert card_name(seven) == "tujuh hati, merah, 7 poin"
    assert card_name(mm.Card.parse("AD")) == "As wajik, merah, 20 poin"
    assert card_name(mm.Card.parse("KS")) == "King sekop, hitam, 0 poin"
    names = [card_name(c) for c in mm.parse_cards(" ".join(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()
                                                       for s in "HDCS"))]
    assert len(set(names)) == 52
    assert not [n for n in names if ENGLISH_WORDS.search(n)]
    set_language("en")
    assert card_name(seven) == english == "seven of hearts, red, 7 points"


def test_event_explanations_switch() -> None:
    g = mm.Game.new(players=2, variant="classic", seed=7)
    mm.play_out(g, [mm.make_bot("greedy", 1), mm.make_bot("random", 2)])
    english = [e.explain() for e in g.events]
    set_language("id")
    indonesian = [e.explain() for e in g.events]
    assert all(a != b for a, b in zip(english, indonesian, strict=True))
    text = "\n".join(indonesian)
    assert "meja" in text and "Permainan selesai." in text
    assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)
    assert g.summary() == text
    set_language("en")
    assert [e.explain() for e in g.events] == english


def test_rule_errors_switch() -> None:
    g = mm.Game.from_layout(hands=[["7h"], ["3s"]], table=["3d", "9c"], stock=["2c", "4c"], first=0)
    with pytest.raises(mm.RuleError) as english:
        g.play("3s")
    set_language("id")
    with pytest.raises(mm.RuleError) as indonesian:
        g.play("3s")
    assert str(indonesian.value) == "3♠ tidak ada di tangan pemain 0"
    with pytest.raises(mm.CardError, match="bukan kartu: 'ZZ'"):
        mm.Card.parse("ZZ")
    set_language("en")
    with pytest.raises(mm.RuleError) as again:
        g.play("3s")
    assert str(again.value) == str(english.value) != str(indonesian.value)
    assert g.hands[0] == (mm.Card.parse("7h"),)  # refused plays changed nothing


def test_unknown_language_is_refused_and_changes_nothing() -> None:
    set_language("id")
    for code in ("fr", "", "ID", "indonesian"):
        with pytest.raises(ValueError, match="unknown language"):
            set_language(code)
        assert language() == "id"
        assert _("Game over.") == "Permainan selesai."
    set_language("en")
    assert _("Game over.") == "Game over."


def test_labels_marked_with_n_are_translated() -> None:
    """Tables of constants (the pace choices) are marked with N_ and translated where shown."""
    from mainmerah.table.controls import PACES

    po = catalog.load_po("id")
    assert [label for label, _value in PACES if not catalog.translated(po.get(label))] == []
    set_language("id")
    assert _(PACES[0][0]) != PACES[0][0]  # "step by step (Next)" really switches ("normal" stays "normal")
