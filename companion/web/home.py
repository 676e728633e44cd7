"""The home page (games that work), the language switch, and starting a table."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..i18n import LANG_COOKIE, LANGUAGES
from ..play import BUILTIN, USER, UnknownProfile, games, resolve_profile
from ..profiles import builtin_profiles
from .security import client_id

bp = Blueprint("home", __name__)


@bp.get("/")
def index():  # type: ignore[no-untyped-def]
    return render_template("home.html", games=games())


@bp.post("/lang")
def set_language():  # type: ignore[no-untyped-def]
    lang = request.form.get("lang", "")
    target = request.form.get("next", "") or url_for("home.index")
    if not target.startswith("/") or target.startswith("//"):
        target = url_for("home.index")
    response = redirect(target, 303)
    if lang in LANGUAGES:
        response.set_cookie(LANG_COOKIE, lang, max_age=60 * 60 * 24 * 365, samesite="Lax")
    return response


def _registered_or_404(slug: str):  # type: ignore[no-untyped-def]
    entry = games().get(slug)
    if entry is None:
        abort(404)
    return entry


@bp.get("/new/<slug>")
def new_table(slug: str):  # type: ignore[no-untyped-def]
    entry = _registered_or_404(slug)
    form = {"profile_link": request.args.get("profile", "")}
    return _new_table_form(entry, form, {})


def _new_table_form(entry, form: dict[str, Any], errors: dict[str, str], status: int = 200):  # type: ignore[no-untyped-def]
    return render_template("new_table.html", entry=entry, game=entry.game, form=form, errors=errors,
                           builtins=builtin_profiles(entry.game.slug)), status


def parse_profile_ref(slug: str, raw: str) -> str:
    """A built-in profile id, or a user profile's link or token pasted into the form."""
    raw = raw.strip()
    if not raw or raw.startswith(BUILTIN):
        return raw or (f"{BUILTIN}{next(iter(builtin_profiles(slug)))}" if builtin_profiles(slug) else "")
    token = raw.rstrip("/").rsplit("/", 1)[-1]
    token = token.removesuffix(".toml").removesuffix(".json")
    return f"{USER}{token}"


@bp.post("/new/<slug>")
def create_table(slug: str):  # type: ignore[no-untyped-def]
    entry = _registered_or_404(slug)
    game = entry.game
    form = request.form.to_dict()
    errors: dict[str, str] = {}
    names = [request.form.get(f"seat{i}", "").strip() for i in range(max(game.player_counts))]
    seats = [n for n in names if n]
    if len(seats) not in game.player_counts:
        counts = " / ".join(str(n) for n in game.player_counts)
        errors["seats"] = _("Enter the names of %(counts)s players, in clockwise order.", counts=counts)
    elif len({s.casefold() for s in seats}) != len(seats):
        errors["seats"] = _("Two seats have the same name; give each player a different one.")
    elif any(len(s) > 40 for s in seats):
        errors["seats"] = _("A name may have at most 40 characters.")
    options: dict[str, str] = {}
    for option in game.options:
        value = request.form.get(f"option_{option.key}", option.default)
        if value not in option.choices:
            errors[f"option_{option.key}"] = _("Choose one of the offered settings.")
        options[option.key] = value
    chosen = request.form.get("profile_link", "").strip() or request.form.get("profile", "")
    profile_ref = parse_profile_ref(slug, chosen)
    try:
        resolve_profile(slug, profile_ref)
    except UnknownProfile:
        errors["profile"] = _("No deck profile of this game is at that link.")
    if errors:
        return _new_table_form(entry, form, errors, 422)
    config = current_app.config
    creator = client_id()
    recent = store.tables_created_since(creator, store.window_start(config["TABLE_RATE_WINDOW"]))
    if recent >= config["TABLES_PER_WINDOW"]:
        errors["form"] = _("This phone has started many tables in a short time. Wait a while, then try again; "
                           "what you entered is kept below.")
        return _new_table_form(entry, form, errors, 429)
    table = store.create_table(slug, seats, options, profile_ref, creator)
    return redirect(url_for("tables.show", token=table.token), 303)
