"""Who deals and who starts (SS-5): 「ディーラーの左隣から、時計回りでゲームは進行します」. A table names its
dealer when it starts; play begins with the player on the dealer's left and goes clockwise. A table started
before tables named their dealer (its stored options have no ``start``) keeps its first seat as the first
player, so its log still replays."""

from __future__ import annotations

import pytest

from companion.games.base import OptionSpec, Reason
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.moves import (
    Draw,
    FixForces,
    NameDealer,
    Place,
    Reveal,
    move_to_json,
    parse_move,
    parse_move_text,
)
from companion.games.strato_sphere.ring import are_partners
from companion.games.strato_sphere.rules import apply, check, legal_moves
from companion.games.strato_sphere.state import TableState, new_state

from .builders import card, codes, fix

NEW_TABLE = {o.key: o.default for o in GAME.options}  # what the new-table page stores for a table today
OLD_TABLE = {"forces": "first-reveal"}  # a table stored before tables named their dealer


def started(players: int, dealer: int, **options: str) -> TableState:
    return apply(new_state(players, {**NEW_TABLE, **options}), NameDealer(dealer))


def three_moves(state: TableState) -> TableState:
    own = 3 * state.to_move  # the nodes in front of the player to move, all neutral yet
    return apply(apply(apply(state, Draw()), Place(own)), Place(own + 1))


def test_the_reading_is_kept_with_the_table() -> None:
    assert OptionSpec("start", ("left-of-dealer", "first-seat"), "SS-5", before="first-seat", shown=False) \
        in GAME.options
    assert NEW_TABLE["start"] == "left-of-dealer"


def test_a_new_table_names_its_dealer_before_any_move() -> None:
    s = new_state(4, NEW_TABLE)
    assert (s.dealer, s.first_player) == (None, None)
    v = check(s, Draw())
    assert not v.legal
    assert v.failures[0] == Reason("ss.dealer.not_named", "SS-5", False, {"players": 4})
    assert legal_moves(s) == tuple(NameDealer(seat) for seat in range(4))


def test_dealer_seat_2_of_4_so_seat_3_moves_first() -> None:
    s = new_state(4, NEW_TABLE)
    v = check(s, NameDealer(1))
    assert v.legal
    assert v.reasons == (Reason("ss.dealer.named", "SS-5", True, {"dealer": 1, "first": 2}, "seat"),)
    s = apply(s, NameDealer(1))
    assert (s.dealer, s.first_player, s.to_move, s.turn, s.moves_made) == (1, 2, 2, 1, 0)
    assert check(s, Draw()).reasons[0] == Reason(
        "ss.turn.move_of_turn", "SS-5", True, {"player": 2, "move": 1, "moves_per_turn": 3}
    )
    order = [s.to_move]
    for _ in range(4):
        s = three_moves(s)
        order.append(s.to_move)
    assert order == [2, 3, 0, 1, 2]  # clockwise from the dealer's left, the dealer last


def test_the_last_seat_deals_so_the_first_seat_starts() -> None:
    assert started(4, 3).to_move == 0
    assert started(2, 1).to_move == 0
    assert started(2, 0).to_move == 1


def test_partnerships_do_not_follow_the_dealer() -> None:
    """SS-2: seats 0+2 against 1+3 whoever deals; the first player's partner sits opposite."""
    s = started(4, 0)
    assert s.to_move == 1
    assert are_partners(1, 3, 4) and not are_partners(1, 2, 4)
    s = apply(s, Reveal(3, card("KS")))  # the first player's own node, its force is now ♠
    assert s.forces == (None, card("KS").suit, None, None)


def test_a_seat_that_does_not_exist_cannot_deal() -> None:
    v = check(new_state(4, NEW_TABLE), NameDealer(4))
    assert codes(v.failures) == ["ss.dealer.no_such_seat"]
    assert v.failures[0] == Reason("ss.dealer.no_such_seat", "SS-5", False, {"seat": 4, "players": 4}, "seat")
    assert codes(check(new_state(2, NEW_TABLE), NameDealer(2)).failures) == ["ss.dealer.no_such_seat"]


def test_the_dealer_is_named_once() -> None:
    v = check(started(4, 2), NameDealer(0))
    assert v.failures == (Reason("ss.dealer.already_named", "SS-5", False, {"dealer": 2, "first": 3}, "seat"),)


