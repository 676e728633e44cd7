"""Score summary times in the table's language and the phone's time zone: the table page's
summary link carries the browser's zone as ``tz`` (or the ``tz`` cookie holds it); a name zoneinfo does not know
falls back to UTC, and the PDF names the zone its times are in."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from flask import Flask

from companion.tables import store
from companion.web.printing.zone import zone_named
from tests.print.test_summary_pdf import played, summary_text  # noqa: F401 - the fixture
from tests.web.apps import Phone


def started_at(app: Flask, table: str) -> datetime:
    with app.app_context():
        found = store.get_table(table.rstrip("/").split("/")[-1])
        assert found is not None
        at = found.created_at
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def test_times_are_printed_in_the_phones_zone_and_in_japanese(app: Flask, phone: Phone, played: str) -> None:  # noqa: F811
    local = started_at(app, played).astimezone(ZoneInfo("Asia/Tokyo"))
    words = summary_text(phone, f"{played}/summary.pdf?lang=ja&tz=Asia/Tokyo")
    assert f"開始 {local.year}年{local.month}月{local.day}日 {local:%H:%M}" in words
    assert "タイムゾーン Asia/Tokyo" in words
    assert "UTC" not in words


def test_the_cookie_gives_the_zone_when_the_link_does_not(app: Flask, phone: Phone, played: str) -> None:  # noqa: F811
    local = started_at(app, played).astimezone(ZoneInfo("America/New_York"))
    phone.client.set_cookie("tz", "America/New_York")
    words = summary_text(phone, f"{played}/summary.pdf?lang=en")
    assert f"Started {local.day} {local:%b %Y, %H:%M}" in words
    assert "Time zone America/New_York" in words


def test_an_unknown_zone_falls_back_to_utc_and_says_so(app: Flask, phone: Phone, played: str) -> None:  # noqa: F811
    at = started_at(app, played).astimezone(UTC)
    for odd in ("Mars/Olympus_Mons", "../../etc/passwd"):
        words = summary_text(phone, f"{played}/summary.pdf?lang=en&tz={odd}")
        assert f"Started {at.day} {at:%b %Y, %H:%M}" in words
        assert f"Time zone UTC · “{odd}” is not a time zone this printer knows, so times are in UTC." in words
    words = summary_text(phone, f"{played}/summary.pdf?lang=en")  # nothing sent (JavaScript off): UTC, named
    assert "Time zone UTC" in words and "is not a time zone" not in words


def test_zone_names_are_read_safely() -> None:
    assert zone_named("Asia/Tokyo").name == "Asia/Tokyo"
    assert zone_named("").name == "UTC" and not zone_named("").refused
    assert zone_named("Etc/UTC").name == "UTC"
    for odd in ("/etc/passwd", "Asia/../Tokyo", "x" * 200, "Asia/Tōkyō", "NoSuch/Zone"):
        zone = zone_named(odd)
        assert zone.name == "UTC" and zone.refused, odd
    assert len(zone_named("x" * 200).refused) == 40


def test_the_table_page_marks_its_summary_link_for_the_phones_zone(phone: Phone, played: str) -> None:  # noqa: F811
    html = phone.get(played).get_data(as_text=True)
    assert 'data-tz href="/t/' in html and "js/time-zone.js" in html
