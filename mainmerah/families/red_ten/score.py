"""The rule book's scoring tables and when a hand's score is settled (the early end)."""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.families.red_ten.events import Settlement

SEATS = 4
TWO_V_TWO = {2: 2, 3: 1, 4: 0}  # the place of the first-out player's partner -> points
ONE_V_THREE = {1: 9, 2: 0, 3: 0, 4: -9}  # the lone player's place -> the lone player's points


def red_team(holders: Sequence[int]) -> tuple[int, ...]:
    """The seats of the red team from the holders of ♥10 and ♦10 (one seat if alone)."""
    return tuple(sorted(set(holders)))


def settled(out: Sequence[int], red: Sequence[int]) -> bool:
    """Whether the hand's score is settled by who has gone out so far (choice: it ends then)."""
    if len(red) == 1:
        lone = red[0]
        return lone in out or len(out) >= SEATS - 1
    if not out:
        return False
    first = out[0]
    team = set(red) if first in red else {s for s in range(SEATS) if s not in red}
    partner = next(s for s in team if s != first)
    opponents = [s for s in range(SEATS) if s not in team]
    return partner in out or all(s in out for s in opponents)


def places(out: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place: its position in ``out``, or 4 (last) for those still holding cards."""
    return tuple(out.index(s) + 1 if s in out else SEATS for s in range(SEATS))


def settle(out: Sequence[int], red: Sequence[int], open_hand: bool) -> Settlement:
    """The scores of a settled hand, from the tables, with the open-hand multiplier."""
    place = places(out)
    if len(red) == 1:
        lone = red[0]
        points = ONE_V_THREE[place[lone]]
        base = tuple(points if s == lone else -points // 3 for s in range(SEATS))
        red_won = points > 0
        winners: tuple[int, ...] = () if points == 0 else (lone,) if red_won else tuple(
            s for s in range(SEATS) if s != lone)
        case = "1v3"
    else:
        first = out[0]
        team = tuple(sorted(red)) if first in red else tuple(s for s in range(SEATS) if s not in red)
        partner = next(s for s in team if s != first)
        points = TWO_V_TWO[place[partner]]
        base = tuple(points if s in team else -points for s in range(SEATS))
        red_won = first in red
        winners = team if points else ()
        case = "2v2"
    multiplier = 1
    if open_hand and winners:
        multiplier = 2 if red_won else 4
    scores = tuple(b * multiplier for b in base)
    return Settlement(case, tuple(red), winners, place, base, multiplier, scores, open_hand)


def surrender(seat: int) -> Settlement:
    """The holder of both red tens gives up: −3 for that seat, +1 for each other; no multiplier."""
    base = tuple(-3 if s == seat else 1 for s in range(SEATS))
    return Settlement("surrender", (seat,), tuple(s for s in range(SEATS) if s != seat),
                      (0, 0, 0, 0), base, 1, base, False)
