"""The OpenAPI description of the referee API (``GET /api/v1/openapi.json``), built from every registered game's
ApiRoutes: each game's package states its own request and answer schemas; this module adds what the platform
enforces for every call (the body rules, the 400/405/413/422 answers with the error schema)."""

from __future__ import annotations

from typing import Any

from companion.inputs import MAX_DEPTH, MAX_INT_DIGITS
from companion.web.api.scan import scan_paths
from companion.web.api.schema import REASONS, RULE_URL, UNKNOWN
from companion.web.gameweb import ApiRoute
from companion.web.registered import registered
from companion.web.rules.openapi import rules_paths

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["errors"],
    "properties": {"errors": {"type": "array", "minItems": 1, "items": {
        "type": "object", "required": ["path", "code", "message", "rule", "rule_url"],
        "properties": {**{k: {"type": "string"} for k in ("path", "code", "message", "rule")}, "rule_url": RULE_URL},
    }}},
}

BODY_RULES = (f"A JSON object of at most 1 MiB, nested at most {MAX_DEPTH} levels; integers have at most "
              f"{MAX_INT_DIGITS} digits; a number with no fractional part is an integer however it is written "
              "(2, 2.0 and 2e0 alike, as JSON Schema reads them); strings and keys hold no lone surrogates, NUL or "
              "other control characters "
              "(tab, newline and carriage return aside). A body that breaks these is a 400; one the game cannot "
              "use is a 422 listing every problem. Unknown fields are ignored.")

ACCEPT_LANGUAGE: dict[str, Any] = {
    "name": "Accept-Language", "in": "header", "required": False,
    # Any header a browser sends is read; the messages come in ja or en (any other language: en).
    "schema": {"type": "string"},
    "description": "The language of every message: ja or en (the default, and for any other language)",
}


def _error(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}


def operation(slug: str, route: ApiRoute) -> dict[str, Any]:
    """One call's description, from its ApiRoute (a game's schemas plug in as they are) and what the platform
    enforces for every call: the body limit, JSON rules, the error answers."""
    return {
        "summary": route.summary,
        "operationId": f"{slug.replace('-', '_')}_{route.action}",
        "parameters": [ACCEPT_LANGUAGE],
        "requestBody": {"required": True, "description": BODY_RULES, "content": {"application/json": {
            "schema": dict(route.request_schema) or {"type": "object"}}}},
        "responses": {
            "200": {"description": "The answer (a ruling with legal false is a 200 too)",
                    "content": {"application/json": {"schema": dict(route.response_schema) or {"type": "object"}}}},
            "400": _error("Not JSON, or JSON this API does not read (see the body's description)"),
            "405": {"description": "Only POST; the Allow header says so",
                    "headers": {"Allow": {"required": True, "schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}},
            "413": _error("Body larger than 1 MiB"),
            "422": _error("Every problem found in the body, each with its path, code and rule: the schema's "
                          "constraints, and the ones across fields that its descriptions state in words"),
        },
    }


def openapi_document() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {"Errors": ERROR_SCHEMA, "Unknown": UNKNOWN, "Reasons": REASONS}
    for slug, entry in sorted(registered().items()):
        for route in entry.web.api:
            paths[f"/api/v1/{slug}/{route.action}"] = {"post": operation(slug, route)}
            schemas.update(route.schemas)
    paths.update(scan_paths(ACCEPT_LANGUAGE, _error))  # POST /api/v1/<slug>/scan (API.md, "Cards from a photo")
    rules, rules_schemas = rules_paths(ACCEPT_LANGUAGE)  # GET /api/v1/<slug>/rules (API.md, "Rules lookup")
    for path, item in rules.items():
        paths.setdefault(path, {}).update(item)
    schemas.update(rules_schemas)
    return {
        "openapi": "3.1.0",
        "info": {"title": "companion referee API", "version": "1",
                 "description": "Stateless scoring and rulings for the games the companion knows. "
                                "Messages follow Accept-Language (en, ja); codes and rule ids do not."},
        "paths": paths,
        "components": {"schemas": schemas},
    }
