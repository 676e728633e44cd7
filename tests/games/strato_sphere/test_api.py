"""The referee API handlers (API.md, Strato-Sphere): /attack and /defend bodies in, response dicts out."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import ErrorList, IllegalMove, ImpossibleState, ParseError, Reason
from companion.games.strato_sphere import attack_response, defend_response
from companion.games.strato_sphere.board import parse_node
from companion.games.strato_sphere.cards import card_text

NODES_4 = "? | ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"


def api_nodes(text: str) -> list[list[dict[str, Any]]]:
    """Board notation -> the API's ``nodes`` (top card first)."""
    return [[{"card": card_text(nc.card), "up": nc.up} for nc in parse_node(part).cards] for part in text.split("|")]


def attack_body(nodes: str = NODES_4, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"players": 4, "forces": ["S", "H", "C", None], "nodes": api_nodes(nodes)}
    body |= {"player": 0, "from": 2, "to": 3}
    return body | extra


def errors_of(call: Any, body: Any) -> list[tuple[str, str, str, type]]:
    with pytest.raises(ErrorList) as caught:
        call(body)
    return [(e.code, e.path, e.rule, type(e)) for e in caught.value.errors]


# --- /attack ---------------------------------------------------------------------------------------------------


def test_a_legal_attack() -> None:
    answer = attack_response(attack_body())
    assert answer["legal"] is True
    assert answer["defenders"] == {"suit": "S", "min_rank": "K"}
    assert [r.code for r in answer["reasons"]] == [
        "ss.attack.from_yours",
        "ss.attack.to_opponents",
        "ss.attack.adjacent",
        "ss.attack.from_holds_two",
        "ss.attack.to_holds_two",
        "ss.attack.rank_ok",
        "ss.attack.defence_needs",
    ]
    assert all(isinstance(r, Reason) and r.ok for r in answer["reasons"])
    assert answer["reasons"][-1].params == {"force": "S", "min_rank": "K", "cards": ["AS", "KS"]}


def test_an_illegal_attack_is_a_ruling_not_an_error() -> None:
    answer = attack_response(attack_body(to=4))
    assert answer["legal"] is False
    assert answer["defenders"] is None
    failed = [r for r in answer["reasons"] if not r.ok]
    assert [(r.code, r.rule, r.path) for r in failed] == [
        ("ss.attack.to_not_opponents", "SS-6", "to"),
        ("ss.attack.not_adjacent", "SS-1", "to"),
        ("ss.attack.to_too_small", "SS-6", "to"),
    ]


def test_two_players_answer_with_a_colour() -> None:
    body = {
        "players": 2,
        "forces": ["red", "black"],
        "nodes": api_nodes("? | ? | KD ? | QS ? | ? | ?"),
        "player": 0,
        "from": 2,
        "to": 3,
    }
    answer = attack_response(body)
    assert answer["legal"] is True
    assert answer["defenders"] == {"colour": "red", "min_rank": "K"}
    # One pack: the only KD is the attacking card itself.
    assert answer["reasons"][-1].params["cards"] == ["AH", "KH", "AD"]


def test_two_players_one_known_colour_leaves_the_other_to_nobody() -> None:
    # SS-3 (default): a null force is nobody's, so QS is unclaimed (SS-4); before, seat 1 got black at once.
    body = {"players": 2, "forces": ["red", None], "nodes": api_nodes("? | ? | KD ? | QS ? | ? | ?")}
    answer = attack_response(body | {"player": 0, "from": 2, "to": 3})
    assert answer["legal"] is False
    assert answer["reasons"][1].params["relation"] == "unclaimed"


def test_two_players_completion_gives_the_other_colour_at_once() -> None:
    # SS-3 option "completion" (the English original): with 2 players the other colour goes to the other player.
    body = {"players": 2, "forces": ["red", None], "nodes": api_nodes("? | ? | KD ? | QS ? | ? | ?"), "completion": True}
    assert attack_response(body | {"player": 0, "from": 2, "to": 3})["legal"] is True


def test_ten_may_be_written_t_and_unknown_cards_question_marks() -> None:
    body = attack_body("? | ? | TS ? | 10H ? | ? | ? | ? | ? | ? | ? | ? | ?")
    body["nodes"][2][0]["card"] = "TS"
    answer = attack_response(body)
    assert answer["legal"] is True
    assert answer["defenders"] == {"suit": "S", "min_rank": "10"}


def test_players_and_forces_have_defaults() -> None:
    body = {"nodes": api_nodes(NODES_4), "player": 0, "from": 2, "to": 3}
    answer = attack_response(body)  # 4 players, nobody's force known: KS is unclaimed
    assert answer["legal"] is False
    assert answer["reasons"][0].params["relation"] == "unclaimed"


