"""Finished tables of every game for the group tests: games recorded through the engines' own moves (random
walks through ``legal_moves`` as the contract test records them; Planetary Sisters by its recorder of real
games), imported as table exports (every move checked again by the rules), at times one day apart."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from companion.games.base import Game
from companion.profiles import builtin_profiles
from companion.registry import engines
from tests.web.apps import Phone


@dataclass
class Finished:
    game: Game[Any, Any]
    seats: list[str]
    profile: dict[str, Any]
    moves: list[Any]
    final: Any


def _profile(slug: str) -> dict[str, Any]:
    if slug == "planeta-rica":
        from tests.games.planeta_rica.support import TEST_PROFILE

        return dict(TEST_PROFILE)
    if slug == "lumiere":  # every card's points filled in (the engine tests' made-up points)
        from tests.games.lumiere.support import complete_profile

        return complete_profile()
    found = builtin_profiles(slug)
    return dict(next(iter(found.values()))) if found else {}


def finished_game(slug: str, seats: list[str], seed: int = 0) -> Finished:
    """A finished game of ``slug`` for these seats (the first seed from ``seed`` on whose walk finishes)."""
    game = engines()[slug]
    players = len(seats)
    if slug == "planetary-sisters":
        from tests.games.planetary_sisters.support import complete_profile, play_game

        play = play_game(players, seed)
        return Finished(game, seats, complete_profile(), list(play.moves), play.final)
    profile = _profile(slug)
    for attempt in range(seed, seed + 40):
        rng = random.Random(attempt)
        state = game.new_state(players, {o.key: o.default for o in game.options}, profile)
        moves: list[Any] = []
        while len(moves) < 3000 and not game.score(state).finished:
            legal = list(game.legal_moves(state) or [])
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(move)
            state = game.apply(state, move)
        if game.score(state).finished:
            return Finished(game, seats, profile, moves, state)
    raise AssertionError(f"no finished walk of {slug}")


def export_of(done: Finished, day: int, start: datetime | None = None) -> dict[str, Any]:
    """The table as its own JSON export, its entries made a second apart from 19:00 UTC on ``day`` (days after
    2026-01-01), or from ``start``."""
    start = start or datetime(2026, 1, 1, 19, 0, tzinfo=UTC) + timedelta(days=day)
    game = done.game
    export: dict[str, Any] = {
        "format": "companion-table", "format_version": 1, "game": game.slug, "version": len(done.moves),
        "options": {o.key: o.default for o in game.options}, "seats": done.seats, "profile_ref": "",
        "profile": done.profile,
        "log": [{"seq": i + 1, "kind": "move", "payload": game.move_to_json(m), "device": "test",
                 "at": (start + timedelta(seconds=i)).isoformat()} for i, m in enumerate(done.moves)],
    }
    if not done.profile:  # a game without card data: the export names no profile
        del export["profile"]
    return export


def import_table(phone: Phone, export: dict[str, Any]) -> str:
    """The imported table's players' link (a path)."""
    response = phone.post("/import", {"text": json.dumps(export)})
    assert response.status_code == 303, re.findall(r"<li>(.*?)</li>", response.get_data(as_text=True))[:5]
    return response.headers["Location"]


def new_group(phone: Phone, name: str, *members: str) -> str:
    form = {"name": name, **{f"member{i}": m for i, m in enumerate(members)}}
    response = phone.post("/groups/new", form)
    assert response.status_code == 303, re.findall(r"<li>(.*?)</li>", response.get_data(as_text=True))[:5]
    return response.headers["Location"]


def token_of(path: str) -> str:
    return re.sub(r"[?#].*$", "", path).rstrip("/").rsplit("/", 1)[-1]
