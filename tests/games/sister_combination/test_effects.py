"""Hand-computed effects (SC-5, SC-6, SC-7, SC-8): the numbers a player at the table would see."""

from __future__ import annotations

import pytest

from companion.games.sister_combination.effects import (
    penalty_effect,
    play_effect,
    take_stack_effect,
)
from companion.games.sister_combination.state import HAND_LIMIT

from .support import codes, play, table

# Default table: 5 players with 7 cards each, karen:3 on the discard pile, deck 144 - 35 - 1 = 108.


# --- SC-8: Mirror, Pass, Stack 2 in both directions and at the seat-order seam -------------------------------


@pytest.mark.parametrize("turn, direction, direction_after, next_seat", [
    (0, 1, -1, 4),   # seam: counter-clockwise after seat 0 is seat 4
    (4, -1, 1, 0),   # seam: clockwise after seat 4 is seat 0
    (2, 1, -1, 1),
])
def test_mirror_reverses(turn: int, direction: int, direction_after: int, next_seat: int) -> None:
    effect = play_effect(table(turn=turn, direction=direction), play("karen:mirror"))
    assert (effect.direction, effect.next, effect.deck, effect.stack) == (direction_after, next_seat, 108, 0)


@pytest.mark.parametrize("turn, direction, skipped, next_seat", [
    (4, 1, 0, 1),    # seam clockwise
    (0, -1, 4, 3),   # seam counter-clockwise
    (3, 1, 4, 0),
    (1, -1, 0, 4),
])
def test_pass_skips_the_next_player(turn: int, direction: int, skipped: int, next_seat: int) -> None:
    effect = play_effect(table(turn=turn, direction=direction), play("karen:pass"))
    assert effect.next == next_seat and effect.direction == direction
    assert effect.reasons[0].code == "sc.card.pass" and effect.reasons[0].params["skipped"] == skipped


def test_pass_skips_over_a_seat_that_is_out() -> None:
    state = table(hands=(7, 0, 7, 7, 7), out=(1,), end="last_one")
    assert play_effect(state, play("karen:pass")).next == 3  # skips 2 (1 is out)


@pytest.mark.parametrize("turn, direction, next_seat", [(4, 1, 0), (0, -1, 4)])
def test_stack2_adds_two_from_the_deck(turn: int, direction: int, next_seat: int) -> None:
    effect = play_effect(table(turn=turn, direction=direction), play("karen:stack2"))
    assert (effect.stack, effect.deck, effect.next, effect.colour.value) == (2, 106, next_seat, "earth")


def test_a_number_card_names_its_own_colour() -> None:
    effect = play_effect(table(), play("haruka:3"))
    assert effect.next == 1 and effect.colour is not None and effect.colour.value == "earth"


# --- SC-5: the twelve S.P. effects ------------------------------------------------------------------------------


def test_karen_every_other_player_one_from_the_deck() -> None:
    effect = play_effect(table(), play("karen:sp", colour="red"))
    assert effect.receives == (0, 1, 1, 1, 1) and effect.deck == 104 and effect.stack == 0
    assert effect.next == 1 and effect.colour is not None and effect.colour.value == "fire"


def test_karen_when_the_stack_runs_out_mid_deal() -> None:
    effect = play_effect(table(stack=2), play("karen:sp", colour="red"))  # deck 106
    assert effect.receives == (0, 1, 1, 1, 1)
    assert (effect.stack, effect.deck) == (0, 104)  # seats 1, 2 from the stack; 3, 4 from the deck
    assert dict(effect.reasons[0].params) == {"seats": [1, 2, 3, 4], "from_stack": 2, "from_deck": 2}


def test_kaho_deals_the_stack_from_the_player_and_hands_the_turn_on() -> None:
    effect = play_effect(table(stack=3), play("kaho:sp", colour="blue"))
    assert effect.receives == (1, 1, 1, 0, 0) and effect.stack == 0
    assert effect.next == 3  # the player after the last receiver (seat 2)
    assert effect.hands[0] == 7  # played one, received one


def test_kaho_round_the_table_and_counter_clockwise() -> None:
    effect = play_effect(table(stack=7), play("kaho:sp", colour="blue"))
    assert effect.receives == (2, 2, 1, 1, 1) and effect.next == 2  # last receiver seat 1
    effect = play_effect(table(stack=3, turn=1, direction=-1), play("kaho:sp", colour="blue"))
    assert effect.receives == (1, 1, 0, 0, 1) and effect.next == 3  # 1, 0, 4; then 3


def test_kaho_with_an_empty_stack_deals_nothing() -> None:
    effect = play_effect(table(), play("kaho:sp", colour="blue"))
    assert effect.receives == (0,) * 5 and effect.next == 1 and effect.deck == 108


