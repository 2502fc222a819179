"""A forged deal is refused: a game dealt from a seed must be that seed's deal (issue 28, finding 3).

The save file's checksum is no seal (anyone can recompute it), so each game's loader deals the seed
again and compares. A game from an explicit layout is shown as a set-up position, never as a seed.
"""

from __future__ import annotations

import json

import pytest

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.core.save import digest
from mainmerah.table import TableWidget


def forged(name: str, seed: int = 11) -> str:
    """Seed ``seed``'s game of ``name`` with seat 0's first card swapped for seat 1's, checksum recomputed."""
    data = json.loads(mm.new_game(name, seed=seed).to_json())
    body = data["body"]
    if name == "in-the-red":  # its seeded games keep no layout: the forgery adds one of another shuffle
        game = mm.new_game(name, seed=seed + 1, players=body["players"])
        lay = game.layouts[0]  # type: ignore[attr-defined]
        body["layouts"] = [{"hands": [[str(c) for c in h] for h in lay.hands],
                            "stacks": [[str(c) for c in s] for s in lay.stacks],
                            "pack": [str(c) for c in lay.pack]}]
        body["dealer"] = game.dealer  # type: ignore[attr-defined]
    else:
        hands = body["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    data["sha256"] = digest(body)
    return json.dumps(data)


@pytest.mark.parametrize("name", ["main-merah", "chinese-ten", "red-ten"])
def test_a_seeded_deal_with_other_cards_is_refused(name: str) -> None:
    text = forged(name)
    with pytest.raises(mm.SaveFileError, match="not the deal of seed 11"):
        registry.load_game(text)
    t = TableWidget(game=name, seed=3, auto=False)
    assert not t.load(text) and "seed 11" in t.error
    assert "seed 3" in t.header["info"]  # the table kept its own game


@pytest.mark.parametrize("name", registry.games())
def test_the_true_deal_of_a_seed_still_loads(name: str) -> None:
    game = mm.new_game(name, seed=11)
    assert registry.load_game(game.to_json()).save_body() == game.save_body()


def test_an_in_the_red_layout_is_a_set_up_position_not_its_seed() -> None:
    t = TableWidget(game="in-the-red", seed=3, auto=False)
    assert t.load(forged("in-the-red")), t.error
    assert "set-up position" in t.header["info"] and "seed" not in t.header["info"]
    assert t.presenter.seed_of(t.game) is None
