"""Strato-Sphere's printables: the quick-reference cards and one seat mat per seat (its nodes at card size
and the ring seen from it).

The print page lists ``PRINTABLES`` (companion/web/printing/listing.py); the templates are in printables/
(printables/strato_sphere/: reference, seats).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.games.strato_sphere import ring
from companion.games.strato_sphere.attack import MIN_ATTACK_CARDS
from companion.games.strato_sphere.cards import Rank
from companion.games.strato_sphere.node_moves import HAND_LIMIT
from companion.games.strato_sphere.state import MOVES_PER_TURN
from companion.i18n import lazy_gettext as _l
from companion.web.printing.documents import (
    TWO_SIDED_OPTIONS,
    Document,
    Printable,
    PrintOptions,
    by_lang,
    card_document,
)
from companion.web.rules.printables import rules_printables

SS = "strato-sphere"
PRINT_ORDER = 3  # the print page lists the games in this order


def _ranks_text() -> str:

    return " ".join(str(r) for r in sorted(Rank, reverse=True))  # SS-6: A K Q J 10 … 2


def ss_reference(options: PrintOptions) -> Document:

    title = by_lang(options.lang, "ストラトスフェア 早見カード", "Strato-Sphere: quick reference")
    return card_document("strato_sphere/reference.html", ["reference"] * 4, options, title, "strato-sphere-reference",
                         two_sided=True, hand_limit=HAND_LIMIT, min_cards=MIN_ATTACK_CARDS,
                         moves_per_turn=MOVES_PER_TURN, ranks=_ranks_text())


@dataclass(frozen=True)
class RingNode:
    index: int
    seat: int
    relation: str  # yours, partner, opponent
    x: float  # mm in the ring diagram
    y: float


SPOT_W, SPOT_H = 63.0, 88.0  # a node's place: one playing card


def ss_seat_mats(options: PrintOptions) -> Document:
    """One page per seat: its three nodes in a V at card size, which neighbours' nodes they touch (SS-1), and
    the whole ring from this seat, with partner and opponents (SS-2)."""

    players = options.players
    size = ring.ring_size(players)
    radius, centre = 32.0, 47.0
    seats = []
    for seat in range(players):
        nodes = ring.nodes_of(seat)
        middle = nodes[1]
        diagram = []
        for node in range(size):
            angle = math.radians(90 + (node - middle) * 360 / size)  # clockwise on the page, this seat at the bottom
            owner = ring.seat_of(node)
            relation = "yours" if owner == seat else "partner" if ring.are_partners(owner, seat, players) \
                else "opponent"
            diagram.append(RingNode(node, owner, relation, round(centre + radius * math.cos(angle), 2),
                                    round(centre + radius * math.sin(angle), 2)))
        # Seen from the seat, clockwise runs right to left along its edge: its last node is on its left and
        # touches the next seat's first node; its first node is on its right (SS-1).
        left_end, right_end = nodes[2], nodes[0]
        labels = []
        for other in range(players):
            if other == seat:
                continue
            angle = math.radians(90 + (ring.nodes_of(other)[1] - middle) * 360 / size)
            labels.append({"seat": other, "x": round(centre + (radius + 9) * math.cos(angle), 2),
                           "y": round(centre + (radius + 9) * math.sin(angle), 2),
                           "relation": "partner" if ring.are_partners(other, seat, players) else "opponent"})
        seats.append({
            "seat": seat, "spots": (left_end, middle, right_end),
            "touch_left": ring.neighbours(left_end, players)[1], "touch_right": ring.neighbours(right_end, players)[0],
            "next_seat": ring.next_seat(seat, players), "previous_seat": (seat - 1) % players,
            "partner": next((o for o in range(players) if ring.are_partners(o, seat, players)), None),
            "diagram": diagram, "labels": labels,
        })
    spots_left = (options.paper.width - 3 * SPOT_W - 4) / 2
    title = by_lang(options.lang, "ストラトスフェア 座席マット", "Strato-Sphere: seat mats")
    return Document("strato_sphere/seats.html", title, f"strato-sphere-seat-mats-{players}p-{options.paper.key}",
                    ("strato_sphere/seats.css",), {"paper": options.paper, "players": players, "seats": seats,
                                        "ring_size": size, "spot_w": SPOT_W, "spot_h": SPOT_H,
                                        "spots_left": spots_left, "centre": centre})


PRINTABLES: tuple[Printable, ...] = (
    Printable("ss-reference", SS, _l("Quick-reference cards"),
              _l("Four cards: the seven moves of a turn on the front, attack, defence and the end on the back "
                 "(SS-5 … SS-8). Two-sided."),
              TWO_SIDED_OPTIONS, ss_reference, two_sided=True),
    Printable("ss-seats", SS, _l("Seat mats"),
              _l("One page per seat: its three nodes at card size in a V, the nodes they touch, and the ring "
                 "with partner and opponents (SS-1, SS-2)."),
              ("paper", "lang", "players"), ss_seat_mats, players=(2, 4)),
)
PRINTABLES = PRINTABLES + rules_printables(SS)  # the whole rules, A4 and A5 (companion/web/rules)
