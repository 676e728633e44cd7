"""The tracker: setup, the phases of a turn in order, effect actions, LP-6, LP-7 and the score."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.base import Game, IllegalMove, ParseError
from companion.games.lumiere import (
    GAME,
    Card,
    Cell,
    ChooseFirst,
    FieldCard,
    Mulligan,
    Phase,
    PlayCard,
    TableState,
    TakeTop,
    expected_moves,
    parse_move_text,
    score_sheet,
)
from companion.games.lumiere.moves import move_to_json, parse_move
from companion.registry import engines as registry

from .support import TEST_POINTS, cards, complete_profile, default_profile, play, table, with_field


def verdict_codes(state: TableState, move: str) -> list[tuple[str, str, bool]]:
    return [(r.code, r.rule, r.ok) for r in GAME.check(state, parse_move_text(move)).reasons]


def test_the_game_is_registered_and_follows_the_protocol() -> None:
    assert registry()["lumiere"] is GAME
    assert isinstance(GAME, Game)
    assert (GAME.name_ja, GAME.player_counts, GAME.ruling_prefix) == ("ルミエル†プリエール", (3, 4), "LP")
    # no LP ruling is an option: the options only keep the readings of tables started before LP-6/LP-9 changed
    assert not any(o.shown for o in GAME.options)


# -- setup -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4])
def test_a_new_table_is_dealt_as_the_rule_text_says(players: int) -> None:
    state = GAME.new_state(players, {}, default_profile())
    assert [(s.seat, s.hand, s.deck, s.commoner_in_front) for s in state.seats] == [
        (seat, 6, 12, True) for seat in range(players)]
    assert (state.phase, state.first, state.turn, expected_moves(state)) == (Phase.SETUP, None, None, (ChooseFirst, Mulligan))
    assert state.unused_side == ("right" if players == 3 else None)
    assert [s.side for s in state.seats] == ["bottom", "left", "top", "right"][:players]
    assert sum(state.seats[0].unseen().values()) == 18


@pytest.mark.parametrize("players", [2, 5, True])
def test_only_three_or_four_players(players: int) -> None:
    with pytest.raises(ParseError) as caught:
        GAME.new_state(players, {}, default_profile())
    assert (caught.value.code, caught.value.rule) == ("lp.players.unsupported", "§概要")


def test_three_players_place_their_commoners_clockwise_from_the_first_player() -> None:
    state = play(GAME.new_state(3, {}, default_profile()), "first 2")
    assert state.turn == 2
    state = play(state, "opening r3c0", "opening r3c1")
    assert state.turn == 1 and state.phase is Phase.SETUP
    state = play(state, "opening r3c2")
    assert str(state.field).splitlines()[3] == "commoner@2 commoner@0 commoner@1 ."
    assert all(not s.commoner_in_front for s in state.seats)
    assert (state.phase, state.turn, state.turn_number, state.field.active_cells()) == (Phase.EFFECT, 2, 1, frozenset())


def test_setup_refusals() -> None:
    state = GAME.new_state(3, {}, default_profile())
    assert verdict_codes(state, "first 3") == [("lp.phase.move_expected", "§ターン進行", True),
                                               ("lp.setup.first_player", "§プレイの準備", False)]
    verdict = GAME.check(state, parse_move_text("play yokai"))
    assert not verdict.legal
    (reason,) = verdict.reasons
    assert (reason.code, dict(reason.params)) == ("lp.phase.move_not_expected",
                                                  {"phase": "setup", "move": "play", "expected": ["first", "mulligan"]})
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, parse_move_text("opening r0c0"))
    assert caught.value.code == "lp.phase.move_not_expected"
    state = play(state, "first 0", "opening r0c0")
    assert verdict_codes(state, "opening r0c0")[-1] == ("lp.place.stackable_unknown", "LP-8", False)


# -- one turn, phase by phase ----------------------------------------------------------------------------------

def test_a_turn_walks_effect_set_get_draw_and_passes_clockwise() -> None:
    state = table(openings=("r0c0", "r0c1", "r3c3", "r3c0"))  # seats 0, 1, 2, 3
    assert expected_moves(state) == (PlayCard,)
    state = play(state, "play priest")
    assert (state.play_area, state.seats[0].hand, state.seats[0].played) == (Card.PRIEST, 5, (Card.PRIEST,))
    assert verdict_codes(state, "set r0c2") == [("lp.phase.move_expected", "§ターン進行", True),
                                                ("lp.place.empty_area", "§セットフェイズ", True)]
    state = play(state, "set r0c2")
    assert state.phase is Phase.GET
    assert state.field.top(Cell(0, 2)) == FieldCard(Card.PRIEST, 0, active=True)  # LP-3: placed this turn
    assert verdict_codes(state, "get")[1:] == [("lp.get.captured", "LP-5", True)]
    state = play(state, "get")
    assert state.seats[0].points == (Card.COMMONER,)
    assert state.field.top(Cell(0, 1)) is None
    assert state.last_get is not None and state.last_get.to_json()["captures"] == [
        {"cell": [0, 1], "owner": 1, "by": 0, "lines": ["row"]}]
    assert state.phase is Phase.DRAW
    state = play(state, "draw")
    assert (state.seats[0].hand, state.seats[0].deck) == (6, 11)
    assert (state.turn, state.turn_number, state.phase, state.field.active_cells()) == (1, 2, Phase.EFFECT, frozenset())


def test_a_moved_card_is_active_and_captures() -> None:
    state = with_field(table(), ". . . .\ncommoner@0 yokai@1 . .\n. . commoner@0 .\n. . . .")
    state = play(state, "play warrior")
    assert verdict_codes(state, "move r2c2 r1c2") == [
        ("lp.phase.move_expected", "§ターン進行", True), ("lp.effect.top_card", "§エフェクトフェイズ", True),
        ("lp.effect.two_areas", "§エフェクトフェイズ", True), ("lp.place.empty_area", "§セットフェイズ", True)]
    state = play(state, "move r2c2 r1c2", "set r3c3", "get")
    assert state.seats[0].points == (Card.YOKAI,)
    assert str(state.field).splitlines()[1] == "commoner@0 . commoner@0* ."


def test_turning_a_card_changes_its_owner_and_makes_it_active() -> None:
    state = with_field(table(), "commoner@0 yokai@1 commoner@2 .\n. . . .\n. . . .\n. . . .")
    state = play(state, "play warrior")
    assert verdict_codes(state, "turn r0c2 0")[-1] == ("lp.turn.new_owner", "LP-1", True)
    state = play(state, "turn r0c2 0", "set r2c2", "get")
    assert state.seats[0].points == (Card.YOKAI,)


def test_lp3_a_full_turn_counts_as_turned() -> None:
    state = with_field(table(), "commoner@0 yokai@1 commoner@0 .\n. . . .\n. . . .\n. . . .")
    state = play(state, "play warrior")
    assert verdict_codes(state, "turn r0c2 0")[-1] == ("lp.turn.full_turn", "LP-3", True)
    state = play(state, "turn r0c2 0", "set r2c2", "get")
    assert state.seats[0].points == (Card.YOKAI,)


def test_lp3_without_the_full_turn_nothing_is_captured() -> None:
    state = with_field(table(), "commoner@0 yokai@1 commoner@0 .\n. . . .\n. . . .\n. . . .")
    state = play(state, "play warrior", "set r2c2", "get")
    assert state.seats[0].points == ()
    assert state.last_get is not None and [r.code for r in state.last_get.refused[0].reasons] == [
        "lp.sandwich.between", "lp.sandwich.no_active"]


def test_lp1_with_three_players_no_card_may_face_the_unused_side() -> None:
    state = play(with_field(table(players=3), "commoner@0 . . .\n. . . .\n. . . .\n. . . ."), "play ghost")
    assert verdict_codes(state, "turn r0c0 3")[-1] == ("lp.turn.no_such_seat", "LP-1", False)
    assert GAME.check(state, parse_move_text("turn r0c0 2")).legal


def test_lp5_a_swap_makes_mutual_sandwiches_and_both_are_captured() -> None:
    state = with_field(table(), ". . . .\ncommoner@0 ghost@0 yokai@1 commoner@1\n. . . .\n. . . .")
    state = play(state, "play conjurer", "swap r1c1 r1c2", "set r3c3", "get")
    assert (state.seats[0].points, state.seats[1].points) == ((Card.YOKAI,), (Card.GHOST,))
    assert str(state.field).splitlines()[1] == "commoner@0 . . commoner@1"


def test_lp5_sandwiched_by_two_owners_goes_to_the_exclusion_area() -> None:
    state = with_field(table(), ". commoner@2 . .\ncommoner@0 yokai@1 . .\n. commoner@2 . .\n. . . .")
    state = play(state, "play magician", "turn r0c1 2", "set r1c2", "get")
    assert state.exclusion == (Card.YOKAI,)
    assert all(s.points == () for s in state.seats)
    assert state.last_get is not None and state.last_get.to_json()["excluded"] == [
        {"cell": [1, 1], "owner": 1, "by": [0, 2]}]


def test_effect_action_refusals() -> None:
    state = with_field(table(profile=complete_profile()), "commoner@1 . . .\n. ghost@2 . .\n. . . .\n. . . .")
    assert verdict_codes(state, "move r0c0 r2c2")[0][0] == "lp.phase.move_not_expected"  # play a card first
    state = play(state, "play exorcist")
    assert verdict_codes(state, "move r2c2 r3c3")[1] == ("lp.effect.empty_area", "§エフェクトフェイズ", False)
    assert verdict_codes(state, "move r0c0 r0c0")[2] == ("lp.effect.two_areas", "§エフェクトフェイズ", False)
    assert verdict_codes(state, "move r0c0 r1c1")[-1] == ("lp.place.occupied", "§セットフェイズ", False)
    assert verdict_codes(state, "move r0c0 r1c1 stack")[-1] == ("lp.place.stack_by_effect", "§セットフェイズ", True)
    assert verdict_codes(state, "swap r0c0 r3c3")[2] == ("lp.effect.empty_area", "§エフェクトフェイズ", False)
    assert verdict_codes(state, "get")[0][0] == "lp.phase.move_not_expected"


def test_setting_onto_an_occupied_area_follows_the_stackable_flag() -> None:
    layout = "commoner@1 ghost@2 . .\n. . . .\n. . . .\n. . . ."
    unknown = play(with_field(table(), layout), "play warrior")
    assert verdict_codes(unknown, "set r0c0")[-1] == ("lp.place.stackable_unknown", "LP-8", False)
    known = play(with_field(table(profile=complete_profile(stackable=frozenset({"commoner"}))), layout), "play warrior")
    assert verdict_codes(known, "set r0c0")[-1] == ("lp.place.stackable_top", "LP-8", True)
    assert verdict_codes(known, "set r0c1")[-1] == ("lp.place.occupied", "§セットフェイズ", False)
    assert verdict_codes(known, "set r0c1 stack")[-1] == ("lp.place.stack_by_effect", "§セットフェイズ", True)
    stacked = play(known, "set r0c0")
    assert stacked.field.stack(Cell(0, 0)) == (FieldCard(Card.WARRIOR, 0, True), FieldCard(Card.COMMONER, 1))


# -- LP-6: the remove phase --------------------------------------------------------------------------------------

FULL = "\n".join([
    "ghost@1/vampire@2 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
])


def at_draw_of_last_seat(state: TableState, layout: str) -> TableState:
    """The table just before seat 0's turn starts, with ``layout`` on the field."""
    return replace(with_field(state, layout), phase=Phase.DRAW, turn=state.players - 1)


