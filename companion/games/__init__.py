"""Game registry: every subpackage of companion.games that defines ``GAME`` is a game that works.

Adding a game is adding a package here (plus its blueprint, templates and profile); nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from .base import Game


@cache
def registry() -> dict[str, Game]:
    games: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            games[game.slug] = game
    return games
