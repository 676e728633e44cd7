"""The entries the table makes by itself (``Game.forced``): where the rules leave exactly one, and it needs
nothing the table does not know. Hands are secret (SC-9), so a player who might hold a card that could be played
always chooses; the table steps in only where no card at all could be played, or the deck ran out.

Pure: a state in, a move (or None) out; every move returned is legal there (``check``).
"""

from __future__ import annotations

from .cards import DECK
from .moves import Draw, Keep, Move, PassTurn, Play, Reshuffle, TakeStack
from .rules import check, match_reasons
from .state import TableState


def could_play(state: TableState) -> bool:
    """Whether the player to move might hold a card that may be played now (SC-2 matching, SC-3 obstruction mode):
    they hold a card, and some card that would match is not yet on the discard pile (SC-9: each card exists once,
    so a card seen there is in no hand)."""
    if state.hands[state.turn] < 1:
        return False
    seen = set(state.discard)
    return any(all(r.ok for r in match_reasons(state, Play(card))) for card in DECK if card not in seen)


# What a player who cannot play does, by the state (exactly one of these is legal where none can be played).
# Drawn with no card that could be played, the drawn card cannot be played either: drawn and kept in one entry.
NO_PLAY: tuple[Move, ...] = (Keep(), TakeStack(), Draw(keep=True), PassTurn())


def forced_move(state: TableState) -> Move | None:
    """The one entry the rules leave on ``state``, or None where a player chooses or has something to tell."""
    if not state.started or state.finished:
        return None  # the set-up is the players' (who starts, the field card: SC-8); a game over has no entry
    if state.choosing:
        return None  # SC-7 chosen on the spot: rule (a) or (b) is the overflowing player's choice
    if state.deck == 0 and len(state.discard) >= 2:
        # SC-7 ruling: the deck ran out, so the discard pile under its top card becomes the new deck at once
        return Reshuffle()
    if could_play(state):
        return None  # the player may hold a card that fits: only they know (SC-9)
    # No card could be played: SC-4 the player draws one and keeps it (having drawn, keeps it), SC-3 in obstruction mode
    # takes the whole stack, SC-7 at the hand limit (or with nothing left to draw) passes. Exactly one is legal.
    legal = [move for move in NO_PLAY if check(state, move).legal]
    return legal[0] if len(legal) == 1 else None


__all__ = ["NO_PLAY", "could_play", "forced_move"]
