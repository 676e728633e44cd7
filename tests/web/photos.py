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
