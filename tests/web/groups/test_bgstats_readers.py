"""A Tokyo group's BG Stats files as the tools that read BG Stats' own exports read them.

Four small readers below follow what open-source BG Stats importers do with an export: a merger (the "me"
player looked up by ``userInfo.meRefId``, games matched by BoardGameGeek id and, where that is 0, by uuid, plays
by uuid), a year summary (``tags`` searched, ``playDate`` cut to its date, a game's typical time from
``minPlayTime``/``maxPlayTime``), a visualiser (``challenges``, ``groups`` and ``tags`` read, partnership plays
grouped by ``team``) and a SQLite loader (every column it needs NOT NULL, uuids unique, references kept). Each
one fails on a file that lacks what it reads; the tests assert what each computes: plays per game, winners and
sides, local dates and hours, first plays, the variants' words."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.web.apps import Phone
from tests.web.groups.support import Finished, export_of, finished_game, import_table, new_group
from tests.web.helpers import text_of

ROSTER = ["Aki", "Ben", "Chie", "Dan"]
TOKYO = ZoneInfo("Asia/Tokyo")
PLAYS = [  # game, seats (clockwise), the first entry (UTC); the history's order
    ("strato-sphere", ["Aki", "Ben", "Chie", "Dan"], datetime(2026, 3, 6, 11, 0, tzinfo=UTC)),  # 20:00 in Tokyo
    ("sister-combination", ["Dan", "Aki", "Ben"], datetime(2026, 3, 6, 15, 30, tzinfo=UTC)),  # 00:30 on the 7th
    ("strato-sphere", ["Ben", "Aki"], datetime(2026, 3, 7, 10, 0, tzinfo=UTC)),  # 19:00
    ("planetary-sisters", ["Chie", "Aki", "Ben"], datetime(2026, 3, 8, 9, 0, tzinfo=UTC)),  # 18:00
]
SS, SC, PS = "Strato-Sphere", "Sister Combination", "Planetary Sisters"
SC_BOARD = ("End of the game: When the first player is out (the others ranked by cards left)／"
            "みんななかよく: hand limit 16: No hand limit")
SS_BOARD = ("Forces (each player's suit, or colour with 2 players): Decided by each player's own first face-up card "
            "(nothing assigned otherwise)")


def partnership_win() -> Finished:
    """A 4-player Strato-Sphere game won by one side (two partners), from the first seed whose walk ends so."""
    for seed in range(40):
        done = finished_game("strato-sphere", PLAYS[0][1], seed)
        if len(done.game.score(done.final).winners) == 2:
            return done
    raise AssertionError("no 4-player Strato-Sphere walk won by a side")


@cache
def games() -> tuple[Finished, ...]:
    return (partnership_win(), *(finished_game(slug, seats) for slug, seats, _at in PLAYS[1:]))


def last_entry(done: Finished) -> datetime:
    """When the play's last entry was made (its entries are a second apart), in Tokyo."""
    at = PLAYS[games().index(done)][2] + timedelta(seconds=len(done.moves) - 1)
    return at.astimezone(TOKYO)


def winners_of(done: Finished) -> list[str]:
    won = [done.seats[s] for s in done.game.score(done.final).winners]
    return [] if len(won) == len(done.seats) else sorted(won)  # everyone first: a draw, nobody won


@pytest.fixture
def group(app, phone: Phone) -> str:  # type: ignore[no-untyped-def]
    path = new_group(phone, "Tokyo club", *ROSTER)
    for done, (_slug, _seats, at) in zip(games(), PLAYS, strict=True):
        table = import_table(phone, export_of(done, 0, start=at))
        assert phone.post(f"{path}/tables", {"table": table}).status_code == 303
    return path


def fetch(phone: Phone, url: str) -> dict[str, Any]:
    response = phone.get(url)
    assert response.status_code == 200 and response.content_type == "application/json"
    data: dict[str, Any] = json.loads(response.get_data(as_text=True))
    return data


# -- the readers ---------------------------------------------------------------------------------------------------