def test_lp6_a_full_field_with_no_stackable_top_starts_with_the_remove_phase_while_it_applies() -> None:
    state = play(at_draw_of_last_seat(table(profile=complete_profile()), FULL), "draw")
    assert (state.turn, state.phase, expected_moves(state)) == (0, Phase.REMOVE, (TakeTop,))
    assert verdict_codes(state, "play warrior")[0][0] == "lp.phase.move_not_expected"
    assert verdict_codes(state, "take r0c0") == [
        ("lp.phase.move_expected", "§ターン進行", True), ("lp.remove.field_full", "LP-6", True),
        ("lp.remove.no_stackable_top", "LP-6", True), ("lp.remove.top_card", "LP-6", True)]
    state = play(state, "take r0c0")  # the vampire beneath keeps the field full: still the remove phase
    assert (state.seats[0].points, state.phase) == ((Card.GHOST,), Phase.REMOVE)
    state = play(state, "take r0c0")
    assert (state.seats[0].points, state.phase) == ((Card.GHOST, Card.VAMPIRE), Phase.EFFECT)


def test_lp6_does_not_apply_when_some_top_card_may_be_stacked_upon() -> None:
    state = at_draw_of_last_seat(table(profile=complete_profile(stackable=frozenset({"ghost"}))), FULL)
    state = play(state, "draw")
    assert state.phase is Phase.EFFECT
    state = play(state, "play warrior")
    assert verdict_codes(state, "set r0c0")[-1] == ("lp.place.stackable_top", "LP-8", True)


