"""Sister Combination at phone size (390 × 844) in headless Chromium against gunicorn with 2 workers: the check
page tapped through, and a 5-player table through an S.P. with a colour choice, obstruction mode and a リーチ."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived, settled, shot
from tests.browser.test_lumiere import fits_the_phone

pytestmark = pytest.mark.browser


def tap(page: Page, scope: str, name: str, value: str) -> None:
    """Tap one chip (a radio drawn as a button) of a form, once the page's scripts run (a tap before htmx is
    listening changes the radio but asks nothing: a player on a slow phone waits for the page too) and the last
    tap's answer is drawn (``settled``: the check page redraws its form with every answer)."""
    page.wait_for_load_state("load")
    settled(page)
    page.locator(f'{scope} label:has(> input[name="{name}"][value="{value}"])').click()


def card(page: Page, scope: str, sister: str, symbol: str, prefix: tuple[str, str] = ("sister", "symbol")) -> None:
    tap(page, scope, prefix[0], sister)
    tap(page, scope, prefix[1], symbol)


def enter(page: Page, scope: str, sister: str, symbol: str, colour: str = "") -> None:
    """A card on the table page: its sister chip, then its symbol button, which enters it (an S.P.'s button names
    the colour, SC-8)."""
    tap(page, scope, "sister", sister)
    if colour:
        page.locator(f'{scope} button[name="sp"][value="{colour}"]').click()
    else:
        page.locator(f'{scope} button[name="symbol"][value="{symbol}"]').click()


