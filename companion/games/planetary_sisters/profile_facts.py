"""The PS-2 checklist of a deck profile (validate_profile) and the per-card check of its editor (validate_card).

Every fact is a Reason, passing or failing, with the offending ranks in params. A partial profile (ranks
without elements) fails only the completeness fact: a count fact of §5 passes while it can still be met
(its params say how many cards are still unknown), and fails once it is exceeded or, in a complete profile,
missed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ErrorList, Reason, RulesError
from .card_facts import PER_CARD_FACTS, card_facts, matches_example
from .cards import RANKS, Card, CardRef
from .elements import ElementClass, ElementSet
from .profile import DeckProfile, read_profile_leniently
from .resolve import sub_path
from .score import score_house


def _failures(errors: list[RulesError]) -> list[Reason]:
    return [e.reason for e in errors]


# -- §5's statistics as countable facts -----------------------------------------------------------------


Measure = Callable[[Card, ElementSet], int]


@dataclass(frozen=True)
class CountFact:
    """One statistic of §5 (PS-2): how many cards (or icons) of the complete deck have some property."""

    code: str
    expected: int
    counts_icons: bool  # icons can grow by more than one per unknown card
    measure: Measure  # what one card adds to the count
    params: tuple[tuple[str, Any], ...] = ()


def _kinds(card: Card, elements: ElementSet) -> list[ElementClass]:
    return [elements.class_of(name) for name, _ in card.elements]


def _carries_class(klass: ElementClass) -> Measure:
    def measure(card: Card, elements: ElementSet) -> int:
        return int(klass in _kinds(card, elements))

    return measure


def _carries(name: str) -> Measure:
    def measure(card: Card, elements: ElementSet) -> int:
        return int(card.count(name) > 0)

    return measure


def _icons(name: str) -> Measure:
    def measure(card: Card, elements: ElementSet) -> int:
        return card.count(name)

    return measure


def _pointed_and_other(card: Card, elements: ElementSet) -> int:
    return int(len(card.elements) >= 2 and ElementClass.POINTED in _kinds(card, elements))


def _two_types(card: Card, elements: ElementSet) -> int:
    return int(len(card.elements) == 2)


def _one_type(card: Card, elements: ElementSet) -> int:
    return int(len(card.elements) == 1)


def _pointed_only(card: Card, elements: ElementSet) -> int:
    return int(_kinds(card, elements) == [ElementClass.POINTED])


def _crown_only(card: Card, elements: ElementSet) -> int:
    return int(_kinds(card, elements) == [ElementClass.CROWN])


def _count_facts(elements: ElementSet) -> list[CountFact]:
    facts: list[CountFact] = []
    # §5 / PS-2: 27 cards carry a round element, 12 a pointed one, 5 a crown one.
    for klass, expected in ((ElementClass.ROUND, 27), (ElementClass.POINTED, 12), (ElementClass.CROWN, 5)):
        facts.append(
            CountFact("ps.profile.count.class_cards", expected, False, _carries_class(klass),
                      (("element_class", klass.value),))
        )
    # §5 / PS-2: FOOD on 18 cards (38 icons), PLANT on 12 (17), ANIMAL on 7 (8): the lovers in profile order.
    lover_stats = zip(("food", "plant", "animal"), elements.lovers, (18, 12, 7), (38, 17, 8), strict=True)
    for key, name, cards, icons in lover_stats:
        params = (("element", name), ("category", key))
        facts.append(CountFact("ps.profile.count.element_cards", cards, False, _carries(name), params))
        facts.append(CountFact("ps.profile.count.element_icons", icons, True, _icons(name), params))
    facts += [
        # §5: 8 cards with a pointed element and another one; 16 with exactly 2 types.
        CountFact("ps.profile.count.pointed_and_other", 8, False, _pointed_and_other),
        CountFact("ps.profile.count.two_types", 16, False, _two_types),
        # §5: 4 pointed-only cards; 19 with exactly 1 type; 5 crown-only cards.
        CountFact("ps.profile.count.pointed_only", 4, False, _pointed_only),
        CountFact("ps.profile.count.one_type", 19, False, _one_type),
        CountFact("ps.profile.count.crown_only", 5, False, _crown_only),
    ]
    return facts


def _check_count(fact: CountFact, deck: DeckProfile) -> Reason:
    unknown = len(deck.unknown_ranks)
    counted = 0
    ranks: list[int] = []
    for card in deck.cards:
        amount = fact.measure(card, deck.elements)
        if amount:
            counted += amount
            ranks.append(card.rank or 0)
    if unknown == 0:
        ok = counted == fact.expected
    elif fact.counts_icons:
        ok = counted <= fact.expected
    else:
        ok = counted <= fact.expected <= counted + unknown
    params = {**dict(fact.params), "expected": fact.expected, "counted": counted, "unknown": unknown, "ranks": ranks}
    return Reason(fact.code, "PS-2", ok, params)


# -- the checklist ----------------------------------------------------------------------------------------


def _element_classes(elements: ElementSet) -> Reason:
    """PS-1: the profile's own classes (ElementSet.from_meta refused anything but 12 types with the three lover
    types round); the split itself is the profile's reading, the default's a guess."""
    return Reason(
        "ps.profile.element_classes",
        "PS-1",
        True,
        {klass.value: list(elements.of_class(klass)) for klass in ElementClass},
    )


def _ranks_once(errors: list[RulesError]) -> Reason:
    duplicates = sorted({e.params["rank"] for e in errors if e.code == "ps.profile.rank_duplicate"})
    return Reason("ps.profile.ranks_once", "PS-2", not duplicates, {"ranks": duplicates})


def _complete(deck: DeckProfile) -> Reason:
    """PS-2: ranks 1..36, each with its elements. The only fact a partial profile fails."""
    unknown = list(deck.unknown_ranks)
    return Reason(
        "ps.profile.complete", "PS-2", not unknown, {"known": len(deck.cards), "expected": len(RANKS), "ranks": unknown}
    )


def _per_card(deck: DeckProfile) -> list[Reason]:
    """Each per-card fact of PS-2 over the whole deck, naming the ranks that break it."""
    reasons = []
    for name, fact in PER_CARD_FACTS:
        offenders = [card.rank or 0 for card in deck.cards if not fact(card, deck.elements).ok]
        reasons.append(Reason(f"ps.profile.{name}", "PS-2", not offenders, {"ranks": offenders}))
    return reasons


def _example_cards(deck: DeckProfile) -> Reason:
    """PS-2: the cards of the worked example have the types the text gives them."""
    offenders: list[int] = []
    pending: list[int] = []
    for fact in deck.partial_cards:
        card = deck.card(fact.rank)
        if card is None:
            pending.append(fact.rank)
        elif not matches_example(card, deck.elements, fact).ok:
            offenders.append(fact.rank)
    ok = bool(deck.partial_cards) and not offenders
    return Reason("ps.profile.example_cards", "PS-2", ok, {"ranks": offenders, "pending": pending})


def _example_house(deck: DeckProfile) -> Reason:
    """§4.5.1 (PS-2, PS-4): the worked example's house scores 18+24+0+8+15+48 = 113 and holds 7 types."""
    example = deck.example
    if example is None:
        return Reason("ps.profile.example_house", "PS-2", False, {"ranks": [], "pending": [], "categories": []})
    pending = [rank for rank in example.ranks if deck.card(rank) is None]
    params: dict[str, Any] = {"expected": example.total, "ranks": list(example.ranks), "pending": pending}
    if pending:
        return Reason("ps.profile.example_house", "PS-2", True, {**params, "scored": 0, "categories": []})
    house = [card for rank in example.ranks if (card := deck.card(rank)) is not None]
    breakdown = score_house(house, deck.elements)
    wrong = [key for key, points in example.points if breakdown.category(key).points != points]
    types = sorted({name for card in house for name in card.types})
    if types != sorted(example.types):
        wrong.append("types")
    return Reason(
        "ps.profile.example_house", "PS-2", not wrong, {**params, "scored": breakdown.total, "categories": wrong}
    )


