"""What a game does on a table besides its entries, through the platform's routes: a table action
(``POST /t/<token>/act/<name>``: e.g. adding a card to a list being put together, or keeping a card's VP the
table was asked), a table page (``/t/<token>/page/<name>``: e.g. "what if" on this phone only) and a photo step
(``POST /t/<token>/photo/<name>``: a photo of cards filling an entry's form, companion/web/photos.py).

The platform reads the table (the players' link only: a watch link names no table here, so it is a 404), calls
the game's hook (companion.web.gameweb: ``TableAction``, ``TablePage``, ``PhotoStep``) and then draws the table
or writes what the hook answered (card data it learnt, or ``EnterEach``: several entries in one tap), through
the table's one write path. A game's web package never loads, renders or writes a table itself.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, url_for
from flask.typing import ResponseReturnValue

from companion.i18n import gettext as _
from companion.inputs import entry_key
from companion.tables.play import Outcome, enter_move, remember, stale, tapped_before
from companion.tables.view import TableView
from companion.web import photos
from companion.web.gameweb import EnterEach, Learn
from companion.web.guard.security import device_id
from companion.web.pages import is_htmx
from companion.web.registered import web_of
from companion.web.tables.loading import load_view
from companion.web.tables.render import render_table
from companion.web.tables.routes import answer, based_on, entry_form, tap_key

bp = Blueprint("table_hooks", __name__)


@bp.post("/t/<token>/act/<name>")
def act(token: str, name: str) -> ResponseReturnValue:
    view = load_view(token)
    action = web_of(view.table.game).table_action(name)
    if action is None:
        abort(404)
    said = action.act(view, entry_form())
    if isinstance(said, EnterEach):
        return _enter_each(view, said)
    if not isinstance(said, Learn):
        return render_table(view, can_write=True, status=422 if said.refused else 200, notice=said.notice,
                            problems=list(said.problems), pending=said.pending)
    outcome = remember(view, based_on(), said.profile, device_id())
    if outcome.kind != "saved":
        notice = _("Another phone entered something first, so nothing was remembered. The table below is up to "
                   "date and what you typed is still in the form: check it and send it again.")
        return render_table(outcome.view, can_write=True, status=409, notice=notice, pending=said.pending)
    if is_htmx():
        return render_table(outcome.view, can_write=True, notice=said.saved)
    return redirect(url_for("tables.show", token=token), 303)


def _enter_each(view: TableView, each: EnterEach[Any]) -> ResponseReturnValue:
    """Each move ``next`` names, entered in turn on the table the last entry left, each with a key made from the
    tap's: a repeat of the tap (its answer lost) enters none twice. Made for the table the phone saw: on a newer
    one the phone is answered as for any stale entry, to check it again."""
    version, key = based_on(), tap_key()
    if version != view.version and not tapped_before(view, entry_key(f"{key}-0")):
        return answer(stale(view, version, device_id()), entry_form())
    learnt = web_of(view.table.game).learnt
    outcome = Outcome("nothing", view)
    for n in range(each.most):
        move = each.next(outcome.view.state) if outcome.view.replay_error is None else None
        if move is None:
            break
        outcome = enter_move(outcome.view, outcome.view.version, move, device_id(), learnt,
                             entry_key(f"{key}-{n}") if key else "")
        if outcome.kind != "saved":
            break
    return answer(outcome, entry_form())


@bp.route("/t/<token>/page/<name>", methods=["GET", "POST"])
def page(token: str, name: str) -> ResponseReturnValue:
    view = load_view(token)
    shown = web_of(view.table.game).table_page(name)
    if shown is None:
        abort(404)
    return shown.show(view)


@bp.post("/t/<token>/photo/<name>")
def table_photo(token: str, name: str) -> ResponseReturnValue:
    """A photo of cards for an entry (the endpoint's name ends in ``_photo``: it may carry one). The cards read
    fill the entry's form, shown for the player to check and send; nothing is written here."""
    view = load_view(token)
    step = web_of(view.table.game).photo_step(name)
    if step is None or not photos.has_markers(view.table.game):
        abort(404)
    form = entry_form()
    try:
        cards = photos.read_upload(view.table.game)
    except photos.PhotoRefused as refused:
        response = make_response(render_table(view, can_write=True, status=refused.status, pending=form,
                                              notice=_("The photo was not read:"), problems=[refused.message]))
        if refused.retry_after is not None:
            response.headers["Retry-After"] = str(refused.retry_after)
        return response
    answer = step.read(view, form, cards)
    return render_table(view, can_write=True, status=422 if answer.refused else 200, notice=answer.notice,
                        problems=list(answer.problems), pending=answer.pending)
