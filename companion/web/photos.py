"""The one reader of an uploaded photo of cards, for the scan API and every page that takes "a photo of these
cards": the multipart field ``photo``, the size limit, the decoding off the event loop within
``SCAN_TIME_LIMIT`` seconds (companion/server/offload.py) and the markers read (companion/markers/reader.py).

``read_upload(slug)`` -> the cards seen, or ``PhotoRefused`` with the HTTP status, the message code
(companion/web/messages.py, "scan.*") and ``message``, the sentence in the player's language. A game's page says
what the cards MEAN for its step (which of its form fields they fill); it never reads the upload itself.

A page's endpoint whose name ends in ``_photo`` takes a body as large as the scan API's (``is_photo_endpoint``).
"""

from __future__ import annotations

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from companion.markers import ids, reader
from companion.markers.reader import SeenCard
from companion.server.offload import TooSlow, off_loop_within

from .messages import message_for

FIELD = "photo"
PHOTO_ENDPOINT_SUFFIX = "_photo"

__all__ = ["FIELD", "PhotoRefused", "SeenCard", "read_upload", "is_photo_endpoint"]


class PhotoRefused(Exception):
    """The upload is no photo that can be read: ``status`` (413, 422, 503), ``code`` (messages.py) and
    ``message``, the sentence to show."""

    def __init__(self, status: int, code: str) -> None:
        self.status = status
        self.code = code
        super().__init__(code)

    @property
    def message(self) -> str:
        return message_for(self.code)

    @property
    def retry_after(self) -> int | None:
        return 5 if self.status == 503 else None


def is_photo_endpoint(endpoint: str | None) -> bool:
    """The request carries a photo: the scan API or a page's ``…_photo`` endpoint (the body limit is the scan's)."""
    return endpoint is not None and (endpoint == "api.scan" or endpoint.endswith(PHOTO_ENDPOINT_SUFFIX))


def has_markers(slug: str) -> bool:
    return slug in ids.games()


def read_upload(slug: str) -> list[SeenCard]:
    """The cards of ``slug`` the request's ``photo`` shows (reading order). Raises PhotoRefused."""
    try:
        photo = request.files.get(FIELD)
    except RequestEntityTooLarge:
        raise PhotoRefused(413, "scan.too_large") from None
    if photo is None:
        raise PhotoRefused(422, "scan.no_photo")
    data = photo.stream.read(reader.MAX_BYTES + 1)
    if not data and not photo.filename:  # a page's form sent with no file chosen
        raise PhotoRefused(422, "scan.no_photo")
    try:
        return off_loop_within(float(current_app.config["SCAN_TIME_LIMIT"]), reader.read_cards, slug, data)
    except reader.TooLarge:
        raise PhotoRefused(413, "scan.too_large") from None
    except reader.NotAnImage:
        raise PhotoRefused(422, "scan.not_an_image") from None
    except TooSlow:
        raise PhotoRefused(503, "scan.busy") from None
