"""A card whose VP the deck profile lacks (PR-6): which cards they are, the question for each, what a player
typed read back (or refused with the reason), and the values to remember.

The score page and the table tracker both ask with this module, so the question, its checks and what is kept
are the same wherever a VP is asked; ``remember`` puts the values into a profile copy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.base import ParseError
from companion.games.planeta_rica import DeckProfile, Gadget, Planet, TableState
from companion.inputs import whole_number
from companion.web.reasons import reason_text
from companion.web.wording import Wording

from .labels import gadget_name, planet_name

MAX_VP = 99  # a card's printed VP, as typed
FIELD = "vp_"  # the form field of a card's VP: vp_tourist_planet
TYPED_LIMIT = 6  # characters kept of what was typed (enough for "-99" and a stray space or two)


@dataclass(frozen=True)
class Asked:
    """The VP of one card type the profile lacks, asked once for every copy at the table."""

    card: str
    name: str
    typed: str  # as typed so far ("" not yet)

    @property
    def field(self) -> str:
        return FIELD + self.card


def lacking_vp(deck: DeckProfile, planets: Iterable[Planet], gadgets: Iterable[Gadget]) -> list[Planet | Gadget]:
    """The held card types whose VP the profile lacks, once each, in the game's card order."""
    held_planets, held_gadgets = set(planets), set(gadgets)
    lacking: list[Planet | Gadget] = [p for p in Planet if p in held_planets and deck.planet(p).vp is None]
    lacking += [g for g in Gadget if g in held_gadgets and deck.gadget(g).vp is None]
    return lacking


def typed_vp(values: Mapping[str, str]) -> dict[str, str]:
    """The VP a form or link carries (``vp_<card>``), trimmed; empty fields left out."""
    return {key[len(FIELD):]: typed.strip()[:TYPED_LIMIT] for key, typed in values.items()
            if key.startswith(FIELD) and typed.strip()}


def asked_vp(deck: DeckProfile, planets: Iterable[Planet], gadgets: Iterable[Gadget],
             typed: Mapping[str, str]) -> list[Asked]:
    """One question per held card type whose VP the profile lacks, with what was typed for it."""
    return [Asked(card.value, planet_name(card) if isinstance(card, Planet) else gadget_name(card),
                  typed.get(card.value, ""))
            for card in lacking_vp(deck, planets, gadgets)]


def asked_at_table(state: TableState, typed: Mapping[str, str]) -> list[Asked]:
    """The tracker's questions: every card type a seat holds whose VP the table's profile lacks."""
    planets = [p.planet for seat in state.seats for p in seat.planets]
    gadgets = [g.gadget for seat in state.seats for g in seat.gadgets]
    return asked_vp(state.profile, planets, gadgets, typed)


def signed_vp(typed: str) -> int | None:
    """A VP as typed (「－２」 too): a whole number, a minus allowed (a card may cost VP), or None. One printed
    number, never a sum: a card's VP is read off the card."""
    return whole_number(typed, -MAX_VP, MAX_VP)


def vp_errors(asked: Iterable[Asked], wording: Wording) -> list[str]:
    """Answers that are no number, each named with PR-6 (they stay in the form, nothing is kept of them)."""
    return [reason_text(ParseError("pr.sheet.vp", "PR-6", a.field, card=a.card, value=a.typed), wording)
            for a in asked if a.typed and signed_vp(a.typed) is None]


def learned_vp(asked: Iterable[Asked]) -> dict[str, dict[str, Any]]:
    """card id -> {"vp": n} for every answer that is a number (what remembering saves)."""
    return {a.card: {"vp": vp} for a in asked if (vp := signed_vp(a.typed)) is not None}


def unknown_names(asked: Iterable[Asked]) -> str:
    """The cards asked about, by name: "New Earth, Tourist Planet" (what a total waits for)."""
    return ", ".join(a.name for a in asked)
