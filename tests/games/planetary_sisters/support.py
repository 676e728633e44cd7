"""Shared test data for the Planetary Sisters engine.

``SYNTHETIC_DECK`` is made up for the tests: 36 cards that satisfy every PS-2 fact (§3.1, §5) and the worked
example of §4.5.1. It is NOT the printed deck (whose elements are unknown) and must never ship as a profile.
"""

from __future__ import annotations

import copy
import random
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.games.planetary_sisters import (
    GAME,
    Card,
    CardRef,
    ElementSet,
    Move,
    NameParent,
    Phase,
    Reveal,
    Setup,
    TableState,
    Turn,
    TurnRecord,
)
from companion.games.planetary_sisters.cards import elements_of

ROOT = Path(__file__).resolve().parents[3]
DEFAULT_PROFILE_PATH = ROOT / "companion" / "profiles" / "planetary_sisters" / "default.toml"

ELEMENTS = ElementSet.default()


def default_profile() -> dict[str, Any]:
    with DEFAULT_PROFILE_PATH.open("rb") as handle:
        return tomllib.load(handle)


def cards(*notations: str) -> list[Card]:
    return [Card.parse(n) for n in notations]


# §4.5.1's example house. The text gives the types of each card and the icon totals (FOOD 6 over 30/22/28/36,
# PLANT 6 over 27/30/36), not each card's counts: any split of those totals scores the same.
EXAMPLE_HOUSE = (
    "27:PLANT*2",
    "30:ANIMAL+FOOD+PLANT*2",
    "22:FOOD+POLE",
    "28:FOOD*2+SWORD",
    "36:FOOD*2+PLANT*2",
    "11:POLE",
    "19:PAGE",
    "31:KING",
)
# §4.5.2's example field (4 players): FOOD on 3 cards (5 icons), PLANT on 1, ANIMAL on 1, one pointed-only card.
EXAMPLE_FIELD = ("FOOD*2+PLANT", "ANIMAL+FOOD*2", "FOOD", "POINTED_3")

# rank -> elements. Tally (PS-2): crown-only 5, pointed-only 4, round+pointed 8, round pairs 8, one triple,
# round singles 10; FOOD 18 cards / 38 icons, PLANT 12 / 17, ANIMAL 7 / 8.
SYNTHETIC_DECK: dict[int, dict[str, int]] = {
    # crown only
    1: {"CROWN_3": 1}, 2: {"CROWN_4": 1}, 3: {"CROWN_5": 1}, 19: {"PAGE": 1}, 31: {"KING": 1},
    # pointed only
    4: {"SWORD": 1}, 5: {"POINTED_3": 1}, 6: {"POINTED_4": 1}, 11: {"POLE": 1},
    # a round type and a pointed type
    7: {"FOOD": 2, "POINTED_3": 1}, 8: {"FOOD": 2, "POINTED_4": 1}, 9: {"FOOD": 2, "POLE": 1},
    10: {"FOOD": 2, "SWORD": 1}, 12: {"PLANT": 1, "POLE": 1}, 13: {"ANIMAL": 1, "SWORD": 1},
    22: {"FOOD": 1, "POLE": 1}, 28: {"FOOD": 2, "SWORD": 1},
    # one round type
    14: {"FOOD": 4}, 15: {"FOOD": 4}, 16: {"FOOD": 2}, 17: {"FOOD": 2}, 18: {"FOOD": 2},
    20: {"PLANT": 2}, 21: {"PLANT": 2}, 23: {"ANIMAL": 2}, 24: {"ANIMAL": 1}, 27: {"PLANT": 2},
    # two round types
    25: {"FOOD": 2, "PLANT": 1}, 26: {"FOOD": 2, "PLANT": 1}, 29: {"FOOD": 2, "PLANT": 1},
    32: {"FOOD": 2, "PLANT": 1}, 33: {"FOOD": 2, "ANIMAL": 1}, 34: {"PLANT": 1, "ANIMAL": 1},
    35: {"PLANT": 1, "ANIMAL": 1}, 36: {"FOOD": 2, "PLANT": 2},
    # three types
    30: {"FOOD": 1, "PLANT": 2, "ANIMAL": 1},
}


