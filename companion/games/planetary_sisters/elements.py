"""Element types and their classes (PS-1, rule text §3.1).

The scoring never names an element: it asks an ``ElementSet`` (built from the deck profile) which class a
name belongs to, and which three round elements are the food, plant and animal lovers (profile order).
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


# PS-1: 12 types, 3 round, 4 pointed, 5 crown (the 3/4/5 split is inferred from §5).
CLASS_SIZES: Mapping[ElementClass, int] = MappingProxyType(
    {ElementClass.ROUND: 3, ElementClass.POINTED: 4, ElementClass.CROWN: 5}
)
ELEMENT_TYPES = 12

DEFAULT_ELEMENTS: tuple[tuple[str, ElementClass], ...] = (
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

        Raises ErrorList of ParseError naming every problem; the class sizes of PS-1 are checked here too,
        because the scoring needs exactly three round elements for its three lover categories.
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
            for klass, size in CLASS_SIZES.items():
                counted = parsed.count(klass)
                if counted != size:
                    errors.append(
                        ParseError(
                            "ps.profile.class_size",
                            "PS-1",
                            "meta.element_classes",
                            element_class=klass.value,
                            expected=size,
                            counted=counted,
                        )
                    )
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
        """PS-3: the round elements in profile order are the food, plant and animal lovers."""
        return self.of_class(ElementClass.ROUND)
