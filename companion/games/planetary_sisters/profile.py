"""Deck profiles: what a physical copy's cards carry (PS-1, PS-2).

A profile is the dict of companion/profiles/planetary_sisters/default.toml (or a user's copy):
``meta.elements`` / ``meta.element_classes`` (PS-1), ``meta.example`` and ``meta.partial_cards`` (what the
rule text's worked example tells, PS-2), ``meta.unranked``: cards known by their icons alone
(``{elements = {...}, count = n}``: at least n cards of the deck carry these icons), which the scoring page
remembers from a game entered without ranks (PS-2: scoring takes cards by their elements, a rank only looks
them up), and ``cards``: one table per rank, with ``elements`` once known.
``read_profile`` turns it into a ``DeckProfile`` or raises ErrorList naming every structural problem; the
rule-text facts a complete profile must satisfy are checked by ``facts.validate_profile``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .cards import RANKS, Card, CardRef, Elements, elements_of
from .elements import ElementClass, ElementSet, is_valid_element_name
from .score import CATEGORY_KEYS


@dataclass(frozen=True)
class PartialCard:
    """PS-2: what the worked example (§4.5.1) tells about one card, icon counts mostly unknown.

    ``round``: exactly these round types; ``pointed`` / ``crown``: how many types of that class (which one is
    not told); ``counts``: the icon counts the text does give.
    """

    rank: int
    round: tuple[str, ...]
    pointed: int
    crown: int
    counts: Elements = ()

    def describe(self) -> dict[str, Any]:
        """JSON-friendly message params."""
        return {
            "rank": self.rank,
            "round": list(self.round),
            "pointed": self.pointed,
            "crown": self.crown,
            "counts": [f"{name}*{count}" for name, count in self.counts],
        }


@dataclass(frozen=True)
class ExampleHouse:
    """§4.5.1's worked example house: its ranks, the element types it holds and its points per category."""

    ranks: tuple[int, ...]
    types: tuple[str, ...]
    points: tuple[tuple[str, int], ...]  # category key -> points, in CATEGORY_KEYS order

    @property
    def total(self) -> int:
        return sum(p for _, p in self.points)


