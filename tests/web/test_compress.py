"""What a phone downloads is gzipped when it accepts gzip (issue 39: the bytes per entry): answers compressed once
per body, and the live stream as one gzip member whose every event can be read as soon as it arrives."""

from __future__ import annotations

import gzip
import json
import re
import zlib

from flask import Flask

from companion.web.compress import GzipPieces, deflated
from tests.web.apps import Phone
from tests.web.games.sister_combination.support import send, started
from tests.web.helpers import version_of
from tests.web.test_contention import other_phone

GZIP = {"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}


def test_pieces_stored_and_deflated_make_one_gzip_member_read_piece_by_piece() -> None:
    pieces = GzipPieces()
    parts = [b"retry: 2000\n\n", b'{"html": "' + b"<li>Aki: +5</li>" * 4000 + b'"}', b"", b": still here\n\n",
             bytes(range(256)) * 300]  # a stored piece past one block's 65,535 bytes
    reader = zlib.decompressobj(wbits=31)
    sent = [pieces.start()]
    for number, part in enumerate(parts):
        chunk = pieces.packed(part, deflated(part)) if number % 2 else pieces.plain(part)
        sent.append(chunk)
        assert reader.decompress(sent[0] + chunk if number == 0 else chunk) == part  # readable as it arrives
    sent.append(pieces.end())
    assert gzip.decompress(b"".join(sent)) == b"".join(parts)  # and a whole, checked member at the end
    assert len(sent[2]) < len(parts[1]) // 50  # the repeated html shrinks to a fraction


def test_a_shared_table_fragment_is_gzipped_and_the_same_once_unpacked(app: Flask, phone: Phone) -> None:
    table = started(phone, "Aki", "Ben", "Chie")
    token = table.rsplit("/", 1)[1]
    plain = phone.client.get(f"/t/{token}/poll", headers={"Accept-Language": "en", "HX-Request": "true"})
    packed = phone.client.get(f"/t/{token}/poll", headers={**GZIP, "HX-Request": "true"})
    assert "Content-Encoding" not in plain.headers  # a client that does not say it reads gzip gets plain html
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed.headers["Vary"]
    html = gzip.decompress(packed.get_data()).decode()
    assert html == plain.get_data(as_text=True) and version_of(html) == version_of(plain.get_data(as_text=True))
    assert len(packed.get_data()) < len(plain.get_data()) // 4
    saved = phone.post(f"{table}/move", {"kind": "draw_keep", "version": version_of(html)},
                       headers={**GZIP, "HX-Request": "true"})  # an entry's answer is the shared fragment too
    assert saved.status_code == 200 and saved.headers["Content-Encoding"] == "gzip"
    assert version_of(gzip.decompress(saved.get_data()).decode()) == version_of(html) + 1


def test_an_answer_holding_the_phones_csrf_token_is_never_compressed(app: Flask, phone: Phone) -> None:
    """BREACH: a secret compressed beside text a request can make the page repeat leaks through the size."""
    table = started(phone, "Aki", "Ben", "Chie")
    page = phone.client.get(f"{table}?sel=guess", headers=GZIP)  # the page and its query, with the token
    refused = phone.post(f"{table}/move", {"kind": "play", "sister": "guess", "version": 0},
                         headers={**GZIP, "HX-Request": "true"})
    assert 'name="csrf-token" content="' in page.get_data(as_text=True)
    assert refused.status_code in (409, 422)
    assert re.search(r'name="csrf_token" value="[^"]+"', refused.get_data(as_text=True))  # this phone's own
    assert "Content-Encoding" not in page.headers and "Content-Encoding" not in refused.headers


def test_the_live_stream_is_gzipped_and_each_event_readable_as_it_arrives(app: Flask, phone: Phone) -> None:
    table = started(phone, "Aki", "Ben", "Chie")
    version = version_of(phone.get(table).get_data(as_text=True))
    assert send(other_phone(app), table, kind="draw_keep").status_code == 303
    response = phone.client.get(f"{table}/events?v={version}", buffered=False, headers=GZIP)
    assert response.headers["Content-Encoding"] == "gzip"
    reader = zlib.decompressobj(wbits=31)
    text, received = "", 0
    try:
        for chunk in response.response:
            received += len(chunk)
            text += reader.decompress(chunk).decode()
            if "event: table" in text and text.endswith("}\n\n"):
                break
    finally:
        response.close()
    block = next(b for b in text.split("\n\n") if "event: table" in b)
    data = json.loads(dict(line.split(": ", 1) for line in block.splitlines())["data"])
    assert data["version"] == version + 1 and version_of(data["html"]) == version + 1
    assert data["said"] == ["Aki: draws a card and keeps it"]  # what the other phone entered
    assert received < len(data["html"]) // 4  # the phone received a fraction of the fragment's bytes
