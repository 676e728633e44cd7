"""The Game object the platform runs (companion.games.base.Game): one place that wires the modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Breakdown, CardField, OptionSpec, Reason, Verdict
from . import advance, flow_counts, forced, moves, rules
from .api import ProfileLookup, score_request
from .cards import Card
from .profile import read_profile
from .profile_facts import validate_card, validate_profile
from .results import TableScore, WhatIf, breakdown, score_table, what_if
from .state import TableState, state_from_json, state_to_json

CARD_FIELDS: tuple[CardField, ...] = (
    CardField("rank", "int", required=True),  # §3: 序列 1..36 identifies a card (PS-2)
    CardField("elements", "counts", choices_key="elements"),  # names from the profile's meta.elements (PS-1)
)


class PlanetarySistersGame:
    slug = "planetary-sisters"
    name_ja = "遊星姊妹"
    name_en = "Planetary Sisters"
    player_counts: tuple[int, ...] = (2, 3, 4)
    options: tuple[OptionSpec, ...] = ()  # no PS ruling is an option
    card_fields = CARD_FIELDS
    ruling_prefix = "PS"

    def new_state(self, players: int, options: Mapping[str, str], profile: Mapping[str, Any]) -> TableState:
        return rules.new_table(players, profile)

    def parse_move(self, data: Mapping[str, Any]) -> moves.Move:
        return moves.parse_move(data)

    def move_to_json(self, move: moves.Move) -> dict[str, Any]:
        return moves.move_to_json(move)

    def state_to_json(self, state: TableState) -> dict[str, Any]:
        return state_to_json(state)

    def parse_state(self, data: Mapping[str, Any], profile: Mapping[str, Any]) -> TableState:
        return state_from_json(data, read_profile(profile))

    def check(self, state: TableState, move: moves.Move) -> Verdict:
        return rules.check(state, move)

    def apply(self, state: TableState, move: moves.Move) -> TableState:
        return advance.apply(state, move)

    def actor(self, state: TableState, move: moves.Move) -> int | None:
        """None: every Planetary Sisters history line names its seats itself (a turn names who played and
        who took; set-up and reveal are the whole table's)."""
        return None

    def score(self, state: TableState) -> Breakdown:
        """Every seat's total with its twelve terms (PS-3 house, PS-4 field bonus) and the placings (§4.5)."""
        return breakdown(score_table(state))

    def legal_moves(self, state: TableState) -> Sequence[moves.Move] | None:
        """None: a move names cards the table has not seen (a drawn card, a revealed hand), so the legal
        moves cannot be listed."""
        return None

    def forced(self, state: TableState) -> moves.Move | None:
        """The entry the table makes by itself here (forced.py): a lone seen card played onto the last field
        card (§4.2), the last hand of a 4-player game worked out from the 36 ranks (§4.5, PS-7)."""
        return forced.forced_move(state)

    def validate_profile(self, profile: Mapping[str, Any]) -> tuple[Reason, ...]:
        return validate_profile(profile)

    def validate_card(self, profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
        return validate_card(profile, card)

    # Beyond the protocol: what the Planetary Sisters pages and API call.

    def table_score(self, state: TableState) -> TableScore:
        """The pages' view of the scores: each seat's cards and ``PlayerScore``, the field and the ranking."""
        return score_table(state)

    def what_if(self, state: TableState, hand: Sequence[Card] | None = None) -> WhatIf | None:
        return what_if(state, hand)

    def flow_facts(self, state: TableState) -> tuple[Reason, ...]:
        return flow_counts.flow_facts(state)

    def score_request(self, body: Any, find_profile: ProfileLookup) -> dict[str, Any]:
        return score_request(body, find_profile)
