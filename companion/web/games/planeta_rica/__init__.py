"""Planeta Rica (プラネトリコ) in the web layer.

- The quick tool, the scoring page (``/planeta-rica/score``, ``tool``, endpoints ``planeta_rica.tool`` and
  ``tool_act``; templates/planeta_rica/tool.html and _tool.html): a finished game's planets and gadgets tapped by
  name, fame typed, every player's VP with its working (fame + planets + gadgets + Schneider's bonus), the
  ranking and the winner with PR-5's tie-break; VP the profile lacks asked once, ``remember`` keeps them.
  ``photo``: a player's cards from a photo (issue #36), shown card by card, put in when confirmed.
- The tracker: the table fragment (templates/planeta_rica/_table.html) drawing the frozen model
  ``model.table_model`` builds; ``forms`` turns the entry forms into moves, ``history`` words the logged moves;
  ``table_vp`` takes the answers to its VP question into the table's own profile copy; ``table_photo`` marks
  the planets a photo of the market shows turned up. During play fame is face
  down (PR-8, unless the table chose open fame): every VP shown leaves it out and says so, and only the play link
  holds a seat's fame, behind a tap that shows a player their own.
- ``asking``: which held cards' VP the profile lacks, the question, its checks and what is kept (PR-6), the same
  for the score page and the tracker.
- The deck profile: the platform's one editor and checklist (``/profiles/planeta-rica``); ``profile_fields``
  lists the planets and gadgets, known or not, and their form (slot rewards tapped from the eleven icons).
- ``POST /api/v1/planeta-rica/score`` (``api``); ``messages`` words the engine's reasons, ``labels`` its ids,
  ``breakdown`` a score's working, ``summary`` the score summary, ``printables`` the score pad, the turn
  summary and the card sheets (printables/planeta_rica/: pad, turn, cards); ``routes`` registers every URL of
  the game on the blueprint. Seats are named by one ``Wording`` (companion.web.wording) each caller passes.

The rules are the engine's (companion.games.planeta_rica): this package reads forms, calls it, renders.
"""

from __future__ import annotations

from companion.games.planeta_rica.moves import Move
from companion.games.planeta_rica.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import GameWeb, PhotoStep, TableAction

from . import forms, history, model, remember, routes, starting, table_photo, table_vp
from .api import ROUTES
from .messages import MESSAGES
from .printables import PRINTABLES
from .profile_fields import EDITOR
from .summary import summary

WEB: GameWeb[TableState, Move] = GameWeb(
    slug="planeta-rica",
    table_template="planeta_rica/_table.html",
    table_model=model.table_model,
    form_to_move=forms.form_to_move,
    describe_move=history.describe_move,
    messages=MESSAGES,
    blueprint=routes.bp,
    api=ROUTES,
    tools=(("planeta_rica.tool", _l("Score a finished game")),),
    summary=summary,
    profile_editor=EDITOR,
    learnt=remember.learnt,
    printables=PRINTABLES,
    start_seat=starting.start_seat,
    rematch=starting.REMATCH,
    table_actions=(TableAction("vp", table_vp.answer_vp),
                   TableAction("market", table_photo.turn_up_read)),  # the planets a market photo read, one tap
    photo_steps=(PhotoStep("market", table_photo.read),),  # the planets turned up for the market
)
