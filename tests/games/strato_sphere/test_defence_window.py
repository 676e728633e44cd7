"""A tracked attack (SS-6) opens the defence window (SS-7): a defence by anyone, or no defence."""

from __future__ import annotations

import pytest

from companion.games.base import ImpossibleState, Reason
from companion.games.strato_sphere.moves import Attack, Defend, Draw, NoDefence, Reveal
from companion.games.strato_sphere.rules import apply, check, legal_moves
from companion.games.strato_sphere.state import PendingAttack, TableState

from .builders import board, card, codes, table

# Seats 0 S, 1 H, 2 C, 3 D. Seat 0's KS on node 2 faces seat 1's QH on node 3, across the seam.
FOUR = board(4, "S H C D", "? | ? | KS ? | QH ? | ? | ? | ? | ? | ? | ? | ? | ?")


def attacked(moves_made: int = 0) -> TableState:
    return apply(table(FOUR, moves_made=moves_made), Attack(2, 3))


def test_a_legal_attack_says_which_cards_could_defend_it() -> None:
    v = check(table(FOUR), Attack(2, 3))
    assert v.legal
    assert v.reasons[-1] == Reason(
        "ss.attack.defence_needs", "SS-7", True, {"force": "S", "min_rank": "K", "cards": ["AS", "KS"]}
    )


def test_the_attack_waits_for_the_defence_window() -> None:
    s = attacked()
    assert s.pending == PendingAttack(0, 2, 3)
    assert s.moves_made == 1
    assert str(s.board) == str(FOUR)  # nothing resolved yet
    v = check(s, Draw())
    assert v.failures[0] == Reason("ss.turn.defence_pending", "SS-7", False, {"attacker": 0, "from": 2, "to": 3})
    assert "ss.turn.defence_pending" in codes(check(s, Reveal(0, card("2C"))).failures)


def test_no_defence_discards_both_top_cards() -> None:
    s = apply(attacked(), NoDefence())
    assert check(attacked(), NoDefence()).reasons == (
        Reason("ss.defend.window_open", "SS-7", True, {"attacker": 0, "from": 2, "to": 3}),
    )
    assert (str(s.board.nodes[2]), str(s.board.nodes[3])) == ("?", "?")  # both neutral now
    assert [str(c) for c in s.discard] == ["KS", "QH"]
    assert s.pending is None
    assert (s.to_move, s.moves_made) == (0, 1)


def test_a_defence_discards_the_defence_card_and_the_attacking_card_only() -> None:
    s = attacked()
    v = check(s, Defend(1, card("AS")))
    assert v.legal
    assert codes(v.reasons) == [
        "ss.defend.window_open",
        "ss.defend.hand_has_card",
        "ss.defend.force_matches",
        "ss.defend.rank_enough",
        "ss.card.copy_available",
    ]
    after = apply(s, Defend(1, card("AS")))
    assert str(after.board.nodes[2]) == "?"  # the attacking node is neutral
    assert str(after.board.nodes[3]) == "QH ?"  # the target is untouched
    assert [str(c) for c in after.discard] == ["KS", "AS"]
    assert after.hands == (6, 5, 6, 6)
    assert after.pending is None


def test_anyone_may_defend_even_the_attackers_partner() -> None:
    # SS-7: "one player (anyone, as the text says)".
    assert check(attacked(), Defend(2, card("KS"))).legal


def test_a_wrong_suit_or_a_lower_rank_does_not_defend() -> None:
    assert codes(check(attacked(), Defend(1, card("AH"))).failures) == ["ss.defend.wrong_force"]
    assert codes(check(attacked(), Defend(1, card("QS"))).failures) == ["ss.defend.rank_too_low"]


def test_a_defender_needs_a_card_in_hand() -> None:
    s = apply(table(FOUR, hands=(6, 0, 6, 6)), Attack(2, 3))
    v = check(s, Defend(1, card("AS")))
    assert codes(v.failures) == ["ss.defend.hand_empty"]
    assert v.failures[0].params == {"seat": 1, "hand": 0}


def test_a_defender_must_sit_at_the_table() -> None:
    v = check(attacked(), Defend(4, card("AS")))
    assert codes(v.failures) == ["ss.seat.no_such_seat"]
    assert v.failures[0].params == {"seat": 4, "players": 4}


def test_no_defence_without_an_attack() -> None:
    for move in (Defend(1, card("AS")), NoDefence()):
        v = check(table(FOUR), move)
        assert v.failures == (Reason("ss.defend.no_attack", "SS-7", False, {}),)


def test_a_defence_card_all_of_whose_copies_are_seen_is_impossible() -> None:
    s = apply(table(FOUR, discard="AS AS"), Attack(2, 3))
    assert codes(check(s, Defend(1, card("AS"))).failures) == ["ss.card.too_many_copies"]
    with pytest.raises(ImpossibleState):
        apply(s, Defend(1, card("AS")))


def test_an_attack_as_the_third_move_ends_the_turn_only_when_it_resolves() -> None:
    s = attacked(moves_made=2)
    assert (s.to_move, s.moves_made, s.pending is not None) == (0, 3, True)
    after = apply(s, Defend(3, card("KS")))
    assert (after.to_move, after.moves_made, after.turn) == (1, 0, 2)


def test_legal_moves_in_the_window() -> None:
    s = apply(table(FOUR, hands=(6, 0, 6, 6)), Attack(2, 3))
    assert [str(m) for m in legal_moves(s)] == [
        "no-defence",
        "defend 0 AS",
        "defend 0 KS",
        "defend 2 AS",
        "defend 2 KS",
        "defend 3 AS",
        "defend 3 KS",
    ]


def test_two_players_defend_by_colour_in_the_tracker() -> None:
    two = board(2, "red black", "? | ? | KD ? | QS ? | ? | ?")
    s = apply(table(two), Attack(2, 3))
    assert check(s, Defend(1, card("KH"))).legal
    assert codes(check(s, Defend(1, card("KS"))).failures) == ["ss.defend.wrong_force"]
    # One pack: the attacking KD is the only KD, so it cannot also be in a hand.
    assert codes(check(s, Defend(1, card("KD"))).failures) == ["ss.card.too_many_copies"]
