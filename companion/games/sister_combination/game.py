"""``GAME``: Sister Combination as the platform runs it (the Game protocol of ../base.py)."""

from __future__ import annotations

from ..base import EngineFunctions, FixedDeckGame, OptionSpec
from . import forced, moves, rules, state
from .score import score


class SisterCombination(FixedDeckGame[state.TableState, moves.Move]):
    """The 144-card deck is fully known (SC-0), so no deck profile."""

    slug = "sister-combination"
    name_ja = "シスター・コンビネーション"
    name_en = "Sister Combination"
    player_counts: tuple[int, ...] = state.PLAYER_COUNTS
    options: tuple[OptionSpec, ...] = state.OPTIONS
    ruling_prefix = "SC"


GAME = SisterCombination(EngineFunctions(
    new_state=state.new_state, parse_state=state.parse_state, state_to_json=state.state_to_json,
    parse_move=moves.parse_move, move_to_json=moves.move_to_json,
    check=rules.check, apply=rules.apply, score=score, actor=rules.actor, legal_moves=rules.legal_moves,
    forced=forced.forced_move,
))
