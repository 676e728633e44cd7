"""At phone size (390 × 844): the readings a table plays by are on its page, in English and in
Japanese: Planeta Rica's chosen New Earth and Time Machine readings, Sister Combination's clockwise start."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import arrived, shot
from tests.browser.test_lumiere import fits_the_phone
from tests.browser.test_sister_combination import enter

pytestmark = pytest.mark.browser

TABLE_URL = re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$")


@pytest.mark.parametrize("lang, words", [
    ("en-US", "Readings this table chose: the New Earth each player starts with does not count among the 12 cards "
              "that end the game"),
    ("ja-JP", "この卓が選んだ解釈： 最初のニューアースを終了条件の12枚に数えない"),
])
def test_planeta_rica_names_the_readings_the_table_chose(new_phone, live_server, lang: str, words: str) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang=lang)
    page.goto(live_server + "/new/planeta-rica")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.check('input[name="option_new_earth"][value="not-counted"]')
    page.click("button[type=submit].primary")
    arrived(page, TABLE_URL)
    expect(page.locator(".pr-readings")).to_contain_text(words)
    expect(page.locator(".pr-readings")).to_be_visible()
    fits_the_phone(page)
    shot(page, f"readings-planeta-rica-{lang[:2]}")


@pytest.mark.parametrize("lang, words, short", [
    ("en-US", "Play starts clockwise from the first player (a reading: the text names no direction).", "(a reading)"),
    ("ja-JP", "最初のプレイヤーから時計回りに進みます（解釈：ルール本文は向きを書いていません）。", "（解釈）"),
])
def test_sister_combination_says_clockwise_is_a_reading(new_phone, live_server, lang: str, words: str,
                                                         short: str) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang=lang)
    page.goto(live_server + "/new/sister-combination")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, TABLE_URL)
    expect(page.locator(".sc-start-reading").first).to_contain_text(words)
    enter(page, "#sister-combination form", "karen", "3")  # her name, then the number button starts the game
    expect(page.locator(".sc-direction .sc-start-reading")).to_contain_text(short)  # said whole at set-up
    fits_the_phone(page)
    shot(page, f"readings-sister-combination-{lang[:2]}")
