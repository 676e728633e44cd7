"""A hand is its owner's alone (§2 【手札】: only its owner may look at it) as a player meets it: during play no
watch page (nor the TV's scoreboard), score summary (page or PDF) or group record shows what any hand holds, nor a
score that counts hand cards. The cards the table saw a player take into their hand are on the players' link
behind a tap that shows them and hides them again (a closed <details>: it works with JavaScript off); the mover's
entry form keeps them behind a tap too, since every phone on the players' link shows that form. What is open to
all stays shown: the field, the cards played this round, the house cards a 2-player game lays face up (§4.4.2),
and, with 2 players, the scores those open cards give, said to leave the hands out. With 3 or 4 players every
card that scores is in a hand until the end, so the table says there is no score yet instead of a number. Once
the game is over every hand is shown and scored."""

from __future__ import annotations

import re

from flask import Flask

from companion.games.planetary_sisters import GAME
from companion.tables import store
from companion.tables.view import view_of
from companion.web.games.planetary_sisters.summary import summary
from tests.games.planetary_sisters.support import play_game
from tests.web.apps import Phone
from tests.web.groups.support import new_group
from tests.web.helpers import text_of

from .support import enter, form_of, start_table, synthetic_profile_token, token_of
from .test_tracker_page import play_through_pages

WATCH_RE = re.compile(r"/w/[A-Za-z0-9_-]{24}")
CLOSED_DETAILS = re.compile(r"(<details\b(?![^>]*\bopen\b)[^>]*>\s*<summary\b.*?</summary>).*?(</details>)", re.S)
NO_SCORE_YET = ("No scores until the hands are shown at the end: with 3 or 4 players every card that scores is in "
                "a hand, and only its owner may look at a hand. (§2)")


def before_a_tap(html: str) -> str:
    """What a player sees before tapping anything: a closed <details> shows its summary only."""
    return text_of(CLOSED_DETAILS.sub(r"\1\2", html))


def watch_of(phone: Phone, url: str) -> str:
    found = WATCH_RE.search(phone.get(url).get_data(as_text=True))
    assert found
    return found.group(0)


def round_one(phone: Phone, app: Flask) -> str:
    """Aki, Ben, Chie after round 1: Ben took 14 (FOOD×4), Chie 20 (PLANT×2), Aki 19 (PAGE); Chie, parent now, is to
    play and holds 20 and one card nobody has seen."""
    url = start_table(phone, "Aki", "Ben", "Chie", profile=synthetic_profile_token(app))
    for form in ({"kind": "setup", "parent": "1", "cards": "14,20,19"},
                 {"kind": "turn", "seat": "1", "p_rank": "30", "taken": "f0"},
                 {"kind": "turn", "seat": "2", "p_rank": "27", "taken": "f0"},
                 {"kind": "turn", "seat": "0", "p_rank": "5", "taken": "f0"}):
        assert enter(phone, url, form).status_code == 303
    return url


def part(html: str, start: str, end: str) -> str:
    begin = html.index(start)
    return html[begin:html.index(end, begin)]


def seats_of(html: str) -> str:
    return part(html, '<ul class="ps-seats">', "</ul>")


def scoreboard_of(html: str) -> str:
    board = part(html, 'class="seats scoreboard"', "</p>")
    return text_of(board[board.index(">") + 1:])


def test_the_watch_page_and_the_tv_show_no_hand_and_no_score(phone: Phone, app: Flask) -> None:
    url = round_one(phone, app)
    html = phone.get(watch_of(phone, url)).get_data(as_text=True)
    seats = text_of(seats_of(html))
    assert seats == "Aki hand 2 · deck 6 Ben hand 2 · deck 6 Chie parent hand 2 · deck 6"
    assert "Hand:" not in text_of(html) and "unseen" not in text_of(html) and "ps-hand-look" not in html
    # no number: every card that scores is in a hand (§2), and the table is told so in one line
    standing = text_of(part(html, '<div class="standing"', "</div>"))
    assert standing == f"Scores so far {NO_SCORE_YET}"
    assert scoreboard_of(html) == "1. Aki scored at the end 2. Ben scored at the end 3. Chie scored at the end"
    assert "points" not in text_of(html) and 'id="scores-so-far"' not in html and 'class="ps-ranking"' not in html
    # the mover's "what if" counts the mover's hand: it is for the players' link only
    assert "What if" not in text_of(html) and 'id="what-if"' not in html
    # what is open stays shown: the field (the cards played in round 1) and whose turn
    assert text_of(part(html, '<p class="ps-field">', "</p>")) == "30 FOOD PLANT ×2 ANIMAL 27 PLANT ×2 5 POINTED_3"
    assert "Chie to play (1 of 3 this round)" in text_of(html)


