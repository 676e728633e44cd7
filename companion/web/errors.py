"""Error pages: every HTTP error and a lost CSRF token answer a page in the player's language (JSON under /api)."""

from __future__ import annotations

from flask import Flask, redirect, render_template, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion.i18n import gettext as _
from companion.storage.tokens import is_token
from companion.web.api import routes as api


def _table_of(path: str) -> str:
    """The table a form's address belongs to (``/t/<token>/move`` and the like: the players' link), or ""."""
    parts = path.split("/")
    return f"/t/{parts[2]}" if len(parts) > 3 and parts[1] == "t" and is_token(parts[2]) else ""


def init_app(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def _csrf_error(exc: CSRFError) -> ResponseReturnValue:
        message = _("This page was open too long or lost its session: nothing was saved. "
                    "Go back, reload the page and enter it again.")
        return render_template("error.html", code=400, title=_("Please reload"), message=message), 400

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> ResponseReturnValue:
        if request.path.startswith("/api/"):
            return api.http_error(exc)
        titles = {
            404: _("Not found"),
            405: _("Not allowed"),
            413: _("Too large"),
            429: _("Too many requests"),
        }
        messages = {
            404: _("There is nothing at this address. A table's link must be copied whole."),
            413: _("What was sent is larger than this app accepts: text pasted into a form up to 1 MiB, an "
                   "uploaded file up to 8 MiB."),
        }
        code = exc.code or 500
        table = _table_of(request.path) if code == 405 and request.method == "GET" else ""
        if table:  # an entry's answer reloaded, or its address opened again: the table as it is now, not an error
            return redirect(table, 303)
        title = titles.get(code, _("Something went wrong"))
        message = messages.get(code, exc.description or "")
        headers = {k: v for k, v in exc.get_headers() if k in ("Retry-After", "Allow")}  # when to come back
        return render_template("error.html", code=code, title=title, message=message), code, headers
