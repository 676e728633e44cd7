"""SS-6 attack and SS-7 defence conditions on a board: each with a passing and a failing case."""

from __future__ import annotations

from collections import Counter

from companion.games.base import Reason, Verdict
from companion.games.strato_sphere.attack import (
    DefenceNeed,
    attack_conditions,
    defence_conditions,
    defence_need,
    possible_defenders,
)
from companion.games.strato_sphere.board import Board
from companion.games.strato_sphere.cards import Colour, Rank, Suit

from .builders import board, card, codes

# Seats: 0 spades, 1 hearts, 2 clubs, 3 diamonds. Sides: 0+2 (S, C) against 1+3 (H, D).
NODES = "10S ? | 9S ? | KS ? | QH ? | AH ? | KC ? | 5D | 4C | ? | JC ? | JH ? | JD ?"
FOUR = board(4, "S H C D", NODES)


def verdict(player: int, source: int, target: int, b: Board = FOUR) -> Verdict:
    return Verdict.of(attack_conditions(b, player, source, target))


def failure(v: Verdict, code: str) -> Reason:
    found = [r for r in v.failures if r.code == code]
    assert found, f"{code} not among {codes(v.failures)}"
    return found[0]


def test_a_legal_attack_lists_every_condition_it_checked() -> None:
    v = verdict(0, 2, 3)  # KS (seat 0) attacks QH (seat 1) across the seam between seats 0 and 1
    assert v.legal
    assert v.reasons == (
        Reason(
            "ss.attack.from_yours", "SS-6", True, {"player": 0, "from": 2, "relation": "yours", "controller": 0}, "from"
        ),
        Reason(
            "ss.attack.to_opponents",
            "SS-6",
            True,
            {"player": 0, "to": 3, "relation": "opponent", "controller": 1},
            "to",
        ),
        Reason("ss.attack.adjacent", "SS-1", True, {"from": 2, "to": 3, "ring_size": 12, "neighbours": [1, 3]}, "to"),
        Reason("ss.attack.from_holds_two", "SS-6", True, {"node": 2, "cards": 2, "min_cards": 2}, "from"),
        Reason("ss.attack.to_holds_two", "SS-6", True, {"node": 3, "cards": 2, "min_cards": 2}, "to"),
        Reason(
            "ss.attack.rank_ok",
            "SS-6",
            True,
            {"from_card": "KS", "to_card": "QH", "from_rank": "K", "to_rank": "Q"},
            "to",
        ),
    )


def test_equal_ranks_may_attack() -> None:
    v = verdict(2, 9, 10)  # JC attacks JH
    assert v.legal
    assert v.reasons[-1].code == "ss.attack.rank_ok"


def test_attack_across_the_wrap_around() -> None:
    assert verdict(3, 11, 0).legal  # JD (seat 3, node 11) attacks 10S (seat 0, node 0)


def test_target_rank_higher_fails_and_says_the_highest_rank_allowed() -> None:
    v = verdict(0, 0, 11)  # 10S attacks JD
    assert not v.legal
    assert codes(v.failures) == ["ss.attack.rank_too_high"]
    assert failure(v, "ss.attack.rank_too_high") == Reason(
        "ss.attack.rank_too_high",
        "SS-6",
        False,
        {"from_card": "10S", "to_card": "JD", "from_rank": "10", "to_rank": "J", "max_rank": "10"},
        "to",
    )


def test_from_a_neutral_node_fails_and_names_your_nodes() -> None:
    b = board(4, "S H C D", NODES.replace("10S ?", "? ?", 1))
    v = verdict(0, 0, 11, b)
    r = failure(v, "ss.attack.from_not_yours")
    assert r.rule == "SS-6"
    assert r.params == {"player": 0, "from": 0, "relation": "neutral", "your_nodes": [1, 2]}


def test_from_a_partners_node_fails() -> None:
    # SS-5: a partner's node is not yours. Seat 0 tries to attack from seat 2's KC.
    v = verdict(0, 5, 4)
    r = failure(v, "ss.attack.from_not_yours")
    assert r.params["relation"] == "partner"
    assert r.params["controller"] == 2
    assert r.params["your_nodes"] == [0, 1, 2]


def test_from_an_opponents_node_fails() -> None:
    r = failure(verdict(0, 3, 2), "ss.attack.from_not_yours")
    assert (r.params["relation"], r.params["controller"]) == ("opponent", 1)


def test_against_a_partners_node_fails() -> None:
    v = verdict(3, 11, 10)  # seat 3 (D) against JH of seat 1, its partner
    r = failure(v, "ss.attack.to_not_opponents")
    assert r.rule == "SS-6"
    assert r.params == {
        "player": 3,
        "to": 10,
        "relation": "partner",
        "controller": 1,
        "opponent_nodes": [0, 1, 2, 5, 7, 9],
    }


def test_against_your_own_node_fails() -> None:
    r = failure(verdict(0, 2, 1), "ss.attack.to_not_opponents")
    assert r.params["relation"] == "yours"


def test_against_a_neutral_node_fails() -> None:
    r = failure(verdict(2, 7, 8), "ss.attack.to_not_opponents")
    assert r.params["relation"] == "neutral"
    assert "controller" not in r.params


