"""Page geometry in millimetres: papers, card sizes, the home sheet layout and its pagination (fronts, then
their backs mirrored for long-edge duplex and moved by the calibration offset), and the print-shop pages
(one card per page, 3 mm bleed, crop marks outside the bleed).

Home sheets: cards butted in a centred grid so one cut separates two cards; the page is exactly the paper, so
"actual size" printing is true size. Pure: no WeasyPrint, no Flask.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

LAYOUT_VERSION = "1"  # part of every cache key: bump when the geometry code changes what a PDF looks like

PT_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class Paper:
    key: str
    width: float  # mm
    height: float


PAPERS: Mapping[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),  # 595.28 × 841.89 pt
    "letter": Paper("letter", 215.9, 279.4),  # 612 × 792 pt
}


@dataclass(frozen=True)
class CardSize:
    key: str
    width: float  # mm
    height: float


CARD_SIZES: Mapping[str, CardSize] = {
    "poker": CardSize("poker", 63.0, 88.0),  # the default
    "bridge": CardSize("bridge", 57.0, 89.0),
}

MIN_MARGIN = 5.0  # mm kept free at every page edge (most home printers cannot print closer)
BLEED = 3.0  # mm of artwork beyond the trim in print-shop mode
MARK_ZONE = 10.0  # mm around the bleed-ed card where the crop marks are drawn (the MediaBox margin)
MARK_GAP = 5.0  # crop marks start this far outside the trim (2 mm clear of the bleed)
GUIDE_LENGTH = 4.0  # mm: the cut guides drawn in a home sheet's margins
GUIDE_GAP = 1.0  # mm between the card grid and a cut guide


@dataclass(frozen=True)
class Offset:
    """Where back pages go relative to the fronts, as read off the calibration page's scales (mm).

    ``dx`` is to the right and ``dy`` downwards, both as seen looking at the back side. A back page's cards
    are drawn moved by exactly this much.
    """

    dx: float = 0.0
    dy: float = 0.0

    LIMIT = 10.0  # the calibration scales read ±5 mm; anything past ±10 mm is not a printer's error

    @classmethod
    def of(cls, dx: float, dy: float) -> Offset:
        if not (abs(dx) <= cls.LIMIT and abs(dy) <= cls.LIMIT):
            raise ValueError("offset out of range")
        return cls(round(dx, 1) + 0.0, round(dy, 1) + 0.0)

    @classmethod
    def parse(cls, text: str) -> Offset:
        """``"1.5,-0.5"`` (the cookie form) -> Offset; raises ValueError."""
        dx, comma, dy = text.partition(",")
        if not comma:
            raise ValueError("offset needs two numbers")
        return cls.of(float(dx), float(dy))

    def __str__(self) -> str:
        return f"{self.dx:g},{self.dy:g}"

    @property
    def is_zero(self) -> bool:
        return self.dx == 0 and self.dy == 0


@dataclass(frozen=True)
class Slot:
    """One card place on a sheet: its row and column and its top-left corner on the page (mm)."""

    index: int
    row: int
    col: int
    x: float
    y: float


@dataclass(frozen=True)
class SheetLayout:
    """A home-print sheet: cards butted in a grid centred on the page."""

    paper: Paper
    card: CardSize
    cols: int
    rows: int
    left: float  # the grid's top-left corner (mm)
    top: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.card.width

    @property
    def height(self) -> float:
        return self.rows * self.card.height

    def slot(self, index: int) -> Slot:
        row, col = divmod(index, self.cols)
        return Slot(index, row, col, self.left + col * self.card.width, self.top + row * self.card.height)

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple(self.slot(i) for i in range(self.per_page))

    def back_of(self, index: int, offset: Offset = Offset()) -> Slot:
        """Where the back of the card in slot ``index`` goes on the back page (long-edge duplex).

        Turning the sheet over its long edge mirrors left and right: a card's back lands at the mirror image
        of its front's place, which reverses the column order on each row. Then the calibration offset moves
        the whole back page.
        """
        front = self.slot(index)
        mirrored_x = self.paper.width - front.x - self.card.width
        mirrored_col = self.cols - 1 - front.col
        return Slot(index, front.row, mirrored_col, mirrored_x + offset.dx, front.y + offset.dy)

    @property
    def cut_x(self) -> tuple[float, ...]:
        """The vertical cut lines (mm from the left): the grid's edges and every seam between columns."""
        return tuple(self.left + c * self.card.width for c in range(self.cols + 1))

    @property
    def cut_y(self) -> tuple[float, ...]:
        return tuple(self.top + r * self.card.height for r in range(self.rows + 1))


