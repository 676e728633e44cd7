"""A table's pages: play, watch (read-only), the live poll, entries, undo/redo, QR code, export and import."""

from __future__ import annotations

import io
import json
from typing import Any

import segno
from flask import Blueprint, Response, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..eventlog import LogEntry
from ..games.base import ErrorList, ImpossibleState, RulesError
from ..models import Table
from ..play import (
    BUILTIN,
    USER,
    Outcome,
    TableView,
    UnknownProfile,
    check_log,
    enter_move,
    games,
    redo,
    resolve_profile,
    states_before_moves,
    undo,
    view_of,
)
from ..profiles import builtin_profiles, normalise
from . import page
from .messages import explain, message_for
from .security import client_id, device_id

bp = Blueprint("tables", __name__)
EXPORT_FORMAT = "companion-table"


def _table_or_404(token: str) -> Table:
    table = store.get_table(token)
    if table is None or table.game not in games():
        abort(404)
    return table


def public_url(endpoint: str, **values: Any) -> str:
    base = current_app.config.get("PUBLIC_URL", "").rstrip("/")
    if base:
        return base + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def history(view: TableView) -> list[dict[str, Any]]:
    """The whole log, newest first, each line saying what it was and whether it is undone."""
    lines = []
    events = store.events_of(view.table.id)
    by_seq = {e.seq: e for e in events}
    actor = view.web.actor
    before = states_before_moves(view, [LogEntry(e.seq, e.kind, e.payload) for e in events]) if actor else {}

    def describe(payload, view, seq=None):  # type: ignore[no-untyped-def]
        text = view.web.describe_move(payload, view)
        if seq in before:
            seat = actor(before[seq], payload)
            if seat is not None and 0 <= seat < len(view.table.seats):
                return f"{view.table.seats[seat]}: {text}"
        return text

    for seq in sorted(by_seq, reverse=True):
        event = by_seq[seq]
        target = by_seq.get(event.payload.get("target", -1)) if event.kind != "move" else None
        if event.kind == "move":
            text = _safe_describe(describe, event.payload, view, seq)
        elif event.kind == "undo":
            text = _("Undo of #%(seq)s: %(what)s", seq=target.seq if target else "?",
                     what=_safe_describe(describe, target.payload, view, target.seq) if target else "")
        else:
            text = _("Redo of #%(seq)s: %(what)s", seq=target.seq if target else "?",
                     what=_safe_describe(describe, target.payload, view, target.seq) if target else "")
        lines.append({"seq": seq, "kind": event.kind, "text": text, "device": event.device,
                      "at": event.created_at, "undone": seq in view.log.undone_seqs})
    return lines


def _safe_describe(describe, payload, view, seq=None) -> str:  # type: ignore[no-untyped-def]
    try:
        return describe(payload, view, seq)
    except (RulesError, KeyError, ValueError, TypeError):
        return json.dumps(payload, ensure_ascii=False)


