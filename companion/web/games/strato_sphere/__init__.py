"""Strato-Sphere in the web layer: the tracker (the table fragment), the quick tool (settle a dispute), the
referee API.

    routes.py    the blueprint: every URL of the game (bp.add_url_rule), handlers in their modules
    tool.py      the quick tool at /strato-sphere/dispute ("may this node attack that one?" / "does this card
                 defend?"): the taps read once into one board, answered by the engine (templates/strato_sphere/
                 tool.html, _tool.html)
    forms.py     entry forms -> the engine's typed move
    model.py     the table fragment's frozen model: the ring, seats, pile, discard, moves of a tapped node,
                 the reveal's card picker, the defence window, forces, the end (templates/strato_sphere/)
    history.py   a typed move as a line of the table's history
    messages.py  every reason code in words, params shown as a player reads them (ja in translations/)
    labels.py    cards, suits, forces, nodes and checked reasons as a page shows them
    summary.py   the score summary, from GAME.score(state)
    api.py       POST /api/v1/strato-sphere/attack and /defend

Rules are the engine's (companion/games/strato_sphere/): this package parses taps, asks the engine, draws.
"""

from __future__ import annotations

from companion.games.strato_sphere.moves import Move
from companion.games.strato_sphere.state import TableState
from companion.i18n import lazy_gettext as _l
from companion.web.gameweb import GameWeb

from . import starting
from .api import ROUTES
from .forms import form_to_move
from .history import describe_move
from .messages import MESSAGES
from .model import table_model
from .printables import PRINTABLES
from .routes import bp
from .summary import summary

WEB: GameWeb[TableState, Move] = GameWeb(
    slug="strato-sphere",
    table_template="strato_sphere/_table.html",
    table_model=table_model,
    form_to_move=form_to_move,
    describe_move=describe_move,
    messages=MESSAGES,
    blueprint=bp,
    api=ROUTES,
    tools=(("strato_sphere.tool", _l("Settle a dispute")),),
    summary=summary,
    printables=PRINTABLES,
    start_seat=starting.start_seat,
    rematch=starting.REMATCH,
    sides=starting.sides,
)