def test_lp6_does_not_apply_while_an_area_is_empty() -> None:
    layout = FULL.replace("commoner@3\n", ".\n", 1)
    state = play(at_draw_of_last_seat(table(profile=complete_profile()), layout), "draw")
    assert state.phase is Phase.EFFECT


def test_lp6_unknown_stackable_flags_leave_the_choice_to_the_table() -> None:
    state = play(at_draw_of_last_seat(table(), FULL), "draw")
    assert (state.phase, expected_moves(state)) == (Phase.REMOVE, (TakeTop, PlayCard))
    reasons = GAME.check(state, parse_move_text("play warrior")).reasons
    unknown = next(r for r in reasons if r.code == "lp.remove.stackable_unknown")
    assert (unknown.rule, unknown.ok, unknown.params["cards"]) == ("LP-8", True, ["ghost", "commoner"])  # LP-6: tops only
    assert play(state, "play warrior").phase is Phase.EFFECT
    assert play(state, "take r0c0").phase is Phase.REMOVE


# -- LP-7: the end and the score ---------------------------------------------------------------------------------

def with_hands(state: TableState, *hands: int) -> TableState:
    return replace(state, seats=tuple(replace(s, hand=h, deck=0) for s, h in zip(state.seats, hands, strict=True)))


@pytest.mark.parametrize(("hands", "over", "oks"), [
    ((5, 5, 5, 5), True, [True, False]),
    ((6, 5, 5, 5), False, [False, False]),  # seat 0 still holds 6 at its start phase
    ((6, 0, 6, 6), True, [False, True]),
    ((4, 3, 5, 2), True, [True, False]),
])
def test_lp7_the_start_phase_checks_the_end(hands: tuple[int, ...], over: bool, oks: list[bool]) -> None:
    state = play(with_hands(replace(table(), phase=Phase.DRAW, turn=3), *hands), "draw")
    assert (state.phase is Phase.OVER) == over
    if over:
        assert [(r.code, r.rule, r.ok) for r in state.end_reasons] == [
            ("lp.end.every_hand_at_most_five", "LP-7", oks[0]), ("lp.end.a_hand_empty", "LP-7", oks[1])]
        assert expected_moves(state) == ()


