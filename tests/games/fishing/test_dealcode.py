"""Deal codes: round trips, and every kind of typo caught with a message naming it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mainmerah as mm
from mainmerah.families.fishing.dealcode import (
    DealCode,
    DealCodeError,
    check_letter,
    decode,
    encode,
    example,
    random_code,
)

variants = st.sampled_from(sorted(mm.VARIANTS))


@given(st.sampled_from([2, 3]), variants, st.integers(0, 10**9 - 1))
def test_round_trip(players: int, variant: str, seed: int) -> None:
    code = encode(players, variant, seed)
    assert decode(code) == DealCode(players, variant, seed)
    assert decode(code.lower()) == DealCode(players, variant, seed)
    assert decode("  " + code.replace("-", " ") + " ") == DealCode(players, variant, seed)


def test_code_looks_like_the_brief() -> None:
    code = encode(2, "classic", 8412)
    assert code.startswith("2P-CLASSIC-8412-") and len(code) == len("2P-CLASSIC-8412-X")
    assert str(decode(code)) == code


def test_same_code_same_deal() -> None:
    code = encode(3, "jb", 4711)
    a, b = decode(code).game(), decode(code).game()
    assert a.setup == b.setup
    assert a.players == 3 and a.variant.name == "jb" and a.seed == 4711
    assert decode(encode(3, "jb", 4712)).game().setup != a.setup


def test_missing_dash_before_letter_is_tolerated() -> None:
    code = encode(2, "cardgames", 93)
    assert decode(code[:-2] + code[-1]) == DealCode(2, "cardgames", 93)


@given(st.sampled_from([2, 3]), variants, st.integers(10**3, 10**9 - 1), st.data())
def test_any_single_digit_typo_is_caught(players: int, variant: str, seed: int, data: st.DataObject) -> None:
    code = encode(players, variant, seed)
    digits = str(seed)
    i = data.draw(st.integers(0, len(digits) - 1))
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != digits[i]]))
    typo = digits[:i] + new + digits[i + 1:]
    bad = f"{players}P-{variant.upper()}-{typo}-{code[-1]}"
    if int(typo) == seed:  # pragma: no cover (a leading zero only changes the spelling)
        return
    with pytest.raises(DealCodeError, match="check letter"):
        decode(bad)


@given(st.integers(10**3, 10**9 - 1), st.data())
def test_neighbour_swaps_are_caught(seed: int, data: st.DataObject) -> None:
    digits = str(seed)
    i = data.draw(st.integers(0, len(digits) - 2))
    if digits[i] == digits[i + 1]:
        return
    swapped = digits[:i] + digits[i + 1] + digits[i] + digits[i + 2:]
    if swapped.startswith("0"):
        return
    with pytest.raises(DealCodeError, match="check letter"):
        decode(f"2P-CLASSIC-{swapped}-{check_letter(f'2P-CLASSIC-{seed}')}")


def test_variant_swapped_is_caught() -> None:
    letter = encode(2, "classic", 8412)[-1]
    with pytest.raises(DealCodeError, match="check letter"):
        decode(f"2P-JB-8412-{letter}")


@pytest.mark.parametrize(("code", "words"), [
    ("", "type a deal code"),
    ("   ", "type a deal code"),
    ("hello", "four parts"),
    ("4P-CLASSIC-8412-A", "'4P' should be 2P or 3P"),
    ("2P-CLASIC-8412-A", "'CLASIC' is not a variant"),
    ("2P-CLASSIC-84X2-A", "'84X2' should be digits only"),
    ("2P-CLASSIC-8412", "check letter at the end"),
    ("2P-CLASSIC-8412-I", "'I' should be one check letter"),
    ("2P-CLASSIC-8412-AB", "'AB' should be one check letter"),
    ("2P-CLASSIC-1234567890-A", "too long"),
    ("2P-CLASSIC-٣٤-A", "digits only"),
])
def test_bad_codes_name_the_problem(code: str, words: str) -> None:
    with pytest.raises(DealCodeError) as info:
        decode(code)
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_non_text_is_refused() -> None:
    with pytest.raises(DealCodeError):
        decode(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "words"), [
    ((4, "classic", 1), "2 or 3 players"),
    ((2, "poker", 1), "unknown variant"),
    ((2, "classic", -1), "whole number"),
    ((2, "classic", 10**9), "whole number"),
    ((2, "classic", True), "whole number"),
])
def test_encode_refuses_bad_parts(args: tuple, words: str) -> None:
    with pytest.raises(DealCodeError, match=words):
        encode(*args)


def test_random_code_is_seeded_and_short() -> None:
    a = [random_code(random.Random(5)) for _ in range(3)]
    assert len(set(a)) == 1
    code = random_code(random.Random(6), players=3, variant="jb")
    info = decode(code)
    assert info.players == 3 and info.variant == "jb" and 1000 <= info.seed <= 9999


# Codes a Chinese Ten learner may type wrong: each is named with Chinese Ten's code, never Main Merah's.
CHINESE_TEN_TYPOS = ["", "CT-4P-8412", "CT-4P", "CT 4P 8412 K Q", "4P-8412-K", "hello", "2P-CLASSIC-8412",
                     "2P-CLASSIC-8412-A"]


@pytest.mark.parametrize("code", CHINESE_TEN_TYPOS)
def test_a_chinese_ten_code_read_wrong_is_named_with_chinese_tens_example(code: str) -> None:
    with pytest.raises(DealCodeError) as info:
        decode(code, "chinese-ten")
    said = str(info.value)
    assert example("chinese-ten") in said and example() not in said, said
    assert "2P or 3P" not in said and "variant" not in said, said


@pytest.mark.parametrize("code", ["CT-4P-8412", "CT-4P", "CT-9P-8412-K"])
def test_a_code_that_says_its_game_is_named_with_that_games_example_by_any_reader(code: str) -> None:
    for reader in ("main-merah", "chinese-ten"):
        with pytest.raises(DealCodeError) as info:
            decode(code, reader)
        said = str(info.value)
        assert example() not in said and "2P or 3P" not in said, said
        assert example("chinese-ten") in said or "2P, 3P, 4P" in said, said


def test_each_reader_reads_every_games_good_code_and_the_dash_left_out() -> None:
    # (the reader then says whether it deals that game: the classroom's "... is a deal of Main Merah")
    for reader in ("main-merah", "chinese-ten"):
        for code in (example(), example("chinese-ten"), encode(3, "jb", 77), "MM-" + encode(2, "cardgames", 5)):
            assert str(decode(code, reader)) == code.removeprefix("MM-")
            assert str(decode(code[:-2] + code[-1], reader)) == code.removeprefix("MM-")
    assert example("chinese-ten") == encode(4, "chinese-ten", 8412)
