"""Helpers for the Planeta Rica page tests: the engine tests' made-up TEST_PROFILE as a user profile (never
shipped), starting a table, tapping the scoring sheet with JavaScript off."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

from flask import Flask

from companion.profiles import store as profile_store
from tests.games.planeta_rica.support import TEST_PROFILE
from tests.web.apps import Phone

SLUG = "planeta-rica"
SCORE = "/planeta-rica/score"


def profile_token_of(app: Flask) -> str:
    with app.app_context():
        return profile_store.create_profile(SLUG, TEST_PROFILE, "test").token


def start_table(phone: Phone, *names: str, profile: str = "") -> str:
    data = {f"seat{i}": name for i, name in enumerate(names)}
    if profile:
        data["profile_link"] = profile
    response = phone.post(f"/new/{SLUG}", data)
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return response.headers["Location"]


def sheet_fields(html: str) -> dict[str, str]:
    """The sheet's form fields as a phone would send them (hidden and typed inputs, selected options)."""
    form = html[html.index('<form class="pr-sheet"'):]
    fields: dict[str, str] = {}
    for tag in re.findall(r"<input\b[^>]*>", form):
        name = re.search(r'\bname="([^"]+)"', tag)
        value = re.search(r'\bvalue="([^"]*)"', tag)
        if name and name.group(1) != "csrf_token":
            fields[name.group(1)] = unescape(value.group(1)) if value else ""
    for name, body in re.findall(r'<select name="([^"]+)">(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected', body)
        fields[name] = chosen.group(1) if chosen else ""
    return fields


def tap(phone: Phone, html: str, do: str, **typed: str):  # type: ignore[no-untyped-def]
    """One tap on the sheet with JavaScript off: POST the whole form, then follow the redirect."""
    response = phone.post(SCORE, {**sheet_fields(html), **typed, "do": do})
    if response.status_code != 303:
        return response
    location = response.headers["Location"]
    assert location.startswith(SCORE + "?")
    return phone.get(location)


def query_of(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(url).query))


def totals_shown(html: str) -> dict[int, str]:
    return {int(s): v.strip() for s, v in re.findall(r'<span class="pr-total" data-seat="(\d+)">([^<]*)</span>', html)}
