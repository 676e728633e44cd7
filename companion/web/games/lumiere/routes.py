"""The routes of Lumière Prière's own pages: the capture checker (``dispute.py`` does the work). The table's own
deck-profile copy (to fill in the points its score waits for) is the platform's "Copy and edit"
(``profiles.table_copy``), as for every game."""

from __future__ import annotations

from flask import Blueprint, Response, make_response, redirect, request

from companion.games.base import ErrorList, RulesError
from companion.web.links import LinkReader
from companion.web.pages import is_htmx

from . import dispute

bp = Blueprint("lumiere", __name__, url_prefix="/lumiere")


@bp.get("/captures")
def captures():  # type: ignore[no-untyped-def]
    link = LinkReader(request.args)
    state, problems = dispute.read_state(request.args, link)
    # a hand-edited link: what it asked for that cannot be is said in words on a usable page (a 200, as for the
    # other quick tools); a field that cannot be read is a 400, as before
    return dispute.render(state, problems, 400 if problems else 200, link_notice=link.notice())


@bp.post("/captures")
def captures_tap():  # type: ignore[no-untyped-def]
    state, problems = dispute.read_state(request.form)
    if problems:  # the field the form carried could not be read: show that, change nothing
        return dispute.render(state, problems, 400)
    try:
        state = dispute.after_post(state, request.form)
    except RulesError as error:
        errors = error.errors if isinstance(error, ErrorList) else [error]
        return dispute.render(state, list(errors), 422, tapped_cell=request.form.get("tap", ""))
    if is_htmx():
        body, status = dispute.render(state, [])
        response: Response = make_response(body, status)
        response.headers["HX-Push-Url"] = dispute.address(state)  # each tap is a step Back returns to
        return response
    return redirect(dispute.address(state), 303)
