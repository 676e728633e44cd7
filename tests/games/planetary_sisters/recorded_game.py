"""A recorded 4-player game of Planetary Sisters (issue 35): the deal, every turn and the hands shown at the end,
as data. Played by the rules at a pretend table (rule text §4.1, §4.2, §4.5) with the made-up deck of
``support.SYNTHETIC_DECK`` (the printed cards' elements are unknown, RULINGS: card data): each player knew only
their own hand and, each turn, played the card and took the field card that did most for their own house. Who
became parent each round is not written here: the engine works it out (PS-5), and test_recorded_game.py checks
the game against the engine, with the final scores below.

The table enters it with a deck profile that knows every card (``support.complete_profile()``: a profile a
group keeps and picks when it opens a table), so a card is entered by its rank.
"""

from __future__ import annotations

PLAYERS = 4
NAMES = ("Aki", "Ben", "Chie", "Dan")
# §4.1 step 2: each player's 8-card deck, in the order drawn (hidden from the table: nobody enters it).
DEAL = (
    (5, 31, 20, 7, 3, 15, 26, 11),
    (13, 30, 16, 6, 8, 23, 27, 18),
    (25, 1, 33, 4, 28, 12, 21, 29),
    (17, 24, 2, 19, 34, 14, 32, 10),
)
FIRST_PARENT = 1  # §4.1: chosen any way the table likes
FIELD = (35, 9, 22, 36)  # §4.1 step 3: the opened field, as many cards as players
# §4.2: each round's turns in turn order (from the parent clockwise): (seat, rank played, rank taken).
ROUNDS = (
    ((1, 13, 35), (2, 25, 22), (3, 17, 9), (0, 5, 36)),
    ((2, 22, 5), (3, 9, 13), (0, 31, 25), (1, 35, 17)),
    ((1, 16, 35), (2, 33, 31), (3, 24, 22), (0, 20, 9)),
    ((3, 22, 33), (0, 7, 20), (1, 17, 24), (2, 31, 16)),
    ((2, 28, 31), (3, 33, 22), (0, 20, 7), (1, 8, 17)),
    ((2, 12, 20), (3, 14, 33), (0, 3, 28), (1, 17, 8)),
    ((0, 15, 14), (1, 8, 3), (2, 16, 12), (3, 32, 17)),
    ((0, 11, 32), (1, 18, 15), (2, 29, 8), (3, 17, 16)),
)
# §4.5: the hand each player shows at the end (their house); the table enters the cards it had not seen.
HANDS = (
    (36, 25, 9, 7, 28, 26, 14, 32),
    (30, 35, 6, 24, 23, 27, 3, 15),
    (1, 5, 4, 31, 20, 21, 12, 8),
    (13, 2, 19, 34, 22, 33, 10, 16),
)
LAST_FIELD = (11, 18, 29, 17)  # the cards played in round 8 (§4.2 step 5)
TOTALS = (261, 181, 176, 155)  # each seat's final score (PS-3 house + PS-4 field bonus)
WINNER = 0  # §4.5: the highest final score
