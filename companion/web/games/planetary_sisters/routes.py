"""Planetary Sisters' blueprint and every URL rule it has, each handler in its own module (the table page itself
is the platform's). No template globals: every page's handler builds what its template draws.

The public addresses do not change (phones have them bookmarked): the quick tool (``tool``, the scoring page)
answers at ``/planetary-sisters/score``; the old deck profile editor's addresses redirect (``old_links``).
"""

from __future__ import annotations

from flask import Blueprint

from . import old_links, tool

bp = Blueprint("planetary_sisters", __name__, url_prefix="/planetary-sisters")

bp.add_url_rule("/score", endpoint="tool", view_func=tool.tool, methods=["GET"])
bp.add_url_rule("/score", endpoint="tool_act", view_func=tool.tool_act, methods=["POST"])
# a photo of the slot's cards (photo.py); "…_photo": the platform lets it carry a photo (companion/web/photos.py)
bp.add_url_rule("/score/photo", endpoint="tool_photo", view_func=tool.tool_photo, methods=["POST"])
bp.add_url_rule("/profiles", endpoint="old_profiles", view_func=old_links.old_profiles, methods=["GET"])
bp.add_url_rule("/profiles/open", endpoint="old_open", view_func=old_links.old_open, methods=["GET"])
bp.add_url_rule("/profile/<token>", endpoint="old_profile", view_func=old_links.old_profile, methods=["GET"])
