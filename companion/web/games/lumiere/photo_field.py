"""Which card lies on which area, from a photo of the 4 × 4 field (issue #36): a reading of the markers' geometry.

Each card's marker (companion's card sheets: the same marker at the card's top-right and bottom-left corners,
printed upright with the card) gives the card's turn, hence the seat it faces (LP-1: a card reads upright for its
owner), and the card's middle: between its two markers when the photo shows both, else one of two places (from
either corner); a card that could lie on two areas that way is not placed. The field may be photographed turned: the
markers' common angle (modulo a quarter turn) is taken out first, so the photo's bottom edge, within 45°, is the
first seat's side. The areas are the field mat's (``printables.AREA``, 92 mm): the grid's phase is the one that
puts every card's middle nearest an area's middle. A card that fits no area, two cards on one area, or more than
four rows or columns cannot be placed without doubt: ``Placing.doubts`` says why, and nothing is placed then.
Pure: no web, no OpenCV.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.games.lumiere import Card, Cell

MARKER_MM = 10.0  # the marker's printed side, border included (companion/markers/codes.py SIZE_MM)
AREA_MM = 92.0  # one area of the field mat (printables.AREA)
# where the top-right marker's middle lies from the card's middle, in the card's own frame (x right, y down), in
# mm: a 63 × 88 card, the marker 2.5 mm in from both edges with its quiet zone (12.5 mm outside, card_sheet.css)
CORNER_MM = (63 / 2 - 2.5 - 12.5 / 2, -(88 / 2 - 2.5 - 12.5 / 2))
SIZE = 4
SQUARE_DEGREES = 12.0  # a card turned further than this from the field's lines is not read as lying on an area
FIT = 0.2  # a card's middle further than this share of an area from the area's middle fits no area
MARGIN = 0.15  # a card's other possible middle must fit an area worse than this by at least so much
STEPS = 36  # the grid phases tried along each axis


@dataclass(frozen=True)
class Seen:
    card: str
    corners: tuple[tuple[int, int], ...]  # clockwise from the marker's top left
    other: tuple[tuple[int, int], ...] | None = None  # the card's other corner marker, when the photo shows both


@dataclass(frozen=True)
class Placed:
    cell: Cell
    card: Card
    owner: int


@dataclass(frozen=True)
class Placing:
    placed: tuple[Placed, ...] = ()
    doubts: tuple[str, ...] = ()  # codes: "turned", "between", "same_area", "too_wide"
    partial: bool = False  # fewer than four rows or columns seen: the cards are placed from the top left
    unknown: tuple[str, ...] = field(default=())  # notations that are no card of the game


def _sub(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return a[0] - b[0], a[1] - b[1]


def _turn(p: tuple[float, float], angle: float) -> tuple[float, float]:
    c, s = math.cos(angle), math.sin(angle)
    return p[0] * c - p[1] * s, p[0] * s + p[1] * c


def place(seen: Sequence[Seen]) -> Placing:
    cards, unknown = [], []
    for s in seen:
        try:
            cards.append((Card(s.card), [(float(x), float(y)) for x, y in s.corners], s.other))
        except ValueError:
            unknown.append(s.card)
    if not cards:
        return Placing(unknown=tuple(unknown))
    angles = [math.atan2(c[1][1] - c[0][1], c[1][0] - c[0][0]) for _card, c, _o in cards]  # each marker's top edge
    field_angle = math.atan2(sum(math.sin(4 * a) for a in angles), sum(math.cos(4 * a) for a in angles)) / 4
    quarter = [round((a - field_angle) / (math.pi / 2)) for a in angles]
    if any(abs(a - field_angle - q * math.pi / 2) > math.radians(SQUARE_DEGREES) for a, q in zip(angles, quarter, strict=True)):
        return Placing(doubts=("turned",), unknown=tuple(unknown))
    # each card in the field's frame: its two possible middles, in marker sides; its owner from its turn
    candidates = []
    for (card, c, other), q in zip(cards, quarter, strict=True):
        middle = (sum(p[0] for p in c) / 4, sum(p[1] for p in c) / 4)
        side = sum(math.dist(c[i], c[(i + 1) % 4]) for i in range(4)) / 4 or 1.0
        here = _turn(middle, -field_angle)
        offset = _turn((CORNER_MM[0] / MARKER_MM * side, CORNER_MM[1] / MARKER_MM * side), q * math.pi / 2)
        pitch = AREA_MM / MARKER_MM * side
        middles = [(here[0] - offset[0], here[1] - offset[1]), (here[0] + offset[0], here[1] + offset[1])]
        if other is not None:  # both corners seen: the card's middle is between them
            there = _turn((sum(p[0] for p in other) / 4, sum(p[1] for p in other) / 4), -field_angle)
            middles = [((here[0] + there[0]) / 2, (here[1] + there[1]) / 2)]
        owner = q % 4  # top edge to the right (q = 0): upright for the bottom seat; each quarter turn the next seat
        candidates.append((card, owner, [(m[0] / pitch, m[1] / pitch) for m in middles]))
    best = min((_cost(candidates, fx / STEPS, fy / STEPS), fx / STEPS, fy / STEPS)
                for fx in range(STEPS) for fy in range(STEPS))
    _cost_value, px, py = best
    cells, doubts = [], []
    for card, owner, middles in candidates:
        fits = sorted((math.hypot(_miss(m[0] - px), _miss(m[1] - py)), (m[0] - px, m[1] - py)) for m in middles)
        miss, (col_f, row_f) = fits[0]
        # a card off its area may fit another area through its other corner: then which one cannot be said
        if miss > FIT or (len(fits) > 1 and fits[1][0] - miss < MARGIN):
            doubts.append("between")
        cells.append((math.floor(col_f), math.floor(row_f), card, owner))
    if doubts:
        return Placing(doubts=tuple(sorted(set(doubts))), unknown=tuple(unknown))
    cols, rows = [c for c, _r, _k, _o in cells], [r for _c, r, _k, _o in cells]
    if max(cols) - min(cols) >= SIZE or max(rows) - min(rows) >= SIZE:
        return Placing(doubts=("too_wide",), unknown=tuple(unknown))
    places = [(r - min(rows), c - min(cols)) for c, r, _k, _o in cells]
    if len(set(places)) != len(places):
        return Placing(doubts=("same_area",), unknown=tuple(unknown))
    placed = tuple(sorted((Placed(Cell(r, c), card, owner) for (r, c), (_c, _r, card, owner) in zip(places, cells, strict=True)),
                          key=lambda p: (p.cell.row, p.cell.col)))
    partial = max(cols) - min(cols) < SIZE - 1 or max(rows) - min(rows) < SIZE - 1
    return Placing(placed, partial=partial, unknown=tuple(unknown))


def _miss(v: float) -> float:
    """How far ``v`` (in areas) lies from an area's middle (k + 0.5), 0 … 0.5."""
    return abs((v % 1.0) - 0.5)


def _cost(candidates: list[tuple[Card, int, list[tuple[float, float]]]], px: float, py: float) -> float:
    return sum(min(_miss(m[0] - px) ** 2 + _miss(m[1] - py) ** 2 for m in middles)
               for _card, _owner, middles in candidates)
