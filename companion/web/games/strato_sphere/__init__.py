"""Strato-Sphere in the web layer: the tracker (the table fragment), the dispute page, the referee API.

    tracker_view.py  what the table fragment draws: the ring, seats, pile, discard, moves of a tapped node,
                     the reveal's card picker, the defence window, forces, the end (templates/strato_sphere/)
    dispute.py       "may this node attack that one?" / "does this card defend?" without a table
    forms.py         entry forms -> move JSON; logged moves -> history lines
    messages.py      every reason code in words (en source; ja in translations/)
    display.py       cards, forces, nodes and reasons as a page shows them
    api.py           POST /api/v1/strato-sphere/attack and /defend
    summary.py       the result and per-seat figures for a score summary

Rules are the engine's (companion/games/strato_sphere/): this package parses taps, asks the engine, draws.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from flask_babel import lazy_gettext as _l

from companion.web.gameweb import GameWeb, TableRequest, TableViewLike
from companion.web.pages import page

from . import dispute, tracker_view
from .api import ROUTES
from .display import RANKS, RED_SUITS, SUIT_SYMBOL, SUITS
from .forms import describe_move, form_to_move
from .messages import MESSAGES
from .printables import PRINTABLES
from .summary import summary

bp = Blueprint("strato_sphere", __name__, url_prefix="/strato-sphere")


@bp.get("/dispute", endpoint="dispute")
def dispute_page():  # type: ignore[no-untyped-def]
    """Settle a dispute in a few taps, no table needed (a GET form: it changes nothing)."""
    return page("strato_sphere/dispute.html", "strato_sphere/_dispute.html", d=dispute.build(request.args))


def table_model(view: TableViewLike, asked: TableRequest) -> tracker_view.Tracker:
    """The table fragment's model (templates/strato_sphere/_table.html draws it); a tapped node comes in the
    page's query (``sel``) or, after a refused entry, in the form sent back."""
    return tracker_view.build(view, {**asked.selected, **asked.pending}, asked.can_write)


@bp.app_template_global("strato_sphere_cards")
def cards() -> dict[str, Any]:
    """The card picker's chips: ranks A … 2 and the four suits, as (value, label, css class)."""
    return {
        "ranks": [(rank, rank, "") for rank in RANKS],
        "suits": [(suit, SUIT_SYMBOL[suit], "red" if suit in RED_SUITS else "black") for suit in SUITS],
    }


WEB = GameWeb(
    slug="strato-sphere",
    table_template="strato_sphere/_table.html",
    form_to_move=form_to_move,
    describe_move=describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=ROUTES,
    tools=(("strato_sphere.dispute", _l("Settle a dispute")),),
    summary=summary,
    table_model=table_model,
    printables=PRINTABLES,
)
