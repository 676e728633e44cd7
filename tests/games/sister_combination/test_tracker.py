"""A whole tracked game: set-up, draw/keep, take the stack, reach flags, the end options, score, the contract."""

from __future__ import annotations

import pytest

from companion.games.base import IllegalMove
from companion.games.sister_combination import GAME
from companion.games.sister_combination.effects import take_stack_effect
from companion.games.sister_combination.moves import (
    Draw,
    Keep,
    Overflow,
    PassTurn,
    ReachMissed,
    Reshuffle,
    Setup,
    TakeStack,
)
from companion.games.sister_combination.rules import actor, apply, check, legal_moves
from companion.games.sister_combination.score import score
from companion.games.sister_combination.state import HAND_LIMIT_OPTION, new_state
from companion.registry import engines as registry

from .support import c, codes, play, table

NEW_TABLE = {o.key: o.default for o in GAME.options}  # a table's options as the new-table page stores them


def started(players: int = 4, **options: str):  # type: ignore[no-untyped-def]
    return apply(new_state(players, NEW_TABLE | options), Setup(1, (7,) * players, c("karen:3")))


def test_registered_with_the_contract_fields() -> None:
    assert registry()["sister-combination"] is GAME
    assert (GAME.slug, GAME.name_ja, GAME.name_en, GAME.ruling_prefix) == (
        "sister-combination", "シスター・コンビネーション", "Sister Combination", "SC")
    assert GAME.player_counts == tuple(range(3, 14)) and GAME.card_fields == ()
    assert [(o.key, o.choices, o.rule, o.shown) for o in GAME.options] == [
        ("end", ("first_out", "last_one"), "SC-7", True), ("hand_limit", ("none", "16a", "16b", "16chosen"), "SC-7", True),
        ("hands", ("seven", "as-entered"), "SC-8", False),  # kept for tables started before SC-8 said 7 each
        ("all_at_limit", ("to-deck", "stays"), "SC-7", False)]  # kept for tables started before the SC-7 ruling
    assert GAME.validate_profile({}) == () and GAME.validate_card({}, {}) == ()


def test_setup_deals_and_turns_the_first_field_card() -> None:
    state = started()
    assert state.hands == (7, 7, 7, 7) and state.deck == 144 - 28 - 1 and state.turn == 1
    assert state.colour is not None and state.colour.value == "earth" and state.total_cards == 144
    refused = check(new_state(4, {}), Setup(0, (7,) * 4, c("karen:pass")))
    assert codes(refused.failures) == ["sc.setup.field_number"] and refused.failures[0].rule == "SC-8"
    assert codes(check(new_state(4, {}), Setup(0, (7,) * 3, c("karen:3"))).failures) == ["sc.setup.hand_count"]
    assert codes(check(state, play("karen:4")).reasons)[0] == "sc.turn.players_turn"
    assert codes(check(new_state(4, {}), play("karen:4")).failures) == ["sc.game.not_started"]


def test_draw_then_play_the_drawn_card_or_keep_it() -> None:
    state = apply(started(), Draw())
    assert state.drawn and state.hands[1] == 8 and state.turn == 1
    assert codes(check(state, Draw()).failures) == ["sc.draw.already_drawn"]
    played = apply(state, play("karen:7"))
    assert played.hands[1] == 7 and played.turn == 2 and not played.drawn
    assert "sc.draw.plays_drawn_card" in codes(check(state, play("karen:7")).reasons)
    kept = apply(state, Keep())
    assert kept.hands[1] == 8 and kept.turn == 2 and not kept.drawn
    assert codes(check(started(), Keep()).failures) == ["sc.draw.keep"]


def test_obstruction_mode_take_the_stack_not_draw() -> None:
    state = apply(started(), play("karen:stack2"))
    assert state.stack == 2 and state.turn == 2
    assert codes(check(state, Draw()).failures) == ["sc.draw.obstruction"]
    assert codes(check(state, play("karen:7")).failures) == ["sc.obstruction.number_card"]
    taken = apply(state, TakeStack())
    assert taken.hands[2] == 9 and taken.stack == 0 and taken.turn == 3
    assert codes(check(started(), TakeStack()).failures) == ["sc.stack.empty"]


def test_forgotten_reach_pointed_out() -> None:
    state = table(hands=(2, 7, 7, 7, 7))
    after = apply(state, play("karen:5"))
    assert after.forgot == {0} and after.reached == frozenset()
    assert actor(after, ReachMissed(0)) == 0
    assert codes(check(after, ReachMissed(1)).failures) == ["sc.reach.nothing_missed"]
    noticed = apply(after, ReachMissed(0))
    assert noticed.hands[0] == 3 and noticed.forgot == frozenset() and noticed.turn == 1
    declared = apply(state, play("karen:5", reach=True))
    assert declared.reached == {0}


