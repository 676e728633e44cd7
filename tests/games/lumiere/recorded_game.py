"""A whole 4-player game of Lumière Prière, recorded as the entries a table makes, turn by turn (issue 35: the
tap benchmark, tests/browser/taps/lumiere.py, enters it on a phone; tests/games/lumiere/test_recorded_game.py
replays it on the engine).

Played by the rules, once, in a seeded simulation of four players (not people at a table) and written down here:
each seat had a shuffled deck of the rule text's 19 cards (the commoner set aside, 6 drawn, no mulligan taken) and
each turn chose a card of its hand and an area by how the captures fell; nothing in it was chosen for the taps.
Every entry is as a player says it at the table, in the engine's text notation (companion/games/lumiere/moves.py),
get and draw included: which of them the table now makes by itself is the engine's business (forced.py), not
this record's. A ghost's effect is entered as the table applied it (LP-10: the companion records the primitive).

The deck profile is the engine tests' complete one (tests/games/lumiere/support.py ``complete_profile``): its
points are made up for tests (the real ones are printed on the cards only, LP-8), and no card may be stacked on.
"""

from __future__ import annotations

PLAYERS = ("Aki", "Ben", "Chie", "Dai")  # clockwise: seats 0-3

# 【プレイの準備】: Chie won rock-paper-scissors; each seat places its commoner, clockwise from Chie
SETUP: tuple[str, ...] = ("first 2", "opening r1c2", "opening r1c1", "opening r0c1", "opening r2c2")

# one line per turn, from Chie's first; the game ends at the start phase after turn 52 (LP-7: every hand ≤ 5)
TURNS: tuple[tuple[str, ...], ...] = (
    ("play exorcist", "set r3c2", "get", "draw"),
    ("play yokai", "set r1c3", "get", "draw"),
    ("play borderer", "set r2c1", "get", "draw"),
    ("play yokai_master", "set r1c2", "get", "draw"),
    ("play otherworlder", "set r1c0", "get", "draw"),
    ("play vampire", "set r1c1", "get", "draw"),
    ("play yokai", "set r1c2", "get", "draw"),
    ("play yokai_master", "set r3c3", "get", "draw"),
    ("play warrior", "set r2c3", "get", "draw"),
    ("play otherworlder", "set r3c3", "get", "draw"),
    ("play ghost", "turn r3c3 0", "set r3c1", "get", "draw"),
    ("play otherworlder", "set r3c0", "get", "draw"),
    ("play vampire", "set r2c3", "get", "draw"),
    ("play exorcist", "set r3c2", "get", "draw"),
    ("play otherworlder", "set r0c0", "get", "draw"),
    ("play magician", "set r0c3", "get", "draw"),
    ("play ghost", "turn r1c3 2", "set r0c2", "get", "draw"),
    ("play commoner", "set r0c3", "get", "draw"),
    ("play exorcist", "set r2c0", "get", "draw"),
    ("play vampire", "set r2c2", "get", "draw"),
    ("play yokai_master", "set r1c0", "get", "draw"),
    ("play ghost", "turn r1c0 3", "set r3c0", "get", "draw"),
    ("play warrior", "set r3c1", "get", "draw"),
    ("play commoner", "set r2c1", "get", "draw"),
    ("play priest", "set r3c2", "get", "draw"),
    ("play commoner", "set r2c0", "get", "draw"),
    ("play priest", "set r3c3", "get", "draw"),
    ("play exorcist", "set r3c2", "get", "draw"),
    ("take r3c3", "play yokai", "set r3c3", "get", "draw"),
    ("take r3c2", "play priest", "set r3c2", "get", "draw"),
    ("play yokai_master", "set r3c1", "get", "draw"),
    ("play commoner", "set r2c1", "get", "draw"),
    ("take r3c2", "play conjurer", "set r3c2", "get", "draw"),
    ("take r1c0", "play magician", "set r1c0", "get", "draw"),
    ("take r3c1", "play commoner", "set r3c1", "get", "draw"),
    ("take r3c2", "play priest", "set r3c2", "get", "draw"),
    ("take r3c2", "play yokai", "set r3c2", "get", "draw"),
    ("take r1c0", "play warrior", "set r1c0", "get", "draw"),
    ("take r1c0", "play vampire", "set r1c0", "get", "draw"),
    ("play ghost", "set r1c1", "get", "draw"),
    ("take r2c0", "play commoner", "set r2c0", "get", "draw"),
    ("play commoner", "set r1c1", "get", "draw"),
    ("take r2c1", "play conjurer", "set r2c1", "get", "draw"),
    ("play borderer", "set r1c1", "get", "draw"),
    ("take r2c1", "play magician", "set r2c1", "get", "draw"),
    ("play yokai_master", "set r2c2", "get", "draw"),
    ("take r2c2", "play otherworlder", "set r2c2", "get", "draw"),
    ("play yokai", "set r1c1", "get", "draw"),
    ("take r2c1", "play otherworlder", "set r2c1", "get", "draw"),
    ("play commoner", "set r2c2", "get", "draw"),
    ("take r0c1", "play yokai_master", "set r0c1", "get", "draw"),
    ("take r0c1", "play conjurer", "set r0c1", "get", "draw"),
)

# what the game-over card shows (LP-7): each seat's total with the test profile's points, and the winner
TOTALS = (15, 4, 14, 17)
WINNER = "Dai"
