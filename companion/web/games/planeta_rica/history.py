"""A logged move as one line of the table's history, in the page's language (planets and gadgets by name, seats
as the caller's ``Wording`` names them: the table's names at a table)."""

from __future__ import annotations

from companion.games.planeta_rica.cards import Resources
from companion.games.planeta_rica.moves import (
    Adjust,
    Collect,
    Develop,
    Dispatch,
    Donate,
    End,
    Invade,
    Move,
    Return,
    Reveal,
    Start,
)
from companion.games.planeta_rica.state import TableState
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.wording import Wording

from .labels import ADJUST_NAMES, bag_text, card_name, resource_name, reward_name


def _bag(bag: Resources) -> str:
    if not bag.total:
        return _("nothing")
    return bag_text("+".join(f"{n}{r}" for r, n in bag.to_json().items()))


def _return(move: Return) -> str:
    text = _("Returned the topmost worker of planet #%(n)s", n=move.planet + 1)
    if move.copy is not None:
        text += " " + _("(copying planet #%(n)s)", n=move.copy + 1)
    if move.shows is not None:
        text += " · " + _("slot shows %(reward)s", reward=reward_name(move.shows.value))
    if move.copied is not None:
        text += " · " + _("the copied slot shows %(reward)s", reward=reward_name(move.copied.value))
    if move.give.total:
        text += " · " + _("gave %(bag)s", bag=_bag(move.give))
    if move.take.total:
        text += " · " + _("took %(bag)s", bag=_bag(move.take))
    return text


def describe_move(move: Move, before: TableState, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move (the platform shows who made it;
    ``before``, the state it was entered on, is not needed: every move names what it touched)."""
    if isinstance(move, Start):
        return _("Start player: %(seat)s", seat=wording.seat(move.seat))
    if isinstance(move, Reveal):
        return _("Turned up %(card)s for the market", card=card_name(move.planet.value))
    if isinstance(move, Return):
        return _return(move)
    if isinstance(move, Dispatch):
        parts = ", ".join(_("planet #%(n)s slots %(slots)s", n=p.planet + 1, slots=",".join(map(str, p.slots)))
                          for p in move.placements)
        return _("Dispatched workers: %(parts)s", parts=parts)
    if isinstance(move, Invade):
        text = _("Invaded %(card)s", card=card_name(move.planet.value))
        if move.cost is not None:
            text += " " + ngettext("for %(num)s coin", "for %(num)s coins", move.cost)
        if move.hypnosis:
            text += " · " + _("Hypnosis Capsule: workers to slots %(slots)s", slots=",".join(map(str, move.hypnosis)))
        return text
    if isinstance(move, Develop):
        text = _("Developed %(card)s", card=card_name(move.gadget.value))
        if move.pay is not None:
            text += " · " + _("paid %(bag)s", bag=_bag(move.pay))
        return text
    if isinstance(move, Collect):
        if move.resource is not None:
            return _("Collected 1 coin and returned 1 %(resource)s for 2 more",
                     resource=resource_name(move.resource.value))
        return _("Collected 1 coin")
    if isinstance(move, Donate):
        return _("Donated one of each resource and 1 coin for 3 fame")
    if isinstance(move, End):
        return _("Ended the turn without a second action (Time Machine)")
    if isinstance(move, Adjust):
        changed = move.changes()
        changes = ", ".join(f"{ADJUST_NAMES[k]} {changed[k]:+d}" for k in ADJUST_NAMES if changed.get(k))
        return _("%(seat)s, effect of %(card)s: %(changes)s", seat=wording.seat(move.seat),
                 card=card_name(move.card.value), changes=changes)
    raise TypeError(type(move).__name__)
