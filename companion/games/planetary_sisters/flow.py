"""The numbers of a game's flow (PS-7, rule text §4.1–§4.4): decks, field, rounds, draws, turn order.

Two independent readings of the same rules live here on purpose: ``draws`` is what the tracker does at the
start of each round (step by step), and ``expected_counts`` is the rule text's own table of hand / deck /
house sizes at the start of each round (closed form). ``flow_counts.flow_facts`` compares the two.
"""

from __future__ import annotations

from dataclasses import dataclass

ROUNDS = 8  # §4.2, §4.4: eight rounds whatever the player count (PS-7)
FIRST_HALF_ROUNDS = 4  # §4.4.1: 2 players, four first-half rounds, then four second-half ones (PS-7)
PLAYER_COUNTS = (2, 3, 4)


def deck_size(players: int) -> int:
    """§4.1 step 2: 8 cards each; §4.3: 10 each with 2 players (PS-7)."""
    return 10 if players == 2 else 8


def field_size(players: int) -> int:
    """§4.1 step 3: as many field cards as players; §4.3: 4 with 2 players (PS-7)."""
    return 4 if players == 2 else players


def cards_in_play(players: int) -> int:
    """Decks plus the opened field; the rest is set aside unseen (§4.1 step 4; 12 cards with 2 players)."""
    return players * deck_size(players) + field_size(players)


def turn_order(players: int, parent: int) -> tuple[int, ...]:
    """§4.2: from the parent clockwise, one turn each; §4.4.1: 2 players play parent, child, parent, child."""
    if players == 2:
        child = 1 - parent
        return (parent, child, parent, child)
    return tuple((parent + step) % players for step in range(players))


def is_second_half(players: int, round_number: int) -> bool:
    """§4.4.2: with 2 players, the rounds after the fourth put the taken cards into the house (PS-7)."""
    return players == 2 and round_number > FIRST_HALF_ROUNDS


def draws(players: int, round_number: int, seat: int, parent: int, hand_size: int, deck_left: int) -> int:
    """How many cards ``seat`` draws at the start of round ``round_number`` (PS-7)."""
    if players == 2:
        if round_number == 1:
            return 2 if seat == parent else 3  # §4.4.1: the child draws 3 in the first round only
        if round_number == 2:
            return 4 - hand_size  # §4.4.1: both hold 4 (the one holding 3 draws only 1)
        # §4.4.1: draw 2 while the deck lasts. §4.4.2 counts "手札10枚/家札0枚" at the start of round 5, so the
        # last 2 deck cards are drawn then, and rounds 6-8 draw nothing.
        return min(2, deck_left)
    if round_number == 1:
        last = turn_order(players, parent)[-1]
        return 2 if seat == last else 1  # §4.2: the last in turn order draws 2 in the first round
    if round_number == 2:
        return 2 - hand_size  # §4.2: everyone holds 2 (the one already holding 2 draws nothing)
    return min(1, deck_left)


@dataclass(frozen=True)
class SeatCounts:
    hand: int
    deck: int
    house: int


def expected_counts(players: int, round_number: int, seat: int, first_parent: int) -> SeatCounts:
    """The rule text's sizes at the start of a round's first turn (after the draws), per seat (PS-7).

    3/4 players (§4.2): round 1 holds 1 card (the last in turn order 2), round r >= 2 holds r; the deck is
    the rest of 8. 2 players (§4.4): "手札2/山札8 → 4/6 → 6/4 → 8/2" (round 1: the child 3), then
    "手札10/家札0 → 8/2 → 6/4 → 4/6".
    """
    if players == 2:
        if round_number == 1:
            hand = 2 if seat == first_parent else 3
            return SeatCounts(hand, 10 - hand, 0)
        if round_number <= FIRST_HALF_ROUNDS + 1:
            return SeatCounts(2 * round_number, 10 - 2 * round_number, 0)
        done = round_number - FIRST_HALF_ROUNDS - 1
        return SeatCounts(10 - 2 * done, 0, 2 * done)
    if round_number == 1:
        hand = 2 if seat == (first_parent - 1) % players else 1
        return SeatCounts(hand, 8 - hand, 0)
    return SeatCounts(round_number, 8 - round_number, 0)


def final_counts(players: int) -> SeatCounts:
    """After the last round: 3/4 players hold 8 (their house, §4.5); 2 players hold 2 guard cards and 8 house
    cards (§4.4.2)."""
    return SeatCounts(2, 0, 8) if players == 2 else SeatCounts(8, 0, 0)
