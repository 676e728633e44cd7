"""Sister Combination's own pages: the check page (no table needed). The table page is the platform's."""

from __future__ import annotations

from flask import Blueprint, request
from flask.typing import ResponseReturnValue

from companion.web.pages import page

from . import check

bp = Blueprint("sister_combination", __name__, url_prefix="/sister-combination")


@bp.get("/check", endpoint="check")
def check_page() -> ResponseReturnValue:
    """May this card be played now, and what happens if it is? A GET form: it changes nothing."""
    built = check.build(request.args)
    # a link's refused parts are said on the page (d.link_notice) with a 200, so htmx still swaps it in
    status = 400 if built.answer is not None and built.answer.blocked == "invalid" else 200
    return page("sister_combination/check.html", "sister_combination/_check.html", status, d=built)
