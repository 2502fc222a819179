"""The plumbing every game's explanations share: how seats are named in a sentence."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mainmerah.core.i18n import N_, _, language

# The computers' levels as a player reads them (every game offers some of these; a game's own line on what
# each does is its GameUI.levels).
LEVEL_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "expert": N_("expert")}


def level_name(level: str) -> str:
    """A computer's level in the current language (an unknown one as it is)."""
    return _(LEVEL_NAMES.get(level, level))


def seat_name(seat: int, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """"you" for the reader's own seat, else the seat's name, else "Seat 2"."""
    if you is not None and seat == you:
        return _("you")
    if names and seat < len(names):
        return names[seat]
    return _("Seat {n}").format(n=seat)


def capitalized(text: str) -> str:
    """``text`` with its first letter upper-case (a seat name opening a sentence)."""
    return text[:1].upper() + text[1:]


# Punctuation pasted between translated pieces, in the current language's own marks: Chinese writes
# full-width ones with no space after them (。，；：). Each piece's own text is the catalog's.
_MARKS = {"zh": {".": "。", ". ": "。", ", ": "，", "; ": "；", ": ": "：", " ": "", " & ": "、"}}


def mark(text: str) -> str:
    """``text`` (".", ". ", ", ", "; ", ": ", " & " or " " between two pieces) as the current language writes it."""
    return _MARKS.get(language(), {}).get(text, text)


def aside(text: str) -> str:
    """A short remark after a word: " (text)"; Chinese "（text）" (full-width, no space before it)."""
    return f"（{text}）" if language() == "zh" else f" ({text})"


def listed(items: Iterable[str]) -> str:
    """Items of a list, one after another: "a, b, c"; Chinese "a、b、c"."""
    return ("、" if language() == "zh" else ", ").join(items)



def sentences(*parts: str) -> str:
    """Whole sentences one after another, as the current language runs them on: "Taken. Next." in English,
    "吃进。下一个。" in Chinese (no space after 。！？); empty parts are left out."""
    return mark(" ").join(p for p in parts if p)