def test_the_start_seat_is_accepted_and_changes_no_answer() -> None:
    """``start`` (the seat on the dealer's left, SS-5), as Planeta Rica's request names its start player: an
    attack's legality and a defence do not depend on who began (SS-6 names the attacker, SS-7 lets anyone
    defend), so the answer is the same; a seat the table does not have is a 422."""
    plain = attack_response(attack_body())
    for start in range(4):
        assert attack_response(attack_body(start=start)) == plain
    defence = {**attack_body(), "attack": {"player": 0, "from": 2, "to": 3}, "card": "AS"}
    assert defend_response(defence | {"start": 3}) == defend_response(defence)
    assert errors_of(attack_response, attack_body(start=4)) == [("ss.input.out_of_range", "start", "SS-5", ParseError)]
    assert errors_of(attack_response, attack_body(start="1")) == [("ss.input.wrong_type", "start", "SS-5", ParseError)]
    two = {"players": 2, "forces": ["red", "black"], "nodes": api_nodes("? | ? | KD ? | QS ? | ? | ?"),
           "player": 0, "from": 2, "to": 3}
    assert attack_response(two | {"start": 1})["legal"] is True
    assert errors_of(attack_response, two | {"start": 2}) == [("ss.input.out_of_range", "start", "SS-5", ParseError)]


# --- 422: every problem at once ---------------------------------------------------------------------------------


def test_malformed_card_wrong_type_and_out_of_range_are_all_listed() -> None:
    body = attack_body()
    body["nodes"][3][0]["card"] = "1H"
    body["nodes"][5] = [{"card": "?", "up": "yes"}]
    body["to"] = 12
    assert errors_of(attack_response, body) == [
        ("ss.card.malformed", "nodes[3][0].card", "SS-2", ParseError),
        ("ss.input.wrong_type", "nodes[5][0].up", "SS-4", ParseError),
        ("ss.input.out_of_range", "to", "SS-1", ParseError),
    ]


def test_wrong_node_count() -> None:
    body = attack_body()
    body["nodes"] = body["nodes"][:11]
    with pytest.raises(ErrorList) as caught:
        attack_response(body)
    error = caught.value.errors[0]
    assert (error.code, error.path, error.rule) == ("ss.input.node_count", "nodes", "SS-1")
    assert error.params == {"expected": 12, "got": 11, "players": 4}


def test_more_copies_than_the_packs_hold() -> None:
    body = attack_body("KS | KS ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?")
    with pytest.raises(ErrorList) as caught:
        attack_response(body)
    [error] = caught.value.errors
    assert isinstance(error, ImpossibleState)
    assert (error.code, error.path, error.rule) == ("ss.card.too_many_copies", "nodes[2][0].card", "SS-2")
    assert error.params == {"card": "KS", "seen": 2, "packs": 2}


def test_a_face_up_card_below_the_top_is_impossible() -> None:
    body = attack_body()
    body["nodes"][3] = [{"card": "QH", "up": True}, {"card": "2C", "up": True}]
    assert errors_of(attack_response, body) == [
        ("ss.node.face_up_below_top", "nodes[3][1].up", "SS-4", ImpossibleState)
    ]


def test_an_unknown_card_cannot_be_face_up() -> None:
    body = attack_body()
    body["nodes"][0] = [{"card": "?", "up": True}]
    assert errors_of(attack_response, body) == [("ss.card.unknown_face_up", "nodes[0][0].card", "SS-4", ParseError)]


def test_an_empty_node_is_impossible() -> None:
    body = attack_body()
    body["nodes"][0] = []
    assert errors_of(attack_response, body) == [("ss.node.empty", "nodes[0]", "SS-5", ImpossibleState)]


def test_two_seats_with_one_force() -> None:
    body = attack_body(forces=["S", "H", "S", None])
    assert errors_of(attack_response, body) == [("ss.forces.repeated", "forces[2]", "SS-3", ImpossibleState)]


def test_a_colour_in_a_four_player_game_and_a_wrong_length() -> None:
    assert errors_of(attack_response, attack_body(forces=["S", "red", None, None])) == [
        ("ss.force.malformed", "forces[1]", "SS-3", ParseError)
    ]
    assert errors_of(attack_response, attack_body(forces=["S"])) == [
        ("ss.input.wrong_length", "forces", "SS-3", ParseError)
    ]


