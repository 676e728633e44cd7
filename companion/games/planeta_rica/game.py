"""``GAME``: Planeta Rica as the platform runs it (the Game protocol of ../base.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Breakdown, CardField, OptionSpec, Reason, Verdict
from . import api, forced, moves, profile, readings, rules, score, state


class PlanetaRica:
    slug: str = profile.SLUG
    name_ja: str = "プラネトリコ"
    name_en: str = "Planeta Rica"
    player_counts: tuple[int, ...] = state.PLAYER_COUNTS
    # PR-4 and PR-7 readings a table may switch; PR-6's kept for tables started before it changed (readings.py)
    options: tuple[OptionSpec, ...] = readings.OPTIONS
    card_fields: tuple[CardField, ...] = profile.CARD_FIELDS
    ruling_prefix: str = "PR"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> state.TableState:
        return state.new_state(players, options, profile)

    def parse_move(self, data: Mapping[str, Any]) -> moves.Move:
        return moves.parse_move(data)

    def move_to_json(self, move: moves.Move) -> dict[str, Any]:
        return moves.move_to_json(move)

    def state_to_json(self, table: state.TableState) -> dict[str, Any]:
        return state.state_to_json(table)

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> state.TableState:
        return state.parse_state(data, profile)

    def check(self, table: state.TableState, move: moves.Move) -> Verdict:
        return rules.check(table, move)

    def apply(self, table: state.TableState, move: moves.Move) -> state.TableState:
        return rules.apply(table, move)

    def score(self, table: state.TableState) -> Breakdown:
        return score.score(table)

    def actor(self, table: state.TableState, move: moves.Move) -> int | None:
        return rules.actor(table, move)

    def legal_moves(self, table: state.TableState) -> Sequence[moves.Move] | None:
        return rules.legal_moves(table)

    def forced(self, table: state.TableState) -> moves.Move | None:
        """The entry the table makes by itself here: a return phase with nothing to choose (PR-2), the only planet
        type the deck can still hold (PR-3) (forced.py)."""
        return forced.forced_move(table)

    def validate_profile(self, profile_data: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_profile(profile_data)

    def validate_card(self, profile_data: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return profile.validate_card(profile_data, card)

    def score_request(self, body: Any, lookup_profile: api.ProfileLookup) -> dict[str, Any]:
        """``POST /api/v1/planeta-rica/score``: the 200 body, or ErrorList for the 422."""
        return api.score_request(body, lookup_profile)


GAME = PlanetaRica()
