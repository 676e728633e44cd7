"""One-tap entries on the table page (issue 35): an invade's coin cost chip (the planet and its printed cost in one
tap, asked once, PR-6) and a return's chips ("any" and the resource taken, a copy and what it pays, PR-2), each a
plain form button (JavaScript off) that the engine checks like any entry."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.games.base import ParseError
from companion.web.games.planeta_rica.forms import move_json
from tests.web.apps import Phone
from tests.web.helpers import text_of

from .support import start_table
from .test_tracker import MARKET, enter, ok


def built_in_table(phone: Phone) -> str:
    url = start_table(phone, "Aki", "Ben", "Chie")  # the built-in profile: no coin cost, no slot known
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    return url


def test_an_invade_cost_chip_invades_and_is_asked_once_pr6(phone: Phone, app: Flask) -> None:
    url = built_in_table(phone)
    html = phone.get(url).get_data(as_text=True)
    # Aki has 5 coins: chips 0 to 5 only (a planet costing more cannot be invaded, PR-3)
    assert 'name="invade_at" value="endymion:5"' in html and 'value="endymion:6"' not in html
    html = ok(phone, url, type="invade", invade_at="endymion:4")
    assert 'data-phase="refill"' in html
    assert "coins 1" in text_of(html[html.index('data-seat="0"'):][:3000])
    html = ok(phone, url, type="reveal", planet="steel_city")
    # the table's profile now knows Endymion's cost: no chip for it again, the market says 4 coins
    assert 'value="endymion:' not in html and "Endymion" in text_of(html)
    assert enter(phone, url, type="invade", invade_at="steel_city:x").status_code == 422


def test_a_return_chip_says_the_slot_and_takes_the_resource_pr2_pr6(phone: Phone, app: Flask) -> None:
    url = built_in_table(phone)
    ok(phone, url, type="dispatch", fill="0:1")
    ok(phone, url, type="collect")
    html = ok(phone, url, type="collect")
    assert 'data-phase="return"' in html and 'name="pick" value="any:::tachyon"' in html
    html = ok(phone, url, type="return", planet="0", pick="any:::tachyon")
    assert 'data-phase="action"' in html
    assert "tachyon 1" in text_of(html[html.index('data-seat="0"'):][:3000])


def test_the_pick_field_reads_each_part_and_refuses_a_malformed_one() -> None:
    assert move_json({"type": "return", "planet": "2", "pick": "copy:0:coin:"}, None) == \
        {"type": "return", "planet": 2, "shows": "copy", "copy": 0, "copied": "coin"}
    assert move_json({"type": "return", "planet": "1", "pick": ":::mithril"}, None) == \
        {"type": "return", "planet": 1, "take": {"mithril": 1}}
    with pytest.raises(ParseError):
        move_json({"type": "return", "planet": "1", "pick": "any"}, None)
