"""``GAME``: Strato-Sphere as the platform runs it (the Game protocol of ../base.py)."""

from __future__ import annotations

from ..base import EngineFunctions, FixedDeckGame, OptionSpec
from . import moves, rules, state
from .forced import forced_move
from .forces import FORCES_OPTION
from .readings import START_OPTION
from .score import score


class StratoSphere(FixedDeckGame[state.TableState, moves.Move]):
    """Standard 52-card packs, so no deck profile."""

    slug = "strato-sphere"
    name_ja = "ストラトスフェア"
    name_en = "Strato-Sphere"
    player_counts: tuple[int, ...] = state.PLAYER_COUNTS
    options: tuple[OptionSpec, ...] = (FORCES_OPTION, START_OPTION)
    ruling_prefix = "SS"


def actor(table: state.TableState, move: moves.Move) -> int | None:
    """The player to move made every move of the turn, except a defence (any seat; its line names the seat,
    SS-7) and the set-up: the fixed forces (SS-3) and the dealer (SS-5) are the whole table's."""
    if isinstance(move, (moves.Defend, moves.FixForces, moves.NameDealer)):
        return None
    return table.to_move


GAME = StratoSphere(EngineFunctions(
    new_state=state.new_state, parse_state=state.parse_state, state_to_json=state.state_to_json,
    parse_move=moves.parse_move, move_to_json=moves.move_to_json,
    check=rules.check, apply=rules.apply, score=score, actor=actor, legal_moves=rules.legal_moves,
    forced=forced_move,  # the one entry the rules leave (SS-5, SS-7): forced.py
))
