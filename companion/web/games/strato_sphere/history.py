"""A logged move as one line of the table's history, in the page's language (cards as K♠, forces as ♠).

The platform prefixes the mover's name (``GAME.actor``); a defence names its own seat (SS-7), as the ``Wording``
the caller hands in says (the table's names at a table).
"""

from __future__ import annotations

from companion.games.strato_sphere.moves import (
    Attack,
    Conceal,
    Defend,
    Draw,
    FixForces,
    Move,
    NameDealer,
    NoDefence,
    Pass,
    Place,
    Reveal,
    Shift,
)
from companion.games.strato_sphere.state import TableState
from companion.i18n import gettext as _
from companion.web.wording import Wording

from .labels import card_label, force_label


def describe_move(move: Move, before: TableState, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move (``before``, the state it was made
    on, gives the number of seats the dealer's left is counted in; every other move names what it touched)."""
    if isinstance(move, Draw):
        return _("Drew a card from the pile")
    if isinstance(move, Place):
        return _("Placed a hand card face down under node %(node)s", node=move.node)
    if isinstance(move, Reveal):
        return _("Turned node %(node)s face up: %(card)s", node=move.node, card=card_label(str(move.card)))
    if isinstance(move, Conceal):
        return _("Turned node %(node)s face down", node=move.node)
    if isinstance(move, Shift):
        return _("Moved the top card of node %(source)s under node %(target)s", source=move.source,
                 target=move.target)
    if isinstance(move, Attack):
        return _("Attacked node %(target)s from node %(source)s", source=move.source, target=move.target)
    if isinstance(move, Defend):
        return _("%(name)s defended with %(card)s", name=wording.seat(move.seat), card=card_label(str(move.card)))
    if isinstance(move, NoDefence):
        return _("No defence: the attack went through")
    if isinstance(move, Pass):
        return _("Passed a move (no legal move left)")
    if isinstance(move, NameDealer):
        first = (move.seat + 1) % before.players  # SS-5: play begins on the dealer's left
        return _("%(dealer)s dealt: %(first)s plays first, on the dealer's left", dealer=wording.seat(move.seat),
                 first=wording.seat(first))
    if isinstance(move, FixForces):
        pairs = ", ".join(f"{wording.seat(seat)} {force_label(force)}" for seat, force in enumerate(move.forces))
        return _("Forces fixed: %(pairs)s", pairs=pairs)
    raise TypeError(type(move).__name__)