def test_the_score_is_incomplete_while_points_are_unknown_and_names_the_cards() -> None:
    state = replace(table(), seats=tuple(replace(s, points=cards("ghost", "commoner")) for s in table().seats))
    breakdown = score_sheet(state)
    assert [s.total for s in breakdown.seats] == [None] * 4
    assert breakdown.seats[0].missing == (Card.COMMONER, Card.GHOST)
    (reason,) = breakdown.reasons
    assert (reason.code, reason.rule, reason.ok, dict(reason.params)) == (
        "lp.score.points_unknown", "LP-8", False, {"cards": ["commoner", "ghost"]})
    assert breakdown.leader is None and breakdown.winner is None


def test_scores_sum_points_with_minus_cards_and_show_the_working() -> None:
    state = table(profile=complete_profile())
    areas = [cards("priest", "commoner", "commoner", "vampire"), cards("yokai"), (), cards("exorcist")]
    state = replace(state, seats=tuple(replace(s, points=a) for s, a in zip(state.seats, areas, strict=True)))
    breakdown = score_sheet(state)
    assert [s.total for s in breakdown.seats] == [3 + 1 + 1 - 3, -2, 0, 3]
    assert [(t.card, t.count, t.points, t.subtotal) for t in breakdown.seats[0].tallies] == [
        (Card.COMMONER, 2, 1, 2), (Card.PRIEST, 1, 3, 3), (Card.VAMPIRE, 1, -3, -3)]
    assert (breakdown.leader, breakdown.winner, breakdown.final) == (3, None, False)  # the game is still on


def test_lp7_a_tie_goes_to_the_tied_player_nearest_the_first_player() -> None:
    state = table(profile=complete_profile(), first=2)
    areas = [cards("priest"), cards("commoner"), (), cards("exorcist")]  # seats 0 and 3 tie on 3
    state = replace(state, phase=Phase.OVER,
                    seats=tuple(replace(s, points=a) for s, a in zip(state.seats, areas, strict=True)))
    breakdown = score_sheet(state)
    assert breakdown.winner == 3  # clockwise from seat 2: seat 3 comes before seat 0
    assert [(r.code, r.rule, dict(r.params)) for r in breakdown.reasons] == [
        ("lp.score.highest", "LP-7", {"seat": 3, "points": 3, "tied": [0, 3]}),
        ("lp.score.tie_break", "LP-7", {"seat": 3, "tied": [0, 3], "first": 2, "points": 3})]