def test_hand_limit_player_at_sixteen_passes_instead_of_drawing() -> None:
    state = table(hands=(16, 7, 7, 7, 7), limit="16a")
    assert codes(check(state, Draw()).failures) == ["sc.limit.cannot_draw"]
    assert check(state, PassTurn()).legal and apply(state, PassTurn()).turn == 1
    assert codes(check(table(), PassTurn()).failures) == ["sc.pass.must_draw"]


def test_reshuffle_move_when_the_deck_is_empty() -> None:
    state = table(hands=(40, 40, 40, 21), discard=("karen:3", "karen:4", "karen:5"), deck=0)
    assert check(state, Reshuffle()).legal and actor(state, Reshuffle()) is None
    after = apply(state, Reshuffle())
    assert after.deck == 2 and after.discard == (c("karen:3"),) and after.total_cards == 144
    assert codes(check(table(), Reshuffle()).failures) == ["sc.deck.not_empty"]


def test_play_with_a_reshuffle_mid_deal_keeps_only_the_new_top() -> None:
    state = table(hands=(28, 28, 28, 27, 27), discard=("karen:3", "karen:4", "karen:5", "karen:6", "karen:7"),
                  deck=1)
    after = apply(state, play("hinako:sp", colour="red"))
    assert after.discard == (c("hinako:sp"),) and after.deck == 4 and after.total_cards == 144


def test_first_out_ends_and_ranks_the_rest_by_cards_left() -> None:
    state = table(hands=(5, 3, 1, 3, 8), turn=2, reached=frozenset({2}))
    after = apply(state, play("karen:6"))
    assert after.finished and after.out == (2,)
    result = score(after)
    assert result.finished and result.winners == (2,)
    assert result.placings == ((2,), (1, 3), (0,), (4,))
    assert [t.code for t in result.seat(2).terms] == ["sc.score.cards_left", "sc.score.went_out"]
    assert codes(result.reasons) == ["sc.end.first_out", "sc.end.tied_by_cards"]
    assert codes(check(after, Draw()).failures) == ["sc.game.over"]
    assert legal_moves(after) == ()


def test_last_one_goes_on_until_one_player_is_left() -> None:
    state = table(hands=(4, 1, 6), turn=1, end="last_one", reached=frozenset({1}))
    after = apply(state, play("karen:6"))
    assert not after.finished and after.out == (1,) and after.turn == 2
    after = after.evolve(hands=(1, 0, 6), reached=frozenset({0}), turn=0)
    final = apply(after, play("karen:8"))
    assert final.finished and final.out == (1, 0)
    assert score(final).placings == ((1,), (0,), (2,))


def test_illegal_apply_raises_with_the_verdict() -> None:
    with pytest.raises(IllegalMove) as raised:
        apply(table(), play("marie:5"))
    assert raised.value.code == "sc.match.none"


def test_legal_moves_are_legal() -> None:
    state = table(hands=(2, 7, 7, 7, 7))
    moves = legal_moves(state)
    assert Draw() in moves and TakeStack() not in moves
    for move in moves:
        assert check(state, move).legal, move
    assert len(legal_moves(new_state(3, {}))) == 3 * 96


def test_actor() -> None:
    state = table(turn=3)
    assert actor(state, play("karen:5")) == 3 and actor(state, Draw()) == 3
    assert actor(new_state(3, {}), Setup(0, (7, 7, 7), c("karen:3"))) is None


def test_state_json_round_trip() -> None:
    state = apply(started(hand_limit="16b", end="last_one"), play("karen:stack2"))
    data = GAME.state_to_json(state)
    assert data["options"] == {"end": "last_one", "hand_limit": "16b", "hands": "seven", "all_at_limit": "to-deck"} and data["discard"][0] == "karen:stack2"
    assert GAME.parse_state(data, {}) == state


def test_parse_state_refuses_with_paths() -> None:
    from companion.games.base import ParseError

    data = GAME.state_to_json(started())
    for key, value, path in (("colour", "pink", "colour"), ("hands", [7, 7], "hands"), ("direction", 2, "direction"),
                             ("discard", ["karen:9"], "discard[0]"), ("turn", 7, "turn")):
        with pytest.raises(ParseError) as raised:
            GAME.parse_state({**data, key: value}, {})
        assert raised.value.path == path


