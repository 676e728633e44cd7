"""A group's finished plays for other tools: CSV (one row per player per play) and BG Stats' JSON files.

BG Stats reads a JSON export made of ``games``, ``players``, ``locations`` and ``plays``, beside ``challenges``,
``groups``, ``tags`` and ``deletedObjects`` (empty here) and ``userInfo``; a shared ``.bgsplay`` file has the same
shape, holding one play with the games, players and location it names. The fields are the ones BG Stats' own
exports carry, so the tools that read those (mergers, year summaries, visualisers, database loaders) read these:

- ``userInfo.meRefId`` is the id of a player in the file: BG Stats' "me". A group has no accounts, so "me" is the
  first player listed, the first member of the roster who is in the file (the roster's order), else the first
  player of the oldest play. Only a file with no player at all (an empty roster, no plays) says 0.
- Games carry their player counts, play time and youngest age as the rule text gives them (0 where it gives
  none, as BG Stats writes for a game without those facts), ``isBaseGame`` 1 and ``isExpansion`` 0, and a
  BoardGameGeek id only where one is known: else ``bggId`` is 0, as in BG Stats' exports for a game it has no
  BoardGameGeek entry for, and each game keeps its own name, uuid and id, so a reader that matches games by
  BoardGameGeek id has to fall back on those and never takes two games for one.
- Dates are in the zone given (the phone's, as the page says beside the export links), written as BG Stats
  writes them: ``YYYY-MM-DD HH:MM:SS`` with no zone. ``playDate`` is when the table's first entry was made,
  ``entryDate`` and ``modificationDate`` when its last one was.
- A partnership game (Strato-Sphere with 4) has ``usesTeams``, each score its side as ``team`` ("0", "1"), the
  winning side's players as winners and a rank per side.
- ``newPlayer`` is true on a player's first play of that game in the group (its history, oldest first).
- ``board`` (BG Stats' variant) is the table's options as played, worded in the export's language, each
  "option: setting", joined by "／" as BG Stats joins several variants.

Ids are small integers counted from 1; uuids are derived from this app's namespace and names, so exporting the
same group twice gives the same file.
"""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any

from .records import PlayRecord, SeatResult

NAMESPACE = uuid.UUID("5b0d7c2e-2f5a-4d5e-9a43-9f6a0c1e7a28")  # this app's, for uuid5
CSV_COLUMNS = ("date", "game", "table", "player", "seat", "start_player", "place", "score", "winner", "note")
VARIANTS_JOINED_BY = "／"  # BG Stats' own separator between several variants in a play's "board"


def local(at: datetime, zone: tzinfo = UTC) -> datetime:
    """``at`` in ``zone``; a time without a zone is UTC (SQLite drops it)."""
    return (at if at.tzinfo is not None else at.replace(tzinfo=UTC)).astimezone(zone)


def _when(at: datetime, zone: tzinfo) -> str:
    return local(at, zone).strftime("%Y-%m-%d %H:%M:%S")


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as the start of a formula


def cell(value: object) -> object:
    """A text cell a spreadsheet shows as text: a player's name such as ``=HYPERLINK(...)`` gets a leading
    apostrophe, so opening the file never runs it (numbers stay numbers)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def plays_csv(plays: Sequence[PlayRecord], zone: tzinfo = UTC) -> str:
    """One row per player per finished play, oldest play first, seats in clockwise order. ``date`` is the play's
    last entry in ``zone``; ``score`` is the points where the game has them, else empty; ``place`` 1 is first
    (shared places repeat); ``start_player`` is 1 for the seat that started, as the game's log says (a janken, a
    first parent), not always seat 1."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for seat in play.seats:
            writer.writerow([cell(v) for v in (
                _when(play.at, zone), play.game_name, play.watch_token, seat.name, seat.seat + 1,
                "1" if seat.seat == play.start else "0", seat.place, "" if seat.score is None else seat.score,
                "1" if seat.won else "0", play.note)])
    return out.getvalue()


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts)))


def first_plays(history: Sequence[PlayRecord]) -> set[tuple[str, str]]:
    """(table token, player key) of each player's first play of each game in ``history`` (oldest first)."""
    seen: set[tuple[str, str]] = set()
    firsts: set[tuple[str, str]] = set()
    for play in history:
        for seat in play.seats:
            key = seat.name.casefold()
            if (play.game, key) not in seen:
                seen.add((play.game, key))
                firsts.add((play.token, key))
    return firsts


