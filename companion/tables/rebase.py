"""When a stale entry still means what its player meant: the rule that lets it be saved on the fresh table.

A phone entered a move on the table as it saw it (version v); meanwhile other phones' moves came in. A referee
must never apply the move to a table its player did not see if that changes what the move means. It means the
same when the order does not matter: the move is legal on the table the player saw and on the fresh one, the
moves that came in are still legal after it, and both orders end on the same state (the move commutes with
them). Then saving it after them is what would have happened had it arrived first, and nothing the other phones
entered changes meaning either. Anything else (a move that refers to what changed, an undo in between, an
engine whose states do not compare) is refused as stale, as before. Pure: engines only, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.base import Game, RulesError

MOST_BETWEEN = 64  # moves that came in since the player's version: as many as the kept replay keeps states of


def same_meaning(game: Game[Any, Any], seen: Any, fresh: Any, between: Sequence[Any], move: Any) -> bool:
    """Does ``move``, entered on state ``seen``, mean the same after ``between`` (which made ``fresh``)?"""
    if not 0 < len(between) <= MOST_BETWEEN:
        return False
    try:
        if not game.check(seen, move).legal or not game.check(fresh, move).legal:
            return False
        first = game.apply(seen, move)
        for other in between:
            if not game.check(first, other).legal:
                return False
            first = game.apply(first, other)
        return bool(first == game.apply(fresh, move))
    except RulesError:
        return False
