"""A whole recorded game of Sister Combination, as data (issue 35: the tap benchmark plays it at phone size).

Three players, the default options (the game ends when the first player is out, no hand limit: SC-7). Each
entry is what was said at the table, in the engine's move notation (companion/games/sister_combination/moves.py),
with the seat that made it; the hands stay secret (SC-9), so a play names the card as it landed on the pile.
Played by the rules: 7 cards each and a number card turned up (SC-8), Aki first, clockwise.
``tests/games/sister_combination/test_recorded_game.py`` replays it through the engine and checks RESULT.
"""

from __future__ import annotations

SEATS = ("Aki", "Ben", "Chie")
OPTIONS: dict[str, str] = {}  # the defaults: first_out, no hand limit (SC-7)

# (who, entry) in the order entered; "" is the table's own set-up.
ENTRIES: tuple[tuple[str, str], ...] = (
    ("", "setup first=0 hands=7,7,7 field=karen:3"),
    ("Aki", "play kaho:5"),                       # green, the field's colour (SC-2)
    ("Ben", "play marie:5"),                      # same number, now red
    ("Chie", "play marie:2"),                     # red
    ("Aki", "play marie:stack2"),                 # stack 2: obstruction mode (SC-3)
    ("Ben", "play hinako:stack2"),                # Stack 2 on Stack 2: stack 4
    ("Chie", "take"),                             # Chie cannot answer: she takes the 4 (SC-3)
    ("Aki", "play hinako:8"),                     # red, obstruction over
    ("Ben", "draw keep"),                         # no red, no 8: draws (SC-4), and the card does not fit either
    ("Chie", "play chikage:8"),                   # same number, now blue
    ("Aki", "play aria:mirror"),                  # blue Mirror: counter-clockwise (SC-8), Chie next
    ("Chie", "play aria:1"),                      # blue
    ("Ben", "play rinrin:1"),                     # same number
    ("Aki", "play yotsuba:sp colour=yellow target=2"),  # 四葉's S.P.: Chie gets 2 at once (SC-5); yellow named
    ("Chie", "play shirayuki:4"),                 # yellow
    ("Ben", "draw"),                              # no yellow, no 4 ...
    ("Ben", "play mamoru:6"),                     # ... the drawn card is yellow: played (SC-4)
    ("Aki", "play mamoru:4 reach"),               # Aki leaves herself one card and says "リーチ" (SC-6)
    ("Chie", "play shirayuki:6"),                 # yellow
    ("Ben", "play shirayuki:2"),                  # yellow
    ("Aki", "play yotsuba:2"),                    # her last card, a number, after リーチ: Aki is out (SC-6, SC-7)
)

# The game-over card: (place, name, cards left), best first (SC-7: out first, the others by cards left).
RESULT: tuple[tuple[int, str, int], ...] = ((1, "Aki", 0), (2, "Ben", 4), (3, "Chie", 8))
