"""Planeta Rica's part of the one profile editor: the 21 planets and 17 gadgets in the rule text's order.

A planet is known once its coin cost, VP and five slot rewards are filled in; a gadget once its resource cost,
VP and effect text are (the completeness facts of PR-6). A slot's reward is tapped from the eleven return effects
(帰還効果一覧, PR-2): each icon is a submit button, so a tap saves that slot at once, with JavaScript or without.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.planeta_rica.cards import Gadget, Planet
from companion.games.planeta_rica.profile import CARD_FIELDS, COST_CHOICES, SLOT_KEYS
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.messages import field_label
from companion.web.profiles.cardforms import (
    CLEAR,
    CardCell,
    CardForm,
    Choice,
    FieldView,
    Mark,
    ProfileEditor,
    read_fields,
    shown_count,
    shown_value,
    stored_card,
)

from .labels import REWARDS, card_name, resource_name, reward_icon, reward_name

PLANET_FIELDS = ("coins", "vp", *SLOT_KEYS, "effect")
GADGET_FIELDS = ("cost", "vp", "effect")
_BY_KEY = {f.key: f for f in CARD_FIELDS}


def _is_planet(key: str) -> bool:
    return key in {p.value for p in Planet}


def _known(key: str, entry: Mapping[str, Any]) -> bool:
    needed = ("coins", "vp", *SLOT_KEYS) if _is_planet(key) else ("cost", "vp", "effect")
    return all(entry.get(k) not in (None, "") for k in needed)


def _note(key: str, entry: Mapping[str, Any]) -> str:
    parts = []
    if _is_planet(key) and entry.get("coins") is not None:
        parts.append(ngettext("%(num)s coin", "%(num)s coins", entry["coins"]))
    if entry.get("vp") is not None:
        parts.append(_("%(n)s VP", n=entry["vp"]))
    return " · ".join(parts)


def _marks(key: str, entry: Mapping[str, Any]) -> tuple[Mark, ...]:
    if not _is_planet(key):
        return ()
    return tuple(Mark(f"pr-reward pr-reward-{entry.get(slot) or 'unknown'}", reward_icon(entry.get(slot)),
                      reward_name(entry[slot]) if entry.get(slot) else _("not known yet"))
                 for slot in SLOT_KEYS)


def cells(profile: Mapping[str, Any]) -> tuple[CardCell, ...]:
    out = []
    for card in (*Planet, *Gadget):
        entry = stored_card(profile, "id", card.value)
        out.append(CardCell(card.value, card_name(card.value), _known(card.value, entry),
                            _marks(card.value, entry), _note(card.value, entry)))
    return tuple(out)


def _slot_label(slot: str) -> str:
    return _("Slot %(n)s", n=slot.removeprefix("slot"))


def form_model(profile: Mapping[str, Any], key: str, pending: Mapping[str, str] | None) -> CardForm:
    card = stored_card(profile, "id", key)
    views = []
    for name in PLANET_FIELDS if _is_planet(key) else GADGET_FIELDS:
        f = _BY_KEY[name]
        value = shown_value(f, card, pending)
        if name in SLOT_KEYS:
            choices = tuple(Choice(r, reward_name(r), reward_icon(r), r == value) for r in REWARDS)
            views.append(FieldView(name, _slot_label(name), "taps", value,
                                   (*choices, Choice(CLEAR, _("not known"), "·", value == ""))))
        elif name == "cost":
            counts = tuple((Choice(c, resource_name(c) if c != "any" else _("any resource")),
                            shown_count(f, c, card, pending)) for c in COST_CHOICES)
            views.append(FieldView(name, field_label(name), "counts", counts=counts))
        else:
            views.append(FieldView(name, field_label(name) if name != "effect" else _("Effect text"),
                                   {"coins": "int", "vp": "int"}.get(name, "long"), value))
    hint = _("Tap a slot's reward to save it at once; type the numbers, then Save.") if _is_planet(key) else ""
    return CardForm(key, card_name(key), tuple(views), hint)


def read_card(profile: Mapping[str, Any], key: str, form: Mapping[str, str]) -> dict[str, Any]:
    stored = stored_card(profile, "id", key) or {"id": key}
    return read_fields(CARD_FIELDS, stored, form, profile.get("meta") or {})


EDITOR = ProfileEditor(cells=cells, form_model=form_model, read_card=read_card)
