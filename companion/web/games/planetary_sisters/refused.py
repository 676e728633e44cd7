"""A card the picker refused: the refusal names the icons that were tapped, then the picker
is emptied, so those icons cannot ride into the next card (a rank tapped next would otherwise take them along
and go in as a card nobody meant). What was entered before the refused card stays as it was."""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.base import ErrorList
from companion.i18n import gettext as _

from . import cards as cardlib
from .messages import card_words


def tapped_line(values: Mapping[str, str], prefix: str, info: cardlib.DeckInfo) -> str:
    """"Tapped: 7 (ANIMAL POLE)" for the card the picker held, or "" when it held nothing readable."""
    try:
        ref = cardlib.picker_ref(values, prefix, info)
    except ErrorList:
        return ""
    return _("Tapped: %(card)s", card=card_words(str(ref))) if ref is not None else ""


def without_picker(values: Mapping[str, str], prefix: str, info: cardlib.DeckInfo) -> dict[str, str]:
    """The form as it was, less the picker's rank and icons (and the rank it held)."""
    names = {f"{prefix}rank", f"{prefix}add_rank", "held", *(f"{prefix}el_{e.name}" for e in info.elements)}
    return {key: value for key, value in values.items() if key not in names}
