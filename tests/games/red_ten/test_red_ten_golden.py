"""Red Ten golden transcripts: seeded hands replayed from tests/golden/ explain themselves word for word,
in English and in Indonesian.

Each case has ``red-ten-<name>.json`` (the seed, the decisions taken, the final state) and
``red-ten-<name>.en.txt`` / ``.id.txt`` (the full explanation). The test replays the recorded
decisions, so bot changes never move these files; only engine or wording changes do. After an
intended change, regenerate and review the diff:

    .venv/bin/python tests/games/red_ten/test_red_ten_golden.py --update-golden
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mainmerah.core.i18n import set_language
from mainmerah.core.registry import load_game
from mainmerah.families.red_ten import RedTen, make_bot

GOLDEN = Path(__file__).resolve().parents[2] / "golden"  # tests/golden (run as a script too)

NAMES = ["Ana", "Budi", "Sari", "Dewi"]

# name -> the seed, how the red-ten holders answer ("keep", "reveal": show every red ten held,
# "bluff": a holder of both shows one, "surrender"), and who reads (``you``, or None for all).
CASES: dict[str, dict[str, Any]] = {
    "open": dict(seed=16, answer="reveal", you=None),
    "lone-open": dict(seed=21, answer="reveal", you=None),
    "bluff": dict(seed=14, answer="bluff", you=0),
    "surrender": dict(seed=19, answer="surrender", you=None),
}


def answer(g: RedTen, policy: str) -> str:
    legal = g.legal_actions()
    if policy == "reveal":
        return max((a for a in legal if a.startswith("reveal")), key=len, default="keep")
    if policy == "bluff" and "surrender" in legal:
        return "reveal 10♦"
    if policy == "surrender" and "surrender" in legal:
        return "surrender"
    return "keep"


def generate(name: str) -> tuple[dict[str, Any], RedTen]:
    case = CASES[name]
    g = RedTen.new(seed=case["seed"])
    bots = [make_bot("greedy", seed=s) for s in range(4)]
    while (d := g.decision) is not None:
        g.act(answer(g, case["answer"]) if d.kind == "answer" else bots[d.seat].choose(g.view(d.seat)))
    record = {"case": name, "seed": case["seed"], "decisions": [[ch.seat, ch.action] for ch in g.choices],
              "final": final_state(g)}
    return record, g


def final_state(g: RedTen) -> dict[str, Any]:
    return {
        "scores": list(g.scores), "out": list(g.out), "open": g.open, "is_over": g.is_over,
        "hands": [[str(c) for c in h] for h in g.hands], "events": [e.kind for e in g.events],
    }


def transcript(g: RedTen, case: dict[str, Any], lang: str) -> str:
    set_language(lang)
    try:
        return "\n".join(g.explain(NAMES, case["you"])) + "\n"
    finally:
        set_language("en")


def paths(name: str) -> tuple[Path, Path, Path]:
    base = GOLDEN / f"red-ten-{name}"
    return base.with_suffix(".json"), Path(f"{base}.en.txt"), Path(f"{base}.id.txt")


def update() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, case in CASES.items():
        record, g = generate(name)
        js, en, id_ = paths(name)
        js.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        en.write_text(transcript(g, case, "en"), encoding="utf-8")
        id_.write_text(transcript(g, case, "id"), encoding="utf-8")
        print(f"wrote {name}: {len(record['decisions'])} decisions, scores {g.scores}")



@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    case = CASES[name]
    js, en, id_ = paths(name)
    assert js.exists() and en.exists() and id_.exists(), (
        "run tests/games/red_ten/test_red_ten_golden.py --update-golden")
    record = json.loads(js.read_text(encoding="utf-8"))
    g = RedTen.new(seed=record["seed"])
    for seat, action in record["decisions"]:
        assert g.decision is not None and g.decision.seat == seat
        g.act(action)
    assert final_state(g) == record["final"]
    assert transcript(g, case, "en") == en.read_text(encoding="utf-8")
    assert transcript(g, case, "id") == id_.read_text(encoding="utf-8")
    back = load_game(g.to_json())
    assert transcript(back, case, "en") == transcript(g, case, "en")  # type: ignore[arg-type]


def test_golden_cases_cover_what_they_claim() -> None:
    finals = {name: json.loads(paths(name)[0].read_text(encoding="utf-8"))["final"] for name in CASES}
    opened = finals["open"]
    assert opened["open"] and opened["is_over"] and sum(opened["scores"]) == 0
    kinds = opened["events"]
    assert "shown" in kinds and kinds.count("out") >= 1
    text = paths("open")[1].read_text(encoding="utf-8")
    assert "bomb" in text and "明打" in text
    # a seat goes out mid-round: after its "out" the round goes on (a play or a pass before the round ends)
    assert any(kinds[i] == "out" and kinds[i + 1] in ("play", "pass") for i in range(len(kinds) - 1))
    bluff = finals["bluff"]
    assert not bluff["open"] and "暗打" in paths("bluff")[1].read_text(encoding="utf-8")
    assert finals["surrender"]["events"][-1] == "end" and "play" not in finals["surrender"]["events"]
    assert sorted(finals["surrender"]["scores"]) == [-3, 1, 1, 1]


if __name__ == "__main__":
    if "--update-golden" not in sys.argv[1:]:
        sys.exit("usage: python tests/games/red_ten/test_red_ten_golden.py --update-golden")
    update()