def test_fixed_forces_and_the_dealer_in_either_order() -> None:
    """SS-3's option fixes the forces before play, SS-5 names the dealer: both are set-up, in any order."""
    fixed = {**NEW_TABLE, "forces": "fixed"}
    s = new_state(4, fixed)
    assert set(legal_moves(s)) >= {NameDealer(0), fix("S H D C")}
    one = apply(apply(s, fix("S H D C")), NameDealer(1))
    other = apply(apply(s, NameDealer(1)), fix("S H D C"))
    assert one == other and one.to_move == 2
    assert check(apply(s, NameDealer(1)), Draw()).failures[0].code == "ss.forces.not_fixed"
    assert check(apply(s, fix("S H D C")), Draw()).failures[0].code == "ss.dealer.not_named"
    assert all(isinstance(m, (NameDealer, FixForces)) for m in legal_moves(s))


def test_naming_the_dealer_is_nobody_s_move_of_a_turn() -> None:
    s = new_state(4, NEW_TABLE)
    assert GAME.actor(s, NameDealer(1)) is None
    after = apply(s, NameDealer(1))
    assert GAME.actor(after, Draw()) == 2


def test_notation_and_json_round_trip() -> None:
    assert str(NameDealer(2)) == "dealer 2"
    assert parse_move_text("dealer 2") == NameDealer(2)
    assert move_to_json(NameDealer(2)) == {"type": "dealer", "seat": 2}
    assert parse_move({"type": "dealer", "seat": 2}) == NameDealer(2)
    with pytest.raises(Exception) as caught:
        parse_move({"type": "dealer"})
    assert getattr(caught.value, "code", "") == "ss.move.missing_field"


def test_the_state_json_keeps_the_dealer() -> None:
    s = started(4, 1)
    data = GAME.state_to_json(s)
    assert (data["start_rule"], data["dealer"], data["to_move"]) == ("left-of-dealer", 1, 2)
    assert GAME.parse_state(data, {}) == s
    waiting = new_state(2, NEW_TABLE)
    assert GAME.parse_state(GAME.state_to_json(waiting), {}) == waiting


# --- a table started before tables named their dealer --------------------------------------------------------


def test_an_old_table_starts_with_its_first_seat_and_is_not_asked() -> None:
    s = new_state(4, OLD_TABLE)
    assert (s.start_rule, s.dealer, s.first_player, s.to_move) == ("first-seat", None, 0, 0)
    assert check(s, Draw()).legal
    assert NameDealer(0) not in legal_moves(s)
    v = check(s, NameDealer(3))
    assert v.failures == (Reason("ss.dealer.not_asked", "SS-5", False, {"first": 0}, "seat"),)


def test_an_old_format_log_replays() -> None:
    """A log stored as JSON before this change: no dealer entry; the first seat began and play went on."""
    stored = [
        {"type": "reveal", "node": 2, "card": "KS"}, {"type": "place", "node": 2}, {"type": "draw"},
        {"type": "reveal", "node": 3, "card": "QH"}, {"type": "place", "node": 3}, {"type": "draw"},
        {"type": "draw"}, {"type": "place", "node": 6}, {"type": "place", "node": 7},
        {"type": "draw"}, {"type": "place", "node": 9}, {"type": "place", "node": 10},
        {"type": "attack", "from": 2, "to": 3}, {"type": "no_defence"},
    ]
    state = GAME.new_state(4, OLD_TABLE, {})
    movers = []
    for data in stored:
        move = GAME.parse_move(data)
        assert GAME.check(state, move).legal, GAME.check(state, move).failures
        movers.append(GAME.actor(state, move))
        state = GAME.apply(state, move)
    assert movers[:12] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [str(c) for c in state.discard] == ["KS", "QH"]
    assert (state.to_move, state.moves_made, state.dealer) == (0, 1, None)


def test_an_unknown_start_setting_is_refused() -> None:
    from companion.games.base import ParseError

    with pytest.raises(ParseError) as caught:
        new_state(4, {**NEW_TABLE, "start": "youngest"})
    assert (caught.value.code, caught.value.rule) == ("ss.option.unknown_choice", "SS-5")