def bgstats(plays: Sequence[PlayRecord], location: str, whole: bool = True, *, zone: tzinfo = UTC,
            roster: Sequence[str] = (), history: Sequence[PlayRecord] | None = None) -> dict[str, Any]:
    """BG Stats' JSON: the whole export (``whole``) or a ``.bgsplay`` of the plays given. ``roster`` is the group's
    current members in order: the whole export lists every one of them, a ``.bgsplay`` those at its play, first,
    then anyone else who played, so "me" (id 1) is the roster's first member in the file. ``history`` is every
    finished play of the group, oldest first, which ``newPlayer`` is read against (by default the plays given);
    times are written in ``zone``."""
    seated: dict[str, str] = {}  # who sat at the plays, by first appearance
    for play in plays:
        for seat in play.seats:
            seated.setdefault(seat.name.casefold(), seat.name)
    order = [name for name in roster if whole or name.casefold() in seated]
    listed = {name.casefold() for name in order}
    order += [name for key, name in seated.items() if key not in listed]
    stamp = _when(max((p.at for p in plays), default=datetime(2000, 1, 1, tzinfo=UTC)), zone)
    players = {name.casefold(): number for number, name in enumerate(order, start=1)}
    player_rows = [{"id": players[name.casefold()], "uuid": _uuid("player", location, name.casefold()), "name": name,
                    "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""} for name in order]
    games: dict[str, int] = {}
    game_rows: list[dict[str, Any]] = []
    for play in plays:
        if play.game not in games:
            games[play.game] = len(games) + 1
            game_rows.append(_game(play, games[play.game], stamp,
                                   any(p.partnered for p in plays if p.game == play.game)))
    place = {"id": 1, "uuid": _uuid("location", location), "name": location, "modificationDate": stamp}
    firsts = first_plays(plays if history is None else history)
    data: dict[str, Any] = {}
    if not whole:
        data["about"] = ("A play shared from the table companion, for Board Game Stats: open it with BG Stats' "
                         "import or 'open in' to add the play.")
    data.update({
        "challenges": [], "groups": [], "tags": [], "deletedObjects": [],
        "games": game_rows, "players": player_rows, "locations": [place],
        "plays": [_play(play, games, players, firsts, zone) for play in plays],
        "userInfo": {"meRefId": 1 if order else 0, "bggUsername": ""},  # "me": the first player listed
    })
    return data


def _game(play: PlayRecord, number: int, stamp: str, teams: bool) -> dict[str, Any]:
    facts = play.facts
    return {"id": number, "uuid": _uuid("game", play.game), "name": play.game_name, "modificationDate": stamp,
            "cooperative": False, "highestWins": True, "noPoints": not play.points, "usesTeams": teams,
            "bggId": facts.bgg_id, "bggName": "", "bggYear": 0, "designers": "", "isBaseGame": 1, "isExpansion": 0,
            "rating": 0, "minPlayerCount": facts.min_players, "maxPlayerCount": facts.max_players,
            "minPlayTime": facts.min_minutes, "maxPlayTime": facts.max_minutes, "minAge": facts.min_age}


def _side_ranks(play: PlayRecord) -> dict[int, int]:
    """Each side's rank in a partnership play: 1 for the best side, sides level sharing a rank."""
    best: dict[int, int] = {}
    for seat in play.seats:
        side = play.sides[seat.seat]
        best[side] = min(best.get(side, seat.place), seat.place)
    return {side: 1 + sum(1 for other in best.values() if other < place) for side, place in best.items()}


def _play(play: PlayRecord, games: dict[str, int], players: dict[str, int], firsts: set[tuple[str, str]],
          zone: tzinfo) -> dict[str, Any]:
    minutes = max(0, int((play.at - play.started).total_seconds() // 60))
    teams = play.partnered
    ranks = _side_ranks(play) if teams else {}

    def score(s: SeatResult) -> dict[str, Any]:
        key = s.name.casefold()
        return {"playerRefId": players[key], "score": "" if s.score is None else str(s.score), "winner": s.won,
                "newPlayer": (play.token, key) in firsts, "startPlayer": s.seat == play.start,
                "rank": ranks[play.sides[s.seat]] if teams else s.place, "seatOrder": s.seat + 1, "role": "",
                "team": str(play.sides[s.seat]) if teams else "", "teamRole": ""}

    return {
        "uuid": _uuid("play", play.token), "modificationDate": _when(play.at, zone),
        "entryDate": _when(play.at, zone), "playDate": _when(play.started, zone), "gameRefId": games[play.game],
        "locationRefId": 1, "durationMin": minutes, "ignored": False, "manualWinner": False, "rounds": 0,
        "bggId": 0, "usesTeams": teams, "comments": play.note,
        "board": VARIANTS_JOINED_BY.join(f"{option}: {setting}" for option, setting in play.options),
        "playerScores": [score(s) for s in play.seats], "expansionPlays": [],
    }
