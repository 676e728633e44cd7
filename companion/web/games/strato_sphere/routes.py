"""The game's own pages: the dispute checker (no table needed). The table page is the platform's."""

from __future__ import annotations

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from companion.web.pages import page

from . import dispute

bp = Blueprint("strato_sphere", __name__, url_prefix="/strato-sphere")


@bp.get("/dispute", endpoint="dispute")
def dispute_page() -> ResponseReturnValue:
    """Settle a dispute in a few taps, no table needed (a GET form: it changes nothing)."""
    # a link asking for what cannot be is answered with a usable page that says what it left out (d.link_notice)
    return page("strato_sphere/dispute.html", "strato_sphere/_dispute.html", d=dispute.build(request.args))
