"""The round tracker (PS-7 flow, §4): card counts per phase for 2, 3 and 4 players, one place per card,
refusals with their reasons, move JSON and notation round-trips, replay determinism, houses from the log."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.base import ErrorList, IllegalMove, ParseError, Verdict
from companion.games.planetary_sisters import (
    GAME,
    Card,
    CardRef,
    NameParent,
    Phase,
    Reveal,
    Setup,
    TableState,
    Turn,
    flow_facts,
    parse_move_text,
    score_player,
)

from .support import ELEMENTS, SYNTHETIC_DECK, complete_profile, default_profile, play_game, synthetic_card


def codes(verdict: Verdict) -> list[str]:
    return [r.code for r in verdict.failures]


def round_starts(states: list[TableState]) -> dict[int, TableState]:
    """The state at the start of each round's first turn (after the draws)."""
    return {s.round: s for s in states if s.phase is Phase.TURNS and not s.turns}


# -- counts per phase, as the rule text gives them (literal numbers) -------------------------------------------


def test_four_players_counts_each_round() -> None:
    play = play_game(4, seed=7)
    first = play.parents[0]
    starts = round_starts(play.states)
    assert sorted(starts) == list(range(1, 9))
    # §4.2: round 1 everyone holds 1, the last in turn order (the parent's right) 2; from round 2 on, r cards
    last = (first - 1) % 4
    assert [s.hand_size for s in starts[1].seats] == [2 if i == last else 1 for i in range(4)]
    assert [s.deck_size for s in starts[1].seats] == [6 if i == last else 7 for i in range(4)]
    for number, hand in zip(range(2, 9), [2, 3, 4, 5, 6, 7, 8], strict=True):
        assert [s.hand_size for s in starts[number].seats] == [hand] * 4
        assert [s.deck_size for s in starts[number].seats] == [8 - hand] * 4
        assert len(starts[number].field) == 4
    final = play.final
    assert [len(s.house) for s in final.seats] == [8, 8, 8, 8]
    assert len(final.field) == 4 and len(final.rounds) == 8


def test_three_players_counts_each_round() -> None:
    play = play_game(3, seed=11)
    first = play.parents[0]
    starts = round_starts(play.states)
    last = (first - 1) % 3
    assert [s.hand_size for s in starts[1].seats] == [2 if i == last else 1 for i in range(3)]
    assert [s.hand_size for s in starts[2].seats] == [2, 2, 2]
    assert [s.hand_size for s in starts[8].seats] == [8, 8, 8]
    assert [s.deck_size for s in starts[8].seats] == [0, 0, 0]
    assert all(len(s.field) == 3 for s in starts.values())
    # §4.1 step 4: 36 − 3 × 8 − 3 = 9 cards set aside, never seen
    seen = {c.rank for c in play.final.field} | {c.rank for s in play.final.seats for c in s.house}
    assert len(seen) == 27


def test_two_players_counts_each_round() -> None:
    play = play_game(2, seed=5)
    first = play.parents[0]
    starts = round_starts(play.states)
    child = 1 - first
    # §4.4.1: 手札2/山札8 (the child 3/7) -> 4/6 -> 6/4 -> 8/2; §4.4.2: 手札10/家札0 -> 8/2 -> 6/4 -> 4/6
    assert starts[1].seats[first].hand_size == 2 and starts[1].seats[child].hand_size == 3
    assert starts[1].seats[first].deck_size == 8 and starts[1].seats[child].deck_size == 7
    table = {2: (4, 6, 0), 3: (6, 4, 0), 4: (8, 2, 0), 5: (10, 0, 0), 6: (8, 0, 2), 7: (6, 0, 4), 8: (4, 0, 6)}
    for number, (hand, deck, house) in table.items():
        assert [(s.hand_size, s.deck_size, len(s.house)) for s in starts[number].seats] == [(hand, deck, house)] * 2
        assert len(starts[number].field) == 4
        assert len(starts[number].turn_order) == 4
    final = play.final
    assert [(len(s.house), len(s.guards), s.hand_size) for s in final.seats] == [(8, 2, 0), (8, 2, 0)]