def _unranked(deck: DeckProfile) -> Reason:
    """PS-2 for the cards known by their icons alone: each could be a card of the deck (every per-card fact),
    and together they fit in it (36 cards at most; no statistic of §5 exceeded)."""
    sets = [(Card(elements, None), count) for elements, count in deck.unranked]
    total = sum(count for _card, count in sets)
    bad = sorted(str(card) for card, _count in sets
                 if not all(fact(card, deck.elements).ok for _name, fact in PER_CARD_FACTS))
    over = sum(1 for fact in _count_facts(deck.elements)
               if sum(fact.measure(card, deck.elements) * count for card, count in sets) > fact.expected)
    ok = not bad and not over and total <= len(RANKS)
    return Reason("ps.profile.unranked", "PS-2", ok,
                  {"cards": total, "expected": len(RANKS), "bad": bad, "over": over})


def check_deck(deck: DeckProfile, errors: list[RulesError] | None = None) -> tuple[Reason, ...]:
    """The whole checklist for a profile already read."""
    errors = errors or []
    reasons: list[Reason] = [_element_classes(deck.elements)]
    reasons += _failures([e for e in errors if e.code != "ps.profile.rank_duplicate"])
    reasons += [_ranks_once(errors), _complete(deck)]
    reasons += _per_card(deck)
    reasons += [_check_count(fact, deck) for fact in _count_facts(deck.elements)]
    reasons += [_example_cards(deck), _example_house(deck)]
    if deck.unranked:
        reasons.append(_unranked(deck))
    return tuple(reasons)


def validate_profile(profile: Mapping[str, Any]) -> tuple[Reason, ...]:
    """Every rule-text fact (PS-1, PS-2) a complete profile must satisfy, each passing or failing."""
    deck, errors = read_profile_leniently(profile)
    if deck is None:
        return tuple(_failures(errors))
    return check_deck(deck, errors)


def validate_card(profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
    """The per-card facts for a card the profile editor is about to save; any failing one refuses it.

    ``card`` is ``{"rank": n, "elements": {NAME: count}}``; a card without elements (rank listed, elements
    unknown) passes the rank fact only.
    """
    deck, errors = read_profile_leniently(profile)
    if deck is None:
        return tuple(_failures(errors))
    if not isinstance(card, Mapping) or card.get("rank") is None:
        return (Reason("ps.profile.card_rank_missing", "PS-2", False, {}, "rank"),)
    try:
        ref = CardRef.from_json(card, "")
    except ErrorList as bad:
        return tuple(_failures(bad.errors))
    reasons = [Reason("ps.card.rank_range", "PS-2", True, {"rank": ref.rank, "low": 1, "high": 36}, "rank")]
    if ref.elements is None:
        return tuple(reasons)
    unknown = [name for name, _ in ref.elements if not deck.elements.knows(name)]
    if unknown:
        return tuple(
            Reason(
                "ps.card.unknown_element", "PS-1", False,
                {"element": name, "choices": list(deck.elements.names)}, sub_path("elements", name),
            )
            for name in unknown
        )
    resolved = Card(ref.elements, ref.rank)
    return (*reasons, *card_facts(resolved, deck.elements, deck.partial(ref.rank)))
