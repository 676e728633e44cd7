"""LP-6 (buried cards count for a table started under the earlier reading), LP-9 (the set-up's mulligan is recorded) and LP-10 (every effect primitive)."""

from __future__ import annotations

from dataclasses import replace

from companion.games.lumiere import GAME, Card, Mulligan, Phase, SendCard, SetCard, expected_moves, parse_move_text
from companion.games.lumiere.moves import move_to_json, parse_move

from .support import EARLIER_READINGS, NEW_TABLE, complete_profile, play, table, with_field
from .test_tracker import FULL, at_draw_of_last_seat


def codes(state, text: str) -> list[tuple[str, str, bool]]:  # type: ignore[no-untyped-def]
    return [(r.code, r.rule, r.ok) for r in GAME.check(state, parse_move_text(text)).reasons]


# -- LP-6 ----------------------------------------------------------------------------------------------------

def test_lp6_earlier_reading_a_buried_card_that_may_be_stacked_upon_stops_the_remove_phase() -> None:
    """The earlier reading (「フィールドにあるカードの中で」), kept by a table started under it: the vampire under
    the ghost at r0c0 may be stacked upon, so LP-6 does not apply although no top card may be."""
    old = table(profile=complete_profile(stackable=frozenset({"vampire"})), options=EARLIER_READINGS)
    state = play(at_draw_of_last_seat(old, FULL), "draw")
    assert (state.phase, expected_moves(state)[0].__name__) == (Phase.EFFECT, "PlayCard")


def test_lp6_earlier_reading_the_remove_phase_reason_names_the_buried_card() -> None:
    state = at_draw_of_last_seat(table(profile=complete_profile(stackable=frozenset({"vampire"}))), FULL)
    from companion.games.lumiere import remove_phase

    status = remove_phase(state.field, state.profile, buried=True)
    (_, reason) = status.reasons
    assert (status.applies, reason.code, reason.rule, reason.params["cards"], reason.params["cells"]) == (
        False, "lp.remove.stackable_top_buried", "LP-6", ["vampire"], ["r0c0"])
    now = remove_phase(state.field, state.profile)  # LP-6 now: the vampire is buried, so it does not count
    assert (now.applies, now.reasons[-1].code) == (True, "lp.remove.no_stackable_top")


# -- LP-9 ----------------------------------------------------------------------------------------------------

def test_lp9_a_mulligan_is_recorded_and_keeps_hand_and_deck_counts() -> None:
    state = GAME.new_state(4, NEW_TABLE, complete_profile())
    assert codes(state, "mulligan 1 yokai 5") == [
        ("lp.phase.move_expected", "§ターン進行", True), ("lp.mulligan.revealed", "LP-9", True),
        ("lp.mulligan.returned", "LP-9", True)]
    after = play(state, "mulligan 1 yokai 5", "mulligan 1 ghost 2", "mulligan 2 priest 1", "first 0")
    assert [(s.hand, s.deck, s.mulligans) for s in after.seats] == [(6, 12, 0), (6, 12, 2), (6, 12, 1), (6, 12, 0)]
    assert after.phase is Phase.SETUP and after.first == 0


def test_lp9_the_revealed_card_is_not_returned() -> None:
    state = GAME.new_state(3, NEW_TABLE, complete_profile())
    assert ("lp.mulligan.returned", "LP-9", False) in codes(state, "mulligan 0 yokai 6")
    assert ("lp.mulligan.no_such_seat", "§プレイの準備", False) in codes(state, "mulligan 3 yokai 1")
    assert not GAME.check(play(table(), "play ghost"), parse_move_text("mulligan 0 yokai 1")).legal


# -- LP-10 ---------------------------------------------------------------------------------------------------

def test_lp10_the_effect_phase_offers_every_primitive() -> None:
    kinds = {k.__name__ for k in expected_moves(play(table(), "play ghost"))}
    assert kinds == {"MoveCard", "TurnCard", "SwapCards", "SendCard", "SetCard"}


def test_lp10_placing_under_a_stack_keeps_the_top_card_on_top() -> None:
    state = play(table(profile=complete_profile()), "play ghost")  # commoners along r3
    assert codes(state, "move r3c0 r3c1 under")[-1] == ("lp.place.under", "LP-10", True)
    state = play(state, "move r3c0 r3c1 under")
    assert [str(c) for c in state.field.stack(parse_move_text("take r3c1").cell)] == ["commoner@1", "commoner@0*"]
    assert codes(state, "set r3c1")[-1] == ("lp.place.occupied", "§セットフェイズ", False)
    state = play(state, "set r3c1 under")
    assert [str(c) for c in state.field.stack(parse_move_text("take r3c1").cell)] == [
        "commoner@1", "commoner@0*", "ghost@0*"]


def test_lp10_set_facing_another_player_sandwiches_for_that_player() -> None:
    state = with_field(play(table(profile=complete_profile()), "play ghost"), "\n".join([
        "warrior@2 yokai@1 . .", ". . . .", ". . . .", ". . . ."]))
    assert codes(state, "set r0c2 as 2")[1] == ("lp.set.facing_other", "LP-10", True)
    state = play(state, "set r0c2 as 2")
    assert str(state.field.top(parse_move_text("take r0c2").cell)) == "ghost@2*"
    state = play(state, "get")  # the active ghost of seat 2 and its warrior sandwich seat 1's yokai (LP-2, LP-3)
    assert state.seats[2].points == (Card.YOKAI,)


def test_lp10_send_a_field_card_to_a_point_area_the_exclusion_area_or_a_hand() -> None:
    state = with_field(play(table(profile=complete_profile()), "play ghost"), "\n".join([
        "warrior@2/yokai@3 priest@1 vampire@0 .", ". . . .", ". . . .", ". . . ."]))
    assert codes(state, "send r0c0 points 1")[-1] == ("lp.send.points", "LP-10", True)
    state = play(state, "send r0c0 points 1", "send r0c1 exclusion", "send r0c2 hand 3")
    assert state.seats[1].points == (Card.WARRIOR,) and state.exclusion == (Card.PRIEST,)
    assert (state.seats[3].hand, state.seats[3].gained) == (7, (Card.VAMPIRE,))
    assert str(state.field.top(parse_move_text("take r0c0").cell)) == "yokai@3"  # uncovered, not active (LP-3)
    assert state.seats[3].unseen()[Card.VAMPIRE] == Card.VAMPIRE.per_player + 1  # it may be played from hand
    assert ("lp.effect.empty_area", "§エフェクトフェイズ", False) in codes(state, "send r0c3 exclusion")
    assert ("lp.send.no_such_seat", "LP-10", False) in codes(replace(state, players=3), "send r0c0 hand 3")


def test_lp10_new_moves_round_trip_both_notations() -> None:
    for text in ("mulligan 2 yokai 3", "move r0c0 r1c1 under", "move r0c0 r1c1 stack", "set r1c2 under",
                 "set r1c2 as 2", "set r1c2 stack as 1", "send r0c0 points 1", "send r0c0 exclusion",
                 "send r0c0 hand 2"):
        move = parse_move_text(text)
        assert str(move) == text and parse_move(move_to_json(move)) == move
    assert isinstance(parse_move_text("send r0c0 exclusion"), SendCard)
    assert parse_move_text("set r1c2 as 2") == SetCard(parse_move_text("take r1c2").cell, owner=2)
    assert isinstance(parse_move_text("mulligan 0 ghost 0"), Mulligan)
