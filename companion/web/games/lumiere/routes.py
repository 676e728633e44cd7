"""Lumière Prière's own pages, every URL rule in one place: the quick tool, the capture checker (``tool.py``
holds its handlers). The table's own deck-profile copy (to fill in the points its score waits for) is the
platform's "Copy and edit" (``profiles.table_copy``), as for every game."""

from __future__ import annotations

from flask import Blueprint

from . import photo, tool

bp = Blueprint("lumiere", __name__, url_prefix="/lumiere")

# The tool's address stays /captures: phones have it bookmarked.
bp.add_url_rule("/captures", endpoint="tool", view_func=tool.tool, methods=["GET"])
bp.add_url_rule("/captures", endpoint="tool_act", view_func=tool.tool_act, methods=["POST"])
# a photo of the field (photo.py); "…_photo": the platform lets it carry a photo (companion/web/photos.py)
bp.add_url_rule("/captures/photo", endpoint="tool_photo", view_func=photo.tool_photo, methods=["POST"])
