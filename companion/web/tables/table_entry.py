"""The one tap that makes the entry the table offers in its dock (companion.web.tables.dock.NextEntry): the entry
the rules leave on the table as it stands, on the tables blueprint."""

from __future__ import annotations

from flask.typing import ResponseReturnValue

from companion.tables.play import Outcome, enter_move, stale
from companion.web.guard.security import device_id
from companion.web.registered import web_of
from companion.web.tables.loading import load_for_write
from companion.web.tables.routes import answer, based_on, bp, tap_key


@bp.post("/t/<token>/table-entry")
def table_entry(token: str) -> ResponseReturnValue:
    """The one tap of ``NextEntry``: the entry the rules leave on the table the phone saw, made now (with what
    the table makes after it). On a table where it no longer is the one entry left, the phone is answered as for
    any stale entry."""
    view = load_for_write(token, tap_key())
    version = based_on()
    if version != view.version:
        return answer(stale(view, version, device_id()), {})
    move = view.game.forced(view.state) if view.replay_error is None else None
    if move is None:
        return answer(Outcome("nothing", view), {})
    return answer(enter_move(view, version, move, device_id(), web_of(view.table.game).learnt, tap_key()), {})
