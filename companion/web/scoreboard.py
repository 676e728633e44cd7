"""The watch link's scoreboard (issue 24, point 3): each seat's standing, in seat order, as the game's own score
summary words it ("12", "1 node", "6 cards left", "at least 14 VP…"). A TV draws it under each seat's name
(static/css/parts/tv.css); a phone's watch page shows it beside the name. Nothing here scores: the game's
``summary`` hook does, from the engine, the same numbers the score summary PDF prints."""

from __future__ import annotations

from dataclasses import dataclass

from ..play import TableView
from .gameweb import GameWeb


@dataclass(frozen=True)
class BoardSeat:
    number: int  # 1-based, as the seat chips number them
    name: str
    score: str  # as the game's summary shows it; "" while the game has none to give


def scoreboard(view: TableView, web: GameWeb) -> tuple[BoardSeat, ...]:
    """Every seat with its standing. A table whose log could not be replayed, or a game with no scores yet,
    gives the seats without scores (the page says what went wrong elsewhere)."""
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
