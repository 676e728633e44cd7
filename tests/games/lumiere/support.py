"""Helpers for the Lumière Prière engine tests: fields from notation, profiles, a table driven by text moves."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from companion.games.lumiere import GAME, Card, Field, TableState, parse_move_text

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_PROFILE_PATH = ROOT / "companion" / "profiles" / "lumiere" / "default.toml"


def field(text: str) -> Field:
    """A field from its notation (``.`` empty, ``card@owner``, ``*`` active, stacks top first with ``/``)."""
    return Field.parse(text)


def default_profile() -> dict[str, Any]:
    with DEFAULT_PROFILE_PATH.open("rb") as handle:
        return tomllib.load(handle)


# Made-up values for tests only: the real points are printed on the cards and not known to us (LP-8).
TEST_POINTS: dict[str, int] = {
    "commoner": 1, "yokai_master": 2, "exorcist": 3, "warrior": 2, "magician": 2, "borderer": 1,
    "yokai": -2, "otherworlder": -1, "priest": 3, "conjurer": 2, "ghost": -1, "vampire": -3,
}


def complete_profile(stackable: frozenset[str] = frozenset(), points: dict[str, int] | None = None) -> dict[str, Any]:
    """A complete test profile: every card with points, an effect text and a stackable flag."""
    values = TEST_POINTS | (points or {})
    profile = default_profile()
    for card in profile["cards"]:
        card["points"] = values[card["id"]]
        card["effect"] = f"(test effect of {card['id']})"
        card["stackable"] = card["id"] in stackable
    return profile


def play(state: TableState, *moves: str) -> TableState:
    """Apply text moves in order (each must be legal)."""
    for text in moves:
        state = GAME.apply(state, parse_move_text(text))
    return state


# A new table's options: every option at its default, as the new-table page stores them. A table whose options
# lack a key started before that option existed and keeps the earlier reading (LP-6, LP-9: readings.py).
NEW_TABLE = {o.key: o.default for o in GAME.options}
EARLIER_READINGS: dict[str, str] = {}


def table(players: int = 4, profile: dict[str, Any] | None = None, first: int = 0,
          openings: tuple[str, ...] | None = None, options: dict[str, str] | None = None) -> TableState:
    """A table past setup: ``first`` chosen, each seat's commoner placed (default: along the bottom row)."""
    chosen = NEW_TABLE if options is None else options
    state = GAME.new_state(players, chosen, profile if profile is not None else default_profile())
    cells = openings or tuple(f"r3c{i}" for i in range(players))
    return play(state, f"first {first}", *(f"opening {cell}" for cell in cells))


def with_field(state: TableState, text: str) -> TableState:
    """The same table with another field (for setting up a position directly)."""
    from dataclasses import replace

    return replace(state, field=field(text))


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(Card(name) for name in names)
