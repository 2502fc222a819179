"""Issue 23 finding 20, Indonesian: one word per idea in every compiled catalog (the glossary at the
top of locale/id/LC_MESSAGES/mainmerah.po), no English game word left in a translation or in the log,
and "kamu" capitalised only where a sentence starts."""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import pytest

from mainmerah.core import registry
from mainmerah.core.i18n import DOMAIN, GAME_DOMAINS, LOCALE_DIR, set_language


def entries() -> Iterator[tuple[str, str, str]]:
    """(domain, msgid, msgstr) of every compiled Indonesian catalog; plurals give each form."""
    for domain in (DOMAIN, *GAME_DOMAINS):
        with (LOCALE_DIR / "id" / "LC_MESSAGES" / f"{domain}.mo").open("rb") as f:
            cat: dict[object, str] = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
        for key, text in cat.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid:
                yield domain, str(msgid).replace("\x00", " | "), text


ENTRIES = list(entries())


def where(idea: str, domains: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The (msgid, msgstr) whose English names ``idea`` (a regex), in ``domains`` (all when empty)."""
    found = [(i, s) for d, i, s in ENTRIES if re.search(idea, i) and (not domains or d in domains)]
    assert found, f"no msgid says {idea!r}: the test lost its subject"
    return found


def wrong(pairs: list[tuple[str, str]], want: str, banned: str) -> list[tuple[str, str]]:
    return [(i, s) for i, s in pairs if not re.search(want, s, re.I) or re.search(banned, s)]


BUKA = r"\b(mem|di|pem)?buka(an|nya)?\b|\bpembuka\b"


def test_a_lesson_task_is_always_tugas() -> None:
    assert wrong(where(r"(?i)\btasks?\b"), r"\btugas\b", r"\bsoal\b") == []


def test_flipping_the_stock_is_membalik_never_the_word_for_open() -> None:
    pairs = [(i, s) for i, s in where(r"(?i)\bflip\w*|\bturn(s|ed)? up\b") if not re.search(r"(?i)\bopen", i)]
    assert wrong(pairs, r"balik", BUKA) == []


def test_leading_a_round_is_memulai_never_the_word_for_flip_or_reveal() -> None:
    pairs = where(r"(?i)\blead(s|er)?\b", ("red_ten",))
    assert wrong(pairs, r"mulai", BUKA + r"|balik|[tn]unjuk") == []


def test_revealing_a_red_ten_is_menunjukkan() -> None:
    pairs = where(r"(?i)\breveal\w*", ("red_ten",))
    assert wrong(pairs, r"[tn]unjuk", BUKA + r"|perlihat|balik|mulai") == []


def test_a_hand_is_babak_and_a_round_is_putaran() -> None:
    hands = where(r"(?i)\b(open|hidden|whole|guided) hand\b|^Hand over$|^The hand is over", ("red_ten",))
    assert wrong(hands, r"\bbabak\b", r"(?i)\bputaran\b|\bpermainan (terbuka|tertutup)") == []
    rounds = [(i, s) for i, s in where(r"(?i)\bround\b", ("red_ten", "in_the_red"))
              if not re.search(r"(?i)wrap round|as if the round", i)]
    assert wrong([p for p in rounds if not re.search(r"(?i)\b(deal|hand)\b", p[0])], r"(?i)\bputaran\b",
                 r"(?i)\b(babak|ronde)\b") == []
    assert wrong(rounds, r"(?i)\bputaran\b", r"(?i)\bronde\b") == []
    assert [(i, s) for _d, i, s in ENTRIES if re.search(r"(?i)\bronde\b", s)] == []


# English words of play that a translation must not keep (a typed action such as 'pass' may stay).
ENGLISH = re.compile(r"\b(keep|reveal|revealed|surrender|pass|passed|flip|lead|leads|round|hand)\b")


def test_no_english_game_word_is_left_in_a_translation() -> None:
    left = [(i, s) for _d, i, s in ENTRIES
            if ENGLISH.search(re.sub(r"'[^']*'|type: .*|\{[^}]*\}", "", s)) and not re.search(r"'pass'|type: ", i)]
    assert left == []


@pytest.fixture
def indonesian() -> Iterator[None]:
    set_language("id")
    yield
    set_language("en")


def _finish(game: str, seed: int, players: int, prefer: str = "") -> list[str]:
    g = registry.new_game(game, seed=seed, players=players)
    steps = 0
    while not g.is_over and steps < 3000:
        acts = g.legal_actions()
        g.act(next((a for a in acts if str(a).startswith(prefer)), acts[0]) if prefer else acts[0])
        steps += 1
    return list(g.explain(None, 0))


@pytest.mark.parametrize("seed", range(6))
def test_red_ten_log_says_the_answers_in_indonesian(seed: int, indonesian: None) -> None:
    log = "\n".join(_finish("red-ten", seed, 4, prefer="reveal"))
    assert "jawaban" in log
    assert not re.search(r"\b(keep|reveal|surrender)\b", log), log


@pytest.mark.parametrize("players", [3, 4, 6])
def test_kamu_is_capitalised_only_where_a_sentence_starts(players: int, indonesian: None) -> None:
    mid = re.compile(r"(?<=[^\s.!?:;])\s+Kamu\b")
    for seed in range(4):
        for line in _finish("in-the-red", seed, players):
            assert not mid.search(line), line
