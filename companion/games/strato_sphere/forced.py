"""The entry the table makes by itself (``Game.forced``): where the rules leave exactly one possible entry.

Strato-Sphere leaves a player a choice almost everywhere (three moves of seven kinds, SS-5; any seat may
defend, SS-7), and what it hides (hand cards, face-down node faces, SS-4) the table never guesses. Two places
leave nothing to choose:

- a defence window no card can answer (SS-7): every copy of every card that could defend has been seen, or no
  seat holds a card, so "no defence" is the only entry, and the attack resolves (SS-6);
- a turn where the rules leave a single legal move (SS-5): most often the pass of the SS-5 ruling (a player
  left without any legal move), or the one move left (say, only a draw). A reveal is one entry per face the
  card could still be, so a face-down card is never turned up by the table unless the rules leave one face.

Pure: the state in, a move (or None) out.
"""

from __future__ import annotations

from .attack import defence_need, possible_defenders
from .moves import Move, NoDefence
from .rules import legal_moves
from .state import TableState, seen_cards


def forced_move(state: TableState) -> Move | None:
    """The one entry the rules leave possible in ``state``, or None wherever a player chooses or enters what only
    the table knows."""
    if state.outcome is not None:  # SS-8: after a win or a draw nothing is entered
        return None
    if state.dealer_missing:  # SS-5: any seat may have dealt, the table says which
        return None
    if state.pending is not None:
        return _no_defence_left(state)
    moves = legal_moves(state)
    # SS-5 (and its ruling on the pass): exactly one legal move of the turn; a set-up choice (SS-3's fixed forces)
    # always offers more than one.
    if len(moves) == 1:
        return moves[0]
    return None


def _no_defence_left(state: TableState) -> Move | None:
    """SS-7: nobody can defend when no card that would defend may still be in a hand (every copy seen, SS-2), or
    when no seat holds a card; then the attack goes through (SS-6)."""
    pending = state.pending
    assert pending is not None
    need = defence_need(state.board, pending.source)
    if need is None:
        return None
    if not possible_defenders(need, state.players, seen_cards(state)) or not any(state.hands):
        return NoDefence()
    return None