def sheet_layout(paper: Paper, card: CardSize) -> SheetLayout:
    """As many cards as fit within MIN_MARGIN of every edge (9 poker cards on A4 and on Letter), centred."""
    cols = int((paper.width - 2 * MIN_MARGIN + 1e-9) // card.width)
    rows = int((paper.height - 2 * MIN_MARGIN + 1e-9) // card.height)
    if cols < 1 or rows < 1:
        raise ValueError(f"{card.key} cards do not fit on {paper.key}")
    left = (paper.width - cols * card.width) / 2
    top = (paper.height - rows * card.height) / 2
    return SheetLayout(paper, card, cols, rows, round(left, 3), round(top, 3))


T = TypeVar("T")


@dataclass(frozen=True)
class Placed(Generic[T]):
    slot: Slot
    item: T


@dataclass(frozen=True)
class SheetPage(Generic[T]):
    """One page of a card sheet: fronts, or the backs of the page before it."""

    side: str  # "front" or "back"
    sheet: int  # 1-based sheet number (a front page and its back page share it)
    cards: tuple[Placed[T], ...]


def paginate(items: Sequence[T], layout: SheetLayout, backs: bool, offset: Offset = Offset()) -> list[SheetPage[T]]:
    """Home print: each sheet's fronts, then (with ``backs``) the page of their backs, mirrored and offset,
    so printing the whole PDF duplex (flip on the long edge) puts every back behind its front."""
    pages: list[SheetPage[T]] = []
    n = layout.per_page
    for sheet, start in enumerate(range(0, len(items), n), start=1):
        chunk = items[start:start + n]
        pages.append(SheetPage("front", sheet, tuple(Placed(layout.slot(i), it) for i, it in enumerate(chunk))))
        if backs:
            pages.append(SheetPage("back", sheet,
                                   tuple(Placed(layout.back_of(i, offset), it) for i, it in enumerate(chunk))))
    return pages


@dataclass(frozen=True)
class ShopGeometry:
    """Print-shop pages: one card per page. The page (TrimBox) is the card; the artwork runs BLEED beyond it
    (BleedBox); the crop marks sit outside the bleed, in a MARK_ZONE margin (MediaBox)."""

    card: CardSize
    bleed: float = BLEED
    zone: float = MARK_ZONE
    gap: float = MARK_GAP

    @property
    def media_width(self) -> float:
        return self.card.width + 2 * self.zone

    @property
    def media_height(self) -> float:
        return self.card.height + 2 * self.zone

    def crop_marks(self) -> tuple[tuple[float, float, float, float], ...]:
        """Eight lines (x1, y1, x2, y2) in mm from the MediaBox's top-left: each corner's two trim lines,
        from MARK_GAP to MARK_ZONE outside the trim."""
        z, w, h, g = self.zone, self.card.width, self.card.height, self.gap
        marks = []
        for x in (z, z + w):
            marks.append((x, 0.0, x, z - g))  # above the card
            marks.append((x, z + h + g, x, 2 * z + h))  # below
        for y in (z, z + h):
            marks.append((0.0, y, z - g, y))  # left
            marks.append((z + w + g, y, 2 * z + w, y))  # right
        return tuple(marks)


def shop_pages(items: Sequence[T], backs: bool) -> list[tuple[str, T]]:
    """Print shop: each card's front, then its back (print shops take fronts and backs as page pairs)."""
    pages: list[tuple[str, T]] = []
    for item in items:
        pages.append(("front", item))
        if backs:
            pages.append(("back", item))
    return pages


def mm(value: float) -> str:
    """A CSS length for the printables' geometry style blocks."""
    return f"{value:.3f}".rstrip("0").rstrip(".") + "mm"
