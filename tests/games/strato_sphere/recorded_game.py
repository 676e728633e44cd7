"""A whole 2-player game of Strato-Sphere as the table played it (issue 35's benchmark, tests/browser/taps): data, in
the engine's notation (companion/games/strato_sphere/moves.py), turn by turn, in the order the entries were made.

Aki (seat 0) has nodes 0, 1, 2 in front of her; Ben (seat 1) nodes 3, 4, 5 (SS-1). Ben dealt, so Aki began (SS-5).
Each player put a card under a neutral node before turning it up, so that a node they won could attack or be
attacked (SS-6 needs 2 cards on both). A defence window's answer (SS-7) is written inside the attacker's turn,
where it was entered; "no-defence" is the table's own entry only when nobody could defend (forced.py), and here
somebody always could, so both are the players' entries.

The result, as the game-over card shows it: Aki wins (SS-8), holding all three of Ben's nodes, 3, 4 and 5.
"""

from __future__ import annotations

SEATS = ("Aki", "Ben")
DEALER = 1  # Ben dealt: Aki, on his left, played first (SS-5)

TURNS: tuple[tuple[int, tuple[str, ...]], ...] = (
    # Turn 1, Aki: a card under node 4, then turns it up as 9♥: her first face-up card, so Aki plays red (SS-3).
    (0, ("place 4", "reveal 4 9H", "draw")),
    # Turn 2, Ben: the same at node 3 (Q♣: Ben plays black), then attacks node 4 (9 ≤ Q, SS-6); Aki defends with K♠
    # (black like the attacking card, K ≥ Q, SS-7): Q♣ and K♠ are discarded, node 3 is neutral again, node 4 untouched.
    (1, ("place 3", "reveal 3 QC", "attack 3 4", "defend 0 KS")),
    # Turn 3, Aki takes node 3 back: a card under it, turned up as 5♥.
    (0, ("place 3", "reveal 3 5H", "draw")),
    # Turn 4, Ben on Aki's side: node 1 as J♠.
    (1, ("place 1", "reveal 1 JS", "draw")),
    # Turn 5, Aki: node 5 turns up 8♣, Ben's; she attacks it from node 4 (8 ≤ 9) and Ben does not defend:
    # 9♥ and 8♣ are discarded, nodes 4 and 5 are neutral, one card each.
    (0, ("place 5", "reveal 5 8C", "attack 4 5", "no-defence")),
    # Turn 6, Ben: node 0 as 7♠; Ben now holds two of Aki's three nodes.
    (1, ("place 0", "reveal 0 7S", "draw")),
    # Turn 7, Aki turns up node 2 before Ben can: A♥, hers, and on one card it cannot be attacked (SS-6).
    (0, ("reveal 2 AH", "draw", "draw")),
    # Turn 8, Ben puts a card under each of nodes 4 and 5, so that whatever Aki turns up there can be attacked.
    (1, ("place 4", "place 5", "draw")),
    # Turn 9, Aki: node 5 turns up 3♣, Ben's; node 4 10♦, hers; she attacks node 5 from node 4 (3 ≤ 10), and Ben
    # defends with Q♦ (red like 10♦, Q ≥ 10, SS-7): 10♦ and Q♦ are discarded, node 4 is neutral on one card.
    (0, ("reveal 5 3C", "reveal 4 10D", "attack 4 5", "defend 1 QD")),
    # Turn 10, Ben turns node 4 up to keep it, and it is J♦: Aki's, on one card. A card under node 5, a draw.
    (1, ("reveal 4 JD", "place 5", "draw")),
    # Turn 11, Aki: a card under node 4 so it can attack (SS-6), then node 5 (3 ≤ J); Ben has no red card of J or
    # higher: J♦ and 3♣ are discarded, and node 5 turns up 2♥, hers.
    (0, ("place 4", "attack 4 5", "no-defence", "reveal 5 2H")),
    # Turn 12, Ben must turn node 4 up before Aki does: 4♥, red. Aki holds all three of Ben's nodes, 3, 4 and 5,
    # and wins at once, on Ben's move (SS-8).
    (1, ("reveal 4 4H",)),
)

WINNERS = (0,)  # Aki
DECIDING_NODES = (3, 4, 5)  # every node in front of Ben (SS-8)
