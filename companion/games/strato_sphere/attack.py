"""May this node attack that one (SS-6)? Does this card defend (SS-7)?

One short function per condition, each returning a Reason with its ruling id: ``ok`` True when the condition
holds (a legal verdict lists them too), False with the parameters that say what would have made it legal.
The dispute page, the referee API and the whole-game tracker all call these same functions.

Every function expects node indices that exist on the board (the callers check that first).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..base import Reason
from .board import Board, NodeStatus, Relation, controller, node_status, relation, unclaimed_params
from .cards import Card, Colour, Force, Rank, force_of
from .copies import unseen_cards
from .ring import neighbours, ring_size

MIN_ATTACK_CARDS = 2  # SS-6: both nodes hold 2+ cards, so neither can empty (SS-5)


def _nodes_related(board: Board, player: int, wanted: Relation) -> list[int]:
    return [n for n in range(len(board.nodes)) if relation(board, n, player) is wanted]


def _relation_params(board: Board, node: int, player: int) -> dict[str, Any]:
    params: dict[str, Any] = {"relation": relation(board, node, player).value}
    holder = controller(board, node)
    if holder is not None:
        params["controller"] = holder
    return params


def source_is_yours(board: Board, player: int, source: int) -> Reason:
    """SS-6: attack from a node you control (SS-4); a partner's node is not yours (SS-5)."""
    ok = relation(board, source, player) is Relation.YOURS
    params = {"player": player, "from": source, **_relation_params(board, source, player)}
    if ok:
        return Reason("ss.attack.from_yours", "SS-6", True, params, "from")
    params["your_nodes"] = _nodes_related(board, player, Relation.YOURS)
    if node_status(board, source) is NodeStatus.UNCLAIMED:
        unclaimed = {k: v for k, v in unclaimed_params(board, source).items() if k != "node"}
        return Reason("ss.attack.from_unclaimed", "SS-4", False, params | unclaimed, "from")
    return Reason("ss.attack.from_not_yours", "SS-6", False, params, "from")


def target_is_opponents(board: Board, player: int, target: int) -> Reason:
    """SS-6: the target is controlled by an opposing player (not neutral, not unclaimed, not a partner's)."""
    ok = relation(board, target, player) is Relation.OPPONENT
    params = {"player": player, "to": target, **_relation_params(board, target, player)}
    if ok:
        return Reason("ss.attack.to_opponents", "SS-6", True, params, "to")
    params["opponent_nodes"] = _nodes_related(board, player, Relation.OPPONENT)
    if node_status(board, target) is NodeStatus.UNCLAIMED:
        unclaimed = {k: v for k, v in unclaimed_params(board, target).items() if k != "node"}
        return Reason("ss.attack.to_unclaimed", "SS-4", False, params | unclaimed, "to")
    return Reason("ss.attack.to_not_opponents", "SS-6", False, params, "to")


def nodes_adjacent(board: Board, source: int, target: int) -> Reason:
    """SS-1/SS-6: the two nodes touch on the ring (modulo its size, across seat seams and the wrap-around)."""
    beside = list(neighbours(source, board.players))
    params = {"from": source, "to": target, "ring_size": ring_size(board.players), "neighbours": beside}
    if target in beside:
        return Reason("ss.attack.adjacent", "SS-1", True, params, "to")
    return Reason("ss.attack.not_adjacent", "SS-1", False, params, "to")


def source_holds_two(board: Board, source: int) -> Reason:
    """SS-6: the attacking node holds at least 2 cards."""
    cards = board.nodes[source].size
    params = {"node": source, "cards": cards, "min_cards": MIN_ATTACK_CARDS}
    if cards >= MIN_ATTACK_CARDS:
        return Reason("ss.attack.from_holds_two", "SS-6", True, params, "from")
    return Reason("ss.attack.from_too_small", "SS-6", False, params, "from")


def target_holds_two(board: Board, target: int) -> Reason:
    """SS-6: the attacked node holds at least 2 cards."""
    cards = board.nodes[target].size
    params = {"node": target, "cards": cards, "min_cards": MIN_ATTACK_CARDS}
    if cards >= MIN_ATTACK_CARDS:
        return Reason("ss.attack.to_holds_two", "SS-6", True, params, "to")
    return Reason("ss.attack.to_too_small", "SS-6", False, params, "to")


def face_up_top(board: Board, node: int) -> Card | None:
    top = board.nodes[node].top
    return top.card if top.up else None


