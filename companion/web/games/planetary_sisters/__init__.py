"""Planetary Sisters (遊星姊妹) in the web layer.

- The quick tool, the scoring page (``/planetary-sisters/score``, on the home page card, ``tool``, the sheet it
  carries read by ``sheet_form``; templates
  planetary_sisters/tool.html, its fragment _tool.html and _tool_held.html): a finished game's
  cards tapped in, every player's six house and six field-bonus categories with their working, the ranking
  and the winner. ``obvious`` says when a card's icons leave nothing to add (it goes in without Add),
  ``undo`` offers back the cards a clear took off; ``photo`` reads a slot's cards from a photo (issue #36).
- The round tracker: the table fragment (templates/planetary_sisters/_table.html) for the platform's table
  page, drawing the frozen model ``model.table_model`` builds; ``forms`` turns the entry forms into moves,
  ``history`` words the logged moves, ``draft`` (a table action) puts the opened field or a shown hand together (``table_photo``: from a photo), ``what_if``
  shows the player to move what each field card would score, ``remember`` keeps the cards a table learned.
- The deck profile: the platform's one card editor with the PS-2 checklist (``/profiles/planetary-sisters``);
  ``profile_fields`` gives it the 36 ranks with their element icons, the picker and the element names.
- ``POST /api/v1/planetary-sisters/score`` (``api``); ``messages`` words the engine's reasons, ``labels`` its
  ids, ``breakdown`` a score's working, ``cards`` the card picker, ``summary`` the score summary;
  ``routes`` holds the blueprint and every URL rule (``old_links``: the old profile editor's addresses).
- Printables: ``printables`` (sister cards, condition and quick-reference cards, score pad), drawn by
  printables/planetary_sisters/{cards,support,pad}.html with their stylesheets.

The rules are the engine's (companion.games.planetary_sisters): this package reads forms, calls it, renders.
"""

from __future__ import annotations

from companion.games.planetary_sisters.moves import Move
from companion.games.planetary_sisters.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import Box, GameWeb, PhotoStep, TableAction, TablePage

from . import draft, forms, history, model, remember, routes, starting, table_photo, what_if
from .api import ROUTES
from .messages import MESSAGES
from .printables import PRINTABLES
from .profile_fields import EDITOR
from .summary import summary

WEB: GameWeb[TableState, Move] = GameWeb(
    slug="planetary-sisters",
    table_template="planetary_sisters/_table.html",
    form_to_move=forms.form_to_move,
    describe_move=history.describe_move,
    messages=MESSAGES,
    blueprint=routes.bp,
    api=ROUTES,
    tools=(("planetary_sisters.tool", _l("Score a finished game")),),
    summary=summary,
    learnt=remember.learnt,
    table_model=model.table_model,
    printables=PRINTABLES,
    profile_editor=EDITOR,
    start_seat=starting.start_seat,
    rematch=starting.REMATCH,
    # the rule text's first line: 「2～4人用カードゲーム、30分、12歳以上」
    box=Box(minutes=(30, 30), age=12),
    table_actions=(TableAction("draft", draft.draft),),
    table_pages=(TablePage("what-if", what_if.what_if_page),),
    photo_steps=(PhotoStep("cards", table_photo.read),),  # the opened field, a hand shown at the end
)
