"""The dispute page: no table, a few taps, "may this node attack that one?" and "does this card defend?",
answered from the same checks as the referee API, naming every condition, which failed and what would have
made it legal, and for a legal attack which cards could defend. Plain GET links and forms (JavaScript off)."""

from __future__ import annotations

import re
from urllib.parse import urlencode

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .helpers import checked, node_classes, node_html, node_text

URL = "/strato-sphere/dispute"

# Seat 0 (♠) attacks from node 2 with K♠ on node 3 (Q♥, seat 1's ♥), both nodes holding 2 cards.
LEGAL_4 = {"players": "4", "from": "2", "to": "3", "player": "0", "f0": "S", "f1": "H",
           "ar": "K", "as": "S", "an": "2", "tr": "Q", "ts": "H", "tn": "2"}


def ask(phone: Phone, what: str = "attack", **changes: str) -> str:
    args = {**LEGAL_4, **changes, "ask": what}
    args = {k: v for k, v in args.items() if v != ""}
    return phone.get(f"{URL}?{urlencode(args)}").get_data(as_text=True)


def answer_of(html: str) -> str:
    match = re.search(r'<section class="card ss-answer[^"]*" id="answer".*?</section>', html, flags=re.S)
    assert match, "no answer on the page"
    return text_of(match.group(0))


def checks(html: str) -> list[tuple[str, str]]:
    """(✓/✗, code) of every listed condition, in order."""
    return [("✓" if cls == "ok" else "✗", code) for cls, code in
            re.findall(r'<li class="(ok|fail)" data-code="([^"]+)">', html)]


def test_the_first_tap_picks_the_attacking_node_the_second_the_target(phone: Phone) -> None:
    html = phone.get(URL).get_data(as_text=True)
    assert "Tap the attacking node on the ring." in text_of(html)
    assert re.findall(r'class="ss-node n(\d+) ', html) == [str(n) for n in range(12)]
    href = re.search(r'href="([^"]+)"', node_html(html, 2)).group(1).replace("&amp;", "&")
    assert href == f"{URL}?players=4&from=2#ring"
    html = phone.get(href.split("#")[0]).get_data(as_text=True)
    assert "is-from" in node_classes(html, 2)
    assert "Node 2 attacks. Now tap the node it attacks (tap node 2 again to take it back)." in text_of(html)
    target = re.search(r'href="([^"]+)"', node_html(html, 3)).group(1).replace("&amp;", "&")
    assert target == f"{URL}?players=4&from=2&to=3#ring"
    back = re.search(r'href="([^"]+)"', node_html(html, 2)).group(1).replace("&amp;", "&")
    assert back == f"{URL}?players=4#ring"
    html = phone.get(target.split("#")[0]).get_data(as_text=True)
    assert "Node 2 attacks node 3." in text_of(html)
    assert '<form class="card ss-dispute-form" method="get"' in html  # works with JavaScript off
    assert checked(html, "player") == ["0"]  # the seat in front of node 2, until forces say otherwise
    assert "Attacking node 2" in text_of(html) and "Attacked node 3" in text_of(html)


def test_a_legal_attack_names_every_condition_and_who_could_defend(phone: Phone) -> None:
    html = ask(phone)
    answer = answer_of(html)
    assert answer.startswith("✓ Node 2 may attack node 3. Every condition checked:")
    assert checks(html) == [
        ("✓", "ss.attack.from_yours"), ("✓", "ss.attack.to_opponents"), ("✓", "ss.attack.adjacent"),
        ("✓", "ss.attack.from_holds_two"), ("✓", "ss.attack.to_holds_two"), ("✓", "ss.attack.rank_ok"),
    ]
    assert "Nodes 2 and 3 touch on the ring of 12 nodes. SS-1" in answer
    assert "The attacked top card Q♥ ranks Q, not above the attacking K♠ (K). SS-6" in answer
    assert ("Which cards could defend SS-7 Before it resolves, anyone may defend with a hand card of ♠ ranked K or "
            "higher (cards that could still do it: A♠, K♠).") in answer
    ring = html.split('id="ring"', 1)[1]
    assert node_text(ring, 2) == "2 ×2 K♠ Player 1" and node_text(ring, 3) == "3 ×2 Q♥ Player 2"  # counted from 1


def test_an_illegal_attack_says_which_conditions_failed_and_what_would_make_it_legal(phone: Phone) -> None:
    html = ask(phone, tr="A", tn="1")
    answer = answer_of(html)
    assert answer.startswith("✗ Node 2 may not attack node 3.")
    assert [code for mark, code in checks(html) if mark == "✗"] == ["ss.attack.to_too_small", "ss.attack.rank_too_high"]
    assert "The attacked node 3 holds only 1 card; both nodes need at least 2." in answer
    assert ("The attacked top card A♥ outranks the attacking K♠: only a top card of rank K or lower can be attacked "
            "from here.") in answer
    assert "Which cards could defend" not in answer


