"""Versioned JSON save files: the set-up plus the decisions, rebuilt by replay.

Nothing in a file is trusted: cards are parsed, the deck is checked to be one
whole 52-card deck, a checksum catches edits, and every decision is replayed
through the rules.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .card import DECK, Card, CardError
from .game import Choice, Game, LayoutError, RuleError, Setup, check_layout
from .i18n import _
from .variant import VARIANTS

FORMAT = "mainmerah-save"
VERSION = 1


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message names the problem."""


def _body(game: Game) -> dict[str, Any]:
    s = game.setup
    return {
        "players": s.players,
        "variant": s.variant,
        "seed": s.seed,
        "dealer": s.dealer,
        "first": s.first,
        "redeals": len(s.redeals),
        "hands": [[str(c) for c in h] for h in s.hands],
        "table": [str(c) for c in s.table],
        "stock": [str(c) for c in s.stock],
        "piles": [[str(c) for c in p] for p in s.piles],
        "out": [str(c) for c in s.out],
        "decisions": [{"seat": ch.seat, "kind": ch.kind, "card": str(ch.card)} for ch in game.choices],
        "scores": list(game.scores),
    }


def _digest(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode()).hexdigest()


def to_dict(game: Game) -> dict[str, Any]:
    body = _body(game)
    return {"format": FORMAT, "version": VERSION, "game": body, "sha256": _digest(body)}


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), ensure_ascii=False, indent=1)


def save(game: Game, path: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(dumps(game))


def load(path: str) -> Game:
    with open(path, encoding="utf-8") as f:
        return loads(f.read())


def _field(body: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in body:
        raise SaveFileError(_("save file: missing field {key!r}").format(key=key))
    value = body[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise SaveFileError(_("save file: field {key!r} has the wrong type ({type})").format(
            key=key, type=type(value).__name__))
    return value


def _cardlist(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise SaveFileError(_("save file: {where} is not a list of cards").format(where=where))
    try:
        return tuple(Card.parse(t) if isinstance(t, str) else Card.parse(repr(t)) for t in value)
    except CardError as e:
        raise SaveFileError(_("save file: {where}: {e}").format(where=where, e=e)) from None


def loads(text: str) -> Game:
    """Rebuild a game from a save file's text, or raise :class:`SaveFileError`."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveFileError(_("a save file is text, not {type}").format(type=type(text).__name__))
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise SaveFileError(_("save file is not valid JSON (truncated or damaged?): {e}").format(e=e)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(_("not a mainmerah save file (no \"format\": \"{format}\")").format(format=FORMAT))
    version = data.get("version")
    if version != VERSION:
        raise SaveFileError(_(
            "save file version {version!r} is not supported (this program reads version {ours})"
        ).format(version=version, ours=VERSION))
    body = data.get("game")
    if not isinstance(body, dict):
        raise SaveFileError(_("save file: missing the \"game\" section"))
    if data.get("sha256") != _digest(body):
        raise SaveFileError(_("save file checksum does not match: the file was changed after it was saved"))
    players = _field(body, "players", int)
    variant = _field(body, "variant", str)
    if variant not in VARIANTS:
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
    setup = Setup(players, variant, hands, table, stock, _field(body, "first", int),
                  _field(body, "dealer", int), seed, piles)
    try:
        check_layout(setup)
    except LayoutError as e:
        raise SaveFileError(_("save file: impossible set-up: {e}").format(e=e)) from None
    if seed is not None and body.get("redeals"):
        # The redeal events belong to the set-up's story: rebuild them from the seed.
        from .game import deal

        again = deal(players, variant, seed, setup.dealer, setup.first)
        if (again.hands, again.table, again.stock) == (setup.hands, setup.table, setup.stock):
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


__all__ = ["SaveFileError", "dumps", "loads", "save", "load", "to_dict", "Choice"]
