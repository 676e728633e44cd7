"""The table page of Lumière Prière: setup, the turn's phases in order, the entry forms, captures into point
areas, running scores from the profile's points (or what is missing), the end with winner and tie-break."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest
from flask import Flask, render_template

from companion.games.lumiere import Phase
from companion.profiles.refs import ProfileRef
from companion.tables import store
from companion.tables.view import view_of
from companion.web.games.lumiere import WEB
from companion.web.gameweb import TableRequest
from tests.games.lumiere.support import complete_profile, table, with_field
from tests.games.lumiere.test_tracker import FULL as FULL_FIELD
from tests.games.lumiere.test_tracker import run_a_whole_game
from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of, version_of

from .support import area_classes, area_label, new_table, play, points_of, scored_profile, section, send, total_of

OPENINGS = ("opening cell=r1c0", "opening cell=r1c1", "opening cell=r3c3", "opening cell=r0c3")


def started(phone: Phone, profile: str = "", names: tuple[str, ...] = ("Aki", "Ben", "Chie", "Dai")) -> str:
    table_url = new_table(phone, *names, profile=profile)
    play(phone, table_url, "first seat=0", *OPENINGS[:len(names)])
    return table_url


def html_of(phone: Phone, table_url: str) -> str:
    return phone.get(table_url).get_data(as_text=True)


def steps(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<li class="(done|now|todo|skipped)"[^>]*>([^<]+)</li>', html)


def test_setup_first_player_then_commoners_clockwise(phone: Phone) -> None:
    table_url = new_table(phone, "Aki", "Ben", "Chie", "Dai")
    html = html_of(phone, table_url)
    assert "Setup §Preparing to play" in text_of(html)  # English pages show the section translated
    assert "§プレイの準備" not in text_of(html)
    assert "Who won rock-paper-scissors? That player goes first; turns go clockwise." in text_of(html)
    assert re.findall(r'<button type="submit" name="seat" value="(\d)"', html) == ["0", "1", "2", "3"]
    assert 'name="kind" value="first"' in html
    play(phone, table_url, "first seat=2")
    html = html_of(phone, table_url)
    assert "Chie places their commoner: tap an empty area." in text_of(html)
    assert len(re.findall(r'<button type="submit" name="cell" value="r\dc\d"', html)) == 16
    play(phone, table_url, "opening cell=r0c0", "opening cell=r0c1", "opening cell=r0c2")
    html = html_of(phone, table_url)
    assert "Ben places their commoner" in text_of(html)  # Chie, Dai, Aki, then Ben: clockwise from the first
    assert area_label(html, "r0c0") == "A1: Commoner, Chie's"
    assert area_label(html, "r0c2") == "A3: Commoner, Aki's"
    assert "o0" in area_classes(html, "r0c2") and "o3" in area_classes(html, "r0c1")


def test_a_turn_walks_the_phases_and_a_capture_moves_to_the_right_point_area(phone: Phone) -> None:
    table_url = started(phone)
    html = html_of(phone, table_url)
    page = text_of(html)
    assert "Turn 1 · Aki's turn" in page
    assert steps(html) == [("done", "start phase"), ("skipped", "remove phase"), ("now", "effect phase"),
                           ("todo", "set phase"), ("todo", "get phase"), ("todo", "draw phase")]
    assert "Aki: tap the card put into the play area." in page
    # no seat reads as the platform's dash (seats are worded by companion.web.wording)
    assert ("Start phase: the game goes on, as neither end condition holds LP-7 ✗ Every hand holds 5 cards or fewer "
            "(hands: 6, 6, 6, 6). LP-7 ✗ Someone's hand is empty (empty: —). LP-7 No remove phase this turn: it "
            "needs every area filled and no area's top card that may be stacked upon. LP-6") in page
    picks = re.findall(r'<button type="submit" name="card" value="([a-z_]+)"[^>]*>\s*<span>([^<]+)</span>\s*'
                       r'<small>(\d+) left', html)
    assert picks[0] == ("commoner", "Commoner", "4") and ("priest", "Priest", "1") in picks and len(picks) == 12
    assert [total_of(html, s) for s in range(4)] == ["0"] * 4

    play(phone, table_url, "play card=priest")
    html = html_of(phone, table_url)
    page = text_of(html)
    assert "Play area: Priest . The deck profile has no effect text for Priest yet." in page
    assert "then tap the area to set Priest on, as Aki's card." in page
    assert re.search(r'name="kind" value="set">.*?<button type="submit" name="cell" value="r1c2"', html, re.S)

    assert "The table then resolves the get phase and the draw by itself" in page

    # the set: the table resolves the get phase and the draw after it (forced.py: LP-5, a reading; §ドローフェイズ)
    play(phone, table_url, "set cell=r1c2")
    html = html_of(phone, table_url)
    page = text_of(html)
    assert "Turn 2 · Ben's turn" in page and ("now", "effect phase") in steps(html)
    get = section(html, "lp-last-get")
    assert get.startswith("Aki's get phase, resolved by the table LP-5")
    assert "B2 · Commoner → Aki's point area" in get
    assert "Aki captures Commoner (Ben's) at B2, sandwiched along: row. LP-5" in get
    assert "At least one of the two sandwiching cards is active this turn: B3. LP-3" in get
    assert "filled" not in area_classes(html, "r1c1")  # the captured card left the field
    assert points_of(html, 0) == "Point area: Commoner"
    assert points_of(html, 1) == "Point area: empty"
    assert total_of(html, 0) == "0 so far + ?"  # the built-in profile has no points (LP-8): none known yet
    assert "Points unknown: Commoner" in page
    assert "The deck profile does not give the points of Commoner yet, so the score waits for them. LP-8" in page
    aki = re.search(r'data-seat="0">\s*<p class="lp-seatname">(.*?)</li>', html, re.S)
    assert aki and "Hand 6 · Deck 11" in text_of(aki.group(1))
    assert "active" not in area_classes(html, "r1c2")  # the turn is over: nothing is active any more
    history = text_of(html[html.index('class="card history"'):])
    # Each line names who acted (the platform asks WEB.actor); choosing the first player is the table's.
    for line in ("#7 Aki: Card set on B3 (then by the table: Aki: Get phase resolved; Aki: Draw phase)",
                 "#6 Aki: Priest played into the play area", "#5 Dai: Commoner placed on A4", "#1 Aki plays first"):
        assert line in history


def test_undo_takes_a_set_back_with_the_get_phase_the_table_resolved(phone: Phone) -> None:
    table_url = started(phone)
    play(phone, table_url, "play card=priest")
    assert "undo-note" not in html_of(phone, table_url)  # nothing to say about undoing a play
    play(phone, table_url, "set cell=r1c2")
    before = html_of(phone, table_url)
    undo = before.split('<div class="undo-redo">', 1)[1].split("</form>", 1)[0]
    # LP-5: the get phase stands at the table; Undo, offered for the set it came with, says it only corrects
    assert ("A get phase cannot be taken back at the table (LP-5): Undo here only corrects a card set in the wrong "
            "place, with the get phase the table resolved after it.") in text_of(undo)
    assert re.search(r'class="undo-note">.*href="/rules/lumiere/lp-get\?back=[^"]+" data-rule="LP-5"', undo)
    version = version_of(before)
    assert phone.post(f"{table_url}/undo", {"version": version}).status_code == 303
    html = html_of(phone, table_url)
    assert points_of(html, 0) == "Point area: empty"
    assert area_label(html, "r1c1") == "B2: Commoner, Ben's"
    assert "Turn 1 · Aki's turn" in text_of(html) and "Play area: Priest" in text_of(html)
    assert "Undo of #7: Aki: Card set on B3" in text_of(html)


def test_scores_from_the_profiles_points_and_minus_cards(phone: Phone) -> None:
    table_url = started(phone, profile=scored_profile(phone))
    html = html_of(phone, table_url)
    assert re.search(r'value="priest"[^>]*>\s*<span>Priest</span>\s*<small>1 left · \+3</small>', html)
    assert re.search(r'value="yokai"[^>]*>\s*<span>Yokai</span>\s*<small>2 left · -2</small>', html)
    play(phone, table_url, "play card=priest", "set cell=r1c2")  # the table resolves the get phase
    html = html_of(phone, table_url)
    assert points_of(html, 0) == "Point area: Commoner (+1)"
    assert total_of(html, 0) == "1" and total_of(html, 1) == "0"
    assert "Points unknown" not in text_of(html)


def test_a_refused_entry_names_the_card_and_the_rule_and_keeps_the_choice(phone: Phone) -> None:
    table_url = started(phone)
    play(phone, table_url, "play card=warrior")
    response = send(phone, table_url, kind="set", cell="r1c0")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = text_of(html)
    assert "Not allowed by the rules, so nothing was saved:" in page
    assert ("B1 holds Commoner, and the deck profile does not say yet whether cards may be stacked on it: fill that "
            "in, or choose an empty area. (LP-8)") in page
    assert "pending" in area_classes(html, "r1c0")
    response = send(phone, table_url, kind="draw")
    assert response.status_code == 422
    assert ("The effect phase expects: move a card, turn a card, swap two cards, send a card off the field, set the card; "
                "not “draw a card”. "
            "(§How a turn goes)") in text_of(response.get_data(as_text=True))


def test_a_form_without_its_area_or_card_says_what_to_tap(phone: Phone) -> None:
    table_url = started(phone)
    for form, message in (({"kind": "play"}, "Tap a card first."),
                          ({"kind": "set"}, "Tap an area of the field first."),
                          ({"kind": "swap", "first": "r1c0"}, "Tap the second area too."),
                          ({"kind": "turn", "cell": "r1c0"}, "Tap the seat the card is to face."),
                          ({"kind": "cheat"}, "This entry is not understood; tap one of the offered buttons."),
                          ({"kind": "set", "cell": "r9c9"}, "Row 9, column 9 is off the 4 × 4 field")):
        response = send(phone, table_url, **form)
        assert response.status_code == 422, form
        page = text_of(response.get_data(as_text=True))
        assert "This entry could not be read, so nothing was saved:" in page and message in page, form


def test_effect_actions_move_turn_and_swap_make_cards_active(phone: Phone) -> None:
    table_url = started(phone, profile=scored_profile(phone))
    play(phone, table_url, "play card=magician", "move from=r0c3 to=r2c0")
    html = html_of(phone, table_url)
    assert area_label(html, "r2c0") == "C1: Commoner, Dai's, active"
    assert "filled" not in area_classes(html, "r0c3")
    play(phone, table_url, "turn cell=r2c0 owner=0")
    html = html_of(phone, table_url)
    assert area_label(html, "r2c0") == "C1: Commoner, Aki's, active"
    play(phone, table_url, "swap first=r1c1 second=r3c3")
    html = html_of(phone, table_url)
    assert area_label(html, "r1c1") == "B2: Commoner, Chie's, active"
    assert area_label(html, "r3c3") == "D4: Commoner, Ben's, active"
    history = text_of(html[html.index('class="card history"'):])
    assert "Effect: the top cards of B2 and D4 swapped" in history
    assert "Effect: the top card of C1 turned to face Aki" in history
    assert "Effect: the top card of A4 moved to C1" in history
    # A turn the engine refuses keeps the chosen card and opens the form again.
    response = send(phone, table_url, kind="turn", cell="r0c0", owner="1")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "An effect takes the top card of an area, but A1 is empty. (§Effect phase)" in text_of(html)
    opened = re.findall(r'<details class="lp-effect-form" open>\s*<summary>([^<]+)</summary>', html)
    assert opened == ["Turn a card to face another seat"]
    assert re.search(r'name="cell" value="r0c0" checked', html)


def test_three_players_use_three_sides(phone: Phone) -> None:
    table_url = started(phone, names=("Aki", "Ben", "Chie"))
    play(phone, table_url, "play card=ghost")
    html = html_of(phone, table_url)
    assert re.search(r'lp-side-right"><span>\(nobody\)</span>', html)
    assert re.search(r'lp-side-left"><span>Ben ←</span>', html) and 'lp-side-top">Chie ↑<' in html
    assert re.findall(r'<button type="submit" name="owner" value="(\d)"', html) == ["0", "1", "2"]
    response = send(phone, table_url, kind="turn", cell="r1c0", owner="3")
    assert response.status_code == 422
    assert ("A card can face only a seat at this table of 3 (Player 4 is not one). (LP-1)"
            in text_of(response.get_data(as_text=True)))


def test_the_read_only_link_shows_the_game_without_forms(phone: Phone) -> None:
    table_url = started(phone)
    html = html_of(phone, table_url)
    watch = re.search(r'id="watch-link" readonly value="http://localhost(/w/[^"]+)"', html)
    assert watch
    watched = phone.get(watch.group(1)).get_data(as_text=True)
    assert "Turn 1 · Aki's turn" in text_of(watched)
    assert "<form" not in watched.split('id="lumiere"', 1)[1].split('class="card history"')[0]
    assert 'role="img" aria-label="B1: Commoner, Aki' in watched


def test_the_table_gets_its_own_profile_to_fill_in_the_points(phone: Phone) -> None:
    table_url = started(phone)
    play(phone, table_url, "play card=priest", "set cell=r1c2")  # the table resolves the get phase
    html = html_of(phone, table_url)
    assert "Fill in the points (this table gets its own copy of the deck profile)" in text_of(html)
    token = table_url.rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/profile-copy", {"version": version_of(html)})
    assert response.status_code == 303
    editor = response.headers["Location"]
    assert editor.startswith("/p/")
    html = html_of(phone, table_url)
    assert points_of(html, 0) == "Point area: Commoner" and total_of(html, 0) == "0 so far + ?"
    assert "Fill in the points in this table's deck profile" in text_of(html)
    assert f'href="{editor}"' in html
    # Fill in the commoner's points in that profile: the table's score follows at once.
    editor_html = phone.get(editor).get_data(as_text=True)
    response = phone.post(f"{editor}/card", {"version": input_value(editor_html, "version"), "card": "commoner",
                                             "f_points": "1"})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    html = html_of(phone, table_url)
    assert total_of(html, 0) == "1" and "Points unknown" not in text_of(html)
    # A stale version changes nothing.
    response = phone.post(f"/t/{token}/profile-copy", {"version": 0})
    assert response.status_code == 303 and response.headers["Location"] == editor


def test_own_profile_on_a_stale_version_is_a_conflict(phone: Phone) -> None:
    table_url = started(phone)
    token = table_url.rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/profile-copy", {"version": 1})
    assert response.status_code == 303 and response.headers["Location"] == f"{table_url}?n=conflict"
    assert "Fill in the points" not in text_of(html_of(phone, table_url))  # no point area yet: nothing missing
    assert phone.post("/t/nope/profile-copy", {"version": 1}).status_code == 404


def _import(phone: Phone, players: int) -> str:
    _state, log = run_a_whole_game(players)
    export = {"format": "companion-table", "format_version": 1, "game": "lumiere", "options": {},
              "seats": ["Aki", "Ben", "Chie", "Dai"][:players], "profile_ref": "", "profile": complete_profile(),
              "log": [{"seq": i + 1, "kind": "move", "payload": move} for i, move in enumerate(log)]}
    response = phone.post("/import", {"text": json.dumps(export)})
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    return str(response.headers["Location"])


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_ends_with_the_winner_and_every_score(phone: Phone, players: int) -> None:
    state, _log = run_a_whole_game(players)
    from companion.games.lumiere import GAME

    breakdown = GAME.score(state)
    (winner,) = breakdown.winners
    html = html_of(phone, _import(phone, players))
    page = text_of(html)
    assert "Game over LP-7" in page
    assert "Every hand holds 5 cards or fewer (hands: 5, 5, 5" in page
    names = ["Aki", "Ben", "Chie", "Dai"]
    assert f"Winner: {names[winner]}" in page
    assert [total_of(html, s) for s in range(players)] == [str(s.total) for s in breakdown.seats]
    assert f"{names[winner]} has the most points" in page
    over = html.split('id="lumiere"', 1)[1].split("lp-seats-card")[0]
    assert not re.search(r'<form[^>]*action="[^"]*/move"', over)  # nothing left to enter (a rematch, yes)
    assert re.search(r'<form[^>]*action="[^"]*/rematch"', over)


def render_fragment(app: Flask, state, seats: list[str], profile_ref: str = "builtin:default") -> str:  # type: ignore[no-untyped-def]
    """The table fragment for a state set up directly (positions that take many turns to reach)."""
    table_row = SimpleNamespace(token="t" * 24, version=7, seats=seats, profile_ref=profile_ref, watch_token="w" * 24)
    view = SimpleNamespace(table=table_row, version=7, state=state, seats=tuple(seats), players=len(seats),
                           profile_ref=ProfileRef.parse(profile_ref))
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        model = WEB.table_model(view, TableRequest({}, {}, True))
        return render_template("lumiere/_table.html", model=model)  # the fragment draws the model only


def test_lp6_the_remove_phase_asks_for_a_top_card(app: Flask) -> None:
    state = replace(with_field(table(profile=complete_profile()), FULL_FIELD), phase=Phase.REMOVE, remove_at_start=True)
    html = render_fragment(app, state, ["Aki", "Ben", "Chie", "Dai"])
    page = text_of(html)
    assert "Remove phase: Aki takes a top card into their point area. Tap it on the field. LP-6" in page
    assert "All 16 areas hold a card (empty: none). LP-6" in page
    assert "No area's top card may be stacked upon (buried cards do not count). LP-6" in page
    assert re.search(r'name="kind" value="take">.*?<button type="submit" name="cell" value="r0c0"', html, re.S)
    assert ("now", "remove phase") in steps(html)


def test_lp6_unknown_stackable_flags_offer_both_choices(app: Flask) -> None:
    state = replace(with_field(table(), FULL_FIELD), phase=Phase.REMOVE)
    page = text_of(render_fragment(app, state, ["Aki", "Ben", "Chie", "Dai"]))
    # LP-6: only top cards count, so the vampire buried under the ghost is not asked about
    assert ("The deck profile does not say whether cards may be stacked on Ghost, Commoner (A1, A2, A3, A4, B1, B2, "
            "B3, B4, C1, C2, C3, C4, D1, D2, D3, D4): if none may, the turn player takes a top card; otherwise play "
            "on. LP-8") in page
    assert "Aki: tap the card put into the play area." not in page  # the take is asked for first…
    assert "Effect phase §Effect phase" in page  # …and playing a card is offered too


def test_lp7_a_tie_is_broken_by_the_seat_nearest_the_first_player(app: Flask) -> None:
    from companion.games.lumiere import Card
    from companion.games.lumiere.conditions import end_check

    state = table(profile=complete_profile(), first=2)
    areas = [(Card.PRIEST,), (Card.COMMONER,), (), (Card.EXORCIST,)]  # seats 0 and 3 tie on 3
    seats = tuple(replace(s, points=a, hand=5) for s, a in zip(state.seats, areas, strict=True))
    state = replace(state, seats=seats, phase=Phase.OVER, end_reasons=end_check(seats))
    html = render_fragment(app, state, ["Aki", "Ben", "Chie", "Dai"])
    page = text_of(html)
    assert "Winner: Dai" in page
    assert "Aki, Dai are tied at 3; Dai sits nearest the first player (Chie) and wins. LP-7" in page
    assert [total_of(html, s) for s in range(4)] == ["3", "1", "0", "3"]
    assert "Players first player: Chie" in page


def test_the_score_summary_per_player_ranking_and_tie_break(app: Flask, phone: Phone) -> None:
    table_url = started(phone, profile=scored_profile(phone))
    play(phone, table_url, "play card=priest", "set cell=r1c2")  # the table resolves the get phase
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        summary = WEB.summary(view_of(store.get_table(table_url.rsplit("/", 1)[-1])))
    assert summary is not None and not summary.finished
    assert summary.ranking == ((1, "Aki", "1"), (2, "Ben", "0"), (3, "Chie", "0"), (4, "Dai", "0"))
    aki = summary.tables[0]
    assert aki.title == "Aki — point area"
    assert aki.columns == ("Card", "Count", "Points", "Subtotal")
    assert aki.rows == (("Commoner", "1", "1", "1"), ("Total", "1", "", "1"))
    assert "(LP-7)" in aki.note
    assert summary.winner_note == "Aki has the most points (1). (LP-7)"


def test_the_summary_says_what_is_missing_while_points_are_unknown(app: Flask, phone: Phone) -> None:
    table_url = started(phone)
    play(phone, table_url, "play card=priest", "set cell=r1c2")  # the table resolves the get phase
    with app.test_request_context("/", headers={"Accept-Language": "ja"}):
        summary = WEB.summary(view_of(store.get_table(table_url.rsplit("/", 1)[-1])))
    assert summary is not None
    assert summary.ranking[0] == (1, "Aki", "?")
    assert summary.tables[0].rows[0] == ("常人", "1", "?", "?")
    assert "常人の得点が不明です：デッキプロファイルに入力してください（LP-8）。" in summary.tables[0].note
    assert summary.winner_note == "デッキプロファイルに常人の得点がまだないため、得点は計算できません。 (LP-8)"


def test_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="ja")
    table_url = started(phone)
    play(phone, table_url, "play card=priest")
    response = send(phone, table_url, kind="draw")
    assert "「カードを引く」ではありません" in text_of(response.get_data(as_text=True))
    play(phone, table_url, "set cell=r1c2")  # the table resolves the get phase and the draw (LP-5)
    html = html_of(phone, table_url)
    page = text_of(html)
    assert "ターン2 · Benのターン" in page
    assert ("now", "エフェクトフェイズ") in steps(html)
    assert "B2 · 常人 → Akiのポイントエリア" in section(html, "lp-last-get")
    assert points_of(html, 0) == "ポイントエリア: 常人"
