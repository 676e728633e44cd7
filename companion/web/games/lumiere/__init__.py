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

from companion.web.games import GameWeb

from . import dispute, tracker
from .api import CAPTURES
from .blueprint import bp
from .labels import card_name
from .messages import MESSAGES
from .printables import PRINTABLES


@bp.app_template_global("lumiere_tracker")
def _tracker_global(view, pending=None):  # type: ignore[no-untyped-def]
    return tracker.tracker(view, pending)


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
    printables=PRINTABLES,
    choice_label=lambda key, choice: card_name(choice) if key == "id" else choice,
    # The seat whose turn it is (in setup: the seat placing its commoner); choosing the first player is
    # the whole table's.
    actor=lambda before, move: None if move.get("kind") == "first" else before.turn,
)
