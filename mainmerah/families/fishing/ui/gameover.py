"""The end of a fishing game on the table: each pile scored card by card, the winner, stranded cards."""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core.cards import cards_text, points_text
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import listed, mark
from mainmerah.draw.text import esc
from mainmerah.families.fishing.events import End
from mainmerah.families.fishing.explain import capitalized, seat_name, stranded_text
from mainmerah.families.fishing.rules import MAIN_MERAH_POINTS, score_card
from mainmerah.table.cards import fan_html


def pile_note(scoring: int, rest: int, reds_only: bool = True) -> str:
    """How many cards of a pile score and how many do not, e.g. "1 red card scores, 3 black cards score 0"
    (``reds_only``: only red cards score in this game)."""
    if reds_only:
        return _("{scoring}, {rest}").format(
            scoring=ngettext("{n} red card scores", "{n} red cards score", scoring).format(n=scoring),
            rest=ngettext("{n} black card scores 0", "{n} black cards score 0", rest).format(n=rest))
    return _("{scoring}, {rest}").format(
        scoring=ngettext("{n} card scores", "{n} cards score", scoring).format(n=scoring),
        rest=ngettext("{n} scores 0", "{n} score 0", rest).format(n=rest))


def game_over_html(end: End, names: Sequence[str], you: int | None,
                   points: Sequence[int] = MAIN_MERAH_POINTS) -> str:
    """The end of a fishing game: each pile scored card by card (``points``: the ruleset's, by card index)."""
    winners = end.winners
    if len(winners) == 1:
        w0 = winners[0]
        if w0 == you:
            head = _("You win with {n} points!").format(n=end.scores[w0])
        else:
            head = _("{who} wins with {n} points.").format(who=capitalized(seat_name(w0, names, you)), n=end.scores[w0])
    else:
        head = _("A shared win at {n} points: {who}.").format(
            n=end.scores[winners[0]], who=listed(seat_name(s, names, you) for s in winners))
    parts = [f'<div class="mm-h">{esc(_("Game over"))}</div><div class="mm-winner">{esc(head)}</div>']
    order = sorted(range(len(end.piles)), key=lambda s: -end.scores[s])
    for seat in order:
        pile = end.piles[seat]
        who = capitalized(seat_name(seat, names, you))
        red = [c for c in pile if points[c.index]]  # the scoring cards: red, and Chinese Ten's black Aces
        black = len(pile) - len(red)
        note = pile_note(len(red), black, reds_only=all(c.red for c in red))
        parts.append(
            f'<div class="mm-seatscore" data-seat="{seat}" data-score="{end.scores[seat]}">'
            f"<b>{esc(who)}{mark(': ')}{esc(points_text(end.scores[seat]))}</b> "
            f'<span class="mm-sub">({esc(note)})</span>'
            f"<div>{fan_html(red, 's', empty=_('no red cards'), tight=False)}</div>"
            f'<div class="mm-sum">{esc(score_card(pile, points))}</div></div>'
        )
    total, all_points = sum(end.scores), sum(points)
    if end.stranded:
        left = _("Left on the table: {cards}").format(cards=cards_text(end.stranded))
        parts.append(
            f'<div class="mm-stranded"><b>{esc(left)}</b>'
            f"<div>{fan_html(list(end.stranded), 's', tight=False)}</div>"
            f"<div>{esc(stranded_text(end.stranded, end.start_table))}</div>"
            f"<div>{esc(_('Points in the piles: {total} of {all}.').format(total=total, all=all_points))}</div>"
            "</div>"
        )
    elif total == all_points:
        clean = _("The table is empty: all {all} points were captured.").format(all=all_points)
        parts.append(f'<div class="mm-sub">{esc(clean)}</div>')
    return "".join(parts)
