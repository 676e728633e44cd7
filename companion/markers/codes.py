"""The marker family and how a marker is drawn.

AprilTag 36h11 (OpenCV's ``DICT_APRILTAG_36h11``): 587 square markers of 6 × 6 data bits inside a one-cell black
border, any two at least 11 bits apart in every rotation. The five games need 433 ids (ids.py), so the family
holds them all with room to spare, and the reader (reader.py) accepts only exact codewords: a misread would take
11 wrong cells at once, where a 4 × 4 family (``DICT_4X4_1000``) has codewords one or two cells apart.

A marker is drawn as vector art: its black cells as rectangles (one SVG path, so no hairline shows between two
cells), on a white quiet zone of ``QUIET`` cells. No bitmap is ever printed. (A card sheet's markers are drawn by the PDF renderer from the same cells:
companion/printing/marks.py.)
"""

from __future__ import annotations

from functools import cache
from typing import Any

from markupsafe import Markup

FAMILY = "DICT_APRILTAG_36h11"  # in cv2.aruco
FAMILY_NAME = "AprilTag 36h11"
BITS = 6  # data cells a side
CELLS = BITS + 2  # with the black border
QUIET = 1  # white cells around the marker
SIZE_MM = 10.0  # the marker's printed side, border included (the quiet zone is outside it)


@cache
def dictionary() -> Any:
    """OpenCV's dictionary of the family. OpenCV (and numpy) load on first use, not with the app: a server
    process that never prints a card sheet or reads a photo does not carry them (some 50 MB)."""
    import cv2

    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, FAMILY))


@cache
def cells(marker: int) -> tuple[tuple[bool, ...], ...]:
    """The marker's CELLS × CELLS cells, True for black, top row first, as it is printed upright."""
    count = dictionary().bytesList.shape[0]
    if not 0 <= marker < count:
        raise ValueError(f"no marker {marker} in {FAMILY_NAME} (0–{count - 1})")
    image = dictionary().generateImageMarker(marker, CELLS, borderBits=1)
    return tuple(tuple(bool(v < 128) for v in row) for row in image.tolist())


def path_data(marker: int, origin: float = 0.0) -> str:
    """The black cells as one path of rectangles (a run of black cells in a row is one rectangle), in cell units
    from ``origin``."""
    parts = []
    for y, row in enumerate(cells(marker)):
        x = 0
        while x < CELLS:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < CELLS and row[x]:
                x += 1
            parts.append(f"M{origin + start:g} {origin + y:g}h{x - start}v1h{start - x}z")
    return "".join(parts)


def svg(marker: int, size_mm: float = SIZE_MM, css_class: str = "marker") -> Markup:
    """The marker with its quiet zone as an inline SVG ``size_mm`` wide without the quiet zone (so the SVG is
    size_mm × (CELLS + 2·QUIET) / CELLS wide), for HTML printed by WeasyPrint."""
    side = CELLS + 2 * QUIET
    outer = size_mm * side / CELLS
    return Markup(
        f'<svg class="{css_class}" data-marker="{marker:d}" width="{outer:.3f}mm" height="{outer:.3f}mm" '
        f'viewBox="0 0 {side} {side}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path d="{path_data(marker, QUIET)}" fill="#000"/></svg>')


def outer_mm(size_mm: float = SIZE_MM) -> float:
    """The printed side of a marker with its quiet zone."""
    return size_mm * (CELLS + 2 * QUIET) / CELLS
