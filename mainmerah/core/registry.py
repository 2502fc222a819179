"""The registry of games: each is known by name and found in its own package.

The registry names the module of each game and imports it only when asked, so the core
imports no game and no game imports the registry (no cycle). A game's module exposes
``GAME``, a :class:`GameInfo` (a family of games, ``GAMES``: a dict by name or a tuple of them):
how to deal it, set it up explicitly, load its save body, and make its bots.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.cards import PACK
from mainmerah.core.contract import Bot, GameState
from mainmerah.core.i18n import _
from mainmerah.core.save import unwrap

# The game a version 1 save file holds (files written before the games had names).
LEGACY_SAVES = "main-merah"

# name -> module holding GAME (or GAMES, where the game is found by its name); the order is the home page's.
MODULES: dict[str, str] = {
    "main-merah": "mainmerah.families.fishing",
    "chinese-ten": "mainmerah.families.fishing",
    "red-ten": "mainmerah.families.red_ten",
    "in-the-red": "mainmerah.families.in_the_red",
}


@dataclass(frozen=True)
class GameInfo:
    """What the registry knows of one game."""

    name: str
    title: str  # the game's own name, e.g. "Main Merah"
    blurb: str  # one line on what it is (English source; shown through _())
    players: tuple[int, ...]  # player counts it can be played with
    variants: tuple[str, ...]  # named rule variants; the first is the default
    default_players: int
    new: Callable[..., GameState[Any]]  # (seed=, players=, variant=, dealer=) -> a shuffled game
    from_layout: Callable[..., GameState[Any]]  # explicit set-up, fields per game
    load_body: Callable[[dict[str, Any]], GameState[Any]]  # a save file's body -> the game, checked
    make_bot: Callable[..., Bot]  # (level, seed=) -> a bot whose choose(view) gives an action
    bots: tuple[str, ...]  # bot names, weakest first
    # For the conformance suite: another game that ``seat`` cannot tell from this one
    # (the hidden cards dealt otherwise, the same decisions), or None if nothing is hidden.
    other_world: Callable[[GameState[Any], int, random.Random], GameState[Any] | None]
    # How the next game of a match is dealt, from the last one: keyword arguments for ``new``
    # (by default the deal passes to the next seat; see core.match).
    next_deal: Callable[[GameState[Any]], dict[str, Any]] | None = None
    # The review's fast path (core.review): (game, action, level, seed) -> the score (as ``scores``) the seat
    # to move ends with when it takes ``action`` and the computer at ``level`` plays every seat on, on the
    # game's own fast simulation (no events, no explanations); None where it has none (then the engine plays).
    playout: Callable[[GameState[Any], str, str, int], float | None] | None = None
    # The review's themes (core.review): (the position, the action played, the better one) -> the ids of what the
    # played action got wrong, decided by the game's engine facts, the main one first and never empty (each game
    # ends with a catch-all); ``theme_names``: each id -> its name (English source, shown through _()).
    themes: Callable[[GameState[Any], str, str], tuple[str, ...]] | None = None
    theme_names: Mapping[str, str] = field(default_factory=dict)
    low_wins: bool = False  # In The Red: the lowest total wins a match
    # The rule book's match when none is named: a number of games (hands), or a total to reach; None: none.
    match_games: int | None = None
    match_target: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    # Where its UI lives, "module:attribute" of a GameUI (imported only when asked: the engine and
    # the server's home page need no widget); None: a game with no table yet.
    ui: str | None = None


@dataclass(frozen=True)
class GameUI:
    """What a game shows and teaches, each part named "module:attribute" and imported only when
    asked (:func:`load`), so that a page derives every menu, link and list from the registry.

    A game's ``ui/__init__.py`` holds one (two for a family of two) and names nothing but its own folder.
    """

    presenter: str  # its table's Presenter class
    art: str  # the home page's picture: a few cards in notation, e.g. "10♥ 10♦"
    levels: Mapping[str, str]  # each computer level (as GameInfo.bots) -> one line in the game's words (N_)
    lessons: str | None = None  # a function giving its tutorial's lessons (None: "lessons coming soon")
    sheet: str | None = None  # its rules sheet: (game, scale) -> sheets.page.Page
    # The points a card shows at its table and in its lessons: a function (card, players) -> int,
    # or None when its cards carry no points (no badge, no hover text, nothing spoken).
    points: str | None = None
    # Its proven puzzles: a function (game, level=None) -> its puzzles (as mainmerah.puzzles); None: none.
    puzzles: str | None = None
    # Its classroom tools, a widget class or function (seed=, game=) -> the room the classroom page shows
    # (see mainmerah.pages.kept_classroom.KeptRoom); None: no classroom tools yet.
    classroom: str | None = None
    lab: str | None = None  # the strategy lab's experiments (None: not in the lab)


def load(target: str) -> Any:
    """The object a "module:attribute" name gives."""
    module, _sep, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def games() -> list[str]:
    """The registered games' names, Main Merah first."""
    return list(MODULES)


