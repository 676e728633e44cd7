"""A logged move as one line of the table's history, in the page's language (planets and gadgets by name)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.games.planeta_rica import GAME
from companion.web.wording import Wording

from .labels import ADJUST_NAMES, bag_text, card_name, resource_name, reward_name, seat_label


def _bag(data: Any) -> str:
    if not isinstance(data, Mapping) or not data:
        return _("nothing")
    return bag_text("+".join(f"{n}{r}" for r, n in data.items()))


def _describe_json(move: Mapping[str, Any], view: Any) -> str:
    """One line of the table's history (the platform shows who made it)."""
    kind = move["type"]
    names = list(view.table.seats)
    if kind == "start":
        return _("Start player: %(seat)s", seat=seat_label(move["seat"], names))
    if kind == "reveal":
        return _("Turned up %(card)s for the market", card=card_name(move["planet"]))
    if kind == "return":
        text = _("Returned the topmost worker of planet #%(n)s", n=move["planet"] + 1)
        if "copy" in move:
            text += " " + _("(copying planet #%(n)s)", n=move["copy"] + 1)
        if "shows" in move:
            text += " · " + _("slot shows %(reward)s", reward=reward_name(move["shows"]))
        if "copied" in move:
            text += " · " + _("the copied slot shows %(reward)s", reward=reward_name(move["copied"]))
        if "give" in move:
            text += " · " + _("gave %(bag)s", bag=_bag(move["give"]))
        if "take" in move:
            text += " · " + _("took %(bag)s", bag=_bag(move["take"]))
        return text
    if kind == "dispatch":
        parts = ", ".join(_("planet #%(n)s slots %(slots)s", n=p["planet"] + 1,
                            slots=",".join(map(str, p["slots"]))) for p in move["placements"])
        return _("Dispatched workers: %(parts)s", parts=parts)
    if kind == "invade":
        text = _("Invaded %(card)s", card=card_name(move["planet"]))
        if "cost" in move:
            text += " " + ngettext("for %(num)s coin", "for %(num)s coins", move["cost"])
        if move.get("hypnosis"):
            text += " · " + _("Hypnosis Capsule: workers to slots %(slots)s",
                              slots=",".join(map(str, move["hypnosis"])))
        return text
    if kind == "develop":
        text = _("Developed %(card)s", card=card_name(move["gadget"]))
        if "pay" in move:
            text += " · " + _("paid %(bag)s", bag=_bag(move["pay"]))
        return text
    if kind == "collect":
        if "resource" in move:
            return _("Collected 1 coin and returned 1 %(resource)s for 2 more",
                     resource=resource_name(move["resource"]))
        return _("Collected 1 coin")
    if kind == "donate":
        return _("Donated one of each resource and 1 coin for 3 fame")
    if kind == "end":
        return _("Ended the turn without a second action (Time Machine)")
    if kind == "adjust":
        changes = ", ".join(f"{str(ADJUST_NAMES.get(k, k))} {move[k]:+d}" for k in ADJUST_NAMES if move.get(k))
        return _("%(seat)s, effect of %(card)s: %(changes)s", seat=seat_label(move["seat"], names),
                 card=card_name(move["card"]), changes=changes)
    raise ValueError(kind)


def describe_move(move: Any, before: Any, wording: Wording) -> str:
    """WEB.describe_move: one line of the table's history for a typed move and the state it was made on."""
    return _describe_json(GAME.move_to_json(move), _TableLike(_Seats(wording.seats), before))


@dataclass(frozen=True)
class _Seats:
    seats: tuple[str, ...]


@dataclass(frozen=True)
class _TableLike:
    table: _Seats
    state: Any
