"""Planetary Sisters (遊星姊妹): the pure rules engine.

Where to look:
- ``cards``: card notation (rank and/or elements); ``moves``: setup / turn / parent / reveal, their notation
  and JSON; ``state``: the tracked table (what is public) and its JSON (the profile passed back in).
- ``score.score_player`` / ``score_house`` / ``score_field``: the six categories, house (PS-3) and field
  bonus (PS-4), each with production, harvesters, satisfaction, multiplier and points. The one scoring
  function the page, the tracker and the API call; ``score.terms`` words it as the contract's terms.
- ``elements.ElementSet``: element names and classes from the profile (PS-1); scoring never names one.
- ``card_facts``: may this card exist (PS-2, per card); ``profile_facts.validate_profile``: the PS-2 checklist.
- ``parent``: who becomes parent (PS-5 Close/Far and ties; PS-6 the 2-player lists).
- ``flow``: deck, field, draws and turn order (PS-7); ``rules``: check of the table's moves; ``advance``: apply them;
  ``flow_counts``: the rule text's card counts against the table.
- ``results``: a table's scores and ranking (§4.5) (``score_table``, the pages' view; ``breakdown``, the
  contract's ``score``), and "what if" for the player to move.
- ``api.score_request``: ``POST /api/v1/planetary-sisters/score``.
- ``sheet``: a finished game's cards typed in at once (the scoring page), scored by ``score_player`` too.
- ``game.GAME``: the contract (companion.games.base.Game) wired to the modules above.
"""

from __future__ import annotations

from .advance import apply
from .api import read_score_request, score_request
from .card_facts import card_facts
from .cards import Card, CardRef
from .elements import ElementClass, ElementSet
from .flow_counts import flow_facts
from .game import CARD_FIELDS, PlanetarySistersGame
from .moves import Move, NameParent, Reveal, Setup, Turn, move_to_json, parse_move, parse_move_text
from .parent import Condition, ParentChange, next_parent_many, next_parent_two
from .profile import DeckProfile, read_profile, rename_element
from .profile_facts import validate_card, validate_profile
from .ranking import Ranking, Standing, rank_players
from .resolve import resolve
from .results import SeatScore, TableScore, TakeOption, WhatIf, score_table, what_if, what_if_takes
from .rules import check, new_table
from .score import (
    CATEGORY_KEYS,
    Breakdown,
    CategoryScore,
    Formula,
    PlayerScore,
    score_field,
    score_house,
    score_player,
)
from .sheet import Sheet, Slot, add_card, capacity, read_sheet, score_sheet, slots
from .state import Phase, RoundRecord, SeatState, TableState, TurnRecord

GAME = PlanetarySistersGame()

__all__ = [
    "GAME", "PlanetarySistersGame", "CARD_FIELDS", "Card", "CardRef", "ElementClass", "ElementSet",
    "score_player", "score_house", "score_field", "Breakdown", "CategoryScore", "PlayerScore", "Formula",
    "CATEGORY_KEYS", "card_facts", "validate_card", "validate_profile", "DeckProfile", "read_profile",
    "rename_element", "resolve", "Condition", "ParentChange", "next_parent_many", "next_parent_two",
    "Move", "Setup", "Turn", "NameParent", "Reveal", "move_to_json", "parse_move", "parse_move_text",
    "Phase", "SeatState", "TableState", "TurnRecord", "RoundRecord", "new_table", "check", "apply",
    "flow_facts", "Ranking", "Standing", "rank_players", "SeatScore", "TableScore", "score_table",
    "TakeOption", "WhatIf", "what_if", "what_if_takes", "score_request", "read_score_request",
    "Sheet", "Slot", "add_card", "capacity", "read_sheet", "score_sheet", "slots",
]