def test_reach_declared_with_cards_to_spare_is_harmless() -> None:
    verdict = check(table(), play("karen:5", reach=True))
    assert verdict.legal and codes(verdict.reasons)[-1] == "sc.reach.not_needed"


# -- SC-8: every hand is dealt 7 -------------------------------------------------------------------

def test_sc8_a_setup_with_hands_of_three_is_refused_naming_the_ruling() -> None:
    verdict = check(new_state(3, NEW_TABLE), Setup(0, (3, 3, 3), c("karen:3")))
    assert not verdict.legal
    (failure,) = verdict.failures
    assert (failure.code, failure.rule, failure.params["hands"], failure.params["dealt"], failure.path) == (
        "sc.setup.seven_each", "SC-8", [3, 3, 3], 7, "hands")
    assert check(new_state(3, NEW_TABLE), Setup(0, (7, 7, 7), c("karen:3"))).legal
    assert ("sc.setup.seven_each", "SC-8", True) in [(r.code, r.rule, r.ok) for r in
                                                     check(new_state(3, NEW_TABLE), Setup(0, (7, 7, 7), c("karen:3"))).reasons]


def test_sc8_a_table_started_before_keeps_its_set_up() -> None:
    """Its stored options lack "hands": the set-up it was entered with still replays."""
    assert check(new_state(3, {}), Setup(0, (3, 3, 3), c("karen:3"))).legal
    assert not check(new_state(3, {}), Setup(0, (0, 3, 3), c("karen:3"))).legal


# -- SC-7 ruling: under (a), every hand at the limit with the stack left and nobody can play ---------------------

def test_sc7_rule_a_every_hand_at_the_limit_and_nobody_plays_the_stack_goes_back_into_the_deck() -> None:
    """Reached by play: without the ruling this table loops for ever, each player taking nothing from a stack
    that stays."""
    state = started(5, hand_limit="16a")  # Ben plays first
    for _ in range(9 * 5):  # every player draws a card and keeps it, nine times round: every hand at 16
        state = apply(apply(state, Draw()), Keep())
    assert state.hands == (16,) * 5 and state.turn == 1
    assert codes(check(state, Draw()).failures) == ["sc.limit.cannot_draw"]
    state = apply(state, play("karen:stack2"))  # Ben: 15 cards, the stack holds 2
    for seat in (2, 3, 4, 0):  # nobody plays: each takes nothing, being at the limit
        assert state.turn == seat
        state = apply(state, TakeStack())
        assert state.stack == 2 and state.stuck == 0  # Ben is below the limit: not everyone is at it
    state = apply(state, TakeStack())  # Ben takes 1 and is at the limit too; 1 card stays on the stack
    assert state.hands == (16,) * 5 and state.stack == 1 and state.stuck == 1
    for seat, stuck in ((2, 2), (3, 3), (4, 4)):
        assert state.turn == seat
        state = apply(state, TakeStack())
        assert state.stack == 1 and state.obstruction and state.stuck == stuck
    assert state.turn == 0
    effect = take_stack_effect(state)  # Aki, the fifth in a row: nobody could play
    assert [(r.code, r.rule, dict(r.params)) for r in effect.reasons[1:]] == [
        ("sc.limit.stack_to_deck", "SC-7", {"returned": 1, "players": 5})]
    deck = state.deck
    state = apply(state, TakeStack())
    assert state.stack == 0 and not state.obstruction and state.deck == deck + 1 and state.stuck == 0
    assert state.turn == 1 and state.total_cards == 144
    assert check(state, PassTurn()).legal  # normal mode again: a player at the limit passes


def test_sc7_rule_a_a_play_in_between_starts_the_count_again() -> None:
    state = table(hands=(16, 16, 16, 16, 16), stack=2, limit="16a")
    state = apply(apply(state, TakeStack()), TakeStack())
    assert state.stuck == 2 and state.turn == 2
    state = apply(state, play("karen:mirror"))  # Chie could play after all
    assert state.stuck == 0 and state.hands[2] == 15
    assert codes(take_stack_effect(state).reasons) == ["sc.stack.taken", "sc.limit.rule_a"]  # Chie is below it


def test_sc7_rule_a_the_count_is_said_while_every_hand_is_at_the_limit() -> None:
    effect = take_stack_effect(table(hands=(16, 16, 16, 16, 16), stack=2, limit="16a"))
    assert codes(effect.reasons) == ["sc.stack.taken", "sc.limit.rule_a", "sc.limit.all_at_limit"]
    assert dict(effect.reasons[-1].params) == {"declined": 1, "players": 5, "left": 2}
    assert effect.stack == 2 and effect.stuck == 1


