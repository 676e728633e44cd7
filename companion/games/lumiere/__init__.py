"""Lumière Prière (ルミエル†プリエール): the pure rules engine.

Where to look:
  cards.py       the twelve cards, their ids and per-player counts (LP-8)
  moves.py       the moves of a tracked game (first, mulligan, opening, take, play, move, turn, swap, send, set,
                 get, draw; LP-9, LP-10),
                 their text notation and JSON
  state.py       the tracked table: seats (hand, deck, point area), field, exclusion area, phase; its JSON
  rules.py       check / legal_moves: the turn's phases, one move at a time (expected_moves)
  advance.py     apply: what a legal move does, and how a turn starts and ends
  score.py       point areas summed with the profile's points (LP-7), never guessed: score(state) -> Breakdown
                 (the contract), score_sheet (card-by-card tallies for the pages)
  api.py         the referee API's ``POST /api/v1/lumiere/captures``, pure
  game.py        GAME: the Game protocol for the platform
  field.py       the 4×4 field, areas, stacks, owners (LP-1) and its notation
  captures.py    the get phase: every sandwich and why it counts or not, resolved at once (LP-1 … LP-5)
  conditions.py  may a card go here (set phase), does the remove phase apply (LP-6), does the game end (LP-7)
  profile.py     the deck profile (LP-8) and what it is missing
"""

from __future__ import annotations

from .advance import apply
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
                       Mulligan,
                       PlaceCommoner,
                       PlayCard,
                       ResolveGet,
                       SendCard,
                       SetCard,
                       SwapCards,
                       TakeTop,
                       TurnCard,
                       move_to_json,
                       parse_move,
                       parse_move_text,
)
from .profile import CARD_FIELDS, CardData, DeckProfile, validate_card, validate_profile
from .rules import check, expected_moves, legal_moves
from .score import AreaScore, CardTally, ScoreSheet, score, score_sheet, score_table
from .state import Phase, Seat, TableState, parse_state, state_to_json

GAME = LumiereGame()

__all__ = [
    "GAME", "LumiereGame", "Card", "Cell", "Field", "FieldCard", "ALL_CELLS", "Line", "LINE_ORDER", "Sandwich",
    "Capture", "Exclusion", "GetOutcome", "find_sandwiches", "resolve_get", "field_after_get", "captures_request",
    "read_captures_request", "field_from_request", "RemoveStatus", "remove_phase", "end_check", "placement_reasons",
    "Move", "ChooseFirst", "PlaceCommoner", "TakeTop", "PlayCard", "MoveCard", "TurnCard", "SwapCards", "SendCard", "Mulligan", "SetCard",
    "ResolveGet", "Draw", "move_to_json", "parse_move", "parse_move_text", "CARD_FIELDS", "CardData",
    "DeckProfile", "validate_card", "validate_profile", "AreaScore", "CardTally", "ScoreSheet", "score",
    "score_sheet", "score_table", "Phase", "Seat", "TableState", "state_to_json", "parse_state", "check", "apply",
    "expected_moves", "legal_moves",
]
