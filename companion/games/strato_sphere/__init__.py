"""Strato-Sphere (ストラトスフェア): the pure rules engine (rulings SS-1 … SS-8 in rules/RULINGS.md).

Where to look:
  cards.py       card notation (KS, 10H/TH, ?), ranks, suits, colours, forces, packs (SS-2)
  ring.py        the node ring and seats (SS-1), sides and partners (SS-2)
  board.py       nodes, control, neutral / unclaimed (SS-4)
  attack.py      may this node attack that one (SS-6)? does this card defend (SS-7)?
  node_moves.py  draw, place, reveal, conceal, move a card (SS-5)
  forces.py      forces by first reveal or fixed before play (SS-3)
  readings.py    who starts: left of the dealer the table names, or a table stored before that (SS-5)
  outcome.py     win and draw (SS-8)
  copies.py      how many copies of a face the packs hold, and which are still unseen (SS-2)
  moves.py       the moves of a tracked game, their notation and JSON
  state.py       the tracked table: nodes, hand sizes, pile, discard, turn; its JSON snapshot
  rules.py       check / apply / legal_moves for a whole game
  score.py       score(state) -> Breakdown: placings (winning side first, a draw together), deciding nodes
  api.py         the referee API's /attack and /defend, pure
  game.py        GAME: the platform's Game protocol over the modules above
"""

from .api import attack_response, defend_response
from .game import GAME, StratoSphere
from .moves import Move, move_to_json, parse_move, parse_move_text
from .outcome import Outcome
from .rules import apply, check, legal_moves
from .state import TableState, new_state

__all__ = [
    "GAME",
    "Move",
    "Outcome",
    "StratoSphere",
    "TableState",
    "apply",
    "attack_response",
    "check",
    "defend_response",
    "legal_moves",
    "move_to_json",
    "new_state",
    "parse_move",
    "parse_move_text",
    "score",
]
