"""A photo of the market at set-up (issue #36): the planets it shows beyond the market the table has are marked in
the reveal form, in the photo's order, and offered as one tap that turns them all up; nothing is written until
the player taps, and each planet is then an entry of its own."""

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
    assert "Read from the photo, not turned up yet: AI Autonomous Zone, Tachyon Mine" in text_of(shown)
    assert "Turn up these 2 planets" in text_of(shown)
    marked = re.findall(r'name="planet" value="(\w+)" data-card="\w+"\s*class="read"', shown)
    assert marked == ["ai_autonomy", "tachyon_mine"]  # not tourist_planet: in the market already
    assert version_of(phone.get(url).get_data(as_text=True)) == version  # nothing written
    ok(phone, url, type="reveal", planet="ai_autonomy")
    assert version_of(phone.get(url).get_data(as_text=True)) == version + 1


def _photographed(phone: Phone, url: str, planets: list[str]) -> tuple[str, int, str]:
    """The table's token, its version and the one tap's list, after a photo of ``planets`` at set-up."""
    version = version_of(phone.get(url).get_data(as_text=True))
    token = url.rstrip("/").rsplit("/", 1)[-1]
    response = phone.post(f"/t/{token}/photo/market",
                          {"version": str(version), "photo": upload(cards_in_a_row("planeta-rica", planets))},
                          content_type="multipart/form-data")
    found = re.search(r'name="photo_seen" value="([\w,]+)"', response.get_data(as_text=True))
    assert found, text_of(response.get_data(as_text=True))[:400]
    return token, version, found.group(1)


def _history(phone: Phone, url: str) -> list[str]:
    html = phone.get(url).get_data(as_text=True)
    return [text_of(li) for li in re.findall(r'<li class="log-move".*?</li>', html, flags=re.S)]


def test_one_tap_turns_up_every_planet_read_each_an_entry_of_its_own(phone: Phone, app: Flask) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=str(ProfileRef.user(profile_token_of(app))))
    ok(phone, url, type="start", seat="0")
    ok(phone, url, type="reveal", planet="tourist_planet")
    token, version, seen = _photographed(phone, url, ["tourist_planet", "ai_autonomy", "tachyon_mine"])
    assert seen == "tourist_planet,ai_autonomy,tachyon_mine"
    tap = {"version": str(version), "photo_seen": seen, "entry_key": "photo-tap-0001"}
    assert phone.post(f"/t/{token}/act/market", tap).status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert version_of(html) == version + 2
    assert [line.split(" phone")[0] for line in _history(phone, url)[:2]] == [
        "#4 Turned up Tachyon Mine for the market", "#3 Turned up AI Autonomous Zone for the market"]
    assert "Turn up these" not in text_of(html)  # nothing read is left to turn up
    # the same tap again (its answer lost): nothing entered twice
    assert phone.post(f"/t/{token}/act/market", tap).status_code == 303
    assert version_of(phone.get(url).get_data(as_text=True)) == version + 2
    # each planet is its own entry: one Undo takes back the last one only
    undone = phone.post(f"/t/{token}/undo", {"version": str(version + 2)})
    assert undone.status_code == 303
    market = text_of(phone.get(url).get_data(as_text=True))
    assert "AI Autonomous Zone" in market and len(_history(phone, url)) == 3


def test_a_planet_already_tapped_is_not_turned_up_again(phone: Phone, app: Flask) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=str(ProfileRef.user(profile_token_of(app))))
    ok(phone, url, type="start", seat="0")
    token, version, seen = _photographed(phone, url, ["ai_autonomy", "tachyon_mine"])
    ok(phone, url, type="reveal", planet="ai_autonomy")  # tapped by hand after the photo
    tap = {"version": str(version + 1), "photo_seen": seen}
    assert phone.post(f"/t/{token}/act/market", tap).status_code == 303
    assert version_of(phone.get(url).get_data(as_text=True)) == version + 2  # only Tachyon Mine
    assert _history(phone, url)[0].startswith("#3 Turned up Tachyon Mine")


def test_the_one_tap_on_a_table_that_moved_on_is_answered_as_stale(phone: Phone, app: Flask) -> None:
    url = start_table(phone, "Aki", "Ben", "Chie", profile=str(ProfileRef.user(profile_token_of(app))))
    ok(phone, url, type="start", seat="0")
    token, version, seen = _photographed(phone, url, ["ai_autonomy", "tachyon_mine"])
    ok(phone, url, type="reveal", planet="endymion")  # another phone, meanwhile
    response = phone.post(f"/t/{token}/act/market", {"version": str(version), "photo_seen": seen})
    assert response.status_code == 409
    assert "Another phone entered something first" in text_of(response.get_data(as_text=True))
    assert version_of(phone.get(url).get_data(as_text=True)) == version + 1  # nothing of the photo's entered
