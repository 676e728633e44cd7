"""Scoring: the house categories (PS-3, §4.5.1) and the field bonus (PS-4, §4.5.2).

Every category has a production and a harvester count. The house score takes both from the house; the
field bonus takes the production from the house and the harvesters from the field (plus, with 2 players, the
player's own guard cards). The one function the page, the tracker and the JSON API call is
``score_player``; ``score_house`` and ``score_field`` are its halves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..base import Term
from .cards import Card
from .elements import ElementClass, ElementSet

LOVER_KEYS = ("food", "plant", "animal")
CATEGORY_KEYS = (*LOVER_KEYS, "dual", "single", "collector")
# PS-3: lovers of the 1st/2nd/3rd round element [1/2/4]; dual-passion [2]; single-passion [5]; collector [4].
# PS-4: the field bonus uses the same multipliers.
MULTIPLIERS: Mapping[str, int] = MappingProxyType(
    {"food": 1, "plant": 2, "animal": 4, "dual": 2, "single": 5, "collector": 4}
)


class Formula(StrEnum):
    """How satisfaction comes from production (p) and harvesters (h); the page words it."""

    LOVER_HOUSE = "production*(harvesters-1)"  # §4.5.1 式1, PS-3
    PASSION_HOUSE = "(production-1)*harvesters"  # §4.5.1 式2, PS-3
    FIELD = "production*harvesters"  # §4.5.2: the "-1" is dropped, PS-4


@dataclass(frozen=True)
class Tally:
    """What the categories count in one set of cards (a house, or the field plus guards)."""

    icons: Counter[str]  # element -> icons of it
    carriers: Counter[str]  # element -> cards carrying it
    two_type_cards: int
    two_type_pointed_cards: int
    one_type_cards: int
    pointed_only_cards: int
    crown_only_cards: int
    types: frozenset[str]

    @classmethod
    def of(cls, cards: Iterable[Card], elements: ElementSet) -> Tally:
        icons: Counter[str] = Counter()
        carriers: Counter[str] = Counter()
        two = two_pointed = one = pointed_only = crown_only = 0
        for card in cards:
            for name, count in card.elements:
                icons[name] += count
                carriers[name] += 1
            kinds = len(card.elements)
            if kinds == 2:
                two += 1
                if any(elements.class_of(name) is ElementClass.POINTED for name, _ in card.elements):
                    two_pointed += 1
            elif kinds == 1:
                one += 1
                only = elements.class_of(card.elements[0][0])
                if only is ElementClass.POINTED:
                    pointed_only += 1
                elif only is ElementClass.CROWN:
                    crown_only += 1
        return cls(
            icons, carriers, two, two_pointed, one, pointed_only, crown_only, frozenset(n for n in icons if icons[n])
        )


# -- what each category counts: production from a tally, harvesters from a tally -------------------------


def lover_production(tally: Tally, element: str) -> int:
    """PS-3 lovers: production = icons of the element (duplicates count, §3.1)."""
    return tally.icons[element]


def lover_harvesters(tally: Tally, element: str) -> int:
    """PS-3 lovers: harvesters = cards carrying the element."""
    return tally.carriers[element]


def dual_production(tally: Tally) -> int:
    """PS-3 dual-passion 複情念: cards with exactly two element types (two round types count too)."""
    return tally.two_type_cards


def dual_harvesters(tally: Tally) -> int:
    """PS-3 dual-passion: those two-type cards that carry a pointed element."""
    return tally.two_type_pointed_cards


def single_production(tally: Tally) -> int:
    """PS-3 single-passion 単情念: cards with exactly one element type, duplicated or not."""
    return tally.one_type_cards


def single_harvesters(tally: Tally) -> int:
    """PS-3 single-passion: pointed-only cards."""
    return tally.pointed_only_cards


def collector_production(tally: Tally) -> int:
    """PS-3 collector 蒐集家: the number of distinct element types."""
    return len(tally.types)


def collector_harvesters(tally: Tally) -> int:
    """PS-3 collector: crown-only cards."""
    return tally.crown_only_cards


@dataclass(frozen=True)
class CategoryScore:
    """One row of the working: production, harvesters, satisfaction, multiplier and points."""

    key: str  # food plant animal dual single collector (API.md)
    production: int
    harvesters: int
    satisfaction: int
    multiplier: int
    points: int
    formula: Formula
    rule: str  # PS-3 for the house, PS-4 for the field bonus
    element: str = ""  # the round element a lover category counts (profile name), else ""

    def to_json(self) -> dict[str, int]:
        """Exactly the five numbers API.md shows."""
        return {
            "production": self.production,
            "harvesters": self.harvesters,
            "satisfaction": self.satisfaction,
            "multiplier": self.multiplier,
            "points": self.points,
        }


@dataclass(frozen=True)
class Breakdown:
    """One side of a score (house or field bonus): the six categories and their total."""

    side: str  # "house" or "field"
    categories: tuple[CategoryScore, ...]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.categories)

    def category(self, key: str) -> CategoryScore:
        for category in self.categories:
            if category.key == key:
                return category
        raise KeyError(key)

    def points(self) -> dict[str, int]:
        return {c.key: c.points for c in self.categories}

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "categories": {c.key: c.to_json() for c in self.categories}}


@dataclass(frozen=True)
class PlayerScore:
    """A player's final score: house points plus field bonus (§4.5)."""

    house: Breakdown
    field: Breakdown

    @property
    def total(self) -> int:
        return self.house.total + self.field.total

    def to_json(self) -> dict[str, Any]:
        """The response body of POST /api/v1/planetary-sisters/score (API.md)."""
        return {"total": self.total, "house": self.house.to_json(), "field": self.field.to_json()}