def test_two_players_turn_order_is_parent_child_parent_child() -> None:
    play = play_game(2, seed=2)
    for state in round_starts(play.states).values():
        p = state.parent
        assert state.turn_order == (p, 1 - p, p, 1 - p)


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 10_000),
    by=st.sampled_from(["rank", "both", "elements", "mixed"]),
)
def test_flow_facts_hold_at_every_step_and_houses_come_from_the_log(players: int, seed: int, by: str) -> None:
    play = play_game(players, seed, by=by)
    for state in play.states[1:]:
        failed = [r for r in flow_facts(state) if not r.ok]
        assert failed == []
    final = play.final
    assert final.phase is Phase.FINISHED
    table = GAME.table_score(final)
    assert table.final
    for seat in range(players):
        real_house = [synthetic_card(r) for r in (play.houses[seat] if players == 2 else play.hands[seat])]
        guards = [synthetic_card(r) for r in play.hands[seat]] if players == 2 else []
        got = table.seats[seat]
        assert sorted(c.elements for c in got.house) == sorted(c.elements for c in real_house)
        assert sorted(c.elements for c in got.guards) == sorted(c.elements for c in guards)
        assert got.score == score_player(real_house, final.field, ELEMENTS, guards)
    assert table.ranking.standings[0].total == max(s.score.total for s in table.seats)


def test_flow_facts_at_a_round_start_name_the_rule_text_numbers() -> None:
    play = play_game(4, seed=3)
    start = round_starts(play.states)[3]
    facts = {r.code: r for r in flow_facts(start)}
    assert set(facts) == {"ps.flow.cards_in_play", "ps.flow.cards_distinct", "ps.flow.round", "ps.flow.round_start",
                          "ps.flow.field_size"}
    assert facts["ps.flow.round_start"].params["expected_hands"] == [3, 3, 3, 3]
    assert facts["ps.flow.cards_in_play"].params["expected"] == 36
    assert all(r.rule == "PS-7" for r in facts.values())
    broken = replace(start, seats=(replace(start.seats[0], hand_size=4), *start.seats[1:]))
    failed = {r.code for r in flow_facts(broken) if not r.ok}
    assert failed == {"ps.flow.cards_in_play", "ps.flow.round_start"}
    twice = replace(start, field=(start.field[0], *start.field[:3]))
    distinct = [r for r in flow_facts(twice) if r.code == "ps.flow.cards_distinct"][0]
    assert (distinct.ok, distinct.params["ranks"]) == (False, [start.field[0].rank])


# -- refusals ------------------------------------------------------------------------------------------------------


def new_table(players: int = 4) -> TableState:
    return GAME.new_state(players, {}, complete_profile())


def test_setup_checks() -> None:
    state = new_table(4)
    good = Setup(0, (CardRef(1), CardRef(2), CardRef(3), CardRef(4)))
    verdict = GAME.check(state, good)
    assert verdict.legal
    assert [r.code for r in verdict.reasons][:3] == ["ps.flow.phase", "ps.setup.parent_seat", "ps.setup.field_count"]
    assert codes(GAME.check(state, Setup(4, good.field))) == ["ps.setup.parent_seat"]
    short = GAME.check(state, Setup(0, good.field[:3]))
    assert codes(short) == ["ps.setup.field_count"]
    assert dict(short.failures[0].params) == {"count": 3, "expected": 4, "players": 4}
    twice = GAME.check(state, Setup(0, (CardRef(1), CardRef(2), CardRef(1), CardRef(4))))
    assert codes(twice) == ["ps.flow.one_place"]
    assert twice.failures[0].path == "field[2]"
    unknown = GAME.check(state, Setup(0, (CardRef(1), CardRef(2), CardRef(3), CardRef(None, (("FOO", 1),)))))
    assert [(r.code, r.path) for r in unknown.failures] == [("ps.card.unknown_element", "field[3].elements.FOO")]
    crown_and_food = CardRef(None, (("FOOD", 1), ("PAGE", 1)))
    bad_card = GAME.check(state, Setup(0, (CardRef(1), CardRef(2), CardRef(3), crown_and_food)))
    assert "ps.card.crown_alone" in codes(bad_card)
    started = GAME.apply(state, good)
    assert codes(GAME.check(started, good)) == ["ps.flow.phase"]
    assert GAME.check(started, good).failures[0].params["phase"] == "turns"


def test_two_players_open_four_and_three_players_three() -> None:
    assert GAME.check(new_table(2), Setup(0, tuple(CardRef(r) for r in (1, 2, 3, 4)))).legal
    assert codes(GAME.check(new_table(3), Setup(0, tuple(CardRef(r) for r in (1, 2, 3, 4))))) == [
        "ps.setup.field_count"]


