"""The time zone a score summary prints its times in: the phone's own, which the table page
sends as ``tz`` (the browser's ``Intl.DateTimeFormat().resolvedOptions().timeZone``, also kept in the ``tz``
cookie by static/js/time-zone.js). A zone zoneinfo does not know, or none sent (JavaScript off), falls back to
UTC, and the PDF says which zone its times are in, and why when it is not the phone's."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ...inputs import is_clean

COOKIE = "tz"
# An IANA zone name: letters, digits, "_", "+", "-" in parts joined by "/" (never "..": no path games).
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+)*")
MAX_NAME = 64


@dataclass(frozen=True)
class PrintZone:
    zone: ZoneInfo | timezone
    name: str  # the zone's name as printed ("Asia/Tokyo", "UTC")
    refused: str = ""  # a name that was sent but is not a zone (cut short), to say why the times are in UTC

    def local(self, at: datetime) -> datetime:
        """``at`` in this zone; a time stored without a zone is UTC (SQLite drops it)."""
        aware = at if at.tzinfo is not None else at.replace(tzinfo=UTC)
        return aware.astimezone(self.zone)


IN_UTC = PrintZone(UTC, "UTC")


def zone_named(raw: str | None) -> PrintZone:
    """The zone called ``raw``, or UTC (naming what was refused) when zoneinfo does not know it."""
    name = (raw or "").strip()
    if not name:
        return IN_UTC
    if name.upper() in ("UTC", "ETC/UTC", "Z"):
        return IN_UTC
    if len(name) > MAX_NAME or not _NAME.fullmatch(name):
        # said back in the PDF only when it is printable text (no NUL or lone surrogate reaches the renderer)
        return PrintZone(UTC, "UTC", name[:40] if is_clean(name, one_line=True) else "?")
    try:
        return PrintZone(ZoneInfo(name), name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return PrintZone(UTC, "UTC", name)


def request_zone(args: Mapping[str, str], cookies: Mapping[str, str]) -> PrintZone:
    """The link's ``tz`` first (the phone that asked), else the cookie the page left, else UTC."""
    return zone_named(args.get(COOKIE) or cookies.get(COOKIE))


def when(at: datetime, zone: PrintZone, lang: str) -> str:
    """A date and time as a player reads it in ``lang``: 2026年11月27日 02:07 / 27 Nov 2026, 02:07."""
    local = zone.local(at)
    if lang == "ja":
        return f"{local.year}年{local.month}月{local.day}日 {local:%H:%M}"
    return f"{local.day} {local:%b %Y, %H:%M}"


def clock(at: datetime, zone: PrintZone) -> str:
    """Only the time of day (the history's lines), in the zone."""
    return f"{zone.local(at):%H:%M}"
