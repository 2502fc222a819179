"""An exact solver for two-player fishing positions with every card known (double dummy).

From a position where both hands, the stock's order and the table are known, it finds
the final score margin (the seat to move minus the other) of every legal action when both
sides then play their best: negamax with alpha-beta pruning, a transposition table and
greedy move ordering. The flip after each play is forced and known, so a turn is one
decision of its player: which hand card, and which card each capture takes when there is
a choice.

The search runs on a compact form: cards of one rank and one value are interchangeable
(the capture rule reads ranks, the score reads values), so the table and the hands are
counts of such *kinds*, packed two bits a kind into one integer. Which kind pairs with
which, and when one card takes several, is read from the ruleset itself
(:meth:`Ruleset.matching`, :meth:`Ruleset.takes_all`), never written again here;
``tests/games/fishing/test_solver.py`` checks every step against the engine and the values against a
plain minimax over the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mainmerah.core.cards import PACK, Card
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import _
from mainmerah.families.fishing.rules import Ruleset, get_ruleset
from mainmerah.families.fishing.state import CAPTURE, PLAY, Game

INF = 1 << 20
EXACT, LOWER, UPPER = 0, 1, 2
KEY_BITS = 64  # one packed hand or table (2 bits a kind; at most 32 kinds)


class Outcome(NamedTuple):
    """What one card does to the table: the points its player gains, the table after."""

    gain: int
    table: int


class Tables(NamedTuple):
    """The ruleset's capture rule and points, read once into lookup tables over kinds."""

    kind_of: tuple[int, ...]  # card index -> kind
    cards: tuple[tuple[Card, ...], ...]  # kind -> its cards
    points: tuple[int, ...]  # kind -> points
    partners: tuple[tuple[int, ...], ...]  # kind -> the kinds it pairs with
    sweeps: tuple[tuple[bool, ...], ...]  # kind -> [n matches found] -> takes them all at once
    auto: bool  # the jb rule: captures are not a choice


def read_rules(rules: Ruleset, players: int = 2) -> Tables:
    """The lookup tables for ``rules`` (two cards are one kind when they share rank and points)."""
    pts = rules.points(players)
    groups: dict[tuple[int, int], list[Card]] = {}
    for c in PACK:
        groups.setdefault((c.rank, pts[c.index]), []).append(c)
    cards = tuple(tuple(g) for g in groups.values())
    if len(cards) > KEY_BITS // 2 or max(map(len, cards)) > 3:
        raise ValueError("the solver packs at most 32 kinds of at most 3 cards")  # pragma: no cover
    kind_of = [0] * len(PACK)
    for k, group in enumerate(cards):
        for c in group:
            kind_of[c.index] = k
    partners = tuple(
        tuple(u for u, other in enumerate(cards) if rules.matching(group[0], [other[0]])) for group in cards
    )
    sweeps = []
    for k, group in enumerate(cards):
        pool = [c for u in partners[k] for c in cards[u] if c is not group[0]]
        sweeps.append(tuple(n > 0 and n <= len(pool) and rules.takes_all(group[0], pool[:n]) for n in range(5)))
    return Tables(tuple(kind_of), cards, tuple(pts[g[0].index] for g in cards), partners, tuple(sweeps),
                  rules.auto_capture)