def test_against_an_unclaimed_node_fails() -> None:
    # Diamonds held by nobody yet: JD is unclaimed, so nobody's enemy (SS-4).
    b = board(4, "S H C -", NODES)
    v = verdict(0, 0, 11, b)
    assert codes(v.failures) == ["ss.attack.to_unclaimed", "ss.attack.rank_too_high"]
    unclaimed = failure(v, "ss.attack.to_unclaimed")
    assert (unclaimed.rule, unclaimed.params["relation"], unclaimed.params["force"]) == ("SS-4", "unclaimed", "D")


def test_from_an_unclaimed_node_fails() -> None:
    b = board(4, "- H C -", NODES)  # nobody holds spades: KS on node 2 is unclaimed (SS-4)
    v = verdict(0, 2, 3, b)
    unclaimed = failure(v, "ss.attack.from_unclaimed")
    assert (unclaimed.rule, unclaimed.path, unclaimed.params["top"]) == ("SS-4", "from", "KS")


def test_not_adjacent_fails_and_names_the_neighbours() -> None:
    v = verdict(0, 2, 10)  # KS and JH: the rank would do, but seat 0's end node does not touch seat 3's middle
    assert codes(v.failures) == ["ss.attack.not_adjacent"]
    r = v.failures[0]
    assert r.rule == "SS-1"
    assert r.params == {"from": 2, "to": 10, "ring_size": 12, "neighbours": [1, 3]}


def test_one_card_nodes_cannot_attack_nor_be_attacked_and_every_failure_is_named() -> None:
    v = verdict(2, 7, 6)  # 4C (alone) against 5D (alone)
    assert codes(v.failures) == ["ss.attack.from_too_small", "ss.attack.to_too_small", "ss.attack.rank_too_high"]
    assert failure(v, "ss.attack.from_too_small").params == {"node": 7, "cards": 1, "min_cards": 2}
    assert failure(v, "ss.attack.to_too_small").params == {"node": 6, "cards": 1, "min_cards": 2}


def test_two_players_control_and_defend_by_colour() -> None:
    two = board(2, "red black", "? ? | ? ? | KD ? | QS ? | ? | ?")
    v = verdict(0, 2, 3, two)
    assert v.legal
    assert v.reasons[2].params == {"from": 2, "to": 3, "ring_size": 6, "neighbours": [1, 3]}
    need = defence_need(two, 2)
    assert need == DefenceNeed(Colour.RED, Rank.KING)
    assert need.to_json() == {"colour": "red", "min_rank": "K"}


def test_two_players_wrap_around() -> None:
    two = board(2, "red black", "KH ? | ? | ? | ? | ? | 9C ?")
    assert verdict(0, 0, 5, two).legal
    assert verdict(1, 5, 0, two).failures[0].code == "ss.attack.rank_too_high"


# --- SS-7 -------------------------------------------------------------------------------------------------------


def test_defence_need_is_the_attacking_cards_suit_and_rank() -> None:
    need = defence_need(FOUR, 2)
    assert need == DefenceNeed(Suit.SPADES, Rank.KING)
    assert need.to_json() == {"suit": "S", "min_rank": "K"}
    assert defence_need(FOUR, 8) is None  # a face-down top attacks nothing


def test_a_higher_card_of_the_suit_defends() -> None:
    reasons = defence_conditions(FOUR, 2, card("AS"))
    assert reasons == (
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
    )


def test_an_equal_card_defends() -> None:
    assert all(r.ok for r in defence_conditions(FOUR, 2, card("KS")))


def test_a_lower_card_does_not_defend() -> None:
    reasons = defence_conditions(FOUR, 2, card("QS"))
    assert [(r.code, r.ok) for r in reasons] == [("ss.defend.force_matches", True), ("ss.defend.rank_too_low", False)]
    assert reasons[1].params == {"card": "QS", "attacking_card": "KS", "card_rank": "Q", "min_rank": "K"}


def test_another_suit_does_not_defend_even_of_the_same_colour_with_4_players() -> None:
    reasons = defence_conditions(FOUR, 2, card("AC"))
    assert reasons[0].code == "ss.defend.wrong_force"
    assert reasons[0].params == {"card": "AC", "attacking_card": "KS", "card_force": "C", "needed_force": "S"}


def test_two_players_defend_with_the_colour() -> None:
    two = board(2, "red black", "? ? | ? ? | KD ? | QS ? | ? | ?")
    assert all(r.ok for r in defence_conditions(two, 2, card("AH")))  # hearts are red like diamonds
    wrong = defence_conditions(two, 2, card("AS"))
    assert wrong[0].code == "ss.defend.wrong_force"
    assert wrong[0].params["needed_force"] == "red"


def test_possible_defenders_leave_out_faces_all_of_whose_copies_are_seen() -> None:
    need = DefenceNeed(Suit.SPADES, Rank.KING)
    assert [str(c) for c in possible_defenders(need, 4, Counter())] == ["AS", "KS"]
    seen = Counter({card("AS"): 2, card("KS"): 1})
    assert [str(c) for c in possible_defenders(need, 4, seen)] == ["KS"]
    # With 2 players there is one pack: the attacking KD itself is the only KD.
    red_king = DefenceNeed(Colour.RED, Rank.KING)
    assert [str(c) for c in possible_defenders(red_king, 2, Counter({card("KD"): 1}))] == ["AH", "KH", "AD"]
