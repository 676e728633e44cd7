"""The capture checker's photo of the field (issue #36): ``POST /lumiere/captures/photo`` (multipart: the checker's
own fields and ``photo``) reads the cards with the platform's one reader (companion/web/photos.py), places them on
the areas from the markers' geometry (``photo_field``) and answers the page with the field it read, area by area,
and a "use this field" button: the checker changes only when the player confirms (a plain post of the new field
to the checker, as its taps are). When the cards cannot be placed without doubt, the page says why and the field
is tapped in as ever.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import request
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, RulesError
from companion.games.lumiere import Field, FieldCard
from companion.i18n import gettext as _
from companion.web import photos

from .labels import card_name, cell_label
from .photo_field import Placing, Seen, place
from .tool import WORDING, Checker, _located, checked, encode_field, read_state, render

DOUBTS = {
    "turned": lambda: _("Some cards lie askew to the others: lay them square on their areas and take the photo again."),
    "between": lambda: _("A card lies between two areas: it cannot be told which one it is on."),
    "same_area": lambda: _("Two cards seem to lie on one area: only the top card of a stack can be read."),
    "too_wide": lambda: _("The cards read span more than 4 rows or columns: is another game's card in the photo?"),
}


@dataclass(frozen=True)
class FieldRead:
    lines: tuple[str, ...]  # area by area: "B3: Commoner, facing Player 2"
    doubts: tuple[str, ...]
    problems: tuple[str, ...]  # the engine's refusals of the field read (too many copies, a side nobody has)
    partial: bool
    encoded: str  # the field for the confirm button ("" when there is nothing to use)


def what_it_read(state: Checker, placing: Placing) -> FieldRead:
    if placing.doubts:
        return FieldRead((), tuple(DOUBTS[d]() for d in placing.doubts), (), False, "")
    board = Field.empty()
    for p in placing.placed:
        board = board.push(p.cell, FieldCard(p.card, p.owner))
    lines = tuple(_("%(area)s: %(card)s, facing %(seat)s", area=cell_label(p.cell), card=card_name(p.card),
                    seat=WORDING.seat(p.owner)) for p in placing.placed)
    try:
        checked(state.players, board)
    except RulesError as error:
        errors = error.errors if isinstance(error, ErrorList) else [error]
        return FieldRead(lines, (), tuple(_located(e) for e in errors), placing.partial, "")
    return FieldRead(lines, (), (), placing.partial, encode_field(board) if placing.placed else "")


def tool_photo() -> ResponseReturnValue:
    state, problems = read_state(request.form)
    try:
        seen = photos.read_upload("lumiere")
    except photos.PhotoRefused as refused:
        body, status = render(state, problems, refused.status, photo_error=refused.message)
        return body, status, ({"Retry-After": str(refused.retry_after)} if refused.retry_after else {})
    placing = place([Seen(s.card, tuple(s.corners), tuple(s.other) if s.other else None) for s in seen])
    return render(state, problems, photo=what_it_read(state, placing))