Satisfaction = Callable[[int, int], int]


def _house_lover(p: int, h: int) -> int:
    return p * (h - 1)  # §4.5.1 式1; h = 0 means p = 0, so never negative (PS-3)


def _house_passion(p: int, h: int) -> int:
    return (p - 1) * h  # §4.5.1 式2; h > 0 means p >= 1 (harvesters are among the producers), PS-3


def _field(p: int, h: int) -> int:
    return p * h  # §4.5.2: no "-1" for the field bonus, PS-4


def _categories(
    production: Tally, harvest: Tally, elements: ElementSet, side: str
) -> tuple[CategoryScore, ...]:
    house = side == "house"
    rule = "PS-3" if house else "PS-4"
    rows: list[CategoryScore] = []

    def row(key: str, p: int, h: int, formula: Formula, satisfaction: Satisfaction, element: str = "") -> None:
        s = satisfaction(p, h)
        rows.append(CategoryScore(key, p, h, s, MULTIPLIERS[key], s * MULTIPLIERS[key], formula, rule, element))

    lover_formula, lover_sat = (Formula.LOVER_HOUSE, _house_lover) if house else (Formula.FIELD, _field)
    passion_formula, passion_sat = (Formula.PASSION_HOUSE, _house_passion) if house else (Formula.FIELD, _field)
    for key, element in zip(LOVER_KEYS, elements.lovers, strict=True):
        row(key, lover_production(production, element), lover_harvesters(harvest, element), lover_formula,
            lover_sat, element)
    row("dual", dual_production(production), dual_harvesters(harvest), passion_formula, passion_sat)
    row("single", single_production(production), single_harvesters(harvest), passion_formula, passion_sat)
    row("collector", collector_production(production), collector_harvesters(harvest), passion_formula, passion_sat)
    return tuple(rows)


def score_house(house: Sequence[Card], elements: ElementSet) -> Breakdown:
    """PS-3, §4.5.1: production and harvesters both counted in the house."""
    tally = Tally.of(house, elements)
    return Breakdown("house", _categories(tally, tally, elements, "house"))


def score_field(
    house: Sequence[Card], field: Sequence[Card], elements: ElementSet, guards: Sequence[Card] = ()
) -> Breakdown:
    """PS-4, §4.5.2: production from the house; harvesters from the field cards, plus the player's own
    guard cards with 2 players (番人札: "a field card only its owner scores with")."""
    return Breakdown(
        "field",
        _categories(Tally.of(house, elements), Tally.of((*field, *guards), elements), elements, "field"),
    )


def score_player(
    house: Sequence[Card], field: Sequence[Card], elements: ElementSet, guards: Sequence[Card] = ()
) -> PlayerScore:
    """The final score of one player (§4.5): house points plus field bonus. A partial house scores as it
    stands (what-if during play)."""
    tally = Tally.of(house, elements)
    return PlayerScore(
        Breakdown("house", _categories(tally, tally, elements, "house")),
        Breakdown("field", _categories(tally, Tally.of((*field, *guards), elements), elements, "field")),
    )


def terms(player: PlayerScore) -> tuple[Term, ...]:
    """A player's score as the contract's terms (``base.Term``): the six house categories (``ps.house.food`` …,
    PS-3) then the six of the field bonus (``ps.field.food`` …, PS-4), each with its production, harvesters,
    satisfaction and multiplier in ``params``; they sum to ``player.total``."""
    return tuple(
        Term(f"ps.{side.side}.{c.key}", c.points, c.rule,
             {"production": c.production, "harvesters": c.harvesters, "satisfaction": c.satisfaction,
              "multiplier": c.multiplier, "formula": c.formula.value, "element": c.element})
        for side in (player.house, player.field)
        for c in side.categories
    )
