"""The get phase (ゲットフェイズ): find every sandwich on the field, say why each counts or not, resolve them.

How the rule text is read:
- LP-1: only an area's top card counts; its owner is the seat it faces.
- LP-2: along a row, column or diagonal, three consecutive non-empty areas A B C where A and C have the same
  owner and B another: B is sandwiched by that owner. A B B C and A A A capture nothing.
- LP-3: at least one of the two sandwiching cards must be active (placed, moved or turned this turn).
- LP-4: a corner is sandwiched by the two areas orthogonally next to it.
- LP-5: all sandwiches are found on the field as it stands, then resolved at once: one owner (on any number of
  lines) captures the top card once; two or more owners send it to the exclusion area; only top cards move.

Line kinds, as the API names them: "row" (left-right), "column" (up-down), "diagonal" (top-left to
bottom-right), "anti-diagonal" (top-right to bottom-left), "corner" (LP-4). ``LINE_ORDER`` is the documented
order of a capture's ``lines``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..base import Reason, Verdict
from .field import ALL_CELLS, SIZE, Cell, Field, FieldCard


class Line(Enum):
    ROW = "row"
    COLUMN = "column"
    DIAGONAL = "diagonal"
    ANTI_DIAGONAL = "anti-diagonal"
    CORNER = "corner"

    def __str__(self) -> str:
        return self.value

    def rotated(self) -> Line:
        """The kind of this line after turning the field 90°: rows become columns, diagonals swap."""
        return _ROTATED[self]

    def mirrored(self) -> Line:
        """The kind of this line after mirroring the field left-right: the two diagonals swap."""
        return _MIRRORED[self]


LINE_ORDER: tuple[Line, ...] = tuple(Line)  # the order of "lines" in a capture

_ROTATED = {Line.ROW: Line.COLUMN, Line.COLUMN: Line.ROW, Line.DIAGONAL: Line.ANTI_DIAGONAL,
            Line.ANTI_DIAGONAL: Line.DIAGONAL, Line.CORNER: Line.CORNER}
_MIRRORED = {Line.ROW: Line.ROW, Line.COLUMN: Line.COLUMN, Line.DIAGONAL: Line.ANTI_DIAGONAL,
             Line.ANTI_DIAGONAL: Line.DIAGONAL, Line.CORNER: Line.CORNER}

# One step along each straight line kind, as (rows, columns).
STEPS: dict[Line, tuple[int, int]] = {
    Line.ROW: (0, 1),
    Line.COLUMN: (1, 0),
    Line.DIAGONAL: (1, 1),
    Line.ANTI_DIAGONAL: (1, -1),
}


@dataclass(frozen=True)
class Sandwich:
    """One sandwich considered: the cards in the middle, the two cards at the ends, and whether it counts.

    ``sandwiched`` holds one cell, or two for LP-2's "A B B C" (which never counts). ``by`` is the owner of
    both ends. ``reasons`` are the conditions checked, in order; it counts exactly when all of them hold.
    """

    line: Line
    ends: tuple[Cell, Cell]
    sandwiched: tuple[Cell, ...]
    by: int
    reasons: tuple[Reason, ...]

    @property
    def verdict(self) -> Verdict:
        return Verdict.of(self.reasons)

    @property
    def counts(self) -> bool:
        return self.verdict.legal

    @property
    def cell(self) -> Cell:
        """The (first) sandwiched cell."""
        return self.sandwiched[0]


@dataclass(frozen=True)
class Capture:
    """A top card captured by one owner (LP-5): it goes to ``by``'s point area."""

    cell: Cell
    card: FieldCard
    by: int
    lines: tuple[Line, ...]

    @property
    def owner(self) -> int:
        return self.card.owner

    @property
    def reason(self) -> Reason:
        return Reason("lp.get.captured", "LP-5", True, {
            "cell": str(self.cell), "card": self.card.card.value, "owner": self.owner, "by": self.by,
            "lines": [line.value for line in self.lines]}, str(self.cell))

    def to_json(self) -> dict[str, Any]:
        return {"cell": self.cell.to_json(), "owner": self.owner, "by": self.by,
                "lines": [line.value for line in self.lines]}


