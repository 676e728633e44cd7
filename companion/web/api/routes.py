"""The referee API, version 1 (../shared/API.md): stateless JSON calls answered by the same engines.

Malformed JSON is 400, a body over the size limit 413, an invalid body 422 listing every problem; a ruling
("legal": false) is a 200. Messages follow Accept-Language; codes and rule ids never change with it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from companion.games.base import ErrorList, Reason, RulesError
from companion.inputs import InputError, load_json
from companion.tables.view import lookup_profile
from companion.web.api.openapi import openapi_document
from companion.web.api.problems import error_response, problem
from companion.web.api.scan import scan
from companion.web.api.schema import REASONS, UNKNOWN
from companion.web.api.strict import unknown_fields
from companion.web.messages import explain
from companion.web.registered import registered
from companion.web.rules import api as rules_lookup
from companion.web.rules.links import rule_url
from companion.web.wording import API

bp = Blueprint("api", __name__, url_prefix="/api/v1")

# The rules lookup (GET /api/v1/<slug>/rules) is an API call like the others, answered by the rules pages' search.
bp.add_url_rule("/<slug>/rules", view_func=rules_lookup.lookup, methods=["GET"], provide_automatic_options=False)
bp.add_url_rule("/<slug>/rules", view_func=rules_lookup.wrong_method, methods=["POST", "PUT", "PATCH", "DELETE"],
                provide_automatic_options=False)
bp.add_url_rule("/<slug>/rules", view_func=rules_lookup.options, methods=["OPTIONS"],
                provide_automatic_options=False)
# Cards from a photo (API.md): every game whose cards carry markers, a platform call (companion/web/api/scan.py).
bp.add_url_rule("/<slug>/scan", view_func=scan, methods=["POST"])


def http_error(exc: HTTPException) -> Response:
    codes = {400: "request.bad", 404: "request.not_found", 405: "request.method", 413: "request.too_large",
             415: "request.not_json"}
    code = codes.get(exc.code or 500, "request.error")
    response = error_response(exc.code or 500, [problem(code)])
    allow = dict(exc.get_headers()).get("Allow")
    if allow:  # a 405 says which methods the address takes
        response.headers["Allow"] = allow
    return response


def reason_json(reason: Reason | RulesError) -> dict[str, Any]:
    """The one shape of a reason in every game's answers and errors: its code, message and rule, and the address
    of the clause that explains it (``rule_url``: by its code, "" for none), so a client can show the rule behind
    it."""
    return {"code": reason.code, "message": explain(reason, API), "rule": reason.rule,
            "rule_url": rule_url(reason.rule, reason.code)}


def _render(value: Any) -> Any:
    """Turn the Reasons an engine's answer holds into the API's {"code", "message", "rule", "rule_url"}."""
    if isinstance(value, Reason):
        return reason_json(value)
    if isinstance(value, dict):
        return {k: _render(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_render(v) for v in value]
    return value


def rules_errors(exc: RulesError) -> list[dict[str, Any]]:
    errors = exc.errors if isinstance(exc, ErrorList) else [exc]
    return [{"path": e.path, **reason_json(e)} for e in errors]


@bp.post("/<slug>/<action>")
def call(slug: str, action: str) -> Response:
    entry = registered().get(slug)
    route = next((r for r in entry.web.api if r.action == action), None) if entry else None
    if route is None:
        return error_response(404, [problem("request.not_found", "", "")])
    raw = request.get_data(cache=False)  # over API_MAX_CONTENT_LENGTH (chunked or not): 413
    try:
        body = load_json(raw)
    except InputError as exc:
        return error_response(400, [problem(exc.code, params=exc.params)])
    if not isinstance(body, dict):
        return error_response(422, [problem("json.not_object")])
    unknown = unknown_fields(body, route.request_schema, _components(route)) if route.request_schema else []
    if unknown:  # inside the body's objects only the described fields (top-level unknown ones are ignored)
        return error_response(422, [problem("request.unknown_field", where, params={"field": where})
                                    for where in unknown[:20]])
    try:
        answer = route.handler(body, lookup_profile(slug))
    except RulesError as exc:
        return error_response(422, rules_errors(exc))
    return jsonify(_render(answer))


def _components(route: Any) -> Callable[[str], Mapping[str, Any]]:
    """Finds "#/components/schemas/<name>" in the route's own schemas, then the platform's."""
    shared = {"Unknown": UNKNOWN, "Reasons": REASONS}

    def resolve(ref: str) -> Mapping[str, Any]:
        name = ref.rsplit("/", 1)[-1]
        found: Mapping[str, Any] = route.schemas.get(name) or shared.get(name) or {}
        return found

    return resolve


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(openapi_document())
