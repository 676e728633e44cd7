"""Planeta Rica's blueprint, every URL of the game registered here (handlers in their modules): the quick tool
(the scoring page, no table needed). The table page and its actions (the tracker's VP question: ``table_vp``)
are the platform's routes calling the game's hooks; the deck profile editor is the platform's generic one
(``/profiles/planeta-rica``)."""

from __future__ import annotations

from flask import Blueprint

from . import photo, tool

bp = Blueprint("planeta_rica", __name__, url_prefix="/planeta-rica")

# The quick tool: score a finished game, no table needed. The public URL stays /planeta-rica/score (bookmarked).
bp.add_url_rule("/score", endpoint="tool", view_func=tool.tool, methods=["GET"])
bp.add_url_rule("/score", endpoint="tool_act", view_func=tool.tool_act, methods=["POST"])
# a photo of a player's cards (photo.py); "…_photo": the platform lets it carry a photo (companion/web/photos.py)
bp.add_url_rule("/score/photo", endpoint="tool_photo", view_func=photo.tool_photo, methods=["POST"])
bp.add_url_rule("/score/photo/confirm", endpoint="tool_photo_confirm", view_func=photo.tool_photo_confirm,
                methods=["POST"])
# The tracker's VP question (play link only): the answers go into the table's own deck profile copy.
