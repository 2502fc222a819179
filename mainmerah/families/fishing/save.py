"""Fishing games' save files: the set-up plus the decisions, rebuilt by replay.

The envelope (format, version, the game's name, checksum) is the core's one format
(:mod:`mainmerah.core.save`); Main Merah's version 1 files still load. Nothing in a file
is trusted: cards are parsed, the deck is checked to be one whole 52-card deck, and
every decision is replayed through the rules.
"""

from __future__ import annotations

from typing import Any

from mainmerah.core.cards import PACK as DECK
from mainmerah.core.cards import Card, CardError
from mainmerah.core.errors import LayoutError, RuleError, SaveFileError
from mainmerah.core.i18n import _
from mainmerah.core.save import FORMAT, VERSION, envelope, unwrap
from mainmerah.core.save import cardlist as _cardlist
from mainmerah.core.save import field as _field
from mainmerah.families.fishing.deal import Setup, check_layout, deal
from mainmerah.families.fishing.rules import RULESETS, get_ruleset
from mainmerah.families.fishing.state import Choice, Game


def to_dict(game: Game) -> dict[str, Any]:
    return envelope(game.game_name, game.save_body())


def dumps(game: Game) -> str:
    return game.to_json()


def save(game: Game, path: str) -> None:
    game.save(path)


def load(path: str) -> Game:
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


def loads(text: str) -> Game:
    """Rebuild a fishing game from a save file's text, or raise :class:`SaveFileError`."""
    name, body = unwrap(text, legacy="main-merah")  # version 1 files were Main Merah's
    return load_body(body, name)


def load_body(body: dict[str, Any], name: str = "main-merah") -> Game:
    """A game from a save file's checked body; ``name`` is the game the file names."""
    players = _field(body, "players", int)
    variant = _field(body, "variant", str)
    if variant not in RULESETS or get_ruleset(variant).game != name:
        raise SaveFileError(_("save file: unknown variant {variant!r}").format(variant=variant))
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise SaveFileError(_("save file: field 'seed' must be a whole number or null"))
    hands_raw = _field(body, "hands", list)
    hands = tuple(_cardlist(h, f"seat {i}'s hand") for i, h in enumerate(hands_raw))
    table = _cardlist(_field(body, "table", list), "table")
    stock = _cardlist(_field(body, "stock", list), "stock")
    piles = tuple(_cardlist(p, f"seat {i}'s pile") for i, p in enumerate(_field(body, "piles", list)))
    out = _cardlist(_field(body, "out", list), "out")
    everything = [c for h in hands for c in h] + list(table) + list(stock) + [c for p in piles for c in p] + list(out)
    if len(everything) != 52 or set(everything) != set(DECK):
        dup = sorted({str(c) for c in everything if everything.count(c) > 1})
        missing = [str(c) for c in DECK if c not in everything]
        detail = (f"duplicated: {' '.join(dup)}" if dup else "") + (f" missing: {' '.join(missing)}" if missing else "")
        raise SaveFileError(_("save file: the cards are not one 52-card deck ({detail})").format(detail=detail.strip()))
    opener = body.get("opener", "")
    if opener not in ("", "lowest"):
        raise SaveFileError(_("save file: field 'opener' must be \"lowest\" if given, not {value!r}").format(
            value=str(opener)[:40]))
    setup = Setup(players, variant, hands, table, stock, _field(body, "first", int),
                  _field(body, "dealer", int), seed, piles, opener=opener)
    try:
        check_layout(setup)
    except LayoutError as e:
        raise SaveFileError(_("save file: impossible set-up: {e}").format(e=e)) from None
    if seed is not None:
        # A seed's deal is that seed's: dealt again, it must give these very cards (the checksum is no seal).
        # The redeal events belong to the set-up's story: they come back with it.
        try:
            again = deal(players, variant, seed, setup.dealer, setup.first, opener)
        except ValueError as e:
            raise SaveFileError(_("save file: impossible set-up: {e}").format(e=e)) from None
        if (again.hands, again.table, again.stock, ()) != (setup.hands, setup.table, setup.stock, setup.piles):
            raise SaveFileError(_("save file: the cards are not the deal of seed {seed}").format(seed=seed))
        setup = again
    game = Game(setup)
    for i, d in enumerate(_field(body, "decisions", list)):
        if not isinstance(d, dict) or d.get("kind") not in ("play", "capture") or not isinstance(d.get("card"), str):
            raise SaveFileError(_("save file: decision {n} is malformed: {d!r}").format(n=i + 1, d=d))
        try:
            card = Card.parse(d["card"])
            if d.get("seat") != game.seat:
                raise RuleError(_("it was seat {seat}'s turn, not seat {other!r}'s").format(
                    seat=game.seat, other=d.get("seat")))
            game.capture(card) if d["kind"] == "capture" else game.play(card)
        except (RuleError, CardError) as e:
            raise SaveFileError(_("save file: decision {n} ({kind} {card}) is not legal: {e}").format(
                n=i + 1, kind=_("capture") if d["kind"] == "capture" else _("play"), card=d["card"], e=e)) from None
    scores = body.get("scores")
    if scores is not None and list(game.scores) != scores:
        raise SaveFileError(_(
            "save file: recorded scores {scores} differ from the replayed game's {replayed}"
        ).format(scores=scores, replayed=list(game.scores)))
    return game


__all__ = ["FORMAT", "VERSION", "Choice", "SaveFileError", "dumps", "load", "load_body", "loads", "save", "to_dict"]
