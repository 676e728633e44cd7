"""Sister Combination (シスター・コンビネーション) in the web layer.

Where to look:
  routes.py    the blueprint: every URL rule of the game (the quick tool at ``/sister-combination/check``)
  tool.py      the quick tool "may this card be played?" (no table needed; templates/sister_combination/tool.html
               and _tool.html): the taps read once into the referee API's request, answered by the engine's own
               reader, check and play_effect (may it be played, why, and what happens); seats "Player 2"
  forms.py     the table's entry forms -> the engine's typed move
  model.py     the table fragment's frozen model (templates/sister_combination/_table.html draws it): seats,
               hands, field card and colour, stack (obstruction mode), deck, direction, turn, the moves open,
               what the last entry did, who is out and the ranking
  history.py   one history line per typed move, seats named by the Wording the platform passes
  messages.py  every reason code as a sentence (ids shown as names by labels.py)
  labels.py    cards (鞠絵 7 / Marie 7), colours, directions, in the current language (seats: companion.web.wording)
  summary.py   the score summary, from GAME.score(state)
  api.py       ``POST /api/v1/sister-combination/play``: the engine's handler and its schemas
  printables.py  the 144-card deck and the one-page reference (printables/sister_combination/deck, reference)
"""

from __future__ import annotations

from companion.games.sister_combination.moves import Move
from companion.games.sister_combination.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import GameWeb

from . import starting
from .api import PLAY
from .forms import form_to_move
from .history import describe_move
from .messages import MESSAGES
from .model import table_model
from .printables import PRINTABLES
from .routes import bp
from .summary import summary

WEB: GameWeb[TableState, Move] = GameWeb(
    slug="sister-combination",
    table_template="sister_combination/_table.html",
    table_model=table_model,
    form_to_move=form_to_move,
    describe_move=describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=(PLAY,),
    tools=(("sister_combination.tool", _l("May this card be played?")),),
    summary=summary,
    printables=PRINTABLES,
    start_seat=starting.start_seat,
    rematch=starting.REMATCH,
)

__all__ = ["WEB"]
