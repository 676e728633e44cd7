"""The JSON Schema pieces every game's referee API description is built from, so that each constraint the
platform enforces on any body (``companion.inputs.load_json``: clean text, integers of at most 15 digits) is
written once and every game's schema states it the same way.

A description is only true if what it calls valid is accepted: a contract tester (schemathesis) generates
bodies from it and expects a 2xx for every one. So objects do not leave their unknown fields open: API.md says
unknown fields are ignored, and ``UNKNOWN`` says what such a field may hold without the body being a 400.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.inputs import MAX_INT_DIGITS

LARGEST = 10 ** MAX_INT_DIGITS - 1  # a longer integer anywhere in a body is a 400 (json.number_too_large)

# Text the JSON reader takes: no C0 control character but tab, newline and carriage return, no DEL (inputs'
# BAD_TEXT_RE). Lone surrogates are refused too; JSON Schema patterns cannot name them, so the body's
# description says it.
CLEAN_TEXT = "^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$"

UNKNOWN_REF = "#/components/schemas/Unknown"
REASONS_REF = "#/components/schemas/Reasons"

# Any JSON value the platform reads: what an unknown field (ignored, API.md) may hold. Recursive; the body's
# nesting limit (32 levels) is in the body's description.
UNKNOWN: dict[str, Any] = {
    "description": "Ignored (API.md: unknown fields are ignored), but read like the rest of the body: clean text, "
                   f"integers of at most {MAX_INT_DIGITS} digits.",
    "anyOf": [
        {"type": "null"}, {"type": "boolean"},
        {"type": "integer", "minimum": -LARGEST, "maximum": LARGEST},
        {"type": "number", "not": {"type": "integer"}},
        {"type": "string", "pattern": CLEAN_TEXT},
        {"type": "array", "items": {"$ref": UNKNOWN_REF}},
        {"type": "object", "propertyNames": {"pattern": CLEAN_TEXT}, "additionalProperties": {"$ref": UNKNOWN_REF}},
    ],
}

RULE_URL: dict[str, Any] = {
    "type": "string",
    "description": "the clause `rule` leads to, as a relative URL: /rules/<slug>#<clause-id> (the clause's anchor "
                   "on the game's rules page, as the rules lookup's `url`); empty when `rule` is empty or leads to "
                   "no clause",
}
REASON: dict[str, Any] = {
    "type": "object", "required": ["code", "message", "rule", "rule_url"],
    "properties": {"code": {"type": "string", "description": "stable, whatever the language"},
                   "message": {"type": "string", "description": "in the language of Accept-Language"},
                   "rule": {"type": "string", "description": "a ruling id of RULINGS.md, or a rule-text section"},
                   "rule_url": RULE_URL},
}
REASONS: dict[str, Any] = {"type": "array", "items": REASON,
                           "description": "Why: the conditions checked, each with its code, message and rule"}


def obj(properties: Mapping[str, Any], required: Sequence[str] = (), **more: Any) -> dict[str, Any]:
    """A request body: its fields, the required ones, and unknown fields as ``UNKNOWN`` (ignored)."""
    schema: dict[str, Any] = {"type": "object", "properties": dict(properties),
                              "propertyNames": {"pattern": CLEAN_TEXT},
                              "additionalProperties": {"$ref": UNKNOWN_REF}}
    if required:
        schema["required"] = list(required)
    schema.update(more)
    return schema


def part(properties: Mapping[str, Any], required: Sequence[str] = (), **more: Any) -> dict[str, Any]:
    """An object inside a body (a card, a seat): only its own fields are described. The server ignores others
    there too, but a description that invited them everywhere would make every generated body huge (each card
    carrying arbitrary JSON), so it describes the requests clients send."""
    schema: dict[str, Any] = {"type": "object", "properties": dict(properties), "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    schema.update(more)
    return schema


def integer(low: int = -LARGEST, high: int = LARGEST, **more: Any) -> dict[str, Any]:
    """An integer in low..high inclusive (never beyond the 15 digits the reader takes)."""
    return {"type": "integer", "minimum": max(low, -LARGEST), "maximum": min(high, LARGEST), **more}


def one_of(values: Iterable[Any], **more: Any) -> dict[str, Any]:
    return {"enum": list(values), **more}


def ref(target: str) -> dict[str, Any]:
    return {"$ref": target}