def complete_profile() -> dict[str, Any]:
    """The default profile with every card filled in from SYNTHETIC_DECK."""
    profile = default_profile()
    profile["id"] = "synthetic"
    profile["cards"] = [{"rank": rank, "elements": dict(SYNTHETIC_DECK[rank])} for rank in range(1, 37)]
    return profile


def with_cards(profile: dict[str, Any], changes: dict[int, dict[str, int] | None]) -> dict[str, Any]:
    """A copy of ``profile`` whose cards of the given ranks get new elements (None: elements unknown)."""
    changed = copy.deepcopy(profile)
    for entry in changed["cards"]:
        if entry["rank"] in changes:
            new = changes[entry["rank"]]
            if new is None:
                entry.pop("elements", None)
            else:
                entry["elements"] = dict(new)
    return changed


def synthetic_card(rank: int) -> Card:
    return Card.of(SYNTHETIC_DECK[rank], rank)


# -- a simulated real table: what the players hold, against what the tracker knows --------------------------


@dataclass
class TablePlay:
    """A game played out at a pretend table (seeded), with the moves the companion was given."""

    players: int
    moves: list[Move] = field(default_factory=list)
    states: list[TableState] = field(default_factory=list)
    hands: list[list[int]] = field(default_factory=list)  # what each player really holds (ranks)
    houses: list[list[int]] = field(default_factory=list)  # 2 players: second-half takes
    parents: list[int] = field(default_factory=list)  # the parent of each round, by the test's own reading

    @property
    def final(self) -> TableState:
        return self.states[-1]


def expected_next_parent(state: TableState) -> int:
    """The test's own reading of PS-5 / PS-6 (an oracle independent of the engine's code)."""
    diffs = [(t.seat, abs((t.played.rank or 0) - (t.taken.rank or 0))) for t in state.turns]
    close = state.condition.value == "close"
    if state.players == 2:
        child = 1 - state.parent
        lists = {}
        for seat in (state.parent, child):
            lists[seat] = sorted((d for s, d in diffs if s == seat), reverse=not close)
        if lists[state.parent] == lists[child]:
            return child
        better = min(lists.values()) if close else max(lists.values())
        return state.parent if lists[state.parent] == better else child
    best = min(d for _, d in diffs) if close else max(d for _, d in diffs)
    return [s for s, d in diffs if d == best][-1]


def _ref_for(rank: int, by: str) -> CardRef:
    if by == "rank":
        return CardRef(rank)
    if by == "elements":
        return CardRef(None, elements_of(SYNTHETIC_DECK[rank]))
    return CardRef(rank, elements_of(SYNTHETIC_DECK[rank]))


ref_for = _ref_for


