"""Properties over random LEGAL move sequences (moves picked among ``legal_moves``), 2 and 4 players, a table
that names its dealer and one stored before tables did: no node ever empties, no hand exceeds 7, the cards in
play are conserved, at most one face-up card per node (its top), the first turn is the first player's (SS-5),
and check / apply agree on every move, legal or not."""

from __future__ import annotations

from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from companion.games.base import IllegalMove, ImpossibleState
from companion.games.strato_sphere.board import known_cards
from companion.games.strato_sphere.cards import all_cards, packs_for
from companion.games.strato_sphere.moves import (
    Attack,
    Conceal,
    Defend,
    Draw,
    Move,
    NameDealer,
    Place,
    Reveal,
    Shift,
    move_to_json,
    parse_move,
)
from companion.games.strato_sphere.rules import apply, check, legal_moves
from companion.games.strato_sphere.state import TableState, cards_in_play, new_state, total_cards

MAX_STEPS = 90


def assert_invariants(state: TableState) -> None:
    for node in state.board.nodes:
        assert node.size >= 1, "no node ever empties (SS-5)"
        assert not any(nc.up for nc in node.cards[1:]), "only a node's top card can be face up (SS-4)"
    assert all(0 <= hand <= 7 for hand in state.hands), "no hand exceeds 7 (SS-5)"
    assert state.pile >= 0
    assert cards_in_play(state) == total_cards(state.players), "cards are conserved"
    seen = Counter(known_cards(state.board)) + Counter(state.discard)
    assert max(seen.values(), default=0) <= packs_for(state.players), "no more copies than the packs hold (SS-2)"
    held = [f for f in state.forces if f is not None]
    assert len(held) == len(set(held)), "a force belongs to one player (SS-3)"
    assert state.moves_made <= 3
    if state.turn == 1 and not state.dealer_missing:
        assert state.to_move == state.first_player, "play begins on the dealer's left (SS-5)"
    if state.dealer is not None:
        assert state.first_player == (state.dealer + 1) % state.players


def pick(data: st.DataObject, state: TableState) -> Move:
    """A legal move, by kind first so attacks and defences are not drowned by the many possible reveals."""
    options = legal_moves(state)
    by_kind: dict[str, list[Move]] = {}
    for move in options:
        by_kind.setdefault(type(move).__name__, []).append(move)
    kind = data.draw(st.sampled_from(sorted(by_kind)))
    return data.draw(st.sampled_from(by_kind[kind]))


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 4]), rule=st.sampled_from(["first-reveal", "completion", "fixed"]),
       start=st.sampled_from(["left-of-dealer", "first-seat"]), data=st.data())
def test_random_legal_games_keep_the_invariants(players: int, rule: str, start: str, data: st.DataObject) -> None:
    state = new_state(players, {"forces": rule, "start": start})
    played: list[Move] = []
    assert_invariants(state)
    for _ in range(MAX_STEPS):
        if state.outcome is not None:
            assert legal_moves(state) == ()
            event(f"ended: {state.outcome.kind}")
            break
        move = pick(data, state)
        assert check(state, move).legal
        assert parse_move(move_to_json(move)) == move
        event(type(move).__name__)
        state = apply(state, move)
        played.append(move)
        assert_invariants(state)
    replayed = new_state(players, {"forces": rule, "start": start})
    for move in played:
        replayed = apply(replayed, move)
    assert replayed == state


def any_move(players: int) -> st.SearchStrategy[Move]:
    nodes = st.integers(0, 3 * players)  # one past the ring, on purpose
    cards = st.sampled_from(all_cards())
    return st.one_of(
        st.just(Draw()),
        st.builds(Place, nodes),
        st.builds(Reveal, nodes, cards),
        st.builds(Conceal, nodes),
        st.builds(Shift, nodes, nodes),
        st.builds(Attack, nodes, nodes),
        st.builds(Defend, st.integers(0, players), cards),
        st.builds(NameDealer, st.integers(0, players)),
    )


@settings(max_examples=20, deadline=None)
@given(players=st.sampled_from([2, 4]), start=st.sampled_from(["left-of-dealer", "first-seat"]), data=st.data())
def test_check_and_apply_agree_on_arbitrary_moves(players: int, start: str, data: st.DataObject) -> None:
    state = new_state(players, {"start": start})
    for _ in range(40):
        if state.outcome is not None:
            break
        probe = data.draw(any_move(players))
        verdict = check(state, probe)
        assert verdict.legal == (not verdict.failures)
        if verdict.legal:
            assert_invariants(apply(state, probe))
        else:
            try:
                apply(state, probe)
            except (IllegalMove, ImpossibleState):
                pass
            else:
                raise AssertionError(f"apply accepted {probe} that check refused")
        state = apply(state, pick(data, state))
