"""The conditions of the six moves of SS-5 other than the attack (that one is in attack.py).

One short function per condition, each returning a Reason with its ruling id, ``ok`` or failing with the
parameters that say what would have made it legal. No move may leave a node empty, nor a hand above 7 (SS-5).
Node indices must exist (``node_exists`` is checked first by the callers).
"""

from __future__ import annotations

from typing import Any

from ..base import Reason
from .board import Board, NodeStatus, Relation, controller, is_neutral, node_status, relation, unclaimed_params
from .cards import Card
from .ring import neighbours, ring_size

HAND_LIMIT = 7  # SS-5: a draw may not take a hand above 7


def node_exists(board: Board, node: int, path: str) -> Reason | None:
    """A failing reason when ``node`` is not on the ring (SS-1: 3 × players nodes), else None."""
    size = ring_size(board.players)
    if 0 <= node < size:
        return None
    return Reason("ss.node.no_such_node", "SS-1", False, {"node": node, "ring_size": size}, path)


def _who(board: Board, node: int, player: int) -> dict[str, Any]:
    params: dict[str, Any] = {"relation": relation(board, node, player).value}
    holder = controller(board, node)
    if holder is not None:
        params["controller"] = holder
    return params


# --- draw ------------------------------------------------------------------------------------------------------


def pile_has_card(pile: int) -> Reason:
    """SS-5: a draw needs a card in the resource pile."""
    if pile > 0:
        return Reason("ss.draw.pile_has_cards", "SS-5", True, {"pile": pile})
    return Reason("ss.draw.pile_empty", "SS-5", False, {"pile": pile})


def hand_has_room(player: int, hand: int) -> Reason:
    """SS-5: a draw may not take the hand above 7 cards."""
    params = {"player": player, "hand": hand, "max_hand": HAND_LIMIT}
    if hand < HAND_LIMIT:
        return Reason("ss.draw.hand_has_room", "SS-5", True, params)
    return Reason("ss.draw.hand_full", "SS-5", False, params)


# --- place a hand card face down under a node --------------------------------------------------------------------


def hand_has_card(player: int, hand: int) -> Reason:
    """SS-5: placing a card needs a card in hand."""
    params = {"player": player, "hand": hand}
    if hand > 0:
        return Reason("ss.place.hand_has_card", "SS-5", True, params)
    return Reason("ss.place.hand_empty", "SS-5", False, params)


def place_target_allowed(board: Board, player: int, node: int) -> Reason:
    """SS-5: under a neutral node or under a node you control, never a partner's or an opponent's, nor an
    unclaimed one (SS-4: neither neutral nor controlled)."""
    params = {"node": node, **_who(board, node, player)}
    if is_neutral(board, node):
        return Reason("ss.place.node_neutral", "SS-5", True, params, "node")
    if relation(board, node, player) is Relation.YOURS:
        return Reason("ss.place.node_yours", "SS-5", True, params, "node")
    params["allowed_nodes"] = [
        n
        for n in range(len(board.nodes))
        if is_neutral(board, n) or relation(board, n, player) is Relation.YOURS
    ]
    if node_status(board, node) is NodeStatus.UNCLAIMED:
        return Reason("ss.place.node_unclaimed", "SS-4", False, params | unclaimed_params(board, node), "node")
    return Reason("ss.place.node_not_allowed", "SS-5", False, params, "node")


# --- turn a neutral node's top card face up ----------------------------------------------------------------------


def reveal_top_face_down(board: Board, player: int, node: int) -> Reason:
    """SS-5/SS-4: only a neutral node's top card, which lies face down, can be turned face up."""
    params = {"node": node, **_who(board, node, player)}
    if node_status(board, node) is NodeStatus.NEUTRAL:
        return Reason("ss.reveal.top_face_down", "SS-5", True, params, "node")
    params["top"] = str(board.nodes[node].top.card)
    params["face_down_nodes"] = [n for n in range(len(board.nodes)) if node_status(board, n) is NodeStatus.NEUTRAL]
    if node_status(board, node) is NodeStatus.UNCLAIMED:
        return Reason("ss.reveal.node_unclaimed", "SS-4", False, params | unclaimed_params(board, node), "node")
    return Reason("ss.reveal.top_face_up", "SS-5", False, params, "node")


def reveal_matches_seen(board: Board, node: int, card: Card) -> Reason | None:
    """A face-down top card the table has already seen can only turn up as that card (SS-4). None when the
    card was never seen. A mismatch is an impossible state, not an illegal move."""
    seen = board.nodes[node].top.card
    if seen is None:
        return None
    params = {"node": node, "seen": str(seen), "named": str(card)}
    if seen == card:
        return Reason("ss.reveal.matches_seen", "SS-4", True, params, "card")
    return Reason("ss.reveal.contradicts_seen", "SS-4", False, params, "card")


# --- turn your node's top card face down --------------------------------------------------------------------------


def conceal_node_yours(board: Board, player: int, node: int) -> Reason:
    """SS-5: only the top card of a node you control can be turned face down (a partner's is not yours)."""
    params = {"node": node, **_who(board, node, player)}
    if relation(board, node, player) is Relation.YOURS:
        return Reason("ss.conceal.node_yours", "SS-5", True, params, "node")
    params["your_nodes"] = [n for n in range(len(board.nodes)) if relation(board, n, player) is Relation.YOURS]
    if node_status(board, node) is NodeStatus.UNCLAIMED:
        return Reason("ss.conceal.node_unclaimed", "SS-4", False, params | unclaimed_params(board, node), "node")
    return Reason("ss.conceal.node_not_yours", "SS-5", False, params, "node")


# --- move a neutral node's top card under an adjacent node -----------------------------------------------------


def shift_source_neutral(board: Board, player: int, source: int) -> Reason:
    """SS-5: the card moved is the top card of a neutral node, moved face down as it lies (「裏向きのまま」), so
    never an unclaimed node's face-up card (SS-4)."""
    params = {"from": source, **_who(board, source, player)}
    if is_neutral(board, source):
        return Reason("ss.shift.from_neutral", "SS-5", True, params, "from")
    params["neutral_nodes"] = [n for n in range(len(board.nodes)) if is_neutral(board, n)]
    if node_status(board, source) is NodeStatus.UNCLAIMED:
        unclaimed = {k: v for k, v in unclaimed_params(board, source).items() if k != "node"}
        return Reason("ss.shift.from_unclaimed", "SS-4", False, params | unclaimed, "from")
    return Reason("ss.shift.from_controlled", "SS-5", False, params, "from")


def shift_adjacent(board: Board, source: int, target: int) -> Reason:
    """SS-1/SS-5: the card goes under a node adjacent on the ring."""
    beside = list(neighbours(source, board.players))
    params = {"from": source, "to": target, "ring_size": ring_size(board.players), "neighbours": beside}
    if target in beside:
        return Reason("ss.shift.adjacent", "SS-1", True, params, "to")
    return Reason("ss.shift.not_adjacent", "SS-1", False, params, "to")


def shift_leaves_card(board: Board, source: int) -> Reason:
    """SS-5: no move may leave a node empty, so the source must hold 2+ cards."""
    cards = board.nodes[source].size
    params = {"node": source, "cards": cards, "min_cards": 2}
    if cards >= 2:
        return Reason("ss.shift.from_keeps_card", "SS-5", True, params, "from")
    return Reason("ss.shift.would_empty", "SS-5", False, params, "from")
