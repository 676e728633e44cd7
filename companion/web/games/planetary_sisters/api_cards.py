"""The JSON Schema of a sister card as a deck profile reads it (PS-1, PS-2), for the OpenAPI description: which
element names exist, which combinations a card can carry (§3.1), and what the worked example tells of some
ranks. Built from the profile itself, so the description follows the deck rather than repeating it."""

from __future__ import annotations

from typing import Any

from companion.games.planetary_sisters.cards import RANKS
from companion.games.planetary_sisters.elements import ElementClass
from companion.games.planetary_sisters.profile import DeckProfile, PartialCard
from companion.web.api.schema import integer, part

COUNT = integer(1, description="icons of this element on the card")
ONE = {"const": 1, "description": "a pointed or crown element is printed once (§3.1)"}


def _only(names: list[str], minimum: int, maximum: int | None, rest: dict[str, Any],
          fixed: dict[str, Any] | None = None, required: list[str] | None = None) -> dict[str, Any]:
    """An elements object whose names come from ``names``, between minimum and maximum of them."""
    schema: dict[str, Any] = {"type": "object", "propertyNames": {"enum": names}, "minProperties": minimum,
                              "additionalProperties": rest}
    if maximum is not None:
        schema["maxProperties"] = maximum
    if fixed:
        schema["properties"] = fixed
    if required:
        schema["required"] = required
    return schema


def _round_and_pointed(round_name: str, pointed: list[str], count: dict[str, Any]) -> dict[str, Any]:
    """One round type and one pointed type, printed once (§3.1)."""
    return _only([round_name, *pointed], 2, 2, ONE, {round_name: count}, [round_name])


def element_shapes(deck: DeckProfile) -> list[dict[str, Any]]:
    """Every combination §3.1 allows: round types only; one pointed type alone or with one round type; one
    crown type alone."""
    rounds, pointed, crowns = (list(deck.elements.of_class(k)) for k in ElementClass)
    shapes = [
        _only(rounds, 1, None, COUNT),
        _only(pointed, 1, 1, ONE),
        *(_round_and_pointed(name, pointed, COUNT) for name in rounds),
        _only(crowns, 1, 1, ONE),
    ]
    return [shape for shape in shapes if shape["propertyNames"]["enum"]]  # a deck may lack a class


def _example_shape(deck: DeckProfile, fact: PartialCard) -> dict[str, Any]:
    """What the worked example (§4.5.1) tells of one rank: its round types exactly, how many pointed or crown
    types, some icon counts."""
    pointed, crowns = (list(deck.elements.of_class(k)) for k in (ElementClass.POINTED, ElementClass.CROWN))
    counts = dict(fact.counts)
    fixed = {name: ({"const": counts[name]} if name in counts else COUNT) for name in fact.round}
    if fact.crown:
        return _only(crowns, 1, 1, ONE)
    if fact.pointed and not fact.round:
        return _only(pointed, 1, 1, ONE)
    if fact.pointed:
        return _round_and_pointed(fact.round[0], pointed, fixed[fact.round[0]])
    size = len(fact.round)
    return _only(list(fact.round), size, size, COUNT, fixed, list(fact.round))


def card_schema(deck: DeckProfile) -> dict[str, Any]:
    """A card of this deck: elements alone, or with a rank; a rank alone only where the deck knows the card
    (PS-2). A rank the worked example describes must carry what it tells."""
    shapes = {"anyOf": element_shapes(deck),
              "description": "Element name -> icon count (PS-1, §3.1): " + ", ".join(
                  f"{name} ({deck.elements.class_of(name).value})" for name in deck.elements.names)}
    no_rank = {"type": "null", "description": "null or absent: no rank"}
    no_elements = {"type": "null"}
    variants: list[dict[str, Any]] = [part({"rank": no_rank, "elements": shapes}, ["elements"])]
    described = {fact.rank for fact in deck.partial_cards}
    for fact in deck.partial_cards:
        variants.append(part({"rank": {"const": fact.rank}, "elements": _example_shape(deck, fact)},
                            ["rank", "elements"]))
    for card in deck.cards:
        if card.rank is not None and card.rank not in described:
            exact = {"type": "object", "properties": {n: {"const": c} for n, c in card.elements},
                     "required": [n for n, _ in card.elements], "additionalProperties": False}
            variants.append(part({"rank": {"const": card.rank}, "elements": {"anyOf": [no_elements, exact]}},
                                ["rank"]))
    known = described | {card.rank for card in deck.cards}
    others = [rank for rank in RANKS if rank not in known]
    if others:
        variants.append(part({"rank": {"enum": others}, "elements": shapes}, ["rank", "elements"]))
    return {"anyOf": variants,
            "description": f"A sister card of the {deck.id} deck: its elements, with its rank or without; a rank "
                           "alone only where the deck knows that card's elements (PS-2). A rank appears once in "
                           "a request (PS-7, a 422)."}
