"""A group's finished plays for other tools: CSV (one row per player per play) and BG Stats' JSON files.

BG Stats reads a JSON export made of ``games``, ``players``, ``locations`` and ``plays`` (and ``userInfo`` in a
whole export); a shared ``.bgsplay`` file holds one play with the games, players and location it names. Each
play lists ``playerScores`` with the score as a string, ``winner``, ``rank``, ``seatOrder`` and ``startPlayer``.
Ids are small integers counted from 1; uuids are derived from the table's link and the names, so exporting the
same group twice gives the same file.
"""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from .records import PlayRecord

NAMESPACE = uuid.UUID("5b0d7c2e-2f5a-4d5e-9a43-9f6a0c1e7a28")  # this app's, for uuid5
CSV_COLUMNS = ("date", "game", "table", "player", "seat", "start_player", "place", "score", "winner", "note")


def _when(at: datetime) -> str:
    return at.strftime("%Y-%m-%d %H:%M:%S")


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as the start of a formula


def cell(value: object) -> object:
    """A text cell a spreadsheet shows as text: a player's name such as ``=HYPERLINK(...)`` gets a leading
    apostrophe, so opening the file never runs it (numbers stay numbers)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def plays_csv(plays: Sequence[PlayRecord]) -> str:
    """One row per player per finished play, oldest play first, seats in clockwise order. ``score`` is the
    points where the game has them, else empty; ``place`` 1 is first (shared places repeat); ``start_player``
    is 1 for the seat that started, as the game's log says (a janken, a first parent), not always seat 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for seat in play.seats:
            writer.writerow([cell(v) for v in (
                _when(play.at), play.game_name, play.watch_token, seat.name, seat.seat + 1,
                "1" if seat.seat == play.start else "0", seat.place, "" if seat.score is None else seat.score,
                "1" if seat.won else "0", play.note)])
    return out.getvalue()


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts)))


def bgstats(plays: Sequence[PlayRecord], location: str, whole: bool = True) -> dict[str, Any]:
    """BG Stats' JSON: the whole export (``whole``, with ``userInfo``) or a ``.bgsplay`` of the plays given."""
    players: dict[str, int] = {}
    player_rows: list[dict[str, Any]] = []
    games: dict[str, int] = {}
    game_rows: list[dict[str, Any]] = []
    stamp = _when(max((p.at for p in plays), default=datetime(2000, 1, 1)))
    for play in plays:
        if play.game not in games:
            games[play.game] = len(games) + 1
            game_rows.append({"id": games[play.game], "uuid": _uuid("game", play.game), "name": play.game_name,
                              "modificationDate": stamp, "cooperative": False, "highestWins": True,
                              "noPoints": not play.points, "usesTeams": False, "bggId": 0, "bggName": "",
                              "bggYear": 0, "designers": ""})
        for seat in play.seats:
            key = seat.name.casefold()
            if key not in players:
                players[key] = len(players) + 1
                player_rows.append({"id": players[key], "uuid": _uuid("player", location, key), "name": seat.name,
                                    "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""})
    place = {"id": 1, "uuid": _uuid("location", location), "name": location, "modificationDate": stamp}
    play_rows = [_play(play, games, players) for play in plays]
    data: dict[str, Any] = {}
    if not whole:
        data["about"] = ("A play shared from the table companion, for Board Game Stats: open it with BG Stats' "
                         "import or 'open in' to add the play.")
    data.update({"games": game_rows, "players": player_rows, "locations": [place], "plays": play_rows})
    if whole:
        data["userInfo"] = {"meRefId": 0, "bggUsername": ""}  # no player is "me": the group has no accounts
    return data


def _play(play: PlayRecord, games: dict[str, int], players: dict[str, int]) -> dict[str, Any]:
    minutes = max(0, int((play.at - play.started).total_seconds() // 60))
    return {
        "uuid": _uuid("play", play.token), "modificationDate": _when(play.at), "playDate": _when(play.started),
        "gameRefId": games[play.game], "locationRefId": 1, "durationMin": minutes, "ignored": False,
        "manualWinner": False, "rounds": 0, "usesTeams": False, "board": "", "comments": play.note,
        "playerScores": [
            {"playerRefId": players[s.name.casefold()], "score": "" if s.score is None else str(s.score),
             "winner": s.won, "newPlayer": False, "startPlayer": s.seat == play.start, "rank": s.place,
             "seatOrder": s.seat + 1, "role": "", "team": ""}
            for s in play.seats
        ],
    }
