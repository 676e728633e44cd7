"""The quick tool (endpoint ``strato_sphere.tool``, at /strato-sphere/dispute): settle a dispute in a few taps,
without a table: "may this node attack that one?" and "does this card
defend?" (SS-6, SS-7).

One GET page (it changes nothing, so its answer has an address that can be shared, and it works with
JavaScript off): tap the number of players, the attacking node and the attacked node on the ring, then the
two nodes' top cards and sizes and who holds which force. The query is read once into one board (with what
makes it impossible: a force given twice, SS-3; too many copies, SS-2); the ring is drawn from that board and
the engine's own API answers (``attack_answer``, ``defend_answer``) are asked about it, so the page and
``POST /api/v1/strato-sphere/attack`` and ``/defend`` answer from the same checks.

Query fields: ``players`` (2/4); ``from``, ``to`` (node indices); ``player`` (the attacking seat); ``f0`` … ``f3``
(forces, "" for unknown); for the attacking node ``ar``/``as``/``au``/``an`` (rank, suit, "up"/"down", cards)
and for the attacked node ``tr``/``ts``/``tu``/``tn``; the defence card ``dr``/``ds``; ``ask`` ("attack" or
"defend").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, ImpossibleState, Reason, RulesError
from companion.games.strato_sphere.api import AttackQuery, attack_answer, copy_errors, defend_answer
from companion.games.strato_sphere.board import Board, Node, NodeCard, controller
from companion.games.strato_sphere.cards import Card, Force, forces_for, parse_card
from companion.games.strato_sphere.ring import ring_size, seat_of
from companion.i18n import gettext as _
from companion.web.links import LinkReader
from companion.web.messages import explain
from companion.web.pages import page
from companion.web.reasons import ReasonView
from companion.web.wording import PAGE, Wording

from .labels import (
    CARD_CHIPS,
    RANKS,
    SUITS,
    NodeView,
    SeatLabel,
    card_label,
    force_choices,
    lines,
    node_views,
    seat_labels,
)

PLAYER_CHOICES = (2, 4)
COUNTS = (1, 2, 3, 4, 5, 6)
NODE_KEYS = {"from": "a", "to": "t"}  # query prefixes of the attacking and the attacked node's fields


@dataclass(frozen=True)
class NodeInput:
    """What the page was told about one node: top card (rank, suit), face up or down, how many cards."""

    rank: str = ""
    suit: str = ""
    up: bool = True
    count: int | None = None

    @property
    def card(self) -> str:
        return f"{self.rank}{self.suit}" if self.rank and self.suit else ""


@dataclass(frozen=True)
class DisputeInput:
    players: int = 4
    source: int | None = None
    target: int | None = None
    player: int | None = None
    forces: tuple[str, ...] = ()
    attacking: NodeInput = NodeInput()
    attacked: NodeInput = NodeInput()
    defence_rank: str = ""
    defence_suit: str = ""
    ask: str = ""

    def query(self, **changes: Any) -> dict[str, Any]:
        """The query string of this input (with ``changes``), for links that keep what was entered."""
        values: dict[str, Any] = {"players": self.players}
        for key, value in (("from", self.source), ("to", self.target), ("player", self.player)):
            if value is not None:
                values[key] = value
        for seat, force in enumerate(self.forces):
            if force:
                values[f"f{seat}"] = force
        for prefix, node in (("a", self.attacking), ("t", self.attacked)):
            for key, part in (("r", node.rank), ("s", node.suit), ("n", node.count)):
                if part:
                    values[prefix + key] = str(part)
            if not node.up:
                values[prefix + "u"] = "down"
        if self.defence_rank:
            values["dr"] = self.defence_rank
        if self.defence_suit:
            values["ds"] = self.defence_suit
        values.update(changes)
        return {k: v for k, v in values.items() if v is not None and v != ""}


def _spelled(allowed: tuple[str, ...]) -> Callable[[str], str]:
    """A rank, suit or word as typed in a link: any case, and T for 10."""
    def read(raw: str) -> str:
        raw = raw.strip()
        if raw.upper() == "T" and "10" in allowed:
            return "10"
        return next((value for value in allowed if raw.lower() == value.lower()), raw)

    return read


def read_input(args: Mapping[str, str], link: LinkReader | None = None) -> DisputeInput:
    """The query string -> what was tapped; anything not understood is left out (never an error page) and noted
    in ``link``, so the page says what it left out."""
    link = link if link is not None else LinkReader(args)
    players = link.number("players", 0, 99, PLAYER_CHOICES) or 4
    last = ring_size(players) - 1
    force_values = tuple(f.value for f in forces_for(players))
    forces = tuple(link.choice(f"f{seat}", force_values, _spelled(force_values)) for seat in range(players))

    def node(prefix: str) -> NodeInput:
        return NodeInput(
            rank=link.choice(prefix + "r", RANKS, _spelled(RANKS)),
            suit=link.choice(prefix + "s", SUITS, _spelled(SUITS)),
            up=link.choice(prefix + "u", ("up", "down")) != "down",
            count=link.number(prefix + "n", 1, COUNTS[-1]),
        )

    return DisputeInput(
        players=players,
        source=link.number("from", 0, last),
        target=link.number("to", 0, last),
        player=link.number("player", 0, players - 1),
        forces=forces,
        attacking=node("a"),
        attacked=node("t"),
        defence_rank=link.choice("dr", RANKS, _spelled(RANKS)),
        defence_suit=link.choice("ds", SUITS, _spelled(SUITS)),
        ask=link.choice("ask", ("attack", "defend")),
    )


def missing(given: DisputeInput) -> list[Reason]:
    """What still has to be tapped before the question can be asked."""
    found: list[Reason] = []
    if given.source is None or given.target is None:
        return [Reason("ss.dispute.pick_nodes", "SS-1")]
    if given.player is None:
        found.append(Reason("ss.dispute.pick_player", "SS-6"))
    for node, index in ((given.attacking, given.source), (given.attacked, given.target)):
        if node.up and not node.card:
            found.append(Reason("ss.dispute.pick_top", "SS-4", params={"node": index}))
        if node.count is None:
            found.append(Reason("ss.dispute.pick_count", "SS-6", params={"node": index}))
        if given.source == given.target:
            break
    if given.ask == "defend" and not (given.defence_rank and given.defence_suit):
        found.append(Reason("ss.dispute.pick_defence", "SS-7"))
    return found


@dataclass(frozen=True)
class Answer:
    """The page's answer: a ruling (legal or not, every condition) or the problems that stop one."""

    question: str  # "attack" / "defend"
    legal: bool | None
    blocked: str = ""  # why there is no ruling: "missing" (taps), "invalid" (cannot be), "attack_illegal"
    checks: list[ReasonView] = field(default_factory=list)
    problems: list[ReasonView] = field(default_factory=list)
    defenders: dict[str, str] | None = None
    defence_cards: tuple[str, ...] = ()
    defence_need: str = ""


