"""The 4×4 field: areas (エリア) holding stacks of cards, each card owned by the seat it faces (LP-1).

Notation (round-trips, ``Field.parse(str(f)) == f``): four lines, one per row from the top, of four areas
separated by spaces. An empty area is ``.``; a stack lists its cards top first, joined by ``/``; a card is
``<card id>@<owner seat>`` with a trailing ``*`` when it is active this turn (LP-3)::

    . commoner@0 . .
    . yokai@1*/commoner@2 . .
    . . . .
    . . . .

Cells are ``r<row>c<col>``, 0-based from the top-left, as in the API's ``[row, col]``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from ..base import ParseError, is_plain_number
from .cards import Card

SIZE = 4  # 【用語集】フィールド: 縦4エリア×横4エリア
ORIENTATIONS = 4  # a card lies in one of four 90° orientations (【カードの向き】)


@dataclass(frozen=True, order=True)
class Cell:
    """One area of the field, ordered row-major (the API's list order)."""

    row: int
    col: int

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise ParseError("lp.cell.out_of_range", "§場の説明", row=self.row, col=self.col, size=SIZE)

    def __str__(self) -> str:
        return f"r{self.row}c{self.col}"

    @classmethod
    def parse(cls, text: str) -> Cell:
        body = text.strip()
        if len(body) == 4 and body[0] == "r" and body[2] == "c" and is_plain_number(body[1]) and is_plain_number(body[3]):
            return cls(int(body[1]), int(body[3]))
        raise ParseError("lp.cell.malformed", "§場の説明", cell=text)

    def to_json(self) -> list[int]:
        return [self.row, self.col]

    @property
    def is_corner(self) -> bool:
        return self.row in (0, SIZE - 1) and self.col in (0, SIZE - 1)

    def offset(self, d_row: int, d_col: int) -> Cell | None:
        """The cell ``(d_row, d_col)`` away, or None off the field."""
        row, col = self.row + d_row, self.col + d_col
        return Cell(row, col) if 0 <= row < SIZE and 0 <= col < SIZE else None

    def rotated(self) -> Cell:
        """This cell after turning the whole field 90° clockwise."""
        return Cell(self.col, SIZE - 1 - self.row)

    def mirrored(self) -> Cell:
        """This cell after mirroring the whole field left-right."""
        return Cell(self.row, SIZE - 1 - self.col)


ALL_CELLS: tuple[Cell, ...] = tuple(Cell(r, c) for r in range(SIZE) for c in range(SIZE))


@dataclass(frozen=True)
class FieldCard:
    """A card on the field: its kind, its owner (the seat it faces, LP-1) and whether it is active (LP-3)."""

    card: Card
    owner: int
    active: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.owner < ORIENTATIONS:
            raise ParseError("lp.owner.out_of_range", "LP-1", owner=self.owner, players=ORIENTATIONS)

    def __str__(self) -> str:
        return f"{self.card}@{self.owner}{'*' if self.active else ''}"

    @classmethod
    def parse(cls, text: str) -> FieldCard:
        body = text.strip()
        active = body.endswith("*")
        body = body.removesuffix("*")
        name, at, owner = body.partition("@")
        if not at or not is_plain_number(owner):
            raise ParseError("lp.card.malformed", "LP-1", card=text)
        return cls(Card.parse(name), int(owner), active)

    def activated(self) -> FieldCard:
        return replace(self, active=True)

    def settled(self) -> FieldCard:
        """The card once the turn is over: no longer active."""
        return replace(self, active=False)


Stack = tuple[FieldCard, ...]  # top card first


@dataclass(frozen=True)
class Field:
    """The 4×4 areas, row-major; each a stack with its top card first. Immutable: every change is a copy."""

    areas: tuple[tuple[Stack, ...], ...]

    def __post_init__(self) -> None:
        if len(self.areas) != SIZE or any(len(row) != SIZE for row in self.areas):
            raise ParseError("lp.board.shape", "§場の説明", expected=SIZE)

    @classmethod
    def empty(cls) -> Field:
        return cls(tuple(tuple(() for _ in range(SIZE)) for _ in range(SIZE)))

    @classmethod
    def from_stacks(cls, stacks: Mapping[Cell, Iterable[FieldCard]]) -> Field:
        field = cls.empty()
        for cell, stack in stacks.items():
            field = field.with_stack(cell, tuple(stack))
        return field

    # -- reading ------------------------------------------------------------------------------------------
    def stack(self, cell: Cell) -> Stack:
        return self.areas[cell.row][cell.col]

    def top(self, cell: Cell) -> FieldCard | None:
        """The area's top card: the only one that counts for ownership, sandwiches and targets (LP-1)."""
        stack = self.stack(cell)
        return stack[0] if stack else None

    def occupied(self) -> Iterator[tuple[Cell, FieldCard]]:
        """Every non-empty area with its top card, row-major."""
        for cell in ALL_CELLS:
            top = self.top(cell)
            if top is not None:
                yield cell, top

    def is_full(self) -> bool:
        """Every one of the 16 areas holds at least one card (LP-6's first condition)."""
        return all(self.stack(cell) for cell in ALL_CELLS)

    def active_cells(self) -> frozenset[Cell]:
        """The areas whose top card is active (LP-3): a buried active card cannot sandwich anything."""
        return frozenset(cell for cell, top in self.occupied() if top.active)

    def cards(self) -> Iterator[FieldCard]:
        for cell in ALL_CELLS:
            yield from self.stack(cell)

    # -- changing (each returns a new field) ----------------------------------------------------------------
    def with_stack(self, cell: Cell, stack: Stack) -> Field:
        rows = [list(row) for row in self.areas]
        rows[cell.row][cell.col] = stack
        return Field(tuple(tuple(row) for row in rows))

    def with_top(self, cell: Cell, card: FieldCard) -> Field:
        """Replace the top card of a non-empty area."""
        return self.with_stack(cell, (card,) + self.stack(cell)[1:])

    def push(self, cell: Cell, card: FieldCard) -> Field:
        return self.with_stack(cell, (card,) + self.stack(cell))

    def pop(self, cell: Cell) -> tuple[FieldCard, Field]:
        """Take the top card away; the card below (if any) becomes the new top (LP-5)."""
        stack = self.stack(cell)
        if not stack:
            raise ValueError(f"area {cell} is empty")
        return stack[0], self.with_stack(cell, stack[1:])

    def with_active(self, cells: Iterable[Cell]) -> Field:
        """The same cards with exactly the top cards of ``cells`` active (how the API states activity)."""
        wanted = frozenset(cells)
        field = self.settled()
        for cell in sorted(wanted):
            top = field.top(cell)
            if top is not None:
                field = field.with_top(cell, top.activated())
        return field

    def settled(self) -> Field:
        """Every card inactive: the state between turns."""
        return Field(tuple(tuple(tuple(c.settled() for c in stack) for stack in row) for row in self.areas))

    def rotated(self) -> Field:
        """The whole field turned 90° clockwise (owners unchanged)."""
        return self._moved(Cell.rotated)

    def mirrored(self) -> Field:
        """The whole field mirrored left-right (owners unchanged)."""
        return self._moved(Cell.mirrored)

    def _moved(self, where: Callable[[Cell], Cell]) -> Field:
        return Field.from_stacks({where(cell): self.stack(cell) for cell in ALL_CELLS})

    # -- notation -------------------------------------------------------------------------------------------
    def __str__(self) -> str:
        return "\n".join(
            " ".join("/".join(str(card) for card in stack) or "." for stack in row) for row in self.areas
        )

    @classmethod
    def parse(cls, text: str) -> Field:
        lines = [line for line in text.strip().splitlines() if line.strip()]
        if len(lines) != SIZE:
            raise ParseError("lp.board.shape", "§場の説明", expected=SIZE, found=len(lines))
        rows: list[tuple[Stack, ...]] = []
        for line in lines:
            words = line.split()
            if len(words) != SIZE:
                raise ParseError("lp.board.shape", "§場の説明", expected=SIZE, found=len(words))
            rows.append(tuple(_parse_stack(word) for word in words))
        return cls(tuple(rows))


def _parse_stack(word: str) -> Stack:
    return () if word == "." else tuple(FieldCard.parse(part) for part in word.split("/"))
