"""The web layer: wires the blueprints, CSRF, security headers, error pages and the games' web packages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask
from flask_wtf.csrf import CSRFProtect, generate_csrf

from companion.web import compress, errors, home, printing, rules, trust
from companion.web.api import routes as api
from companion.web.groups import downloads as _group_downloads  # noqa: F401  (its routes join the groups blueprint)
from companion.web.groups import routes as groups
from companion.web.guard import admission, gate, overload, security
from companion.web.profiles import routes as profiles
from companion.web.profiles.desk import Desk
from companion.web.tables import hooks as table_hooks
from companion.web.tables import routes as tables
from companion.web.tables import table_entry as _table_entry  # noqa: F401  (its route joins the tables blueprint)

from ..i18n import pick
from .gameweb import ProfileDesk, playable
from .japanese import mark_ja
from .memo import MemoExtension
from .messages import PLATFORM_MESSAGES, explain, field_label, option_label, rule_name
from .pages import form_tokens, is_htmx

csrf = CSRFProtect()


def register_web(app: Flask) -> None:
    compress.init_app(app)  # its after_request runs last: what every other hook left, gzipped once
    gate.init_app(app)  # first of the hooks before a request: what one client may hold of this worker, before any other work
    security.init_app(app)  # its body limits apply before CSRFProtect reads the form
    admission.init_app(app)  # a saturated worker answers "busy" before any work, CSRF's form parsing included
    csrf.init_app(app)

    registered = playable(tuple(app.config.get("EXTRA_GAMES") or ()))
    app.extensions["companion_games"] = registered
    app.extensions["companion_engines"] = {slug: entry.game for slug, entry in registered.items()}
    messages: dict[str, Any] = dict(PLATFORM_MESSAGES)
    for entry in registered.values():
        messages.update(entry.web.messages)
    app.extensions["companion_messages"] = messages
    desk: ProfileDesk = Desk()  # what the games' quick tools ask of deck profiles (typed against the contract)
    app.extensions["companion_profile_desk"] = desk

    app.register_blueprint(home.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(table_hooks.bp)
    app.register_blueprint(profiles.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(groups.bp)
    csrf.exempt(api.bp)  # stateless JSON calls read no cookies
    for entry in registered.values():
        if entry.web.blueprint is not None and entry.web.blueprint.name not in app.blueprints:
            app.register_blueprint(entry.web.blueprint)
    printing.init_app(app)  # card sheets, play aids, score summaries (PDF)
    rules.init_app(app)  # the rules pages, their search and lookup, a link from every ruling id to its clause
    trust.init_app(app)  # https at the table: how a phone trusts this computer; what plain http pages offer instead
    errors.init_app(app)
    app.jinja_env.filters["mark_ja"] = mark_ja  # Japanese words on English pages: lang="ja"
    app.jinja_env.add_extension(MemoExtension)  # {% memo %}: a part drawn once for what it shows (issue 39)
    overload.init_app(app)  # busy (503) and storage full (507): quick, honest, the entry kept

    # Each part may bring a stylesheet of its own: static/css/parts/<name>.css, linked on every page.
    css_dir = Path(app.static_folder or "") / "css" / "parts"
    part_styles = sorted(f"css/parts/{p.name}" for p in css_dir.glob("*.css")) if css_dir.is_dir() else []
    app.jinja_env.globals.update(part_styles=part_styles, csrf_token=generate_csrf, form_tokens=form_tokens,
                                 explain=explain, field_label=field_label, option_label=option_label, pick=pick, is_htmx=is_htmx,
                                 rule_name=rule_name)

