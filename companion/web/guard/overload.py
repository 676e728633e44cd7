"""Honest answers when the server cannot do what was asked: busy (503) or out of storage (507), quickly, with
``Retry-After`` and a plain message in the player's language; never a 500, never half a minute of waiting.

The database is waited for at most ``db.WAIT_SECONDS`` (a pooled connection, the write lock, SQLite's lock); past
that the request ends here with nothing written. The page's script (static/js/app.js) shows the message above
the form and keeps what the player entered, so it can be sent again; without the script the error page says the
same. Under /api/ the answer is the API's JSON error.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, Response, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import DBAPIError, DisconnectionError, InterfaceError, OperationalError, PendingRollbackError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from companion.i18n import gettext as _
from companion.storage.db import ServerBusy
from companion.web.api.problems import error_response
from companion.web.pages import is_htmx

RETRY_AFTER_SECONDS = 5
INSUFFICIENT_STORAGE = 507

# What the databases say when their disk is full: SQLite's SQLITE_FULL, PostgreSQL's class 53 (53100 disk_full).
_DISK_FULL = ("database or disk is full", "disk is full", "no space left on device", "could not extend file")
def storage_full(exc: BaseException) -> bool:
    said = str(getattr(exc, "orig", exc)).lower()
    code = getattr(getattr(exc, "orig", None), "sqlstate", None)
    return code == "53100" or any(words in said for words in _DISK_FULL)


def busy_answer() -> Response:
    if request.method in ("GET", "HEAD"):  # a page or a look: nothing was sent to be saved
        return _answer(503, _("The server is busy"),
                       _("The server is too busy to answer right now. Try again in a few seconds."))
    # A write may have been cut after its commit: "not saved yet" would not always be true, and it does not
    # matter, since the same tap sent again (its key) is saved once whatever became of the first.
    return _answer(503, _("The server is busy"),
                   _("The server could not answer just now. What you entered is kept here: send it again in a few "
                     "seconds (it is saved once, however often it is sent)."))


def storage_full_answer() -> Response:
    return _answer(INSUFFICIENT_STORAGE, _("Not saved"),
                   _("Not saved: the server's storage is full. What you entered is kept here; send it again "
                     "once the server has space (tell whoever runs it)."))


def _answer(code: int, title: str, message: str) -> Response:
    if request.path.startswith("/api/"):
        response = error_response(code, [{"path": "", "code": "server.busy" if code == 503 else "server.full",
                                          "message": message, "rule": "", "rule_url": ""}])
    elif is_htmx():  # the page's script shows this text above the form and keeps the entry (app.js)
        response = Response(message, status=code, mimetype="text/plain")
    else:  # a plain form (no script): the page offers the same form again, filled in, to send once more
        response = Response(render_template("error.html", code=code, title=title, message=message,
                                            resend=_resend()), status=code)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


@dataclass(frozen=True)
class Resend:
    """What a refused plain form sent, to be drawn again as a form that sends it once more: its fields (the tap's
    key among them, so a second send never writes twice) and where it went. Files cannot be drawn again."""

    action: str
    fields: tuple[tuple[str, str], ...]
    back: str  # the page it came from, when its address says so (a table's, a group's)


def _resend() -> Resend | None:
    if request.method != "POST" or not request.form:
        return None
    action = request.full_path.rstrip("?")
    parts = request.path.split("/")
    back = "/".join(parts[:3]) if len(parts) > 3 and parts[1] in ("t", "g") else ""
    return Resend(action, tuple(request.form.items(multi=True)), back)


def init_app(app: Flask) -> None:
    @app.errorhandler(ServerBusy)
    @app.errorhandler(PoolTimeout)
    def _busy(_exc: Exception) -> ResponseReturnValue:
        return busy_answer()

    # The database failed under the request: its server restarted, a connection was cut (before or after a
    # commit), it refused new connections, it ran out of disk. None of these is the player's doing or a bug to
    # show as a 500: it is "busy, try again" (or "storage full"), and the page sends the same tap again with its
    # key (static/js/live.js), so an entry whose commit did land is answered "saved" and never written twice.
    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(DisconnectionError)
    @app.errorhandler(PendingRollbackError)
    def _database_failed(exc: Exception) -> ResponseReturnValue:
        if storage_full(exc):
            return storage_full_answer()
        return busy_answer()

    @app.errorhandler(DBAPIError)
    def _dbapi(exc: DBAPIError) -> ResponseReturnValue:
        if exc.connection_invalidated or storage_full(exc):  # a dropped connection, whatever the driver called it
            return storage_full_answer() if storage_full(exc) else busy_answer()
        raise exc

    @app.errorhandler(OSError)
    def _os_error(exc: OSError) -> ResponseReturnValue:
        import errno

        if exc.errno in (errno.ENOSPC, errno.EDQUOT):  # a file the server writes (a PDF cache, an export)
            return storage_full_answer()
        raise exc
