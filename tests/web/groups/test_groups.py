"""A group of real finished games of all five games (recorded through the engines' moves and imported as
tables): what its pages say per player (plays, wins, draws, win rate, average and best score, the games' own
categories, rival and nemesis), computed here again from the engines' scores of the same games; the history's
order and its unfinished table apart; the rematch; a table from the roster; the exports parsed back."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from functools import cache
from typing import Any

import pytest
from sqlalchemy import text

from companion.games.planetary_sisters import GAME as PS
from companion.storage import db
from tests.web.apps import Phone
from tests.web.groups.support import Finished, export_of, finished_game, import_table, new_group, token_of
from tests.web.helpers import text_of

ROSTER = ["Aki", "Ben", "Chie", "Dan"]
PLAYS = [  # game, seats (clockwise), day
    ("planetary-sisters", ["Aki", "Ben", "Chie"], 0),
    ("lumiere", ["Ben", "Chie", "Dan"], 1),
    ("planeta-rica", ["Chie", "Dan", "Aki"], 2),
    ("sister-combination", ["Dan", "Aki", "Ben"], 3),
    ("strato-sphere", ["Aki", "Ben"], 4),
]
POINTS = {"planetary-sisters", "lumiere", "planeta-rica"}
# The walk to start from: Strato-Sphere's from seed 1 is a game won (with Aki dealing, so Ben starts); the one from
# seed 0 ends in a draw, and the history's winner line is what is looked at.
SEEDS = {"strato-sphere": 1}


@cache
def games() -> tuple[Finished, ...]:
    return tuple(finished_game(slug, seats, SEEDS.get(slug, 0)) for slug, seats, _day in PLAYS)


def section(html: str, player: str) -> str:
    match = re.search(rf'<section class="card player-stats"[^>]*data-player="{player}">(.*?)</section>', html, re.S)
    assert match, f"no statistics for {player}"
    return match.group(1)


def places(done: Finished) -> dict[str, int]:
    """Each seat's place by the engine's placings (tied seats share a place)."""
    breakdown = done.game.score(done.final)
    found: dict[str, int] = {}
    ahead = 0
    for group in breakdown.placings:
        for seat in group:
            found[done.seats[seat]] = ahead + 1
        ahead += len(group)
    return found


def winners(done: Finished) -> set[str]:
    breakdown = done.game.score(done.final)
    won = {done.seats[s] for s in breakdown.winners}
    return set() if len(won) == len(done.seats) else won  # everyone first: a draw


def drawn(done: Finished) -> bool:
    return len({done.seats[s] for s in done.game.score(done.final).winners}) == len(done.seats)


def started_seat(done: Finished) -> int:
    """Who started, read off the engine's final state: Lumière's janken (LP-9), Planetary Sisters' first parent
    (§4.1), Planeta Rica's start player (PR-1), Strato-Sphere's seat on the dealer's left (SS-5); Sister
    Combination (SC-8) the first seat."""
    state = done.final
    return {"lumiere": lambda: state.first, "planetary-sisters": lambda: state.first_parent,
            "planeta-rica": lambda: state.start, "strato-sphere": lambda: state.first_player,
            }.get(done.game.slug, lambda: 0)()


def totals(done: Finished) -> dict[str, int | None]:
    return {done.seats[s.seat]: s.total for s in done.game.score(done.final).seats}


@pytest.fixture
def group(app, phone: Phone) -> str:  # type: ignore[no-untyped-def]
    path = new_group(phone, "Friday club", *ROSTER)
    for done, (_slug, _seats, day) in zip(games(), PLAYS, strict=True):
        table = import_table(phone, export_of(done, day))
        response = phone.post(f"{path}/tables", {"table": "https://example.test" + table})
        assert response.status_code == 303
    # an unfinished table: two entries of a new Strato-Sphere game, on the last day
    unfinished = export_of(finished_game("strato-sphere", ["Dan", "Chie"]), 9)
    unfinished["log"] = unfinished["log"][:2]
    unfinished["version"] = 2
    table = import_table(phone, unfinished)
    assert phone.post(f"{path}/tables", {"table": table}).status_code == 303
    return path


def test_the_figures_each_player_sees_are_the_engines_scores(group: str, phone: Phone) -> None:
    html = phone.get(f"{group}/stats").get_data(as_text=True)
    assert "From 5 finished games" in text_of(html)
    for name in ROSTER:
        mine = [g for g in games() if name in g.seats]
        wins = sum(1 for g in mine if name in winners(g))
        draws = sum(1 for g in mine if drawn(g))
        rate = round(100 * wins / len(mine))
        part = section(html, name)
        assert (f"Overall: plays {len(mine)} · wins {wins} · draws {draws} · win rate {rate}%"
                in text_of(part)), text_of(part)
        for done in mine:
            row = re.search(rf'<tr data-game="{done.game.slug}">(.*?)</tr>', part, re.S)
            assert row, done.game.slug
            cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]
            score = totals(done)[name]
            won = 1 if name in winners(done) else 0
            assert cells[1:3] == ["1", f"{won}" + (" (+1 draw)" if drawn(done) else "")], cells
            if done.game.slug in POINTS:
                assert cells[4:] == [f"{score:.1f}", str(score)], (done.game.slug, cells)
            else:
                assert cells[4:] == ["—", "—"]
        # head-to-head: ahead of / behind each opponent, by the engines' places
        ahead: Counter[str] = Counter()
        behind: Counter[str] = Counter()
        for done in mine:
            place = places(done)
            for other in done.seats:
                if other != name and place[name] < place[other]:
                    ahead[other] += 1
                elif other != name and place[other] < place[name]:
                    behind[other] += 1
        if ahead:
            most = max(ahead.values())
            rivals = ", ".join(sorted(o for o in ahead if ahead[o] == most))
            assert f"Rival (beaten most): {rivals}" in text_of(part)
        if behind:
            most = max(behind.values())
            assert f"Nemesis (lost to most): {', '.join(sorted(o for o in behind if behind[o] == most))}" in text_of(part)


def test_the_games_own_categories_are_the_summarys(group: str, phone: Phone) -> None:
    html = phone.get(f"{group}/stats").get_data(as_text=True)
    ps = games()[0]
    scored = PS.table_score(ps.final)
    aki = section(html, "Aki")
    food = next(c for c in scored.seats[0].score.house.categories if c.key == "food")
    row = re.search(r'<tr data-category="house.food"><td>([^<]*)</td><td class="num">([^<]*)</td>', aki)
    assert row and row.groups() == ("House: Food lovers", f"{food.points:.1f}")
    lumiere = games()[1]
    ben_points = totals(lumiere)["Ben"]
    row = re.search(r'<details class="categories" data-game="lumiere">.*?<tr data-category="points"><td>Points</td>'
                    r'<td class="num">([^<]*)</td>', section(html, "Ben"), re.S)
    assert row and row.group(1) == f"{ben_points:.1f}"
    sc = games()[3]
    dan_left = sc.final.hands[0]
    row = re.search(r'data-game="sister-combination">.*?<tr data-category="left"><td>Cards left</td>'
                    r'<td class="num">([^<]*)</td>', section(html, "Dan"), re.S)
    assert row and row.group(1) == f"{dan_left:.1f}"


def test_a_chart_per_player_drawn_on_the_server(group: str, phone: Phone) -> None:
    html = phone.get(f"{group}/stats").get_data(as_text=True)
    aki = section(html, "Aki")
    svg = re.search(r"<svg class=\"score-chart\".*?</svg>", aki, re.S)
    assert svg and 'aria-label="Scores of Aki over time"' in svg.group(0)
    # Aki played two games won on points: one dot each, in a line of its own game's colour
    assert len(re.findall(r"<circle ", svg.group(0))) == 2
    assert {m for m in re.findall(r'data-game="([^"]+)"', svg.group(0))} == {"planetary-sisters", "planeta-rica"}
    assert "Planetary Sisters" in text_of(aki.split("<figcaption>")[1])


def test_history_newest_first_unfinished_apart_with_replay_steps(group: str, phone: Phone) -> None:
    html = phone.get(group).get_data(as_text=True)
    history, unfinished = html.split('id="unfinished"')
    shown = re.findall(r'<strong class="game">([^<]*)</strong>', history)
    assert shown == ["Strato-Sphere", "Sister Combination", "Planeta Rica", "Lumière Prière", "Planetary Sisters"]
    assert re.findall(r'<strong class="game">([^<]*)</strong>', unfinished) == ["Strato-Sphere"]
    assert "Not finished (never counted)" in text_of(html)
    ss = games()[4]
    winner = ", ".join(sorted(winners(ss)))
    first = history.split('<li class="card play"')[1]
    assert f"Winner: {winner}" in text_of(first) and "(SS-8)" in text_of(first)
    assert "2026-01-05 19:" in text_of(first)
    steps = re.search(r'<form class="steps" method="get" action="(/t/[^"]+)">.*?max="(\d+)"', first, re.S)
    assert steps and int(steps.group(2)) == len(ss.moves)
    past = phone.get(steps.group(1) + "?at=1").get_data(as_text=True)
    assert "This is the table as it was before the last" in text_of(past)
    # the read-only link shows the same history without a form that writes
    watch = re.search(r'id="group-watch-link" readonly value="[^"]*(/gw/[^"]+)"', html)
    assert watch
    page = phone.get(watch.group(1)).get_data(as_text=True)
    assert 'method="post"' not in page.split("<main>")[1]
    assert re.findall(r'<strong class="game">([^<]*)</strong>', page)[:2] == ["Strato-Sphere", "Sister Combination"]
    stats = phone.get(watch.group(1) + "/stats").get_data(as_text=True)
    assert "From 5 finished games" in text_of(stats) and 'method="post"' not in stats.split("<main>")[1]
    assert phone.get(watch.group(1) + "/export.json").status_code == 404  # the whole group only from its players


def test_csv_one_row_per_player_per_play(group: str, phone: Phone) -> None:
    response = phone.get(f"{group}/plays.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"  # the charset said once
    body = response.get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body)))
    assert len(rows) == sum(len(g.seats) for g in games())
    for done in games():
        mine = [r for r in rows if r["game"] == done.game.name_en]
        assert [r["player"] for r in mine] == done.seats
        for r in mine:
            score = totals(done)[r["player"]]
            assert r["score"] == (str(score) if done.game.slug in POINTS else "")
            assert r["winner"] == ("1" if r["player"] in winners(done) else "0")
            assert int(r["place"]) == places(done)[r["player"]]
        assert [r["start_player"] for r in mine] == [
            "1" if i == started_seat(done) else "0" for i in range(len(done.seats))]


def test_bg_stats_export_and_one_play(group: str, phone: Phone) -> None:
    data = json.loads(phone.get(f"{group}/bgstats.json").get_data(as_text=True))
    assert set(data) == {"games", "players", "plays", "locations", "userInfo", "challenges", "groups", "tags",
                         "deletedObjects"}
    assert data["userInfo"]["meRefId"] == 1  # the roster's first member, Aki
    assert len(data["plays"]) == 5 and [p["name"] for p in data["players"]] == ["Aki", "Ben", "Chie", "Dan"]
    assert data["locations"][0]["name"] == "Friday club"
    players = {p["id"]: p["name"] for p in data["players"]}
    ps_play = data["plays"][0]
    ps = games()[0]
    scores = {players[s["playerRefId"]]: s for s in ps_play["playerScores"]}
    for name, total in totals(ps).items():
        assert scores[name]["score"] == str(total) and isinstance(scores[name]["score"], str)
        assert scores[name]["winner"] == (name in winners(ps))
        assert scores[name]["rank"] == places(ps)[name]
    assert [s["seatOrder"] for s in ps_play["playerScores"]] == [1, 2, 3]
    # startPlayer is the seat that really started, as each game's log says (not always the first seat)
    for play, done in zip(data["plays"], games(), strict=True):
        started = [players[s["playerRefId"]] for s in play["playerScores"] if s["startPlayer"]]
        assert started == [done.seats[started_seat(done)]], done.game.slug
    one = json.loads(phone.get(f"{group}/plays/5.bgsplay").get_data(as_text=True))
    assert len(one["plays"]) == 1 and one["userInfo"]["meRefId"] == 1
    assert [p["name"] for p in one["players"]] == ["Aki", "Ben"] and one["games"][0]["noPoints"] is True
    assert phone.get(f"{group}/plays/6.bgsplay").status_code == 404


def test_the_groups_json_imports_back_exactly(group: str, phone: Phone) -> None:
    assert phone.post(f"{group}/members/1/remove").status_code == 303  # a former member travels too
    first = phone.get(f"{group}/export.json").get_data(as_text=True)
    response = phone.post("/groups/import", {"text": first})
    assert response.status_code == 303
    again = response.headers["Location"]
    assert token_of(again) != token_of(group)
    second = phone.get(f"{again}/export.json").get_data(as_text=True)
    assert json.loads(second) == json.loads(first) and second == first
    stats = phone.get(f"{again}/stats").get_data(as_text=True)
    assert "From 5 finished games" in text_of(stats)


def _count(app: Any, table: str) -> int:
    with app.app_context():
        return int(db.session().execute(text(f"SELECT count(*) FROM {table}")).scalar() or 0)


def test_a_refused_group_import_leaves_nothing_behind(app, group: str, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(phone.get(f"{group}/export.json").get_data(as_text=True))
    data["tables"][3]["log"][5]["payload"] = {"type": "nonsense"}
    data["members"].append({"name": "aki", "former": False})
    before = {t: _count(app, t) for t in ("groups", "group_members", "group_tables", "tables", "events", "profiles")}
    response = phone.post("/groups/import", {"text": json.dumps(data)})
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "nothing was saved" in page
    assert "aki is on the roster already" in page and "Table 4: " in page
    after = {t: _count(app, t) for t in before}
    assert after == before


def test_roster_names_refused_with_the_reason(group: str, phone: Phone) -> None:
    for name, why in (("   ", "A player's name cannot be blank."),
                      ("x" * 41, "A name may have at most 40 characters, and no control characters."),
                      ("bEN", "bEN is on the roster already: give each player a different name.")):
        response = phone.post(f"{group}/members", {"name": name})
        assert response.status_code == 422
        assert why in text_of(response.get_data(as_text=True))
    assert phone.post(f"{group}/members", {"name": "Emi"}).status_code == 303
    assert "Emi" in text_of(phone.get(group).get_data(as_text=True))


def test_a_removed_player_keeps_their_games_as_a_former_member(group: str, phone: Phone) -> None:
    html = phone.get(group).get_data(as_text=True)
    remove = re.search(r'action="([^"]+/remove)">\s*<input[^>]*>\s*<button[^>]*aria-label="Remove Dan from', html)
    assert remove
    assert phone.post(remove.group(1)).status_code == 303
    html = phone.get(group).get_data(as_text=True)
    assert "Former members (their games still count): Dan" in text_of(html)
    stats = phone.get(f"{group}/stats").get_data(as_text=True)
    dan = section(stats, "Dan")
    assert "former member" in text_of(dan) and "Overall: plays 3 ·" in text_of(dan)
    # adding the name again brings the player back, with the same games
    assert phone.post(f"{group}/members", {"name": "dan"}).status_code == 303
    stats = phone.get(f"{group}/stats").get_data(as_text=True)
    assert "former member" not in text_of(section(stats, "dan"))


# The game's rule for who starts (each game's rematch hook): Lumière chooses its first player by janken
# (LP-9), Planetary Sisters its first parent (§4.1), Planeta Rica the youngest (PR-1), Strato-Sphere's table
# names its dealer (SS-5): the same order, asked again; Sister Combination (SC-8) rotates one place.
REMATCH_ROTATES = {"planetary-sisters": False, "lumiere": False, "planeta-rica": False,
                   "sister-combination": True, "strato-sphere": False}
REMATCH_RULE = {
    "planetary-sisters": "Same seats: the table chooses the first parent in any way it likes when the game begins "
                         "(§4.1), so the new table asks again.",
    "lumiere": "Same seats: the first player is chosen by janken at the start of every game (LP-9), so the new "
               "table asks again.",
    "planeta-rica": "Same seats: the youngest player starts (PR-1), so the new table asks who starts again.",
    "sister-combination": "Seats rotated: the order is fixed before the deal and play begins with the first seat "
                          "(SC-8), so the player who sat second starts the new game.",
    "strato-sphere": "Same seats: anyone may deal, and the table names its dealer when it starts (SS-5), so the new "
                     "table asks who deals again.",
}


@pytest.mark.parametrize("number", range(5))
def test_rematch_in_one_tap_follows_the_games_rule_for_who_starts(group: str, phone: Phone, number: int) -> None:
    slug, seats, _day = PLAYS[number]
    name = games()[number].game.name_en
    html = phone.get(group).get_data(as_text=True)
    history = html.split('id="unfinished"')[0]
    links = re.findall(r'<a class="button" href="(/t/[^"]+)">Open the table', history)
    link = links[::-1][number]  # the history is newest first; PLAYS oldest first
    table = text_of(phone.get(link).get_data(as_text=True))
    rotates = REMATCH_ROTATES[slug]
    one_tap = "Rematch (next seat starts)" if rotates else "Rematch (same seats)"
    assert one_tap in table
    assert ("Rematch (next seat starts)" in table) == rotates  # never claimed for a game that picks in play
    options = text_of(phone.get(f"{link}/group").get_data(as_text=True))
    assert REMATCH_RULE[slug] in options
    rotated = seats[1:] + seats[:1]
    assert (f"Rematch, seats rotated: {', '.join(rotated)}" in options) == rotates
    assert f"Rematch, same order: {', '.join(seats)}" in options
    # the one tap (a rotation asked for where the game keeps the order still keeps it)
    response = phone.post(f"{link}/rematch", {"order": "rotate"})
    assert response.status_code == 303
    expected = rotated if rotates else seats
    new = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(rf"<title>{re.escape(name)} · {', '.join(expected)}</title>", new)
    # A second tap (a double tap, another phone, the other order) opens the rematch already started: one per game.
    again = phone.post(f"{link}/rematch", {"order": "same"})
    assert again.status_code == 303 and again.headers["Location"] == response.headers["Location"]
    unfinished = phone.get(group).get_data(as_text=True).split('id="unfinished"')[1]
    assert re.findall(r'<strong class="game">([^<]*)</strong>', unfinished).count(name) == \
        1 + (slug == "strato-sphere")  # the rematch joined the group (beside the fixture's unfinished one)


def test_a_rematch_waits_for_the_end_of_the_game(group: str, phone: Phone) -> None:
    unfinished = phone.get(group).get_data(as_text=True).split('id="unfinished"')[1]
    unfinished_link = re.findall(r'href="(/t/[^"]+)">Open the table', unfinished)[-1]
    refused = phone.post(f"{unfinished_link}/rematch", {"order": "rotate"})
    assert refused.status_code == 422
    assert "This game is not finished yet: a rematch starts once it is." in text_of(refused.get_data(as_text=True))


def test_a_table_from_the_roster_with_a_guest(group: str, phone: Phone) -> None:
    page = phone.get(f"{group}/new/strato-sphere").get_data(as_text=True)
    assert re.search(r'<option value="Aki" selected>Aki</option>', page)
    response = phone.post(f"{group}/new/strato-sphere", {"seat0": "Chie", "seat1": "Aki", "guest1": "Gina",
                                                         "seat2": "", "seat3": ""})
    assert response.status_code == 303
    table = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert re.search(r"<title>Strato-Sphere · Chie, Gina</title>", table)
    bad = phone.post(f"{group}/new/strato-sphere", {"seat0": "Chie", "seat1": "", "seat2": "", "seat3": ""})
    assert bad.status_code == 422 and "Enter the names of 2 / 4 players" in text_of(bad.get_data(as_text=True))
    group_page = text_of(phone.get(group).get_data(as_text=True))
    assert "Strato-Sphere" in group_page.split("Not finished (never counted)")[1].split("Chie 0 nodes")[0]
    assert "Chie 0 nodes 1. Gina 0 nodes" in group_page.split("Not finished (never counted)")[1]


def test_a_table_joins_a_group_from_its_own_page(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    group = new_group(phone, "Tuesday", "Aki", "Ben")
    table = import_table(phone, export_of(games()[4], 0))
    page = phone.get(f"{table}/group").get_data(as_text=True)
    assert "Add this table to a group" in text_of(page)
    bad = phone.post(f"{table}/group", {"group": "https://example.test/g/nothing-here"})
    assert bad.status_code == 422 and "No group is at that link." in text_of(bad.get_data(as_text=True))
    assert phone.post(f"{table}/group", {"group": "https://example.test" + group}).status_code == 303
    assert "This table belongs to the group Tuesday." in text_of(phone.get(f"{table}/group").get_data(as_text=True))
    other = new_group(phone, "Other", "Aki")
    refused = phone.post(f"{other}/tables", {"table": table})
    assert refused.status_code == 422
    assert "That table belongs to another group already." in text_of(refused.get_data(as_text=True))


def test_a_missing_group_is_a_404_page(phone: Phone) -> None:
    for path in ("/g/nope", "/gw/nope", "/g/nope/stats", "/g/nope/export.json", "/g/%00/plays.csv"):
        assert phone.get(path).status_code == 404


def test_the_statistics_as_a_pdf(group: str, phone: Phone) -> None:
    from pypdf import PdfReader

    response = phone.client.get(f"{group}/stats.pdf?paper=a4&lang=en")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    assert "Statistics: Friday club" in text
    mine = [g for g in games() if "Aki" in g.seats]
    assert f"plays {len(mine)}" in text


def test_the_group_pages_in_japanese(group: str, phone: Phone) -> None:
    phone.lang = "ja"
    page = text_of(phone.get(group).get_data(as_text=True))
    assert "名簿" in page and "終わっていないゲーム（成績には数えません）" in page
    stats = phone.get(f"{group}/stats").get_data(as_text=True)
    aki = section(stats, "Aki")
    mine = [g for g in games() if "Aki" in g.seats]
    assert f"全体：{len(mine)}戦" in text_of(aki)
    assert "家札：" in text_of(aki) and "Aki の得点の推移".replace(" ", "") in aki
    refused = phone.post(f"{group}/members", {"name": " "})
    assert "プレイヤーの名前が空です。" in text_of(refused.get_data(as_text=True))


def test_the_read_only_group_link_replays_a_game_read_only(group: str, phone: Phone) -> None:
    html = phone.get(group).get_data(as_text=True)
    watch = re.search(r'id="group-watch-link" readonly value="[^"]*(/gw/[^"]+)"', html)
    assert watch
    page = phone.get(watch.group(1)).get_data(as_text=True)
    first = page.split('id="unfinished"')[0].split('<li class="card play"')[1]  # the newest: Strato-Sphere
    steps = re.search(r'<form class="steps" method="get" action="(/w/[^"]+)">.*?max="(\d+)"', first, re.S)
    ss = games()[4]
    assert steps and int(steps.group(2)) == len(ss.moves)
    assert "/t/" not in page.split("<main>")[1]  # no players' link anywhere on the read-only page
    past = phone.get(steps.group(1) + "?at=2")
    assert past.status_code == 200
    body = past.get_data(as_text=True)
    assert f"Replay: the table after entry 2 of {len(ss.moves)}. This page is read-only." in text_of(body)
    assert 'class="past" data-version="2"' in body
    main = body.split("<main>")[1]
    assert 'method="post"' not in main and "/t/" not in main  # writes nothing, names no players' link
    assert re.search(rf'href="{re.escape(steps.group(1))}"[^>]*>Show the table now', main)
    # a hand-edited step (past the end, or not a number) shows the table now, read-only
    for odd in ("?at=999999", "?at=abc", "?at=-1"):
        now = phone.get(steps.group(1) + odd)
        assert now.status_code == 200 and "Replay:" not in text_of(now.get_data(as_text=True))
    said = text_of(Phone(phone.client, lang="ja").get(steps.group(1) + "?at=2").get_data(as_text=True))
    assert f"リプレイ：全{len(ss.moves)}件中2件目の入力後のテーブルです。このページは閲覧専用です。" in said
