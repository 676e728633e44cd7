"""Lumière Prière (ルミエル†プリエール): the pure rules engine.

Where to look:
- ``captures.find_sandwiches`` / ``captures.resolve_get``: what the get phase takes and why (LP-1 … LP-5).
- ``conditions``: may a card go here (set phase), does the remove phase apply (LP-6), does the game end (LP-7).
- ``turn.check`` / ``turn.apply``: the tracker's phases, one move at a time.
- ``scoring``: point areas summed with the profile's points (LP-7), never guessed.
- ``profile``: the deck profile (LP-8) and what it is missing.
- ``api.captures_request``: ``POST /api/v1/lumiere/captures``.
"""

from __future__ import annotations

from .api import captures_request, field_from_request, read_captures_request
from .captures import (
                       LINE_ORDER,
                       Capture,
                       Exclusion,
                       GetOutcome,
                       Line,
                       Sandwich,
                       field_after_get,
                       find_sandwiches,
                       resolve_get,
)
from .cards import Card
from .conditions import RemoveStatus, end_check, placement_reasons, remove_phase
from .field import ALL_CELLS, Cell, Field, FieldCard
from .game import LumiereGame
from .moves import (
                       ChooseFirst,
                       Draw,
                       Move,
                       MoveCard,
                       PlaceCommoner,
                       PlayCard,
                       ResolveGet,
                       SetCard,
                       SwapCards,
                       TakeTop,
                       TurnCard,
                       move_to_json,
                       parse_move,
                       parse_move_text,
)
from .profile import CARD_FIELDS, CardData, DeckProfile, validate_card, validate_profile
from .scoring import Breakdown, CardTally, SeatScore, score_table
from .state import Phase, Seat, TableState
from .turn import expected_moves

GAME = LumiereGame()

__all__ = [
    "GAME", "LumiereGame", "Card", "Cell", "Field", "FieldCard", "ALL_CELLS", "Line", "LINE_ORDER", "Sandwich",
    "Capture", "Exclusion", "GetOutcome", "find_sandwiches", "resolve_get", "field_after_get", "captures_request",
    "read_captures_request", "field_from_request", "RemoveStatus", "remove_phase", "end_check", "placement_reasons",
    "Move", "ChooseFirst", "PlaceCommoner", "TakeTop", "PlayCard", "MoveCard", "TurnCard", "SwapCards", "SetCard",
    "ResolveGet", "Draw", "move_to_json", "parse_move", "parse_move_text", "CARD_FIELDS", "CardData",
    "DeckProfile", "validate_card", "validate_profile", "Breakdown", "CardTally", "SeatScore", "score_table",
    "Phase", "Seat", "TableState", "expected_moves",
]
