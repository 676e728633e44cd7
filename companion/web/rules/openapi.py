"""The rules lookup's part of the OpenAPI description (companion/web/api/openapi.py adds it to the document)."""

from __future__ import annotations

from typing import Any

from ...i18n import LANGUAGES
from ...rulebook import rulebooks
from ...rulebook.search import MAX_QUERY
from .model import LIMIT, LOOKUP_METHODS, NOT_BLANK

CLAUSE: dict[str, Any] = {
    "type": "object", "required": ["id", "title", "text", "section", "rulings", "url"],
    "properties": {
        "id": {"type": "string", "description": "the clause's stable id: its anchor on the game's rules page"},
        "title": {"type": "string"},
        "text": {"type": "string", "description": "the clause in the project's own words (lines; list items "
                                                  "start with '- ')"},
        "section": {"type": "string", "description": "the part of the rule text the clause restates"},
        "rulings": {"type": "array", "items": {"type": "string", "pattern": "^[A-Z]{2}-[0-9]+$"},
                    "description": "the RULINGS ids the clause concerns (possibly none)"},
        "url": {"type": "string", "description": "opens the clause on the game's rules page"},
    },
}
ANSWER: dict[str, Any] = {
    "type": "object", "required": ["game", "query", "clauses"],
    "properties": {"game": {"type": "string"}, "query": {"type": "string"},
                   "clauses": {"type": "array", "maxItems": LIMIT, "items": {"$ref": "#/components/schemas/Clause"},
                               "description": "best first"}},
}


def _errors(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}}


def lookup_operation(slug: str, accept_language: dict[str, Any]) -> dict[str, Any]:
    return {
        "summary": "The rules clauses that best answer a question typed in Japanese or English",
        "operationId": f"{slug.replace('-', '_')}_rules",
        "parameters": [
            {"name": "q", "in": "query", "required": True,
             "description": f"The question: 1 to {MAX_QUERY} characters, not only spaces, Japanese or English",
             "schema": {"type": "string", "minLength": 1, "maxLength": MAX_QUERY,
                        "pattern": NOT_BLANK}},
            {"name": "lang", "in": "query", "required": False,
             "description": "The language of the answer's texts (default: Accept-Language, else en)",
             "schema": {"type": "string", "enum": list(LANGUAGES)}},
            accept_language,
        ],
        "responses": {
            "200": {"description": f"At most {LIMIT} clauses, best first",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RulesAnswer"}}}},
            "405": {"description": f"Only {LOOKUP_METHODS}; the Allow header says so",
                    "headers": {"Allow": {"required": True, "schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}},
            "422": _errors("An empty, missing or over-long q, or an unknown lang"),
        },
    }


def rules_paths(accept_language: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(paths, schemas) of the rules lookup, one path per game with a rulebook."""
    paths = {f"/api/v1/{slug}/rules": {"get": lookup_operation(slug, accept_language)}
             for slug in sorted(rulebooks())}
    return paths, {"Clause": CLAUSE, "RulesAnswer": ANSWER}
