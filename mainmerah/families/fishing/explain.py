"""Plain-words explanations of events, pairings, scores and stranded cards.

Texts are built only when asked for, so simulations that never read them pay
nothing. Every string goes through the translation hook.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mainmerah.core.cards import Card, cards_text, points_text, rank_name, rank_plural
from mainmerah.core.i18n import N_, _, ngettext
from mainmerah.core.words import capitalized, listed, mark, seat_name, sentences
from mainmerah.families.fishing.rules import (
    PAIR_CLASS,
    PARTNER,
    SELF_PAIRING,
    get_ruleset,
    main_merah_points,
    score_card,
)

if TYPE_CHECKING:  # the events call explain(); this module reads them by their kind, never imports them
    from mainmerah.families.fishing.events import Capture, Deal, End, TakeFour
    from mainmerah.families.fishing.state import Game


def a_rank(rank: int) -> str:
    """The rank with its article: "an ace", "a two", "an eight"."""
    names = (
        _("an ace"), _("a two"), _("a three"), _("a four"), _("a five"), _("a six"), _("a seven"),
        _("an eight"), _("a nine"), _("a ten"), _("a jack"), _("a queen"), _("a king"),
    )
    return names[rank - 1]


def needs(card: Card) -> str:
    """What ``card`` needs to pair: "a five", "a nine", "another jack"."""
    p = PARTNER[card.rank]
    if p == card.rank:
        return _("another {rank}").format(rank=rank_name(p))
    return a_rank(p)


def pair_reason(card: Card, other: Card) -> str:
    """Why ``card`` pairs with ``other`` (assumes they do)."""
    a, b = card.rank, other.rank
    if a == 1 or b == 1:
        return _("{a} pairs with {b}: an Ace counts as 1 and {x} + {y} = 10").format(
            a=card, b=other, x=1 if a == 1 else 9, y=9 if a == 1 else 1
        )
    if a >= 10:
        return _("{a} pairs with {b}: a {rank} pairs only with another {rank}").format(
            a=card, b=other, rank=rank_name(a)
        )
    return _("{a} pairs with {b} because {x} + {y} = 10").format(a=card, b=other, x=a, y=b)


def no_pair_reason(card: Card, other: Card) -> str:
    """Why two cards do NOT pair (for wrong answers in lessons)."""
    a, b = card.rank, other.rank
    if a >= 10 or b >= 10:
        big = card if a >= 10 else other
        return _("{a} does not pair with {b}: a {rank} pairs only with another {rank}").format(
            a=card, b=other, rank=rank_name(big.rank)
        )
    x, y = (1 if a == 1 else a), (1 if b == 1 else b)
    return _("{a} does not pair with {b}: {x} + {y} = {s}, not 10 ({a} needs {need})").format(
        a=card, b=other, x=x, y=y, s=x + y, need=needs(card)
    )


def pair_points(card: Card, other: Card, values: Sequence[int] | None = None) -> str:
    """``"A♥ 20 + 9♦ 10 = 30 points"``; ``values``: the cards' points (Main Merah's by default)."""
    a, b = values if values is not None else (main_merah_points(card), main_merah_points(other))
    if a + b == 0:
        return _("both black: 0 points")
    return f"{card} {a} + {other} {b} = {points_text(a + b)}"


def rule_of(rank: int) -> str:
    """The pairing rule for one rank, as a sentence."""
    if rank == 1:
        return _("An Ace counts as 1, so it pairs with a 9 (1 + 9 = 10).")
    if rank >= 10:
        return _("A {rank} pairs only with another {rank}.").format(rank=rank_name(rank))
    if rank == 9:
        return _("A 9 pairs with an Ace (9 + 1 = 10).")
    # Whole sentences per case, not spliced articles, so translations stay free ("an 8", "a 2").
    if rank == 5:
        return _("A 5 pairs with another 5 (5 + 5 = 10).")
    if rank == 2:
        return _("A 2 pairs with an 8 (2 + 8 = 10).")
    if rank == 8:
        return _("An 8 pairs with a 2 (8 + 2 = 10).")
    return _("A {r} pairs with a {p} ({r} + {p} = 10).").format(r=rank, p=10 - rank)


def explain(event: Any, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """One event in plain words (read by its ``kind``: the events call this, it never imports them)."""
    kind = event.kind
    if kind == "capture":
        return _capture(event, names, you)
    if kind == "stay":
        what = _("{card} stays on the table: nothing there pairs with it (it needs {need}).")
        return what.format(card=event.card, need=needs(event.card))
    if kind == "play":
        who = seat_name(event.seat, names, you)
        if event.seat == you:
            return _("You play {card}.").format(card=event.card)
        return _("{who} plays {card}.").format(who=capitalized(who), card=event.card)  # names may be lowercase
    if kind == "flip":
        if event.seat == you:
            return _("You flip {card} from the stock.").format(card=event.card)
        who = seat_name(event.seat, names, you)
        return _("{who} flips {card} from the stock.").format(who=capitalized(who), card=event.card)
    if kind == "deal":
        return _deal(event, names, you)
    if kind == "takefour":
        return _take_four(event, names, you)
    if kind == "redeal":
        reason = get_ruleset(event.variant).redeal_text(event.rank, event.count)
        return _("Redeal: {reason}. All cards were collected, shuffled and dealt again.").format(
            reason=reason
        )
    if kind == "end":
        return _end(event, names, you)
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover


def _capture(e: Capture, names: Sequence[str] | None, you: int | None) -> str:
    if e.more:
        return _capture_three(e, names, you)
    reason = pair_reason(e.card, e.taken)
    pts = pair_points(e.card, e.taken, e.values[:2] if e.values else None)
    if e.seat == you:
        text = _("{reason}: you take both ({points}).")
    else:
        text = _("{reason}: {who} takes both ({points}).")
    text = text.format(reason=reason, who=seat_name(e.seat, names, you), points=pts)
    if e.how == "chosen":
        others = [c for c in e.options if c is not e.taken]
        text += mark(" ") + _("{taken} was chosen over {others}.").format(taken=e.taken, others=cards_text(others))
    elif e.how == "auto":
        text += mark(" ") + auto_reason(e.taken, e.options)
    return text


def _capture_three(e: Capture, names: Sequence[str] | None, you: int | None) -> str:
    """Chinese Ten: the fourth card of a rank takes the three lying on the table."""
    taken = (e.taken, *e.more)
    pts = " + ".join(f"{c} {v}" for c, v in zip((e.card, *taken), e.values, strict=True))
    total = points_text(sum(e.values))
    if e.seat == you:
        text = _("The fourth {rank}, {card}, takes all three {ranks} on the table ({cards}): you take all four "
                 "({points} = {total}).")
    else:
        text = _("The fourth {rank}, {card}, takes all three {ranks} on the table ({cards}): {who} takes all four "
                 "({points} = {total}).")
    return text.format(rank=rank_name(e.card.rank), ranks=rank_plural(e.card.rank), card=e.card,
                       cards=cards_text(taken), who=seat_name(e.seat, names, you), points=pts, total=total)


def _take_four(e: TakeFour, names: Sequence[str] | None, you: int | None) -> str:
    if e.seat == you:
        text = _("All four starting cards are {ranks} ({cards}): as the dealer, you take them before play ({total}).")
    else:
        text = _("All four starting cards are {ranks} ({cards}): the dealer, {who}, takes them before play ({total}).")
    return text.format(ranks=rank_plural(e.cards[0].rank), cards=cards_text(e.cards), who=seat_name(e.seat, names, you),
                       total=points_text(sum(e.values)))


def auto_reason(taken: Card, options: Sequence[Card]) -> str:
    """Why the jb rule took ``taken`` among ``options``."""
    if taken.red and any(not c.red for c in options):
        if sum(c.red for c in options) == 1:
            return _("The jb rule takes a red card before a black one.")
        return _("The jb rule takes a red card before a black one, and of the red cards the one that has lain on "
                 "the table longest ({card}).").format(card=taken)
    return _("The jb rule takes the card that has lain on the table longest ({card}).").format(
        card=taken
    )


def _deal(e: Deal, names: Sequence[str] | None, you: int | None) -> str:
    seed = _(", seed {seed}").format(seed=e.seed) if e.seed is not None else ""
    rules = get_ruleset(e.variant)
    if rules.game == "main-merah":
        text = _("New game: {n} players, {variant} variant{seed}.").format(n=e.players, variant=e.variant, seed=seed)
    else:
        text = _("New game of {game}: {n} players{seed}.").format(game=_(rules.title), n=e.players, seed=seed)
        black = [c for c in (Card.parse("AS"), Card.parse("AC")) if rules.card_points(c, e.players)]
        if black:
            text += mark(" ") + ngettext("With {n} players {cards} scores too ({values}): {total} points in all.",
                                   "With {n} players {cards} score too ({values}): {total} points in all.",
                                   len(black)).format(
                n=e.players, cards=cards_text(black), total=rules.total(e.players),
                values=", ".join(f"{c} {rules.card_points(c, e.players)}" for c in black))
    text += mark(" ") + ngettext(
        "The starting table: {n} card face up ({cards}); {stock} in the stock.",
        "The starting table: {n} cards face up ({cards}); {stock} in the stock.", len(e.table)).format(
        n=len(e.table), cards=cards_text(e.table), stock=e.stock_size)
    return sentences(text, first_player_text(e, names, you))


def first_player_text(e: Deal, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """Who plays first and why, per the rule book (the Deal's ``opener``, set by the state)."""
    rules = get_ruleset(e.variant)
    first, dealer = seat_name(e.first, names, you), seat_name(e.dealer, names, you)
    if e.opener == "dealer":
        return _("First to play: {first}, the dealer (under the {variant} rules the dealer starts).").format(
            first=first, variant=e.variant)
    if e.opener == "after-dealer":
        if rules.game == "main-merah":
            return _("First to play: {first}, the seat after the dealer, {dealer} (under the {variant} rules the "
                     "player after the dealer starts).").format(first=first, dealer=dealer, variant=e.variant)
        return _("First to play: {first}, the seat after the dealer, {dealer} (in {game} the seat after the "
                 "dealer starts, and the dealer plays last).").format(first=first, dealer=dealer, game=_(rules.title))
    if e.opener == "random":
        return _("First to play: {first}, drawn at random (under the {variant} rules the first player is drawn "
                 "at random).").format(first=first, variant=e.variant)
    if e.opener == "lowest":
        return _("First to play: {first}, the lowest scorer of the game before (in a match the lowest scorer "
                 "starts the next game; of tied lowest scorers, the first met clockwise from the game before's first "
                 "player, that player included).").format(first=first)
    return _("First to play: {first}, as this position was set up.").format(first=first)


def _end(e: End, names: Sequence[str] | None, you: int | None) -> str:
    lines = [_("Game over.")]
    rules = get_ruleset(e.variant)
    points = rules.points(len(e.piles))
    for seat, pile in enumerate(e.piles):
        who = capitalized(seat_name(seat, names, you))
        lines.append(who + mark(": ") + score_card(pile, points))
    winners = e.winners
    if len(winners) == 1:
        w = winners[0]
        lines.append(_("You win!") if w == you else _("{who} wins.").format(who=capitalized(seat_name(w, names, you))))
    else:
        lines.append(_("A shared win: {who}.").format(who=listed([seat_name(w, names, you) for w in winners])))
    total = sum(e.scores)
    if e.stranded:
        lines.append(stranded_text(e.stranded, e.start_table, points))
        lines.append(_("Points in the piles: {total} of {all}.").format(total=total, all=sum(points)))
    return "\n".join(lines)


def stranded_text(stranded: Sequence[Card], start_table: Sequence[Card], points: Sequence[int] | None = None) -> str:
    """Why cards are left on the table at the end (they score for nobody)."""
    value = sum(points[c.index] if points is not None else main_merah_points(c) for c in stranded)
    parts = [_("{cards} stayed on the table and score for nobody ({pts}).").format(
        cards=cards_text(stranded), pts=points_text(value)
    )]
    start = Counter(PAIR_CLASS[c.rank] for c in start_table)
    for cls in sorted({PAIR_CLASS[c.rank] for c in stranded}):
        group = [c for c in stranded if PAIR_CLASS[c.rank] == cls]
        ranks = sorted({c.rank for c in group})
        n_start = start.get(cls, 0)
        if len(ranks) == 2 and n_start >= 5:
            low, high = ranks
            parts.append(ngettext(
                "The starting table held {n} cards of the {a}/{b} class. A card captures only when it is "
                "played or flipped, and each later {a} or {b} took one of them, so {k} of each was "
                "bound to stay whatever anyone played.",
                "The starting table held {n} cards of the {a}/{b} class. A card captures only when it is "
                "played or flipped, and each later {a} or {b} took one of them, so {k} of each were "
                "bound to stay whatever anyone played.",
                n_start - 4,
            ).format(n=n_start, a=rank_name(low), b=rank_name(high), k=n_start - 4))
        elif len(group) >= 2 and ranks[0] in SELF_PAIRING:
            parts.append(_(
                "{cards} lay on the starting table together; starting cards never capture each other, "
                "so they could only be taken by later {ranks}, and there were not enough."
            ).format(cards=cards_text(group), ranks=rank_plural(ranks[0])))
        else:
            parts.append(_("{cards}: every card that could pair with it was used up elsewhere.").format(
                cards=cards_text(group)
            ))
    return mark(" ").join(parts)


def summary(game: Game, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """The whole game in words, one event a line."""
    return "\n".join(e.explain(list(names) if names else None, you) for e in game.events)


# ----- the review's themes: what a mistake got wrong, from the engine's facts ----------------------------------

THEMES: dict[str, str] = {
    "choose-the-capture": N_("taking the wrong table card"),
    "missed-capture": N_("taking fewer points than another card would"),
    # (The id stays "red-left": kept records name it. Its card may be black: with 3 or 4 players Chinese Ten's
    # A♠ and A♣ score too.)
    "red-left": N_("leaving a scoring card to be captured"),
    "wasted-high": N_("spending a card worth more points than needed"),
    "costs-later": N_("a card that costs you later"),
}
"""The fishing games' review themes by id (English source, shown through ``_()``); the last is the catch-all."""


def taken_now(game: Any, action: str) -> tuple[int, bool]:
    """(the points the seat to move takes at once with ``action``, whether the played card stays on the table):
    its capture before the flip; a capture still to choose counts its richest option."""
    seat, after = game.decision.seat, game.copy()
    seen = len(after.events)
    after.act(action)
    card = Card.parse(action)
    got = sum(after.points(c) for e in after.events[seen:] if type(e).__name__ == "Capture" and e.seat == seat
              and e.source == "play" for c in (e.card, e.taken, *e.more))
    d = after.decision
    if d is not None and d.kind == "capture" and d.seat == seat and d.source == "play":
        got += after.points(d.card) + max(after.points(c) for c in d.options)
    return got, card in after.table


def themes(game: Any, played: str, better: str) -> tuple[str, ...]:
    """What ``played`` (at ``game``'s decision) got wrong against ``better``, the main theme first: the capture
    chosen; a capture worth less than the better card's; the played card, one that scores, left on the table to be
    captured; a card worth more points spent where a cheaper one did better; else a cost that shows later."""
    d = game.decision
    if d is not None and d.kind == "capture":
        return ("choose-the-capture",)
    found: list[str] = []
    (mine, stays), (best, best_stays) = taken_now(game, played), taken_now(game, better)
    card, other = Card.parse(played), Card.parse(better)
    if best > mine:
        found.append("missed-capture")
    if stays and game.points(card) > 0 and not (best_stays and game.points(other) >= game.points(card)):
        found.append("red-left")
    if game.points(card) > game.points(other):
        found.append("wasted-high")
    return (*found, "costs-later")
