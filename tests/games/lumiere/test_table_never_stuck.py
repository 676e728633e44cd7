"""LP-6 reads the areas' top cards (the remove phase and the set phase agree, and a table is never
stuck), LP-9 ends mulligans when the first player is chosen; a table started before keeps its reading."""

from __future__ import annotations

from dataclasses import replace

from companion.games.lumiere import GAME, Card, Cell, Phase, PlayCard, SetCard, TakeTop, expected_moves
from companion.games.lumiere import parse_move_text as text_move
from companion.games.lumiere.moves import move_to_json, parse_move

from .support import EARLIER_READINGS, complete_profile, play, table, with_field


def failures(state, move: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(r.code, r.rule) for r in GAME.check(state, text_move(move)).failures]


def oks(state, move: str) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(r.code, r.rule) for r in GAME.check(state, text_move(move)).reasons if r.ok]


# The position a real table got stuck in: 4 players, a ghost (cards may be stacked on it) buried under a warrior, the
# field full.
GHOST_BURIED = "\n".join([
    "warrior@0/ghost@1 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
    "commoner@0 commoner@1 commoner@2 commoner@3",
])
GHOST_STACKABLE = frozenset({"ghost"})


def seat0_turn_starts(options: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    """Seat 3 has drawn; seat 0's turn starts on the stuck table's field."""
    state = table(4, complete_profile(stackable=GHOST_STACKABLE), options=options)
    return play(replace(with_field(state, GHOST_BURIED), phase=Phase.DRAW, turn=3), "draw")


def test_lp6_a_ghost_buried_under_a_warrior_does_not_stop_the_remove_phase() -> None:
    state = seat0_turn_starts()
    assert (state.turn, state.phase, expected_moves(state), state.remove_at_start) == (0, Phase.REMOVE, (TakeTop,), True)
    assert oks(state, "take r0c0")[1:] == [("lp.remove.field_full", "LP-6"), ("lp.remove.no_stackable_top", "LP-6"),
                                           ("lp.remove.top_card", "LP-6")]
    # taking the warrior uncovers the ghost: a top card that may be stacked upon ends the remove phase…
    state = play(state, "take r0c0")
    assert (state.seats[0].points, state.phase) == ((Card.WARRIOR,), Phase.EFFECT)
    # …and the set phase places on it, as LP-6 says the two agree
    state = play(state, "play priest")
    assert oks(state, "set r0c0")[-1] == ("lp.place.stackable_top", "LP-8")
    state = play(state, "set r0c0")
    assert state.field.stack(Cell(0, 0))[0].card is Card.PRIEST and state.phase is Phase.GET


def test_lp6_a_table_started_under_the_earlier_reading_keeps_it() -> None:
    """Its options lack the key: the buried ghost still counts, so its old log (play, then a set by the effect's
    word) replays as it was entered."""
    state = seat0_turn_starts(EARLIER_READINGS)
    assert (state.phase, expected_moves(state)) == (Phase.EFFECT, (PlayCard,))
    state = play(state, "play priest", "set r1c1 stack")
    assert state.phase is Phase.GET


def full_field_set_phase():  # type: ignore[no-untyped-def]
    """An effect refilled the field: every area holds a card and no top card may be stacked upon."""
    state = seat0_turn_starts()
    state = play(state, "take r0c0", "play priest")
    return with_field(state, GHOST_BURIED)  # the effect covered the ghost again


def test_lp6_no_legal_set_is_said_with_its_way_out() -> None:
    state = full_field_set_phase()
    assert ("lp.place.occupied", "§セットフェイズ") in failures(state, "set r1c1")
    assert failures(state, "set r1c1")[-1] == ("lp.set.no_legal_area", "LP-6")


def test_lp6_the_table_then_places_the_card_where_it_decides_recorded_in_the_log() -> None:
    state = full_field_set_phase()
    move = text_move("set r1c1 table")
    assert move == SetCard(Cell(1, 1), table=True) and str(move) == "set r1c1 table"
    assert parse_move(move_to_json(move)) == move and move_to_json(move)["table"] is True
    assert oks(state, "set r1c1 table")[1:] == [("lp.set.no_area_by_rules", "LP-6"), ("lp.set.table_decides", "LP-6")]
    assert move in GAME.legal_moves(state)
    after = GAME.apply(state, move)
    top = after.field.top(Cell(1, 1))
    assert (top.card if top else None, top.owner if top else None, after.phase) == (Card.PRIEST, 0, Phase.GET)
    assert str(text_move("set r1c1 table as 2")) == "set r1c1 table as 2"


def test_lp6_the_table_does_not_decide_while_the_rules_allow_a_set() -> None:
    state = seat0_turn_starts()
    state = play(state, "take r0c0", "play priest")  # the ghost is on top at r0c0
    assert failures(state, "set r1c1 table") == [("lp.set.table_not_needed", "LP-6")]
    assert GAME.check(state, text_move("set r1c1 table")).failures[0].params["cells"] == ["r0c0"]


def test_lp9_mulligans_end_when_the_first_player_is_chosen() -> None:
    state = GAME.new_state(4, {o.key: o.default for o in GAME.options}, complete_profile())
    state = play(state, "mulligan 1 yokai 5", "first 0")
    assert failures(state, "mulligan 2 priest 1") == [("lp.phase.move_not_expected", "§ターン進行"),
                                                      ("lp.mulligan.ended", "LP-9")]
    placed = play(state, "opening r3c0")  # while commoners are placed too
    assert ("lp.mulligan.ended", "LP-9") in failures(placed, "mulligan 2 priest 1")
    assert not any(str(m).startswith("mulligan") for m in GAME.legal_moves(state))


def test_lp9_a_table_started_under_the_earlier_reading_keeps_its_late_mulligans() -> None:
    state = GAME.new_state(4, EARLIER_READINGS, complete_profile())
    state = play(state, "first 0", "mulligan 2 priest 1", "opening r3c0", "mulligan 3 ghost 2")
    assert [s.mulligans for s in state.seats] == [0, 0, 1, 1]


def test_the_readings_are_options_kept_off_the_new_table_page_and_in_the_snapshot() -> None:
    specs = {o.key: (o.choices, o.rule, o.before, o.shown) for o in GAME.options}
    assert specs == {"remove_phase": (("top-cards", "every-card"), "LP-6", "every-card", False),
                     "mulligan": (("until-first-player", "until-play"), "LP-9", "until-play", False)}
    old = GAME.new_state(3, EARLIER_READINGS, complete_profile())
    assert GAME.parse_state(GAME.state_to_json(old), complete_profile()) == old
    assert GAME.state_to_json(old)["options"] == {"remove_phase": "every-card", "mulligan": "until-play"}
