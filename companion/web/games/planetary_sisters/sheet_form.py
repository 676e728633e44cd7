"""The scoring page's sheet as its form or address carries it (``SheetForm``, read by ``read_form``): the player
count, the deck profile, the cards of every slot, the names and the slot being filled; what cannot be read is
listed, never dropped. Also what the sheet offers to remember in the deck profile (``remember_offer``) and the
sets of icons it can add in one tap (``icon_chips``). The page's handlers are ``tool``'s."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import url_for

from companion.games.base import ParseError, RulesError
from companion.games.planetary_sisters import (
    Card,
    DeckProfile,
    Sheet,
    Slot,
    capacity,
    read_profile,
    read_sheet,
    slots,
)
from companion.i18n import ngettext
from companion.inputs import seat_index, whole_number
from companion.profiles.refs import ProfileRef
from companion.web.gameweb import profile_desk
from companion.web.links import LinkReader
from companion.web.wording import PAGE, Wording

from . import cards as cardlib
from .messages import explain
from .remember import icons_gained, icons_learned, learned

SLUG = "planetary-sisters"
DEFAULT_REF = str(ProfileRef.builtin("default"))
MAX_ICONS_CHARS = 400  # a set of icons tapped on the sheet: 12 element names of 24 characters and their counts


def slot_param(slot: Slot) -> str:
    """The form field (and link parameter) of a slot: ``field``, ``house0``, ``guards1``."""
    return slot.kind if slot.kind == "field" else f"{slot.kind}{slot.seat}"


@dataclass
class SheetForm:
    players: int
    profile_ref: str
    profile: dict[str, Any]
    deck: DeckProfile
    info: cardlib.DeckInfo
    sheet: Sheet
    names: list[str]
    slot: Slot
    problems: list[str] = field(default_factory=list)
    saved: int = 0
    asked: list[int] = field(default_factory=list)  # ranks a photo read that the profile did not know (photo.py)

    @property
    def wording(self) -> Wording:
        """The sheet's seats as its page names them: the names typed, "Player 2" for a seat without one."""
        return sheet_wording(self.names)

    @property
    def seat_names(self) -> list[str]:
        return [self.wording.seat(i) for i in range(len(self.names))]

    def params(self) -> dict[str, str]:
        """The link parameters that carry this sheet."""
        values: dict[str, str] = {"players": str(self.players)}
        if self.profile_ref != DEFAULT_REF:
            values["profile"] = self.profile_ref
        for slot in slots(self.players):
            cards = self.sheet.of(slot)
            if cards:
                values[slot_param(slot)] = cardlib.join(cards, self.info)
        for seat, name in enumerate(self.names):
            if name:
                values[f"name{seat}"] = name
        values["slot"] = str(self.slot)
        if self.asked:
            values["ask"] = ",".join(str(r) for r in self.asked)
        return values

    def url(self, **extra: str) -> str:
        values: dict[str, Any] = {**self.params(), **extra}
        return url_for("planetary_sisters.tool", **values)


def sheet_wording(names: list[str]) -> Wording:
    """The sheet's seats: the names typed (a seat left blank reads "Player 2", as on a page with no table)."""
    return Wording.of_table([name or PAGE.seat(seat) for seat, name in enumerate(names)])


def read_slot(text: str, players: int) -> Slot:
    """``field``, ``house:2``, ``guards:0`` from a link or a tap: a slot this sheet has, or ParseError
    ``ps.sheet.slot``. The seat is read by the one number reader (digits as typed: ``house:１`` is ``house:1``), so
    an odd digit (``house:²``) is refused with the message, not left to int()."""
    kind, colon, seat = str(text).partition(":")
    if kind == "field" and not colon:
        return Slot("field")
    index = seat_index(seat, players) if kind in ("house", "guards") else None
    slot = Slot(kind, index) if index is not None else None
    if slot is None or capacity(players, slot) == 0:
        raise ParseError("ps.sheet.slot", "§4.5", "slot", slot=str(text)[:40])
    return slot


def card_index(text: str) -> int:
    """A card's index in a slot, from the form ("remove" names it); ValueError when it is not one."""
    index = whole_number(text, 0, 999)
    if index is None:
        raise ValueError(text)
    return index


