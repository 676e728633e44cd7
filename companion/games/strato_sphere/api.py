"""The referee API's Strato-Sphere calls, pure: decoded JSON body in, response dict out (see API.md).

``attack_response(body)`` answers ``POST /api/v1/strato-sphere/attack`` and ``defend_response(body)`` answers
``/defend``. Both raise ErrorList with every problem found (the web layer answers 422): ParseError for
malformed input, ImpossibleState for a table that cannot exist (a face-up card under the top, SS-4; more
copies than the packs hold, SS-2; two seats with one force, SS-3), IllegalMove for a defence against an
illegal attack. "reasons" items are ``Reason`` objects; the web layer adds the message.

Defaults: ``players`` 4, ``forces`` all unknown (null), a card's ``up`` false, ``completion`` false, no ``start``
(optional: the seat that began, on the dealer's left, SS-5; Planeta Rica's request names its start player so,
and a client may send the same field to every game). A null
force is held by nobody (SS-3, the Japanese text): ``["red", null]`` leaves black to nobody, so a face-up black
top card is unclaimed (SS-4). ``"completion": true`` reads the forces with SS-3's completion option (the
English original): with all forces but one known, the last seat holds the remaining one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..base import ErrorList, IllegalMove, ImpossibleState, ParseError, Reason, RulesError, Verdict
from .attack import attack_conditions, defence_conditions, defence_need, defence_need_reason
from .board import Board, Node, NodeCard, known_cards
from .cards import Card, Force, packs_for, parse_card, parse_card_or_unknown, parse_force
from .copies import TOO_MANY_COPIES
from .forces import complete_forces
from .ring import ring_size
from .state import PLAYER_COUNTS


@dataclass(frozen=True)
class AttackQuery:
    """A decoded request: the shared state and one attack (SS-6)."""

    board: Board
    player: int
    source: int
    target: int


class _Reader:
    """Reads a JSON body field by field, collecting every problem instead of stopping at the first."""

    def __init__(self) -> None:
        self.errors: list[RulesError] = []

    def fail(self, error: RulesError) -> None:
        self.errors.append(error)

    def integer(self, data: Mapping[str, Any], key: str, path: str, rule: str, low: int, high: int) -> int | None:
        """A required integer in low..high (inclusive)."""
        if key not in data:
            self.fail(ParseError("ss.input.missing", rule, path, field=key))
            return None
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(ParseError("ss.input.wrong_type", rule, path, expected="integer", value=str(value)))
            return None
        if not low <= value <= high:
            self.fail(ParseError("ss.input.out_of_range", rule, path, value=value, min=low, max=high))
            return None
        return value

    def players(self, body: Mapping[str, Any]) -> int | None:
        """``players``: 2 or 4 (rule text "遊ぶ人数", SS-2); 4 when absent."""
        value = body.get("players", 4)
        if isinstance(value, bool) or value not in PLAYER_COUNTS:
            self.fail(ParseError("ss.input.players", "SS-2", "players", value=str(value), allowed=list(PLAYER_COUNTS)))
            return None
        return int(value)

    def start(self, body: Mapping[str, Any], players: int) -> int | None:
        """``start`` (optional): the seat that began, the one on the dealer's left (SS-5). Checked as a seat of
        this table; it changes no answer, since who may attack or defend does not depend on who began (SS-6: the
        attacking ``player`` is named; SS-7: anyone may defend)."""
        if "start" not in body:
            return None
        return self.integer(body, "start", "start", "SS-5", 0, players - 1)

    def forces(self, body: Mapping[str, Any], players: int) -> tuple[Force | None, ...]:
        """``forces[seat]``: a suit letter (4 players), "red"/"black" (2 players) or null (SS-3)."""
        value = body.get("forces")
        if value is None:
            value = [None] * players
        if not isinstance(value, list):
            self.fail(ParseError("ss.input.wrong_type", "SS-3", "forces", expected="list", value=str(value)))
            return (None,) * players
        if len(value) != players:
            self.fail(ParseError("ss.input.wrong_length", "SS-3", "forces", expected=players, got=len(value)))
            return (None,) * players
        forces: list[Force | None] = []
        for seat, item in enumerate(value):
            forces.append(self._force(item, players, f"forces[{seat}]"))
        for seat, force in enumerate(forces):
            earlier = [s for s in range(seat) if forces[s] == force]
            if force is not None and earlier:
                seats = [earlier[0], seat]
                self.fail(
                    ImpossibleState(
                        "ss.forces.repeated",
                        "SS-3",
                        f"forces[{seat}]",
                        force=force.value,
                        forces=[force.value],
                        seats=seats,
                    )
                )
                forces[seat] = None
        completion = body.get("completion", False)
        if not isinstance(completion, bool):
            self.fail(ParseError("ss.input.wrong_type", "SS-3", "completion", expected="boolean",
                                 value=str(completion)))
            completion = False
        return complete_forces(tuple(forces), players) if completion else tuple(forces)

    def _force(self, item: object, players: int, path: str) -> Force | None:
        if item is None:
            return None
        try:
            return parse_force(item, players)
        except ParseError as error:
            self.fail(ParseError(error.code, error.rule, path, **error.params))
            return None

    def nodes(self, body: Mapping[str, Any], players: int) -> tuple[Node, ...] | None:
        """``nodes``: 3 × players stacks in ring order (SS-1), each top card first, never empty (SS-5)."""
        expected = ring_size(players)
        value = body.get("nodes")
        if value is None:
            self.fail(ParseError("ss.input.missing", "SS-1", "nodes", field="nodes"))
            return None
        if not isinstance(value, list):
            self.fail(ParseError("ss.input.wrong_type", "SS-1", "nodes", expected="list", value=str(value)))
            return None
        if len(value) != expected:
            self.fail(
                ParseError("ss.input.node_count", "SS-1", "nodes", expected=expected, got=len(value), players=players)
            )
            return None
        nodes = [self._node(stack, f"nodes[{i}]") for i, stack in enumerate(value)]
        if any(node is None for node in nodes):
            return None
        return tuple(node for node in nodes if node is not None)

    def _node(self, stack: object, path: str) -> Node | None:
        if not isinstance(stack, list):
            self.fail(ParseError("ss.input.wrong_type", "SS-1", path, expected="list", value=str(stack)))
            return None
        if not stack:
            self.fail(ImpossibleState("ss.node.empty", "SS-5", path))
            return None
        cards = [self._node_card(item, f"{path}[{j}]", on_top=j == 0) for j, item in enumerate(stack)]
        if any(card is None for card in cards):
            return None
        return Node(tuple(card for card in cards if card is not None))

    def _node_card(self, item: object, path: str, on_top: bool) -> NodeCard | None:
        if not isinstance(item, Mapping):
            self.fail(ParseError("ss.input.wrong_type", "SS-2", path, expected="object", value=str(item)))
            return None
        up = item.get("up", False)
        if not isinstance(up, bool):
            self.fail(ParseError("ss.input.wrong_type", "SS-4", f"{path}.up", expected="boolean", value=str(up)))
            return None
        if "card" not in item:
            self.fail(ParseError("ss.input.missing", "SS-2", f"{path}.card", field="card"))
            return None
        try:
            card = parse_card_or_unknown(item["card"])
        except ParseError as error:
            self.fail(ParseError(error.code, error.rule, f"{path}.card", **error.params))
            return None
        if up and card is None:
            self.fail(ParseError("ss.card.unknown_face_up", "SS-4", f"{path}.card"))
            return None
        if up and not on_top:
            # SS-4: only the top card of a node can be face up.
            self.fail(ImpossibleState("ss.node.face_up_below_top", "SS-4", f"{path}.up", card=str(card)))
            return None
        return NodeCard(card, up)

    def shown_card(self, data: Mapping[str, Any], key: str, path: str) -> Card | None:
        """A card shown face up (a defence card, SS-7): never ``?``."""
        if key not in data:
            self.fail(ParseError("ss.input.missing", "SS-7", path, field=key))
            return None
        try:
            return parse_card(data[key])
        except ParseError as error:
            self.fail(ParseError(error.code, error.rule, path, **error.params))
            return None

    def copies(self, located: list[tuple[Card, str]], players: int) -> None:
        """SS-2: no face appears more often than the packs hold it (each excess copy is reported)."""
        packs, seen = packs_for(players), Counter[Card]()
        for card, path in located:
            if seen[card] >= packs:
                self.fail(ImpossibleState(TOO_MANY_COPIES, "SS-2", path, card=str(card), seen=seen[card], packs=packs))
            seen[card] += 1

    def attack(self, data: Mapping[str, Any], players: int, prefix: str) -> tuple[int, int, int] | None:
        """``player``, ``from``, ``to``: a seat and two node indices (SS-1)."""
        last_node = ring_size(players) - 1
        player = self.integer(data, "player", prefix + "player", "SS-2", 0, players - 1)
        source = self.integer(data, "from", prefix + "from", "SS-1", 0, last_node)
        target = self.integer(data, "to", prefix + "to", "SS-1", 0, last_node)
        if player is None or source is None or target is None:
            return None
        return (player, source, target)


def _located_node_cards(nodes: tuple[Node, ...]) -> list[tuple[Card, str]]:
    return [
        (nc.card, f"nodes[{i}][{j}].card")
        for i, node in enumerate(nodes)
        for j, nc in enumerate(node.cards)
        if nc.card is not None
    ]


def _read_query(body: object, reader: _Reader, attack_key: str | None) -> AttackQuery | None:
    """The shared state and the attack: at the top level of the body (/attack) or under ``attack_key`` (/defend)."""
    if not isinstance(body, Mapping):
        reader.fail(ParseError("ss.input.wrong_type", "SS-1", "", expected="object", value=type(body).__name__))
        return None
    players = reader.players(body)
    if players is None:
        return None
    reader.start(body, players)
    forces = reader.forces(body, players)
    nodes = reader.nodes(body, players)
    attack_data: object = body if attack_key is None else body.get(attack_key)
    prefix = "" if attack_key is None else attack_key + "."
    if not isinstance(attack_data, Mapping):
        code = "ss.input.missing" if attack_data is None else "ss.input.wrong_type"
        reader.fail(
            ParseError(
                code, "SS-6", attack_key or "", field=attack_key or "", expected="object", value=str(attack_data)
            )
        )
        return None
    attack = reader.attack(attack_data, players, prefix)
    if nodes is None or attack is None:
        return None
    return AttackQuery(Board(players, forces, nodes), *attack)


def _raise_if_any(reader: _Reader) -> None:
    if reader.errors:
        raise ErrorList(reader.errors)


def _with_prefix(reason: Reason, prefix: str) -> Reason:
    return replace(reason, path=prefix + reason.path) if reason.path else replace(reason, path=prefix.rstrip("."))


def read_attack(body: object) -> AttackQuery:
    """Decode an /attack body; raises ErrorList with every problem."""
    reader = _Reader()
    query = _read_query(body, reader, None)
    if query is not None:
        reader.copies(_located_node_cards(query.board.nodes), query.board.players)
    _raise_if_any(reader)
    assert query is not None
    return query


def attack_verdict(query: AttackQuery) -> Verdict:
    """SS-6 on a decoded query: every condition, passing or failing."""
    return Verdict.of(attack_conditions(query.board, query.player, query.source, query.target))


def attack_response(body: object) -> dict[str, Any]:
    """``POST /api/v1/strato-sphere/attack``: ``{"legal", "reasons", "defenders"}`` (see ``attack_answer``)."""
    return attack_answer(read_attack(body))


def attack_answer(query: AttackQuery) -> dict[str, Any]:
    """SS-6 on a decoded query: ``{"legal", "reasons", "defenders"}``.

    ``defenders`` (SS-7) is ``{"suit": "S", "min_rank": "K"}`` (2 players: ``"colour"``) for a legal attack,
    None for an illegal one. A legal answer's reasons end with ``ss.attack.defence_needs``, listing the cards
    that could defend (faces with a copy not visible on the table).
    """
    verdict = attack_verdict(query)
    reasons = list(verdict.reasons)
    defenders = None
    need = defence_need(query.board, query.source)
    if verdict.legal and need is not None:
        defenders = need.to_json()
        reasons.append(defence_need_reason(need, query.board.players, Counter(known_cards(query.board))))
    return {"legal": verdict.legal, "reasons": reasons, "defenders": defenders}


def copy_errors(board: Board, card: Card | None = None) -> list[RulesError]:
    """SS-2 on a board already read (and a shown card): every copy more than the packs hold."""
    reader = _Reader()
    located = _located_node_cards(board.nodes) + ([(card, "card")] if card is not None else [])
    reader.copies(located, board.players)
    return reader.errors


def defend_response(body: object) -> dict[str, Any]:
    """``POST /api/v1/strato-sphere/defend``: ``{"legal", "reasons"}`` for ``card`` against ``attack`` (SS-7).

    The attack must itself be legal (SS-6), else ErrorList: ``ss.defend.attack_illegal`` on ``attack`` and
    each failed attack condition with its path under ``attack.``.
    """
    reader = _Reader()
    query = _read_query(body, reader, "attack")
    card = reader.shown_card(body, "card", "card") if isinstance(body, Mapping) else None
    if query is not None and card is not None:
        reader.copies([*_located_node_cards(query.board.nodes), (card, "card")], query.board.players)
    _raise_if_any(reader)
    assert query is not None and card is not None
    return defend_answer(query, card)


def defend_answer(query: AttackQuery, card: Card) -> dict[str, Any]:
    """SS-7 on a decoded query: ``{"legal", "reasons"}``; ErrorList when the attack itself is illegal."""
    verdict = attack_verdict(query)
    if not verdict.legal:
        failures = [_with_prefix(r, "attack.") for r in verdict.failures]
        summary = Reason("ss.defend.attack_illegal", "SS-7", False, {"failed": [r.code for r in failures]}, "attack")
        errors: list[RulesError] = [IllegalMove(Verdict(False, (summary,)))]
        errors += [IllegalMove(Verdict(False, (failure,))) for failure in failures]
        raise ErrorList(errors)
    checked = Reason(
        "ss.defend.attack_legal",
        "SS-6",
        True,
        {"player": query.player, "from": query.source, "to": query.target},
        "attack",
    )
    reasons = [checked, *defence_conditions(query.board, query.source, card)]
    return {"legal": all(r.ok for r in reasons), "reasons": reasons}
