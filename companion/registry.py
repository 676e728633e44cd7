"""Which games exist: every package ``companion.games.<pkg>`` that defines ``GAME`` is a game.

A game's web package, when it has one, is ``companion.web.games.<pkg>`` (found by name, never imported here:
the registry knows nothing of Flask or routes). Adding a game is adding its packages; nothing else changes.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from dataclasses import dataclass
from functools import cache
from typing import Any

import companion.games as games_package

from .games.base import Game

WEB_PACKAGES = "companion.web.games"


@dataclass(frozen=True)
class GamePackage:
    package: str  # the Python package's name: "planetary_sisters"
    game: Game[Any, Any]

    @property
    def slug(self) -> str:
        return self.game.slug

    @property
    def web_module(self) -> str:
        return f"{WEB_PACKAGES}.{self.package}"

    def has_web(self) -> bool:
        try:
            return importlib.util.find_spec(self.web_module) is not None
        except ModuleNotFoundError:
            return False


@cache
def packages() -> dict[str, GamePackage]:
    """slug -> the game's packages, in package-name order."""
    found: dict[str, GamePackage] = {}
    for info in sorted(pkgutil.iter_modules(games_package.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{games_package.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            found[game.slug] = GamePackage(info.name, game)
    return found


def engines() -> dict[str, Game[Any, Any]]:
    """slug -> engine of every game."""
    return {slug: entry.game for slug, entry in packages().items()}
