"""``LumiereGame``: the Game protocol for the platform (registry, tables, profile editor, API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import CardField, OptionSpec, Reason, Verdict
from . import api, moves, profile, turn
from .scoring import Breakdown, score_table
from .state import PLAYER_COUNTS, Phase, TableState, new_table


class LumiereGame:
    slug: str = profile.SLUG
    name_ja: str = "ルミエル†プリエール"
    name_en: str = "Lumière Prière"
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    options: tuple[OptionSpec, ...] = ()  # no LP ruling is marked "option"
    card_fields: tuple[CardField, ...] = profile.CARD_FIELDS
    ruling_prefix: str = "LP"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> TableState:
        return new_table(players, options, profile)

    def parse_move(self, data: Mapping[str, Any]) -> moves.Move:
        return moves.parse_move(data)

    def move_to_json(self, move: moves.Move) -> dict[str, Any]:
        return moves.move_to_json(move)

    def check(self, state: TableState, move: moves.Move) -> Verdict:
        return turn.check(state, move)

    def apply(self, state: TableState, move: moves.Move) -> TableState:
        return turn.apply(state, move)

    def score(self, state: TableState) -> Breakdown:
        """Running scores; the winner (LP-7's tie-break) once the game is over; incomplete while points are
        unknown."""
        return score_table(tuple(s.points for s in state.seats), state.first or 0, state.profile,
                           final=state.phase is Phase.OVER)

    def actor(self, state: TableState, move: moves.Move) -> int | None:
        """The seat whose turn it is (in set-up: the seat placing its commoner); choosing the first player is
        the whole table's (LP-7)."""
        return None if isinstance(move, moves.ChooseFirst) else state.turn

    def validate_profile(self, profile_data: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_profile(profile_data)

    def validate_card(self, profile_data: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_card(profile_data, card)

    def captures(self, body: Any) -> dict[str, Any]:
        """``POST /api/v1/lumiere/captures``: the 200 body, or ErrorList for the 422."""
        return api.captures_request(body)