def test_sc7_a_table_started_before_the_ruling_keeps_its_stack() -> None:
    """Its stored options lack the key: its log, entered when the stack stayed, still replays."""
    state = apply(new_state(3, {"hand_limit": "16a"}), Setup(0, (7, 7, 7), c("karen:3")))
    assert state.options.all_at_limit == "stays"
    state = state.evolve(hands=(16, 16, 16), stack=2, deck=144 - 48 - 2 - 1)
    for _ in range(6):
        state = apply(state, TakeStack())
    assert state.stack == 2 and state.stuck == 0
    assert started(3, hand_limit="16a").options.all_at_limit == "to-deck"  # a new table


# -- SC-7's third setting: (a) or (b) chosen by the overflowing player when it happens -----------------------------

def test_sc7_chosen_on_the_spot_the_table_asks_the_player_who_could_not_take_it_all() -> None:
    state = table(hands=(10, 7, 7, 7, 7), stack=10, limit="16chosen")
    effect = take_stack_effect(state)
    assert codes(effect.reasons) == ["sc.stack.taken", "sc.limit.choose"]
    assert (effect.reasons[-1].rule, dict(effect.reasons[-1].params)) == ("SC-7", {"seat": 0, "left": 4})
    asked = apply(state, TakeStack())
    assert asked.choosing and asked.turn == 0 and asked.hands[0] == 16 and asked.stack == 4
    assert legal_moves(asked) == (Overflow("a"), Overflow("b")) and actor(asked, Overflow("a")) == 0
    for move in (Draw(), TakeStack(), PassTurn(), play("karen:mirror"), Reshuffle()):
        failures = check(asked, move).failures
        assert [(r.code, r.rule) for r in failures] == [("sc.limit.choose_first", "SC-7")], move
    assert [(r.code, r.ok) for r in check(asked, Overflow("b")).reasons] == [("sc.limit.chosen", True)]

    kept = apply(asked, Overflow("a"))  # as under a table's fixed (a)
    fixed_a = apply(table(hands=(10, 7, 7, 7, 7), stack=10, limit="16a"), TakeStack())
    assert kept == fixed_a.evolve(options=kept.options) and not kept.choosing and kept.turn == 1
    dealt = apply(asked, Overflow("b"))  # as under a table's fixed (b)
    fixed_b = apply(table(hands=(10, 7, 7, 7, 7), stack=10, limit="16b"), TakeStack())
    assert dealt == fixed_b.evolve(options=dealt.options) and dealt.hands == (16, 8, 8, 8, 8) and dealt.stack == 0


def test_sc7_chosen_on_the_spot_nothing_is_asked_when_nothing_is_left() -> None:
    state = apply(table(hands=(10, 7, 7, 7, 7), stack=6, limit="16chosen"), TakeStack())
    assert state.hands[0] == 16 and state.stack == 0 and not state.choosing and state.turn == 1
    assert codes(check(state, Overflow("a")).failures) == ["sc.limit.not_asked"]
    assert codes(check(table(limit="16a", stack=3), Overflow("b")).failures) == ["sc.limit.not_asked"]


def test_sc7_chosen_on_the_spot_rule_a_every_hand_at_the_limit_still_ends() -> None:
    state = table(hands=(16, 16, 16), stack=2, limit="16chosen")
    for _ in range(3):
        state = apply(apply(state, TakeStack()), Overflow("a"))
    assert state.stack == 0 and not state.obstruction and state.stuck == 0 and not state.choosing


def test_sc7_chosen_on_the_spot_is_the_hand_limits_third_setting_and_old_tables_keep_theirs() -> None:
    assert HAND_LIMIT_OPTION.choices == ("none", "16a", "16b", "16chosen")
    for recorded in ("none", "16a", "16b"):  # a table started before keeps its setting as recorded
        assert new_state(3, {"hand_limit": recorded}).options.hand_limit == recorded
    assert new_state(3, {}).options.hand_limit == "none"
    state = apply(started(3, hand_limit="16chosen"), play("karen:stack2"))
    data = GAME.state_to_json(apply(state.evolve(hands=(7, 6, 16), deck=state.deck - 9), TakeStack()))
    assert data["choosing"] is True and data["options"]["hand_limit"] == "16chosen"
    assert GAME.parse_state(data, {}).choosing
