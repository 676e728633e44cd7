"""A version's drawing left for every worker (companion/server/shared.py, companion.web.tables.news.share): the
worker whose phone entered it draws it, and a stream in another worker reads it instead of drawing it again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from companion.server import shared
from companion.web.tables import news as table_news
from tests.web.apps import Phone
from tests.web.test_tables import enter, new_table


@pytest.fixture
def region() -> Iterator[None]:
    shared.create(slots=8, slot_bytes=64 * 1024)
    try:
        yield
    finally:
        shared.close()


def test_bytes_left_under_a_key_are_read_back_whole(region: None) -> None:
    assert shared.put(b"a", b"first") and shared.get(b"a") == b"first"
    assert shared.get(b"b") is None  # another key, even in the same slot
    assert shared.put(b"a", b"second") and shared.get(b"a") == b"second"
    assert not shared.put(b"big", b"x" * 64 * 1024)  # larger than a slot: not kept, and says so
    assert shared.get(b"big") is None


def test_a_value_torn_by_a_concurrent_write_reads_as_absent(region: None) -> None:
    assert shared.put(b"a", b"0123456789")
    region_map = shared._region
    assert region_map is not None
    at = shared._place(shared._digest(b"a")) + shared._HEADER.size
    region_map[at:at + 1] = b"X"  # another worker's bytes half written over it
    assert shared.get(b"a") is None


def test_without_a_region_nothing_is_kept() -> None:
    assert not shared.put(b"a", b"b") and shared.get(b"a") is None


def test_a_stream_in_another_worker_reads_the_drawing_the_entry_left(app: Flask, phone: Phone, region: None,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    phone.get(url)
    # an htmx entry (a phone with its page's script): this worker draws version 1 for its answer and leaves it
    assert enter(phone, url, 0, "5", version=0, **{"HX-Request": "true"}).status_code == 200
    table_news._news.clear()  # the other worker: it drew nothing of this table

    def no_drawing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the version was drawn again")

    monkeypatch.setattr(table_news, "load_view", no_drawing)
    with app.test_request_context(url, headers={"Accept-Language": "en"}):
        news = table_news.news_of(url.rsplit("/", 1)[1], False, 1)
    assert news.version == 1 and b'data-version=\\"1\\"' in news.html_json
    assert news.said_to("another phone", 0) == ["Aki: +5"]
    assert news.html_deflated  # deflated once, by the worker that drew it


def test_news_packed_for_another_worker_reads_back_the_same() -> None:
    news = table_news.News(7, b'"<div>\\u00e9</div>"', ((7, "d1", "Aki: +5"),), 12.5)
    back = table_news.News.unpacked(news.packed())
    assert back == news and back.made == 12.5 and back.html_deflated == news.html_deflated
