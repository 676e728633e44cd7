"""Tracked turns as a player meets them: a copy slot asks which planet it copies and, while
the deck profile does not know it, what that planet's slot shows; the end (PR-4) is announced with who triggered
it and how many turns remain (a real plural), and once over says the round was finished."""

from __future__ import annotations

from flask import Flask

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .test_tracker import enter, ok
from .test_tracker_vp import builtin_table


def ben_on_a_copy_slot(phone: Phone) -> str:
    """Ben holds New Earth and Tourist Planet with a worker in Tourist Planet's slot 1; his return phase is due."""
    url = builtin_table(phone)
    ok(phone, url, type="collect")  # Aki
    ok(phone, url, type="invade", planet="tourist_planet", cost="3")  # Ben
    ok(phone, url, type="reveal", planet="steel_city")
    ok(phone, url, type="collect")  # Chie
    ok(phone, url, type="collect")  # Aki
    ok(phone, url, type="dispatch", d1_1="1")  # Ben: Tourist Planet slot 1
    ok(phone, url, type="collect")  # Chie
    return url


def test_a_copy_slot_asks_which_planet_and_what_its_slot_shows(phone: Phone, app: Flask) -> None:
    url = ben_on_a_copy_slot(phone)
    html = ok(phone, url, type="collect")  # Aki; now Ben's return phase
    assert 'data-phase="return"' in html
    returns = html[html.index('id="returns"'):]
    assert 'name="copy"' in returns and 'name="copied"' in returns
    # "copy" without the planet: refused, with the planets it may copy and the ruling
    refused = enter(phone, url, type="return", planet="1", shows="copy")
    assert refused.status_code == 422
    assert "choose which (can copy: #1). (PR-2)" in text_of(refused.get_data(as_text=True))
    # New Earth's slot 1 is unknown too: asked, never guessed
    refused = enter(phone, url, type="return", planet="1", shows="copy", copy="0")
    assert refused.status_code == 422
    text = text_of(refused.get_data(as_text=True))
    assert "The deck profile does not know slot 1 of New Earth yet: pick what the card shows there. (PR-6)" in text
    html = ok(phone, url, type="return", planet="1", shows="copy", copy="0", copied="coin")
    seat1 = html[html.index('data-seat="1"'):]
    assert "coins 3" in text_of(seat1[:3000])  # 5 − 3 for the invade + the copied coin
    assert "the copied slot shows 1 coin" in text_of(html)


def test_the_end_is_announced_with_who_and_how_many_turns(phone: Phone) -> None:
    url = builtin_table(phone)
    # Aki's card effect empties the fame pool (PR-4: the end by fame)
    html = ok(phone, url, type="adjust", seat="0", card="new_earth", fame="36")
    text = text_of(html)
    assert ("Aki triggered the end in turn 1: the fame pool is empty. The game ends after the turn of Chie, the "
            "start player's right-hand neighbour: 3 turns left, this one included. PR-4") in text
    ok(phone, url, type="collect")
    html = ok(phone, url, type="collect")
    assert "Chie, the start player's right-hand neighbour: this is the last turn." in text_of(html)
    html = ok(phone, url, type="collect")
    text = text_of(html)
    assert 'data-phase="over"' in html
    assert "The game ended after the turn of Chie, the start player's right-hand neighbour, so everyone has had " \
           "the same number of turns." in text
    assert "No winner yet: the deck profile lacks the VP of New Earth." in text