def render_table(view: TableView, *, can_write: bool, status: int = 200, notice: str = "",
                 problems: list[str] | None = None, pending: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    token = view.table.token if can_write else view.table.watch_token
    poll_url = url_for("tables.poll" if can_write else "tables.watch_poll", token=token, v=view.version)
    context = dict(
        view=view, can_write=can_write, notice=notice, problems=problems or [], pending=pending or {},
        history=history(view), poll_url=poll_url, poll_seconds=current_app.config["POLL_SECONDS"],
        play_url=public_url("tables.show", token=view.table.token),
        watch_url=public_url("tables.watch", token=view.table.watch_token),
        on_loopback=request.host.split(":")[0] in ("127.0.0.1", "localhost", "[::1]"),
        replay_problem=explain(view.replay_error) if view.replay_error else "",
    )
    return page("table/page.html", "table/_live.html", status, **context)


@bp.get("/t/<token>")
def show(token: str):  # type: ignore[no-untyped-def]
    notice = {"conflict": _("Another phone entered something first. Here is the table as it is now; "
                            "check it and enter again if still needed."),
              "saved": "", "": ""}.get(request.args.get("n", ""), "")
    return render_table(view_of(_table_or_404(token)), can_write=True, notice=notice)


@bp.get("/w/<token>")
def watch(token: str):  # type: ignore[no-untyped-def]
    table = store.get_watched_table(token)
    if table is None or table.game not in games():
        abort(404)
    return render_table(view_of(table), can_write=False)


def _poll(token: str, watch: bool) -> Response | tuple[Any, int]:
    """"Anything new?": 204 (nothing to swap) while the version is unchanged, else the fresh fragment."""
    found = store.version_by_token(token, watch=watch)
    if found is None:
        abort(404)
    _table_id, version = found
    try:
        seen = int(request.args.get("v", "-1"))
    except ValueError:
        seen = -1
    if seen == version:
        return Response(status=204)
    table = store.get_watched_table(token) if watch else store.get_table(token)
    if table is None:
        abort(404)
    body, status = render_table(view_of(table), can_write=not watch)
    return body, status


@bp.get("/t/<token>/poll")
def poll(token: str):  # type: ignore[no-untyped-def]
    return _poll(token, watch=False)


@bp.get("/w/<token>/poll")
def watch_poll(token: str):  # type: ignore[no-untyped-def]
    return _poll(token, watch=True)


def _based_on() -> int:
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return -1


def _answer(view: TableView, outcome: Outcome, pending: dict[str, str]):  # type: ignore[no-untyped-def]
    """Saved: back to the table (POST-redirect-GET, or the fresh fragment for htmx). Refused: the table with
    the reason and the player's entry still in the form. Conflict: the fresh table, the entry kept."""
    token = view.table.token
    if outcome.kind in ("saved", "nothing"):
        if request.headers.get("HX-Request") == "true":
            return render_table(view_of(_table_or_404(token)), can_write=True)
        return redirect(url_for("tables.show", token=token), 303)
    if outcome.kind == "conflict":
        fresh = view_of(_table_or_404(token))
        notice = _("Another phone entered something first, so this entry was not saved. The table below is "
                   "up to date and your entry is still in the form: check it and send it again.")
        return render_table(fresh, can_write=True, status=409, notice=notice, pending=pending)
    if outcome.kind == "illegal" and outcome.verdict is not None:
        problems = [f"{explain(r)} ({r.rule})" if r.rule else explain(r) for r in outcome.verdict.failures]
        notice = _("Not allowed by the rules, so nothing was saved:")
        return render_table(view, can_write=True, status=422, notice=notice, problems=problems, pending=pending)
    errors = outcome.error.errors if isinstance(outcome.error, ErrorList) else [outcome.error]
    problems = [f"{explain(e)} ({e.rule})" if e.rule else explain(e) for e in errors if e is not None]
    if all(isinstance(e, ImpossibleState) for e in errors):
        notice = _("This cannot be on the table, so nothing was saved:")
    else:
        notice = _("This entry could not be read, so nothing was saved:")
    return render_table(view, can_write=True, status=422, notice=notice, problems=problems, pending=pending)


@bp.post("/t/<token>/move")
def move(token: str):  # type: ignore[no-untyped-def]
    view = view_of(_table_or_404(token))
    pending = request.form.to_dict()
    pending.pop("csrf_token", None)
    based_on = _based_on()
    if based_on != view.version:
        return _answer(view, Outcome("conflict", version=view.version), pending)
    try:
        move_json = view.web.form_to_move(request.form, view)
    except RulesError as exc:
        return _answer(view, Outcome("invalid", error=exc), pending)
    outcome = enter_move(view, based_on, move_json, device_id())
    if outcome.kind == "saved" and view.web.after_move is not None:
        view.web.after_move(view_of(_table_or_404(token)))
    return _answer(view, outcome, pending)


@bp.post("/t/<token>/undo")
def undo_last(token: str):  # type: ignore[no-untyped-def]
    view = view_of(_table_or_404(token))
    return _answer(view, undo(view, _based_on(), device_id()), {})


@bp.post("/t/<token>/redo")
def redo_last(token: str):  # type: ignore[no-untyped-def]
    view = view_of(_table_or_404(token))
    return _answer(view, redo(view, _based_on(), device_id()), {})


@bp.get("/t/<token>/qr.svg")
def qr(token: str):  # type: ignore[no-untyped-def]
    table = _table_or_404(token)
    which = request.args.get("link", "play")
    url = public_url("tables.watch", token=table.watch_token) if which == "watch" else \
        public_url("tables.show", token=table.token)
    buffer = io.BytesIO()
    # A standalone image needs the SVG namespace (svg_inline leaves it out): save() writes a whole document.
    segno.make(url, error="m").save(buffer, kind="svg", scale=6, border=2, dark="#111", light="#fff",
                                    xmldecl=False, svgclass=None, lineclass=None)
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


# -- export and import ----------------------------------------------------------------------------------------

def export_table(view: TableView) -> dict[str, Any]:
    table = view.table
    return {
        "format": EXPORT_FORMAT,
        "format_version": 1,
        "game": table.game,
        "options": dict(table.options),
        "seats": list(table.seats),
        "profile_ref": table.profile_ref if table.profile_ref.startswith(BUILTIN) else "",
        "profile": view.profile,
        "log": [
            {"seq": e.seq, "kind": e.kind, "payload": e.payload, "device": e.device,
             "at": e.created_at.isoformat()}
            for e in store.events_of(table.id)
        ],
    }


@bp.get("/t/<token>/export.json")
def export(token: str):  # type: ignore[no-untyped-def]
    view = view_of(_table_or_404(token))
    body = json.dumps(export_table(view), ensure_ascii=False, indent=1)
    filename = f"{view.table.game}-table-v{view.version}.json"
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.get("/import")
def import_form():  # type: ignore[no-untyped-def]
    return render_template("import.html", errors=[], text="")


@bp.post("/import")
def import_table():  # type: ignore[no-untyped-def]
    upload = request.files.get("file")
    text = upload.read().decode("utf-8", "replace") if upload and upload.filename else request.form.get("text", "")
    errors = _import_problems_or_create(text)
    if isinstance(errors, Table):
        return redirect(url_for("tables.show", token=errors.token), 303)
    return render_template("import.html", errors=errors, text=text), 422


def _import_problems_or_create(text: str) -> list[str] | Table:
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return [message_for("import.not_readable")]
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        return [message_for("import.not_readable")]
    entry = games().get(str(data.get("game")))
    if entry is None:
        return [message_for("import.unknown_game", {"game": data.get("game")})]
    seats = data.get("seats")
    options = data.get("options") or {}
    if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats) \
            or len(seats) not in entry.game.player_counts or not isinstance(options, dict):
        return [message_for("import.bad_seats")]
    for option in entry.game.options:
        if options.get(option.key, option.default) not in option.choices:
            return [message_for("import.bad_seats")]
        options[option.key] = options.get(option.key, option.default)
    log = data.get("log") or []
    if not isinstance(log, list) or not all(isinstance(e, dict) for e in log):
        return [message_for("import.not_readable")]
    entries = [LogEntry(int(e.get("seq", i + 1)), str(e.get("kind", "")), e.get("payload") or {})
               for i, e in enumerate(log)]
    profile_ref, profile = _imported_profile(entry.game.slug, data)
    refused = check_log(entry, len(seats), options, profile, entries)
    if refused is not None:
        seq, why = refused
        reason = explain(why.verdict.failures[0]) if hasattr(why, "verdict") else explain(why)
        if seq == 0:
            return [message_for("import.bad_profile", {"why": reason})]
        return [message_for("import.bad_log", {"seq": seq, "why": reason})]
    limit = current_app.config["TABLES_PER_WINDOW"]
    if store.tables_created_since(client_id(), store.window_start(current_app.config["TABLE_RATE_WINDOW"])) >= limit:
        return [_("This phone has started many tables in a short time. Wait a while, then try again.")]
    if profile_ref is None:
        created = store.create_profile(entry.game.slug, profile, "import")
        profile_ref = f"{USER}{created.token}"
    table = store.create_table(entry.game.slug, seats, options, profile_ref, client_id())
    # Replay the log into the new table, each entry with its original kind, in order.
    version = 0
    for e in entries:
        if e.kind in ("move", "undo", "redo"):
            version = store.append_event(table.id, version, e.kind, dict(e.payload), "import")
    return table


def _imported_profile(slug: str, data: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """A built-in profile the export names and still matches is used by reference; otherwise a copy is made."""
    ref = str(data.get("profile_ref") or "")
    given = data.get("profile") if isinstance(data.get("profile"), dict) else None
    if ref.startswith(BUILTIN):
        builtin_id = ref[len(BUILTIN):]
        if builtin_id in builtin_profiles(slug) and (given is None or given == builtin_profiles(slug)[builtin_id]):
            return ref, builtin_profiles(slug)[builtin_id]
    if given is not None:
        given = normalise(given)
    if given is None:
        try:
            return f"{BUILTIN}default", resolve_profile(slug, "")[0]
        except UnknownProfile:
            return "", {}
    return None, given
