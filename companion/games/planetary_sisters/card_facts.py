"""PS-2's per-card facts (rule text §3.1): what any single card must satisfy.

Each fact is one short function returning a Reason that holds (ok) or fails, so a refused card says which
fact it breaks and a kept one says which facts it passed. The card's element names must be known to the
profile's ElementSet before these run (the resolver reports unknown names first).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..base import Reason
from .cards import Card
from .elements import ElementClass, ElementSet
from .profile import PartialCard


def _types_of(card: Card, elements: ElementSet, klass: ElementClass) -> list[str]:
    return [name for name, _ in card.elements if elements.class_of(name) is klass]


def _params(card: Card, **more: Any) -> dict[str, Any]:
    params: dict[str, Any] = {"card": str(card)}
    if card.rank is not None:
        params["rank"] = card.rank
    params.update(more)
    return params


def has_elements(card: Card, elements: ElementSet) -> Reason:
    """PS-2 (§5: 27 round + 4 pointed-only + 5 crown-only = 36): every card carries an element."""
    return Reason("ps.card.has_elements", "PS-2", bool(card.elements), _params(card))


def multi_type_has_round(card: Card, elements: ElementSet) -> Reason:
    """PS-2, §3.1: a card with several element types always has a round one."""
    rounds = _types_of(card, elements, ElementClass.ROUND)
    ok = len(card.elements) < 2 or bool(rounds)
    return Reason("ps.card.multi_type_has_round", "PS-2", ok, _params(card, types=list(card.types)))


def pointed_once(card: Card, elements: ElementSet) -> Reason:
    """PS-2, §3.1: a pointed element is never duplicated nor combined with a second pointed type."""
    pointed = _types_of(card, elements, ElementClass.POINTED)
    ok = len(pointed) <= 1 and all(card.count(name) == 1 for name in pointed)
    return Reason("ps.card.pointed_once", "PS-2", ok, _params(card, pointed=pointed))


def pointed_with_one_round(card: Card, elements: ElementSet) -> Reason:
    """§3.1 (PS-2): a pointed card with several types has exactly one round type and this pointed one."""
    pointed = _types_of(card, elements, ElementClass.POINTED)
    rounds = _types_of(card, elements, ElementClass.ROUND)
    ok = not pointed or len(card.elements) == 1 or (len(card.elements) == 2 and len(rounds) == 1)
    return Reason("ps.card.pointed_with_one_round", "PS-2", ok, _params(card, types=list(card.types)))


def crown_alone(card: Card, elements: ElementSet) -> Reason:
    """PS-2, §3.1: a crown card has exactly one crown element, once, and nothing else."""
    crowns = _types_of(card, elements, ElementClass.CROWN)
    ok = not crowns or (len(card.elements) == 1 and card.elements[0][1] == 1)
    return Reason("ps.card.crown_alone", "PS-2", ok, _params(card, types=list(card.types)))


# Each fact with the last part of its code: "ps.card.<name>" for one card, "ps.profile.<name>" for a deck.
PER_CARD_FACTS: tuple[tuple[str, Callable[[Card, ElementSet], Reason]], ...] = (
    ("has_elements", has_elements),
    ("multi_type_has_round", multi_type_has_round),
    ("pointed_once", pointed_once),
    ("pointed_with_one_round", pointed_with_one_round),
    ("crown_alone", crown_alone),
)


def matches_example(card: Card, elements: ElementSet, fact: PartialCard) -> Reason:
    """PS-2: a card of the worked example (§4.5.1) has the types, and the icon counts, the text gives."""
    rounds = sorted(_types_of(card, elements, ElementClass.ROUND))
    ok = (
        rounds == sorted(fact.round)
        and len(_types_of(card, elements, ElementClass.POINTED)) == fact.pointed
        and len(_types_of(card, elements, ElementClass.CROWN)) == fact.crown
        and all(card.count(name) == count for name, count in fact.counts)
    )
    return Reason("ps.card.example_fact", "PS-2", ok, {**_params(card), **fact.describe()})


def card_facts(card: Card, elements: ElementSet, example: PartialCard | None = None) -> tuple[Reason, ...]:
    """Every per-card fact, passing or failing; the example fact too when the card's rank has one."""
    reasons = [fact(card, elements) for _, fact in PER_CARD_FACTS]
    if example is not None:
        reasons.append(matches_example(card, elements, example))
    return tuple(reasons)