@dataclass(frozen=True)
class Exclusion:
    """A top card sandwiched by two or more owners at once: it goes to the exclusion area (LP-5)."""

    cell: Cell
    card: FieldCard
    by: tuple[int, ...]
    lines: tuple[Line, ...]

    @property
    def owner(self) -> int:
        return self.card.owner

    @property
    def reason(self) -> Reason:
        return Reason("lp.get.excluded", "LP-5", True, {
            "cell": str(self.cell), "card": self.card.card.value, "owner": self.owner, "by": list(self.by),
            "lines": [line.value for line in self.lines]}, str(self.cell))

    def to_json(self) -> dict[str, Any]:
        return {"cell": self.cell.to_json(), "owner": self.owner, "by": list(self.by)}


@dataclass(frozen=True)
class GetOutcome:
    """Everything the get phase found on one field, and what it resolves to (lists in row-major order)."""

    sandwiches: tuple[Sandwich, ...]
    captures: tuple[Capture, ...]
    exclusions: tuple[Exclusion, ...]
    field: Field | None = None  # the field it was found on (a state snapshot keeps it to find it again)

    @property
    def counted(self) -> tuple[Sandwich, ...]:
        return tuple(s for s in self.sandwiches if s.counts)

    @property
    def refused(self) -> tuple[Sandwich, ...]:
        """The sandwiches that do not count, each with the reason why."""
        return tuple(s for s in self.sandwiches if not s.counts)

    def to_json(self) -> dict[str, Any]:
        """The body of API.md's ``POST /api/v1/lumiere/captures`` answer."""
        return {"captures": [c.to_json() for c in self.captures],
                "excluded": [e.to_json() for e in self.exclusions]}


# -- finding -------------------------------------------------------------------------------------------------

def find_sandwiches(field: Field) -> tuple[Sandwich, ...]:
    """Every sandwich considered on ``field`` as it stands: those that count and those that do not.

    Considered: every A B C on a line (LP-2) and every corner with its two orthogonal neighbours (LP-4)
    where the ends are top cards of one owner and the middle holds a card; and every A B B C on a line of
    four where the middle two are both another owner's (LP-2). Sorted by sandwiched cell, then line kind.
    """
    found: list[Sandwich] = []
    for cell in ALL_CELLS:
        for line, (d_row, d_col) in STEPS.items():
            before, after = cell.offset(-d_row, -d_col), cell.offset(d_row, d_col)
            if before is not None and after is not None:  # an edge area cannot be sandwiched across the edge
                found.extend(_judge_one_between(field, line, (before, after), cell))
        if cell.is_corner:
            found.extend(_judge_one_between(field, Line.CORNER, _corner_neighbours(cell), cell))
    for line, cells in _lines_of_four():
        found.extend(_judge_two_between(field, line, cells))
    order = {line: i for i, line in enumerate(LINE_ORDER)}
    return tuple(sorted(found, key=lambda s: (s.sandwiched, order[s.line], s.ends)))


def _corner_neighbours(corner: Cell) -> tuple[Cell, Cell]:
    """LP-4: the two areas orthogonally next to a corner (one in its row, one in its column)."""
    inward_col = 1 if corner.col == 0 else -1
    inward_row = 1 if corner.row == 0 else -1
    in_row = corner.offset(0, inward_col)
    in_col = corner.offset(inward_row, 0)
    assert in_row is not None and in_col is not None
    return (in_row, in_col)


def _lines_of_four() -> list[tuple[Line, tuple[Cell, ...]]]:
    """The straight lines of four areas where "A B B C" can occur: rows, columns, the two long diagonals."""
    last = SIZE - 1
    lines: list[tuple[Line, tuple[Cell, ...]]] = []
    for i in range(SIZE):
        lines.append((Line.ROW, tuple(Cell(i, j) for j in range(SIZE))))
        lines.append((Line.COLUMN, tuple(Cell(j, i) for j in range(SIZE))))
    lines.append((Line.DIAGONAL, tuple(Cell(j, j) for j in range(SIZE))))
    lines.append((Line.ANTI_DIAGONAL, tuple(Cell(j, last - j) for j in range(SIZE))))
    return lines


