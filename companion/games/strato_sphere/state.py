"""The state of a whole tracked game: an immutable value, rebuilt by replaying moves.

The companion records what happened at a real table, not the hidden faces: hands are sizes, a face-down node
card is None until the table sees it, the resource pile is a count. What it has seen (node cards whose face
is known, the discard pile) is what a revealed or defending card is checked against (SS-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import ParseError
from .board import Board, Node, NodeCard, known_cards
from .cards import Card, Force, card_text, pack_size, packs_for, parse_card, parse_card_or_unknown, parse_force
from .forces import FORCES_FIRST_REVEAL, FORCES_OPTION
from .outcome import Outcome
from .readings import START_FIRST_SEAT, START_LEFT_OF_DEALER, START_OPTION, start_rule_from
from .ring import NODES_PER_SEAT, next_seat, ring_size

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
    start_rule: str = START_LEFT_OF_DEALER  # SS-5: who begins (readings.py; a table stored before: its first seat)
    dealer: int | None = None  # SS-5: the seat the table named as its dealer (None: not named)
    to_move: int = 0  # before the dealer is named, a placeholder: nobody moves until then
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

    @property
    def dealer_missing(self) -> bool:
        """SS-5: this table names its dealer before the first move, and has not yet."""
        return self.start_rule == START_LEFT_OF_DEALER and self.dealer is None

    @property
    def first_player(self) -> int | None:
        """SS-5: the seat on the dealer's left, who began; the first seat at a table stored before tables named
        their dealer; None while the dealer is not named."""
        if self.start_rule == START_FIRST_SEAT:
            return 0
        return None if self.dealer is None else next_seat(self.dealer, self.players)

    def evolve(self, **changes: object) -> TableState:
        return replace(self, **changes)  # type: ignore[arg-type]


def new_state(players: int, options: Mapping[str, str] | None = None) -> TableState:
    """The table right after the deal: 3 unseen face-down nodes and 6 hand cards per seat, the rest as pile.
    ``options`` are the table's stored options: a table stored before it named its dealer lacks ``start`` and
    begins with its first seat (readings.py); a new table names its dealer first (SS-5)."""
    if players not in PLAYER_COUNTS:
        raise ParseError("ss.players.unsupported", "SS-2", "players", players=players, allowed=list(PLAYER_COUNTS))
    rule = (options or {}).get(FORCES_OPTION.key, FORCES_OPTION.default)
    if rule not in FORCES_OPTION.choices:
        raise ParseError(
            "ss.option.unknown_choice", "SS-3", "forces", value=str(rule), allowed=list(FORCES_OPTION.choices)
        )
    start = start_rule_from(options or {})
    nodes = tuple(Node((NodeCard(None, up=False),)) for _ in range(ring_size(players)))
    dealt = players * (NODES_PER_SEAT + HAND_DEALT)
    return TableState(
        board=Board(players, (None,) * players, nodes),
        hands=(HAND_DEALT,) * players,
        pile=total_cards(players) - dealt,
        discard=(),
        forces_rule=rule,
        start_rule=start,
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


# --- the state as JSON (a snapshot of a table; Game.state_to_json / parse_state) ------------------------------


def state_to_json(state: TableState) -> dict[str, Any]:
    """Everything the state holds, as plain JSON: cards in notation (``"KS"``, ``"?"`` for an unseen face)."""
    pending = state.pending
    return {
        "players": state.players,
        "forces": [None if f is None else f.value for f in state.forces],
        "nodes": [[{"card": card_text(nc.card), "up": nc.up} for nc in node.cards] for node in state.board.nodes],
        "hands": list(state.hands),
        "pile": state.pile,
        "discard": [str(c) for c in state.discard],
        "forces_rule": state.forces_rule,
        "start_rule": state.start_rule,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "moves_made": state.moves_made,
        "turn": state.turn,
        "pending": None if pending is None else {"player": pending.player, "from": pending.source,
                                                 "to": pending.target},
        "outcome": None if state.outcome is None else state.outcome.to_json(),
    }


def _int_list(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise TypeError(value)
    return tuple(value)


def parse_state(data: Mapping[str, Any]) -> TableState:
    """Inverse of ``state_to_json``; raises ParseError (``ss.state.malformed``, with the field) otherwise."""
    key = "players"
    try:
        players = int(data["players"])
        if players not in PLAYER_COUNTS:
            raise ValueError(players)
        key = "forces"
        forces = tuple(None if f is None else parse_force(f, players) for f in data["forces"])
        key = "nodes"
        nodes = tuple(
            Node(tuple(NodeCard(parse_card_or_unknown(nc["card"]), up=bool(nc["up"])) for nc in stack))
            for stack in data["nodes"]
        )
        if len(forces) != players or len(nodes) != ring_size(players) or not all(n.cards for n in nodes):
            raise ValueError(key)
        key = "hands"
        hands = _int_list(data["hands"])
        key = "discard"
        discard = tuple(parse_card(c) for c in data["discard"])
        key = "forces_rule"
        rule = str(data["forces_rule"])
        if rule not in FORCES_OPTION.choices:
            raise ValueError(rule)
        key = "start_rule"
        start = str(data.get("start_rule", START_OPTION.before))  # a snapshot from before tables named a dealer
        if start not in START_OPTION.choices:
            raise ValueError(start)
        key = "dealer"
        dealer = data.get("dealer")
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < players):
            raise ValueError(dealer)
        key = "pending"
        raw = data.get("pending")
        pending = None if raw is None else PendingAttack(int(raw["player"]), int(raw["from"]), int(raw["to"]))
        key = "outcome"
        raw = data.get("outcome")
        outcome = None if raw is None else Outcome(
            str(raw["kind"]), raw["side"], _int_list(raw["winners"]), raw["captured"], _int_list(raw["nodes"])
        )
        key = "turn"
        return TableState(
            board=Board(players, forces, nodes),
            hands=hands,
            pile=int(data["pile"]),
            discard=discard,
            forces_rule=rule,
            start_rule=start,
            dealer=dealer,
            to_move=int(data["to_move"]),
            moves_made=int(data["moves_made"]),
            turn=int(data["turn"]),
            pending=pending,
            outcome=outcome,
        )
    except (KeyError, TypeError, ValueError, ParseError) as error:
        raise ParseError("ss.state.malformed", "SS-1", key, field=key) from error
