"""The web layer: blueprints, CSRF, security headers, error pages, and the games' web packages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf
from werkzeug.exceptions import HTTPException

from ..i18n import pick
from . import security
from .games import playable
from .messages import PLATFORM_MESSAGES, explain, field_label, option_label

csrf = CSRFProtect()


def is_htmx() -> bool:
    """A fragment is wanted only by htmx's own requests (not boosted ones, which want whole pages)."""
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page(template: str, fragment: str | None = None, status: int = 200, **context: Any):  # type: ignore[no-untyped-def]
    """A full page, or just its fragment for an htmx request; the page includes the same fragment."""
    name = fragment if (fragment and is_htmx()) else template
    return render_template(name, **context), status


def register_web(app: Flask) -> None:
    from . import api, home, printing, profiles, tables

    csrf.init_app(app)
    security.init_app(app)

    registered = playable(tuple(app.config.get("EXTRA_GAMES") or ()))
    app.extensions["companion_games"] = registered
    messages: dict[str, Any] = dict(PLATFORM_MESSAGES)
    for entry in registered.values():
        messages.update(entry.web.messages)
    app.extensions["companion_messages"] = messages

    app.register_blueprint(home.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # stateless JSON calls read no cookies
    for entry in registered.values():
        if entry.web.blueprint is not None and entry.web.blueprint.name not in app.blueprints:
            app.register_blueprint(entry.web.blueprint)
    printing.init_app(app)  # card sheets, play aids, score summaries (PDF)

    # Each part may bring a stylesheet of its own: static/css/parts/<name>.css, linked on every page.
    css_dir = Path(app.static_folder or "") / "css" / "parts"
    part_styles = sorted(f"css/parts/{p.name}" for p in css_dir.glob("*.css")) if css_dir.is_dir() else []
    app.jinja_env.globals.update(part_styles=part_styles, csrf_token=generate_csrf, explain=explain, field_label=field_label, option_label=option_label, pick=pick, is_htmx=is_htmx)

    @app.errorhandler(CSRFError)
    def _csrf_error(exc: CSRFError):  # type: ignore[no-untyped-def]
        message = _("This page was open too long or lost its session: nothing was saved. "
                    "Go back, reload the page and enter it again.")
        return render_template("error.html", code=400, title=_("Please reload"), message=message), 400

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):  # type: ignore[no-untyped-def]
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
            413: _("What was sent is larger than this app accepts (1 MiB)."),
        }
        code = exc.code or 500
        title = titles.get(code, _("Something went wrong"))
        message = messages.get(code, exc.description or "")
        return render_template("error.html", code=code, title=title, message=message), code