def read_form(values: Mapping[str, str], link: LinkReader | None = None) -> SheetForm:
    """The sheet a form or link carries; what cannot be read is listed, never lost silently: cards in
    ``problems``, the other fields of a hand-edited link in ``link`` (the page says what it left out)."""
    link = link if link is not None else LinkReader(values)
    players = link.number("players", 2, 4, allowed=(2, 3, 4)) or 4
    profile_ref, profile, deck, problems = profile_desk().deck(SLUG, values.get("profile") or DEFAULT_REF, DEFAULT_REF,
                                                     read_profile)
    info = cardlib.deck_info(deck)
    entered: dict[Slot, list[Any]] = {}
    errors: list[RulesError] = []
    for slot in slots(players):
        refs, bad = cardlib.split(values.get(slot_param(slot)), str(slot))
        entered[slot] = refs
        errors.extend(bad)
    sheet, more = read_sheet(players, entered, deck)
    errors.extend(more)
    names = [(values.get(f"name{seat}") or "").strip()[:40] for seat in range(players)]
    try:
        slot = read_slot(values.get("slot", ""), players)
    except ParseError:
        if values.get("slot", "").strip():
            link.refuse_choice("slot", [str(s) for s in slots(players) if capacity(players, s)])
        slot = sheet.next_open() or Slot("field")
    problems += [explain(e, sheet_wording(names)) for e in errors]
    saved = link.number("saved", 0, 2**31 - 1) or 0
    asked = [r for r in ranks_of(values.get("ask")) if sheet.where(r) is None]
    return SheetForm(players, profile_ref, profile, deck, info, sheet, names, slot, problems, saved, asked)


def ranks_of(text: str | None) -> list[int]:
    """``27,30,11`` -> the ranks, each 1–36 once, in order; anything else is left out."""
    ranks: list[int] = []
    for word in (text or "").split(",")[:36]:
        rank = whole_number(word.strip(), 1, 36)
        if rank is not None and rank not in ranks:
            ranks.append(rank)
    return ranks


def new_cards(form: SheetForm) -> list[Card]:
    """Cards typed with rank and elements that the profile does not know yet (what "remember" would save)."""
    return learned((c for _s, _i, c in form.sheet.places()), form.deck)


def new_icons(form: SheetForm) -> dict[Any, int]:
    """Sets of icons entered without a rank, more often than the profile knows them (``remember.icons_learned``)."""
    return icons_learned((c for _s, _i, c in form.sheet.places()), form.deck)


@dataclass(frozen=True)
class IconChip:
    """A set of icons the profile knows from earlier games, offered as one tap: how many cards of the deck carry
    it, and how many of those may still come (the others are on the sheet already)."""

    notation: str  # FOOD*2+PLANT: what the tap sends
    card: Card  # drawn with its icons
    count: int
    left: int


def icon_chips(form: SheetForm) -> list[IconChip]:
    on_sheet = [c.elements for _s, _i, c in form.sheet.places()]
    return [IconChip(str(Card(elements, None)), Card(elements, None), n, max(0, n - on_sheet.count(elements)))
            for elements, n in form.info.unranked]


@dataclass(frozen=True)
class RememberOffer:
    """What "remember" would add to the deck profile: cards typed with their ranks, and cards known by icons."""

    cards: list[Card]
    icons: int

    @property
    def count(self) -> int:
        return len(self.cards) + self.icons

    @property
    def text(self) -> str:
        ranked = ngettext("%(num)d card typed with its rank is not in the deck profile yet.",
                          "%(num)d cards typed with their ranks are not in the deck profile yet.", len(self.cards))
        icons = ngettext("%(num)d card entered by its icons alone is not in the deck profile yet: remembered, the "
                         "next game offers its icons as one tap.",
                         "%(num)d cards entered by their icons alone are not in the deck profile yet: remembered, "
                         "the next game offers their icons as one tap each.", self.icons)
        return " ".join(words for words, n in ((ranked, len(self.cards)), (icons, self.icons)) if n)


def remember_offer(form: SheetForm) -> RememberOffer:
    return RememberOffer(new_cards(form), icons_gained(new_icons(form), form.deck))
