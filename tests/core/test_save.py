"""Save files: exact round trips, and every kind of bad file refused with the problem named."""

from __future__ import annotations

import copy
import json
import random

import pytest

import mainmerah as mm
from mainmerah.core.save import digest


def state(g: mm.Game) -> tuple:
    return (g.setup.players, g.setup.variant, g.setup.seed, g.setup.dealer, g.setup.first, g.table, g.hands,
            g.piles, g.stock, g.scores, g.seat, g.pending, g.is_over, g.decision, tuple(g.events),
            tuple(g.choices))


def played(players=2, variant="classic", seed=17, n=None, rng_seed=0) -> mm.Game:
    g = mm.Game.new(players, variant, seed=seed)
    rng = random.Random(rng_seed)
    k = 0
    while g.decision is not None and (n is None or k < n):
        g.decide(rng.choice(g.decision.options))
        k += 1
    return g


def resigned(data: dict) -> str:
    """The file with its checksum recomputed, so the deeper checks are reached."""
    data = copy.deepcopy(data)
    data["sha256"] = digest(data["body"])
    return json.dumps(data, ensure_ascii=False)


def refused(text, *words: str) -> str:
    with pytest.raises(mm.SaveFileError) as info:
        mm.Game.from_json(text)
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    return str(info.value)


# ----- round trips -----------------------------------------------------------------

