"""Sister Combination (シスター・コンビネーション): the card data and the pure rules engine (SC-0 … SC-9).

Where to look:
  cards.py    the 144 cards (SC-0, SC-1): sisters, colours/elements, symbols, card notation ``marie:7``,
              colour words (``red`` …), each S.P.'s own text (also what the printing code prints)
  moves.py    the moves of a tracked game (setup, play, draw, keep, take, pass-turn, reach-missed, reshuffle,
              overflow: (a) or (b) chosen on the spot), their text notation and JSON
  state.py    the tracked table (SC-9): hand sizes, deck, stack, discard pile, colour, direction, turn, who is
              out, reach flags, the pending drawn card, a pending (a)/(b) choice; the SC-7 options
  effects.py  what a move does (SC-3, SC-5, SC-6, SC-7, SC-8): Mirror, Pass, Stack 2 and the twelve S.P.
              effects, reach penalties, going out, reshuffles, the hand limit (a)/(b)
  deal.py     the counters one move deals with: hands, stack, deck and discard pile, the "at once" deals, the
              hand limit and the reshuffle (SC-5, SC-7), and the turn order over the seats still playing (SC-8)
  rules.py    check (SC-2 matching, SC-3 obstruction mode, choices, reach) / apply / legal_moves / actor
  score.py    placings: out order, then cards left (SC-7)
  forced.py   the entries the table makes by itself (Game.forced): a reshuffle of an empty deck (SC-7), and
              draw / keep / take / pass where no card at all could be played (SC-3, SC-4, SC-7)
  api.py      the referee API's POST /api/v1/sister-combination/play, pure
  game.py     GAME, the platform's entry point
"""

from __future__ import annotations

from .api import play_request
from .cards import (
    COLOURS,
    DECK,
    DECK_SIZE,
    SISTERS,
    SYMBOLS,
    Card,
    Element,
    Sister,
    Symbol,
    colour_name,
    deck,
    parse_card,
    parse_colour,
    sister,
    sisters_of,
)
from .effects import Effect, play_effect
from .game import GAME, SisterCombination
from .moves import Move, move_to_json, parse_move, parse_move_text
from .rules import actor, apply, check, legal_moves
from .score import score
from .state import PLAYER_COUNTS, TableState, new_state, parse_state, state_to_json

NAME_JA = "シスター・コンビネーション"
NAME_EN = "Sister Combination"

__all__ = [
    "NAME_JA", "NAME_EN", "PLAYER_COUNTS", "DECK", "DECK_SIZE", "SISTERS", "SYMBOLS", "Card", "Element", "Sister",
    "Symbol", "deck", "parse_card", "sister", "sisters_of", "COLOURS", "colour_name", "parse_colour",
    "GAME", "SisterCombination", "Effect", "Move", "TableState", "actor", "apply", "check", "legal_moves",
    "move_to_json", "new_state", "parse_move", "parse_move_text", "parse_state", "play_effect", "play_request",
    "score", "state_to_json",
]
