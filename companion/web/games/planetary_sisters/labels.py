"""How Planetary Sisters' ids read on a page, in the current language: seats, the condition card, phases,
element classes, the six categories, where a card lies.

The engine speaks in ids (seat ``0``, ``close``, ``pointed``, ``food``, ``house:1``). On a table page or the
scoring page a seat reads as the player's name: the handlers pass the names (``seat_label(seat, names)``,
``messages.explain_for``) into the models they build. The one exception is a refused table entry, which the
platform words itself without the names: ``forms.form_to_move`` leaves them in ``flask.g`` for it
(``set_seats``) until the platform passes them. In the referee API's messages a seat stays as the API writes
it ("seat 0"), so a message matches its request.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import g, has_request_context, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

SEATS_KEY = "planetary_sisters_seats"

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


def in_api() -> bool:
    return has_request_context() and request.path.startswith("/api/")


def set_seats(names: Sequence[str]) -> None:
    """The seat names the platform's own rendering of this request's messages uses (a refused entry's reasons,
    worded by companion.web.tables.answer, which passes no seat names). Called by ``forms.form_to_move`` only;
    every page of this package passes the names in its model instead (``explain_for``, ``seat_label(s, names)``)."""
    if has_request_context():
        setattr(g, SEATS_KEY, list(names))


def seat_names() -> list[str]:
    return list(getattr(g, SEATS_KEY, []) or []) if has_request_context() else []


def seat_label(seat: Any, names: Sequence[str] | None = None) -> str:
    """A seat as a player reads it: the name at this table (``names``, which a page's model carries), "Player 1"
    without one, "seat 0" in the API. Without ``names``, the names the platform's own messages use."""
    try:
        index = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    if in_api():
        return _("seat %(seat)s", seat=index)
    names = seat_names() if names is None else names
    if 0 <= index < len(names):
        return names[index]
    return _("Player %(n)s", n=index + 1)


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


def slot_label(slot: Any, names: Sequence[str] | None = None) -> str:
    """``field`` / ``house:1`` / ``guards:0`` as "the field", "Ben's house", "Aki's guard cards"."""
    kind, _colon, seat = str(slot).partition(":")
    if kind == "field":
        return _("the field")
    if kind == "house":
        return _("%(seat)s's house", seat=seat_label(seat, names))
    if kind == "guards":
        return _("%(seat)s's guard cards", seat=seat_label(seat, names))
    return str(slot)


def slot_heading(slot: Any, names: Sequence[str] | None = None) -> str:
    """A slot as a heading: "Field cards", "Ben's house cards", "Aki's guard cards"."""
    kind, _colon, seat = str(slot).partition(":")
    if kind == "field":
        return _("Field cards")
    if kind == "house":
        return _("%(seat)s's house cards", seat=seat_label(seat, names))
    return _("%(seat)s's guard cards", seat=seat_label(seat, names))