def test_three_players_and_missing_fields() -> None:
    assert errors_of(attack_response, attack_body(players=3)) == [("ss.input.players", "players", "SS-2", ParseError)]
    body = attack_body()
    del body["from"], body["player"]
    assert errors_of(attack_response, body) == [
        ("ss.input.missing", "player", "SS-2", ParseError),
        ("ss.input.missing", "from", "SS-1", ParseError),
    ]
    assert errors_of(attack_response, attack_body(player=True)) == [
        ("ss.input.wrong_type", "player", "SS-2", ParseError)
    ]


def test_a_body_that_is_not_an_object() -> None:
    assert errors_of(attack_response, [1, 2]) == [("ss.input.wrong_type", "", "SS-1", ParseError)]


# --- /defend ---------------------------------------------------------------------------------------------------


def defend_body(card: str, nodes: str = NODES_4) -> dict[str, Any]:
    body = attack_body(nodes)
    for key in ("player", "from", "to"):
        del body[key]
    return body | {"attack": {"player": 0, "from": 2, "to": 3}, "card": card}


def test_a_defence_that_holds() -> None:
    answer = defend_response(defend_body("AS"))
    assert answer["legal"] is True
    assert answer["reasons"] == [
        Reason("ss.defend.attack_legal", "SS-6", True, {"player": 0, "from": 2, "to": 3}, "attack"),
        Reason(
            "ss.defend.force_matches",
            "SS-7",
            True,
            {"card": "AS", "attacking_card": "KS", "card_force": "S", "needed_force": "S"},
            "card",
        ),
        Reason(
            "ss.defend.rank_enough",
            "SS-7",
            True,
            {"card": "AS", "attacking_card": "KS", "card_rank": "A", "min_rank": "K"},
            "card",
        ),
    ]


def test_a_defence_that_fails_is_a_ruling() -> None:
    answer = defend_response(defend_body("QH"))
    assert answer["legal"] is False
    assert [r.code for r in answer["reasons"] if not r.ok] == ["ss.defend.wrong_force", "ss.defend.rank_too_low"]


def test_a_defence_against_an_illegal_attack_is_422() -> None:
    body = defend_body("AS")
    body["attack"]["to"] = 1  # seat 0's own node
    assert errors_of(defend_response, body) == [
        ("ss.defend.attack_illegal", "attack", "SS-7", IllegalMove),
        ("ss.attack.to_not_opponents", "attack.to", "SS-6", IllegalMove),
        ("ss.attack.to_too_small", "attack.to", "SS-6", IllegalMove),
    ]


def test_a_defence_card_must_be_named_and_can_exist() -> None:
    assert errors_of(defend_response, defend_body("?")) == [("ss.card.malformed", "card", "SS-2", ParseError)]
    two_ks = "KS | ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?"
    assert errors_of(defend_response, defend_body("KS", two_ks)) == [
        ("ss.card.too_many_copies", "card", "SS-2", ImpossibleState)
    ]


def test_defend_needs_the_attack_object() -> None:
    body = defend_body("AS")
    del body["attack"]
    assert errors_of(defend_response, body) == [("ss.input.missing", "attack", "SS-6", ParseError)]
    body["attack"] = {"player": 0, "from": 2}
    assert errors_of(defend_response, body) == [("ss.input.missing", "attack.to", "SS-1", ParseError)]


def test_a_repeated_force_names_the_force_as_the_tracker_does() -> None:
    """The API's ss.forces.repeated carries ``forces`` like the tracker's, so one message fits both."""
    with pytest.raises(ErrorList) as caught:
        attack_response(attack_body(forces=["S", "H", "S", None]))
    assert caught.value.errors[0].params == {"force": "S", "forces": ["S"], "seats": [0, 2]}


def test_an_attack_that_is_not_an_object_says_what_was_sent() -> None:
    body = attack_body()
    del body["player"], body["from"], body["to"]
    body |= {"attack": [0, 2, 3], "card": "AS"}
    with pytest.raises(ErrorList) as caught:
        defend_response(body)
    error = caught.value.errors[0]
    assert (error.code, error.path) == ("ss.input.wrong_type", "attack")
    assert error.params == {"field": "attack", "expected": "object", "value": "[0, 2, 3]"}


def test_an_unclaimed_node_is_explained_with_ss_4() -> None:
    # SS-4: nobody holds hearts, so QH's node is unclaimed: neither neutral nor controlled (before: SS-6's
    # plain "not an opponent's node").
    body = attack_body("? | ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?")
    body["forces"] = ["S", None, None, None]
    answer = attack_response(body)
    failed = [r for r in answer["reasons"] if not r.ok]
    assert [(r.code, r.rule, r.params["top"], r.params["force"]) for r in failed] == [
        ("ss.attack.to_unclaimed", "SS-4", "QH", "H")]
