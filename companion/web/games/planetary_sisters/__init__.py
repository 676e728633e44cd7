"""Planetary Sisters (遊星姊妹) in the web layer.

- The scoring page (``/planetary-sisters/score``, on the home page card): a finished game's cards tapped in,
  every player's six house and six field-bonus categories with their working, the ranking and the winner.
- The round tracker: the table fragment (templates/planetary_sisters/_table.html) for the platform's table
  page, with the entry forms (``table.form_to_move``), the history lines, "what if" for the player to move,
  and the houses scored at the end from the log.
- The deck profile editor with the PS-2 checklist (``/planetary-sisters/profiles``).
- ``POST /api/v1/planetary-sisters/score`` (``api.py``).

The rules are the engine's (companion.games.planetary_sisters): this package reads forms, calls it, renders.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint
from flask_babel import lazy_gettext as _l

from companion.games.planetary_sisters import GAME, Breakdown, Card, CardRef, DeckProfile, Phase
from companion.web.gameweb import GameWeb, TableRequest, TableViewLike

from . import cards as cardlib
from . import profile_page, sheet_page, table
from .api import ROUTES
from .breakdown import formula_words, rows
from .labels import category_name, class_name, condition_name, seat_label, set_seats
from .messages import MESSAGES, ps_explain
from .summary import summary

bp = Blueprint("planetary_sisters", __name__, url_prefix="/planetary-sisters")

bp.add_url_rule("/score", "score", sheet_page.show, methods=["GET"])
bp.add_url_rule("/score", "score_act", sheet_page.act, methods=["POST"])
bp.add_url_rule("/t/<token>/draft", "draft", table.draft, methods=["POST"])
bp.add_url_rule("/t/<token>/what-if", "what_if", table.what_if_page, methods=["GET", "POST"])
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


def table_model(view: TableViewLike, asked: TableRequest) -> dict[str, Any]:
    """What the table fragment shows (templates/planetary_sisters/_table.html draws it)."""
    pending = asked.pending
    state = view.state
    set_seats(view.table.seats)
    info = cardlib.deck_info(state.deck)
    return {
        "state": state,
        "info": info,
        "phase": state.phase.value,
        "score": GAME.table_score(state) if state.phase is not Phase.SETUP else None,
        "what_if": table.what_if_for(view) if state.phase is Phase.TURNS else None,
        "flow": GAME.flow_facts(state),
        "setup": table.draft_view(view, pending, "setup") if state.phase is Phase.SETUP else None,
        "reveal": table.draft_view(view, pending, "reveal") if state.phase is Phase.REVEAL else None,
        "reveal_seat": table.reveal_seat(state, pending),
        "in_play": table.ranks_in_play(state),
        "profile_token": view.profile_ref.token,
        "learned": state.learned_cards(),
        "known": len(state.deck.cards),
    }


WEB = GameWeb(
    slug="planetary-sisters",
    table_template="planetary_sisters/_table.html",
    form_to_move=table.form_to_move,
    describe_move=table.describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=ROUTES,
    tools=(
        ("planetary_sisters.score", _l("Score a finished game")),
        ("planetary_sisters.profiles", _l("Card editor and checklist")),
    ),
    summary=summary,
    after_move=table.remember_after_move,
    table_model=table_model,
)
