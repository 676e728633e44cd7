"""The rules lookup of the referee API (../shared/API.md, "Rules lookup"):

    GET /api/v1/<slug>/rules?q=<text>&lang=ja|en

The game's clauses that best answer a question typed in Japanese or English, best first, at most 5. ``lang`` is
the answer texts' language (default: Accept-Language, else en); an empty, missing or over-long ``q`` or an unknown
``lang`` is a 422 with the error schema, an unknown game a 404. The API's blueprint routes it
(companion.web.api.routes), so it is stateless like every API call (no session, no cookie).
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from companion.web.api.problems import error_response, problem

from ...i18n import LANGUAGES, language
from ...rulebook import rulebook
from ...rulebook.search import MAX_QUERY
from .model import LIMIT, LOOKUP_METHODS, answer, plain_text, read_query


def lookup(slug: str) -> Response:
    book = rulebook(slug)
    if book is None:
        return error_response(404, [problem("request.not_found")])
    errors = []
    query, code = read_query(request.args.get("q"))
    if code:
        errors.append(problem(code, "q", params={"limit": MAX_QUERY}))
    asked = request.args.get("lang")  # absent: the phone's language; present, it must name one (empty does not)
    lang = asked if asked is not None else language()
    if lang not in LANGUAGES:
        errors.append(problem("rules.lang_unknown", "lang", params={"lang": lang[:20]}))
    if errors:
        return error_response(422, errors)
    clauses: list[dict[str, Any]] = [
        {"id": clause.id, "title": clause.in_lang("title", lang), "text": plain_text(clause, lang),
         "section": clause.in_lang("section", lang), "rulings": list(clause.rulings), "url": view.anchor_url}
        for clause, view in answer(book, query, lang, LIMIT)
    ]
    response = jsonify({"game": book.slug, "query": query, "clauses": clauses})
    response.vary.add("Accept-Language")
    return response


def wrong_method(slug: str) -> Response:
    """The lookup is a GET: any other method is a 405 naming the methods it takes (as every call's is)."""
    response = error_response(405, [problem("rules.method")])
    response.headers["Allow"] = LOOKUP_METHODS
    return response


def options(slug: str) -> Response:
    """What the address takes: the lookup's methods only (Flask's own answer would list every method routed
    here, the refused ones too)."""
    response = Response(status=204)
    response.headers["Allow"] = f"{LOOKUP_METHODS}, OPTIONS"
    return response
