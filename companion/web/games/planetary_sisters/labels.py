"""How Planetary Sisters' ids read on a page, in the current language: seats, the condition card, phases,
element classes, the six categories, where a card lies.

The engine speaks in ids (seat ``0``, ``close``, ``pointed``, ``food``, ``house:1``). A seat is named by the
platform's ``Wording`` the caller passes (companion.web.wording): the player's name at a table or on the scoring
page, "Player 2" without one, "seat 1" in the referee API; this module keeps no seat helper of its own.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.web.wording import Wording

CONDITION_NAMES = {"close": "Close", "far": "Far"}  # printed on the condition card in English (§4.2)

PHASE_NAMES = {
    "setup": _l("the setup"),
    "turns": _l("the turns"),
    "name_parent": _l("naming the parent"),
    "reveal": _l("showing the hands"),
    "finished": _l("scoring"),
}

CLASS_NAMES = {"round": _l("round"), "pointed": _l("pointed"), "crown": _l("crown")}

CATEGORY_NAMES = {
    "food": _l("Food lovers"),
    "plant": _l("Plant lovers"),
    "animal": _l("Animal lovers"),
    "dual": _l("Dual-passion warriors"),
    "single": _l("Single-passion warriors"),
    "collector": _l("Collectors"),
}

PLACE_NAMES = {
    "field": _l("on the field"),
    "hand": _l("in a hand"),
    "house": _l("among the house cards"),
    "guards": _l("among the guard cards"),
    "played": _l("played this round"),
    "taken": _l("taken this round"),
    "same_entry": _l("twice in this entry"),
}


def condition_name(condition: Any) -> str:
    return CONDITION_NAMES.get(str(condition), str(condition))


def phase_name(phase: Any) -> str:
    return str(PHASE_NAMES.get(str(phase), phase))


def class_name(klass: Any) -> str:
    return str(CLASS_NAMES.get(str(klass), klass))


def category_name(key: Any) -> str:
    return str(CATEGORY_NAMES.get(str(key), key))


def place_name(place: Any) -> str:
    return str(PLACE_NAMES.get(str(place), place))


def slot_label(slot: Any, wording: Wording) -> str:
    """``field`` / ``house:1`` / ``guards:0`` as "the field", "Ben's house", "Aki's guard cards"."""
    kind, _colon, seat = str(slot).partition(":")
    if kind == "field":
        return _("the field")
    if kind == "house":
        return _("%(seat)s's house", seat=wording.seat(seat))
    if kind == "guards":
        return _("%(seat)s's guard cards", seat=wording.seat(seat))
    return str(slot)


def slot_heading(slot: Any, wording: Wording) -> str:
    """A slot as a heading: "Field cards", "Ben's house cards", "Aki's guard cards"."""
    kind, _colon, seat = str(slot).partition(":")
    if kind == "field":
        return _("Field cards")
    if kind == "house":
        return _("%(seat)s's house cards", seat=wording.seat(seat))
    return _("%(seat)s's guard cards", seat=wording.seat(seat))
