"""The API's answer when something is wrong: ``{"errors": [{"path", "code", "message", "rule", "rule_url"}, …]}``
with its status, as ../shared/API.md gives it; every call and the rules lookup answer problems this one way."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from companion.web.messages import message_for
from companion.web.rules.links import rule_url
from companion.web.wording import API


def problem(code: str, path: str = "", rule: str = "", params: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"path": path, "code": code, "message": message_for(code, params, API), "rule": rule,
            "rule_url": rule_url(rule, code)}


def error_response(status: int, errors: list[dict[str, Any]]) -> Response:
    response = jsonify({"errors": errors})
    response.status_code = status
    return response
