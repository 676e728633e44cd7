"""Pictures for the marker tests: PDF pages rendered as a scanner would (pypdfium2), and the same pages as a phone
photographs them on a table (seeded): tilted in perspective, turned, scaled to 1,200–2,000 px, blurred, noisy,
lit unevenly and saved as JPEG."""

from __future__ import annotations

import random
from dataclasses import dataclass

import cv2
import numpy as np
import pypdfium2 as pdfium


def render(pdf: bytes, pages: list[int] | None = None, dpi: float = 150.0) -> dict[int, np.ndarray]:
    """Page index -> the page in grey (uint8), at ``dpi``."""
    document = pdfium.PdfDocument(pdf)
    found = {}
    for index in pages if pages is not None else range(len(document)):
        image = document[index].render(scale=dpi / 72, grayscale=True).to_numpy()
        found[index] = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return found


def png(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return data.tobytes()


@dataclass(frozen=True)
class Shot:
    long_side: int
    turn: float  # degrees
    tilt: float  # how far the far edge shrinks (perspective), 0..1
    blur: float  # Gaussian sigma in the photo's pixels
    noise: float  # sigma of the grain, in grey levels
    light: float  # the lamp's gradient across the picture, in grey levels
    quality: int  # JPEG


def shot(rng: random.Random) -> Shot:
    return Shot(rng.randint(1200, 2000), rng.uniform(-180, 180), rng.uniform(0.0, 0.25), rng.uniform(0.3, 1.2),
                rng.uniform(2.0, 7.0), rng.uniform(0.0, 70.0), rng.randint(70, 92))


def phone_photo(page: np.ndarray, how: Shot, rng: random.Random) -> bytes:
    """The page lying on a darker table, photographed as ``how`` says: a JPEG."""
    h, w = page.shape
    side = how.long_side
    fill = rng.uniform(0.78, 0.95)  # how much of the photo's long side the page's diagonal-free extent takes
    out_w, out_h = (side, int(side * 0.75)) if rng.random() < 0.5 else (int(side * 0.75), side)
    # the page's corners, turned about its centre and tilted (the far edge shorter), then fitted into the photo
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.float64) - [w / 2, h / 2]
    angle = np.radians(how.turn)
    turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    placed = corners @ turn.T
    far = rng.randrange(4)  # which edge is the far one
    for i in (far, (far + 1) % 4):
        placed[i] = placed[i] + (placed.mean(axis=0) - placed[i]) * how.tilt * 0.5
    span = placed.max(axis=0) - placed.min(axis=0)
    scale = fill * min(out_w / span[0], out_h / span[1])
    placed = (placed - placed.min(axis=0)) * scale
    placed += [(out_w - span[0] * scale) / 2, (out_h - span[1] * scale) / 2]
    matrix = cv2.getPerspectiveTransform(corners.astype(np.float32) + np.float32([w / 2, h / 2]),
                                         placed.astype(np.float32))
    # a first shrink towards the photo's scale keeps the warp from aliasing the fine print
    shrink = min(1.0, 1.6 * scale)
    if shrink < 1.0:
        small = cv2.resize(page, (int(w * shrink), int(h * shrink)), interpolation=cv2.INTER_AREA)
        matrix = matrix @ np.diag([1 / shrink, 1 / shrink, 1.0])
    else:
        small = page
    table = int(rng.uniform(40, 110))
    photo = cv2.warpPerspective(small, matrix, (out_w, out_h), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=table).astype(np.float32)
    # the lamp: a linear gradient of brightness; the page's contrast a little lower than print
    gx, gy = np.meshgrid(np.linspace(-0.5, 0.5, out_w), np.linspace(-0.5, 0.5, out_h))
    direction = rng.uniform(0, 2 * np.pi)
    photo = photo * rng.uniform(0.8, 1.0) + how.light * (gx * np.cos(direction) + gy * np.sin(direction))
    photo = cv2.GaussianBlur(photo, (0, 0), how.blur)
    photo += np.random.default_rng(rng.randrange(2**32)).normal(0.0, how.noise, photo.shape)
    image = np.clip(photo, 0, 255).astype(np.uint8)
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, how.quality])
    assert ok
    return data.tobytes()


_FETCHED: dict[str, bytes] = {}


def fetch(client: object, url: str) -> bytes:
    """The PDF at ``url`` (asked once per test process: the same settings make the same bytes)."""
    if url not in _FETCHED:
        response = client.get(url)  # type: ignore[attr-defined]
        assert response.status_code == 200, response.get_data(as_text=True)[:800]
        assert response.mimetype == "application/pdf"
        _FETCHED[url] = response.data
    return _FETCHED[url]