def _judge_one_between(field: Field, line: Line, ends: tuple[Cell, Cell], middle: Cell) -> list[Sandwich]:
    """A B C on a line (LP-2) or a corner between its neighbours (LP-4): does B's top card get taken?"""
    first, second, target = field.top(ends[0]), field.top(ends[1]), field.top(middle)
    if first is None or second is None or target is None or first.owner != second.owner:
        return []  # no sandwich to consider: a gap, or the ends belong to different seats
    by = first.owner
    shape_rule = "LP-4" if line is Line.CORNER else "LP-2"
    params: dict[str, Any] = {"cell": str(middle), "card": target.card.value, "owner": target.owner,
                              "by": by, "ends": [str(ends[0]), str(ends[1])], "line": line.value}
    reasons: tuple[Reason, ...]
    if target.owner == by:  # "A A A": nobody takes their own card
        reasons = (Reason("lp.sandwich.same_owner", shape_rule, False, params, str(middle)),)
    else:
        shape_code = "lp.sandwich.corner" if line is Line.CORNER else "lp.sandwich.between"
        reasons = (Reason(shape_code, shape_rule, True, params, str(middle)), _activity(field, ends, params))
    return [Sandwich(line, ends, (middle,), by, reasons)]


def _activity(field: Field, ends: tuple[Cell, Cell], params: dict[str, Any]) -> Reason:
    """LP-3: at least one of the two sandwiching top cards is active this turn."""
    active = [str(cell) for cell in ends if (top := field.top(cell)) is not None and top.active]
    if active:
        return Reason("lp.sandwich.active", "LP-3", True, {**params, "active": active}, str(ends[0]))
    return Reason("lp.sandwich.no_active", "LP-3", False, params, str(ends[0]))


def _judge_two_between(field: Field, line: Line, cells: tuple[Cell, ...]) -> list[Sandwich]:
    """LP-2's "A B B C": two cards of other seats between two of one owner are not sandwiched."""
    tops = [field.top(cell) for cell in cells]
    first, inner_a, inner_b, last = tops
    if first is None or last is None or inner_a is None or inner_b is None or first.owner != last.owner:
        return []
    by = first.owner
    if inner_a.owner == by or inner_b.owner == by:
        return []  # then it is an ordinary A B C (or A A A) on three of these areas, judged there
    ends, middle = (cells[0], cells[3]), (cells[1], cells[2])
    params: dict[str, Any] = {"cells": [str(c) for c in middle], "cards": [inner_a.card.value, inner_b.card.value],
                              "owners": [inner_a.owner, inner_b.owner], "by": by,
                              "ends": [str(c) for c in ends], "line": line.value}
    refusal = Reason("lp.sandwich.two_between", "LP-2", False, params, str(middle[0]))
    return [Sandwich(line, ends, middle, by, (refusal,))]


# -- resolving -----------------------------------------------------------------------------------------------

def resolve_get(field: Field) -> GetOutcome:
    """LP-5: resolve every counted sandwich at once, each area once, from the field as it stands."""
    sandwiches = find_sandwiches(field)
    by_cell: dict[Cell, list[Sandwich]] = {}
    for sandwich in sandwiches:
        if sandwich.counts:
            by_cell.setdefault(sandwich.cell, []).append(sandwich)
    order = {line: i for i, line in enumerate(LINE_ORDER)}
    captures: list[Capture] = []
    exclusions: list[Exclusion] = []
    for cell in sorted(by_cell):
        found = by_cell[cell]
        card = field.top(cell)
        assert card is not None
        owners = tuple(sorted({s.by for s in found}))
        lines = tuple(sorted({s.line for s in found}, key=order.__getitem__))
        if len(owners) == 1:
            captures.append(Capture(cell, card, owners[0], lines))
        else:
            exclusions.append(Exclusion(cell, card, owners, lines))
    return GetOutcome(sandwiches, tuple(captures), tuple(exclusions), field)


def field_after_get(field: Field, outcome: GetOutcome) -> Field:
    """Take every captured or excluded top card off the field; the card beneath becomes the top (LP-5)."""
    for cell in [c.cell for c in outcome.captures] + [e.cell for e in outcome.exclusions]:
        _, field = field.pop(cell)
    return field
