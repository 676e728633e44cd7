"""Planetary Sisters' blueprint and its URL rules (the table page itself is the platform's). No template
globals: every page's handler builds what its template draws.

The deck profile editor is the platform's one editor (``/profiles/planetary-sisters``, ``/p/<token>``); the
addresses this game's own editor had are kept as redirects, since phones have them bookmarked.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.web.remembering import profile_exists

from . import draft, sheet_page, what_if

bp = Blueprint("planetary_sisters", __name__, url_prefix="/planetary-sisters")

bp.add_url_rule("/score", "score", sheet_page.show, methods=["GET"])
bp.add_url_rule("/score", "score_act", sheet_page.act, methods=["POST"])
bp.add_url_rule("/t/<token>/draft", "draft", draft.draft, methods=["POST"])
bp.add_url_rule("/t/<token>/what-if", "what_if", what_if.what_if_page, methods=["GET", "POST"])


@bp.get("/profiles")
def old_profiles() -> ResponseReturnValue:
    return redirect(url_for("profiles.index", slug="planetary-sisters"), 301)


@bp.get("/profiles/open")
def old_open() -> ResponseReturnValue:
    return redirect(url_for("profiles.open_link", slug="planetary-sisters", link=request.args.get("link", "")[:300]),
                    301)


@bp.get("/profile/<token>")
def old_profile(token: str) -> ResponseReturnValue:
    if not profile_exists(token):  # an odd or unknown token names nothing: no redirect to pass it on
        abort(404)
    rank = request.args.get("rank", "")[:8]
    return redirect(url_for("profiles.edit", token=token, card=rank or None), 301)
