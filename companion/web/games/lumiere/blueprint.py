"""The Lumière Prière pages of its own (the capture checker; the profile copy for a table) share this blueprint."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("lumiere", __name__, url_prefix="/lumiere")
