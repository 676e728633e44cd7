"""Planeta Rica's blueprint: the scoring page (no table needed). The table page itself is the platform's, the
deck profile editor the platform's generic one (``/profiles/planeta-rica``)."""

from __future__ import annotations

from flask import Blueprint

from . import score_page

bp = Blueprint("planeta_rica", __name__, url_prefix="/planeta-rica")

bp.add_url_rule("/score", "score", score_page.show, methods=["GET"])
bp.add_url_rule("/score", "score_act", score_page.act, methods=["POST"])
