"""Lumière Prière's printables: every card of the decks from a deck profile, the turn-phase cards, and the
4×4 field mat at true size.

The print page lists ``PRINTABLES`` (companion/web/printing/listing.py); the templates are in printables/lumiere/
(cards, phases, field: each .html with its .css).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import lumiere as lp
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

LP = "lumiere"
PRINT_ORDER = 2  # the print page lists the games in this order


@dataclass(frozen=True)
class LpFace:
    id: str
    name_ja: str
    name_en: str
    points: int | None  # None: not in the profile (prints blank)
    effect: str | None
    stackable: bool | None
    per_player: int


def lp_faces(profile: Mapping[str, Any], decks: int) -> list[LpFace]:
    """Every card of ``decks`` players' decks (LP-8: 19 each), with what the profile knows of it."""
    deck = read_for_print(lp.DeckProfile.from_mapping, profile)
    faces = []
    for card in lp.Card:
        data = deck.data(card)
        face = LpFace(card.value, card.name_ja, card.name_en, data.points, data.effect, data.stackable,
                      card.per_player)
        faces.extend([face] * (card.per_player * decks))
    return faces


def lp_cards(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "ルミエル†プリエール カード", "Lumière Prière: cards")
    return profile_cards(LP, "lumiere/cards.html", lambda profile: lp_faces(profile, options.decks), options, title,
                         f"lumiere-cards-{options.decks}-decks", notation=lambda face: face.id, decks=options.decks)


def lp_phases(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "ルミエル†プリエール ターンの流れ", "Lumière Prière: turn phases")
    return card_document("lumiere/phases.html", ["phases"] * 4, options, title, "lumiere-turn-phases", two_sided=True)


AREA = 92.0  # mm: one area of the field mat holds a 63 × 88 card in any of the four orientations (LP-1)


@dataclass(frozen=True)
class FieldArea:
    row: int
    col: int
    zone: str  # outer, central (【用語集】ゾーン)
    corner: bool  # LP-4

    @property
    def name(self) -> str:
        return f"r{self.row}c{self.col}"


def lp_areas() -> list[FieldArea]:
    size = lp.field.SIZE
    return [FieldArea(c.row, c.col, "outer" if c.row in (0, size - 1) or c.col in (0, size - 1) else "central",
                      c.is_corner) for c in lp.ALL_CELLS]


def lp_field(options: PrintOptions) -> Document:
    """The 4×4 field at true size on four pages (one quarter each, to cut and tape), after an overview page."""
    areas = lp_areas()
    quarter = 2 * AREA
    left = (options.paper.width - quarter) / 2
    quarters = []
    for qr, qc in ((0, 0), (0, 1), (1, 0), (1, 1)):
        inside = [a for a in areas if a.row // 2 == qr and a.col // 2 == qc]
        quarters.append({"qr": qr, "qc": qc, "areas": inside})
    title = by_lang(options.lang, "ルミエル†プリエール フィールド", "Lumière Prière: field mat")
    sides = {side: i for i, side in enumerate(lp.state.SIDES)}
    return Document("lumiere/field.html", title, f"lumiere-field-{options.paper.key}", ("lumiere/field.css",),
                    {"paper": options.paper, "areas": areas, "quarters": quarters, "area": AREA, "left": left,
                     "top": 14.0, "sides": sides})


PRINTABLES: tuple[Printable, ...] = (
    Printable("lp-cards", LP, _l("Cards"),
              _l("Every card of the decks, with the points and effects of a deck profile; what it does not know "
                 "prints blank (LP-8)."),
              (*CARD_OPTIONS, "profile", "decks"), lp_cards),
    Printable("lp-field", LP, _l("Field mat"),
              _l("The 4×4 field at true size on four pages, outer and central zones marked, with an overview "
                 "(LP-1, LP-4)."),
              ("paper", "lang"), lp_field),
    Printable("lp-phases", LP, _l("Turn-phase cards"),
              _l("Four cards: the phases of a turn on the front, the get phase's rules on the back (LP-2 … LP-7). "
                 "Two-sided."),
              TWO_SIDED_OPTIONS, lp_phases, two_sided=True),
)
PRINTABLES = PRINTABLES + rules_printables(LP)  # the whole rules, A4 and A5 (companion/web/rules)
