"""Cards from a photo (../shared/API.md, "Cards from a photo"): ``POST /api/v1/<slug>/scan``.

A ``multipart/form-data`` body with one field ``photo`` (a JPEG or PNG as a phone sends it, at most 10 MB) ->
``{"game": slug, "cards": [{"card", "corners"}, …]}``: the game's cards whose printed markers the photo shows
(companion/markers/reader.py), read by the one reader of an upload (companion/web/photos.py). Decoding runs off the event loop (companion/server/offload.py) and the request
waits for it at most ``SCAN_TIME_LIMIT`` seconds (503 after that). Not an image: 422; too large: 413; a game
whose cards have no markers: 404.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from companion.markers import ids
from companion.web import photos
from companion.web.api.problems import error_response, problem
from companion.web.registered import registered

FIELD = photos.FIELD


def scan(slug: str) -> Response:
    if slug not in registered() or not photos.has_markers(slug):
        return error_response(404, [problem("request.not_found")])
    try:
        cards = photos.read_upload(slug)
    except photos.PhotoRefused as refused:
        response = error_response(refused.status, [problem(refused.code, FIELD)])
        if refused.retry_after is not None:
            response.headers["Retry-After"] = str(refused.retry_after)
        return response
    return jsonify({"game": slug, "cards": [{"card": c.card, "corners": [list(p) for p in c.corners]}
                                            for c in cards]})


POINT = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
         "description": "x, y in the photo's pixels (as the photo is shown: its EXIF orientation applied)"}
SCAN_ANSWER: dict[str, Any] = {
    "type": "object", "required": ["game", "cards"],
    "properties": {
        "game": {"type": "string"},
        "cards": {"type": "array", "description": (
            "One entry per physical card whose marker is read without doubt (a card whose two corner markers "
            "are both seen is listed once; two copies of a card are two entries); top to bottom, then left to "
            "right"), "items": {
            "type": "object", "required": ["card", "corners"],
            "properties": {
                "card": {"type": "string", "description": "The card in the game's own notation"},
                "corners": {"type": "array", "items": POINT, "minItems": 4, "maxItems": 4,
                            "description": "The marker's corners, clockwise from its top left"}}}}},
}


def scan_paths(accept_language: dict[str, Any], error: Any) -> dict[str, Any]:
    """The OpenAPI paths of every registered game whose cards have markers."""
    paths = {}
    for slug in sorted(registered()):
        if slug not in ids.games():
            continue
        paths[f"/api/v1/{slug}/scan"] = {"post": {
            "summary": "The cards a photo shows, from the markers the companion prints",
            "operationId": f"{slug.replace('-', '_')}_scan",
            "parameters": [accept_language],
            "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
                "type": "object", "required": [FIELD],
                "properties": {FIELD: {"type": "string", "format": "binary", "contentMediaType": "image/jpeg",
                                       "description": "A JPEG or PNG photo, at most 10 MB"}}}}}},
            "responses": {
                "200": {"description": "The cards read (none is an empty list)",
                        "content": {"application/json": {"schema": SCAN_ANSWER}}},
                "405": {"description": "Only POST; the Allow header says so",
                        "headers": {"Allow": {"required": True, "schema": {"type": "string"}}},
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}}},
                "413": error("A photo larger than 10 MB (or than 80 million pixels)"),
                "422": error("No photo field, or a photo that is not a JPEG or PNG image"),
                "503": error("The server is busy reading other photos: try again (Retry-After)"),
            },
        }}
    return paths
