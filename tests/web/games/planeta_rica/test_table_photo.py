"""A photo of the market at set-up (issue #36): the planets it shows beyond the market the table has are marked in
the reveal form, in the photo's order; nothing is written until a planet is tapped, and that tap is the one
normal entry."""

from __future__ import annotations

import re

from flask import Flask

from companion.profiles.refs import ProfileRef
from tests.web.apps import Phone
from tests.web.helpers import text_of, version_of
from tests.web.photos import cards_in_a_row, upload

from .support import profile_token_of, start_table
from .test_tracker import ok


def test_a_photo_of_the_market_marks_the_planets_turned_up(phone: Phone, app: Flask) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=str(ProfileRef.user(profile_token_of(app))))
    ok(phone, url, type="start", seat="0")
    html = ok(phone, url, type="reveal", planet="tourist_planet")
    version = version_of(html)
    photo = cards_in_a_row("planeta-rica", ["tourist_planet", "ai_autonomy", "tachyon_mine"])
    token = url.rstrip("/").rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/photo/market", {"version": str(version), "photo": upload(photo)},
                          content_type="multipart/form-data")
    shown = response.get_data(as_text=True)
    assert response.status_code == 200, text_of(shown)[:400]
    assert "Read from the photo, turned up: AI Autonomous Zone, Tachyon Mine." in text_of(shown)
    marked = re.findall(r'name="planet" value="(\w+)" data-card="\w+"\s*class="read"', shown)
    assert marked == ["ai_autonomy", "tachyon_mine"]  # not tourist_planet: in the market already
    assert version_of(phone.get(url).get_data(as_text=True)) == version  # nothing written
    ok(phone, url, type="reveal", planet="ai_autonomy")
    assert version_of(phone.get(url).get_data(as_text=True)) == version + 1
