"""The game's own URLs, every one registered here; the handlers live in their modules. The table page is the
platform's."""

from __future__ import annotations

from flask import Blueprint

from . import tool

bp = Blueprint("strato_sphere", __name__, url_prefix="/strato-sphere")

# The quick tool: settle a dispute in a few taps, no table needed (a GET form: it changes nothing). The public
# URL stays /strato-sphere/dispute: phones have it bookmarked.
bp.add_url_rule("/dispute", endpoint="tool", view_func=tool.tool, methods=["GET"])
