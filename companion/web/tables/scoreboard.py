"""The watch link's scoreboard: each seat's standing, in seat order. A TV draws it under each
seat's name (static/css/parts/tv.css); a phone's watch page shows it beside the name. Nothing here scores: the
figure is the running one the game's table model already built (``model.standings``, companion/web/standing.py:
"42 points", "2 nodes", "out 1st"), or, for a game whose model has none (or no figure yet, only a line saying
why), its score summary's ("at least 14 VP…", "scored at the end"), the same words the score summary PDF prints."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.tables.view import TableView
from companion.web.gameweb import GameWeb
from companion.web.standing import Standings


@dataclass(frozen=True)
class BoardSeat:
    number: int  # 1-based, as the seat chips number them
    name: str
    score: str  # as the game's summary shows it; "" while the game has none to give


def scoreboard(view: TableView, web: GameWeb[Any, Any], model: Any) -> tuple[BoardSeat, ...]:
    """Every seat with its standing. A table whose log could not be replayed, or a game with no scores yet,
    gives the seats without scores (the page says what went wrong elsewhere)."""
    standings = getattr(model, "standings", None)
    if isinstance(standings, Standings) and standings.rows:
        figures = {row.seat: row.figure for row in standings.rows}
        return tuple(BoardSeat(i + 1, name, figures.get(i, "")) for i, name in enumerate(view.table.seats))
    summary = web.summary(view) if web.summary is not None and not view.replay_error else None
    # The summary lists seats by place; matched back to seats by name, in order (two seats may share a name).
    by_name: dict[str, list[str]] = {}
    for _place, name, score in summary.ranking if summary is not None else ():
        by_name.setdefault(name, []).append(score)
    board = []
    for index, name in enumerate(view.table.seats):
        scores = by_name.get(name)
        board.append(BoardSeat(index + 1, name, scores.pop(0) if scores else ""))
    return tuple(board)
