"""Planetary Sisters' part of the one profile editor: the 36 ranks, each drawn with its element icons once the
profile knows them (PS-2); a rank's form is the element picker of the scoring page, and the deck's element names
can be renamed to the ones printed on the user's cards (PS-1). The cards the scoring page remembered by their
icons alone (``meta.unranked``) are listed with their counts, and can be forgotten.

A profile whose element classes cannot be read shows every rank unknown and the checklist says why; a card that
breaks a per-card fact is refused by the editor with the reason (GAME.validate_card).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.base import ErrorList, ParseError, Reason, RulesError
from companion.games.planetary_sisters import Card, rename_element
from companion.games.planetary_sisters.cards import RANKS
from companion.games.planetary_sisters.profile import read_profile_leniently
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.i18n import ngettext
from companion.inputs import text
from companion.web.profiles.cardforms import CardCell, Mark, ProfileEditor
from companion.web.wording import PAGE

from . import cards as cardlib
from .labels import class_name
from .messages import explain as explain_reason
from .remember import icons_beyond_ranks

MAX_ELEMENT_CHARS = 24


def _info(profile: Mapping[str, Any]) -> cardlib.DeckInfo | None:
    deck, _problems = read_profile_leniently(profile)
    return cardlib.deck_info(deck) if deck is not None else None


def cells(profile: Mapping[str, Any]) -> tuple[CardCell, ...]:
    info = _info(profile)
    out = []
    for rank in RANKS:
        card = info.known.get(rank) if info else None
        marks = tuple(Mark(f"el {css} el-{klass}", f"×{count}" if count > 1 else "", name)
                      for name, count, css, klass in (info.drawn.get(card.elements, ()) if info and card else ()))
        out.append(CardCell(str(rank), str(rank), card is not None, marks))
    return tuple(out)


@dataclass(frozen=True)
class RankForm:
    """One rank's form: its icons now, and the picker with what it shows (the refused form, or the card)."""

    key: str
    label: str
    info: cardlib.DeckInfo | None
    card: Any  # the profile's Card for this rank, or None while unknown
    values: Mapping[str, str]


def form_model(profile: Mapping[str, Any], key: str, pending: Mapping[str, str] | None) -> RankForm:
    info = _info(profile)
    card = info.known.get(int(key)) if info else None
    values = dict(pending) if pending is not None else cardlib.picker_values(card.ref if card else None, "")
    return RankForm(key, _("Card %(rank)s", rank=key), info, card, values)


def read_card(profile: Mapping[str, Any], key: str, form: Mapping[str, str]) -> dict[str, Any]:
    info = _info(profile)
    if info is None:  # the checklist says why the element names cannot be read
        raise ErrorList([ParseError("ps.profile.meta_not_table", "PS-1", "meta")])
    ref = cardlib.picker_ref({**form, "rank": key}, "", info)
    if ref is None or not ref.elements:
        raise ErrorList([ParseError("ps.card.has_elements", "PS-2", "elements", card=key)])
    return ref.to_json()


@dataclass(frozen=True)
class ElementRow:
    name: str
    css: str
    klass: str
    class_name: str


@dataclass(frozen=True)
class DeckSection:
    """The editor's section about the whole deck: the element names, and the cards known by their icons alone
    (each set of icons drawn as a card, with how many cards carry it)."""

    elements: tuple[ElementRow, ...]
    unranked: tuple[tuple[Card, int], ...]
    info: cardlib.DeckInfo | None
    unranked_listed: bool = False  # the profile has the list, readable or not (a broken one can be forgotten)


def deck_model(profile: Mapping[str, Any]) -> DeckSection:
    info = _info(profile)
    meta = profile.get("meta")
    listed = isinstance(meta, Mapping) and "unranked" in meta
    if info is None:
        return DeckSection((), (), None, listed)
    rows = tuple(ElementRow(e.name, e.css, e.klass, class_name(e.klass)) for e in info.elements)
    return DeckSection(rows, tuple((Card(elements, None), n) for elements, n in info.unranked), info, listed)


def progress_note(profile: Mapping[str, Any]) -> str:
    """After "N of 36 cards known": how many more the profile knows by their icons alone (no rank typed)."""
    deck, _problems = read_profile_leniently(profile)
    count = icons_beyond_ranks(deck) if deck is not None else 0
    if not count:
        return ""
    return ngettext("%(num)d known by its icons", "%(num)d known by their icons", count)


def update_deck(profile: Mapping[str, Any], form: Mapping[str, str]) -> dict[str, Any]:
    """PS-1: an element (the five unnamed ones, or any other) takes the name printed on the user's deck. Or the
    cards known by their icons alone are forgotten (``do=forget_unranked``)."""
    if form.get("do") == "forget_unranked":
        data = copy.deepcopy(dict(profile))
        data["meta"] = {k: v for k, v in dict(data.get("meta") or {}).items() if k != "unranked"}
        return data
    old = form.get("element", "")[:MAX_ELEMENT_CHARS]
    new = text(form.get("name", ""), MAX_ELEMENT_CHARS)
    if new is None:
        raise ErrorList([ParseError("ps.profile.rename_invalid", "PS-1", "name", element=old,
                                    name=form.get("name", "")[:MAX_ELEMENT_CHARS])])
    return rename_element(profile, old, new)


def explain(reason: Reason | RulesError) -> str:
    return explain_reason(reason, PAGE)  # a deck profile has no table: no seat to name


EDITOR = ProfileEditor(
    cells=cells, form_model=form_model, read_card=read_card, form_template="planetary_sisters/_profile_card.html",
    explain=explain, deck_template="planetary_sisters/_profile_names.html", deck_model=deck_model,
    update_deck=update_deck, grid="numbers", hint=_l("Tap a rank, then the card's element icons with their counts, then save."),
    progress_note=progress_note,
)