def test_the_cards_played_this_round_stay_open(phone: Phone, app: Flask) -> None:
    url = round_one(phone, app)
    assert enter(phone, url, {"kind": "turn", "seat": "2", "played": "k0", "taken": "f1"}).status_code == 303
    html = phone.get(watch_of(phone, url)).get_data(as_text=True)
    assert text_of(part(html, '<ul class="turns-list">', "</ul>")) == ("Chie: played 20 PLANT ×2 · took 27 PLANT ×2 "
                                                                          "difference 7")
    assert "Hand:" not in text_of(seats_of(html))


def test_the_play_page_shows_a_hand_only_behind_a_tap(phone: Phone, app: Flask) -> None:
    url = round_one(phone, app)
    html = phone.get(url).get_data(as_text=True)
    seats = seats_of(html)
    assert before_a_tap(seats) == (
        "Aki hand 2 · deck 6 §2 Aki's hand, for Aki only: tap to look, tap again to hide §2 "
        "Ben hand 2 · deck 6 §2 Ben's hand, for Ben only: tap to look, tap again to hide §2 "
        "Chie parent hand 2 · deck 6 §2 Chie's hand, for Chie only: tap to look, tap again to hide §2")
    look = re.search(r'<details class="ps-hand-look" data-seat="1">(.*?)</details>', seats, re.S)
    assert look, seats
    assert text_of(look.group(1).split("</summary>", 1)[1]) == "Cards the table saw Ben take: 14 FOOD ×4 +1 unseen"
    # the standing says the same line as the watch page: no score from anybody's hand
    assert text_of(part(html, '<div class="standing"', "</div>")) == f"Scores so far {NO_SCORE_YET}"
    assert 'id="scores-so-far"' not in html and 'class="ps-ranking"' not in html


def test_the_mover_taps_to_see_their_own_cards_in_the_entry_form(phone: Phone, app: Flask) -> None:
    url = round_one(phone, app)
    html = phone.get(url).get_data(as_text=True)
    form = part(html, 'id="ps-turn"', "</form>")
    played = part(form, "<fieldset>", "</fieldset>")
    seen = before_a_tap(played)
    assert seen.startswith("Card played from the hand One of the cards the table saw Chie take? Tap to show them "
                           "…or the 1 card the table has not seen yet")
    assert "20" not in seen.split("yet")[0]
    shown = re.search(r'<details class="ps-played-known">(.*?)</details>', played, re.S)
    assert shown and 'name="played" value="k0"' in shown.group(1) and "20 PLANT ×2" in text_of(shown.group(1))
    # "what if" counts Chie's own hand: a tap on the players' link, said to be Chie's
    what_if = re.search(r'<details class="ps-whatif" id="what-if">\s*<summary>(.*?)</summary>', html, re.S)
    assert what_if and text_of(what_if.group(1)) == ("What if Chie took…? (Chie's own hand: tap to look, tap again to "
                                                     "hide)")


def test_a_refused_turn_opens_the_tapped_cards_again(phone: Phone, app: Flask) -> None:
    url = round_one(phone, app)
    refused = enter(phone, url, {"kind": "turn", "seat": "2", "played": "k0"})  # no field card taken
    assert refused.status_code == 422
    assert '<details class="ps-played-known" open>' in refused.get_data(as_text=True)


def test_in_japanese_too(phone: Phone, app: Flask) -> None:
    ja = Phone(phone.client, "ja")
    url = round_one(ja, app)
    html = ja.get(url).get_data(as_text=True)
    assert "Aki の手札（本人だけが見る）：タップで見る・もう一度タップで隠す" in before_a_tap(seats_of(html))
    look = re.search(r'<details class="ps-hand-look" data-seat="1">(.*?)</details>', html, re.S)
    assert look and "Ben が場から取ったカード： 14" in text_of(look.group(1))
    assert "Chie が場から取ったカードのどれか？タップで表示" in before_a_tap(part(html, 'id="ps-turn"', "</form>"))
    watch = ja.get(watch_of(ja, url)).get_data(as_text=True)
    standing = text_of(part(watch, '<div class="standing"', "</div>"))
    assert standing == ("ここまでの得点 最後に手札を公開するまで得点は出ません：3〜4人では得点になるカードはすべて手札にあり、"
                        "手札は持ち主しか見られません。 (§2)")
    assert "1. Aki 終了時に集計" in scoreboard_of(watch)
    assert "手札:" not in text_of(watch) and "手札：" not in text_of(seats_of(watch))