def _errors(exc: RulesError) -> list[RulesError]:
    return list(exc.errors) if isinstance(exc, ErrorList) else [exc]


def answer(given: DisputeInput, board: Board, problems: Sequence[RulesError], wording: Wording) -> Answer | None:
    """The engine's answer about ``board`` (read once from the taps); ``problems`` make the board impossible.
    Seats are named as ``wording`` says (this page has no table: "Player 2")."""
    if not given.ask:
        return None
    gaps = missing(given)
    if gaps:
        return Answer(given.ask, None, "missing", problems=lines(gaps, wording))
    assert given.player is not None and given.source is not None and given.target is not None
    query = AttackQuery(board, given.player, given.source, given.target)
    if given.ask == "defend":
        card = parse_card(given.defence_rank + given.defence_suit)
        errors = [*problems, *copy_errors(board, card)]
        if errors:
            return Answer("defend", None, "invalid", problems=lines([e.reason for e in errors], wording))
        try:
            result = defend_answer(query, card)
        except RulesError as exc:
            errors = _errors(exc)
            blocked = "attack_illegal" if any(e.code == "ss.defend.attack_illegal" for e in errors) else "invalid"
            return Answer("defend", None, blocked, problems=lines([e.reason for e in errors], wording))
        return Answer("defend", bool(result["legal"]), checks=lines(result["reasons"], wording))
    errors = [*problems, *copy_errors(board)]
    if errors:
        return Answer("attack", None, "invalid", problems=lines([e.reason for e in errors], wording))
    result = attack_answer(query)
    reasons: list[Reason] = list(result["reasons"])
    need = next((r for r in reasons if r.code == "ss.attack.defence_needs"), None)
    checks = [r for r in reasons if r is not need]
    return Answer(
        "attack",
        bool(result["legal"]),
        checks=lines(checks, wording),
        defenders=result["defenders"],
        defence_need=explain(need, wording) if need is not None else "",
        defence_cards=tuple(str(c) for c in need.params.get("cards", ())) if need is not None else (),
    )


def read_board(given: DisputeInput) -> tuple[Board, list[RulesError]]:
    """The ring as tapped (the one board the page draws and asks about), and what makes it impossible.

    The two tapped nodes as described, every other node one unseen face-down card (neutral, so it plays no
    part). A force given to a second seat is left unknown for it and reported (SS-3), as the API does. A force
    left "?" is held by nobody (SS-3: no completion by default), so a face-up top card of it is unclaimed
    (SS-4); a table playing SS-3's completion option taps the last force in.
    """

    def node_of(described: NodeInput) -> Node:
        card: Card | None = None
        if described.card:
            try:
                card = parse_card(described.card)
            except RulesError:
                card = None
        top = NodeCard(card, up=described.up and card is not None)
        return Node((top, *(NodeCard(None) for _ in range((described.count or 1) - 1))))

    nodes = [Node((NodeCard(None),)) for _ in range(ring_size(given.players))]
    if given.target is not None:
        nodes[given.target] = node_of(given.attacked)
    if given.source is not None:
        nodes[given.source] = node_of(given.attacking)
    problems: list[RulesError] = []
    forces: list[Force | None] = []
    for seat, value in enumerate(given.forces):
        force = next((f for f in forces_for(given.players) if f.value == value), None)
        if force is not None and force in forces:
            earlier = forces.index(force)
            problems.append(ImpossibleState("ss.forces.repeated", "SS-3", f"forces[{seat}]", force=force.value,
                                            forces=[force.value], seats=[earlier, seat]))
            force = None
        forces.append(force)
    return Board(given.players, tuple(forces), tuple(nodes)), problems


