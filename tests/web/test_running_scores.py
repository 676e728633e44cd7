"""Running scores on the table: every game's table shows, near the top of the play and the
watch page, where each player stands now, per seat, with what is still unknown said plainly. The figures are
asserted for known states: the words and numbers a player reads."""

from __future__ import annotations

import re

from companion.games.planetary_sisters import GAME
from tests.games.planetary_sisters.support import play_game
from tests.web.apps import Phone
from tests.web.games.lumiere import support as lp
from tests.web.games.lumiere.test_tracker import started as lp_started
from tests.web.games.planetary_sisters.support import enter, form_of, start_table, synthetic_profile_token
from tests.web.games.sister_combination import support as sc
from tests.web.games.strato_sphere import helpers as ss
from tests.web.helpers import text_of


def standing(html: str) -> list[str]:
    """The standing strip's lines as a player reads them, in seat order."""
    match = re.search(r'<div class="standing".*?</ol>', html, re.S)
    assert match, "no standing on the page"
    return [text_of(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", match.group(0), re.S)]


def watch_of(phone: Phone, url: str) -> str:
    html = phone.get(url).get_data(as_text=True)
    found = re.search(r'id="watch-link" readonly value="[^"]*(/w/[^"]+)"', html)
    assert found
    return found.group(1)


def test_planetary_sisters_scores_so_far_at_the_top(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    """Half a 3-player game dealt as the engine tests deal it: every card that scores is still in a hand, its
    owner's alone (§2), so the table says in one line that there is no score yet instead of a number."""
    url = start_table(phone, "Aki", "Ben", "Chie", profile=synthetic_profile_token(app))
    play = play_game(3, 7)
    half = len(play.moves) // 2
    for move, state in list(zip(play.moves, play.states, strict=False))[:half]:
        assert enter(phone, url, form_of(move, state)).status_code == 303
    line = ("Scores so far No scores until the hands are shown at the end: with 3 or 4 players every card that "
            "scores is in a hand, and only its owner may look at a hand. (§2)")
    # the engine's own answer for that state: no total yet
    assert [s.total for s in GAME.score(play.states[half]).seats] == [None, None, None]
    html = phone.get(url).get_data(as_text=True)
    assert text_of(re.search(r'<div class="standing".*?</div>', html, re.S).group(0)) == line  # type: ignore[union-attr]
    assert "points" not in text_of(html[html.index('<div class="standing"'):html.index('id="ps-turn"') + 2000])
    # on the first screen: right above the turn form (whose turn is in it and in the dock), so the form itself
    # fits above the dock on a small phone (issue 35)
    standing = html.index('class="standing"')
    assert standing < html.index('id="ps-turn"') < html.index("<fieldset", standing)
    watch = phone.get(watch_of(phone, url)).get_data(as_text=True)
    assert text_of(re.search(r'<div class="standing".*?</div>', watch, re.S).group(0)) == line  # type: ignore[union-attr]


def test_planetary_sisters_two_players_count_the_open_cards(app, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    """A 2-player game in its second half: the house cards lie face up (§4.4.2), so each seat's points are those
    cards' and the field's, said to leave the hand out."""
    url = start_table(phone, "Aki", "Ben", profile=synthetic_profile_token(app))
    play = play_game(2, 4)
    upto = next(i for i, s in enumerate(play.states) if s.round == 7 and not s.turns)
    for move, state in list(zip(play.moves, play.states, strict=False))[:upto]:
        assert enter(phone, url, form_of(move, state)).status_code == 303
    totals = [s.score.total for s in GAME.table_score(play.states[upto]).seats]
    expected = [f"Aki {totals[0]} points, hand not counted", f"Ben {totals[1]} points, hand not counted"]
    assert standing(phone.get(url).get_data(as_text=True)) == expected
    assert standing(phone.get(watch_of(phone, url)).get_data(as_text=True)) == expected


def test_strato_sphere_nodes_controlled_now_under_the_ring(phone: Phone) -> None:
    table = ss.new_table(phone, "Aki", "Ben", "Chie", "Dan")
    ss.play(phone, table, "reveal 0 KS", "reveal 3 QS")
    html = ss.page(phone, table)
    # Aki's ♠ (SS-3) holds node 0 and node 3, which lies in front of Ben, on the other side (SS-8)
    expected = ["Aki 2 nodes 0 of 3 nodes in front of them held by the other side",
                "Ben 0 nodes force not known yet · 1 of 3 nodes in front of them held by the other side",
                "Chie 0 nodes force not known yet · 0 of 3 nodes in front of them held by the other side",
                "Dan 0 nodes force not known yet · 0 of 3 nodes in front of them held by the other side"]
    assert standing(html) == expected
    # after the ring and the move, so both stay on the first screen
    assert html.index('class="ss-ring') < html.index('id="ss-moves"') < html.index('class="standing"')
    assert standing(phone.get(watch_of(phone, table)).get_data(as_text=True)) == expected


def test_lumiere_points_so_far_name_the_cards_whose_points_are_unknown(phone: Phone) -> None:
    # the built-in profile gives no card's points (LP-8): Aki's captured Commoner is named, not a bare "?"
    table = lp_started(phone)
    lp.play(phone, table, "play card=priest", "set cell=r1c2")  # the table resolves the get phase (LP-5)
    html = phone.get(table).get_data(as_text=True)
    expected = ["Aki 0 so far points unknown, not counted: Commoner", "Ben 0 points", "Chie 0 points", "Dai 0 points"]
    assert standing(html) == expected
    assert lp.total_of(html, 0) == "0 so far + ?"
    assert html.index('class="lp-board') < html.index('class="standing"') < html.index('class="card lp-seats-card"')
    assert standing(phone.get(watch_of(phone, table)).get_data(as_text=True)) == expected
    # a profile that gives the points: the total, and the leader marked
    table = lp_started(phone, profile=lp.scored_profile(phone))
    lp.play(phone, table, "play card=priest", "set cell=r1c2")  # the table resolves the get phase (LP-5)
    html = phone.get(table).get_data(as_text=True)
    assert standing(html) == ["Aki 1 point", "Ben 0 points", "Chie 0 points", "Dai 0 points"]
    assert '<li class="ahead" data-seat="0">' in html


def test_sister_combination_places_so_far_who_is_out_and_cards_left(phone: Phone) -> None:
    # players go out one after another (SC-7 "last one" option); Aki goes out first
    table = sc.old_table(phone, "Aki", "Ben", "Chie", "Dan", hands="as-entered", end="last_one")
    sc.play(phone, table, "setup first=0 sister=karen symbol=3 h0=2 h1=7 h2=7 h3=7",
            "play sister=karen symbol=5 reach=1",  # Aki: one card left, リーチ
            "play sister=yotsuba symbol=sp colour=green target=2",  # Ben: Chie gets 2 at once (9)
            "play sister=kaho symbol=5",  # Chie: 8
            "play sister=karen symbol=6",  # Dan: 6
            "play sister=karen symbol=7")  # Aki goes out
    html = phone.get(table).get_data(as_text=True)
    expected = ["Aki out 1st", "Ben 6 cards left 2nd so far, tied", "Dan 6 cards left 2nd so far, tied",
                "Chie 8 cards left 4th so far"]
    assert standing(html) == expected
    assert html.index('class="sc-seats"') < html.index('class="standing"')
    assert standing(phone.get(watch_of(phone, table)).get_data(as_text=True)) == expected