def test_mamoru_adds_four() -> None:  # SC-1
    effect = play_effect(table(), play("mamoru:sp", colour="yellow"))
    assert (effect.stack, effect.deck, effect.next) == (4, 104, 1)
    assert effect.reasons[0].rule == "SC-1"


@pytest.mark.parametrize("hand, added", [(7, 6), (8, 7), (12, 7), (2, 1)])
def test_sakuya_adds_the_hand_after_playing_at_most_seven(hand: int, added: int) -> None:
    effect = play_effect(table(hands=(hand, 7, 7, 7, 7)), play("sakuya:sp", colour="red", reach=True))
    assert effect.stack == added and effect.reasons[0].params["hand"] == hand - 1


@pytest.mark.parametrize("turn, direction, target", [(0, 1, 1), (4, 1, 0), (0, -1, 4)])
def test_hinako_next_player_two(turn: int, direction: int, target: int) -> None:
    effect = play_effect(table(turn=turn, direction=direction), play("hinako:sp", colour="red"))
    receives = [0] * 5
    receives[target] = 2
    assert list(effect.receives) == receives and effect.deck == 106 and effect.next == target  # not skipped


def test_marie_odd_stack() -> None:
    effect = play_effect(table(stack=5), play("marie:sp", colour="red"))
    assert effect.stack == 2 and effect.receives == (0, 1, 1, 1, 0) and effect.next == 1


def test_marie_even_stack() -> None:
    effect = play_effect(table(stack=4), play("marie:sp", colour="red"))
    assert effect.stack == 2 and effect.receives == (0, 1, 1, 0, 0)


def test_marie_deals_round_a_small_table_including_the_player() -> None:
    effect = play_effect(table(hands=(7, 7, 7), stack=7), play("marie:sp", colour="red"))
    assert effect.stack == 3 and effect.receives == (1, 2, 1)  # 1, 2, 0, 1


def test_shirayuki_reverses_and_adds_two() -> None:
    effect = play_effect(table(), play("shirayuki:sp", colour="green"))
    assert (effect.direction, effect.stack, effect.deck, effect.next) == (-1, 2, 106, 4)


def test_rinrin_fewest_others() -> None:
    state = table(hands=(7, 3, 2, 5, 2))
    effect = play_effect(state, play("rinrin:sp", colour="blue"))
    assert effect.receives == (0, 0, 2, 0, 2) and effect.deck == state.deck - 4


def test_rinrin_with_the_player_among_the_fewest() -> None:
    # the player's hand counts after playing: 3 - 1 = 2, tied with seat 2 (追記)
    effect = play_effect(table(hands=(3, 5, 2, 7, 4)), play("rinrin:sp", colour="blue"))
    assert effect.receives == (2, 0, 2, 0, 0) and effect.hands == (4, 5, 4, 7, 4)


def test_aria_reverses_then_the_new_next_gets_two() -> None:
    effect = play_effect(table(), play("aria:sp", colour="blue"))
    assert effect.direction == -1 and effect.receives == (0, 0, 0, 0, 2) and effect.next == 4


@pytest.mark.parametrize("under, added", [("karen:3", 3), ("karen:8", 8), ("karen:pass", 0), ("karen:stack2", 0)])
def test_chikage_adds_the_number_under_it(under: str, added: int) -> None:
    effect = play_effect(table(discard=(under,)), play("chikage:sp", colour="blue"))
    assert effect.stack == added and effect.deck == 108 - added


def test_chikage_over_an_sp_adds_nothing() -> None:
    effect = play_effect(table(discard=("kaho:sp",), colour="blue"), play("chikage:sp", colour="blue"))
    assert effect.stack == 0


def test_haruka_player_one_target_two_stack_three() -> None:
    effect = play_effect(table(), play("haruka:sp", colour="green", target=3))
    assert effect.receives == (1, 0, 0, 2, 0) and effect.stack == 3 and effect.deck == 102 and effect.next == 1


def test_yotsuba_target_two() -> None:
    effect = play_effect(table(), play("yotsuba:sp", colour="yellow", target=2))
    assert effect.receives == (0, 0, 2, 0, 0) and effect.deck == 106 and effect.next == 1


# --- SC-6: reach and the last card ----------------------------------------------------------------------------


def test_reach_declared_or_forgotten() -> None:
    state = table(hands=(2, 7, 7, 7, 7))
    assert play_effect(state, play("karen:5", reach=True)).reach == "declared"
    forgotten = play_effect(state, play("karen:5"))
    assert forgotten.reach == "forgotten" and forgotten.penalty == 0
    noticed = play_effect(state, play("karen:5"), notice_forgotten=True)
    assert noticed.penalty == 2 and noticed.hands[0] == 3 and noticed.deck == state.deck - 2


def test_forgotten_reach_noticed_later_costs_two() -> None:
    state = table(hands=(1, 7, 7, 7, 7), forgot=frozenset({0}))
    effect = penalty_effect(state, 0)
    assert effect.penalty == 2 and effect.hands[0] == 3 and effect.deck == state.deck - 2