# -- impossible states and replays --------------------------------------------------------------------------------

def test_lp8_playing_a_copy_the_deck_does_not_hold_is_an_impossible_state() -> None:
    state = table()
    seat0 = replace(state.seats[0], played=cards("vampire"))
    state = state.with_seat(seat0)
    verdict = GAME.check(state, parse_move_text("play vampire"))  # check is total: it answers, never raises
    assert not verdict.legal and verdict.impossible
    (failure,) = verdict.failures
    assert (failure.code, failure.rule, dict(failure.params), failure.impossible) == (
        "lp.play.no_copy_left", "LP-8", {"card": "vampire", "seat": 0, "per_player": 1}, True)
    state = state.with_seat(replace(seat0, played=cards("commoner", "commoner", "commoner")))
    assert verdict_codes(state, "play commoner")[-1] == ("lp.play.copy_left", "LP-8", True)
    state = state.with_seat(replace(seat0, played=cards("commoner", "commoner", "commoner", "commoner")))
    with pytest.raises(IllegalMove) as refused:  # 4 played + the one set aside at setup = all 5
        GAME.apply(state, parse_move_text("play commoner"))
    assert refused.value.verdict.impossible and refused.value.code == "lp.play.no_copy_left"


def run_a_whole_game(players: int) -> tuple[TableState, list[dict[str, object]]]:
    """A simple table: remove the first top card while LP-6 applies; play the first card the seat can still
    hold; set it on the first empty area; get; draw. Returns the end state and the logged moves."""
    state = GAME.new_state(players, {}, complete_profile())
    log: list[dict[str, object]] = []

    def record(move_text: str) -> None:
        nonlocal state
        move = parse_move_text(move_text)
        assert GAME.check(state, move).legal, (move_text, GAME.check(state, move).failures)
        state = GAME.apply(state, move)
        log.append(GAME.move_to_json(move))

    record("first 1")
    for seat in range(players):
        record(f"opening r{seat}c{seat}")
    while state.phase is not Phase.OVER:
        while state.phase is Phase.REMOVE:
            record("take r0c0")
        assert state.turn is not None
        unseen = state.seats[state.turn].unseen()
        card = next(c for c in Card if unseen[c] > 0)
        empty = next(cell for cell in (Cell(r, c) for r in range(4) for c in range(4)) if not state.field.stack(cell))
        for text in (f"play {card}", f"set {empty}", "get", "draw"):
            record(text)
    return state, log


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_game_ends_after_thirteen_turns_each_and_every_card_is_accounted_for(players: int) -> None:
    state, log = run_a_whole_game(players)
    assert state.turn_number == 13 * players + 1  # 12 draws each, then one more turn with an empty deck
    assert [(s.hand, s.deck) for s in state.seats] == [(5, 0)] * players
    assert [r.ok for r in state.end_reasons] == [True, False]
    on_field = sum(1 for _ in state.field.cards())
    in_points = sum(len(s.points) for s in state.seats)
    assert on_field + in_points + len(state.exclusion) == players * (1 + 13)
    breakdown = score_sheet(state)
    assert breakdown.final and breakdown.complete
    assert [s.total for s in breakdown.seats] == [sum(TEST_POINTS[c.value] for c in s.points) for s in state.seats]
    assert breakdown.winner is not None
    assert GAME.score(state).winners == (breakdown.winner,)
    # the log replays from JSON to the same state (how the platform rebuilds a table)
    replayed = GAME.new_state(players, {}, complete_profile())
    for data in log:
        assert move_to_json(parse_move(data)) == data
        replayed = GAME.apply(replayed, GAME.parse_move(data))
    assert replayed == state


def test_apply_leaves_its_input_unchanged() -> None:
    state = table()
    before = str(state.field), state.seats, state.phase
    after = play(state, "play ghost", "set r0c0")
    assert (str(state.field), state.seats, state.phase) == before
    assert after.field.top(Cell(0, 0)) == FieldCard(Card.GHOST, 0, active=True)
