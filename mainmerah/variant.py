"""The named variants of RULES.md: redeal rule, first player, capture choice."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

from .card import RANKS, Card, rank_name
from .i18n import _

SETUP_SIZES: dict[int, tuple[int, int, int]] = {2: (10, 12, 20), 3: (7, 10, 21)}
"""players -> (hand each, table, stock)."""


class Variant:
    """Base of the variants; subclasses set the class attributes."""

    name: ClassVar[str]
    source: ClassVar[str]
    # Ranks that force a redeal when 3+ of them lie on the starting table.
    redeal_ranks: ClassVar[frozenset[int]]
    auto_capture: ClassVar[bool] = False
    hidden_stock: ClassVar[bool] = False

    def redeal_reason(self, table: Sequence[Card]) -> str | None:
        """Why this starting table must be redealt, or None when it is playable."""
        counts = Counter(c.rank for c in table)
        bad = sorted(r for r, n in counts.items() if n >= 3 and r in self.redeal_ranks)
        if not bad:
            return None
        rank = bad[0]
        return self.redeal_text(rank, counts[rank])

    def redeal_rank(self, table: Sequence[Card]) -> int | None:
        counts = Counter(c.rank for c in table)
        bad = sorted(r for r, n in counts.items() if n >= 3 and r in self.redeal_ranks)
        return bad[0] if bad else None

    def redeal_text(self, rank: int, n: int) -> str:
        what = _("{n} {rank}s on the table").format(n=n, rank=rank_name(rank))
        if rank in (5, 10, 11, 12, 13):
            why = _("a {rank} pairs only with another {rank}, so they could never all be captured").format(
                rank=rank_name(rank)
            )
        else:
            why = _("the {variant} variant allows at most two cards of any rank on the starting table").format(
                variant=self.name
            )
        return f"{what}: {why}"

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return dealer

    def __repr__(self) -> str:
        return f"<Variant {self.name}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


_STRICT = frozenset({5, 10, 11, 12, 13})


class Classic(Variant):
    """Seed 000's main rules: the dealer starts, the player chooses captures."""

    name = "classic"
    source = "seed 000, main rules"
    redeal_ranks = _STRICT


class CardGames(Variant):
    """Seed 001: the player left of the dealer (the next seat) starts."""

    name = "cardgames"
    source = "seed 001"
    redeal_ranks = _STRICT

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return (dealer + 1) % players


class JB(Variant):
    """JB Games house rule: stricter redeal, random first player, automatic captures."""

    name = "jb"
    source = "seed 000, JB Games House Rule"
    redeal_ranks = frozenset(range(1, 14))
    auto_capture = True
    hidden_stock = True

    def first_player(self, dealer: int, players: int, rng: random.Random) -> int:
        return rng.randrange(players)


VARIANTS: dict[str, type[Variant]] = {v.name: v for v in (Classic, CardGames, JB)}


def get_variant(variant: str | Variant) -> Variant:
    """A variant by name (``"classic"``, ``"cardgames"``, ``"jb"``) or instance."""
    if isinstance(variant, Variant):
        return variant
    cls = VARIANTS.get(str(variant).strip().lower())
    if cls is None:
        raise ValueError(f"unknown variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    return cls()


def rank_label(rank: int) -> str:
    return RANKS[rank - 1]