def test_unknown_rank_in_the_default_profile() -> None:
    state = GAME.new_state(3, {}, default_profile())
    verdict = GAME.check(state, Setup(0, (CardRef(1), CardRef(2), CardRef(3))))
    assert codes(verdict) == ["ps.card.unknown_rank"] * 3
    assert verdict.failures[0].params["rank"] == 1 and verdict.failures[0].rule == "PS-2"
    # the same table works when cards are entered with their elements
    entered = Setup(0, (CardRef(1, (("FOOD", 1),)), CardRef(2, (("POLE", 1),)), CardRef(None, (("KING", 1),))))
    assert GAME.check(state, entered).legal


def test_cards_typed_with_their_elements_are_offered_to_the_profile() -> None:
    state = GAME.new_state(3, {}, default_profile())
    field = (CardRef(1, (("FOOD", 1),)), CardRef(2, (("POLE", 1),)), CardRef(None, (("KING", 1),)))
    state = GAME.apply(state, Setup(0, field))
    # a rank entered once with its elements is known to the table afterwards: "1" alone now resolves
    state = GAME.apply(state, Turn(0, CardRef(7, (("PLANT", 2),)), CardRef(1)))
    assert [str(c) for c in state.learned_cards()] == ["1:FOOD", "2:POLE", "7:PLANT*2"]
    assert state.turns[0].taken == Card.parse("1:FOOD")


def started_table(players: int = 3) -> TableState:
    state = new_table(players)
    return GAME.apply(state, Setup(0, tuple(CardRef(r) for r in (10, 20, 30, 40)[: 4 if players != 3 else 3])))


def test_turn_order_is_enforced() -> None:
    state = started_table(3)
    verdict = GAME.check(state, Turn(1, CardRef(5), CardRef(10)))
    assert codes(verdict) == ["ps.turn.order"]
    assert dict(verdict.failures[0].params) == {"seat": 1, "expected": 0, "round": 1, "turn": 1}


def test_taken_card_must_be_on_the_field() -> None:
    verdict = GAME.check(started_table(3), Turn(0, CardRef(5), CardRef(11)))
    assert codes(verdict) == ["ps.turn.taken_from_field"]
    assert verdict.failures[0].params["field"] == [str(synthetic_card(r)) for r in (10, 20, 30)]


def test_played_card_cannot_be_elsewhere() -> None:
    verdict = GAME.check(started_table(3), Turn(0, CardRef(20), CardRef(10)))
    assert codes(verdict) == ["ps.flow.one_place"]
    assert verdict.failures[0].params["place"] == "field"


def test_played_card_must_be_in_hand() -> None:
    state = started_table(3)
    no_unseen = replace(state, seats=(replace(state.seats[0], hand_size=0), *state.seats[1:]))
    verdict = GAME.check(no_unseen, Turn(0, CardRef(5), CardRef(10)))
    assert codes(verdict) == ["ps.turn.played_from_hand"]
    assert verdict.failures[0].params["unseen"] == 0


def test_a_card_taken_is_known_in_hand_and_cannot_be_played_by_another() -> None:
    state = started_table(3)
    state = GAME.apply(state, Turn(0, CardRef(5), CardRef(10)))
    verdict = GAME.check(state, Turn(1, CardRef(10), CardRef(20)))
    assert codes(verdict) == ["ps.flow.one_place"]
    assert (verdict.failures[0].params["place"], verdict.failures[0].params["seat"]) == ("taken", 0)


def test_rank_and_elements_must_agree() -> None:
    state = started_table(3)
    verdict = GAME.check(state, Turn(0, CardRef(5, (("FOOD", 3),)), CardRef(10)))
    assert codes(verdict) == ["ps.card.rank_mismatch"]
    verdict = GAME.check(state, Turn(0, CardRef(5), CardRef(10, (("PLANT", 1),))))
    assert codes(verdict) == ["ps.card.rank_mismatch"]


def test_apply_refuses_what_check_refuses() -> None:
    state = started_table(3)
    with pytest.raises(IllegalMove) as raised:
        GAME.apply(state, Turn(2, CardRef(5), CardRef(10)))
    assert raised.value.code == "ps.turn.order"
    assert not raised.value.verdict.legal


def test_name_parent_only_when_asked() -> None:
    assert codes(GAME.check(started_table(3), NameParent(1))) == ["ps.flow.phase"]


