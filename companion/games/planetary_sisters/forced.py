"""The entries the table makes by itself (issue 35, ``Game.forced``): only where the rules and what the table
has seen leave exactly one possible entry. Pure: a state in, a move or None out.

Nothing here guesses a hidden card (rule text §2: a hand is its owner's alone, a deck nobody's): a card played
from a hand is forced only when the table saw every card of that hand, and a hand shown at the end only when
every other card of the game is known where it lies. A choice the rules give a player (the first parent, the
card played from a hand of several, the field card taken from several) is never made here.
"""

from __future__ import annotations

from .cards import CardRef
from .flow import cards_in_play
from .moves import Move, Reveal, Turn
from .rules import check
from .state import Phase, TableState

RANKS = frozenset(range(1, 37))  # §3: the 36 sister cards carry the ranks 1..36 once each (PS-2)


def forced_move(state: TableState) -> Move | None:
    """The one entry left possible here, or None. A move found is still held to ``check`` (a card the profile
    cannot name by its rank alone, PS-2, is left to the players)."""
    move: Move | None = None
    if state.phase is Phase.TURNS:
        move = _forced_turn(state)
    elif state.phase is Phase.REVEAL:
        move = _forced_reveal(state)
    # setup: the first parent is the table's choice (§4.1); naming a parent needs the ranks (PS-5/6): never forced
    return move if move is not None and check(state, move).legal else None


def _forced_turn(state: TableState) -> Move | None:
    """§4.2 「手札が1枚しかない場合、使用札の選択肢はありません」: a mover holding one card, a card the table saw
    taken (none unseen, PS-7), plays it; and with one field card left, that card is the one taken (§4.2: the
    player takes a field card, and the field holds one). Both must hold: the taking is a choice otherwise."""
    seat = state.to_move
    if seat is None:
        return None
    mine = state.seats[seat]
    if mine.hand_size != 1 or mine.unseen != 0 or len(mine.known_hand) != 1 or mine.maybe_hand:
        return None
    if len(state.field) != 1:
        return None
    return Turn(seat, mine.known_hand[0].ref, state.field[0].ref)


def _forced_reveal(state: TableState) -> Move | None:
    """§4.5 with PS-7 (a card is in one place only): with 4 players every one of the 36 cards is in play
    (4 decks of 8 and 4 field cards, §4.1, nothing set aside). When one hand is left to show and the table knows
    every other card by its rank, that hand's unseen cards are the ranks found nowhere else. With 2 or 3 players
    cards were set aside unseen (§4.1 step 4, §4.3), so a hand is never worked out this way."""
    if cards_in_play(state.players) != len(RANKS):
        return None
    waiting = [index for index, seat in enumerate(state.seats) if not seat.revealed]
    if len(waiting) != 1:
        return None
    if any(seat.maybe_hand for seat in state.seats):
        return None  # PS-7: a card entered by its elements alone is not bound yet; the owner says what is left
    known = [card for card, _place, _seat in state.places()]
    if any(card.rank is None for card in known):
        return None
    missing = sorted(RANKS - {card.rank for card in known if card.rank is not None})
    seat = waiting[0]
    if len(missing) != state.seats[seat].unseen:
        return None
    return Reveal(seat, tuple(CardRef(rank) for rank in missing))