def test_going_out_on_a_number_with_reach() -> None:
    effect = play_effect(table(hands=(1, 7, 7, 7, 7), reached=frozenset({0})), play("karen:5"))
    assert effect.out and effect.penalty == 0 and effect.next is None  # first_out: the game is over


def test_going_out_without_reach_costs_five_and_is_not_out() -> None:
    state = table(hands=(1, 7, 7, 7, 7))
    effect = play_effect(state, play("karen:5"))
    assert not effect.out and effect.penalty == 5 and effect.hands[0] == 5 and effect.deck == state.deck - 5
    assert "sc.reach.out_without_reach" in codes(effect.reasons)


def test_going_out_on_a_word_card_costs_five() -> None:
    effect = play_effect(table(hands=(1, 7, 7, 7, 7), reached=frozenset({0})), play("karen:pass"))
    assert not effect.out and effect.penalty == 5 and effect.next == 2
    assert "sc.reach.out_on_non_number" in codes(effect.reasons)


def test_last_one_going_out_passes_the_turn_to_a_seat_still_playing() -> None:
    state = table(hands=(7, 7, 1, 7, 7), turn=2, end="last_one", reached=frozenset({2}))
    effect = play_effect(state, play("karen:5"))
    assert effect.out and effect.next == 3


# --- SC-7: the deck runs out mid-deal ------------------------------------------------------------------------


def test_deck_runs_out_mid_deal_and_the_discard_pile_is_reshuffled() -> None:
    state = table(hands=(28, 28, 28, 27, 27), discard=("karen:3", "karen:4", "karen:5", "karen:6", "karen:7"),
                  deck=1)
    effect = play_effect(state, play("hinako:sp", colour="red"))
    assert effect.receives == (0, 2, 0, 0, 0)
    assert effect.reshuffled == 5 and effect.deck == 4  # 1 - 1, then + 5 - 1
    assert "sc.deck.reshuffled" in codes(effect.reasons)


def test_nothing_left_to_deal_at_all() -> None:
    state = table(discard=("karen:3",), deck=1)
    effect = play_effect(state, play("mamoru:sp", colour="red"))
    assert effect.stack == 2 and effect.deck == 0 and effect.reshuffled == 1  # 1 from the deck, 1 from the pile
    assert "sc.deck.exhausted" in codes(effect.reasons)


# --- SC-7: "みんななかよく" hand limit --------------------------------------------------------------------------


def test_limit_a_leaves_the_rest_of_the_stack() -> None:
    effect = take_stack_effect(table(hands=(10, 7, 7, 7, 7), stack=10, limit="16a"))
    assert effect.receives == (6, 0, 0, 0, 0) and effect.stack == 4 and effect.next == 1


def test_limit_b_deals_the_rest_round_after_round() -> None:
    state = table(hands=(10, 7, 7, 7, 7), stack=12, limit="16b")
    effect = take_stack_effect(state)
    # 6 to the player; 6 left: round 1 seats 1-4 from the stack (2 left), round 2 seats 1, 2 from the stack,
    # seats 3, 4 from the deck (the text: 無くなれば山札から)
    assert effect.receives == (6, 2, 2, 2, 2) and effect.stack == 0 and effect.deck == state.deck - 2


def test_limit_b_everyone_full_the_stack_goes_back_to_the_deck() -> None:
    state = table(hands=(10, 16, 16, 16, 16), stack=9, limit="16b")
    effect = take_stack_effect(state)
    assert effect.receives == (6, 0, 0, 0, 0) and effect.stack == 0 and effect.deck == state.deck + 3


def test_without_the_limit_the_whole_stack_is_taken() -> None:
    effect = take_stack_effect(table(hands=(10, 7, 7, 7, 7), stack=10))
    assert effect.receives == (10, 0, 0, 0, 0) and effect.stack == 0 and effect.hands[0] == 20


def test_limit_overflow_of_an_immediate_attack_goes_to_the_stack() -> None:
    state = table(hands=(7, HAND_LIMIT - 1, 7, 7, 7), limit="16a")
    effect = play_effect(state, play("hinako:sp", colour="red"))
    assert effect.receives == (0, 1, 0, 0, 0) and effect.stack == 1 and effect.deck == state.deck - 2
    assert "sc.limit.overflow_to_stack" in codes(effect.reasons)


def test_limit_caps_a_penalty() -> None:
    # a seat at 15 with a forgotten reach cannot exist (it holds one card), so cap a noticed one directly
    state = table(hands=(HAND_LIMIT - 1, 7, 7, 7, 7), limit="16b", forgot=frozenset({0}))
    effect = penalty_effect(state, 0)
    assert effect.penalty == 1 and effect.hands[0] == HAND_LIMIT
