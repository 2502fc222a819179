"""Computer players for Red Ten. Each decides from a :class:`~.view.SeatView` only.

- random: any legal action.
- greedy: the lowest play that beats, bombs kept for need, a known partner left alone.
- expert: for each candidate play, the hand played out in many deals of the unseen cards
  consistent with the view (determinized rollouts, greedy from there); the best mean score.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mainmerah.core.cards import Card
from mainmerah.core.contract import Bot
from mainmerah.families.red_ten.rules import (
    JOKERS,
    KEEP,
    PASS,
    RED_TEN_VALUE,
    RED_TENS,
    REVEAL,
    STRAIGHT,
    SURRENDER,
    classify,
    is_red_ten,
    plain,
    red_team,
)
from mainmerah.families.red_ten.sim import PASS_MOVE, Move, Sim, counts_of, greedy, move_of, moves, pos_value
from mainmerah.families.red_ten.view import SeatView

BOTS = ("random", "greedy", "expert")


def cards_for(hand: Sequence[Card], m: Move) -> str:
    """The action text of abstract move ``m`` from ``hand`` (black tens used before red ones)."""
    if m == PASS_MOVE:
        return PASS
    kind, size, key, tier = m
    if key == RED_TEN_VALUE:
        return classify([t for t in RED_TENS if t in hand][:size]).text  # type: ignore[union-attr]
    if kind == STRAIGHT:
        values = [pos_value(p) for p in range(key, key + size)]
    elif tier == JOKERS:
        values = [16, 17]
    else:
        values = [key] * size
    left = sorted(hand, key=is_red_ten)  # black tens first
    picked: list[Card] = []
    for v in values:
        card = next(c for c in left if plain(c) == v and c not in picked)
        picked.append(card)
    combo = classify(picked)
    assert combo is not None, (m, picked)
    return combo.text


def _danger(view: SeatView) -> bool:
    return any(0 < view.hand_sizes[s] <= 4 for s in range(4) if s != view.seat and view.partner_of(s) is not True)


def greedy_move(view: SeatView) -> Move:
    counts, reds = counts_of(view.hand)
    top = move_of(view.top[1]) if view.top else None
    partner = view.top is not None and view.partner_of(view.top[0]) is True
    return greedy(counts, reds, top, partner, _danger(view))


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> str:
        return self.rng.choice(view.legal_actions())


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> str:
        if view.phase == "answer":
            return KEEP  # never shows its hand's strength
        return cards_for(view.hand, greedy_move(view))


class ExpertBot:
    """Determinized rollouts: ``worlds`` deals of the unseen cards, each candidate played out."""

    name = "expert"

    def __init__(self, seed: int | None = None, worlds: int = 24, candidates: int = 8) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.candidates = candidates

    def choose(self, view: SeatView) -> str:
        if view.phase == "answer":
            return self._answer(view)
        counts, reds = counts_of(view.hand)
        top = move_of(view.top[1]) if view.top else None
        options = moves(counts, reds, top) + ([PASS_MOVE] if top is not None else [])
        if len(options) == 1:
            return cards_for(view.hand, options[0])
        options = self._prune(options, greedy_move(view))
        worlds = [self._deal(view) for _ in range(self.worlds)]
        best, best_score = options[0], float("-inf")
        for m in options:
            total = 0.0
            for hands, red in worlds:
                total += self._rollout(view, hands, red, m)
            if total > best_score + 1e-9:
                best, best_score = m, total
        return cards_for(view.hand, best)

    def _prune(self, options: list[Move], preferred: Move) -> list[Move]:
        """The greedy choice first, then pass, then the lowest-ranked plays (bombs last), at most two of each kind and
        size, ``candidates`` in all."""
        out = [preferred]
        if PASS_MOVE in options and PASS_MOVE != preferred:
            out.append(PASS_MOVE)
        rest = sorted((m for m in options if m not in out), key=lambda m: (m[3], m[2], -m[1]))
        by_kind: dict[tuple[str, int], int] = {}
        for m in rest:
            k = (m[0], m[1])
            if by_kind.get(k, 0) < 2 and len(out) < self.candidates:
                by_kind[k] = by_kind.get(k, 0) + 1
                out.append(m)
        return out

    def _deal(self, view: SeatView) -> tuple[list[list[Card]], tuple[int, ...]]:
        """One deal of the unseen cards to the other seats, by their sizes, known red tens in place."""
        hands: list[list[Card]] = [[] for _ in range(4)]
        hands[view.seat] = list(view.hand)
        unseen = view.unseen()
        holders: dict[Card, int] = {Card.parse(t): s for t, s in view.known}
        fixed = [c for c in unseen if c in holders and holders[c] != view.seat]
        for c in fixed:
            hands[holders[c]].append(c)
        pool = [c for c in unseen if c not in fixed]
        self.rng.shuffle(pool)
        i = 0
        for s in range(4):
            if s != view.seat:
                need = view.hand_sizes[s] - len(hands[s])
                hands[s].extend(pool[i:i + need])
                i += need
        for t in RED_TENS:
            if t not in holders:
                holders[t] = next(s for s in range(4) if t in hands[s])
        return hands, red_team([holders[t] for t in RED_TENS])

    def _rollout(self, view: SeatView, hands: list[list[Card]], red: tuple[int, ...], m: Move) -> int:
        pairs = [counts_of(h) for h in hands]
        top = move_of(view.top[1]) if view.top else None
        sim = Sim([p[0] for p in pairs], [p[1] for p in pairs], red, view.open, view.seat, top,
                  view.top[0] if view.top else view.seat, len(view.passed), view.out)
        return sim.after(m, view.seat)

    def _answer(self, view: SeatView) -> str:
        if not all(t in view.hand for t in RED_TENS):
            return KEEP  # a lone reveal opens nothing and tells the others who to fear
        outcomes = []
        for _ in range(self.worlds):
            hands, red = self._deal(view)
            pairs = [counts_of(h) for h in hands]
            sim = Sim([p[0] for p in pairs], [p[1] for p in pairs], red, False, view.leader, None, view.leader, 0, [])
            outcomes.append(sim.finish(view.seat))
        hidden = sum(outcomes) / len(outcomes)
        opened = sum(2 * x if x > 0 else 4 * x for x in outcomes) / len(outcomes)
        best = max((hidden, KEEP), (opened, f"{REVEAL} {RED_TENS[0]} {RED_TENS[1]}"), (-3.0, SURRENDER))
        return best[1]


def make_bot(name: str, seed: int | None = None) -> Bot:
    key = str(name).strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    if key == "expert":
        return ExpertBot(seed)
    raise ValueError(f"unknown Red Ten bot {name!r}: choose one of {', '.join(BOTS)}")


__all__ = ["BOTS", "Bot", "ExpertBot", "GreedyBot", "RandomBot", "cards_for", "make_bot"]