def merge(*files: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The first file with the plays of the others added, as a BG Stats merger does it: each file's "me" found by
    ``meRefId`` (a file whose "me" is no player stops it), a game matched by its BoardGameGeek id and, where that
    is 0, by uuid, a player and a location by uuid, a play skipped when its uuid is already there; ids are given
    anew past the highest one."""
    merged = json.loads(json.dumps(files[0]))
    mes = []
    for file in files:
        me = next(p for p in file["players"] if p["id"] == file["userInfo"]["meRefId"])
        mes.append(me["bggUsername"] or me["name"])

    def game_key(game: dict[str, Any]) -> tuple[str, object]:
        return ("bgg", game["bggId"]) if game["bggId"] else ("uuid", game["uuid"])

    def matched(kind: str, item: dict[str, Any], key: Any) -> int:
        found = next((i for i in merged[kind] if key(i) == key(item)), None)
        if found is None:
            found = {**item, "id": max((i["id"] for i in merged[kind]), default=0) + 1}
            merged[kind].append(found)
        number: int = found["id"]
        return number

    for file in files[1:]:
        games = {g["id"]: matched("games", g, game_key) for g in file["games"]}
        players = {p["id"]: matched("players", p, lambda p: p["uuid"]) for p in file["players"]}
        places = {p["id"]: matched("locations", p, lambda p: p["uuid"]) for p in file["locations"]}
        for play in file["plays"]:
            if any(p["uuid"] == play["uuid"] for p in merged["plays"]):
                continue
            merged["plays"].append({**play, "gameRefId": games[play["gameRefId"]],
                                    "locationRefId": places[play["locationRefId"]],
                                    "playerScores": [{**s, "playerRefId": players[s["playerRefId"]]}
                                                     for s in play["playerScores"]]})
    return merged, mes


def plays_per_game(data: dict[str, Any]) -> dict[str, int]:
    names = {g["id"]: g["name"] for g in data["games"]}
    return dict(Counter(names[p["gameRefId"]] for p in data["plays"]))


def year_summary(data: dict[str, Any], year: int) -> dict[str, Any]:
    """A year in review: plays per day and per game, the hour each play began, minutes played (a play without a
    duration counts its game's typical time, the middle of ``minPlayTime`` and ``maxPlayTime``, else the reader's
    own 20), the base games played (``isBaseGame`` and not ``isExpansion``, not tagged as an expandalone)."""
    expandalone = next((t["id"] for t in data["tags"] if t["name"].lower() == "data:expandalone"), None)
    games = {g["id"]: g for g in data["games"]}
    days: Counter[str] = Counter()
    per_game: Counter[str] = Counter()
    minutes: Counter[str] = Counter()
    hours, base = [], set()
    for play in data["plays"]:
        day = play["playDate"].split(" ")[0]
        if not day.startswith(str(year)):
            continue
        game = games[play["gameRefId"]]
        typical = (game["minPlayTime"] + game["maxPlayTime"]) // 2
        days[day] += 1
        per_game[game["name"]] += 1
        minutes[game["name"]] += play["durationMin"] or typical or 20
        hours.append(int(play["playDate"].split(" ")[1][:2]))
        tagged = any(t.get("tagRefId") == expandalone for t in game.get("tags", []))
        if game["isBaseGame"] and not game["isExpansion"] and not tagged:
            base.add(game["name"])
    return {"days": dict(days), "games": dict(per_game), "minutes": dict(minutes), "hours": hours,
            "base": base}


def visualise(data: dict[str, Any]) -> dict[str, Any]:
    """A visualiser's figures: its challenge, group and tag lists, each play's result (a partnership play as
    sides: each side's players and whether it won, and its rank), wins and first plays per player, the
    variants played."""
    challenges = [c["name"] for c in data["challenges"]]
    groups = [g["name"] for g in data["groups"]]
    tags = {t["id"]: t["name"] for t in data["tags"]}
    names = {p["id"]: p["name"] for p in data["players"]}
    games = {g["id"]: g for g in data["games"]}
    results, wins, firsts = [], Counter[str](), Counter[str]()
    for play in data["plays"]:
        scores = play["playerScores"]
        for s in scores:
            wins[names[s["playerRefId"]]] += s["winner"]
            firsts[names[s["playerRefId"]]] += s["newPlayer"]
        if play["usesTeams"]:
            sides: dict[str, dict[str, Any]] = defaultdict(lambda: {"players": [], "won": False, "rank": 0})
            for s in scores:
                side = sides[s["team"]]
                side["players"].append(names[s["playerRefId"]])
                side["won"] = side["won"] or s["winner"]
                side["rank"] = s["rank"]
            results.append((games[play["gameRefId"]]["name"], dict(sides)))
        else:
            results.append((games[play["gameRefId"]]["name"],
                            sorted(names[s["playerRefId"]] for s in scores if s["winner"])))
    return {"lists": (challenges, groups, tags), "results": results, "wins": wins, "firsts": firsts,
            "boards": [p["board"] for p in data["plays"]]}


def load_sqlite(data: dict[str, Any]) -> sqlite3.Connection:
    """The file in SQLite as a loader keeps it: every column it reads NOT NULL, uuids unique, references kept."""
    db = sqlite3.connect(":memory:")
    db.execute("PRAGMA foreign_keys = ON")
    db.executescript("""
        CREATE TABLE games (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
            bgg_id INTEGER NOT NULL, min_players INTEGER NOT NULL, max_players INTEGER NOT NULL,
            min_time INTEGER NOT NULL, max_time INTEGER NOT NULL, base INTEGER NOT NULL, expansion INTEGER NOT NULL);
        CREATE TABLE players (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL UNIQUE, name TEXT NOT NULL);
        CREATE TABLE me (player INTEGER NOT NULL REFERENCES players(id));
        CREATE TABLE plays (uuid TEXT PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id),
            played TEXT NOT NULL, entered TEXT NOT NULL, teams INTEGER NOT NULL, board TEXT NOT NULL);
        CREATE TABLE scores (play TEXT NOT NULL REFERENCES plays(uuid), player INTEGER NOT NULL REFERENCES players(id),
            winner INTEGER NOT NULL, new INTEGER NOT NULL, team TEXT NOT NULL, rank INTEGER NOT NULL);
    """)
    db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
        (g["id"], g["uuid"], g["name"], g["bggId"], g["minPlayerCount"], g["maxPlayerCount"], g["minPlayTime"],
         g["maxPlayTime"], g["isBaseGame"], g["isExpansion"]) for g in data["games"]])
    db.executemany("INSERT INTO players VALUES (?, ?, ?)", [(p["id"], p["uuid"], p["name"]) for p in data["players"]])
    db.execute("INSERT INTO me VALUES (?)", (data["userInfo"]["meRefId"],))
    for play in data["plays"]:
        db.execute("INSERT INTO plays VALUES (?, ?, ?, ?, ?, ?)", (play["uuid"], play["gameRefId"], play["playDate"],
                                                                   play["entryDate"], play["usesTeams"], play["board"]))
        db.executemany("INSERT INTO scores VALUES (?, ?, ?, ?, ?, ?)", [
            (play["uuid"], s["playerRefId"], s["winner"], s["newPlayer"], s["team"], s["rank"])
            for s in play["playerScores"]])
    return db


# -- what they compute ---------------------------------------------------------------------------------------------

def test_a_merger_reads_the_plays_one_by_one_and_never_folds_two_games_together(group: str, phone: Phone) -> None:
    whole = fetch(phone, f"{group}/bgstats.json?tz=Asia/Tokyo")
    shared = [fetch(phone, f"{group}/plays/{n}.bgsplay?tz=Asia/Tokyo") for n in range(1, 5)]
    # every game has no BoardGameGeek id the project knows, so each is told apart by its uuid (and name)
    assert [g["bggId"] for g in whole["games"]] == [0, 0, 0]
    assert len({g["uuid"] for g in whole["games"]}) == len({g["name"] for g in whole["games"]}) == 3
    merged, mes = merge(*shared)  # four files, each with its game as id 1
    assert mes == ["Aki", "Aki", "Aki", "Aki"]  # the roster's first member is "me" in each file
    assert plays_per_game(merged) == plays_per_game(whole) == {SS: 2, SC: 1, PS: 1}
    assert sorted(g["name"] for g in merged["games"]) == [PS, SC, SS]
    again, _ = merge(whole, *shared)  # the shared plays are the export's: nothing added twice
    assert len(again["plays"]) == 4 and plays_per_game(again) == {SS: 2, SC: 1, PS: 1}
    names = {p["id"]: p["name"] for p in merged["players"]}
    for play, done in zip(merged["plays"], games(), strict=True):
        assert sorted(names[s["playerRefId"]] for s in play["playerScores"] if s["winner"]) == winners_of(done)


def test_a_year_summary_counts_the_plays_on_the_groups_own_days(group: str, phone: Phone) -> None:
    tokyo = year_summary(fetch(phone, f"{group}/bgstats.json?tz=Asia/Tokyo"), 2026)
    # the game begun at 00:30 in Tokyo is on the 7th there, though it was still the 6th in UTC
    assert tokyo["days"] == {"2026-03-06": 1, "2026-03-07": 2, "2026-03-08": 1}
    assert tokyo["hours"] == [20, 0, 19, 18]
    assert tokyo["games"] == {SS: 2, SC: 1, PS: 1}
    # a play entered within a minute counts its game's typical time: Planetary Sisters' 30 minutes (its rule
    # text); the others' rule texts give none, so the reader's own 20
    minutes: Counter[str] = Counter()
    for done, name in zip(games(), (SS, SC, SS, PS), strict=True):
        minutes[name] += (len(done.moves) - 1) // 60 or (30 if name == PS else 20)
    assert tokyo["minutes"] == dict(minutes) and tokyo["minutes"][PS] == 30
    assert tokyo["base"] == {SS, SC, PS}
    utc = year_summary(fetch(phone, f"{group}/bgstats.json"), 2026)  # no zone sent: UTC, as the page says
    assert utc["days"] == {"2026-03-06": 2, "2026-03-07": 1, "2026-03-08": 1} and utc["hours"] == [11, 15, 10, 9]
    phone.client.set_cookie("tz", "Asia/Tokyo")  # the zone the phone's page left, when the link carries none
    assert year_summary(fetch(phone, f"{group}/bgstats.json"), 2026)["hours"] == [20, 0, 19, 18]


def test_a_visualiser_sees_the_partners_as_a_side(group: str, phone: Phone) -> None:
    data = fetch(phone, f"{group}/bgstats.json?tz=Asia/Tokyo")
    seen = visualise(data)
    assert seen["lists"] == ([], [], {})
    four = games()[0]
    won = winners_of(four)
    # seats 0 and 2 (Aki, Chie) are side "0", seats 1 and 3 (Ben, Dan) side "1": the side that won is ranked 1
    sides = {"0": ["Aki", "Chie"], "1": ["Ben", "Dan"]}
    assert seen["results"][0] == (SS, {team: {"players": players, "won": players == won,
                                              "rank": 1 if players == won else 2}
                                       for team, players in sides.items()})
    assert data["plays"][0]["usesTeams"] is True and data["games"][0]["usesTeams"] is True
    for play, done in zip(seen["results"][1:], games()[1:], strict=True):
        assert play == (play[0], winners_of(done))
    two = data["plays"][2]  # Strato-Sphere with 2: each for themselves
    assert two["usesTeams"] is False and {s["team"] for s in two["playerScores"]} == {""}
    assert seen["wins"] == Counter(name for done in games() for name in winners_of(done))
    # first plays of each game in the group: Strato-Sphere's second game is nobody's first
    assert seen["firsts"] == {"Aki": 3, "Ben": 3, "Chie": 2, "Dan": 2}
    assert [[s["newPlayer"] for s in p["playerScores"]] for p in data["plays"]] == [
        [True] * 4, [True] * 3, [False, False], [True] * 3]
    assert seen["boards"] == [SS_BOARD, SC_BOARD, SS_BOARD, ""]  # Planetary Sisters has no options
    # a shared play reads its first plays against the group's whole history, not its own file
    third = fetch(phone, f"{group}/plays/3.bgsplay")
    assert [s["newPlayer"] for s in third["plays"][0]["playerScores"]] == [False, False]


def test_a_database_loader_keeps_every_row(group: str, phone: Phone) -> None:
    data = fetch(phone, f"{group}/bgstats.json?tz=Asia/Tokyo")
    db = load_sqlite(data)
    assert db.execute("SELECT name FROM players JOIN me ON me.player = players.id").fetchall() == [("Aki",)]
    assert db.execute("SELECT name, min_players, max_players, min_time, max_time, base, expansion FROM games "
                      "ORDER BY id").fetchall() == [(SS, 2, 4, 0, 0, 1, 0), (SC, 3, 13, 0, 0, 1, 0),
                                                    (PS, 2, 4, 30, 30, 1, 0)]
    assert data["games"][2]["minAge"] == 12  # 「12歳以上」
    # newPlayer is exactly each player's earliest play of each game, as the loader's own query finds it
    firsts = db.execute("""SELECT p.name, g.name, MIN(pl.played) FROM scores s JOIN plays pl ON pl.uuid = s.play
        JOIN players p ON p.id = s.player JOIN games g ON g.id = pl.game GROUP BY p.id, g.id ORDER BY 1, 2""").fetchall()
    flagged = db.execute("""SELECT p.name, g.name, pl.played FROM scores s JOIN plays pl ON pl.uuid = s.play
        JOIN players p ON p.id = s.player JOIN games g ON g.id = pl.game WHERE s.new ORDER BY 1, 2""").fetchall()
    assert flagged == firsts and len(flagged) == 10
    assert db.execute("SELECT played, entered FROM plays ORDER BY played").fetchall() == [
        (f"{at.astimezone(TOKYO):%Y-%m-%d %H:%M:%S}", f"{last_entry(done):%Y-%m-%d %H:%M:%S}")
        for done, (_slug, _seats, at) in zip(games(), PLAYS, strict=True)]


def test_the_words_follow_the_language_and_the_page_says_the_zone(group: str, app, client) -> None:  # type: ignore[no-untyped-def]
    ja = Phone(client, "ja")
    data = fetch(ja, f"{group}/bgstats.json")
    assert [g["name"] for g in data["games"]] == ["ストラトスフェア", "シスター・コンビネーション", "遊星姊妹"]
    assert data["plays"][1]["board"] == ("ゲームの終わり: 最初の人が上がったとき（他は残り枚数で順位）／"
                                         "みんななかよく：手札上限16枚: 手札上限なし")
    assert "CSVとBG Statsのファイルの日時は、このタイムゾーンで書かれます： UTC" in text_of(ja.get(group).get_data(as_text=True))
    en = Phone(client)
    page = en.get(group).get_data(as_text=True)
    assert 'data-tz href="/g/' in page and "js/time-zone.js" in page
    zone = text_of(page.split('id="export-zone"')[1].split("</p>")[0])
    assert zone.endswith("Dates and times in the CSV and BG Stats files are in this time zone: UTC")
    client.set_cookie("tz", "Asia/Tokyo")
    page = en.get(group).get_data(as_text=True)
    assert "<strong data-tz-name>Asia/Tokyo</strong>" in page
    client.set_cookie("tz", "Mars/Olympus_Mons")
    page = text_of(en.get(group).get_data(as_text=True))
    assert "in this time zone: UTC (“Mars/Olympus_Mons” is not a time zone this app knows.)" in page


def test_the_csv_says_its_type_once_and_its_dates_in_the_zone(group: str, phone: Phone) -> None:
    response = phone.get(f"{group}/plays.csv?tz=Asia/Tokyo")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["date"], r["game"]) for r in rows if r["seat"] == "1"] == [
        (f"{last_entry(done):%Y-%m-%d %H:%M:%S}", name) for done, name in zip(games(), (SS, SC, SS, PS), strict=True)]
    assert rows[4]["date"].startswith("2026-03-07 00:3")  # after midnight in Tokyo, the 6th in UTC
    one = phone.get(f"{group}/plays/2.bgsplay?tz=Asia/Tokyo")
    assert one.headers["Content-Type"] == "application/json"
    assert 'filename="sister-combination-20260307-00' in one.headers["Content-Disposition"]
