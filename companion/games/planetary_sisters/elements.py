"""Element types and their classes (PS-1, rule text §3.1).

The scoring never names an element: it asks an ``ElementSet`` (built from the deck profile) which class a
name belongs to, and which three round elements are the food, plant and animal lovers (the first three of the
profile's order). How the other nine types fall into classes is the profile's word (PS-1).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..base import ErrorList, ParseError


class ElementClass(StrEnum):
    """§3.1: 丸形 round, 尖頭 pointed, 冠頭 crown."""

    ROUND = "round"
    POINTED = "pointed"
    CROWN = "crown"


# PS-1: 12 types, and the first three (FOOD, PLANT, ANIMAL: the lovers of PS-3) are round. Nothing else is fixed:
# which class the other nine types belong to, and so how many each class has, is not in the rule text. The
# default profile's 3 round / 4 pointed / 5 crown split (DEFAULT_ELEMENTS) is a guess, not a rule; facts that
# depend on the split are checked against each profile's own classes.
ELEMENT_TYPES = 12
LOVER_TYPES = 3

DEFAULT_ELEMENTS: tuple[tuple[str, ElementClass], ...] = (  # PS-1: the default profile's guess
    ("FOOD", ElementClass.ROUND),
    ("PLANT", ElementClass.ROUND),
    ("ANIMAL", ElementClass.ROUND),
    ("POLE", ElementClass.POINTED),
    ("SWORD", ElementClass.POINTED),
    ("POINTED_3", ElementClass.POINTED),
    ("POINTED_4", ElementClass.POINTED),
    ("PAGE", ElementClass.CROWN),
    ("KING", ElementClass.CROWN),
    ("CROWN_3", ElementClass.CROWN),
    ("CROWN_4", ElementClass.CROWN),
    ("CROWN_5", ElementClass.CROWN),
)

# A name must survive the card notation (``30:FOOD*2+PLANT``): no blanks, none of its separators, and not
# all digits (a bare number is a rank). Any script is fine: a user may rename KING to 王.
_NAME = re.compile(r"[^\s+*:@\[\]{},=\"']+")


def is_valid_element_name(name: object) -> bool:
    return isinstance(name, str) and _NAME.fullmatch(name) is not None and not name.isdigit()


@dataclass(frozen=True)
class ElementSet:
    """The profile's element names in order, each with its class (PS-1)."""

    names: tuple[str, ...]
    classes: tuple[ElementClass, ...]
    _class_of: Mapping[str, ElementClass] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_class_of", MappingProxyType(dict(zip(self.names, self.classes, strict=True))))

    @classmethod
    def default(cls) -> ElementSet:
        return cls(tuple(n for n, _ in DEFAULT_ELEMENTS), tuple(c for _, c in DEFAULT_ELEMENTS))

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any]) -> ElementSet:
        """Read ``meta.elements`` (ordered names) and ``meta.element_classes`` (name -> class).

        Raises ErrorList of ParseError naming every problem. PS-1 fixes only that there are 12 types and
        that the first three (the food, plant and animal lovers of PS-3) are round; any other type may be in
        any class.
        """
        names = meta.get("elements")
        classes = meta.get("element_classes")
        errors: list[ParseError] = []
        if not isinstance(names, list) or not names:
            errors.append(ParseError("ps.profile.elements_missing", "PS-1", "meta.elements"))
        if not isinstance(classes, Mapping):
            errors.append(ParseError("ps.profile.element_classes_missing", "PS-1", "meta.element_classes"))
        if errors:
            raise ErrorList(errors)
        assert isinstance(names, list) and isinstance(classes, Mapping)
        seen: set[str] = set()
        parsed: list[ElementClass] = []
        for index, name in enumerate(names):
            path = f"meta.elements[{index}]"
            if not is_valid_element_name(name):
                errors.append(ParseError("ps.profile.element_name_invalid", "PS-1", path, name=str(name)))
                continue
            if name in seen:
                errors.append(ParseError("ps.profile.element_name_duplicate", "PS-1", path, name=name))
                continue
            seen.add(name)
            value = classes.get(name)
            if isinstance(value, str) and value in {c.value for c in ElementClass}:
                parsed.append(ElementClass(value))
            else:
                errors.append(
                    ParseError(
                        "ps.profile.element_class_invalid",
                        "PS-1",
                        f"meta.element_classes.{name}",
                        name=name,
                        value=str(classes.get(name)),
                        choices=[c.value for c in ElementClass],
                    )
                )
        for name in classes:
            if name not in seen and is_valid_element_name(name):
                errors.append(
                    ParseError("ps.profile.element_class_unlisted", "PS-1", f"meta.element_classes.{name}", name=name)
                )
        if not errors:
            if len(parsed) != ELEMENT_TYPES:
                errors.append(ParseError("ps.profile.element_count", "PS-1", "meta.elements",
                                         expected=ELEMENT_TYPES, counted=len(parsed)))
            for index, (name, klass) in enumerate(zip(names[:LOVER_TYPES], parsed, strict=False)):
                if klass is not ElementClass.ROUND:
                    errors.append(ParseError("ps.profile.lover_not_round", "PS-1", f"meta.element_classes.{name}",
                                             name=name, position=index + 1, element_class=klass.value))
        if errors:
            raise ErrorList(errors)
        return cls(tuple(names), tuple(parsed))

    def class_of(self, name: str) -> ElementClass:
        return self._class_of[name]

    def knows(self, name: str) -> bool:
        return name in self._class_of

    def of_class(self, klass: ElementClass) -> tuple[str, ...]:
        """Names of one class, in profile order."""
        return tuple(n for n, c in zip(self.names, self.classes, strict=True) if c is klass)

    @property
    def lovers(self) -> tuple[str, ...]:
        """PS-1/PS-3: the first three elements in profile order (round, checked on reading) are the food, plant
        and animal lovers; a profile may make another type round too, it is no lover."""
        return self.names[:LOVER_TYPES]
