"""Sister cards and their notation.

A ``CardRef`` is what a player entered: a rank (§3: 序列, 1..36), an element count mapping, or both. A
``Card`` is what scoring needs: its elements, always, and its rank when known. A profile turns a rank-only
reference into a card (see ``profile.DeckProfile.resolve``).

Notation, which round-trips (``parse(str(x)) == x``):
    ``30``                 a rank alone (a CardRef only)
    ``FOOD*2+PLANT``       elements alone: a name, then ``*count`` when the count is not 1
    ``30:FOOD*2+PLANT``    both
Element names are listed in sorted order, so equal cards print alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import ErrorList, ParseError, is_plain_number
from .elements import is_valid_element_name

RANKS = range(1, 37)  # §3: 36 cards, ranks 1..36 without repeats (PS-2)

Elements = tuple[tuple[str, int], ...]


def elements_of(counts: Mapping[str, int]) -> Elements:
    """The canonical, hashable form of an element count mapping (sorted by name)."""
    return tuple(sorted(counts.items()))


def format_elements(elements: Elements) -> str:
    return "+".join(name if count == 1 else f"{name}*{count}" for name, count in elements)


def parse_elements(text: str) -> Elements:
    """``FOOD*2+PLANT`` -> (("FOOD", 2), ("PLANT", 1)); raises ParseError."""
    counts: dict[str, int] = {}
    for part in text.split("+"):
        name, star, count_text = part.partition("*")
        if not is_valid_element_name(name):
            raise ParseError("ps.card.notation", "§3", text=text)
        if star:
            if not is_plain_number(count_text) or int(count_text) < 1 or count_text != str(int(count_text)):
                raise ParseError("ps.card.notation", "§3", text=text)
            count = int(count_text)
        else:
            count = 1
        if name in counts:
            raise ParseError("ps.card.notation", "§3", text=text)
        counts[name] = count
    return elements_of(counts)


def _parse_rank(text: str, whole: str) -> int:
    if not is_plain_number(text) or text != str(int(text)):
        raise ParseError("ps.card.notation", "§3", text=whole)
    return int(text)


@dataclass(frozen=True)
class Card:
    """A card with its elements (icon count per element name) and, when known, its rank."""

    elements: Elements
    rank: int | None = None

    @classmethod
    def of(cls, counts: Mapping[str, int], rank: int | None = None) -> Card:
        return cls(elements_of(counts), rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        ref = CardRef.parse(text)
        if ref.elements is None:
            raise ParseError("ps.card.notation", "§3", text=text)
        return cls(ref.elements, ref.rank)

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.elements)

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.elements)

    def count(self, name: str) -> int:
        for element, count in self.elements:
            if element == name:
                return count
        return 0

    @property
    def ref(self) -> CardRef:
        return CardRef(self.rank, self.elements)

    def to_json(self) -> dict[str, Any]:
        return self.ref.to_json()

    def __str__(self) -> str:
        return str(self.ref)


@dataclass(frozen=True)
class CardRef:
    """A card as a player entered it: by rank, by elements, or both (at least one)."""

    rank: int | None = None
    elements: Elements | None = None

    def __post_init__(self) -> None:
        if self.rank is None and self.elements is None:
            raise ParseError("ps.card.empty_ref", "§3")

    @classmethod
    def parse(cls, text: str) -> CardRef:
        if not isinstance(text, str) or not text:
            raise ParseError("ps.card.notation", "§3", text=str(text))
        if text.isdigit():
            return cls(_parse_rank(text, text), None)
        rank_text, colon, rest = text.partition(":")
        if colon:
            return cls(_parse_rank(rank_text, text), parse_elements(rest) if rest else ())
        return cls(None, parse_elements(text))

    @classmethod
    def from_json(cls, data: Any, path: str) -> CardRef:
        """``{"rank": 30}``, ``{"elements": {"FOOD": 2}}`` or both; raises ErrorList naming every problem.

        Element names are checked for syntax only here; whether the profile knows them is the resolver's job.
        """
        if not isinstance(data, Mapping):
            raise ErrorList([ParseError("ps.card.not_object", "§3", path, got=type(data).__name__)])
        errors: list[ParseError] = []
        rank = data.get("rank")
        raw_elements = data.get("elements")
        if rank is None and raw_elements is None:
            errors.append(ParseError("ps.card.missing", "§3", path, fields=["rank", "elements"]))
        if rank is not None:
            if not _is_int(rank):
                errors.append(ParseError("ps.card.rank_type", "PS-2", f"{path}.rank", got=type(rank).__name__))
            elif rank not in RANKS:
                errors.append(ParseError("ps.card.rank_range", "PS-2", f"{path}.rank", rank=rank, low=1, high=36))
        elements: Elements | None = None
        if raw_elements is not None:
            if not isinstance(raw_elements, Mapping):
                errors.append(
                    ParseError("ps.card.elements_type", "§3", f"{path}.elements", got=type(raw_elements).__name__)
                )
            else:
                counts: dict[str, int] = {}
                for name, count in raw_elements.items():
                    where = f"{path}.elements.{name}"
                    if not is_valid_element_name(name):
                        errors.append(ParseError("ps.card.unknown_element", "PS-1", where, element=str(name)))
                    elif not _is_int(count):
                        errors.append(ParseError("ps.card.count_type", "§3.1", where, element=name))
                    elif count < 1:
                        errors.append(ParseError("ps.card.count_range", "§3.1", where, element=name, count=count))
                    else:
                        counts[name] = count
                elements = elements_of(counts)
        if errors:
            raise ErrorList(errors)
        return cls(rank, elements)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.rank is not None:
            data["rank"] = self.rank
        if self.elements is not None:
            data["elements"] = dict(self.elements)
        return data

    def __str__(self) -> str:
        if self.elements is None:
            return str(self.rank)
        if self.rank is None:
            return format_elements(self.elements)
        return f"{self.rank}:{format_elements(self.elements)}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
