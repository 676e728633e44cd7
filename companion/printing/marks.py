"""Card markers drawn straight into a card sheet's PDF (the faces.py finisher calls ``marker_ops``).

A slot of a card sheet whose card has a marker (companion/markers) carries ``data-marker="ID INSET SIZE CELLS"``:
the marker's id (for the reader of the HTML), its inset from the slot's edges and its side in mm, and its 8 × 8
cells as 64 bits in hex, the top row first, 1 for black. The finisher draws that marker in the slot's top-right
and bottom-left corners, each on a white quiet zone of one cell, over everything the sheet drew: vector
rectangles (one filled path per marker, so no seam shows between cells), laid out by nobody. A marker costs
WeasyPrint nothing, where one laid out as an inline SVG layer cost a face page per card.
"""

from __future__ import annotations

from .geometry import PT_PER_MM

MARKER = "data-marker"
CELLS = 8  # a side, the black border included
QUIET = 1  # white cells around it

Rectangle = tuple[float, float, float, float]  # left, bottom, width, height in points


def marker_ops(value: str, rectangle: Rectangle) -> bytes:
    """PDF content that draws the marker ``value`` names in the top-right and bottom-left corners of
    ``rectangle`` (in the page's default space)."""
    _id, inset_mm, size_mm, code = value.split()
    bits = int(code, 16)
    inset, size = float(inset_mm) * PT_PER_MM, float(size_mm) * PT_PER_MM
    cell = size / CELLS
    outer = size + 2 * QUIET * cell
    left, bottom, width, height = rectangle
    ops = ["q"]
    for x0, y0 in ((left + width - inset - outer, bottom + height - inset - outer), (left + inset, bottom + inset)):
        ops.append(f"1 g {x0:.3f} {y0:.3f} {outer:.3f} {outer:.3f} re f 0 g")
        top = y0 + outer - QUIET * cell
        for row in range(CELLS):
            col = 0
            while col < CELLS:
                if not bits >> (CELLS * CELLS - 1 - (row * CELLS + col)) & 1:
                    col += 1
                    continue
                start = col
                while col < CELLS and bits >> (CELLS * CELLS - 1 - (row * CELLS + col)) & 1:
                    col += 1
                x = x0 + (QUIET + start) * cell
                ops.append(f"{x:.3f} {top - (row + 1) * cell:.3f} {(col - start) * cell:.3f} {cell:.3f} re")
        ops.append("f")
    ops.append("Q")
    return " ".join(ops).encode()
