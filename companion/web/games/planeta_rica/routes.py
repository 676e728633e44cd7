"""Planeta Rica's blueprint: the scoring page (no table needed) and the tracker's VP question. The table page
itself is the platform's, the deck profile editor the platform's generic one (``/profiles/planeta-rica``)."""

from __future__ import annotations

from flask import Blueprint

from . import score_page, table_vp

bp = Blueprint("planeta_rica", __name__, url_prefix="/planeta-rica")

bp.add_url_rule("/score", "score", score_page.show, methods=["GET"])
bp.add_url_rule("/score", "score_act", score_page.act, methods=["POST"])
# The tracker's VP question (play link only): the answers go into the table's own deck profile copy.
bp.add_url_rule("/t/<token>/vp", "table_vp", table_vp.answer_vp, methods=["POST"])
