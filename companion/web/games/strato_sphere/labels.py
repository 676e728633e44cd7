"""How Strato-Sphere looks on a page: cards with suit symbols, forces, the ring of nodes, checked reasons.

Nothing here decides a rule: it reads the engine's boards and reasons (companion.games.strato_sphere) and
turns them into what the templates draw. Both the tracker (the table fragment) and the dispute page use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.base import Reason
from companion.games.strato_sphere.board import Board, NodeStatus, controller, node_status
from companion.games.strato_sphere.cards import Colour, Force, Rank, Suit, forces_for
from companion.games.strato_sphere.ring import NODES_PER_SEAT, ring_size, seat_of, side_of
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l
from companion.i18n import ngettext
from companion.web.reasons import ReasonView, reason_view
from companion.web.wording import Wording

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = ("H", "D")
RANKS = tuple(str(rank) for rank in sorted(Rank, reverse=True))  # A K Q J 10 … 2, as the rule text orders them
SUITS = tuple(suit.value for suit in Suit)
COLOUR_NAMES = {"red": _l("red"), "black": _l("black")}

RELATION_TEXT = {
    "yours": _l("you control it"),
    "partner": _l("your partner controls it, and a partner's node is not yours (SS-5)"),
    "opponent": _l("an opponent controls it"),
    "neutral": _l("its top card lies face down: it is neutral (SS-4)"),
    "unclaimed": _l(
        "its face-up top card is of a force nobody holds yet: it is unclaimed, neither neutral nor controlled, "
        "and no move touches it until a player's force becomes that suit (SS-4)"
    ),
}
RELATION_CODES = frozenset({
    "ss.attack.from_not_yours",
    "ss.attack.to_not_opponents",
    "ss.place.node_not_allowed",
    "ss.conceal.node_not_yours",
    "ss.shift.from_controlled",
})


def card_label(text: str) -> str:
    """``"KS"`` -> ``"K♠"``, ``"10H"`` -> ``"10♥"``; anything else unchanged (``"?"``)."""
    text = str(text)
    if len(text) >= 2 and text[-1] in SUIT_SYMBOL and text[:-1] in RANKS:
        return text[:-1] + SUIT_SYMBOL[text[-1]]
    return text


def card_chip(text: str) -> tuple[str, str]:
    """A card as a coloured chip: (``"K♠"``, ``"black"``)."""
    return card_label(text), card_colour(text)


def card_colour(text: str | None) -> str:
    """"red" or "black" (a CSS class), "" for an unknown card."""
    if not text or text[-1] not in SUIT_SYMBOL:
        return ""
    return "red" if text[-1] in RED_SUITS else "black"


def force_label(value: str | Force | None) -> str:
    """A force as a player reads it: a suit symbol, or with 2 players "red"/"black" in the page's language."""
    if value is None:
        return "?"
    text = value.value if isinstance(value, (Suit, Colour)) else str(value)
    if text in SUIT_SYMBOL:
        return SUIT_SYMBOL[text]
    if text in COLOUR_NAMES:
        return str(COLOUR_NAMES[text])
    return text


def force_class(value: str | Force | None) -> str:
    if value is None:
        return ""
    text = value.value if isinstance(value, (Suit, Colour)) else str(value)
    if text in ("red", *RED_SUITS):
        return "red"
    return "black"


def force_choices(players: int) -> tuple[tuple[str, str, str], ...]:
    """(value, label, css class) of every force a game of this size hands out (SS-2, SS-3)."""
    return tuple((f.value, force_label(f), force_class(f)) for f in forces_for(players))


CARD_CHIPS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # The card picker's chips: ranks A … 2 and the four suits, as (value, label, css class).
    "ranks": tuple((rank, rank, "") for rank in RANKS),
    "suits": tuple((suit, SUIT_SYMBOL[suit], "red" if suit in RED_SUITS else "black") for suit in SUITS),
}


def none_text() -> str:
    return _("none")


def relation_detail(reason: Reason) -> str:
    """Why a node is not the kind a move needs ("your partner controls it…"), for the failing reasons that
    carry the node's relation to the player."""
    if reason.ok or reason.code not in RELATION_CODES:
        return ""
    relation = reason.params.get("relation")
    return str(RELATION_TEXT.get(str(relation), ""))


