"""The deck profile through the platform's editor: the built-in profile's checklist names what is missing
(PR-6), a copy is edited card by card with the slot rewards chosen from the eleven return effects, a value
breaking a per-card fact is refused, and the profile exports."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import text_of


def test_builtin_checklist_names_what_is_missing(phone: Phone) -> None:
    assert "7 of 13 rule-text facts hold" in text_of(phone.get("/profiles/planeta-rica").get_data(as_text=True))
    phone.get("/profiles/planeta-rica")
    edit = phone.post("/profiles/planeta-rica/copy", {"source": "default"}).headers["Location"]
    text = text_of(phone.get(edit).get_data(as_text=True))
    assert "All 21 planets and 17 gadgets are listed" in text
    assert "Every planet's VP is known (missing: New Earth" in text


def test_copy_edit_a_planet_and_export(phone: Phone) -> None:
    phone.get("/profiles/planeta-rica")
    response = phone.post("/profiles/planeta-rica/copy", {"source": "default"})
    assert response.status_code == 303
    edit = response.headers["Location"]
    html = phone.get(edit).get_data(as_text=True)
    assert "¢ 1 coin" in html and "Tourist Planet" in html  # rewards and cards by name
    token = edit.rstrip("/").rsplit("/", 1)[-1]
    card = {"original": "tourist_planet", "f_id": "tourist_planet", "f_coins": "3", "f_vp": "2",
            "f_slot1": "coin", "f_slot2": "tachyon", "f_slot3": "any", "f_slot4": "worker", "f_slot5": "nothing",
            "f_effect": "", "version": "0"}
    found = re.search(r'name="version" value="(\d+)"', html)
    if found:
        card["version"] = found.group(1)
    response = phone.post(f"/p/{token}/card", card)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))[:600]
    exported = phone.get(f"/p/{token}.toml").get_data(as_text=True)
    assert 'slot3 = "any"' in exported and "coins = 3" in exported
    # a reward that is not one of the eleven is refused, nothing lost
    bad = {**card, "f_slot1": "gold"}
    response = phone.post(f"/p/{token}/card", bad)
    assert response.status_code == 422