@dataclass(frozen=True)
class DeckProfile:
    """A profile read and checked for shape: element classes, the known cards, the example facts."""

    id: str
    elements: ElementSet
    listed_ranks: tuple[int, ...]  # every rank the profile lists, known or not
    cards: tuple[Card, ...]  # the cards whose elements are known, by rank
    partial_cards: tuple[PartialCard, ...] = ()
    example: ExampleHouse | None = None
    # cards known by their icons alone: each set of icons once, with how many cards carry it (at least)
    unranked: tuple[tuple[Elements, int], ...] = ()
    _by_rank: Mapping[int, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_rank", MappingProxyType({c.rank: c for c in self.cards}))

    def card(self, rank: int) -> Card | None:
        """The card of this rank, or None when the profile does not know its elements."""
        return self._by_rank.get(rank)

    def partial(self, rank: int | None) -> PartialCard | None:
        for fact in self.partial_cards:
            if fact.rank == rank:
                return fact
        return None

    @property
    def unknown_ranks(self) -> tuple[int, ...]:
        return tuple(r for r in RANKS if r not in self._by_rank)


def read_profile(profile: Mapping[str, Any]) -> DeckProfile:
    """Profile dict -> DeckProfile; raises ErrorList (ParseError / ImpossibleState) listing every problem."""
    deck, errors = read_profile_leniently(profile)
    if errors or deck is None:
        raise ErrorList(errors)
    return deck


def read_profile_leniently(profile: Mapping[str, Any]) -> tuple[DeckProfile | None, list[RulesError]]:
    """The profile without the entries that do not parse, and the problems found.

    None when the element classes themselves are broken (nothing else can be read without them).
    """
    if not isinstance(profile, Mapping):
        return None, [ParseError("ps.profile.not_table", "PS-1", "")]
    meta = profile.get("meta", {})
    if not isinstance(meta, Mapping):
        return None, [ParseError("ps.profile.meta_not_table", "PS-1", "meta")]
    try:
        elements = ElementSet.from_meta(meta)
    except ErrorList as broken:
        return None, list(broken.errors)
    errors: list[RulesError] = []
    listed, cards = _read_cards(profile.get("cards", []), elements, errors)
    partial = _read_partial_cards(meta.get("partial_cards", []), elements, errors)
    example = _read_example(meta.get("example"), elements, errors)
    unranked = _read_unranked(meta.get("unranked", []), elements, errors)
    deck = DeckProfile(str(profile.get("id", "")), elements, listed, cards, partial, example, unranked)
    return deck, errors


def _read_cards(
    raw: Any, elements: ElementSet, errors: list[RulesError]
) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    if not isinstance(raw, list):
        errors.append(ParseError("ps.profile.cards_not_list", "PS-2", "cards"))
        return (), ()
    first_seen: dict[int, str] = {}
    listed: list[int] = []
    cards: list[Card] = []
    for index, entry in enumerate(raw):
        path = f"cards[{index}]"
        if isinstance(entry, Mapping) and entry.get("rank") is None:
            errors.append(ParseError("ps.profile.card_rank_missing", "PS-2", f"{path}.rank"))
            continue
        try:
            ref = CardRef.from_json(entry, path)
        except ErrorList as bad:
            errors.extend(bad.errors)
            continue
        assert ref.rank is not None
        if ref.rank in first_seen:
            errors.append(
                ImpossibleState(
                    "ps.profile.rank_duplicate", "PS-2", f"{path}.rank", rank=ref.rank, first=first_seen[ref.rank]
                )
            )
            continue
        first_seen[ref.rank] = path
        listed.append(ref.rank)
        if ref.elements is None:
            continue
        unknown = [name for name, _ in ref.elements if not elements.knows(name)]
        if unknown:
            errors.extend(
                ParseError("ps.card.unknown_element", "PS-1", f"{path}.elements.{name}", element=name)
                for name in unknown
            )
            continue
        cards.append(Card(ref.elements, ref.rank))
    cards.sort(key=lambda c: c.rank or 0)
    return tuple(listed), tuple(cards)


def _read_unranked(raw: Any, elements: ElementSet, errors: list[RulesError]) -> tuple[tuple[Elements, int], ...]:
    """``meta.unranked``: each entry's icons and count (1..36); the same icons listed twice add up. A deck has 36
    cards, so a list of more entries is refused whole (an imported file never makes the checklist slow)."""
    if not isinstance(raw, list) or len(raw) > len(RANKS):
        errors.append(ParseError("ps.profile.unranked_invalid", "PS-2", "meta.unranked"))
        return ()
    counts: dict[Elements, int] = {}
    for index, entry in enumerate(raw):
        path = f"meta.unranked[{index}]"
        count = entry.get("count") if isinstance(entry, Mapping) else None
        readable = isinstance(entry, Mapping) and "rank" not in entry  # a card with a rank belongs in ``cards``
        if not readable or not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= len(RANKS):
            errors.append(ParseError("ps.profile.unranked_invalid", "PS-2", path))
            continue
        try:
            ref = CardRef.from_json({"elements": entry.get("elements")}, path)
        except ErrorList as bad:
            errors.extend(bad.errors)
            continue
        if not ref.elements:
            errors.append(ParseError("ps.profile.unranked_invalid", "PS-2", f"{path}.elements"))
            continue
        unknown = [name for name, _ in ref.elements if not elements.knows(name)]
        if unknown:
            errors.extend(ParseError("ps.card.unknown_element", "PS-1", f"{path}.elements.{name}", element=name)
                          for name in unknown)
            continue
        counts[ref.elements] = counts.get(ref.elements, 0) + count
    return tuple(counts.items())


def _read_partial_cards(raw: Any, elements: ElementSet, errors: list[RulesError]) -> tuple[PartialCard, ...]:
    if not isinstance(raw, list):
        errors.append(ParseError("ps.profile.meta_invalid", "PS-2", "meta.partial_cards"))
        return ()
    facts: list[PartialCard] = []
    round_names = set(elements.of_class(ElementClass.ROUND))
    for index, entry in enumerate(raw):
        path = f"meta.partial_cards[{index}]"
        try:
            if not isinstance(entry, Mapping):
                raise ValueError
            rank, pointed, crown = entry["rank"], entry.get("pointed", 0), entry.get("crown", 0)
            rounds = entry.get("round", [])
            counts = entry.get("counts", {})
            if not (
                _is_int(rank) and rank in RANKS and _is_int(pointed) and _is_int(crown)
                and isinstance(rounds, list) and all(name in round_names for name in rounds)
                and isinstance(counts, Mapping)
                and all(elements.knows(n) and _is_int(c) and c >= 1 for n, c in counts.items())
            ):
                raise ValueError
        except (KeyError, ValueError, TypeError):
            errors.append(ParseError("ps.profile.meta_invalid", "PS-2", path))
            continue
        facts.append(PartialCard(rank, tuple(rounds), pointed, crown, elements_of(counts)))
    return tuple(facts)


def _read_example(raw: Any, elements: ElementSet, errors: list[RulesError]) -> ExampleHouse | None:
    if raw is None:
        return None
    try:
        if not isinstance(raw, Mapping):
            raise ValueError
        ranks, types, points = raw["house"], raw["types"], raw["points"]
        if not (
            isinstance(ranks, list) and all(_is_int(r) and r in RANKS for r in ranks)
            and isinstance(types, list) and all(isinstance(t, str) and elements.knows(t) for t in types)
            and isinstance(points, Mapping) and set(points) == set(CATEGORY_KEYS)
            and all(_is_int(p) for p in points.values())
        ):
            raise ValueError
    except (KeyError, ValueError, TypeError):
        errors.append(ParseError("ps.profile.meta_invalid", "PS-2", "meta.example"))
        return None
    return ExampleHouse(tuple(ranks), tuple(types), tuple((key, points[key]) for key in CATEGORY_KEYS))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def rename_element(profile: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A copy of the profile with one element renamed everywhere it appears (PS-1: names are the user's).

    Raises ParseError when ``old`` is not an element of the profile or ``new`` is not a usable new name.
    """
    meta = profile.get("meta", {})
    names = list(meta.get("elements", []))
    if old not in names:
        raise ParseError("ps.profile.rename_unknown", "PS-1", "meta.elements", element=old)
    if not is_valid_element_name(new) or new in names:
        raise ParseError("ps.profile.rename_invalid", "PS-1", "meta.elements", element=old, name=str(new))

    def swap(name: str) -> str:
        return new if name == old else name

    def swap_keys(counts: Mapping[str, Any]) -> dict[str, Any]:
        return {swap(k): v for k, v in counts.items()}

    renamed: dict[str, Any] = copy.deepcopy(dict(profile))
    new_meta = renamed["meta"]
    new_meta["elements"] = [swap(n) for n in names]
    if isinstance(new_meta.get("element_classes"), Mapping):
        new_meta["element_classes"] = swap_keys(new_meta["element_classes"])
    for card in _list(renamed.get("cards")):
        if isinstance(card, dict) and isinstance(card.get("elements"), Mapping):
            card["elements"] = swap_keys(card["elements"])
    for fact in _list(new_meta.get("partial_cards")):
        if isinstance(fact, dict):
            if isinstance(fact.get("round"), list):
                fact["round"] = [swap(n) for n in fact["round"]]
            if isinstance(fact.get("counts"), Mapping):
                fact["counts"] = swap_keys(fact["counts"])
    example = new_meta.get("example")
    if isinstance(example, dict) and isinstance(example.get("types"), list):
        example["types"] = [swap(n) for n in example["types"]]
    for entry in _list(new_meta.get("unranked")):
        if isinstance(entry, dict) and isinstance(entry.get("elements"), Mapping):
            entry["elements"] = swap_keys(entry["elements"])
    return renamed


def _list(value: Any) -> list[Any]:
    """A list in a profile as given; anything else (a hand-edited file) as empty, so a rename never fails on it."""
    return value if isinstance(value, list) else []
