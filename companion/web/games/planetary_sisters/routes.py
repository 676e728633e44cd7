"""Planetary Sisters' blueprint and its URL rules (the table page itself is the platform's)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from companion.games.planetary_sisters import Breakdown, Card, CardRef, DeckProfile

from . import cards as cardlib
from . import draft, profile_page, sheet_page, what_if
from .breakdown import formula_words, rows
from .labels import category_name, class_name, condition_name, seat_label
from .messages import ps_explain

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


@bp.app_template_global("ps_info")
def ps_info(deck: DeckProfile) -> cardlib.DeckInfo:
    return cardlib.deck_info(deck)


@bp.app_template_global("ps_icons")
def ps_icons(card: Card | CardRef, info: cardlib.DeckInfo) -> list[tuple[str, int, str, str]]:
    return cardlib.icons(card, info)


@bp.app_template_global("ps_rows")
def ps_rows(breakdown: Breakdown, guards: bool = False) -> list[Any]:
    return rows(breakdown, guards)


bp.add_app_template_global(ps_explain, "ps_explain")
bp.add_app_template_global(formula_words, "ps_formula")
bp.add_app_template_global(seat_label, "ps_seat")
bp.add_app_template_global(condition_name, "ps_condition")
bp.add_app_template_global(category_name, "ps_category")
bp.add_app_template_global(class_name, "ps_class")