@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
@pytest.mark.parametrize("players", [2, 3])
def test_round_trip_at_every_stage(variant, players):
    for seed in range(4):
        full = played(players, variant, seed)
        for n in (0, 1, 5, len(full.choices) // 2, len(full.choices)):
            g = mm.Game(full.setup).goto(0)
            for ch in full.choices[:n]:
                g.decide(ch.card)
            loaded = mm.Game.from_json(g.to_json())
            assert state(loaded) == state(g)
            assert loaded.to_json() == g.to_json()


def test_round_trip_keeps_redeal_events():
    seed = next(s for s in range(1000) if mm.Game.new(2, "classic", seed=s).setup.redeals)
    g = played(2, "classic", seed, n=4)
    loaded = mm.Game.from_json(g.to_json())
    assert loaded.events[0].kind == "redeal"
    assert state(loaded) == state(g)


def test_round_trip_while_a_capture_is_pending():
    g = mm.Game.from_layout(hands=["7h 2d", "2c"], table="3s kd 3h", stock="4d 8s 5c", first=0)
    g.play("7h")
    loaded = mm.Game.from_json(g.to_json())
    assert loaded.decision.kind == "capture" and loaded.pending == g.pending
    assert state(loaded) == state(g)
    loaded.capture("3s")
    assert loaded.piles[0] == tuple(mm.parse_cards("7h 3s"))


def test_round_trip_of_a_partial_layout_with_piles():
    g = mm.Game.from_layout(hands=["7h", "2c"], table="3c", stock="4d 8s", piles=["ah 9s", ""], first=1)
    g.play("2c")
    loaded = mm.Game.from_json(g.to_json())
    assert state(loaded) == state(g) and loaded.setup.out == g.setup.out


def test_save_and_load_a_file(tmp_path):
    g = played(3, "jb", 5, n=9)
    path = tmp_path / "game.json"
    g.save(str(path))
    assert state(mm.Game.load(str(path))) == state(g)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "mainmerah-save" and data["version"] == 2 and data["game"] == "main-merah"
    assert len(data["body"]["decisions"]) == 9


def test_version_1_files_written_before_the_games_had_names_still_load():
    g = played(2, "classic", 4, n=7)
    data = json.loads(g.to_json())
    old = {"format": "mainmerah-save", "version": 1, "game": data["body"], "sha256": data["sha256"]}
    assert state(mm.Game.from_json(json.dumps(old))) == state(g)
    assert state(mm.load_game(json.dumps(old))) == state(g)
    old["game"]["scores"] = [1, 2]
    refused(json.dumps(old), "checksum")


def test_a_file_of_one_game_does_not_load_as_another():
    g = played(2, "classic", 4, n=3)
    data = json.loads(g.to_json())
    data["game"] = "chinese-ten"
    refused(json.dumps(data), "unknown variant 'classic'")


def test_loaded_game_plays_on_identically():
    g = played(2, "cardgames", 8, n=10)
    loaded = mm.Game.from_json(g.to_json())
    rng1, rng2 = random.Random(3), random.Random(3)
    while g.decision is not None:
        g.decide(rng1.choice(g.decision.options))
        loaded.decide(rng2.choice(loaded.decision.options))
    assert state(loaded) == state(g)


# ----- bad files -------------------------------------------------------------------

def base() -> dict:
    return json.loads(played(2, "classic", 17, n=8).to_json())


def test_malformed_json():
    refused("{not json", "not valid JSON")
    refused("", "not valid JSON")
    refused(None, "text")
    refused(42, "text")


def test_truncated_text():
    text = played(2, "classic", 17, n=8).to_json()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        refused(text[:cut], "not valid JSON", "truncated")


def test_tampered_content_fails_the_checksum():
    data = base()
    data["body"]["scores"] = [200, 0]
    refused(json.dumps(data), "checksum")
    data = base()
    data["body"]["decisions"][0]["card"] = data["body"]["hands"][0][1]
    refused(json.dumps(data), "checksum")
    data = base()
    del data["sha256"]
    refused(json.dumps(data), "checksum")


def test_wrong_version():
    data = base()
    data["version"] = 3
    refused(json.dumps(data), "version 3", "not supported")
    del data["version"]
    refused(json.dumps(data), "version None")


def test_wrong_format():
    data = base()
    data["format"] = "some-other-game"
    refused(json.dumps(data), "not a mainmerah save file")
    refused("[1, 2, 3]", "not a mainmerah save file")
    refused(json.dumps({"format": "mainmerah-save", "version": 1}), "\"game\"")


def test_deck_with_a_duplicate_card():
    data = base()
    g = data["body"]
    g["stock"][0] = g["hands"][0][0]
    msg = refused(resigned(data), "not one 52-card deck", "duplicated", "missing")
    assert g["hands"][0][0] in msg


def test_deck_with_a_missing_card():
    data = base()
    g = data["body"]
    lost = g["table"].pop()
    msg = refused(resigned(data), "not one 52-card deck", "missing")
    assert lost in msg


def test_deck_with_a_bad_card_token():
    data = base()
    data["body"]["table"][0] = "11Z"
    refused(resigned(data), "table", "'11Z'")
    data = base()
    data["body"]["hands"][1][0] = 7
    refused(resigned(data), "seat 1's hand")


def test_illegal_decision_in_the_list():
    data = base()
    decisions = data["body"]["decisions"]
    seat = decisions[0]["seat"]
    other_hand = data["body"]["hands"][1 - seat]
    decisions[0]["card"] = other_hand[0]
    refused(resigned(data), "decision 1", "not legal")


def test_decision_out_of_turn_or_malformed():
    data = base()
    data["body"]["decisions"][0]["seat"] = 1 - data["body"]["decisions"][0]["seat"]
    refused(resigned(data), "decision 1", "turn")
    data = base()
    data["body"]["decisions"][2]["kind"] = "steal"
    refused(resigned(data), "decision 3", "malformed")
    data = base()
    data["body"]["decisions"][1] = "AH"
    refused(resigned(data), "decision 2", "malformed")


def test_decisions_after_the_end_are_refused():
    data = json.loads(played(2, "classic", 17).to_json())
    data["body"]["decisions"].append(dict(data["body"]["decisions"][-1]))
    data["body"]["scores"] = None
    refused(resigned(data), "decision", "over")


def test_recorded_scores_must_match_the_replay():
    data = base()
    data["body"]["scores"] = [999, 0]
    refused(resigned(data), "scores", "999")


def test_wrong_fields():
    for key, value, words in [
        ("players", 4, ["impossible set-up", "not 4"]),
        ("players", "two", ["'players'", "wrong type"]),
        ("players", True, ["'players'"]),
        ("variant", "poker", ["unknown variant", "poker"]),
        ("first", 5, ["first player"]),
        ("dealer", 7, ["dealer"]),
        ("seed", "abc", ["seed"]),
        ("hands", "AH", ["'hands'"]),
        ("stock", {"a": 1}, ["'stock'"]),
        ("decisions", None, ["'decisions'"]),
    ]:
        data = base()
        data["body"][key] = value
        refused(resigned(data), *words)
    data = base()
    del data["body"]["table"]
    refused(resigned(data), "missing field 'table'")


def test_wrong_hand_sizes_are_an_impossible_setup():
    data = base()
    g = data["body"]
    g["stock"].append(g["hands"][0].pop())
    refused(resigned(data), "impossible set-up")


def test_fuzzed_files_raise_save_file_error_or_load_fully():
    """Random damage anywhere in a signed file: never a crash, never a half-built game."""
    rng = random.Random(7)
    good = base()
    junk = [None, True, 0, -1, 5, 2**40, 1.5, "x", "AH", [], ["AH"], [["AH"]], {}, {"seat": 0}, [None], ""]

    def mutate(o):
        if isinstance(o, dict) and o:
            k = rng.choice(list(o))
            r = rng.random()
            if r < 0.3:
                o[k] = rng.choice(junk)
            elif r < 0.4:
                del o[k]
            else:
                o[k] = mutate(o[k])
            return o
        if isinstance(o, list) and o:
            i = rng.randrange(len(o))
            r = rng.random()
            if r < 0.4:
                o[i] = rng.choice(junk)
            elif r < 0.55:
                del o[i]
            else:
                o[i] = mutate(o[i])
            return o
        return rng.choice(junk)

    loaded = 0
    for _ in range(1500):
        data = copy.deepcopy(good)
        data["body"] = mutate(data["body"])
        if not isinstance(data["body"], dict):
            continue
        try:
            g = mm.Game.from_json(resigned(data))
        except mm.SaveFileError:
            continue
        loaded += 1
        # Whatever loaded is a whole, consistent game.
        assert sorted(g.all_cards(), key=lambda c: c.index) == list(mm.DECK)
        assert len(g.choices) == len(data["body"]["decisions"])
    assert loaded < 1500