def test_the_summary_the_pdf_and_the_group_records_show_no_score(phone: Phone, app: Flask) -> None:
    from tests.print.pdfs import all_text, open_pdf

    url = round_one(phone, app)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        found = store.get_table(token_of(url))
        assert found is not None
        made = summary(view_of(found))
    assert made is not None and not made.finished
    assert made.ranking == ((None, "Aki", "scored at the end"), (None, "Ben", "scored at the end"),
                            (None, "Chie", "scored at the end"))
    assert made.tables == ()
    assert made.winner_note == NO_SCORE_YET
    response = phone.client.get(f"{watch_of(phone, url)}/summary.pdf?lang=en&paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    with open_pdf(response.data) as pdf:
        words = " ".join(all_text(pdf).split())
    scores = words[words.index("Ranking"):words.index("History")]
    assert "? Aki scored at the end ? Ben scored at the end ? Chie scored at the end" in scores
    assert "FOOD" not in scores and "House" not in scores
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie")
    assert phone.post(f"{group}/tables", {"table": url}).status_code == 303
    unfinished = text_of(phone.get(group).get_data(as_text=True)).split("Not finished (never counted)")[1]
    assert "Planetary Sisters" in unfinished and "Aki scored at the end" in unfinished
    assert "point" not in unfinished


def two_player_second_half(phone: Phone, app: Flask):  # type: ignore[no-untyped-def]
    """A 2-player game entered up to the second turn of round 6: each seat has laid house cards face up
    (§4.4.2) and still holds cards the table saw taken in the first half."""
    url = start_table(phone, "Aki", "Ben", profile=synthetic_profile_token(app))
    play = play_game(2, 4)
    upto = next(i for i, s in enumerate(play.states) if s.round == 6 and len(s.turns) == 1)
    for move, state in list(zip(play.moves, play.states, strict=False))[:upto]:
        assert enter(phone, url, form_of(move, state)).status_code == 303
    return url, play.states[upto]


def test_two_players_score_the_open_cards_and_say_the_hands_are_left_out(phone: Phone, app: Flask) -> None:
    url, state = two_player_second_half(phone, app)
    assert all(s.house for s in state.seats) and any(s.known_hand for s in state.seats)
    scored = GAME.table_score(state)
    # the engine's figures are the open cards' alone: the house cards laid face up and the field (§2, §4.4.2)
    for seat in scored.seats:
        assert seat.house == state.seats[seat.seat].house and seat.guards == ()
    totals = [s.score.total for s in scored.seats]
    html = phone.get(watch_of(phone, url)).get_data(as_text=True)
    note = ("Counted from the cards open to all: the house cards laid face up and the field. A hand counts once it "
            "is shown at the end. (§2)")
    rows = [text_of(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", part(html, '<div class="standing"', "</div>"),
                                             re.S)]
    assert rows == [f"Aki {totals[0]} points, hand not counted", f"Ben {totals[1]} points, hand not counted"]
    assert note in text_of(part(html, '<div class="standing"', "</div>"))
    assert scoreboard_of(html) == (f"1. Aki {totals[0]} points, hand not counted "
                                   f"2. Ben {totals[1]} points, hand not counted")
    seats = seats_of(html)
    for index, seat in enumerate(state.seats):
        block = text_of(re.search(rf'data-seat="{index}">(.*?)</li>', seats, re.S).group(1))  # type: ignore[union-attr]
        assert "House cards:" in block and "Hand:" not in block and "Cards the table saw" not in block
        assert all(str(c.rank) in block for c in seat.house)
    scores = part(html, 'id="scores-so-far"', "</details>")
    assert note in text_of(scores)
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        found = store.get_table(token_of(url))
        assert found is not None
        made = summary(view_of(found))
    assert made is not None
    assert sorted(score for _place, _name, score in made.ranking) == sorted(
        f"{t}, hand not counted" for t in totals)
    assert "§2" in made.winner_note and "hand" in made.winner_note


def test_the_final_scores_show_every_hand(phone: Phone, app: Flask) -> None:
    url, play = play_through_pages(app, phone, 3, seed=5)
    final = GAME.table_score(play.final)
    html = phone.get(watch_of(phone, url)).get_data(as_text=True)
    seats = text_of(seats_of(html))
    for seat in final.seats:
        assert all(str(c.rank) in seats for c in seat.house)
    assert seats.count("House cards:") == 3 and "ps-hand-look" not in html
    assert "Final scores" in text_of(html) and "scored at the end" not in text_of(html)
