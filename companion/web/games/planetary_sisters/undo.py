"""The undo link after a tap that took several cards off the scoring page (clear a slot, fewer players).

The page asks nothing first (one way with JavaScript on or off): the tap is done at once and answered with how
many cards went and a link back to the sheet as it was. The sheet lives in its address, so the link is just
that address; it rides along in the new address (``undo=`` holds the old one's query), so a reload or the Back
button shows the same offer, and nothing typed is ever lost to one tap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, urlencode

from flask import url_for

from companion.i18n import ngettext

PARAM = "undo"


@dataclass(frozen=True)
class UndoView:
    text: str  # "3 cards taken out."
    url: str  # the sheet as it was


def carried(before: Mapping[str, str]) -> str:
    """The value of ``undo=``: the query of the sheet before the tap."""
    return urlencode(dict(before))


def restored(value: str | None) -> dict[str, str]:
    """The sheet's parameters ``undo=`` carries (the caller reads them like any address: checked, never
    trusted); nothing when there is none. A nested ``undo`` is dropped: one step back is offered, not a chain."""
    values = dict(parse_qsl(value or "", keep_blank_values=False))
    values.pop(PARAM, None)
    return values


def undo_view(before: Mapping[str, str], dropped: int) -> UndoView | None:
    """The offer to put back ``dropped`` cards by going back to the sheet ``before``; None when none went."""
    if dropped <= 0 or not before:
        return None
    text = ngettext("%(num)d card taken out.", "%(num)d cards taken out.", dropped)
    values: dict[str, Any] = dict(before)
    return UndoView(text, url_for("planetary_sisters.tool", **values))
