"""GAME as the platform sees it: the Game protocol, replays of stored JSON moves."""

from __future__ import annotations

from companion.games.base import Game, OptionSpec
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.moves import Attack, Draw, Move, NoDefence, Place, Reveal

from .builders import card


def test_game_follows_the_protocol() -> None:
    assert isinstance(GAME, Game)
    assert (GAME.slug, GAME.name_en, GAME.name_ja, GAME.ruling_prefix) == (
        "strato-sphere",
        "Strato-Sphere",
        "ストラトスフェア",
        "SS",
    )
    assert GAME.player_counts == (2, 4)
    assert GAME.options == (
        OptionSpec("forces", ("first-reveal", "completion", "fixed"), "SS-3"),
        # kept with each table: one stored before tables named their dealer begins with its first seat (SS-5)
        OptionSpec("start", ("left-of-dealer", "first-seat"), "SS-5", before="first-seat", shown=False),
    )
    assert GAME.card_fields == ()
    assert GAME.validate_profile({}) == ()
    assert GAME.validate_card({}, {}) == ()


def test_a_stored_game_replays_to_the_same_state() -> None:
    played: list[Move] = [
        Reveal(2, card("KS")),
        Place(2),
        Draw(),  # seat 0 ends its turn
        Reveal(3, card("QH")),
        Place(3),
        Draw(),  # seat 1
        Draw(),
        Place(6),
        Place(7),  # seat 2
        Draw(),
        Place(9),
        Place(10),  # seat 3
        Attack(2, 3),
        NoDefence(),
    ]
    stored = [GAME.move_to_json(m) for m in played]
    state = GAME.new_state(4, {}, {})
    for data in stored:
        move = GAME.parse_move(data)
        assert GAME.check(state, move).legal, GAME.check(state, move).failures
        state = GAME.apply(state, move)
    again = GAME.new_state(4, {}, {})
    for move in played:
        again = GAME.apply(again, move)
    assert state == again
    assert [str(c) for c in state.discard] == ["KS", "QH"]
    assert (state.to_move, state.moves_made) == (0, 1)  # the attack was the first move of the turn