def lines(reasons: Sequence[Reason], wording: Wording) -> list[ReasonView]:
    """Checked conditions as a page lists them, their seats named as ``wording`` says, each failing one that
    concerns a node with whose node it is."""
    return [replace(reason_view(r, wording), detail=relation_detail(r)) for r in reasons]


# --- the ring as the table sees it (SS-1) -----------------------------------------------------------------------


@dataclass(frozen=True)
class NodeView:
    index: int
    seat: int
    size: int
    up: bool
    face: str  # "K♠" when face up, else "" (a face-down card's face is never drawn, even one the table saw: SS-4)
    colour: str  # "red" / "black" for a face-up card
    status: str  # "neutral", "unclaimed", "controlled"
    controller: int | None
    owner_label: str  # the controller's name, or "neutral" / "unclaimed"
    side: int | None  # the controller's side, for colouring
    marks: tuple[str, ...]  # "from", "to", "win", "selected", "from-pick", ...
    href: str  # where tapping the node leads ("" for none)

    @property
    def css(self) -> str:
        classes = ["ss-node", f"n{self.index}", self.status]
        if self.side is not None:
            classes.append(f"side{self.side}")
        classes += [f"is-{m}" for m in self.marks]
        return " ".join(classes)


@dataclass(frozen=True)
class SeatLabel:
    seat: int
    name: str
    force: str
    force_css: str
    hand: int | None
    side: int
    to_move: bool
    nodes: tuple[int, ...]


def node_views(
    board: Board,
    names: Sequence[str],
    marks: Mapping[int, Sequence[str]] | None = None,
    hrefs: Mapping[int, str] | None = None,
) -> list[NodeView]:
    marks = marks or {}
    hrefs = hrefs or {}
    views = []
    for index, node in enumerate(board.nodes):
        top = node.top
        status = node_status(board, index)
        holder = controller(board, index)
        if holder is not None:
            owner = names[holder] if holder < len(names) else str(holder)
        elif status is NodeStatus.UNCLAIMED:
            owner = _("unclaimed")
        else:
            owner = _("neutral")
        face = card_label(str(top.card)) if top.up and top.card is not None else ""
        views.append(
            NodeView(
                index=index,
                seat=seat_of(index),
                size=node.size,
                up=top.up,
                face=face,
                colour=card_colour(str(top.card)) if top.up and top.card is not None else "",
                status=status.value,
                controller=holder,
                owner_label=owner,
                side=side_of(holder, board.players) if holder is not None else None,
                marks=tuple(marks.get(index, ())),
                href=hrefs.get(index, ""),
            )
        )
    return views


def seat_labels(
    board: Board, names: Sequence[str], hands: Sequence[int] | None = None, to_move: int | None = None
) -> list[SeatLabel]:
    return [
        SeatLabel(
            seat=seat,
            name=names[seat],
            force=force_label(board.forces[seat]),
            force_css=force_class(board.forces[seat]),
            hand=hands[seat] if hands is not None else None,
            side=side_of(seat, board.players),
            to_move=seat == to_move,
            nodes=tuple(range(NODES_PER_SEAT * seat, NODES_PER_SEAT * seat + NODES_PER_SEAT)),
        )
        for seat in range(board.players)
    ]


def nodes_text(nodes: Sequence[int]) -> str:
    return ", ".join(str(n) for n in nodes)


def ring_nodes(players: int) -> range:
    return range(ring_size(players))


def ending_text(code: str, params: Mapping[str, Any], wording: Wording) -> str:
    """The end of a game as the table page and the score summary say it: a win (``ss.score.win``, with the
    nodes that decided it) or a draw (SS-8)."""
    if code == "ss.score.win":
        winners = [int(s) for s in params["winners"]]
        return ngettext(
            "%(winners)s wins: every node in front of %(captured)s (nodes %(nodes)s) is theirs (SS-8).",
            "%(winners)s win: every node in front of %(captured)s (nodes %(nodes)s) is theirs (SS-8).",
            len(winners),
            winners=" & ".join(wording.seat(s) for s in winners), captured=wording.seat(params["captured"]),
            nodes=nodes_text([int(n) for n in params["nodes"]]),
        )
    return _("Draw: the resource pile ran out and nobody has won; the rest of that turn is not played (SS-8).")
