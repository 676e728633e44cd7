"""What a table's live stream sends: a version's news, read once per process for every open stream it wakes, and
each stream's events written as text or, for a phone that accepts it, as one gzip member piece by piece
(``companion.web.compress``): the version's fragment is encoded and deflated once, whichever stream sends it."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import cached_property

from flask import request
from flask_babel import get_locale

from companion.server.cache import BoundedCache
from companion.web.compress import GzipPieces, deflated
from companion.web.tables.history import history
from companion.web.tables.loading import load_view
from companion.web.tables.render import shared_fragment

SAID_LINES = 5  # the newest entries another phone made, announced on a page that catches up


@dataclass(frozen=True)
class News:
    """What every stream of a table sends for one version (before each phone's parts go in)."""

    version: int
    html: str
    lines: tuple[tuple[int, str, str], ...]  # the history's newest lines: seq, the phone that made it, the text
    made: float = field(compare=False)

    @cached_property
    def html_json(self) -> bytes:
        """The fragment as the event's JSON string, encoded once for every stream."""
        return json.dumps(self.html, ensure_ascii=False).encode()

    @cached_property
    def html_deflated(self) -> bytes:
        return deflated(self.html_json)

    def said_to(self, device: str, since: int) -> list[str]:
        """What the other phones entered after version ``since``, newest last, for the phone ``device``."""
        said = [text for seq, made_by, text in self.lines if seq > since and made_by != device]
        return said[:SAID_LINES][::-1]


NEWS_SECONDS = 2.0  # how long a version's news is shared: the streams it wakes ask within moments of each other
_news: BoundedCache[News] = BoundedCache(256, max_bytes=32 * 2**20, size_of=lambda news: 3 * len(news.html))


def news_of(token: str, watch: bool, version: int) -> News:
    """The news of the table's ``version`` (or a newer one, kept under its own), as this request's language
    words it."""
    key = (token, watch, str(get_locale()), request.host)
    found = _news.get((*key, version))
    if found is not None and time.monotonic() - found.made < NEWS_SECONDS:
        return found
    fresh = load_view(token, watch=watch)  # may be newer than ``version`` already: kept under its own
    news = News(fresh.version, shared_fragment(fresh, not watch, {}),
                tuple((line.seq, line.device, line.said) for line in history(fresh)), time.monotonic())
    return _news.put((*key, fresh.version), news)


class StreamWriter:
    """A stream's bytes: its lines as they are, or one gzip member (``gzip``) whose pieces each phone can read as
    soon as they arrive."""

    def __init__(self, gzip: bool) -> None:
        self.pieces = GzipPieces() if gzip else None
        self.started = False

    @property
    def headers(self) -> dict[str, str]:
        return {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"} if self.pieces is not None else {}

    def text(self, text: str) -> bytes:
        return self._begin() + (self.pieces.plain(text.encode()) if self.pieces is not None else text.encode())

    def table(self, news: News, said: list[str]) -> bytes:
        """The event of a version: ``{"version", "said", "html"}``, the html as every stream sends it."""
        head = (f'id: {news.version}\nevent: table\ndata: {{"version": {news.version}, '
                f'"said": {json.dumps(said, ensure_ascii=False)}, "html": ').encode()
        tail = b"}\n\n"
        if self.pieces is None:
            return head + news.html_json + tail
        return (self._begin() + self.pieces.plain(head) + self.pieces.packed(news.html_json, news.html_deflated)
                + self.pieces.plain(tail))

    def end(self) -> bytes:
        return self.pieces.end() if self.pieces is not None and self.started else b""

    def _begin(self) -> bytes:
        if self.started or self.pieces is None:
            return b""
        self.started = True
        return self.pieces.start()
