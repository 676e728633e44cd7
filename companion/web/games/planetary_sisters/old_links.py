"""Addresses this game's own deck profile editor had, kept as permanent redirects to the platform's one editor
(``/profiles/planetary-sisters``, ``/p/<token>``), since phones have them bookmarked."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.web.gameweb import profile_desk

SLUG = "planetary-sisters"


def old_profiles() -> ResponseReturnValue:
    return redirect(url_for("profiles.index", slug=SLUG), 301)


def old_open() -> ResponseReturnValue:
    return redirect(url_for("profiles.open_link", slug=SLUG, link=request.args.get("link", "")[:300]), 301)


def old_profile(token: str) -> ResponseReturnValue:
    if not profile_desk().exists(token):  # an odd or unknown token names nothing: no redirect to pass it on
        abort(404)
    rank = request.args.get("rank", "")[:8]
    return redirect(url_for("profiles.edit", token=token, card=rank or None), 301)
