"""Planeta Rica's printables: a score pad (PR-5), a turn-summary card (the two phases, the six actions, the
eleven reward icons, the end: PR-2 … PR-4) and card sheets of a deck profile's planets and gadgets with what
the profile knows (a value it lacks prints as a blank to write in, PR-6).

The print page lists ``PRINTABLES`` (companion/web/printing/listing.py); the templates are in printables/
(printables/planeta_rica/: pad, turn, cards).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.planeta_rica import Gadget, Planet, read_profile
from companion.games.planeta_rica.cards import SLOTS
from companion.i18n import lazy_gettext as _l
from companion.web.printing.documents import (
    CARD_OPTIONS,
    TWO_SIDED_OPTIONS,
    Document,
    Printable,
    PrintOptions,
    by_lang,
    card_document,
    profile_cards,
    read_for_print,
)
from companion.web.rules.printables import rules_printables

from .labels import REWARDS, reward_icon, reward_name

PR = "planeta-rica"
PRINT_ORDER = 5  # the print page lists the games in this order


@dataclass(frozen=True)
class PrFace:
    kind: str  # planet, gadget
    card: str
    name_ja: str
    name_en: str
    copies: int
    coins: int | None  # planets
    vp: int | None
    slots: tuple[tuple[str, str], ...]  # planets: (icon, word) or ("", "") while unknown
    cost: str  # gadgets: notation, "" while unknown
    effect: str


def pr_faces(profile: Mapping[str, Any]) -> list[PrFace]:
    """One card per type: the 21 planets, then the 17 gadgets, with what the profile knows."""
    deck = read_for_print(read_profile, profile)
    faces = []
    for planet in Planet:
        data = deck.planet(planet)
        slots = tuple(("", "") if r is None else (reward_icon(r.value), reward_name(r.value)) for r in data.slots)
        faces.append(PrFace("planet", planet.value, planet.name_ja, planet.name_en, planet.copies, data.coins,
                            data.vp, slots, "", data.effect or ""))
    for gadget in Gadget:
        gdata = deck.gadget(gadget)
        faces.append(PrFace("gadget", gadget.value, gadget.name_ja, gadget.name_en, gadget.copies, None, gdata.vp,
                            (), "" if gdata.cost is None else str(gdata.cost), gdata.effect or ""))
    return faces


def pr_cards(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "プラネトリコ 惑星・ガジェット", "Planeta Rica: planets and gadgets")
    return profile_cards(PR, "planeta_rica/cards.html", pr_faces, options, title, "planeta-rica-cards", slots=SLOTS,
                         notation=lambda face: face.card)


def _rewards() -> list[tuple[str, str, str]]:
    return [(r, reward_icon(r), reward_name(r)) for r in REWARDS]


def pr_turn(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "プラネトリコ サマリーカード", "Planeta Rica: turn summary")
    # PR-1: the box has 5 summary cards, one per player
    return card_document("planeta_rica/turn.html", ["summary"] * 5, options, title, "planeta-rica-turn", two_sided=True,
                         rewards=_rewards())


def pr_pad(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "プラネトリコ 得点表", "Planeta Rica score pad")
    return Document("planeta_rica/pad.html", title, f"planeta-rica-score-pad-{options.players}p-{options.paper.key}",
                    ("planeta_rica/pad.css",), {"paper": options.paper, "players": options.players})


PRINTABLES: tuple[Printable, ...] = (
    Printable("pr-pad", PR, _l("Planeta Rica score pad"),
              _l("One column per player: fame, planets' VP, gadgets' VP, Schneider's bonus, total and place, with "
                 "the tie-break (PR-5, PR-7)."),
              ("paper", "lang", "players"), pr_pad, players=(3, 4, 5)),
    Printable("pr-turn", PR, _l("Planeta Rica turn summary"),
              _l("Five cards: the return phase and the six actions on the front, the eleven return effects and "
                 "the end on the back (PR-2, PR-3, PR-4). Two-sided."),
              TWO_SIDED_OPTIONS, pr_turn, two_sided=True),
    Printable("pr-cards", PR, _l("Planeta Rica planets and gadgets"),
              _l("One card per planet and gadget type of a deck profile: name, copies, cost, VP, slots and effect "
                 "as far as the profile knows them; the rest prints blank, to write in (PR-6)."),
              (*CARD_OPTIONS, "profile"), pr_cards),
)
PRINTABLES = PRINTABLES + rules_printables(PR)  # the whole rules, A4 and A5 (companion/web/rules)
