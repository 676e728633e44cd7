"""A table's pages: play, watch (read-only), the live poll, entries, undo/redo, QR code, export and import.

The routes are thin: ``table_service`` loads tables and writes the history, export and import; the game's
``table_model`` hook builds what its fragment draws, once per render.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

import segno
from flask import Blueprint, Response, abort, current_app, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import store
from ..games.base import ErrorList, ImpossibleState, RulesError
from ..inputs import InputError, whole_number
from ..models import Table
from ..play import Outcome, TableView, as_seen, enter_move, redo, refused, stale, undo, view_of
from .gameweb import TableRequest
from .messages import explain, message_for, reason_text
from .pages import page
from .profile_model import table_profile
from .security import device_id
from .table_service import (
    RECENT_HISTORY,
    Past,
    export_table,
    history,
    import_table,
    load_table,
    load_view,
    registered,
    submitted_text,
    view_at,
    web_of,
)
from .wording import Wording

bp = Blueprint("tables", __name__)


def public_url(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("PUBLIC_URL", "").rstrip("/")
    if base:
        return base + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


LOOK_FIELDS = ("sel",)  # fields of an entry form that say what the phone was looking at, not what it entered


def _selected() -> dict[str, str]:
    """What the phone asks to look at (a tapped node): the page's query, and after an entry the form's look
    fields, so a saved move keeps the tapped node open. Read once here, never while rendering."""
    selected = {k: v for k, v in request.args.items() if k not in ("n", "v", "at")}
    if request.method == "POST":
        selected.update({k: request.form[k] for k in LOOK_FIELDS if k in request.form})
    return selected


def step_url(view: TableView, look: Mapping[str, str] | None = None) -> str:
    """The address of the table page at this version: each entry is a step the browser's Back returns to.
    ``look`` (the entry form's look fields) goes along, so reloading the step keeps the tapped node open."""
    values: dict[str, Any] = {k: v for k, v in (look or {}).items() if k in LOOK_FIELDS and v}
    return url_for("tables.show", token=view.table.token, at=view.version, **values)


def render_table(view: TableView, *, can_write: bool, status: int = 200, notice: str = "",
                 problems: list[str] | None = None, pending: Mapping[str, str] | None = None,
                 past: Past | None = None) -> ResponseReturnValue:
    web = web_of(view.table.game)
    token = view.table.token if can_write else view.table.watch_token
    poll_url = url_for("tables.poll" if can_write else "tables.watch_poll", token=token, v=view.version)
    model = web.table_model(view, TableRequest(dict(pending or {}), _selected(), can_write))
    lines = history(view)
    context = dict(
        view=view, web=web, model=model, can_write=can_write, notice=notice, problems=problems or [],
        pending=pending or {}, history=lines, more_history=len(lines) >= RECENT_HISTORY, poll_url=poll_url,
        poll_seconds=current_app.config["POLL_SECONDS"],
        play_url=public_url("tables.show", token=view.table.token),
        watch_url=public_url("tables.watch", token=view.table.watch_token),
        on_loopback=request.host.split(":")[0] in ("127.0.0.1", "localhost", "[::1]"),
        replay_problem=explain(view.replay_error) if view.replay_error else "",
        table_profile=table_profile(registered()[view.table.game], view.profile, view.profile_ref, can_write),
        past=past, past_notice=_past_notice(past) if past else "",
        step_url=step_url(view) if can_write else "",
        now_url=url_for("tables.show", token=view.table.token),
    )
    response = make_response(page("table/page.html", "table/_live.html", status, **context))
    # A table moves on with every entry: Back must ask again for its step, never show a kept copy (whose forms
    # would send on an old version).
    response.headers["Cache-Control"] = "no-store"
    return response


def _past_notice(past: Past) -> str:
    return ngettext("This is the table as it was before the last entry. Going back never takes an entry back: "
                    "the table now still has it (Undo last entry takes it back, and the log keeps both).",
                    "This is the table as it was before the last %(num)s entries. Going back never takes an "
                    "entry back: the table now still has them (Undo last entry takes one back, and the log "
                    "keeps both).", past.later)


@bp.get("/t/<token>")
def show(token: str) -> ResponseReturnValue:
    """The table now; with ``?at=`` an earlier version (a step Back returned to), drawn read-only. An ``at`` that
    is not an earlier version (hand-edited, or the newest) shows the table now."""
    view = load_view(token)
    at = whole_number(request.args.get("at", ""), 0, view.version)
    if at is not None and at < view.version:
        earlier, past = view_at(view, at)
        return render_table(earlier, can_write=False, past=past)
    notice = {"conflict": _("Another phone entered something first. Here is the table as it is now; "
                            "check it and enter again if still needed."),
              "saved": "", "": ""}.get(request.args.get("n", ""), "")
    return render_table(view, can_write=True, notice=notice)


@bp.get("/w/<token>")
def watch(token: str) -> ResponseReturnValue:
    return render_table(load_view(token, watch=True), can_write=False)


def _poll(token: str, watch: bool) -> ResponseReturnValue:
    """"Anything new?": 204 (nothing to swap) while the version is unchanged, else the fresh fragment."""
    found = store.version_by_token(token, watch=watch)
    if found is None:
        abort(404)
    _table_id, version = found
    seen = whole_number(request.args.get("v", ""), 0, store.MAX_VERSION)
    if seen == version:
        return Response(status=204)
    fresh = load_view(token, watch=watch)
    response = make_response(render_table(fresh, can_write=not watch))
    if not watch:  # the address follows the table, so a reload shows it now, not the step it was opened at
        response.headers["HX-Replace-Url"] = step_url(fresh)
    return response


@bp.get("/t/<token>/poll")
def poll(token: str) -> ResponseReturnValue:
    return _poll(token, watch=False)


@bp.get("/w/<token>/poll")
def watch_poll(token: str) -> ResponseReturnValue:
    return _poll(token, watch=True)


def based_on() -> int:
    """The version the phone's form was made on (-1 when unreadable: a conflict, never a 500)."""
    found = whole_number(request.form.get("version", ""), 0, store.MAX_VERSION)
    return -1 if found is None else found


def answer(outcome: Outcome, pending: Mapping[str, str]) -> ResponseReturnValue:
    """Saved: back to the table (POST-redirect-GET, or the fresh fragment for htmx). Refused: the table with
    the reason and the player's entry still in the form. Conflict: the fresh table, the entry kept. The table
    shown is the one the write path answered with: the request reads it once."""
    view = outcome.view
    if outcome.kind in ("saved", "nothing"):
        if request.headers.get("HX-Request") == "true":
            response = make_response(render_table(view, can_write=True))
            if outcome.kind == "saved":  # a new step: Back returns to the table before this entry
                response.headers["HX-Push-Url"] = step_url(view, _selected())
            return response
        return redirect(step_url(view, _selected()), 303)
    if outcome.kind == "conflict":
        notice = _("Another phone entered something first, so this entry was not saved. The table below is "
                   "up to date and your entry is still in the form: check it and send it again.")
        return render_table(view, can_write=True, status=409, notice=notice, pending=pending)
    if outcome.kind == "waiting":
        notice = _("Another phone is sending again an entry that crossed with one from here; it goes first. "
                   "Your entry is still in the form: check the table in a moment and send it again.")
        return render_table(view, can_write=True, status=409, notice=notice, pending=pending)
    wording = Wording.of_table(view.seats)
    if outcome.kind == "illegal" and outcome.verdict is not None:
        problems = [reason_text(r, wording) for r in outcome.verdict.failures]
        notice = _("Not allowed by the rules, so nothing was saved:")
        return render_table(view, can_write=True, status=422, notice=notice, problems=problems, pending=pending)
    errors = outcome.error.errors if isinstance(outcome.error, ErrorList) else [outcome.error]
    problems = [reason_text(e, wording) for e in errors if e is not None]
    if all(isinstance(e, ImpossibleState) for e in errors):
        notice = _("This cannot be on the table, so nothing was saved:")
    else:
        notice = _("This entry could not be read, so nothing was saved:")
    return render_table(view, can_write=True, status=422, notice=notice, problems=problems, pending=pending)


def entry_form() -> dict[str, str]:
    """What the phone's form sent, kept to be shown again if the entry is refused (never the CSRF token)."""
    pending = request.form.to_dict()
    pending.pop("csrf_token", None)
    return pending


@bp.post("/t/<token>/move")
def move(token: str) -> ResponseReturnValue:
    """An entry: the game's form parser turns the form into its typed move, read against the table the phone
    saw (even if others wrote since); the platform's write path does the rest."""
    view = load_view(token)
    web = web_of(view.table.game)
    version = based_on()
    seen = as_seen(view, version)
    if seen is None:
        return answer(stale(view, device_id()), entry_form())
    try:
        typed = web.form_to_move(request.form, seen)
    except RulesError as exc:
        return answer(refused(view, exc), entry_form())
    return answer(enter_move(view, version, typed, device_id(), web.learnt), entry_form())


@bp.post("/t/<token>/undo")
def undo_last(token: str) -> ResponseReturnValue:
    view = load_view(token)
    return answer(undo(view, based_on(), device_id()), {})


@bp.post("/t/<token>/redo")
def redo_last(token: str) -> ResponseReturnValue:
    view = load_view(token)
    return answer(redo(view, based_on(), device_id()), {})


def _history_page(token: str, watch: bool) -> ResponseReturnValue:
    view = load_view(token, watch=watch)
    back = url_for("tables.watch" if watch else "tables.show", token=token)
    return render_template("table/history.html", view=view, history=history(view, None), back=back)


@bp.get("/t/<token>/history")
def full_history(token: str) -> ResponseReturnValue:
    """Every entry of the log (a table page shows the newest ones)."""
    return _history_page(token, watch=False)


@bp.get("/w/<token>/history")
def watch_history(token: str) -> ResponseReturnValue:
    return _history_page(token, watch=True)


@bp.get("/t/<token>/qr.svg")
def qr(token: str) -> ResponseReturnValue:
    table = load_table(token)
    which = request.args.get("link", "play")
    url = public_url("tables.watch", token=table.watch_token) if which == "watch" else \
        public_url("tables.show", token=table.token)
    buffer = io.BytesIO()
    # A standalone image needs the SVG namespace (svg_inline leaves it out): save() writes a whole document.
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, dark="#111", light="#fff",
                                    xmldecl=False, svgclass=None, lineclass=None)
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/t/<token>/export.json")
def export(token: str) -> ResponseReturnValue:
    view = load_view(token)
    body = json.dumps(export_table(view), ensure_ascii=False, indent=1)
    filename = f"{view.table.game}-table-v{view.version}.json"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/import")
def import_form() -> ResponseReturnValue:
    return render_template("import.html", errors=[], text="")


@bp.post("/import", endpoint="import_table")
def import_upload() -> ResponseReturnValue:
    try:
        text = submitted_text()
    except InputError as exc:
        if exc.code == "import.nothing":  # nothing chosen: asked for a file, not told a file is wrong
            return render_template("import.html", errors=[], ask=message_for(exc.code), text=""), 422
        return render_template("import.html", errors=[message_for(exc.code, exc.params)], text=""), 422
    created = import_table(text)
    if isinstance(created, Table):
        return redirect(url_for("tables.show", token=created.token), 303)
    return render_template("import.html", errors=created, text=text), 422


__all__ = ["answer", "bp", "public_url", "render_table", "view_of"]