def test_the_check_page_answers_as_it_is_tapped(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/")
    page.click("#game-sister-combination >> text=May this card be played?")
    expect(page.locator("h1")).to_have_text("May this card be played?")
    tap(page, ".sc-check-form", "p", "5")
    expect(page.locator('input[name="h4"]')).to_be_visible()
    card(page, ".sc-check-form", "karen", "3", ("ts", "tn"))
    tap(page, ".sc-check-form", "turn", "1")
    card(page, ".sc-check-form", "hinako", "sp", ("cs", "cn"))
    expect(page.locator("#answer")).to_contain_text("A few taps are missing")
    tap(page, ".sc-check-form", "named", "blue")
    answer = page.locator("#answer")
    expect(answer).to_contain_text("Player 2 may play Hinako S.P.")
    expect(answer).to_contain_text("Hinako's S.P.: Player 3, the next player, gets 2 at once from the deck. SC-5")
    expect(page.locator('.sc-after tr[data-seat="2"]')).to_contain_text("+2")
    assert "cs=hinako" in page.url and "named=blue" in page.url  # the answer has an address
    fits_the_phone(page)
    shot(page, "sister-combination-check")
    # Obstruction mode: a number card is refused, with SC-3.
    page.fill('input[name="stack"]', "3")
    page.locator('input[name="stack"]').blur()
    card(page, ".sc-check-form", "karen", "5", ("cs", "cn"))
    expect(page.locator("#answer")).to_contain_text("Obstruction mode (stack 3): a number card such as Karen 5")
    shot(page, "sister-combination-check-obstruction")


def test_a_five_player_table_through_an_sp_obstruction_and_a_reach(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    # This story is a table started before SC-8 fixed the deal at 7 each: it keeps its reading, hands as entered.
    # A new table can no longer choose that reading, so the old table comes in as its export brings it.
    old_table = {"format": "companion-table", "format_version": 1, "game": "sister-combination", "version": 0,
                 "options": {"hands": "as-entered"}, "seats": ["Aki", "Ben", "Chie", "Dai", "Emi"],
                 "profile_ref": "", "profile": {}, "log": []}
    page.goto(live_server + "/import")
    page.fill('textarea[name="text"]', json.dumps(old_table))
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    setup = "#sister-combination form"
    page.fill('input[name="h4"]', "3")  # Emi was dealt 3 in this story (a short deal noticed late)
    tap(page, setup, "sister", "karen")
    fits_the_phone(page)
    shot(page, "sister-combination-setup")
    page.locator(f'{setup} button[name="symbol"][value="3"]').click()  # the field card's number starts the game
    expect(page.locator(".sc-turn")).to_contain_text("Aki's turn")
    play = ".sc-play"
    enter(page, play, "karen", "5")
    expect(page.locator(".sc-turn")).to_contain_text("Ben's turn")
    # Ben: 衛's S.P. (+4 on the stack), naming blue.
    enter(page, play, "mamoru", "sp", "blue")
    expect(page.locator(".sc-mode.obstruction")).to_contain_text("Obstruction mode (stack 4)")
    expect(page.locator(".sc-colour")).to_contain_text("blue")
    expect(page.locator("#sc-last")).to_contain_text("Mamoru's S.P.: 4 cards go on the stack. SC-1")
    expect(page.locator(".sc-actions")).to_contain_text("Take the stack (4)")
    fits_the_phone(page)
    shot(page, "sister-combination-obstruction")
    # Chie tries a number card: refused, her taps kept.
    enter(page, play, "aria", "5")
    expect(page.locator("[role=alert]")).to_contain_text("can never be played")
    expect(page.locator('.sc-play input[name="sister"][value="aria"]')).to_be_checked()
    # Chie plays 亞里亞's Stack 2 (blue): stack 6; Dai takes it.
    enter(page, play, "aria", "stack2")
    expect(page.locator(".sc-stack-count")).to_have_text("6")
    page.click(".sc-action-take")
    expect(page.locator('.sc-seat[data-seat="3"] .sc-seat-hand')).to_have_text("13")
    expect(page.locator(".sc-mode.normal")).to_be_visible()
    # Emi, 3 cards, plays blue 鈴凜 4 with リーチ... that leaves 2; then next round she plays down to one.
    enter(page, play, "rinrin", "4")
    expect(page.locator(".sc-turn")).to_contain_text("Aki's turn")
    for sister, next_player in (("aria", "Ben"), ("chikage", "Chie"), ("karen", "Dai"), ("kaho", "Emi")):
        enter(page, play, sister, "4")  # Aki, Ben, Chie, Dai play 4s; each entry lands before the next tap
        expect(page.locator(".sc-turn")).to_contain_text(f"{next_player}'s turn")
    expect(page.locator(".sc-reach-toggle.now")).to_contain_text("this play leaves one card")
    expect(page.locator(".sc-reach-toggle input")).to_be_checked()  # SC-6 asks for it: ticked, untick if not said
    expect(page.locator(".sc-play .sc-target")).to_be_hidden()  # who gets 2: asked once 春歌 or 四葉 is tapped
    tap(page, play, "sister", "haruka")
    expect(page.locator(".sc-play .sc-target")).to_be_visible()
    shot(page, "sister-combination-play-haruka")
    enter(page, play, "marie", "4")
    expect(page.locator('.sc-seat[data-seat="4"] .tag.reach')).to_have_text("リーチ")
    expect(page.locator("#sc-last")).to_contain_text("Emi leaves one card and says “リーチ”. SC-6")
    fits_the_phone(page)
    shot(page, "sister-combination-reach")
    page.click("text=Undo last entry")
    expect(page.locator(".sc-turn")).to_contain_text("Emi's turn")
    other = new_phone(lang="ja-JP")
    other.goto(page.url)
    expect(other.locator(".sc-turn")).to_contain_text("Emiのターン")
    fits_the_phone(other)
    shot(other, "sister-combination-ja")


def test_thirteen_seats_fit_and_work_without_javascript(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + "/new/sister-combination")
    for i in range(13):
        page.fill(f"input[name=seat{i}]", f"Player-{i + 1}")
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")  # the table page, its scripts listening
    table_url = page.url
    tap(page, "#sister-combination form", "sister", "marie")
    page.click('#sister-combination form button[name="symbol"][value="1"]')
    arrived(page, re.compile(re.escape(table_url) + r"\?at=\d+(#answer)?$"))  # lands on the answer
    tap(page, ".sc-play", "sister", "marie")
    page.click('.sc-play button[name="symbol"][value="mirror"]')
    expect(page.locator(".sc-turn")).to_contain_text("Player-13's turn")  # reversed across the seam
    fits_the_phone(page)
    shot(page, "sister-combination-13-seats")
