"""Reading the cards a photo shows from their printed markers (codes.py) with OpenCV's ArUco detector.

``read_cards(slug, data)`` -> the game's cards seen, one ``SeenCard`` per physical card, each with its marker's
corners in the photo's pixels (as the photo is shown: its EXIF orientation applied), clockwise from the marker's
top left. A miss is better than a misread:

- only exact codewords are accepted (no bit is corrected: two AprilTag 36h11 markers differ in at least 11
  cells), and only the ids of this game's cards (ids.py);
- a card's marker seen twice (its two corners) is one card; seen more often, or twice too far apart for one
  card, it is not listed at all (two prints of one card: which is which cannot be said).

A photo larger than ``MAX_BYTES`` or ``MAX_PIXELS`` is refused (``TooLarge``), a body that is not a JPEG or PNG
image too (``NotAnImage``). A large photo is decoded smaller (JPEG's own 1/2, 1/4, 1/8 decoding, which is also
the fastest) so that its long side is at most ``DETECT_SIDE`` × 2 pixels, and the corners found are scaled back.
No web imports.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image

from . import codes, ids

if TYPE_CHECKING:
    import numpy as np

MAX_BYTES = 10 * 2**20  # the API's limit
MAX_PIXELS = 80_000_000  # a 12-megapixel photo is 12 million; more is refused before it is decoded
DETECT_SIDE = 1800  # a photo longer than twice this is decoded at 1/2, 1/4 or 1/8
CARD_SPAN = 16.0  # two markers of one id further apart than this many marker sides are not one card's corners
FORMATS = {"JPEG": ".jpg", "PNG": ".png", "MPO": ".jpg"}  # MPO: a JPEG with a second image (some phones)

Corners = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]


class NotAnImage(ValueError):
    """The data is not a JPEG or PNG image (or not one that can be decoded)."""


class TooLarge(ValueError):
    """The data or the picture is larger than the reader takes."""


@dataclass(frozen=True)
class SeenCard:
    card: str  # the game's notation (ids.PhysicalCard.card)
    copy: int
    marker: int
    corners: Corners
    # the card's other corner marker, when both were seen (its middle and this one's: the card's middle)
    other: Corners | None = None


def _detector() -> Any:
    import cv2

    params = cv2.aruco.DetectorParameters()
    params.errorCorrectionRate = 0.0  # exact codewords only: a misread is worse than a miss
    params.detectInvertedMarker = False
    # read each cell from an 8 × 8 pixel sample, its middle only (a blurred photo smears the cells' edges): with
    # exact codewords this reads 99.7 % of the markers of the tests' phone photos where the defaults (4, 0.13)
    # read 94 %
    params.perspectiveRemovePixelPerCell = 8
    params.perspectiveRemoveIgnoredMarginPerCell = 0.3
    return cv2.aruco.ArucoDetector(codes.dictionary(), params)


_DETECTOR: list[Any] = []


def detector() -> Any:
    if not _DETECTOR:
        _DETECTOR.append(_detector())
    return _DETECTOR[0]


def reduction(width: int, height: int) -> int:
    """1, 2, 4 or 8: how much smaller to decode a photo of this size."""
    factor = 1
    while max(width, height) / factor > 2 * DETECT_SIDE and factor < 8:
        factor *= 2
    return factor


_REDUCED = {1: "IMREAD_GRAYSCALE", 2: "IMREAD_REDUCED_GRAYSCALE_2", 4: "IMREAD_REDUCED_GRAYSCALE_4",
            8: "IMREAD_REDUCED_GRAYSCALE_8"}  # cv2's flags


def decode(data: bytes) -> tuple[np.ndarray, float, float]:
    """The photo in grey, decoded smaller when it is large, and the factors from its pixels to the shown photo's
    (x, y). Raises NotAnImage or TooLarge. OpenCV loads on first use (codes.dictionary)."""
    import cv2
    import numpy as np

    if len(data) > MAX_BYTES:
        raise TooLarge(f"{len(data)} bytes")
    try:
        with Image.open(io.BytesIO(data)) as probe:
            kind = probe.format or ""
            width, height = probe.size
            transposed = probe.getexif().get(0x0112, 1) in (5, 6, 7, 8)  # EXIF orientation: turned a quarter
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for data that is no picture
        raise NotAnImage(str(error)) from None
    if kind not in FORMATS:
        raise NotAnImage(f"{kind or 'unknown'} is not JPEG or PNG")
    if width * height > MAX_PIXELS:
        raise TooLarge(f"{width} × {height} pixels")
    if transposed:
        width, height = height, width
    buffer = np.frombuffer(data, dtype=np.uint8)
    factor = reduction(width, height)
    grey = cv2.imdecode(buffer, getattr(cv2, _REDUCED[factor if kind != "PNG" else 1]))
    if grey is None or grey.size == 0:
        raise NotAnImage("the picture cannot be decoded")
    if kind == "PNG" and factor > 1:
        grey = cv2.resize(grey, (grey.shape[1] // factor, grey.shape[0] // factor), interpolation=cv2.INTER_AREA)
    return grey, width / grey.shape[1], height / grey.shape[0]


def detect(grey: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """(marker id, its 4 corners as a 4 × 2 array) of every exact marker in the picture."""
    import numpy as np

    corners, found, _rejected = detector().detectMarkers(grey)
    if found is None:
        return []
    return [(int(marker), np.asarray(box, dtype=np.float64).reshape(4, 2)) for marker, box in
            zip(found.ravel(), corners, strict=True)]


def _side(box: np.ndarray) -> float:
    import numpy as np

    return float(np.mean([np.linalg.norm(box[i] - box[(i + 1) % 4]) for i in range(4)]))


def _one_card(boxes: list[np.ndarray]) -> np.ndarray | None:
    """The box to list for a marker seen in ``boxes``: the one when seen once, the upper-left of two when they can
    be one card's two corners, else None (which is which cannot be said)."""
    import numpy as np

    if len(boxes) == 1:
        return boxes[0]
    if len(boxes) != 2:
        return None
    a, b = boxes
    apart = float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0)))
    if apart > CARD_SPAN * max(_side(a), _side(b)):
        return None
    return min(boxes, key=lambda box: tuple(box.mean(axis=0)[::-1]))


