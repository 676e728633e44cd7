"""Planetary Sisters' printables: its 36 sister cards from a deck profile, the condition card with the score
quick-reference (both sides from the engine's own categories, formulas and multipliers), and a blank score pad.

The print page lists ``PRINTABLES`` (companion/web/printing/listing.py); the templates are in printables/
(planetary_sisters/: cards, support, pad).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.games import planetary_sisters as ps
from companion.games.planetary_sisters.profile import read_profile_leniently
from companion.i18n import gettext as _
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
    unreadable_profile,
)
from companion.web.rules.printables import rules_printables

PS = "planetary-sisters"
PRINT_ORDER = 1  # the print page lists the games in this order


@dataclass(frozen=True)
class ElementMark:
    name: str
    klass: str  # round, pointed, crown (PS-1)
    count: int


@dataclass(frozen=True)
class PsFace:
    rank: int
    elements: tuple[ElementMark, ...]  # empty: the profile does not know this card (prints blank)


def ps_faces(profile: Mapping[str, Any]) -> list[PsFace]:
    """The 36 cards (PS-2: ranks 1..36 once each) with the elements the profile gives, in its element order."""

    deck, errors = read_profile_leniently(profile)
    if deck is None:
        raise unreadable_profile(errors)
    faces = []
    for rank in ps.cards.RANKS:
        card = deck.card(rank)
        marks: tuple[ElementMark, ...] = ()
        if card is not None:
            marks = tuple(ElementMark(name, deck.elements.class_of(name).value, card.count(name))
                          for name in deck.elements.names if card.count(name))
        faces.append(PsFace(rank, marks))
    return faces


def ps_cards(options: PrintOptions) -> Document:
    title = by_lang(options.lang, "遊星姊妹 姉妹カード", "Planetary Sisters: sister cards")
    return profile_cards(PS, "planetary_sisters/cards.html", ps_faces, options, title, "planetary-sisters-cards",
                         notation=lambda face: str(face.rank))


_FORMULAS = {
    ps.Formula.LOVER_HOUSE: "p × (h − 1)",
    ps.Formula.PASSION_HOUSE: "(p − 1) × h",
    ps.Formula.FIELD: "p × h",
}


@dataclass(frozen=True)
class CategoryRow:
    key: str
    name: str
    production: str
    harvesters: str
    formula: str
    multiplier: int


@dataclass(frozen=True)
class ScoreSide:
    key: str  # house, field
    title: str
    rule: str
    legend: str
    total_label: str
    rows: tuple[CategoryRow, ...]


def _category_texts(key: str, element: str, side: str) -> tuple[str, str, str]:
    """A category's name, what its production and its harvesters count (PS-3; the field side PS-4)."""
    names = {
        "food": _("Food lovers"), "plant": _("Plant lovers"), "animal": _("Animal lovers"),
        "dual": _("Dual-passion warriors"), "single": _("Single-passion warriors"), "collector": _("Collectors"),
    }
    production = {
        "dual": _("cards with exactly 2 element types"),
        "single": _("cards with exactly 1 element type (duplicated too)"),
        "collector": _("element types, counted once each"),
    }.get(key) or _("%(element)s icons", element=element)
    if side == "house":
        harvesters = {
            "dual": _("of those, cards with a pointed element"),
            "single": _("cards with a pointed element only"),
            "collector": _("cards with a crown element only"),
        }.get(key) or _("cards carrying %(element)s", element=element)
    else:
        harvesters = {
            "dual": _("field cards with 2 types, one pointed"),
            "single": _("field cards with a pointed element only"),
            "collector": _("field cards with a crown element only"),
        }.get(key) or _("field cards carrying %(element)s", element=element)
    return names[key], production, harvesters


def ps_sides() -> tuple[ScoreSide, ScoreSide]:
    """Both sides of the quick-reference card (§4.5.1 ◇ house, §4.5.2 ♦ field bonus), from the engine's own
    categories, formulas and multipliers."""
    elements = ps.ElementSet.default()
    house = ps.score_house([], elements)
    field = ps.score_field([], [], elements)
    sides = []
    for breakdown, title, legend, total in (
        (house, _("House score"), _("p and h both counted in your house"), _("House total")),
        (field, _("Field bonus"), _("p from your house, h from the field (2 players: + your guard cards)"),
         _("Field bonus total")),
    ):
        rows = []
        for category in breakdown.categories:
            name, production, harvesters = _category_texts(category.key, category.element, breakdown.side)
            rows.append(CategoryRow(category.key, name, production, harvesters, _FORMULAS[category.formula],
                                    category.multiplier))
        sides.append(ScoreSide(breakdown.side, title, breakdown.categories[0].rule, legend, total, tuple(rows)))
    return sides[0], sides[1]


@dataclass(frozen=True)
class SupportCard:
    kind: str  # condition, reference
    house: ScoreSide | None = None
    field: ScoreSide | None = None


def ps_support(options: PrintOptions) -> Document:
    house, field = ps_sides()
    # §1: one condition card, four score quick-reference cards (one per player).
    items = [SupportCard("condition")] + [SupportCard("reference", house, field)] * 4
    title = by_lang(options.lang, "遊星姊妹 サポートカード", "Planetary Sisters: support cards")
    return card_document("planetary_sisters/support.html", items, options, title, "planetary-sisters-support", two_sided=True)


def ps_pad(options: PrintOptions) -> Document:
    house, field = ps_sides()
    title = by_lang(options.lang, "遊星姊妹 得点表", "Planetary Sisters score pad")
    return Document("planetary_sisters/pad.html", title, f"planetary-sisters-score-pad-{options.players}p-{options.paper.key}",
                    ("planetary_sisters/pad.css",), {"paper": options.paper, "players": options.players, "house": house,
                                      "field": field})


PRINTABLES: tuple[Printable, ...] = (
    Printable("ps-cards", PS, _l("Sister cards (36)"),
              _l("Rank and element icons of a deck profile's cards; a card the profile does not know yet prints "
                 "blank, to write in by hand (PS-1, PS-2)."),
              (*CARD_OPTIONS, "profile"), ps_cards),
    Printable("ps-support", PS, _l("Condition card and score quick-reference"),
              _l("The Close/Far condition card and four quick-reference cards: house side ◇ and field side ♦, "
                 "all six categories with formulas and multipliers (PS-3, PS-4, PS-5). Two-sided."),
              TWO_SIDED_OPTIONS, ps_support, two_sided=True),
    Printable("ps-pad", PS, _l("Blank score pad"),
              _l("One column per player, every category of both sides, totals and places."),
              ("paper", "lang", "players"), ps_pad, players=(2, 3, 4)),
)
PRINTABLES = PRINTABLES + rules_printables(PS)  # the whole rules, A4 and A5 (companion/web/rules)