def ui(name: str) -> GameUI:
    """A game's :class:`GameUI` (what its pages show); refused for a game with none."""
    info = get(name)
    if info.ui is None:
        raise ValueError(_("{game} has no table yet").format(game=_(info.title)))
    found = load(info.ui)
    if not isinstance(found, GameUI):
        raise TypeError(f"{info.ui} (the UI of {info.name!r}) is a {type(found).__name__}, not a GameUI")
    return found


def has_ui(name: str) -> bool:
    """Whether a registered game has a table and pages (its GameInfo names a GameUI)."""
    return get(name).ui is not None


def puzzles(name: str, level: int | None = None) -> list[Any] | None:
    """The proven puzzles game ``name`` ships (all levels, or ``level``'s), from its ``GameUI.puzzles``; None: it
    ships none. (Every page, sheet and student record reads a game's puzzles here.)"""
    if not has_ui(name) or (target := ui(name).puzzles) is None:
        return None
    return list(load(target)(name, level=level))


def games_with(part: str) -> list[str]:
    """The registered games whose GameUI has ``part`` (e.g. "lessons", "sheet", "puzzles", "classroom"),
    in the registry's order: every list of games a page offers is worked out here."""
    if part not in GameUI.__dataclass_fields__:
        raise ValueError(f"a GameUI has no {part!r}: choose one of {', '.join(GameUI.__dataclass_fields__)}")
    return [name for name in MODULES if has_ui(name) and getattr(ui(name), part)]


def card_points(name: str, players: int | None = None) -> tuple[int, ...] | None:
    """The points ``name``'s cards show at its table and in its lessons, by card index (the 52 cards),
    with ``players`` (its default number if None), from its ``GameUI.points``; None: its cards carry no
    points (no badge, no hover text, nothing spoken), as for a game with no UI."""
    if not has_ui(name) or (target := ui(name).points) is None:
        return None
    price = load(target)
    n = get(name).default_players if players is None else players
    return tuple(int(price(card, n)) for card in PACK)


def _infos(module: str) -> tuple[GameInfo, ...]:
    """The GameInfos a module exposes: its ``GAME``, or each of its ``GAMES`` (a dict by name or a tuple)."""
    found = importlib.import_module(module)
    one = getattr(found, "GAME", None)
    if isinstance(one, GameInfo):
        return (one,)
    many = getattr(found, "GAMES", None)
    infos = tuple(many.values()) if isinstance(many, Mapping) else many
    if isinstance(infos, tuple) and infos and all(isinstance(i, GameInfo) for i in infos):
        return infos
    return ()


def register(module: str, name: str | None = None) -> str:
    """Add the game whose ``GAME`` lives in ``module`` (after the others); its name is returned.

    The one place a game is named: the built-in ones are listed in MODULES, a game of one's own
    (or a test's) is added here. A module of a family (``GAMES``) adds each of its games, or only
    the one called ``name``; the first added is returned. A module without a ``GAME`` GameInfo (nor
    ``GAMES``), or a name already taken by another module, is refused."""
    infos = _infos(module)
    if not infos:
        raise ValueError(f"{module} has no GAME (a GameInfo) to register")
    if len(infos) == 1:
        keys = [(name or infos[0].name).strip().lower()]
    else:
        keys = [i.name for i in infos if name is None or i.name == name.strip().lower()]
        if not keys:
            raise ValueError(f"{module} has no game {name!r}: choose one of {', '.join(i.name for i in infos)}")
    for key in keys:
        if MODULES.get(key, module) != module:
            raise ValueError(f"the game name {key!r} is taken by {MODULES[key]}: unregister it first")
    for key in keys:
        MODULES[key] = module
    return keys[0]


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's game when the test ends); an unknown name is ignored."""
    MODULES.pop(name, None)


def get(name: str) -> GameInfo:
    """A game's :class:`GameInfo` by name; an unknown name is refused with the known ones."""
    key = str(name).strip().lower()
    module = MODULES.get(key)
    if module is None:
        raise ValueError(_("unknown game {name!r}: choose one of {names}").format(
            name=name, names=", ".join(MODULES)))
    infos = _infos(module)
    if len(infos) == 1:
        return infos[0]
    for info in infos:
        if info.name == key:
            return info
    raise ValueError(f"{module} has no GAME, nor a game {key!r} in its GAMES")


def new_game(name: str, seed: int | None = None, players: int | None = None, variant: str | None = None,
             **kw: Any) -> GameState[Any]:
    """A shuffled game of ``name`` per its rules (``seed`` None picks one and records it)."""
    info = get(name)
    return info.new(seed=seed, players=info.default_players if players is None else players,
                    variant=variant or info.variants[0], **kw)


def game_from_layout(name: str, **fields: Any) -> GameState[Any]:
    """An explicit set-up of ``name``; the fields are documented by each game."""
    return get(name).from_layout(**fields)


def load_game(text: str) -> GameState[Any]:
    """Any game's save file, checked and replayed through that game's rules."""
    name, body = unwrap(text, legacy=LEGACY_SAVES)
    return get(name).load_body(body)


def make_bot(level: str, seed: int | None = None, game: str = "main-merah") -> Bot:
    """A computer player of ``game`` by level name (one of its ``GameInfo.bots``, or a game's extra one)."""
    bot: Bot = get(game).make_bot(level, seed=seed)
    return bot