def _tap_href(given: DisputeInput, node: int) -> str:
    """Tapping a node: the first tap picks the attacking node, the second the attacked one; tapping the
    attacking node again (before a target) takes it back; once both are picked, a tap starts over."""
    if given.source is None or given.target is not None:
        changes: dict[str, Any] = {"from": node, "to": None}
    elif node == given.source:
        changes = {"from": None, "to": None}
    else:
        changes = {"to": node}
    return url_for("strato_sphere.tool", **given.query(**changes)) + "#ring"


@dataclass(frozen=True)
class DisputePage:
    """The model templates/strato_sphere/tool.html (and its fragment _tool.html) draw."""

    given: DisputeInput
    nodes: list[NodeView]
    seats: list[SeatLabel]
    answer: Answer | None
    step: str  # "from", "to" or "details"
    default_player: int | None  # who the attacker probably is: the controller of the attacking node
    player_links: tuple[tuple[int, str, bool], ...]
    seat_choices: tuple[tuple[int, str, str], ...]
    force_options: tuple[tuple[str, str, str], ...]
    face_options: tuple[tuple[str, str, str], ...]
    count_options: tuple[tuple[int, str, str], ...]
    node_forms: tuple[tuple[str, int, NodeInput, str], ...]  # (query prefix, node, what was given, title)
    defence_label: str
    link_notice: str  # what the page left out of a hand-edited link, in words ("" when it used all of it)
    cards: Mapping[str, tuple[tuple[str, str, str], ...]] = field(default_factory=lambda: CARD_CHIPS)


def build(args: Mapping[str, str]) -> DisputePage:
    link = LinkReader(args)
    given = read_input(args, link)
    board, problems = read_board(given)  # the one board of this request
    marks: dict[int, list[str]] = {}
    if given.source is not None:
        marks.setdefault(given.source, []).append("from")
    if given.target is not None:
        marks.setdefault(given.target, []).append("to")
    hrefs = {n: _tap_href(given, n) for n in range(ring_size(given.players))}
    names = [PAGE.seat(seat) for seat in range(given.players)]  # no table: "Player 1", "Player 2", …
    step = "from" if given.source is None else ("to" if given.target is None else "details")
    links = tuple(
        (count, url_for("strato_sphere.tool", players=count), count == given.players) for count in PLAYER_CHOICES
    )
    node_forms: list[tuple[str, int, NodeInput, str]] = []
    if given.source is not None:
        node_forms.append(("a", given.source, given.attacking, _("Attacking node %(node)s", node=given.source)))
    if given.target is not None and given.target != given.source:
        node_forms.append(("t", given.target, given.attacked, _("Attacked node %(node)s", node=given.target)))
    return DisputePage(
        given=given,
        nodes=node_views(board, names, marks, hrefs),
        seats=seat_labels(board, names),
        answer=answer(given, board, problems, PAGE),
        step=step,
        default_player=_likely_attacker(given, board),
        player_links=links,
        seat_choices=tuple((seat, PAGE.seat(seat), "wide") for seat in range(given.players)),
        force_options=(("", "?", ""), *force_choices(given.players)),
        face_options=(("up", _("face up"), "wide"), ("down", _("face down"), "wide")),
        count_options=tuple((count, str(count), "") for count in COUNTS),
        node_forms=tuple(node_forms),
        defence_label=card_label(given.defence_rank + given.defence_suit),
        link_notice=link.notice(),
    )


def _likely_attacker(given: DisputeInput, board: Board) -> int | None:
    """The seat preselected as the attacker: the given one, else whoever controls the attacking node (SS-4),
    else the seat the node lies in front of."""
    if given.player is not None:
        return given.player
    if given.source is None:
        return None
    holder = controller(board, given.source)
    return holder if holder is not None else seat_of(given.source)


def tool() -> ResponseReturnValue:
    """GET /strato-sphere/dispute (``strato_sphere.tool``): the page, or its fragment for htmx. A link asking
    for what cannot be is answered with a usable page that says what it left out (``d.link_notice``)."""
    return page("strato_sphere/tool.html", "strato_sphere/_tool.html", d=build(request.args))
