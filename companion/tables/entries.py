"""A move entry of a table's log: the move a phone entered, and the entries the table made by itself after it.

Where the rules leave exactly one possible entry (``Game.forced``: a phase with nothing to choose), the table
makes it, in the same log entry as the move that led there, under ``then``. One entry is one tap: it is shown as
the player's move followed by the table's, undone and redone as one. The table's moves are logged, not worked out
again at replay, so a table replays the same when a game later learns to make more entries by itself, and an old
log (with no ``then``) replays as it always did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import Game, ParseError
from companion.server.cache import BoundedCache

THEN = "then"  # the payload key of the table's moves (a list of move JSON), after the entered move
MOST_FORCED = 32  # a bound on the table's moves after one entry (an engine whose forced moves never end stops here)


def entered_move(game: Game[Any, Any], payload: Mapping[str, Any]) -> Any:
    """The move the phone entered (the typed move), without what the table made after it."""
    return game.parse_move({k: v for k, v in payload.items() if k != THEN} if THEN in payload else payload)


def table_moves(game: Game[Any, Any], payload: Mapping[str, Any]) -> list[Any]:
    """The moves the table made by itself after the entered one, oldest first (raises ParseError when unreadable)."""
    made = payload.get(THEN, [])
    if not isinstance(made, list):  # only a hand-edited import has this
        raise ParseError("import.not_readable", path=THEN)
    return [game.parse_move(each) for each in made]


def every_move(game: Game[Any, Any], payload: Mapping[str, Any]) -> list[Any]:
    """The entered move and the table's after it, in the order they were made."""
    return [entered_move(game, payload), *table_moves(game, payload)]


def apply_entry(game: Game[Any, Any], state: Any, payload: Mapping[str, Any]) -> Any:
    """The state after the entry: its move, then the table's (replay; each raises as ``Game.apply`` does)."""
    for move in every_move(game, payload):
        state = game.apply(state, move)
    return state


# What ``Game.forced`` said of a state object: the write path asks it of the state its entry made, and the dock of
# the same state as the table's version (issue 39: a search of the legal moves, asked once).
_forced: BoundedCache[tuple[Any, Any]] = BoundedCache(256)


def forced_on(game: Game[Any, Any], state: Any) -> Any:
    """``game.forced(state)``, worked out once per state object (states are never changed in place)."""
    key = (id(game), id(state))
    kept = _forced.get(key)
    if kept is not None and kept[0] is state:
        return kept[1]
    move = game.forced(state)
    _forced.put(key, (state, move))
    return move


def follow_forced(game: Game[Any, Any], state: Any) -> tuple[list[Any], Any]:
    """The moves the table makes by itself from ``state`` on (each legal there, until a player has a choice),
    and the state they leave."""
    made: list[Any] = []
    while len(made) < MOST_FORCED:
        move = forced_on(game, state)
        if move is None or not game.check(state, move).legal:
            break
        made.append(move)
        state = game.apply(state, move)
    return made, state


def with_forced(game: Game[Any, Any], payload: dict[str, Any], after: Any) -> tuple[dict[str, Any], Any]:
    """The entry's payload with the table's moves after it (none: the payload unchanged), and the state then."""
    made, state = follow_forced(game, after)
    if not made:
        return payload, after
    return {**payload, THEN: [game.move_to_json(m) for m in made]}, state


__all__ = ["MOST_FORCED", "THEN", "apply_entry", "entered_move", "every_move", "follow_forced", "forced_on",
           "table_moves", "with_forced"]