def play_game(players: int, seed: int, profile: dict[str, Any] | None = None, by: str = "rank") -> TablePlay:
    """Deal a shuffled deck, play every turn at random (legal per the real hands), and feed the tracker.

    ``by``: how cards are entered: "rank" (the profile supplies elements), "elements" (no rank: the table
    names each new parent), "both", or "mixed" (each entry one of the three at random, so cards entered by
    elements alone meet the same cards entered by rank, PS-7).
    """
    rng = random.Random(seed)

    def ref_for(rank: int, how: str) -> CardRef:
        return _ref_for(rank, rng.choice(["rank", "elements", "both"]) if how == "mixed" else how)

    profile = profile if profile is not None else complete_profile()
    ranks = list(range(1, 37))
    rng.shuffle(ranks)
    size = 10 if players == 2 else 8
    decks = [ranks[i * size:(i + 1) * size] for i in range(players)]
    field_count = 4 if players == 2 else players
    opened = ranks[players * size:players * size + field_count]
    play = TablePlay(players, hands=[[] for _ in range(players)], houses=[[] for _ in range(players)])
    state = GAME.new_state(players, {}, profile)
    play.states.append(state)

    def do(move: Move) -> None:
        nonlocal state
        verdict = GAME.check(state, move)
        assert verdict.legal, (str(move), [r for r in verdict.reasons if not r.ok])
        state = GAME.apply(state, move)
        play.moves.append(move)
        play.states.append(state)

    def draw_up() -> None:
        for seat in range(players):
            while len(play.hands[seat]) < state.seats[seat].hand_size:
                play.hands[seat].append(decks[seat].pop(0))

    do(Setup(rng.randrange(players), tuple(ref_for(r, by) for r in opened)))
    field_ranks = list(opened)  # what really lies on the field
    draw_up()
    while state.phase in (Phase.TURNS, Phase.NAME_PARENT):
        round_number = state.round
        play.parents.append(state.parent)
        takes: list[tuple[int, int]] = []
        plays: list[int] = []
        while state.phase is Phase.TURNS and state.round == round_number:
            seat = state.to_move
            assert seat is not None
            played = rng.choice(play.hands[seat])
            taken = rng.choice(field_ranks)
            before = state
            play.hands[seat].remove(played)
            field_ranks.remove(taken)
            takes.append((seat, taken))
            plays.append(played)
            do(Turn(seat, ref_for(played, by), ref_for(taken, by)))
            if len(before.turns) + 1 == len(before.turn_order):
                expected = expected_next_parent(
                    replace(before, turns=(*before.turns, TurnRecord(seat, synthetic_card(played),
                                                                      synthetic_card(taken))))
                )
                if play.states[-1].phase is Phase.NAME_PARENT:
                    do(NameParent(expected))
                assert state.rounds[-1].next_parent == expected
        for seat, taken in takes:
            (play.houses if players == 2 and round_number > 4 else play.hands)[seat].append(taken)
        field_ranks = plays
        draw_up()
    for seat in range(players):
        if not state.seats[seat].revealed:
            unseen = list(play.hands[seat])
            for card in state.seats[seat].known_hand:
                unseen.remove(card.rank if card.rank is not None else next(
                    r for r in unseen if elements_of(SYNTHETIC_DECK[r]) == card.elements))
            do(Reveal(seat, tuple(ref_for(r, by) for r in unseen)))
    return play


# -- the recorded game of issue 35 (recorded_game.py), replayed through the engine ------------------------------


def replay_recorded() -> tuple[list[Move], list[TableState]]:
    """The recorded game's moves as a table enters them (cards by rank) and the states after each; every played
    card is checked against what that player really held (the deal, in draw order, and the cards taken)."""
    from . import recorded_game as game

    state = GAME.new_state(game.PLAYERS, {}, complete_profile())
    decks = [list(deck) for deck in game.DEAL]
    hands: list[list[int]] = [[] for _ in range(game.PLAYERS)]
    moves: list[Move] = []
    states: list[TableState] = []

    def do(move: Move) -> None:
        nonlocal state
        verdict = GAME.check(state, move)
        assert verdict.legal, (str(move), verdict.failures)
        state = GAME.apply(state, move)
        moves.append(move)
        states.append(state)

    def draw() -> None:
        for seat in range(game.PLAYERS):
            while len(hands[seat]) < state.seats[seat].hand_size:
                hands[seat].append(decks[seat].pop(0))

    do(Setup(game.FIRST_PARENT, tuple(CardRef(rank) for rank in game.FIELD)))
    draw()
    for turns in game.ROUNDS:
        for seat, played, taken in turns:
            assert state.to_move == seat and played in hands[seat], (seat, played, hands[seat])
            hands[seat].remove(played)
            do(Turn(seat, CardRef(played), CardRef(taken)))
        for seat, _played, taken in turns:
            hands[seat].append(taken)
        draw()
    assert [sorted(h) for h in hands] == [sorted(h) for h in game.HANDS]
    for seat in range(game.PLAYERS):
        if not state.seats[seat].revealed:
            known = {card.rank for card in state.seats[seat].known_hand}
            do(Reveal(seat, tuple(CardRef(rank) for rank in game.HANDS[seat] if rank not in known)))
    return moves, states
