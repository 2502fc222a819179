"""In The Red's save-file body: the set-up and the decisions as action strings, loaded by replaying them."""

from __future__ import annotations

from typing import Any

from mainmerah.core.cards import CardError
from mainmerah.core.errors import LayoutError, RuleError, SaveFileError
from mainmerah.core.i18n import _
from mainmerah.core.save import cardlist, field
from mainmerah.families.in_the_red.deal import Layout, layout_of
from mainmerah.families.in_the_red.state import InTheRed, Setup, _dealer, _totals, _variant


def _layout(value: Any, n: int, k: int) -> Layout:
    if not isinstance(value, dict):
        raise SaveFileError(_("save file: layout {k} is not an object").format(k=k))
    where = _("layout {k}").format(k=k)
    hands = field(value, "hands", list)
    stacks = field(value, "stacks", list)
    hs = [cardlist(h, f"{where}, " + _("hand {seat}").format(seat=i)) for i, h in enumerate(hands)]
    ss = [cardlist(st, f"{where}, " + _("stack {seat}").format(seat=i)) for i, st in enumerate(stacks)]
    pack = cardlist(field(value, "pack", list), f"{where}, " + _("pack"))
    try:
        return layout_of(hs, ss, pack, players=n)
    except (LayoutError, CardError) as e:
        raise SaveFileError(_("save file: {where}: {e}").format(where=where, e=e)) from None


def load_body(body: dict[str, Any]) -> InTheRed:
    """A save file's body -> the game, every card parsed and every decision replayed through the rules."""
    if not isinstance(body, dict):
        raise SaveFileError(_("save file: the game's body is not an object"))
    seed = field(body, "seed", int)
    players = field(body, "players", int)
    variant = field(body, "variant", str)
    dealer = body.get("dealer")
    if dealer is not None and (not isinstance(dealer, int) or isinstance(dealer, bool)):
        raise SaveFileError(_("save file: field {key!r} has the wrong type ({type})").format(
            key="dealer", type=type(dealer).__name__))
    raw_layouts = field(body, "layouts", list)
    totals = field(body, "totals", list)
    decisions = field(body, "decisions", list)
    try:
        layouts = tuple(_layout(v, players, k) for k, v in enumerate(raw_layouts))
        game = InTheRed(Setup(seed=seed, players=players, variant=_variant(variant), dealer=_dealer(dealer, players),
                              layouts=layouts, totals=_totals(totals or None, players)))
    except SaveFileError:
        raise
    except ValueError as e:
        raise SaveFileError(_("save file: {e}").format(e=e)) from None
    for i, action in enumerate(decisions, start=1):
        if not isinstance(action, str):
            raise SaveFileError(_("save file: decision {n} is not an action text").format(n=i))
        try:
            game.act(action)
        except (RuleError, CardError) as e:
            raise SaveFileError(_("save file: decision {n} ({action!r}) is not allowed: {e}").format(
                n=i, action=action, e=e)) from None
    return game
