"""Lumière Prière (ルミエル†プリエール) in the web layer.

Where to look:
  routes.py    the blueprint: every URL rule of the game (the capture checker at ``/lumiere/captures``)
  forms.py     the table's entry forms -> the engine's typed move
  model.py     the table fragment's frozen model (templates/lumiere/_table.html draws it): phases, hands,
               decks, the field, point areas, running scores and the winner
  history.py   one history line per typed move, seats named by the Wording the platform passes; what Undo
               says about a get phase (LP-5)
  messages.py  every reason code as a sentence (ids shown as names by labels.py)
  labels.py    card names, areas ("B3"; "[1, 2]" in the API), lines, phases in the current language (seats:
               companion.web.wording)
  summary.py   the score summary, from GAME.score(state)
  api.py       ``POST /api/v1/lumiere/captures``: the engine's handler and its schemas
  profile_fields.py  its part of the one profile editor: the twelve cards, each known or not, and their form
  tool.py      the quick tool, the capture checker ``/lumiere/captures`` (templates/lumiere/tool.html, _tool.html):
               set up a field by tapping, see what the get phase takes and why; no table needed (a tool on the
               home page card), seats "Player 2"; board.py draws fields and get phases
  photo.py     the checker's photo of the field (``/lumiere/captures/photo``, issue #36); photo_field.py places
               the cards read on the areas from the markers' geometry, or says why it cannot
  printables.py  the cards, the turn-phase cards and the field mat (printables/lumiere/cards, phases, field)
"""

from __future__ import annotations

from companion.games.lumiere.moves import Move
from companion.games.lumiere.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Box, GameWeb

from . import starting
from .api import CAPTURES
from .forms import form_to_move
from .history import describe_move, undo_note
from .messages import MESSAGES
from .model import table_model
from .printables import PRINTABLES
from .profile_fields import EDITOR
from .routes import bp
from .summary import summary

WEB: GameWeb[TableState, Move] = GameWeb(
    slug="lumiere",
    table_template="lumiere/_table.html",
    form_to_move=form_to_move,
    describe_move=describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=(CAPTURES,),
    tools=(("lumiere.tool", _l("Check a capture")),),
    summary=summary,
    printables=PRINTABLES,
    profile_editor=EDITOR,
    table_model=table_model,
    start_seat=starting.start_seat,
    rematch=starting.REMATCH,
    # 【概要】「プレイ時間 30分~」: at least half an hour and no longest time given, so one time, as
    # BoardGameGeek lists a single playing time; no age is given
    box=Box(minutes=(30, 30)),
    undo_note=undo_note,
)

__all__ = ["WEB"]
