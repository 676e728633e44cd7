"""Synthetic photos of cards for the page tests (issue #36): each card's marker drawn upright (or turned) at a
known place on a white picture, as the scan API's tests draw them (tests/web/test_api_scan.py)."""

from __future__ import annotations

import io
from typing import Any

import cv2
import numpy as np

from companion.markers import codes, ids

CELL = 12  # pixels per marker cell
SIDE = codes.CELLS * CELL


def picture(placed: list[tuple[int, int, int]], size: tuple[int, int] = (1600, 1200)) -> np.ndarray:
    """A white picture with each (marker, x, y) drawn upright, its top left at (x, y), quiet zone around it."""
    width, height = size
    image = np.full((height, width), 255, dtype=np.uint8)
    for marker, x, y in placed:
        image[y:y + SIDE, x:x + SIDE] = codes.dictionary().generateImageMarker(marker, SIDE, borderBits=1)
    return image


def jpeg(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def png(image: np.ndarray) -> bytes:
    return cv2.imencode(".png", image)[1].tobytes()


def cards_in_a_row(slug: str, cards: list[str], per_row: int = 6) -> bytes:
    """A photo (JPEG) of ``cards`` (the game's notation; a card named twice is its next copy) laid in rows."""
    copies: dict[str, int] = {}
    placed = []
    for i, card in enumerate(cards):
        copies[card] = copies.get(card, 0) + 1
        row, column = divmod(i, per_row)
        placed.append((ids.marker_of(slug, card, copies[card]), 60 + column * 250, 60 + row * 250))
    return jpeg(picture(placed))


def upload(data: bytes, name: str = "photo.jpg") -> tuple[Any, str]:
    """The ``photo`` field's value for the test client's multipart post."""
    return io.BytesIO(data), name


def field_photo(cards: list[tuple[int, int, str, int, str]], turn_degrees: float = 0.0, px_per_mm: float = 4.0,
                area_mm: float = 92.0) -> bytes:
    """A photo (PNG) of Lumière cards on the 4 × 4 field mat: each (row, col, card id, owner, corner) with its
    marker at the card's top-right ("a"), bottom-left ("b") or both ("ab") corners, the card turned a quarter per owner (LP-1),
    the whole picture then turned ``turn_degrees``."""
    import math

    margin = 60
    size = int(4 * area_mm * px_per_mm) + 2 * margin
    image = np.full((size, size), 255, dtype=np.uint8)
    side = int(10 * px_per_mm)
    copies: dict[str, int] = {}
    corner = (63 / 2 - 2.5 - 12.5 / 2, -(88 / 2 - 2.5 - 12.5 / 2))
    for row, col, card, owner, which in cards:
        copies[card] = copies.get(card, 0) + 1
        marker = codes.dictionary().generateImageMarker(ids.marker_of("lumiere", card, copies[card]), side,
                                                        borderBits=1)
        turned = np.rot90(marker, k=-owner)  # clockwise, a quarter per seat
        angle = owner * math.pi / 2
        for one in which:  # "a", "b" or "ab": both corners
            dx, dy = corner if one == "a" else (-corner[0], -corner[1])
            ox, oy = dx * math.cos(angle) - dy * math.sin(angle), dx * math.sin(angle) + dy * math.cos(angle)
            cx = margin + ((col + 0.5) * area_mm + ox) * px_per_mm
            cy = margin + ((row + 0.5) * area_mm + oy) * px_per_mm
            x, y = int(cx - side / 2), int(cy - side / 2)
            image[y:y + side, x:x + side] = turned
    if turn_degrees:  # on a larger picture, so that no corner of the field is cut off
        big = int(size * 1.45)
        matrix = cv2.getRotationMatrix2D((size / 2, size / 2), turn_degrees, 1.0)
        matrix[:, 2] += (big - size) / 2
        image = cv2.warpAffine(image, matrix, (big, big), borderValue=255)
    return png(image)
