"""The scoring page's photo of a player's cards (issue #36): one photo of the planets and gadgets in front of the
player being entered fills that player's cards, as tapping each would.

``POST /planeta-rica/score/photo`` (multipart: the sheet's own fields and ``photo``) reads it with the platform's
one reader (companion/web/photos.py) and answers the page with what it read, card by card, and a "put these in"
button: nothing changes until the player confirms (``tool_photo_confirm``). A card whose VP the deck profile
lacks is then asked for once for the whole sheet, as a tapped one is (PR-6).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from flask import request
from flask.typing import ResponseReturnValue

from companion.games.base import ParseError
from companion.games.planeta_rica import Gadget, Planet
from companion.i18n import gettext as _
from companion.web import photos
from companion.web.pages import page
from companion.web.reasons import reason_text

from .labels import gadget_name, planet_name
from .tool import Sheet, _answer, _vp, add, context, read_sheet

SEP = ","
MAX_READ = 60  # more cards than one player holds


@dataclass(frozen=True)
class ReadCard:
    card: str  # the engine's id
    name: str
    goes_in: bool
    note: str  # why not, or that its VP is asked ("" when it simply goes in)


@dataclass(frozen=True)
class PhotoRead:
    seat_name: str
    cards: tuple[ReadCard, ...]
    ids: str  # what the confirm button sends (``photo_cards``)


def _kind(card: str) -> Planet | Gadget | None:
    for enum in (Planet, Gadget):
        try:
            return enum(card)
        except ValueError:
            continue
    return None


def _add(sheet: Sheet, card: Planet | Gadget) -> None:
    add(sheet, sheet.seat, card.value, planet=isinstance(card, Planet))  # the sheet's one way to take a card


def what_it_read(sheet: Sheet, seen: list[photos.SeenCard]) -> PhotoRead:
    """The photo's cards tried on a copy of the sheet, one by one: which the player being entered takes."""
    trial = copy.deepcopy(sheet)
    cards = []
    for seen_card in seen[:MAX_READ]:
        kind = _kind(seen_card.card)
        if kind is None:
            continue
        name = planet_name(kind) if isinstance(kind, Planet) else gadget_name(kind)
        try:
            _add(trial, kind)
        except ParseError as refused:
            cards.append(ReadCard(kind.value, name, False, reason_text(refused, sheet.wording)))
            continue
        note = "" if _vp(sheet, kind) is not None else _("its VP is asked for after you confirm")
        cards.append(ReadCard(kind.value, name, True, note))
    ids = SEP.join(c.card for c in cards if c.goes_in)
    return PhotoRead(sheet.seat_names[sheet.seat], tuple(cards), ids)


def confirm(sheet: Sheet, values: Mapping[str, str]) -> list[str]:
    """The cards confirmed go to the player being entered; the reasons of any refused."""
    errors = []
    for card in (values.get("photo_cards") or "").split(SEP)[:MAX_READ]:
        kind = _kind(card.strip())
        if kind is None:
            continue
        try:
            _add(sheet, kind)
        except ParseError as refused:
            errors.append(reason_text(refused, sheet.wording))
    return errors


def tool_photo() -> ResponseReturnValue:
    """The photo sent with the sheet: the page again with what it read, for the player to confirm."""
    sheet = read_sheet({k: v for k, v in request.form.items() if k != "csrf_token"})
    try:
        seen = photos.read_upload("planeta-rica")
    except photos.PhotoRefused as refused:
        body, status = page("planeta_rica/tool.html", "planeta_rica/_tool.html", refused.status,
                            **{**context(sheet), "photo_error": refused.message})
        return body, status, ({"Retry-After": str(refused.retry_after)} if refused.retry_after else {})
    return page("planeta_rica/tool.html", "planeta_rica/_tool.html",
                **{**context(sheet), "photo": what_it_read(sheet, seen)})


def tool_photo_confirm() -> ResponseReturnValue:
    """"Put these cards in" (the sheet's form, sent here by its button's formaction): the sheet with them, as a
    tap on the sheet answers."""
    values = {k: v for k, v in request.form.items() if k not in ("csrf_token", "do")}
    sheet = read_sheet(values)
    return _answer(sheet, confirm(sheet, values))
