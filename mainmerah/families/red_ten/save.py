"""Loading a Red Ten save body: every card parsed, every decision replayed through the rules."""

from __future__ import annotations

from typing import Any

from mainmerah.core.cards import CardError
from mainmerah.core.errors import LayoutError, RuleError, SaveFileError
from mainmerah.core.i18n import _
from mainmerah.core.save import cardlist, field
from mainmerah.families.red_ten.state import RedTen


def load_body(body: dict[str, Any]) -> RedTen:
    variant = field(body, "variant", str)
    dealer = field(body, "dealer", int)
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise SaveFileError(_("save file: field {key!r} has the wrong type ({type})").format(
            key="seed", type=type(seed).__name__))
    raw = field(body, "hands", list)
    if len(raw) != 4:
        raise SaveFileError(_("save file: Red Ten has 4 hands, not {n}").format(n=len(raw)))
    hands = [cardlist(h, _("hand {n}").format(n=i)) for i, h in enumerate(raw)]
    try:
        game = RedTen.from_layout(hands, dealer=dealer, seed=seed, variant=variant)
    except LayoutError as e:
        raise SaveFileError(_("save file: impossible deal: {e}").format(e=e)) from None
    if seed is not None and not _seed_deals(seed, game):
        raise SaveFileError(_("save file: the cards are not the deal of seed {seed}").format(seed=seed))
    for n, action in enumerate(field(body, "decisions", list), start=1):
        if not isinstance(action, str):
            raise SaveFileError(_("save file: decision {n} is not text").format(n=n))
        try:
            game.act(action)
        except (RuleError, CardError) as e:
            raise SaveFileError(_("save file: decision {n} ({action!r}) is not legal: {e}").format(
                n=n, action=action, e=e)) from None
    return game


def _seed_deals(seed: int, game: RedTen) -> bool:
    """Whether ``seed`` deals ``game``'s hands (its dealer given, or drawn from the seed as a new game does)."""
    setup = game.setup
    dealt = RedTen.new(seed=seed, dealer=setup.dealer, variant=setup.variant).setup
    drawn = RedTen.new(seed=seed, variant=setup.variant).setup
    return setup.hands in (dealt.hands, drawn.hands if drawn.dealer == setup.dealer else None)