def test_reveal_checks() -> None:
    play = play_game(3, seed=9)
    before_reveal = next(s for s in play.states if s.phase is Phase.REVEAL)
    reveal = next(m for m in play.moves if isinstance(m, Reveal))
    assert codes(GAME.check(play.states[1], reveal)) == ["ps.flow.phase"]
    seat = before_reveal.seats[reveal.seat]
    assert len(reveal.cards) == seat.unseen
    short = GAME.check(before_reveal, Reveal(reveal.seat, reveal.cards[:-1]))
    assert codes(short) == ["ps.reveal.count"]
    assert dict(short.failures[0].params) == {"seat": reveal.seat, "count": seat.unseen - 1, "expected": seat.unseen}
    on_field = before_reveal.field[0]
    wrong = GAME.check(before_reveal, Reveal(reveal.seat, (*reveal.cards[:-1], CardRef(on_field.rank))))
    assert codes(wrong) == ["ps.flow.one_place"]
    after = GAME.apply(before_reveal, reveal)
    assert "ps.reveal.once" in codes(GAME.check(after, reveal))
    assert codes(GAME.check(play.final, reveal)) == ["ps.flow.phase"]


def test_new_state_refuses_bad_player_counts_and_broken_profiles() -> None:
    with pytest.raises(ParseError) as raised:
        GAME.new_state(5, {}, complete_profile())
    assert (raised.value.code, raised.value.rule) == ("ps.setup.players", "PS-7")
    broken = complete_profile()
    broken["meta"]["element_classes"]["FOOD"] = "square"
    with pytest.raises(ErrorList) as listed:
        GAME.new_state(4, {}, broken)
    assert listed.value.errors[0].code == "ps.profile.element_class_invalid"


# -- moves: JSON and notation round-trips; replay ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "by"), [(2, "rank"), (3, "elements"), (4, "both")])
def test_every_move_round_trips(players: int, by: str) -> None:
    play = play_game(players, seed=4, by=by)
    for move in play.moves:
        assert GAME.parse_move(GAME.move_to_json(move)) == move
        assert parse_move_text(str(move)) == move


def test_move_notation_examples() -> None:
    assert str(Setup(0, (CardRef(3), CardRef(None, (("FOOD", 2), ("PLANT", 1)))))) == "setup 0 3 FOOD*2+PLANT"
    assert str(Turn(1, CardRef(30), CardRef(12))) == "turn 1 30 12"
    assert str(NameParent(2)) == "parent 2"
    assert str(Reveal(0, ())) == "reveal 0"
    assert GAME.move_to_json(Turn(1, CardRef(30), CardRef(None, (("FOOD", 2),)))) == {
        "type": "turn", "seat": 1, "played": {"rank": 30}, "taken": {"elements": {"FOOD": 2}}}


def test_malformed_moves_are_parse_errors_with_paths() -> None:
    with pytest.raises(ErrorList) as raised:
        GAME.parse_move({"type": "turn", "seat": -1, "played": {}, "taken": {"rank": 99}})
    assert [(e.code, e.path) for e in raised.value.errors] == [
        ("ps.move.seat", "seat"), ("ps.card.missing", "played"), ("ps.card.rank_range", "taken.rank")]
    with pytest.raises(ErrorList) as raised:
        GAME.parse_move({"type": "jump"})
    assert raised.value.errors[0].code == "ps.move.type"
    with pytest.raises(ParseError):
        parse_move_text("turn 1 30")


def test_replay_is_deterministic_and_apply_never_mutates() -> None:
    play = play_game(4, seed=8, by="both")
    replayed = [GAME.new_state(4, {}, complete_profile())]
    for move in play.moves:
        replayed.append(GAME.apply(replayed[-1], move))
    assert replayed == play.states  # the same log gives the same states
    # applying again to every earlier state leaves that state as it was (states are values)
    for index, move in enumerate(play.moves):
        GAME.apply(play.states[index], move)
        assert play.states[index] == replayed[index]
    with pytest.raises(AttributeError):
        play.final.round = 3  # type: ignore[misc]


def test_registered_game() -> None:
    from companion.registry import engines as registry

    game = registry()["planetary-sisters"]
    assert game is GAME
    assert (game.ruling_prefix, game.player_counts, game.options) == ("PS", (2, 3, 4), ())


def test_synthetic_deck_matches_support_data() -> None:
    assert synthetic_card(30).counts == SYNTHETIC_DECK[30]


# -- PS-7: a card entered by its elements alone is bound to no particular card while several fit ------------


def holding_17(players: int = 3) -> TableState:
    """Seat 0 was seen to take card 17 (FOOD×2, like 16 and 18) and holds 2 unseen cards besides."""
    state = started_table(players)
    seat = replace(state.seats[0], known_hand=(synthetic_card(17),), hand_size=3)
    return replace(state, seats=(seat, *state.seats[1:]))


