"""POST /api/v1/<slug>/scan (API.md, "Cards from a photo"): the answer's shape, one entry per physical card (a card
whose two corners show is listed once, two copies are two entries), corners clockwise from the marker's top left in
the photo's own pixels, and the refusals: 422 for no picture, 413 for too large, 404 for an unknown game."""

from __future__ import annotations

import io

import cv2
import numpy as np
from flask.testing import FlaskClient

from companion.markers import codes, ids

CELL = 12  # pixels per marker cell in the test pictures


def _picture(placed: list[tuple[int, int, int]], size: tuple[int, int] = (1600, 1200)) -> np.ndarray:
    """A white picture with each (marker, x, y) drawn upright, its top left at (x, y), quiet zone around it."""
    width, height = size
    image = np.full((height, width), 255, dtype=np.uint8)
    side = codes.CELLS * CELL
    for marker, x, y in placed:
        image[y:y + side, x:x + side] = codes.dictionary().generateImageMarker(marker, side, borderBits=1)
    return image


def _post(client: FlaskClient, slug: str, data: bytes, name: str = "photo.jpg"):  # type: ignore[no-untyped-def]
    return client.post(f"/api/v1/{slug}/scan", data={"photo": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def _jpeg(image: np.ndarray) -> bytes:
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def test_the_answer_lists_each_physical_card_once_with_its_corners(client: FlaskClient) -> None:
    ten_h_1, ten_h_2 = ids.marker_of(ids.SS, "10H", 1), ids.marker_of(ids.SS, "10H", 2)
    ks = ids.marker_of(ids.SS, "KS", 1)
    placed = [(ten_h_1, 100, 100), (ten_h_2, 700, 120), (ks, 300, 700), (ks, 900, 1000),  # KS: both corners
              (ids.marker_of(ids.PS, "33"), 1300, 100)]  # another game's card: not this game's
    response = _post(client, ids.SS, _jpeg(_picture(placed)))
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"game", "cards"} and body["game"] == ids.SS
    assert [c["card"] for c in body["cards"]] == ["10H", "10H", "KS"]  # top to bottom, then left to right
    side = codes.CELLS * CELL
    first = body["cards"][0]
    assert set(first) == {"card", "corners"}
    assert all(isinstance(v, int) for point in first["corners"] for v in point)
    expected = [[100, 100], [100 + side, 100], [100 + side, 100 + side], [100, 100 + side]]  # clockwise from top left
    assert all(abs(a - b) <= 2 for point, want in zip(first["corners"], expected, strict=True)
               for a, b in zip(point, want, strict=True))
    assert body["cards"][2]["corners"][0][0] < 400  # the upper of the card's two corners

    ps = _post(client, ids.PS, _jpeg(_picture(placed))).get_json()
    assert ps == {"game": ids.PS, "cards": [{"card": "33", "corners": ps["cards"][0]["corners"]}]}


def test_corners_are_in_the_photos_own_pixels_when_it_is_large(client: FlaskClient) -> None:
    """A 12-megapixel photo is read at a quarter of its pixels; the corners still come in its own."""
    marker = ids.marker_of(ids.SC, "karen:mirror")
    image = cv2.resize(_picture([(marker, 200, 150)], (1000, 750)), (4000, 3000), interpolation=cv2.INTER_NEAREST)
    body = _post(client, ids.SC, _jpeg(image)).get_json()
    assert [c["card"] for c in body["cards"]] == ["karen:mirror"]
    side = codes.CELLS * CELL * 4
    assert all(abs(a - b) <= 8 for a, b in zip(body["cards"][0]["corners"][2], [800 + side, 600 + side], strict=True))


def test_a_photo_with_no_marker_is_an_empty_list_and_png_is_read_too(client: FlaskClient) -> None:
    blank = cv2.imencode(".png", _picture([]))[1].tobytes()
    assert _post(client, ids.LP, blank, "p.png").get_json() == {"game": ids.LP, "cards": []}
    marked = cv2.imencode(".png", _picture([(ids.marker_of(ids.LP, "vampire"), 50, 50)]))[1].tobytes()
    assert [c["card"] for c in _post(client, ids.LP, marked, "p.png").get_json()["cards"]] == ["vampire"]


def _error(response, status: int, code: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == status
    errors = response.get_json()["errors"]
    assert [e["code"] for e in errors] == [code]
    assert set(errors[0]) == {"path", "code", "message", "rule", "rule_url"} and errors[0]["message"]


def test_not_an_image_is_422(client: FlaskClient) -> None:
    _error(_post(client, ids.PR, b"this is a letter, not a photo"), 422, "scan.not_an_image")
    _error(_post(client, ids.PR, b"GIF89a" + b"\0" * 64, "p.gif"), 422, "scan.not_an_image")
    _error(_post(client, ids.PR, _jpeg(_picture([]))[:200]), 422, "scan.not_an_image")  # cut short
    _error(client.post(f"/api/v1/{ids.PR}/scan", json={"photo": "x"}), 422, "scan.no_photo")


def test_too_large_is_413(client: FlaskClient) -> None:
    _error(_post(client, ids.PS, b"\xff\xd8" + b"\0" * (11 * 2**20)), 413, "scan.too_large")
    _error(_post(client, ids.PS, b"\xff\xd8" + b"\0" * (10 * 2**20)), 413, "scan.too_large")  # 10 MiB and 2 bytes
    huge = cv2.imencode(".png", np.zeros((9000, 9000), dtype=np.uint8))[1].tobytes()  # small file, 81 Mpx
    assert len(huge) < 2**20
    _error(_post(client, ids.PS, huge, "p.png"), 413, "scan.too_large")


def test_an_unknown_game_is_404(client: FlaskClient) -> None:
    photo = _jpeg(_picture([(0, 10, 10)]))
    _error(_post(client, "chess", photo), 404, "request.not_found")
    _error(_post(client, "tally", photo), 404, "request.not_found")  # a game whose cards have no markers


def test_corners_are_where_the_photo_is_shown_when_exif_turns_it(client: FlaskClient) -> None:
    """A phone's JPEG may be stored sideways with an EXIF orientation; the corners are in the picture as shown."""
    from PIL import Image

    raw = Image.fromarray(_picture([(ids.marker_of(ids.PS, "5"), 300, 100)]))  # 1600 × 1200 as stored
    exif = raw.getexif()
    exif[0x0112] = 6  # shown turned a quarter clockwise: 1200 × 1600
    data = io.BytesIO()
    raw.save(data, "JPEG", exif=exif.tobytes(), quality=90)
    body = _post(client, ids.PS, data.getvalue()).get_json()
    side = codes.CELLS * CELL
    # stored (x, y) is shown at (1199 - y, x): the marker's top left (300, 100) at (1099, 300)
    want = [[1099, 300], [1099, 300 + side], [1099 - side, 300 + side], [1099 - side, 300]]
    got = body["cards"][0]["corners"]
    assert all(abs(a - b) <= 2 for p, q in zip(got, want, strict=True) for a, b in zip(p, q, strict=True))