def test_a_partners_node_is_not_an_opponents(phone: Phone) -> None:
    # Node 3 holds a ♦ card and seat 2, seat 0's partner, holds ♦.
    html = ask(phone, f1="", f2="D", ts="D")
    answer = answer_of(html)
    assert ("✗ fails: Only a node an opponent controls can be attacked, and node 3 is not one (opponents' nodes: none). "
            "(your partner controls it, and a partner's node is not yours (SS-5)) SS-6") in answer


def test_an_unclaimed_and_a_face_down_node(phone: Phone) -> None:
    answer = answer_of(ask(phone, f1=""))  # nobody holds ♥ yet: Q♥ is unclaimed (SS-4)
    assert ("✗ fails: Node 3's top card Q♥ lies face up, and nobody holds ♥ yet: the node is unclaimed, neither "
            "neutral nor controlled, so nobody can attack it until a player's force becomes ♥. SS-4") in answer
    html = ask(phone, f1="")
    assert "makes its node unclaimed: neither neutral nor controlled" in html  # the page explains the state
    answer = answer_of(ask(phone, au="down", ar="", **{"as": ""}))
    assert ("✗ fails: An attack starts from a node you control, and node 2 is not one (nodes you control: none). "
            "(its top card lies face down: it is neutral (SS-4))") in answer


def test_adjacency_across_the_seams_and_the_wrap_around(phone: Phone) -> None:
    # Four players: node 11 (seat 3) touches node 0 (seat 0).
    html = ask(phone, **{"from": "11", "to": "0", "player": "3", "f3": "S", "f0": "H", "f1": ""})
    assert "Nodes 11 and 0 touch on the ring of 12 nodes." in answer_of(html)
    assert answer_of(html).startswith("✓")
    # Two players: node 5 (seat 1) touches node 0 (seat 0); node 2 does not touch node 4.
    two = {"players": "2", "f0": "red", "f1": "black", "ts": "D", "as": "S"}
    html = ask(phone, **two, **{"from": "5", "to": "0", "player": "1"})
    assert answer_of(html).startswith("✓ Node 5 may attack node 0.")
    html = ask(phone, **two, **{"from": "2", "to": "4", "player": "1"})
    assert ("✗ fails: Node 4 does not touch node 2 on the ring of 6 nodes; node 2 can only attack its neighbours, nodes 1, 3."
            in answer_of(html))


def test_two_players_play_colours(phone: Phone) -> None:
    html = ask(phone, players="2", f0="red", f1="", ar="K", **{"as": "D"}, tr="Q", ts="S")
    assert answer_of(html).startswith("✗")  # SS-3: nobody holds black, so Q♠ is unclaimed (SS-4)
    html = ask(phone, players="2", f0="red", f1="black", ar="K", **{"as": "D"}, tr="Q", ts="S")
    answer = answer_of(html)
    assert answer.startswith("✓")
    assert "anyone may defend with a hand card of red ranked K or higher (cards that could still do it: A♥, K♥, A♦)" \
        in answer
    ring = html.split('id="ring"', 1)[1]
    assert re.search(r'<span class="ss-force black"[^>]*>black</span>', ring)


def test_does_this_card_defend(phone: Phone) -> None:
    html = ask(phone, "defend", dr="A", ds="S")
    answer = answer_of(html)
    assert answer.startswith("✓ A♠ defends. Every condition checked:")
    assert checks(html) == [("✓", "ss.defend.attack_legal"), ("✓", "ss.defend.force_matches"),
                            ("✓", "ss.defend.rank_enough")]
    html = ask(phone, "defend", dr="Q", ds="H")
    answer = answer_of(html)
    assert answer.startswith("✗ Q♥ does not defend.")
    assert "Q♥ is of ♥, but a defence against K♠ must be of ♠. SS-7" in answer
    assert "Q♥ ranks Q, below the attacking K♠: a defence needs rank K or higher. SS-7" in answer


def test_a_defence_against_an_illegal_attack_has_nothing_to_rule_on(phone: Phone) -> None:
    answer = answer_of(ask(phone, "defend", tn="1", dr="A", ds="S"))
    assert answer.startswith("There is nothing to defend: the attack itself is not legal SS-7")
    assert "The attacked node 3 holds only 1 card; both nodes need at least 2." in answer