def test_an_elements_only_play_is_not_bound_to_the_seen_card_it_matches() -> None:
    state = holding_17()
    food2 = CardRef(None, (("FOOD", 2),))
    verdict = GAME.check(state, Turn(0, food2, CardRef(10)))
    assert verdict.legal
    unbound = next(r for r in verdict.reasons if r.code == "ps.turn.played_unbound")
    assert (unbound.rule, unbound.params["candidates"], unbound.params["unseen"]) == ("PS-7", ["17:FOOD*2"], 2)
    after = GAME.apply(state, Turn(0, food2, CardRef(10)))
    assert after.seats[0].known_hand == () and after.seats[0].maybe_hand == (synthetic_card(17),)
    assert after.seats[0].unseen == 2
    # Before the change the play was bound to 17, and seat 0 could no longer play 17 (it "was played").
    later = replace(after, turns=(), seats=(after.seats[0], *after.seats[1:]))
    verdict = GAME.check(later, Turn(0, CardRef(17), CardRef(20)))
    assert verdict.legal, [r for r in verdict.reasons if not r.ok]
    played = GAME.apply(later, Turn(0, CardRef(17), CardRef(20)))
    assert played.seats[0].maybe_hand == () and played.seats[0].unseen == 1


def test_the_unbound_play_may_turn_up_by_rank_where_it_went() -> None:
    # Seat 0's FOOD×2 play may have been 17; seat 1 taking the played card by rank 17 settles it (PS-7).
    after = GAME.apply(holding_17(), Turn(0, CardRef(None, (("FOOD", 2),)), CardRef(10)))
    field = (*after.field, after.turns[-1].played)
    shown = GAME.apply(replace(after, field=field), Turn(1, CardRef(5), CardRef(17)))
    assert shown.seats[0].maybe_hand == ()
    assert shown.turns[-1].taken == synthetic_card(17)


def test_with_no_unseen_card_the_entries_force_the_binding() -> None:
    state = holding_17()
    seat = replace(state.seats[0], hand_size=1)  # 17 is the only card seat 0 holds
    forced = replace(state, seats=(seat, *state.seats[1:]))
    verdict = GAME.check(forced, Turn(0, CardRef(None, (("FOOD", 2),)), CardRef(10)))
    assert verdict.legal and "ps.turn.played_unbound" not in [r.code for r in verdict.reasons]
    after = GAME.apply(forced, Turn(0, CardRef(None, (("FOOD", 2),)), CardRef(10)))
    assert after.turns[-1].played == synthetic_card(17) and after.seats[0].maybe_hand == ()


def test_the_cards_a_player_may_hold_survive_the_snapshot() -> None:
    state = GAME.apply(holding_17(), Turn(0, CardRef(None, (("FOOD", 2),)), CardRef(10)))
    assert GAME.parse_state(GAME.state_to_json(state), complete_profile()) == state


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 100_000))
def test_fuzz_entries_by_elements_alone_among_entries_by_rank(players: int, seed: int) -> None:
    """PS-7: every consistent entry is accepted, whichever cards were entered by their elements alone (the
    tracker once bound such an entry to a seen card and then refused that card's own later entry)."""
    play = play_game(players, seed, by="mixed")
    assert play.final.phase is Phase.FINISHED
    for state in play.states[1:]:
        assert [r for r in flow_facts(state) if not r.ok] == []


def test_an_elements_only_take_among_field_cards_known_differently_keeps_no_rank() -> None:
    # Field: 17 (known) and a FOOD×2 card whose rank nobody entered; seat 0 takes "FOOD×2" (PS-7).
    state = started_table(3)
    unranked = Card(synthetic_card(17).elements, None)
    state = replace(state, field=(synthetic_card(17), unranked, synthetic_card(30)))
    verdict = GAME.check(state, Turn(0, CardRef(5), CardRef(None, (("FOOD", 2),))))
    assert verdict.legal
    assert next(r for r in verdict.reasons if r.code == "ps.turn.taken_unbound").rule == "PS-7"
    after = GAME.apply(state, Turn(0, CardRef(5), CardRef(None, (("FOOD", 2),))))
    assert after.turns[-1].taken == unranked and after.field == (unranked, synthetic_card(30))
    # Before, the take was bound to 17 and a later take of "17" from the field was refused.
    assert GAME.check(after, Turn(1, CardRef(6), CardRef(17))).legal
