"""Sister Combination's places in a group's statistics, and the overall row beside the
games: two real finished Sister Combination games (3 and 4 players) and Lumière Prière played twice, imported
as tables; what each player's statistics say is worked out here again from the engines' placings and scores:
how often each place, the average place, averages and best scores over several plays, the overall tally."""

from __future__ import annotations

import re
from functools import cache
from statistics import mean

import pytest

from tests.web.apps import Phone
from tests.web.groups.support import Finished, export_of, finished_game, import_table, new_group
from tests.web.groups.test_groups import drawn, places, section, totals, winners
from tests.web.helpers import text_of

PLAYS = [  # game, seats (clockwise), seed, day
    ("sister-combination", ["Dan", "Aki", "Ben"], 0, 0),
    ("sister-combination", ["Aki", "Ben", "Chie", "Dan"], 3, 1),
    ("lumiere", ["Ben", "Chie", "Dan"], 0, 2),
    ("lumiere", ["Dan", "Ben", "Chie"], 5, 3),
]


@cache
def games() -> tuple[Finished, ...]:
    return tuple(finished_game(slug, seats, seed) for slug, seats, seed, _day in PLAYS)


@pytest.fixture
def stats(app, phone: Phone) -> str:  # type: ignore[no-untyped-def]
    path = new_group(phone, "Sunday club", "Aki", "Ben", "Chie", "Dan")
    for done, (_slug, _seats, _seed, day) in zip(games(), PLAYS, strict=True):
        table = import_table(phone, export_of(done, day))
        assert phone.post(f"{path}/tables", {"table": "https://example.test" + table}).status_code == 303
    return str(phone.get(f"{path}/stats").get_data(as_text=True))


def category(part: str, game: str, key: str) -> tuple[str, str]:
    found = re.search(rf'<details class="categories" data-game="{game}">.*?<tr data-category="{re.escape(key)}">'
                      r"<td>([^<]*)</td><td class=\"num\">([^<]*)</td>", part, re.S)
    assert found, (game, key)
    return found.group(1), found.group(2)


def mine(name: str, slug: str | None = None) -> list[Finished]:
    return [g for g in games() if name in g.seats and (slug is None or g.game.slug == slug)]


def test_the_games_differ_so_the_figures_can_tell() -> None:
    sc = [places(g) for g in games()[:2]]
    assert sc[0] != {n: 1 for n in sc[0]}  # real places, not everyone first
    assert {g.game.slug for g in games()} == {"sister-combination", "lumiere"}


@pytest.mark.parametrize("name", ["Aki", "Ben", "Chie", "Dan"])
def test_sister_combination_places_per_player(stats: str, name: str) -> None:
    part = section(stats, name)
    played = mine(name, "sister-combination")
    placed = [places(g)[name] for g in played]
    assert category(part, "sister-combination", "place") == ("Average place", f"{mean(placed):.1f}")
    details = part.split('<details class="categories" data-game="sister-combination">')[1].split("</details>")[0]
    keys = re.findall(r'data-category="([^"]+)"', details)
    if name != "Chie":  # in both games: the 4th place (of the later, larger game) stays with the places
        assert keys == ["place", "place.1", "place.2", "place.3", "place.4", "out", "left"]
    for place in range(1, max(len(g.seats) for g in played) + 1):
        times = placed.count(place)
        label, shown = category(part, "sister-combination", f"place.{place}")
        assert label == f"Times placed #{place}"
        assert shown == f"{times} of {len(played)} ({round(100 * times / len(played))}%)"


@pytest.mark.parametrize("name", ["Ben", "Chie", "Dan"])
def test_average_and_best_over_several_plays_and_the_overall_row(stats: str, name: str) -> None:
    part = section(stats, name)
    lumiere = mine(name, "lumiere")
    assert len(lumiere) == 2
    scores = [totals(g)[name] for g in lumiere]
    assert None not in scores
    row = re.search(r'<tr data-game="lumiere">(.*?)</tr>', part, re.S)
    assert row
    cells = [text_of(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row.group(1), re.S)]
    wins = sum(1 for g in lumiere if name in winners(g))
    assert cells[1] == "2" and cells[2].startswith(str(wins))
    assert cells[4:] == [f"{mean(s for s in scores if s is not None):.1f}", str(max(s for s in scores if s is not None))]
    # every game together: plays, wins and win rate; no average or best across games (said in words)
    every = mine(name)
    all_wins = sum(1 for g in every if name in winners(g))
    draws = sum(1 for g in every if drawn(g))
    overall = re.search(r'<tr class="all-games">(.*?)</tr>', part, re.S)
    assert overall
    cells = [text_of(c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", overall.group(1), re.S)]
    rate = round(100 * all_wins / len(every))
    assert cells == ["All games", str(len(every)), f"{all_wins}" + (f" (+{draws} draw{'s' * (draws != 1)})"
                                                                     if draws else ""), f"{rate}%", "—", "—"]
    assert ("Average and best score are given per game only: each game counts its points its own way, so they are "
            "never added across games.") in text_of(part)


def test_places_in_japanese(app, phone: Phone, stats: str) -> None:  # type: ignore[no-untyped-def]
    ja = Phone(phone.client, lang="ja")
    group = re.search(r'href="(/g/[^/"]+)"', stats)
    assert group
    html = ja.get(f"{group.group(1)}/stats").get_data(as_text=True)
    part = section(html, "Aki")
    played = mine("Aki", "sister-combination")
    placed = [places(g)["Aki"] for g in played]
    assert category(part, "sister-combination", "place") == ("平均順位", f"{mean(placed):.1f}")
    label, shown = category(part, "sister-combination", "place.1")
    times = placed.count(1)
    assert label == "1位になった回数" and shown == f"{len(played)}回中{times}回（{round(100 * times / len(played))}%）"
    assert "全ゲーム" in text_of(part)