def rank_not_higher(board: Board, source: int, target: int) -> Reason | None:
    """SS-6: the target's top rank is at most the attacker's (A K Q J 10 … 2, A high).

    Only comparable when both top cards are face up; otherwise the control conditions have failed already
    and there is no rank to compare, so this returns None.
    """
    attacking, attacked = face_up_top(board, source), face_up_top(board, target)
    if attacking is None or attacked is None:
        return None
    params = {
        "from_card": str(attacking),
        "to_card": str(attacked),
        "from_rank": str(attacking.rank),
        "to_rank": str(attacked.rank),
    }
    if attacked.rank <= attacking.rank:
        return Reason("ss.attack.rank_ok", "SS-6", True, params, "to")
    params["max_rank"] = str(attacking.rank)
    return Reason("ss.attack.rank_too_high", "SS-6", False, params, "to")


def attack_conditions(board: Board, player: int, source: int, target: int) -> tuple[Reason, ...]:
    """Every condition of SS-6, in the order a player would check them at the table."""
    reasons = [
        source_is_yours(board, player, source),
        target_is_opponents(board, player, target),
        nodes_adjacent(board, source, target),
        source_holds_two(board, source),
        target_holds_two(board, target),
    ]
    rank = rank_not_higher(board, source, target)
    if rank is not None:
        reasons.append(rank)
    return tuple(reasons)


# --- SS-7: the defence ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DefenceNeed:
    """SS-7: what a defence card must be: of this force (suit, or colour with 2 players), rank >= min_rank."""

    force: Force
    min_rank: Rank

    def to_json(self) -> dict[str, str]:
        """The API's ``defenders``: ``{"suit": "S", "min_rank": "K"}`` or ``{"colour": "red", ...}``."""
        key = "colour" if isinstance(self.force, Colour) else "suit"
        return {key: self.force.value, "min_rank": str(self.min_rank)}

    def admits(self, card: Card, players: int) -> bool:
        return force_of(card, players) == self.force and card.rank >= self.min_rank


def defence_need(board: Board, source: int) -> DefenceNeed | None:
    """SS-7: the defence needs the attacking card's suit (colour with 2 players) and at least its rank."""
    attacking = face_up_top(board, source)
    if attacking is None:
        return None
    return DefenceNeed(force_of(attacking, board.players), attacking.rank)


def possible_defenders(need: DefenceNeed, players: int, seen: Counter[Card]) -> tuple[Card, ...]:
    """Cards that would defend and of which a copy may still be in someone's hand (not all copies seen)."""
    return tuple(card for card in unseen_cards(seen, players) if need.admits(card, players))


def defence_need_reason(need: DefenceNeed, players: int, seen: Counter[Card]) -> Reason:
    """SS-7, for a legal attack: which cards could defend it (informative, always ok)."""
    params = {
        "force": need.force.value,
        "min_rank": str(need.min_rank),
        "cards": [str(c) for c in possible_defenders(need, players, seen)],
    }
    return Reason("ss.attack.defence_needs", "SS-7", True, params, "")


def defence_force_matches(board: Board, source: int, card: Card) -> Reason:
    """SS-7: the defence card is of the attacking card's suit (2 players: its colour)."""
    need = defence_need(board, source)
    assert need is not None, "a legal attack has a face-up attacking card"
    played = force_of(card, board.players)
    params = {
        "card": str(card),
        "attacking_card": str(board.nodes[source].top.card),
        "card_force": played.value,
        "needed_force": need.force.value,
    }
    if played == need.force:
        return Reason("ss.defend.force_matches", "SS-7", True, params, "card")
    return Reason("ss.defend.wrong_force", "SS-7", False, params, "card")


def defence_rank_enough(board: Board, source: int, card: Card) -> Reason:
    """SS-7: the defence card's rank is the attacking card's rank or higher."""
    need = defence_need(board, source)
    assert need is not None, "a legal attack has a face-up attacking card"
    params = {
        "card": str(card),
        "attacking_card": str(board.nodes[source].top.card),
        "card_rank": str(card.rank),
        "min_rank": str(need.min_rank),
    }
    if card.rank >= need.min_rank:
        return Reason("ss.defend.rank_enough", "SS-7", True, params, "card")
    return Reason("ss.defend.rank_too_low", "SS-7", False, params, "card")


def defence_conditions(board: Board, source: int, card: Card) -> tuple[Reason, ...]:
    """Every condition of SS-7 on the card, for an attack from ``source`` that is legal."""
    return (defence_force_matches(board, source, card), defence_rank_enough(board, source, card))