def test_missing_taps_are_listed(phone: Phone) -> None:
    answer = answer_of(ask(phone, an="", tr="", player=""))
    assert answer == ("A few taps are missing ✗ fails: Tap who attacks. SS-6 ✗ fails: Tap how many cards node 2 holds. "
                      "SS-6 ✗ fails: Tap the rank and the suit of node 3's top card, or mark it face down. SS-4")
    answer = answer_of(ask(phone, "defend"))
    assert "Tap the rank and the suit of the defence card." in answer


def test_a_table_that_cannot_exist_is_explained(phone: Phone) -> None:
    # One pack with 2 players: K♦ cannot lie on two nodes; a defence card must be shown, never "?".
    answer = answer_of(ask(phone, players="2", f0="red", **{"as": "D"}, tr="K", ts="D"))
    assert answer.startswith("This cannot be on the table")
    assert "K♦ cannot be here: the packs hold 1 and 1 already seen elsewhere on the table." in answer
    answer = answer_of(ask(phone, "defend", players="2", f0="red", **{"as": "D"}, ts="S", dr="K", ds="D"))
    assert answer.startswith("This cannot be on the table")
    assert "K♦ cannot be here: the packs hold 1 and 1 already seen elsewhere on the table." in answer


def test_nonsense_in_the_address_is_left_out_not_an_error(phone: Phone) -> None:
    response = phone.get(f"{URL}?players=7&from=99&to=x&ar=Z&an=-1&f0=purple&ask=dance")
    assert response.status_code == 200
    assert "This link asks for something that cannot be" in text_of(response.get_data(as_text=True))
    html = response.get_data(as_text=True)
    assert 'class="ss-ring p4"' in html and "Tap the attacking node on the ring." in text_of(html)


def test_the_page_and_the_api_give_the_same_ruling(phone: Phone, client) -> None:  # type: ignore[no-untyped-def]
    from companion.games.strato_sphere.cards import card_text
    from companion.web.games.strato_sphere.tool import read_board, read_input

    for changes in ({}, {"tr": "A"}, {"f1": "", "f2": "H"}, {"to": "4"}):
        args = {**LEGAL_4, **changes}
        html = ask(phone, **changes)
        given = read_input(args)
        board, problems = read_board(given)
        assert problems == []
        body = {
            "players": board.players,
            "forces": [None if f is None else f.value for f in board.forces],
            "nodes": [[{"card": card_text(c.card), "up": c.up} for c in node.cards] for node in board.nodes],
            "player": given.player, "from": given.source, "to": given.target,
        }
        api = client.post("/api/v1/strato-sphere/attack", json=body).get_json()
        codes = [r["code"] for r in api["reasons"] if r["code"] != "ss.attack.defence_needs"]
        assert [code for _mark, code in checks(html)] == codes


def test_the_dispute_page_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    ja = Phone(client, lang="ja")
    answer = answer_of(ask(ja, tr="A"))
    assert answer.startswith("✗ ノード2からノード3は攻撃できません。")
    assert "攻撃されるノードの一番上のA♥は、攻撃するK♠よりランクが高いです。" in answer
    html = ja.get(URL).get_data(as_text=True)
    assert "攻撃するノードをタップしてください。" in text_of(html) and "プレイヤー1" in text_of(html) and "席0" not in text_of(html)


def test_one_request_reads_the_taps_into_one_board(phone: Phone, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The ring drawn and the ruling given come from one board: the query is read once, and no API body is
    built and parsed again."""
    from companion.games.strato_sphere import api as engine_api
    from companion.web.games.strato_sphere import tool as dispute

    calls: list[str] = []
    read_board = dispute.read_board
    monkeypatch.setattr(dispute, "read_board", lambda given: calls.append("board") or read_board(given))
    monkeypatch.setattr(engine_api, "_read_query", lambda *a: calls.append("api body") or None)
    html = ask(phone, "defend", dr="A", ds="S")
    assert calls == ["board"]
    assert "✓" in answer_of(html)


def test_the_tool_names_a_seat_as_people_count_it(phone: Phone) -> None:
    # No table here: the attacker (seat index 1) is "Player 2", never "seat 1" or "seat 0" (one Wording, PAGE).
    html = ask(phone, "defend", player="1", f0="H", f1="S", dr="A", ds="S", ar="K", **{"as": "S"}, tr="Q", ts="H")
    answer = answer_of(html)
    assert "The attack by Player 2 from node 2 on node 3 is legal. SS-6" in answer
    assert "seat 0" not in text_of(html).lower() and "seat 1" not in text_of(html).lower()


def test_a_repeated_force_on_the_tool_names_both_players(phone: Phone) -> None:
    html = ask(phone, f0="S", f1="S")
    answer = answer_of(html)
    assert "A force belongs to one player only, and ♠ is given twice." in answer
    assert "seat 0" not in answer.lower()
