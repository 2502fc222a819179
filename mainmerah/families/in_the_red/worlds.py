"""Another world a seat cannot tell from this one (for the conformance suite and for testing views).

The cards the seat has not seen (the rest of the other hands, the pack's order, cards others
drew) are dealt differently in the current deal; every card a decision needs stays where it
was (the seat's hand and draws, the stacks, every card another player has played). The same
decisions are then replayed through the rules; a world where one of them is illegal (a player
who discarded would now hold a card that fits) is drawn again.
"""

from __future__ import annotations

import random
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.contract import GameState
from mainmerah.families.in_the_red.deal import Layout
from mainmerah.families.in_the_red.events import DealStart, RoundEnd
from mainmerah.families.in_the_red.rules import fits
from mainmerah.families.in_the_red.state import InTheRed, Setup

TRIES = 20


def other_world(game: GameState[Any], seat: int, rng: random.Random) -> InTheRed | None:
    if not isinstance(game, InTheRed):
        raise TypeError(f"not an In The Red game: {game!r}")
    lay = game.layouts[-1]
    n = game.players
    played: list[list[Card]] = [[] for _ in range(n)]
    for ch in game.choices[game.deal_choice:]:
        played[ch.seat].append(ch.card)
    start = max(i for i, e in enumerate(game.events) if isinstance(e, DealStart))
    drawn_by: list[int] = []  # seat that drew each card of the deal's first pack, in order
    for e in game.events[start:]:
        if isinstance(e, RoundEnd):
            drawn_by += [s for s, c in e.draws if c is not None]
    drawn_by = drawn_by[:len(lay.pack)]  # later draws come from a reshuffle: the same in every world

    # slots: ("h", seat, i) for hand cards, ("p", i) for pack cards
    hands = [list(h) for h in lay.hands]
    pack = list(lay.pack)
    sources: list[list[tuple[str, int, int]]] = [[("h", s, i) for i in range(len(hands[s]))] for s in range(n)]
    for i, s in enumerate(drawn_by):
        sources[s].append(("p", s, i))
    pinned: set[tuple[str, int, int]] = set(sources[seat])

    def card_at(slot: tuple[str, int, int]) -> Card:
        return hands[slot[1]][slot[2]] if slot[0] == "h" else pack[slot[2]]

    for s in range(n):
        if s == seat:
            continue
        for c in played[s]:
            for slot in sources[s]:
                if slot not in pinned and card_at(slot) is c:
                    pinned.add(slot)
                    break
    free = [slot for s in range(n) for slot in sources[s] if slot not in pinned]
    free += [("p", -1, i) for i in range(len(drawn_by), len(pack))]
    undrawn = [slot for slot in free if slot[0] == "p" and slot[2] >= len(drawn_by)]
    for attempt in range(TRIES + 1):
        slots = free if attempt < TRIES else undrawn  # the last try moves only cards nobody has drawn: always legal
        cards = [card_at(slot) for slot in slots]
        rng.shuffle(cards)
        new_hands = [list(h) for h in hands]
        new_pack = list(pack)
        for slot, c in zip(slots, cards, strict=True):
            if slot[0] == "h":
                new_hands[slot[1]][slot[2]] = c
            else:
                new_pack[slot[2]] = c
        new = Layout(tuple(tuple(h) for h in new_hands), lay.stacks, tuple(new_pack))
        other = _replay(game, new)
        if other is not None:
            return other
    return None  # pragma: no cover - the last try cannot fail


def _replay(game: InTheRed, current: Layout) -> InTheRed | None:
    """``game`` with its current deal dealt as ``current``, and the deal's decisions replayed."""
    s = game.setup
    setup = Setup(seed=s.seed, players=s.players, variant=s.variant, dealer=s.dealer,
                  layouts=(*game.layouts[:-1], current), totals=s.totals)
    # Earlier deals are dealt the same and end the same, so the other world starts from this
    # game's state at the start of the deal instead of replaying them (totals change only at a deal's end).
    other = InTheRed.__new__(InTheRed)
    other.setup, other.players = setup, game.players
    other.choices, other._redo = list(game.choices[:game.deal_choice]), []
    start = max(i for i, e in enumerate(game.events) if isinstance(e, DealStart))
    other.events = list(game.events[:start])
    other.totals = list(game.totals)
    other.layouts = list(game.layouts[:-1])
    other.winners, other._over, other._legal = (), False, None
    other.deal_number = len(other.layouts)
    other._start_deal(game.dealer)
    for ch in game.choices[game.deal_choice:]:
        # A placement is of a card kept in place, on the same public top: only a discard can
        # become illegal (its player might now hold a card that fits).
        hand, tops = other.hands[ch.seat], other.tops
        if ch.card not in hand or ch.stack is None and any(fits(c, t) for c in hand for t in tops):
            return None
        other.choices.append(ch)
        other._apply(ch)
    return other
