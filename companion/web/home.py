"""The home page (games that work), the language switch, and starting a table."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.i18n import gettext as _
from companion.i18n import language
from companion.server import quota
from companion.web.registered import game_or_404, registered
from companion.web.tables.starting import read_new_table, start_table

from ..i18n import LANG_COOKIE, LANGUAGES
from ..profiles import builtin_profiles
from .gameweb import Registered

bp = Blueprint("home", __name__)


@bp.get("/")
def index() -> ResponseReturnValue:
    return render_template("home.html", games=registered(), offer_https=offers_https())


def offers_https() -> bool:
    """The home page leads to /trust (https at the table) where it matters: this server serves https, or the page
    came over https, or from another device than this computer (a phone on the Wi-Fi, on plain http)."""
    return bool(current_app.config.get("HTTPS_PORT")) or request.is_secure or \
        (request.remote_addr or "") not in ("127.0.0.1", "::1")


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """So the app can be added to a phone's home screen and open like an app, in the phone's language."""
    body = {
        "name": _("Table companion"), "short_name": _("Companion"), "lang": language(),
        "start_url": url_for("home.index"), "scope": "/", "display": "standalone",
        "background_color": "#ffffff", "theme_color": "#1f4e79",
        "icons": [{"src": url_for("static", filename="icons/companion.svg"), "sizes": "any",
                   "type": "image/svg+xml", "purpose": "any"}],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    return redirect(url_for("static", filename="icons/companion.svg"), 301)


@bp.post("/lang")
def set_language() -> ResponseReturnValue:
    lang = request.form.get("lang", "")
    response = redirect(same_site_path(request.form.get("next", "")) or url_for("home.index"), 303)
    if lang in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response


def same_site_path(target: str) -> str:
    """``target`` when it is a path on this site, else "". Browsers drop tabs and newlines from a URL and read
    a backslash as a slash, so "/\\t/evil.example" would lead off-site: only a plain path of printable text,
    with one leading slash and no backslash, is taken."""
    if not (0 < len(target) <= 2000 and target.isprintable()) or " " in target:
        return ""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return ""
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else ""


@bp.get("/new/<slug>")
def new_table(slug: str) -> ResponseReturnValue:
    entry = game_or_404(slug)
    form = {"profile_link": request.args.get("profile", "")}
    return _new_table_form(entry, form, {})


def _new_table_form(entry: Registered, form: Mapping[str, Any], errors: dict[str, str],
                    status: int = 200) -> ResponseReturnValue:
    return render_template("new_table.html", entry=entry, game=entry.game, form=form, errors=errors,
                           builtins=builtin_profiles(entry.game.slug)), status


@bp.post("/new/<slug>")
def create_table(slug: str) -> ResponseReturnValue:
    entry = game_or_404(slug)
    form = request.form.to_dict()
    new = read_new_table(entry.game, request.form)
    if new.errors:
        return _new_table_form(entry, form, new.errors, 422)
    table = start_table(entry.game, new)
    if table is None:
        errors = {"form": _("This phone has started many tables in a short time. Wait a while, then try again; "
                            "what you entered is kept below.")}
        return quota.with_retry_after(_new_table_form(entry, form, errors, 429))
    return redirect(url_for("tables.show", token=table.token), 303)
