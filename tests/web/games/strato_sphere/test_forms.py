"""The tracker's forms -> move JSON (what a tap sends, what a missing tap says), history lines, the summary."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask

from companion.games.base import ParseError
from companion.games.strato_sphere.moves import parse_move_text
from companion.web.games.strato_sphere import WEB
from companion.web.wording import Wording
from tests.web.apps import Phone

from .helpers import new_table, play, summary_of


def view_of(*seats: str) -> Any:
    return SimpleNamespace(table=SimpleNamespace(seats=list(seats)), state=None)


@pytest.mark.parametrize(("form", "move"), [
    ({"type": "draw"}, "draw"),
    ({"type": "place", "node": "4"}, "place 4"),
    ({"type": "reveal", "node": "4", "rank": "10", "suit": "H"}, "reveal 4 10H"),
    ({"type": "reveal", "node": "0", "rank": "t", "suit": "h"}, "reveal 0 10H"),
    ({"type": "conceal", "node": "11"}, "conceal 11"),
    ({"type": "shift", "from": "11", "to": "0", "sel": "11"}, "shift 11 0"),
    ({"type": "attack", "from": "2", "to": "3"}, "attack 2 3"),
    ({"type": "defend", "seat": "1", "rank": "A", "suit": "S"}, "defend 1 AS"),
    ({"type": "no_defence"}, "no-defence"),
    ({"type": "pass"}, "pass"),
    ({"type": "forces", "force0": "C", "force1": "H", "force2": "S", "force3": "D"}, "forces C H S D"),
])
def test_each_form_gives_the_engines_move(form: dict[str, str], move: str) -> None:
    assert WEB.form_to_move(form, view_of("A", "B", "C", "D")) == parse_move_text(move)


@pytest.mark.parametrize(("form", "code"), [
    ({}, "ss.form.unknown"),
    ({"type": "teleport"}, "ss.form.unknown"),
    ({"type": "place"}, "ss.form.pick_node"),
    ({"type": "place", "node": "-1"}, "ss.form.pick_node"),
    ({"type": "attack", "from": "2"}, "ss.form.pick_node"),
    ({"type": "reveal", "node": "2", "rank": "K"}, "ss.form.pick_card"),
    ({"type": "reveal", "node": "2", "rank": "1", "suit": "S"}, "ss.form.pick_card"),
    ({"type": "defend", "rank": "K", "suit": "S"}, "ss.form.pick_seat"),
    ({"type": "forces", "force0": "S", "force1": "H"}, "ss.form.pick_forces"),
])
def test_a_missing_tap_says_what_to_tap(form: dict[str, str], code: str) -> None:
    with pytest.raises(ParseError) as caught:
        WEB.form_to_move(form, view_of("A", "B", "C"))
    assert caught.value.code == code
    assert code in WEB.messages


def test_history_lines(app: Flask) -> None:
    view = view_of("Aki", "Ben")
    names = Wording.of_table(("Aki", "Ben"))
    lines = {
        "draw": "Drew a card from the pile",
        "place 4": "Placed a hand card face down under node 4",
        "reveal 4 10H": "Turned node 4 face up: 10♥",
        "conceal 4": "Turned node 4 face down",
        "shift 5 0": "Moved the top card of node 5 under node 0",
        "attack 2 3": "Attacked node 3 from node 2",
        "defend 1 AS": "Ben defended with A♠",
        "no-defence": "No defence: the attack went through",
        "pass": "Passed a move (no legal move left)",
        "forces red black": "Forces fixed: Aki red, Ben black",
    }
    with app.test_request_context(headers={"Accept-Language": "en"}):
        for notation, line in lines.items():
            assert WEB.describe_move(parse_move_text(notation), view.state, names) == line
    with app.test_request_context(headers={"Accept-Language": "ja"}):
        assert WEB.describe_move(parse_move_text("reveal 4 10H"), view.state, names) == "ノード4を表向きにした：10♥"
        assert WEB.describe_move(parse_move_text("forces red black"), view.state, names) == "スートを決定：Aki 赤, Ben 黒"


def test_the_summary_during_play_counts_nodes(phone: Phone, app: Flask) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 3 KS", "reveal 4 QS", "draw", "reveal 0 2H")
    summary = summary_of(app, table)
    assert summary.finished is False
    assert summary.ranking == ((1, "Aki", "2 nodes"), (2, "Ben", "1 node"), (3, "Chie", "0 nodes"),
                               (3, "Dan", "0 nodes"))
    seats, sides = summary.tables
    assert seats.columns == ("Seat", "Force", "Nodes controlled", "Nodes in front held by the other side", "Hand")
    assert seats.rows[0] == ("Aki", "♠", "2 (3, 4)", "1 / 3 (0)", "7")
    assert seats.rows[1] == ("Ben", "♥", "1 (0)", "2 / 3 (3, 4)", "6")
    assert sides.rows == (("Aki & Chie", "2", "2 / 3"), ("Ben & Dan", "1", "1 / 3"))
    assert "(SS-8)" in sides.note and "(SS-4)" in seats.note
    assert summary.winner_note == ""


def test_the_summary_after_a_win(phone: Phone, app: Flask) -> None:
    table = new_table(phone, "Aki", "Ben")
    play(phone, table, "reveal 3 KH", "reveal 4 QD", "reveal 5 JH")
    summary = summary_of(app, table)
    assert summary.finished is True
    assert summary.ranking == ((1, "Aki", "won"), (2, "Ben", "lost"))
    assert summary.winner_note == "Aki wins: every node in front of Ben (nodes 3, 4, 5) is theirs (SS-8)."
    assert summary.tables[1].rows == (("Aki", "3", "3 / 3"), ("Ben", "0", "0 / 3"))


def test_a_pass_is_offered_only_to_a_player_left_without_a_legal_move(app: Flask) -> None:
    from flask import render_template

    from companion.tables.eventlog import LogView
    from companion.web.gameweb import TableRequest
    from tests.games.strato_sphere.builders import board, table
    from tests.web.helpers import text_of

    # Aki (seat 0) controls no node, no node is neutral, and the hand is full; no side holds a whole seat's front.
    stuck = board(4, "S H D C", "QH | QD | KH | QD | QC | JD | 9H | 9D | 9C | 8D | 8H | 8D")
    state = table(stuck, hands=(7, 6, 6, 6), pile=20)
    view = SimpleNamespace(
        state=state, players=4, profile={}, version=5, replay_error=None,
        log=LogView((), (), frozenset()),
        table=SimpleNamespace(seats=["Aki", "Ben", "Chie", "Dan"], token="t" * 24, options={}),
    )
    with app.test_request_context(headers={"Accept-Language": "en"}):
        html = render_template("strato_sphere/_table.html", view=view, pending={}, can_write=True,
                               model=WEB.table_model(view, TableRequest()))
    moves = text_of(html.split('id="ss-moves"', 1)[1].split("</section>", 1)[0])
    assert "✗ Draw a card Not allowed now: Your hand already holds 7 cards" in moves
    assert 'name="type" value="pass"' in html and "Pass this move" in moves
    # With a neutral node to place under, there is a move, so no pass is offered.
    free = board(4, "S H D C", "? | QD | KH | QD | QC | JD | 9H | 9D | 9C | 8D | 8H | 8D")
    view.state = table(free, hands=(7, 6, 6, 6), pile=20)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        html = render_template("strato_sphere/_table.html", view=view, pending={}, can_write=True,
                               model=WEB.table_model(view, TableRequest()))
    assert "Pass this move" not in html
