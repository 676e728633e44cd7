"""POST /api/v1/strato-sphere/attack and /defend through the app, exactly as ../shared/API.md says: rulings are
200s with reasons ({"code", "message", "rule"}), problems are 422s listing every one, messages by language."""

from __future__ import annotations

from typing import Any

from companion.games.strato_sphere.board import parse_node
from companion.games.strato_sphere.cards import card_text

ATTACK = "/api/v1/strato-sphere/attack"
DEFEND = "/api/v1/strato-sphere/defend"


def nodes(text: str) -> list[list[dict[str, Any]]]:
    return [[{"card": card_text(nc.card), "up": nc.up} for nc in parse_node(part).cards] for part in text.split("|")]


def state(**extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"players": 4, "forces": ["S", "H", "C", None],
                            "nodes": nodes("? | ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?")}
    return body | extra


def test_a_legal_attack_lists_every_condition_with_messages_and_the_defenders(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(ATTACK, json=state(player=0, **{"from": 2, "to": 3}))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["legal"] is True
    assert answer["defenders"] == {"suit": "S", "min_rank": "K"}
    assert answer["reasons"] == [
        {"code": "ss.attack.from_yours", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack", "message": "Node 2 is yours: you control its face-up top card."},
        {"code": "ss.attack.to_opponents", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack", "message": "Node 3 is controlled by an opponent."},
        {"code": "ss.attack.adjacent", "rule": "SS-1", "rule_url": "/rules/strato-sphere#ss-ring", "message": "Nodes 2 and 3 touch on the ring of 12 nodes."},
        {"code": "ss.attack.from_holds_two", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack",
         "message": "The attacking node 2 holds 2 cards (at least 2)."},
        {"code": "ss.attack.to_holds_two", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack", "message": "The attacked node 3 holds 2 cards (at least 2)."},
        {"code": "ss.attack.rank_ok", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack",
         "message": "The attacked top card Q♥ ranks Q, not above the attacking K♠ (K)."},
        {"code": "ss.attack.defence_needs", "rule": "SS-7", "rule_url": "/rules/strato-sphere#ss-defence",
         "message": "Before it resolves, anyone may defend with a hand card of ♠ ranked K or higher "
                    "(cards that could still do it: A♠, K♠)."},
    ]


def test_an_illegal_attack_is_a_200_ruling_with_what_failed(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(ATTACK, json=state(player=0, **{"from": 2, "to": 4}))
    assert response.status_code == 200
    answer = response.get_json()
    assert answer["legal"] is False and answer["defenders"] is None
    failed = {r["code"]: r["message"] for r in answer["reasons"]}
    assert failed["ss.attack.not_adjacent"] == ("Node 4 does not touch node 2 on the ring of 12 nodes; node 2 can only "
                                               "attack its neighbours, nodes 1, 3.")
    assert failed["ss.attack.to_too_small"] == ("The attacked node 4 holds only 1 card; both nodes need at least 2.")
    assert failed["ss.attack.to_not_opponents"].startswith(
        "Only a node an opponent controls can be attacked, and node 4 is not one (opponents' nodes: 3")


def test_two_players_name_a_colour(client) -> None:  # type: ignore[no-untyped-def]
    body = {"players": 2, "forces": ["red", "black"], "nodes": nodes("? | ? | KD ? | QS ? | ? | ?"),
            "player": 0, "from": 2, "to": 3}
    answer = client.post(ATTACK, json=body).get_json()
    assert answer["legal"] is True and answer["defenders"] == {"colour": "red", "min_rank": "K"}


def test_a_defence_that_holds_and_one_that_does_not(client) -> None:  # type: ignore[no-untyped-def]
    attack = {"player": 0, "from": 2, "to": 3}
    good = client.post(DEFEND, json=state(attack=attack, card="AS"))
    assert good.status_code == 200
    assert good.get_json() == {"legal": True, "reasons": [
        {"code": "ss.defend.attack_legal", "rule": "SS-6", "rule_url": "/rules/strato-sphere#ss-attack",
         "message": "The attack by seat 0 from node 2 on node 3 is legal."},
        {"code": "ss.defend.force_matches", "rule": "SS-7", "rule_url": "/rules/strato-sphere#ss-defence", "message": "A♠ is of ♠, like the attacking K♠."},
        {"code": "ss.defend.rank_enough", "rule": "SS-7", "rule_url": "/rules/strato-sphere#ss-defence", "message": "A♠ ranks A, at least the attacking card's K."},
    ]}
    bad = client.post(DEFEND, json=state(attack=attack, card="10H")).get_json()
    assert bad["legal"] is False
    assert [r["message"] for r in bad["reasons"][1:]] == [
        "10♥ is of ♥, but a defence against K♠ must be of ♠.",
        "10♥ ranks 10, below the attacking K♠: a defence needs rank K or higher.",
    ]


def test_a_defence_against_an_illegal_attack_is_422_with_the_reasons(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(DEFEND, json=state(attack={"player": 1, "from": 2, "to": 3}, card="AS"))
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert errors[0] == {"path": "attack", "code": "ss.defend.attack_illegal", "rule": "SS-7", "rule_url": "/rules/strato-sphere#ss-defence",
                         "message": "A defence answers a legal attack only, and this attack is not legal: the other "
                                    "problems listed say why."}
    assert [(e["path"], e["code"]) for e in errors[1:]] == [
        ("attack.from", "ss.attack.from_not_yours"), ("attack.to", "ss.attack.to_not_opponents")]


def test_an_unknown_defence_card_reads_well(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(DEFEND, json=state(attack={"player": 0, "from": 2, "to": 3}, card="?"))
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{
        "path": "card", "code": "ss.card.malformed", "rule": "SS-2", "rule_url": "/rules/strato-sphere#ss-cards",
        "message": "“?” is not a card: give its rank, then its suit, as in KS, 10H or TH. A card that is shown, such "
                   "as a defence card, cannot be “?”."}]


def test_every_problem_of_a_bad_body_is_listed(client) -> None:  # type: ignore[no-untyped-def]
    body = state(forces=["S", "S", "C", None], player="zero", **{"from": 2, "to": 30})
    body["nodes"][5] = [{"card": "ZZ", "up": True}]
    body["nodes"][6] = [{"card": "?", "up": False}, {"card": "KD", "up": True}]
    response = client.post(ATTACK, json=body)
    assert response.status_code == 422
    errors = {e["path"]: (e["code"], e["message"], e["rule"]) for e in response.get_json()["errors"]}
    assert errors == {
        "forces[1]": ("ss.forces.repeated", "A force belongs to one player only, and ♠ is given twice.", "SS-3"),
        "nodes[5][0].card": ("ss.card.malformed", "“ZZ” is not a card: give its rank, then its suit, as in KS, 10H "
                             "or TH. A card that is shown, such as a defence card, cannot be “?”.", "SS-2"),
        "nodes[6][1].up": ("ss.node.face_up_below_top", "K♦ lies face up below the top of its node; only a top card "
                           "can be face up.", "SS-4"),
        "player": ("ss.input.wrong_type", "This must be of type integer, not “zero”.", "SS-2"),
        "to": ("ss.input.out_of_range", "30 is out of range: use a number from 0 to 11.", "SS-1"),
    }


def test_three_players_and_a_short_ring(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post(ATTACK, json={"players": 3, "nodes": [], "player": 0, "from": 0, "to": 1})
    assert response.get_json()["errors"] == [{"path": "players", "code": "ss.input.players", "rule": "SS-2", "rule_url": "/rules/strato-sphere#ss-players",
                                              "message": "Strato-Sphere is played by 2, 4 players, not 3."}]
    response = client.post(ATTACK, json={"players": 2, "nodes": [[{"card": "?"}]] * 5, "player": 0, "from": 0, "to": 1})
    assert response.get_json()["errors"][0]["message"] == "2 players have 6 nodes, three each, not 5."


def test_messages_follow_accept_language(client) -> None:  # type: ignore[no-untyped-def]
    headers = {"Accept-Language": "ja"}
    answer = client.post(ATTACK, json=state(player=0, **{"from": 2, "to": 4}), headers=headers).get_json()
    not_adjacent = next(r for r in answer["reasons"] if r["code"] == "ss.attack.not_adjacent")
    assert not_adjacent == {"code": "ss.attack.not_adjacent", "rule": "SS-1", "rule_url": "/rules/strato-sphere#ss-ring",
                            "message": "12個のノードの輪で、ノード4はノード2に隣接していません。"
                                       "ノード2から攻撃できるのは隣接するノード1, 3だけです。"}
    errors = client.post(DEFEND, json=state(attack={"player": 0, "from": 2, "to": 3}, card="?"),
                         headers=headers).get_json()["errors"]
    assert errors[0]["code"] == "ss.card.malformed" and errors[0]["message"].startswith("「?」はカードではありません。")


def test_no_message_is_left_with_a_placeholder(client) -> None:  # type: ignore[no-untyped-def]
    bodies = [state(player=0, **{"from": 2, "to": 3}), state(player=1, **{"from": 0, "to": 7}),
              state(player=2, **{"from": 3, "to": 2})]
    for lang in ("en", "ja"):
        for body in bodies:
            answer = client.post(ATTACK, json=body, headers={"Accept-Language": lang}).get_json()
            assert all("{" not in r["message"] for r in answer["reasons"]), answer


def test_the_openapi_description_has_both_calls_with_schemas(client) -> None:  # type: ignore[no-untyped-def]
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    attack = paths["/api/v1/strato-sphere/attack"]["post"]
    two, four = attack["requestBody"]["content"]["application/json"]["schema"]["oneOf"]  # per player count
    assert four["required"] == ["nodes", "player", "from", "to"] and "players" in two["required"]
    assert set(four["properties"]) == {"players", "forces", "nodes", "player", "from", "to", "start", "completion"}
    assert (four["properties"]["nodes"]["minItems"], four["properties"]["forces"]["maxItems"]) == (12, 4)
    assert (two["properties"]["nodes"]["maxItems"], two["properties"]["to"]["maximum"]) == (6, 5)
    assert (four["properties"]["start"]["maximum"], two["properties"]["start"]["maximum"]) == (3, 1)
    assert "start" not in four["required"]  # optional, as SS-5's first player is to a verdict that ignores it
    response = attack["responses"]["200"]["content"]["application/json"]["schema"]
    assert response["required"] == ["legal", "reasons", "defenders"]
    defend = paths["/api/v1/strato-sphere/defend"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert defend["oneOf"][1]["required"] == ["nodes", "attack", "card"]


def test_the_start_seat_is_checked_like_planeta_ricas(client) -> None:  # type: ignore[no-untyped-def]
    """``start``, the seat on the dealer's left (SS-5), is read as Planeta Rica's start player is: any seat of the
    table, the answer unchanged; a seat the table does not have is a 422 in the caller's language."""
    body = state(player=0, **{"from": 2, "to": 3})
    assert client.post(ATTACK, json=body | {"start": 2}).get_json() == client.post(ATTACK, json=body).get_json()
    for lang, message in (("en", "4 is out of range: use a number from 0 to 3."),
                          ("ja", "4は範囲外です。0から3までの数を使ってください。")):
        response = client.post(ATTACK, json=body | {"start": 4}, headers={"Accept-Language": lang})
        assert response.status_code == 422
        assert response.get_json()["errors"] == [{"path": "start", "code": "ss.input.out_of_range", "rule": "SS-5",
                                                  "rule_url": "/rules/strato-sphere#ss-turn", "message": message}]