class Solver:
    """Double-dummy values of two-player positions under one ruleset; keeps its table between calls."""

    def __init__(self, rules: str | Ruleset = "classic") -> None:
        self.rules = get_ruleset(rules)
        self.t = read_rules(self.rules)
        self.tt: dict[tuple[int, int, int, int], tuple[int, int, int]] = {}
        self.nodes = 0
        self._stock: tuple[int, ...] = ()

    # ----- the compact form -----------------------------------------------------
    def pack(self, cards: Sequence[Card]) -> int:
        """Cards as packed counts of kinds."""
        kind_of = self.t.kind_of
        n = 0
        for c in cards:
            n += 1 << 2 * kind_of[c.index]
        return n

    def outcomes(self, kind: int, table: int) -> list[Outcome]:
        """Every way a card of ``kind`` may settle on ``table`` (one unless there is a choice)."""
        t = self.t
        found = [(u, (table >> 2 * u) & 3) for u in t.partners[kind]]
        found = [(u, n) for u, n in found if n]
        if not found:
            return [Outcome(0, table + (1 << 2 * kind))]
        own = t.points[kind]
        total = sum(n for _u, n in found)
        if t.sweeps[kind][min(total, 4)]:
            return [Outcome(own + sum(t.points[u] * n for u, n in found),
                            table - sum(n << 2 * u for u, n in found))]
        if t.auto and len(found) > 1:  # the ruleset's own choice among one card of each kind found
            choice = self.rules.auto_choice([t.cards[u][0] for u, _n in found])
            found = [(t.kind_of[choice.index], 1)]
        return [Outcome(own + t.points[u], table - (1 << 2 * u)) for u, _n in found]

    # ----- the search -----------------------------------------------------------
    def _moves(self, hand: int, table: int, flip: int) -> list[tuple[int, int, int, int]]:
        """The mover's whole turns: (gain, kind played, hand after, table after), greedy first."""
        moves = []
        h = hand
        k = 0
        while h:
            if h & 3:
                after = hand - (1 << 2 * k)
                for g1, t1 in self.outcomes(k, table):
                    for g2, t2 in self.outcomes(flip, t1):
                        moves.append((g1 + g2, k, after, t2))
            h >>= 2
            k += 1
        moves.sort(reverse=True)
        return moves

    def search(self, hand: int, other: int, table: int, top: int, alpha: int, beta: int, pool: int) -> int:
        """The margin the mover can force from the start of their turn (fail-soft alpha-beta).

        ``top`` indexes the next stock card; ``pool`` is the points still to be won, a
        bound on any margin."""
        self.nodes += 1
        stock = self._stock
        if top >= len(stock):
            return 0
        if pool <= alpha:
            return pool
        if -pool >= beta:
            return -pool
        key = (hand, other, table, top)
        entry = self.tt.get(key)
        first = -1
        if entry is not None:
            value, flag, first = entry
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                return value
        moves = self._moves(hand, table, stock[top])
        if first >= 0:
            moves.sort(key=lambda m: m[1] != first)  # the last best kind first (stable: greedy after)
        a0 = alpha
        best = -INF
        best_kind = -1
        for gain, kind, after, t2 in moves:
            v = gain - self.search(other, after, t2, top + 1, gain - beta, gain - alpha, pool - gain)
            if v > best:
                best, best_kind = v, kind
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        flag = UPPER if best <= a0 else LOWER if best >= beta else EXACT
        self.tt[key] = (best, flag, best_kind)
        return best

    # ----- positions of the engine ------------------------------------------------
    def values(self, game: Game) -> dict[str, int]:
        """Each legal action's margin (the deciding seat's final score minus the other's, from now on)."""
        if game.players != 2:
            raise RuleError(_("the solver plays two-player positions, not {n} players").format(n=game.players))
        if game.rules != self.rules:
            raise RuleError(_("this solver is for {mine}, not {theirs}").format(
                mine=self.rules.name, theirs=game.rules.name))
        d = game.decision
        if d is None:
            return {}
        seat = d.seat
        hand = self.pack(game.hands[seat])
        other = self.pack(game.hands[1 - seat])
        table = self.pack(game.table)
        stock = tuple(self.t.kind_of[c.index] for c in game.stock)
        known = self._stock
        if len(stock) > len(known) or known[len(known) - len(stock):] != stock:
            self._stock = known = stock
            self.tt.clear()  # keys hold only the stock's position, so a new stock needs a new table
        base = len(known) - len(stock)  # (a later point of the same game keeps the table)
        pool = self.pack_points(game)
        out: dict[str, int] = {}
        kind_of = self.t.kind_of
        for card in d.options:
            k = kind_of[card.index]
            if d.kind == PLAY:
                firsts = [(o, True) for o in self.outcomes(k, table)]
                h = hand - (1 << 2 * k)
            else:
                assert d.kind == CAPTURE and d.card is not None
                pend = kind_of[d.card.index]
                t = self.t
                firsts = [(Outcome(t.points[pend] + t.points[k], table - (1 << 2 * k)), d.source == "play")]
                h = hand
            best = -INF
            for (g1, t1), flips in firsts:
                if flips:
                    seconds = self.outcomes(stock[0], t1)
                    rest = base + 1
                else:
                    seconds, rest = [Outcome(0, t1)], base
                for g2, t2 in seconds:
                    gain = g1 + g2
                    best = max(best, gain - self.search(other, h, t2, rest, -INF, INF, pool - gain))
            out[str(card)] = best
        return out

    def pack_points(self, game: Game) -> int:
        """Points not yet in a pile (in hands, on the table, in the stock, or pending)."""
        cards = [c for h in game.hands for c in h] + list(game.table) + list(game.stock)
        if game.pending is not None:
            cards.append(game.pending)
        return sum(game.points(c) for c in cards)

    def best(self, game: Game) -> str:
        """The best action (the first in the game's order among equals)."""
        values = self.values(game)
        return max(values, key=values.__getitem__)

    def line(self, game: Game, action: str | None = None) -> list[str]:
        """The actions from ``game`` to the end when both play best (after ``action``, if given)."""
        g = game.copy()
        out = []
        if action is not None:
            g.act(action)
            out.append(action)
        while not g.is_over:
            a = self.best(g)
            g.act(a)
            out.append(a)
        return out


def solve(game: Game) -> dict[str, int]:
    """Every legal action's exact margin for the seat to decide (a fresh solver)."""
    return Solver(game.rules).values(game)
