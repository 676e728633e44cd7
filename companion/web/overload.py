"""Honest answers when the server cannot do what was asked: busy (503) or out of storage (507), quickly, with
``Retry-After`` and a plain message in the player's language; never a 500, never half a minute of waiting.

The database is waited for at most ``db.WAIT_SECONDS`` (a pooled connection, the write lock, SQLite's lock); past
that the request ends here with nothing written. The page's script (static/js/app.js) shows the message above
the form and keeps what the player entered, so it can be sent again; without the script the error page says the
same. Under /api/ the answer is the API's JSON error.
"""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from ..db import ServerBusy
from .api import error_response
from .pages import is_htmx

RETRY_AFTER_SECONDS = 5
INSUFFICIENT_STORAGE = 507

# What the databases say when their disk is full: SQLite's SQLITE_FULL, PostgreSQL's class 53 (53100 disk_full).
_DISK_FULL = ("database or disk is full", "disk is full", "no space left on device", "could not extend file")
# What they say when another writer held on past the wait: SQLite's SQLITE_BUSY, PostgreSQL's lock timeouts.
_BUSY = ("database is locked", "database table is locked", "lock timeout", "canceling statement due to")


def storage_full(exc: BaseException) -> bool:
    said = str(getattr(exc, "orig", exc)).lower()
    code = getattr(getattr(exc, "orig", None), "sqlstate", None)
    return code == "53100" or any(words in said for words in _DISK_FULL)


def database_busy(exc: BaseException) -> bool:
    said = str(getattr(exc, "orig", exc)).lower()
    return any(words in said for words in _BUSY)


def busy_answer() -> Response:
    if request.method in ("GET", "HEAD"):  # a page or a look: nothing was sent to be saved
        return _answer(503, _("The server is busy"),
                       _("The server is too busy to answer right now. Try again in a few seconds."))
    return _answer(503, _("The server is busy"),
                   _("Not saved: the server is too busy to answer right now. What you entered is kept here; "
                     "send it again in a few seconds."))


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
    else:
        response = Response(render_template("error.html", code=code, title=title, message=message), status=code)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


def init_app(app: Flask) -> None:
    @app.errorhandler(ServerBusy)
    @app.errorhandler(PoolTimeout)
    def _busy(_exc: Exception) -> ResponseReturnValue:
        return busy_answer()

    @app.errorhandler(OperationalError)
    def _operational(exc: OperationalError) -> ResponseReturnValue:
        if storage_full(exc):
            return storage_full_answer()
        if database_busy(exc):
            return busy_answer()
        raise exc

    @app.errorhandler(OSError)
    def _os_error(exc: OSError) -> ResponseReturnValue:
        import errno

        if exc.errno in (errno.ENOSPC, errno.EDQUOT):  # a file the server writes (a PDF cache, an export)
            return storage_full_answer()
        raise exc
