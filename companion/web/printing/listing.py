"""Every printable the print page lists: the shared ones (documents.py) and each game's, found by name.

A game web package with a ``printables`` module (``companion/web/games/<pkg>/printables.py``) prints what its
``PRINTABLES`` tuple lists, grouped under the game's name, and, when its cards have markers
(companion/markers), its sticker sheet (stickers.py: ``<prefix>-stickers``, the prefix of its first printable's
id); adding a game adds its printables without editing this package. A package prints even before the game has a table (no ``WEB``, no engine ``GAME`` yet): its
names then come from its engine package's ``NAME_JA``/``NAME_EN``. A module may set ``PRINT_ORDER`` (a
number, lower first) to place its game on the print page; games without one follow by package name.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Any

from ...registry import engines
from . import documents, stickers
from .documents import Printable

GAMES_PACKAGE = "companion.web.games"
ENGINES_PACKAGE = "companion.games"


@dataclass(frozen=True)
class GamePrintables:
    package: str  # the subpackage's name in companion.web.games (and companion.games)
    slug: str
    printables: tuple[Printable, ...]
    order: float


@cache
def game_printables() -> tuple[GamePrintables, ...]:
    """Each game web package's printables, in the print page's order."""
    games = importlib.import_module(GAMES_PACKAGE)
    found = []
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not info.ispkg or importlib.util.find_spec(f"{GAMES_PACKAGE}.{info.name}.printables") is None:
            continue
        module = importlib.import_module(f"{GAMES_PACKAGE}.{info.name}.printables")
        printables = tuple(module.PRINTABLES)
        slugs = {p.game for p in printables}
        if len(slugs) != 1:
            raise ValueError(f"{module.__name__}: every printable names the same game (found {sorted(slugs)})")
        slug = slugs.pop()
        if stickers.has_stickers(slug):  # every game whose cards have markers: its sticker sheet
            prefix = printables[0].id.split("-")[0]
            printables += (stickers.sticker_printable(slug, prefix, *_names(info.name, slug)),)
        found.append(GamePrintables(info.name, slug, printables, float(getattr(module, "PRINT_ORDER", 1e9))))
    return tuple(sorted(found, key=lambda g: (g.order, g.package)))


def _names(package: str, slug: str) -> tuple[str, str]:
    """The game's names (Japanese, English): its engine's GAME, else its engine package's NAME_JA / NAME_EN."""
    game = engines().get(slug)
    if game is not None:
        return game.name_ja, game.name_en
    engine = importlib.import_module(f"{ENGINES_PACKAGE}.{package}")
    return str(engine.NAME_JA), str(engine.NAME_EN)


@cache
def all_printables() -> tuple[Printable, ...]:
    """The games' printables in the page's order, then the shared ones (the calibration page)."""
    every = tuple(p for game in game_printables() for p in game.printables) + documents.PRINTABLES
    seen: set[str] = set()
    for printable in every:
        if printable.id in seen:
            raise ValueError(f"two printables have the id {printable.id!r}")
        seen.add(printable.id)
    return every


@cache
def by_id() -> dict[str, Printable]:
    return {p.id: p for p in all_printables()}


def groups() -> list[tuple[str, list[Printable]]]:
    """The printables by game, in the print page's order (the calibration page has its own section)."""
    return [(game.slug, list(game.printables)) for game in game_printables()]


def game_names() -> dict[str, tuple[str, str]]:
    """slug -> (Japanese name, English name) of every game with printables: the engine's GAME where it has
    one, else its package's NAME_JA / NAME_EN (a game that is printed before it is played)."""

    return {game.slug: _names(game.package, game.slug) for game in game_printables()}


def profile_games() -> tuple[str, ...]:
    """The games one of whose printables takes a deck profile (the print page offers their built-ins)."""
    return tuple(dict.fromkeys(p.game for p in all_printables() if "profile" in p.options))


def __getattr__(name: str) -> Any:
    """``PRINTABLES``: every printable (all_printables()), found on first use."""
    if name == "PRINTABLES":
        return all_printables()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
