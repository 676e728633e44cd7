"""What a table's live stream sends: a version's news, read once per process for every open stream it wakes, and
each stream's events written as text or, for a phone that accepts it, as one gzip member piece by piece
(``companion.web.compress``): the version's fragment is encoded and deflated once, whichever stream sends it."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from functools import cached_property

from flask import request

from companion.i18n import language
from companion.server import shared
from companion.server.cache import BoundedCache
from companion.tables.view import TableView
from companion.web.compress import GzipPieces, deflated
from companion.web.tables.history import history
from companion.web.tables.loading import load_view
from companion.web.tables.render import shared_fragment

SAID_LINES = 5  # the newest entries another phone made, announced on a page that catches up


@dataclass(frozen=True)
class News:
    """What every stream of a table sends for one version (before each phone's parts go in)."""

    version: int
    html_json: bytes  # the fragment as the event's JSON string, encoded once for every stream
    lines: tuple[tuple[int, str, str], ...]  # the history's newest lines: seq, the phone that made it, the text
    made: float = field(compare=False)  # time.monotonic(): the same clock in every worker of the machine

    @cached_property
    def html_deflated(self) -> bytes:
        return deflated(self.html_json)

    def said_to(self, device: str, since: int) -> list[str]:
        """What the other phones entered after version ``since``, newest last, for the phone ``device``."""
        said = [text for seq, made_by, text in self.lines if seq > since and made_by != device]
        return said[:SAID_LINES][::-1]

    def packed(self) -> bytes:
        """The news as another worker reads it (``unpacked``): its fragment deflated already."""
        head = json.dumps({"version": self.version, "lines": self.lines, "made": self.made,
                           "json": len(self.html_json)}).encode()
        return b"%d\n" % len(head) + head + self.html_json + self.html_deflated

    @staticmethod
    def unpacked(data: bytes) -> News:
        size, rest = data.split(b"\n", 1)
        head = json.loads(rest[:int(size)])
        body = rest[int(size):]
        news = News(head["version"], body[:head["json"]], tuple(tuple(line) for line in head["lines"]), head["made"])
        news.__dict__["html_deflated"] = body[head["json"]:]  # the cached_property, worked out by the writer
        return news


# How long a version's news is shared, here and between the workers. The streams it wakes ask within moments of
# each other, but on a busy server some ask seconds later: drawing it again then made the slowest moments slower
# still (issue 39). A user profile edited meanwhile changes the fragment but not the version: a phone that
# reconnects after this long gets it drawn again (a page or a poll always draws the profile as it is).
NEWS_SECONDS = 30.0
_news: BoundedCache[News] = BoundedCache(256, max_bytes=32 * 2**20, size_of=lambda news: 2 * len(news.html_json))


def news_of(token: str, watch: bool, version: int) -> News:
    """The news of the table's ``version`` (or a newer one, kept under its own), as this request's language
    words it: kept in this worker, else left by another worker (companion.server.shared), else drawn here."""
    key = (token, watch, language(), request.host)
    found = _news.get((*key, version))
    if found is None:
        left = shared.get(_shared_key(*key, version))
        found = None if left is None else _news.put((*key, version), News.unpacked(left))
    if found is not None and time.monotonic() - found.made < NEWS_SECONDS:
        return found
    return share(load_view(token, watch=watch), watch)  # may be newer than ``version`` already: kept under its own


def share(view: TableView, watch: bool) -> News:
    """The news of ``view``'s version, drawn here and left for every stream of this worker and the others (an
    entry's answer leaves it too, so a worker whose phones did not enter it need not draw it)."""
    key = (view.table.watch_token if watch else view.table.token, watch, language(), request.host)
    news = News(view.version, json.dumps(shared_fragment(view, not watch, {}), ensure_ascii=False).encode(),
                tuple((line.seq, line.device, line.said) for line in history(view)), time.monotonic())
    shared.put(_shared_key(*key, view.version), news.packed())
    return _news.put((*key, view.version), news)


def _shared_key(token: str, watch: bool, locale: str, host: str, version: int) -> bytes:
    return f"news\0{token}\0{int(watch)}\0{locale}\0{host}\0{version}".encode()


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
