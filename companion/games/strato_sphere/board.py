"""The nodes on the table and who controls them (SS-4).

A ``Board`` is what both the dispute page / referee API and the whole-game tracker describe: the number of
players, each seat's force (or None while unknown) and the ring of nodes, each a stack with its top card
first. Only the top card of a node can be face up (SS-4). A face-down card's face is None when nobody has
seen it, or the card when the table has (it was face up before and was turned down or moved). That face is
kept to count the copies seen (SS-2) and to check the card a later reveal names (SS-4); face down is secret, so
a page never draws it (the players' link recalls it only behind a tap).

Node notation: cards top first separated by spaces; a face-up card is ``KS``, an unseen face-down card ``?``,
a face-down card the table has seen ``[KS]``. ``parse_node(str(n)) == n``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..base import ParseError
from .cards import UNKNOWN, Card, Force, force_of, parse_card, parse_card_or_unknown
from .ring import are_partners


@dataclass(frozen=True)
class NodeCard:
    """One card in a node: its face when known, and whether it lies face up."""

    card: Card | None
    up: bool = False

    def __post_init__(self) -> None:
        if self.up and self.card is None:
            # Nobody can fail to see a face-up card.
            raise ParseError("ss.card.unknown_face_up", "SS-4")

    def __str__(self) -> str:
        if self.up:
            return str(self.card)
        return UNKNOWN if self.card is None else f"[{self.card}]"

    @classmethod
    def parse(cls, text: str) -> NodeCard:
        text = text.strip()
        if text.startswith("[") and text.endswith("]"):
            return cls(parse_card(text[1:-1]), up=False)
        card = parse_card_or_unknown(text)
        return cls(card, up=card is not None)

    def face_down(self) -> NodeCard:
        return NodeCard(self.card, up=False)


@dataclass(frozen=True)
class Node:
    """A stack of cards, top first. Never empty in play (SS-5)."""

    cards: tuple[NodeCard, ...]

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)

    @property
    def top(self) -> NodeCard:
        return self.cards[0]

    @property
    def size(self) -> int:
        return len(self.cards)

    def without_top(self) -> Node:
        return Node(self.cards[1:])

    def with_top(self, top: NodeCard) -> Node:
        return Node((top, *self.cards[1:]))

    def with_bottom(self, card: NodeCard) -> Node:
        return Node((*self.cards, card))


def parse_node(text: str) -> Node:
    """``"KS ? [2H]"`` -> Node (top first)."""
    return Node(tuple(NodeCard.parse(part) for part in text.split()))


class NodeStatus(Enum):
    """SS-4: what a node's top card says about its control."""

    NEUTRAL = "neutral"  # top card face down: nobody controls it
    UNCLAIMED = "unclaimed"  # top face up, of a force nobody holds yet: neither neutral nor controlled
    CONTROLLED = "controlled"  # top face up, of a player's force


class Relation(Enum):
    """How a node stands to one player: the words a message uses ("your node", "a partner's node", …)."""

    YOURS = "yours"
    PARTNER = "partner"
    OPPONENT = "opponent"
    NEUTRAL = "neutral"
    UNCLAIMED = "unclaimed"


@dataclass(frozen=True)
class Board:
    """Players, forces by seat (None = not known yet) and the ring of nodes in ring order (SS-1)."""

    players: int
    forces: tuple[Force | None, ...]
    nodes: tuple[Node, ...]

    def __str__(self) -> str:
        return " | ".join(str(n) for n in self.nodes)

    def with_node(self, index: int, node: Node) -> Board:
        nodes = list(self.nodes)
        nodes[index] = node
        return Board(self.players, self.forces, tuple(nodes))

    def with_forces(self, forces: tuple[Force | None, ...]) -> Board:
        return Board(self.players, forces, self.nodes)


def top_force(board: Board, node: int) -> Force | None:
    """The force of the node's top card when it is face up, else None."""
    top = board.nodes[node].top
    if not top.up or top.card is None:
        return None
    return force_of(top.card, board.players)


def controller(board: Board, node: int) -> int | None:
    """SS-4: the seat whose force matches the node's face-up top card, or None (neutral or unclaimed)."""
    force = top_force(board, node)
    if force is None:
        return None
    for seat, held in enumerate(board.forces):
        if held == force:
            return seat
    return None


def node_status(board: Board, node: int) -> NodeStatus:
    """SS-4: neutral (top face down), unclaimed (face up, force held by nobody yet) or controlled."""
    if top_force(board, node) is None:
        return NodeStatus.NEUTRAL
    return NodeStatus.UNCLAIMED if controller(board, node) is None else NodeStatus.CONTROLLED


def is_neutral(board: Board, node: int) -> bool:
    """SS-4: a neutral node (top card face down). An unclaimed node is not neutral: no move places under it,
    turns it, moves its card or attacks from or to it until a player's force becomes its suit."""
    return node_status(board, node) is NodeStatus.NEUTRAL


def unclaimed_params(board: Board, node: int) -> dict[str, object]:
    """SS-4: what makes ``node`` unclaimed (its face-up top card and that card's force, held by nobody)."""
    top = board.nodes[node].top.card
    force = top_force(board, node)
    return {"node": node, "top": str(top), "force": None if force is None else force.value}


def relation(board: Board, node: int, player: int) -> Relation:
    """How ``node`` stands to ``player``: theirs, a partner's (never theirs, SS-5), an opponent's, or neither."""
    status = node_status(board, node)
    if status is NodeStatus.NEUTRAL:
        return Relation.NEUTRAL
    if status is NodeStatus.UNCLAIMED:
        return Relation.UNCLAIMED
    holder = controller(board, node)
    if holder == player:
        return Relation.YOURS
    if holder is not None and are_partners(holder, player, board.players):
        return Relation.PARTNER
    return Relation.OPPONENT


def known_cards(board: Board) -> tuple[Card, ...]:
    """Every card in the nodes whose face the table has seen (face up, or seen and turned down)."""
    return tuple(nc.card for node in board.nodes for nc in node.cards if nc.card is not None)
