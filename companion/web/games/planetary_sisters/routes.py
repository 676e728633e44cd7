"""Planetary Sisters' blueprint and its URL rules (the table page itself is the platform's). No template
globals: every page's handler builds what its template draws."""

from __future__ import annotations

from flask import Blueprint

from . import draft, profile_page, sheet_page, what_if

bp = Blueprint("planetary_sisters", __name__, url_prefix="/planetary-sisters")

bp.add_url_rule("/score", "score", sheet_page.show, methods=["GET"])
bp.add_url_rule("/score", "score_act", sheet_page.act, methods=["POST"])
bp.add_url_rule("/t/<token>/draft", "draft", draft.draft, methods=["POST"])
bp.add_url_rule("/t/<token>/what-if", "what_if", what_if.what_if_page, methods=["GET", "POST"])
bp.add_url_rule("/profiles", "profiles", profile_page.index, methods=["GET"])
bp.add_url_rule("/profiles/copy", "profile_copy", profile_page.copy, methods=["POST"])
bp.add_url_rule("/profiles/open", "profile_open", profile_page.open_link, methods=["GET"])
bp.add_url_rule("/profile/<token>", "profile", profile_page.edit, methods=["GET"])
bp.add_url_rule("/profile/<token>/card", "profile_card", profile_page.save_card, methods=["POST"])
bp.add_url_rule("/profile/<token>/forget", "profile_forget", profile_page.forget_card, methods=["POST"])
bp.add_url_rule("/profile/<token>/rename", "profile_rename", profile_page.rename, methods=["POST"])
