"""Lumière Prière (ルミエル†プリエール) in the web layer.

- The capture checker ``/lumiere/captures`` (``dispute.py``): set up a field by tapping, see what the get phase
  takes and why; no table needed (a tool on the home page card).
- The tracker (``tracker.py``, ``templates/lumiere/_table.html``): a table of 3 or 4 players, the turn's phases
  in order, hands, decks, point areas, running scores and the winner.
- ``POST /api/v1/lumiere/captures`` (``api.py``): the engine's handler.
- Messages for every reason code, ids shown as names (``messages.py``, ``labels.py``).
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.web.gameweb import GameWeb, TableRequest, TableViewLike

from . import dispute, tracker
from .api import CAPTURES
from .blueprint import bp
from .labels import card_name
from .messages import MESSAGES


def table_model(view: TableViewLike, asked: TableRequest) -> tracker.TrackerView:
    """The table fragment's model (templates/lumiere/_table.html draws it)."""
    return tracker.tracker(view, asked.pending)


__all__ = ["WEB", "dispute", "tracker"]

WEB = GameWeb(
    slug="lumiere",
    table_template="lumiere/_table.html",
    form_to_move=tracker.form_to_move,
    describe_move=tracker.describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=(CAPTURES,),
    tools=(("lumiere.captures", _l("Check a capture")),),
    summary=tracker.summary,
    choice_label=lambda key, choice: card_name(choice) if key == "id" else choice,
    table_model=table_model,
)
