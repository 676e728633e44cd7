"""The games this app serves (the registry's engines with their web packages, as create_app wired them): the game
list the home page, the API, the profiles and the tables read, and a 404 for a slug naming none."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app

from .gameweb import GameWeb, Registered


def registered() -> dict[str, Registered]:
    entries: dict[str, Registered] = current_app.extensions["companion_games"]
    return entries


def game_or_404(slug: str) -> Registered:
    entry = registered().get(slug)
    if entry is None:
        abort(404)
    return entry


def web_of(slug: str) -> GameWeb[Any, Any]:
    return registered()[slug].web
