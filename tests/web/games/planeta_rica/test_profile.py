"""The deck profile in the one card editor: the built-in profile's checklist names what is missing (PR-6); a copy
is filled in card by card, a planet's slot rewards tapped from the eleven return effects (PR-2), each tap saved at
once without JavaScript; a value breaking a per-card fact is refused with nothing lost; the profile exports."""

from __future__ import annotations

import re

from tests.web.apps import Phone
from tests.web.helpers import input_value, text_of

REWARD_WORDS = ("tachyon", "monopole", "mithril", "any one resource", "exchange resources", "1 coin", "2 coins",
                "1 fame", "1 worker", "copy another planet's same slot", "nothing")


def copied(phone: Phone) -> str:
    phone.get("/profiles/planeta-rica")
    response = phone.post("/profiles/planeta-rica/copy", {"source": "default"})
    assert response.status_code == 303
    return str(response.headers["Location"])


def slot_buttons(html: str, slot: int) -> list[tuple[str, bool]]:
    """The tap buttons of one slot: (reward, pressed)."""
    part = html.split(f'data-field="slot{slot}"', 1)[1].split("</fieldset>", 1)[0]
    return [(value, pressed == "true") for value, pressed in
            re.findall(rf'name="f_slot{slot}" value="([^"]+)" aria-pressed="(true|false)"', part)]


def test_builtin_checklist_names_what_is_missing(phone: Phone) -> None:
    index = text_of(phone.get("/profiles/planeta-rica").get_data(as_text=True))
    assert "0 of 38 cards known · 7 of 13 rule-text facts hold" in index
    text = text_of(phone.get(copied(phone)).get_data(as_text=True))
    assert "All 21 planets and 17 gadgets are listed" in text
    assert "Every planet's VP is known (missing: New Earth" in text


def test_slot_rewards_are_tapped_from_the_eleven_icons(phone: Phone) -> None:
    edit = copied(phone)
    html = phone.get(edit, query_string={"card": "tourist_planet"}).get_data(as_text=True)
    assert "<h3>Tourist Planet</h3>" in html
    for slot in range(1, 6):
        buttons = slot_buttons(html, slot)
        assert [value for value, _pressed in buttons] == [
            "tachyon", "monopole", "mithril", "any", "exchange", "coin", "coin2", "fame", "worker", "copy", "nothing",
            "-"]
        assert not any(pressed for _value, pressed in buttons[:-1])
    page = text_of(html)
    assert all(word in page for word in REWARD_WORDS)
    # A tap is a plain POST of the card's form: it saves that slot and stays on the card.
    for slot, reward in ((1, "coin"), (2, "tachyon"), (3, "any"), (4, "worker")):
        response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                               "f_coins": "", "f_vp": "", "f_effect": "", f"f_slot{slot}": reward})
        assert response.status_code == 303, text_of(response.get_data(as_text=True))[:400]
        assert response.headers["Location"] == f"{edit}?card=tourist_planet#card"
        html = phone.get(response.headers["Location"]).get_data(as_text=True)
        assert (reward, True) in slot_buttons(html, slot)
    assert "Slot 3: ? any one resource" in text_of(html)
    assert "0 of 38 cards known" in text_of(html)  # coins, VP and slot 5 still missing
    # The numbers typed, the last slot tapped: the planet is known, the count goes up.
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                           "f_coins": "3", "f_vp": "2", "f_effect": "", "f_slot5": "nothing"})
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "1 of 38 cards known" in text_of(html)
    cell = re.search(r'<a class="card-cell known[^"]*"[^>]*data-card="tourist_planet".*?</a>', html, re.S)
    assert cell and "3 coins · 2 VP" in text_of(cell.group(0))
    assert ["¢", "T", "?", "♟", "—"] == re.findall(r'class="pr-reward pr-reward-\w+" title="[^"]*">([^<]*)<',
                                                   cell.group(0))
    exported = phone.get(f"{edit}.toml").get_data(as_text=True)
    assert 'slot1 = "coin"' in exported and 'slot3 = "any"' in exported and "coins = 3" in exported
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                           "f_coins": "1"})
    one = re.search(r'<a class="card-cell known[^"]*"[^>]*data-card="tourist_planet".*?</a>',
                    phone.get(response.headers["Location"]).get_data(as_text=True), re.S)
    assert one and "1 coin · 2 VP" in text_of(one.group(0))  # a real plural: "1 coin", "3 coins"
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    # "not known" takes a reward out again.
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                           "f_slot5": "-"})
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert "0 of 38 cards known" in text_of(html) and 'slot5 = ' not in phone.get(f"{edit}.toml").get_data(as_text=True)


def test_a_bad_value_is_refused_with_what_was_typed_kept(phone: Phone) -> None:
    edit = copied(phone)
    html = phone.get(edit, query_string={"card": "tourist_planet"}).get_data(as_text=True)
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                           "f_coins": "three", "f_vp": "2", "f_effect": "Draws a card",
                                           "f_slot1": "gold"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    page = text_of(html)
    assert "This card could not be read, so nothing was saved:" in page
    assert "“gold” is not one of this profile's names for slot1." in page
    assert input_value(html, "f_coins") == "three" and input_value(html, "f_vp") == "2"
    assert "Draws a card" in html
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "tourist_planet",
                                           "f_coins": "-3"})
    assert response.status_code == 422
    page = text_of(response.get_data(as_text=True))
    assert "This card breaks a rule-text fact, so nothing was saved:" in page
    assert "The coin cost of Tourist Planet is a whole number from 0 up (-3). (PR-6)" in page


def test_a_gadget_takes_its_cost_vp_and_effect(phone: Phone) -> None:
    edit = copied(phone)
    html = phone.get(edit, query_string={"card": "warp_gate"}).get_data(as_text=True)
    assert 'name="f_cost__tachyon"' in html and 'name="f_slot1"' not in html
    response = phone.post(f"{edit}/card", {"version": input_value(html, "version"), "card": "warp_gate",
                                           "f_cost__tachyon": "1", "f_cost__any": "1", "f_vp": "1",
                                           "f_effect": "Dispatch to any slot", "then": "next"})
    assert response.status_code == 303
    assert response.headers["Location"] != f"{edit}?card=warp_gate#card"  # on to the next card still missing
    html = phone.get(edit).get_data(as_text=True)
    assert "1 of 38 cards known" in text_of(html)
