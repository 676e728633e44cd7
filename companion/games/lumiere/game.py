"""``LumiereGame``: the Game protocol for the platform (registry, tables, profile editor, API)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Breakdown, CardField, OptionSpec, Reason, Verdict
from . import advance, api, forced, moves, profile, readings, rules, score, state
from .state import PLAYER_COUNTS, TableState, new_table


class LumiereGame:
    slug: str = profile.SLUG
    name_ja: str = "ルミエル†プリエール"
    name_en: str = "Lumière Prière"
    player_counts: tuple[int, ...] = PLAYER_COUNTS
    # no LP ruling is marked "option": these keep the readings of tables started before LP-6/LP-9 changed
    options: tuple[OptionSpec, ...] = readings.OPTIONS
    card_fields: tuple[CardField, ...] = profile.CARD_FIELDS
    ruling_prefix: str = "LP"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> TableState:
        return new_table(players, options, profile)

    def parse_move(self, data: Mapping[str, Any]) -> moves.Move:
        return moves.parse_move(data)

    def move_to_json(self, move: moves.Move) -> dict[str, Any]:
        return moves.move_to_json(move)

    def state_to_json(self, table: TableState) -> dict[str, Any]:
        return state.state_to_json(table)

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> TableState:
        return state.parse_state(data, profile)

    def check(self, table: TableState, move: moves.Move) -> Verdict:
        return rules.check(table, move)

    def apply(self, table: TableState, move: moves.Move) -> TableState:
        return advance.apply(table, move)

    def score(self, table: TableState) -> Breakdown:
        """Running scores; placings with LP-7's tie-break (the winner once the game is over); a total is None
        while a card's points are unknown, and the card is named."""
        return score.score(table)

    def legal_moves(self, table: TableState) -> tuple[moves.Move, ...]:
        return rules.legal_moves(table)

    def actor(self, table: TableState, move: moves.Move) -> int | None:
        """The seat whose turn it is (in set-up: the seat placing its commoner); choosing the first player is
        the whole table's (LP-7)."""
        return None if isinstance(move, moves.ChooseFirst) else table.turn

    def forced(self, table: TableState) -> moves.Move | None:
        """The entry the table makes by itself here: the draw and the get phase, and the play when one kind of
        card is left to the seat (companion/games/lumiere/forced.py names each case's rule)."""
        return forced.forced_move(table)

    def validate_profile(self, profile_data: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_profile(profile_data)

    def validate_card(self, profile_data: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_card(profile_data, card)

    def captures(self, body: Any) -> dict[str, Any]:
        """``POST /api/v1/lumiere/captures``: the 200 body, or ErrorList for the 422."""
        return api.captures_request(body)
