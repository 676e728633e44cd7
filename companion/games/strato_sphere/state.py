"""The state of a whole tracked game: an immutable value, rebuilt by replaying moves.

The companion records what happened at a real table, not the hidden faces: hands are sizes, a face-down node
card is None until the table sees it, the resource pile is a count. What it has seen (node cards whose face
is known, the discard pile) is what a revealed or defending card is checked against (SS-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..base import ParseError
from .board import Board, Node, NodeCard, known_cards
from .cards import Card, Force, pack_size, packs_for
from .forces import FORCES_FIRST_REVEAL, FORCES_OPTION
from .outcome import Outcome
from .ring import NODES_PER_SEAT, ring_size

PLAYER_COUNTS = (2, 4)  # rule text "遊ぶ人数"
HAND_DEALT = 6  # rule text "ディール": 3 face-down node cards, then 6 hand cards each
MOVES_PER_TURN = 3  # SS-5


@dataclass(frozen=True)
class PendingAttack:
    """SS-7: an attack waiting for its defence window to close (a defence, or "no defence")."""

    player: int
    source: int
    target: int


@dataclass(frozen=True)
class TableState:
    board: Board
    hands: tuple[int, ...]  # hand size by seat
    pile: int  # cards left in the resource pile
    discard: tuple[Card, ...]  # oldest first
    forces_rule: str = FORCES_FIRST_REVEAL  # SS-3 option
    to_move: int = 0  # the seat left of the dealer is seat 0
    moves_made: int = 0  # moves the player to move has made this turn (SS-5)
    turn: int = 1
    pending: PendingAttack | None = None
    outcome: Outcome | None = None

    @property
    def players(self) -> int:
        return self.board.players

    @property
    def forces(self) -> tuple[Force | None, ...]:
        return self.board.forces

    def evolve(self, **changes: object) -> TableState:
        return replace(self, **changes)  # type: ignore[arg-type]


def new_state(players: int, options: Mapping[str, str] | None = None) -> TableState:
    """The table right after the deal: 3 unseen face-down nodes and 6 hand cards per seat, the rest as pile."""
    if players not in PLAYER_COUNTS:
        raise ParseError("ss.players.unsupported", "SS-2", "players", players=players, allowed=list(PLAYER_COUNTS))
    rule = (options or {}).get(FORCES_OPTION.key, FORCES_OPTION.default)
    if rule not in FORCES_OPTION.choices:
        raise ParseError(
            "ss.option.unknown_choice", "SS-3", "forces", value=str(rule), allowed=list(FORCES_OPTION.choices)
        )
    nodes = tuple(Node((NodeCard(None, up=False),)) for _ in range(ring_size(players)))
    dealt = players * (NODES_PER_SEAT + HAND_DEALT)
    return TableState(
        board=Board(players, (None,) * players, nodes),
        hands=(HAND_DEALT,) * players,
        pile=total_cards(players) - dealt,
        discard=(),
        forces_rule=rule,
    )


def total_cards(players: int) -> int:
    """SS-2: 104 cards with 4 players, 52 with 2."""
    return packs_for(players) * pack_size()


def cards_in_play(state: TableState) -> int:
    """Every card somewhere: nodes, hands, pile, discard. Constant through a game."""
    in_nodes = sum(node.size for node in state.board.nodes)
    return in_nodes + sum(state.hands) + state.pile + len(state.discard)


def seen_cards(state: TableState) -> Counter[Card]:
    """Copies of each face the table has seen: node cards with a known face and the discard pile (SS-2)."""
    return Counter(known_cards(state.board)) + Counter(state.discard)
