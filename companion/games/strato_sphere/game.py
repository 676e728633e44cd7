"""``GAME``: Strato-Sphere as the platform runs it (the Game protocol of ../base.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Breakdown, CardField, OptionSpec, Reason, Verdict
from . import moves, rules, state
from .forces import FORCES_OPTION
from .score import score as score_of


class StratoSphere:
    """Standard 52-card packs, so no deck profile: ``card_fields`` is empty and every profile is valid."""

    slug = "strato-sphere"
    name_ja = "ストラトスフェア"
    name_en = "Strato-Sphere"
    player_counts: tuple[int, ...] = state.PLAYER_COUNTS
    options: tuple[OptionSpec, ...] = (FORCES_OPTION,)
    card_fields: tuple[CardField, ...] = ()
    ruling_prefix = "SS"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> state.TableState:
        return state.new_state(players, options)

    def parse_move(self, data: Mapping[str, Any]) -> moves.Move:
        return moves.parse_move(data)

    def move_to_json(self, move: moves.Move) -> dict[str, Any]:
        return moves.move_to_json(move)

    def state_to_json(self, table: state.TableState) -> dict[str, Any]:
        return state.state_to_json(table)

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> state.TableState:
        return state.parse_state(data)

    def check(self, table: state.TableState, move: moves.Move) -> Verdict:
        return rules.check(table, move)

    def apply(self, table: state.TableState, move: moves.Move) -> state.TableState:
        return rules.apply(table, move)

    def score(self, table: state.TableState) -> Breakdown:
        return score_of(table)

    def actor(self, table: state.TableState, move: moves.Move) -> int | None:
        """The player to move made every move of the turn, except a defence (any seat; its line names the
        seat, SS-7) and the fixed forces (the whole table, SS-3)."""
        if isinstance(move, (moves.Defend, moves.FixForces)):
            return None
        return table.to_move

    def legal_moves(self, table: state.TableState) -> tuple[moves.Move, ...]:
        return rules.legal_moves(table)

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        return ()

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return ()


GAME = StratoSphere()
