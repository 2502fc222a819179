"""Short deal codes a teacher reads out, e.g. ``2P-CLASSIC-8412-R`` or ``CT-4P-8412-K``.

Main Merah's codes name the variant and may carry the game's prefix ``MM-`` (codes
written before there were other games have none, and still work); other fishing games'
codes start with their prefix (``CT`` for Chinese Ten).

A code names the number of players, the variant and the shuffle seed, so every
student who types it gets the very same deal. The last letter is a check letter
computed from the rest: a mistyped digit, a swapped pair of neighbouring digits
or a wrong variant is caught and named instead of silently giving another deal.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from mainmerah.core import registry
from mainmerah.core.i18n import _
from mainmerah.families.fishing.rules import RULESETS, VARIANTS
from mainmerah.families.fishing.state import Game

# Letters that cannot be mistaken for digits (no I, L, O) nor each other: 23 of
# them, a prime, so weighted sums modulo 23 catch every single-character change
# and every swap of two neighbouring characters.
CHECK_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
SEED_DIGITS = 9
MAX_SEED = 10**SEED_DIGITS - 1
_VALUE = {c: i for i, c in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")}
PREFIXES = {"CT": "chinese-ten"}  # game prefix -> ruleset; "MM" (Main Merah) is optional



class DealCodeError(ValueError):
    """A deal code that cannot be read; the message names the part that is wrong."""


class DealCode(NamedTuple):
    players: int
    variant: str
    seed: int

    def __str__(self) -> str:
        return encode(self.players, self.variant, self.seed)

    def game(self) -> Game:
        """The deal this code names, as a new game."""
        return Game.new(players=self.players, variant=self.variant, seed=self.seed)


def check_letter(body: str) -> str:
    """The check letter of ``body`` (e.g. ``"2P-CLASSIC-8412"``); dashes are ignored."""
    chars = [c for c in body.upper() if c != "-"]
    total = sum((i + 1) * _VALUE[c] for i, c in enumerate(chars))
    return CHECK_LETTERS[total % len(CHECK_LETTERS)]


def encode(players: int, variant: str, seed: int) -> str:
    """``(2, "classic", 8412)`` -> ``"2P-CLASSIC-8412-?"`` with its check letter."""
    prefix = next((p for p, v in PREFIXES.items() if v == str(variant).strip().lower()), None)
    if prefix is not None:
        sizes = RULESETS[PREFIXES[prefix]].sizes
        if players not in sizes:
            raise DealCodeError(_("a deal code is for {low} to {high} players, not {n}").format(
                low=min(sizes), high=max(sizes), n=players))
        _check_seed(seed)
        body = f"{prefix}-{players}P-{seed}"
        return f"{body}-{check_letter(body)}"
    if players not in (2, 3):
        raise DealCodeError(_("a deal code is for 2 or 3 players, not {n}").format(n=players))
    name = str(variant).strip().lower()
    if name not in VARIANTS:
        raise DealCodeError(_("unknown variant {v!r}: choose one of {names}").format(
            v=variant, names=", ".join(VARIANTS)))
    _check_seed(seed)
    body = f"{players}P-{name.upper()}-{seed}"
    return f"{body}-{check_letter(body)}"


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealCodeError(_("a deal code's number must be a whole number from 0 to {m}, not {s!r}").format(
            m=MAX_SEED, s=seed))


def _decode_prefixed(code: str, parts: list[str]) -> DealCode:
    """``CT-4P-8412-K``: a game prefix, the players, the number, the check letter. Every message gives this game's
    example (a learner of Chinese Ten is never shown a Main Merah code)."""
    prefix = parts[0]
    variant = PREFIXES[prefix]
    if len(parts) == 3 and _letter_joined(parts[2]):  # the dash before the check letter left out
        parts = [*parts[:2], parts[2][:-1], parts[2][-1]]
    if len(parts) == 3 and parts[2].isdigit():
        raise DealCodeError(_(
            "the check letter at the end of {code!r} is missing: a full code looks like {example}"
        ).format(code=code.strip(), example=example(variant)))
    if len(parts) != 4:
        raise DealCodeError(_(
            "{code!r} is not a deal code: it should have four parts separated by dashes, "
            "like {example} (game, players, number, check letter)"
        ).format(code=code.strip(), example=example(variant)))
    who, number, letter = parts[1:]
    sizes = RULESETS[variant].sizes
    if who not in {f"{n}P" for n in sizes}:
        raise DealCodeError(_("the part {part!r} should be the number of players: {names}").format(
            part=who, names=", ".join(f"{n}P" for n in sizes)))
    if not number.isdigit() or not number.isascii() or len(number) > SEED_DIGITS:
        raise DealCodeError(_("the third part {part!r} should be digits only (the deal's number)").format(
            part=number))
    if len(letter) != 1 or letter not in CHECK_LETTERS or check_letter(f"{prefix}-{who}-{number}") != letter:
        raise DealCodeError(_(
            "the check letter {letter} does not fit the rest of the code: a character was probably "
            "mistyped or two were swapped; please check the code again"
        ).format(letter=letter))
    return DealCode(int(who[0]), variant, int(number))


def _letter_joined(part: str) -> bool:
    """``8412R``: a number with the check letter after it, the dash between them left out."""
    return len(part) > 1 and part[-1].isalpha() and part[:-1].isdigit()


def decode(code: str, game: str = "main-merah") -> DealCode:
    """Read a deal code (case and spaces do not matter) or raise :class:`DealCodeError`. ``game`` is the game the
    reader deals (``"chinese-ten"``, or Main Merah's): a code that does not say its own game is named with that
    game's example. (Any game's good code is read: the reader says whether it deals that game.)"""
    if not isinstance(code, str) or not code.strip():
        raise DealCodeError(_("type a deal code such as {example}").format(example=example(game)))
    text = "-".join(code.strip().upper().replace(" ", "-").split("-"))
    parts = [p for p in text.split("-") if p]
    if parts and parts[0] in PREFIXES:
        return _decode_prefixed(code, parts)
    if game in PREFIXES.values() and (not parts or parts[0] != "MM"):
        try:
            return _decode_main_merah(code, parts)
        except DealCodeError:  # neither this game's code nor a good one of Main Merah's: say how this game's look
            raise DealCodeError(_(
                "{code!r} is not a deal code of {game}: its codes look like {example} (game, players, number, "
                "check letter)").format(code=code.strip(), game=_(registry.get(game).title),
                                        example=example(game))) from None
    return _decode_main_merah(code, parts[1:] if parts and parts[0] == "MM" else parts)


def _decode_main_merah(code: str, parts: list[str]) -> DealCode:
    """``2P-CLASSIC-8412-R`` (the optional ``MM`` prefix taken off): players, variant, number, check letter."""
    if len(parts) == 3 and _letter_joined(parts[2]):  # "2P-CLASSIC-8412R"
        parts = [*parts[:2], parts[2][:-1], parts[2][-1]]
    if len(parts) == 3 and parts[2].isdigit():
        raise DealCodeError(_(
            "the check letter at the end of {code!r} is missing: a full code looks like {example}"
        ).format(code=code.strip(), example=example()))
    if len(parts) != 4:
        raise DealCodeError(_(
            "{code!r} is not a deal code: it should have four parts separated by dashes, "
            "like {example} (players, variant, number, check letter)"
        ).format(code=code.strip(), example=example()))
    who, name, number, letter = parts
    if who not in ("2P", "3P"):
        raise DealCodeError(_("the first part {part!r} should be 2P or 3P (the number of players)").format(part=who))
    if name.lower() not in VARIANTS:
        raise DealCodeError(_("the second part {part!r} is not a variant: use one of {names}").format(
            part=name, names=", ".join(v.upper() for v in VARIANTS)))
    if not number.isdigit() or not number.isascii():
        raise DealCodeError(_("the third part {part!r} should be digits only (the deal's number)").format(
            part=number))
    if len(number) > SEED_DIGITS:
        raise DealCodeError(_("the deal's number {part} is too long (at most {n} digits)").format(
            part=number, n=SEED_DIGITS))
    if len(letter) != 1 or letter not in CHECK_LETTERS:
        raise DealCodeError(_("the last part {part!r} should be one check letter").format(part=letter))
    seed = int(number)
    body = f"{who}-{name}-{number}"  # as typed: a digit typo to a leading 0 must still fail the check
    if check_letter(body) != letter:
        raise DealCodeError(_(
            "the check letter {letter} does not fit the rest of the code: a character was probably "
            "mistyped or two were swapped; please check the code again"
        ).format(letter=letter))
    return DealCode(int(who[0]), name.lower(), seed)


def random_code(rng: random.Random, players: int = 2, variant: str = "classic", digits: int = 4) -> str:
    """A fresh short code (``digits`` long number) drawn from the caller's seeded ``rng``."""
    return encode(players, variant, rng.randrange(10 ** (digits - 1), 10**digits))


def example(game: str = "main-merah") -> str:
    """A code of ``game`` to show as an example (the same number in every game's)."""
    if game in PREFIXES.values():
        return encode(max(RULESETS[game].sizes), game, 8412)
    return encode(2, "classic", 8412)


__all__ = ["CHECK_LETTERS", "DealCode", "DealCodeError", "check_letter", "decode", "encode", "example",
           "random_code"]