def read_cards(slug: str, data: bytes) -> list[SeenCard]:
    """The cards of ``slug`` whose markers the photo shows, in reading order (top to bottom, then left to right).
    Raises NotAnImage, TooLarge, or KeyError for a game without markers."""
    ids.deck(slug)  # KeyError: not a game
    grey, sx, sy = decode(data)
    seen: dict[int, list[np.ndarray]] = {}
    for marker, box in detect(grey):
        card = ids.card_of(marker)
        if card is not None and card.game == slug:
            seen.setdefault(marker, []).append(box)
    cards = []
    for marker, boxes in seen.items():
        chosen = _one_card(boxes)
        physical = ids.card_of(marker)
        if chosen is None or physical is None:
            continue
        points = tuple((int(round(x * sx)), int(round(y * sy))) for x, y in chosen)
        others = [tuple((int(round(x * sx)), int(round(y * sy))) for x, y in box) for box in boxes
                  if box is not chosen]
        cards.append(SeenCard(physical.card, physical.copy, marker, points,  # type: ignore[arg-type]
                              others[0] if others else None))  # type: ignore[arg-type]
    cards.sort(key=lambda c: (_row(c), c.corners[0][0]))
    return cards


def _row(card: SeenCard) -> int:
    """A coarse row of the card's marker, so that cards side by side read left to right."""
    side = math.dist(card.corners[0], card.corners[1]) or 1.0
    return int(card.corners[0][1] // (side * 3))
