"""Finished tables of the five games for the result card's tests: Lumière's simple whole game (tests.games.lumiere)
and the other games' recorded walks (tests.web.groups.support), imported as table exports."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from flask import Flask

from companion.games.lumiere import GAME as LUMIERE
from companion.tables import store
from tests.games.lumiere.support import complete_profile
from tests.games.lumiere.test_tracker import run_a_whole_game
from tests.web.apps import Phone
from tests.web.groups.support import Finished, export_of, finished_game, import_table, token_of

SEATS = {
    "lumiere": ["Ben", "Chie", "Dan"],
    "planeta-rica": ["Chie", "Dan", "Aki"],
    "planetary-sisters": ["Aki", "Ben", "Chie"],
    "sister-combination": ["Dan", "Aki", "Ben"],
    "strato-sphere": ["Aki", "Ben"],
}
# Strato-Sphere's walk from seed 1 is a game won (the one from seed 0 ends in a draw, which the card words apart).
SEEDS = {"strato-sphere": 1}
DAY = 3  # the games' entries are made on 2026-01-04, from 19:00 UTC, a second apart (tests.web.groups.support)


@cache
def finished(slug: str) -> Finished:
    """A finished game of ``slug``: Lumière's simple whole game (tests.games.lumiere), the others' recorded walks."""
    if slug == "lumiere":
        state, log = run_a_whole_game(3)
        return Finished(LUMIERE, SEATS[slug], complete_profile(), [LUMIERE.parse_move(m) for m in log], state)
    return finished_game(slug, SEATS[slug], SEEDS.get(slug, 0))


@dataclass(frozen=True)
class Played:
    done: Finished
    table: str  # the players' link (a path)
    watch: str  # the read-only link's token


def play(app: Flask, phone: Phone, slug: str) -> Played:
    done = finished(slug)
    table = import_table(phone, export_of(done, DAY))
    with app.app_context():
        found = store.get_table(token_of(table))
        assert found is not None
        watch = found.watch_token
    return Played(done, table, watch)
