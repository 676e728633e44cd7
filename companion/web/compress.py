"""What a phone downloads, gzipped: an entry's fragment reaches every phone at the table (40-75 KB of html for the
larger games), and html compresses to a fraction (issue 39: the bytes each phone receives per entry).

- Answers: a text answer of 1 KB or more goes out gzipped to a client that accepts it, unless it carries this
  phone's CSRF token: a secret compressed beside what a request can make the page repeat (a refused entry's
  fields, a query) leaks through the answer's size over https (the BREACH attack). The table fragments every phone
  shares carry no token (the page's script fills it in), so they are the answers compressed. One body is
  compressed once (``gzipped``, kept by its digest): a version's fragment is the same bytes for the phone that
  entered and for every phone that polls.
- Live streams: a stream stays open for minutes, so it is one gzip member written piece by piece
  (``GzipPieces``). The fragment of a version is deflated once for every stream that sends it, as a block that
  ends byte-aligned (a sync flush); what is each phone's own (its event's id, the lines it announces,
  heartbeats) goes between, stored as it is. Each piece can be read by the phone as soon as it arrives.
"""

from __future__ import annotations

import gzip
import hashlib
import struct
import zlib

from flask import Flask, Response, g, request

from companion.server.cache import BoundedCache

SMALLEST = 1024  # below this, gzip's own bytes and the work are not worth it
COMPRESSIBLE = ("text/html", "text/plain", "text/csv", "text/css", "text/javascript", "application/json",
                "application/javascript", "application/problem+json", "image/svg+xml")
LEVEL = 6


def accepts_gzip() -> bool:
    return request.accept_encodings.quality("gzip") > 0


# Compressed bodies by the digest of what they compress: a version's fragment is compressed once, whoever asks.
_bodies: BoundedCache[bytes] = BoundedCache(512, max_bytes=16 * 2**20, size_of=len)


def gzipped(body: bytes) -> bytes:
    key = hashlib.blake2b(body, digest_size=16).digest()
    return _bodies.get_or_make(key, lambda: gzip.compress(body, LEVEL, mtime=0))


def deflated(piece: bytes) -> bytes:
    """``piece`` as raw deflate blocks ending byte-aligned and not final (a sync flush): a piece of any gzip
    member written by ``GzipPieces``, whatever came before it."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
    return packer.compress(piece) + packer.flush(zlib.Z_SYNC_FLUSH)


class GzipPieces:
    """One gzip member made of pieces: ``start``, then ``plain`` (stored as it is) or ``packed`` (deflated once
    elsewhere, ``deflated``) for each piece in order, then ``end``. The checksum and length of what the pieces
    hold are kept as they go."""

    HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # gzip, deflate, no name, no time, unknown system

    def __init__(self) -> None:
        self.crc = 0
        self.size = 0

    def start(self) -> bytes:
        return self.HEADER

    def plain(self, piece: bytes) -> bytes:
        self._count(piece)
        blocks = []
        for at in range(0, len(piece), 0xFFFF):  # stored blocks: at most 65,535 bytes each
            chunk = piece[at:at + 0xFFFF]
            blocks.append(b"\x00" + struct.pack("<HH", len(chunk), len(chunk) ^ 0xFFFF) + chunk)
        return b"".join(blocks)

    def packed(self, piece: bytes, packed: bytes) -> bytes:
        self._count(piece)
        return packed

    def end(self) -> bytes:
        return b"\x03\x00" + struct.pack("<II", self.crc, self.size & 0xFFFFFFFF)  # an empty final block

    def _count(self, piece: bytes) -> None:
        self.crc = zlib.crc32(piece, self.crc)
        self.size += len(piece)


def _compress(response: Response) -> Response:
    if (response.direct_passthrough or response.is_streamed or response.status_code in (204, 304)
            or "Content-Encoding" in response.headers or not accepts_gzip()):
        return response
    if "csrf_token" in g:  # this answer drew the phone's token (Flask-WTF keeps it there): never compressed
        return response
    if (response.mimetype or "") not in COMPRESSIBLE:
        return response
    body = response.get_data()
    if len(body) < SMALLEST:
        return response
    response.set_data(gzipped(body))
    response.headers["Content-Encoding"] = "gzip"
    response.vary.add("Accept-Encoding")
    return response


def init_app(app: Flask) -> None:
    app.after_request(_compress)
