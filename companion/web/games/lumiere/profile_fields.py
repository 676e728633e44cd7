"""Lumière Prière's part of the one profile editor: the twelve cards, each known once its points, effect text and
"may be stacked on" are filled in (the completeness facts of LP-8), with the generic card form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.lumiere.cards import Card
from companion.games.lumiere.profile import CARD_FIELDS
from companion.i18n import gettext as _
from companion.web.messages import field_label
from companion.web.profiles.cardforms import (
    CardCell,
    CardForm,
    FieldView,
    ProfileEditor,
    read_fields,
    shown_value,
    stored_card,
)

from .labels import card_name

EDITED = tuple(f for f in CARD_FIELDS if f.key != "id")  # the id names the card; the form never changes it


def _known(entry: Mapping[str, Any]) -> bool:
    return all(entry.get(key) is not None for key in ("points", "effect", "stackable"))


def _note(entry: Mapping[str, Any]) -> str:
    points = entry.get("points")
    return _("%(n)s pts", n=points) if points is not None else ""


def cells(profile: Mapping[str, Any]) -> tuple[CardCell, ...]:
    return tuple(CardCell(card.value, card_name(card), _known(entry), note=_note(entry))
                 for card in Card for entry in (stored_card(profile, "id", card.value),))


def form_model(profile: Mapping[str, Any], key: str, pending: Mapping[str, str] | None) -> CardForm:
    card = stored_card(profile, "id", key)
    kinds = {"points": "int", "effect": "long", "stackable": "bool"}
    return CardForm(key, card_name(key), tuple(
        FieldView(f.key, field_label(f.key), kinds[f.key], shown_value(f, card, pending)) for f in EDITED))


def read_card(profile: Mapping[str, Any], key: str, form: Mapping[str, str]) -> dict[str, Any]:
    stored = stored_card(profile, "id", key) or {"id": key}
    return read_fields(CARD_FIELDS, stored, form, profile.get("meta") or {})


EDITOR = ProfileEditor(cells=cells, form_model=form_model, read_card=read_card)
