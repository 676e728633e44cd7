"""Planeta Rica (プラネトリコ): the pure rules engine (rulings PR-1 … PR-7 in rules/RULINGS.md).

Where to look:
  cards.py      planet and gadget ids, names (ja/en), copies (【カード内訳】); slot rewards; resources
  profile.py    deck profiles: costs, VP, slots, effects (PR-6), what they lack, validate_profile/validate_card
  moves.py      the moves of a tracked game, their notation and JSON (parse_move, move_to_json)
  notation.py   the notation read back (parse_move_text)
  state.py      the tracked table: seats, market, deck, fame pool, turn, end (new_state, state_to_json, parse_state)
  returns.py    the return phase and the "return" action: topmost worker, rewards, copy/any/exchange (PR-2)
  actions.py    dispatch (Warp Gate), invade (Hypnosis Capsule), develop, collect, donate (PR-3, PR-7)
  market.py     the market's reveals at set-up and after an invade (PR-1, PR-3)
  rules.py      check / apply / legal_moves / actor: phases, Time Machine, the end (PR-4)
  score.py      VP, Schneider's bonus, the ranking with its tie-break (PR-5, PR-7): score(state), score_seats
  api.py        POST /api/v1/planeta-rica/score, pure (score_request)
  game.py       GAME: the Game protocol for the platform
"""

from .api import read_score_request, score_request
from .cards import Gadget, Planet, Resource, Resources, Reward
from .game import GAME, PlanetaRica
from .moves import (
    Adjust,
    Collect,
    Develop,
    Dispatch,
    Donate,
    End,
    Invade,
    Move,
    Placement,
    Return,
    Reveal,
    Start,
    move_to_json,
    parse_move,
)
from .notation import parse_move_text
from .profile import DeckProfile, missing, read_profile, validate_card, validate_profile
from .rules import actor, apply, check, legal_moves
from .score import score, score_seats
from .state import Phase, TableState, new_state, parse_state, state_to_json

__all__ = [
    "GAME",
    "Adjust",
    "Collect",
    "DeckProfile",
    "Develop",
    "Dispatch",
    "Donate",
    "End",
    "Gadget",
    "Invade",
    "Move",
    "Phase",
    "Placement",
    "Planet",
    "PlanetaRica",
    "Resource",
    "Resources",
    "Return",
    "Reveal",
    "Reward",
    "Start",
    "TableState",
    "actor",
    "apply",
    "check",
    "legal_moves",
    "missing",
    "move_to_json",
    "new_state",
    "parse_move",
    "parse_move_text",
    "parse_state",
    "read_profile",
    "read_score_request",
    "score",
    "score_request",
    "score_seats",
    "state_to_json",
    "validate_card",
    "validate_profile",
]
