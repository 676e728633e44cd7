"""A table's pages: play, watch (read-only), the live stream and poll, entries, undo/redo, QR code, export and
import.

The routes are thin: ``table_loading`` reads a table (or answers 404), ``table_history`` words its log,
``table_transfer`` exports and imports it, ``table_render`` draws the table (the live fragment once per version for every phone); the game's
``table_model`` hook builds what its fragment draws, once per render; ``companion.tables.play`` writes.
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Iterator, Mapping

import segno
from flask import (
    Blueprint,
    Response,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.games.base import ErrorList, ImpossibleState, RulesError
from companion.i18n import gettext as _
from companion.inputs import InputError, entry_key, whole_number
from companion.storage import db
from companion.storage.models import Table
from companion.tables import live, store
from companion.tables.play import Outcome, as_seen, enter_move, redo, refused, stale, undo
from companion.tables.view import TableView, view_of
from companion.web.compress import accepts_gzip
from companion.web.guard.gate import RETRY_STREAM_SECONDS, keep_until_closed, stream_slot, watching_departure
from companion.web.guard.security import device_id
from companion.web.messages import message_for
from companion.web.pages import submitted_text
from companion.web.reasons import reason_text
from companion.web.registered import web_of
from companion.web.tables.history import history
from companion.web.tables.loading import load_for_write, load_table, load_view, view_at
from companion.web.tables.news import News, StreamWriter, news_of, share
from companion.web.tables.render import KEY_FIELD, public_url, render_table, selected, step_url
from companion.web.tables.transfer import export_chunks, import_table
from companion.web.wording import Wording

bp = Blueprint("tables", __name__)


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
    """The table read-only (a spectator, a TV, a group's read-only link); with ``?at=`` an earlier version, the
    step of a replay. Nothing here writes, and the page names no players' link."""
    view = load_view(token, watch=True)
    at = whole_number(request.args.get("at", ""), 0, view.version)
    if at is not None and at < view.version:
        earlier, past = view_at(view, at)
        return render_table(earlier, can_write=False, past=past, watching=True)
    return render_table(view, can_write=False)


def _poll(token: str, watch: bool) -> ResponseReturnValue:
    """"Anything new?": 204 (nothing to swap) while the version is unchanged, else the fresh fragment. The
    version comes from the live hub when it knows it as well as a read would (live.py), else from the database."""
    hub = live.hub()
    found = hub.known(token, watch)
    if found is None:
        found = store.version_by_token(token, watch=watch)
        if found is None:
            abort(404)
        hub.polled(token, watch, *found)
    _table_id, version = found
    seen = whole_number(request.args.get("v", ""), 0, store.MAX_VERSION)
    if seen == version:
        return Response(status=204)
    fresh = load_view(token, watch=watch)
    response = make_response(render_table(fresh, can_write=not watch))  # the version's shared render
    if not watch:  # the address follows the table, so a reload shows it now, not the step it was opened at
        response.headers["HX-Replace-Url"] = step_url(fresh, selected())  # the tapped node asked for stays
    return response


# What a stream's read may meet while the database restarts or is too busy to lend a connection: the stream
# waits and reads again (the page stays open and current), instead of ending every open page at once.
DATABASE_FAILED = (OperationalError, InterfaceError, DisconnectionError, PendingRollbackError, PoolTimeout,
                   db.ServerBusy)
STREAM_RETRY_SECONDS = 2.0
HEARTBEAT_SECONDS = 15.0  # a comment line at least this often keeps proxies and phones from closing the stream
# A stream ends after this long and the page's EventSource reconnects at once (with Last-Event-ID), so a worker
# being restarted or a proxy's read timeout never waits on a stream that would never end. Each stream ends at its
# own moment in the last quarter of it: streams opened together (a storm, below) do not all end together again.
STREAM_SECONDS = 300.0
# A page whose stream was cut reconnects after the retry its stream told it. Each stream tells its own, spread over
# these milliseconds: when a Wi-Fi blip or a proxy's restart cuts every stream of a room at once, their
# reconnections arrive over three seconds instead of in one instant (make bench's reconnect storm: 2,000 at one
# instant made the workers answer entries "busy").
RECONNECT_MS = (1000, 4000)


def _events(token: str, watch: bool) -> ResponseReturnValue:
    """The table's live stream (server-sent events): one event per new version, its ``id`` the version, its data
    the table fragment rendered once for every phone (with this phone's parts put in) and what other phones
    entered since the version the page had. A page that reconnects sends ``Last-Event-ID`` and first gets the
    table as it is now. Nothing here writes."""
    found = store.version_by_token(token, watch=watch)
    if found is None:
        abort(404)
    table_id, version = found
    raw = request.headers.get("Last-Event-ID") or request.args.get("v", "")
    known = whole_number(raw, 0, store.MAX_VERSION)
    sent = version if known is None else known
    mine = device_id()
    db.session().close()  # an open stream holds no database connection between its reads
    slot = stream_slot()  # the gate's count of it: it ends when shed or when its phone has left
    connection = request.environ.get("gunicorn.socket")

    writer = StreamWriter(gzip=accepts_gzip())

    def lines() -> Iterator[str | tuple[News, list[str]]]:
        nonlocal sent
        yield f"retry: {random.randint(*RECONNECT_MS)}\n\n"
        ends = time.monotonic() + STREAM_SECONDS * random.uniform(0.75, 1.0)
        hub = live.hub()
        hub.polled(token, watch, table_id, version)
        # The hub's version is as good as a read (live.Hub.known, which says None when it is not): taken when the
        # hub's news woke the stream, and on its first turn, where a reconnecting page would otherwise read the
        # version a second time (a room's pages reconnecting together: one read each, not two).
        told = True
        with hub.listening(table_id) as listener, watching_departure(connection, slot):
            if slot is not None:
                slot.wake = listener.news.set
            while time.monotonic() < ends and not (slot is not None and slot.stop.is_set()):
                listener.news.clear()
                try:  # a heartbeat's turn reads the database (a table deleted meanwhile is noticed)
                    now = (hub.known(token, watch) if told else None) or store.version_by_token(token, watch=watch)
                    news = news_of(token, watch, now[1]) if now is not None and now[1] != sent else None
                except DATABASE_FAILED:  # a restart, a pool that could not spare a connection in time
                    _release_session()  # the stream holds no connection while it waits to read again
                    yield ": the database did not answer; trying again\n\n"
                    told = False
                    listener.news.wait(STREAM_RETRY_SECONDS)
                    continue
                if now is None:  # the table is gone
                    yield "event: gone\ndata: {}\n\n"
                    return
                if news is not None:
                    db.session().close()
                    yield news, news.said_to(mine, sent)
                    sent = news.version
                    continue
                db.session().close()
                told = listener.news.wait(HEARTBEAT_SECONDS)
                if not told:
                    yield ": still here\n\n"
        if slot is not None and slot.reason == "shed":  # the worker is full: the page polls, and comes back later
            yield f"retry: {RETRY_STREAM_SECONDS * 1000}\n\n"

    def stream() -> Iterator[bytes]:
        for line in lines():
            yield writer.text(line) if isinstance(line, str) else writer.table(*line)
        yield writer.end()

    response = Response(stream_with_context(stream()), mimetype="text/event-stream", headers=writer.headers)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # a proxy in front (nginx) must pass each event on at once
    return keep_until_closed(response)


def _release_session() -> None:
    """After a failed read: the session's connection goes back (invalidated by the pool if it was cut)."""
    try:
        db.session().close()
    except DATABASE_FAILED:
        db.session().invalidate()


@bp.get("/t/<token>/events")
def events(token: str) -> ResponseReturnValue:
    return _events(token, watch=False)


@bp.get("/w/<token>/events")
def watch_events(token: str) -> ResponseReturnValue:
    return _events(token, watch=True)


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
                response.headers["HX-Push-Url"] = step_url(view, selected())
                if not outcome.repeat:  # drawn for this answer: every worker's streams read it, not draw it
                    share(view, watch=False)
            return response
        return redirect(step_url(view, selected()), 303)
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
    view = load_for_write(token, tap_key())
    web = web_of(view.table.game)
    version = based_on()
    seen = as_seen(view, version)
    if seen is None:
        return answer(stale(view, version, device_id()), entry_form())
    try:
        typed = web.form_to_move(request.form, seen)
    except RulesError as exc:
        return answer(refused(view, exc), entry_form())
    return answer(enter_move(view, version, typed, device_id(), web.learnt, tap_key()), entry_form())


def tap_key() -> str:
    """The key the phone made for this tap (its page's script, or the form as rendered): "" when absent."""
    return entry_key(request.form.get(KEY_FIELD, ""))


@bp.post("/t/<token>/undo")
def undo_last(token: str) -> ResponseReturnValue:
    """Undo the newest standing entry. One another phone made is undone only once the player confirms it: the
    first tap asks (the table shown, naming the entry and the phone), so nobody takes back another's entry by
    a stray tap."""
    view = load_for_write(token, tap_key())
    version = based_on()
    last = view.log.standing[-1] if view.log.standing and version == view.version else None
    if last is not None and request.form.get("confirm") != str(last.seq) and _made_elsewhere(view, last.seq):
        line = next((h for h in history(view) if h.seq == last.seq), None)
        notice = _("This entry was made on another phone (%(phone)s): %(what)s. Undo it?",
                   phone=line.by if line else "?", what=line.text if line else "")
        return render_table(view, can_write=True, notice=notice, pending={"confirm_undo": str(last.seq)})
    return answer(undo(view, version, device_id(), tap_key()), {})


def _made_elsewhere(view: TableView, seq: int) -> bool:
    made = store.device_of(view.table.id, seq)
    return made is not None and made != device_id()


@bp.post("/t/<token>/redo")
def redo_last(token: str) -> ResponseReturnValue:
    view = load_for_write(token, tap_key())
    return answer(redo(view, based_on(), device_id(), tap_key()), {})


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
    """The table as a file (game, options, seats, profile, whole log), streamed a batch of entries at a time so a
    long log holds no other phone on the worker up."""
    view = load_view(token)
    filename = f"{view.table.game}-table-v{view.version}.json"
    return Response(stream_with_context(export_chunks(view)), mimetype="application/json",
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


__all__ = ["answer", "based_on", "bp", "entry_form", "public_url", "render_table", "view_of"]
