"""The entries the table makes by itself (``Game.forced``, issue 35): where the rules leave exactly one possible
entry and it needs nothing the table does not know, it is made; wherever a player chooses, or only a player knows
(a hidden hand, the card drawn), nothing is.

- Draw phase (§ドローフェイズ): the turn player draws the top card of their deck, or nothing when it is empty. The
  tracker counts cards, never names the drawn one, so the entry is always the same ``draw``.
- Get phase (LP-5): every sandwich on the field is found and resolved at once, and 「カードの獲得は強制であり、
  獲得しないことを選ぶことは出来ません」: nobody chooses anything. The text has the players confirm the captures
  before the phase ends; a reading: the table resolves it right after the set and shows what it took, which is
  that confirmation, and Undo takes back the set with it when the field was entered wrongly (LP-5: Undo corrects
  an entry, it is not a game move).
- Effect phase, a card still to play (§エフェクトフェイズ, LP-8): when every card the turn player may still hold
  is of one kind (their 19 less the commoner set aside and the cards played, plus any an effect put in their
  hand), their hand can only hold that kind, so the card played is known.

Not made, as the rules leave a choice: the first player (じゃんけん), each commoner's area, a mulligan (LP-9), the
remove phase's card (LP-6: a full field has 16 top cards; and when the profile cannot tell whether LP-6 applies,
the table decides), which card of a mixed hand is played, its effect (LP-10), and where it is set.
"""

from __future__ import annotations

from .moves import Draw, Move, PlayCard, ResolveGet
from .state import Phase, TableState


def forced_move(state: TableState) -> Move | None:
    """The one entry the rules leave possible on ``state``, or None where a player has a choice (pure)."""
    if state.phase is Phase.DRAW:
        return Draw()  # §ドローフェイズ: one card or, with an empty deck, none; which card is not entered
    if state.phase is Phase.GET:
        return ResolveGet()  # LP-5: compulsory and simultaneous; a reading: the table's look at it is after
    if state.phase is Phase.EFFECT and state.play_area is None and state.turn is not None:
        seat = state.seat(state.turn)
        kinds = [card for card, left in seat.unseen().items() if left > 0]
        if seat.hand > 0 and len(kinds) == 1:
            return PlayCard(kinds[0])  # LP-8: every card this seat may still hold is of this one kind
    return None
