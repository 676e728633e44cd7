"""Fields a call's description does not allow inside the body's objects: refused (422), so what the description
calls invalid the server refuses too.

At the top level a body may carry unknown fields (ignored, API.md; ``api_schema.obj``), but inside, a card or a
seat is described with only its own fields (``api_schema.part``: ``additionalProperties: false``). The server used
to ignore extra fields there as well, so a contract tester found schema-violating bodies accepted. This reads
the body against the call's schema for that one rule. Where the schema offers alternatives (anyOf/oneOf), a field
is refused only when every alternative the value could be refuses it: the check never refuses a body the
description allows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Resolve = Callable[[str], Mapping[str, Any]]

_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,), "array": (list,), "string": (str,), "boolean": (bool,), "null": (type(None),),
    "integer": (int,), "number": (int, float),
}


def unknown_fields(value: Any, schema: Mapping[str, Any], resolve: Resolve, path: str = "") -> list[str]:
    """The paths (``seats.0.bonus``) of fields inside ``value`` that ``schema`` does not allow."""
    schema = _resolved(schema, resolve)
    found: list[str] = []
    for key in ("anyOf", "oneOf"):
        if key in schema:
            branches = [b for b in (_resolved(b, resolve) for b in schema[key]) if _may_be(value, b, resolve)]
            results = [unknown_fields(value, b, resolve, path) for b in branches]
            if results and all(results):
                found.extend(results[0])
    for branch in schema.get("allOf", ()):
        found.extend(unknown_fields(value, branch, resolve, path))
    if isinstance(value, dict) and ("properties" in schema or "additionalProperties" in schema):
        properties: Mapping[str, Any] = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for name, item in value.items():
            where = f"{path}.{name}" if path else str(name)
            if name in properties:
                found.extend(unknown_fields(item, properties[name], resolve, where))
            elif extra is False:
                found.append(where)
            elif isinstance(extra, Mapping):
                found.extend(unknown_fields(item, extra, resolve, where))
    if isinstance(value, list) and isinstance(schema.get("items"), Mapping):
        for index, item in enumerate(value):
            found.extend(unknown_fields(item, schema["items"], resolve, f"{path}.{index}" if path else str(index)))
    return found


def _resolved(schema: Mapping[str, Any], resolve: Resolve) -> Mapping[str, Any]:
    seen = 0
    while "$ref" in schema and seen < 32:
        schema = resolve(str(schema["$ref"]))
        seen += 1
    return schema


def _may_be(value: Any, schema: Mapping[str, Any], resolve: Resolve) -> bool:
    """Whether ``value`` could be what ``schema`` describes, judged by its type, const and enum only."""
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if isinstance(value, bool) and "boolean" not in kinds:
            return False
        if not any(isinstance(value, _TYPES.get(k, ())) for k in kinds):
            return False
    elif "properties" in schema and not isinstance(value, dict):
        return False
    if "const" in schema and value != schema["const"]:
        return False
    if "enum" in schema and value not in schema["enum"]:
        return False
    if isinstance(value, dict):  # a const or enum on a property names which alternative this is
        for name, item in schema.get("properties", {}).items():
            item = _resolved(item, resolve)
            if name in value and (("const" in item and value[name] != item["const"])
                                  or ("enum" in item and value[name] not in item["enum"])):
                return False
        if any(name not in value for name in schema.get("required", ())):
            return False
    return True
