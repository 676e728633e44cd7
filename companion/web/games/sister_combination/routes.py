"""Sister Combination's own pages, every URL rule in one place: the quick tool ("may this card be played?", no
table needed; ``tool.py``). The table page is the platform's."""

from __future__ import annotations

from flask import Blueprint

from . import tool

bp = Blueprint("sister_combination", __name__, url_prefix="/sister-combination")

# The tool's address stays /check: phones have it bookmarked.
bp.add_url_rule("/check", endpoint="tool", view_func=tool.tool, methods=["GET"])
