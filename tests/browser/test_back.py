"""The browser's Back returns to the previous step of a page, never to the home page: each
tap of the dispute and check pages, and each entry of a table page. Back on a table never writes: it shows the
table as it was, read-only, and the table now still has the entry."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived
from tests.browser.test_platform import add, start_table

pytestmark = pytest.mark.browser


def back(page: Page) -> None:
    """The browser's Back, as a player presses it: once the page shown has loaded. (htmx keeps no copy of a page,
    base.html, so each step Back reaches is loaded again; a Back pressed before that page has loaded would find
    nothing listening for it yet.)"""
    page.wait_for_load_state("load")
    page.go_back()


def forward(page: Page) -> None:
    """The browser's Forward, as a player presses it: once the page shown has loaded (see ``back``)."""
    page.wait_for_load_state("load")
    page.go_forward()


def total(page: Page, seat: int):  # type: ignore[no-untyped-def]
    return page.locator(f'td.total[data-seat="{seat}"]')


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_back_on_a_table_steps_through_its_entries_and_never_writes(new_phone, live_server,  # type: ignore[no-untyped-def]
                                                                     javascript: bool) -> None:
    page = new_phone(javascript=javascript)
    start_table(page, live_server, "Aki", "Ben")
    add(page, "Aki", "2")
    expect(total(page, 0)).to_have_text("2")
    add(page, "Ben", "5")
    expect(total(page, 1)).to_have_text("5")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}\?at=2(#answer)?$"))
    back(page)
    arrived(page, re.compile(r"\?at=1(#answer)?$"))
    expect(total(page, 0)).to_have_text("2")
    expect(total(page, 1)).to_have_text("0")  # the table before Ben's entry
    expect(page.locator(".past-banner")).to_contain_text("before the last entry")
    expect(page.locator("#tally form")).to_have_count(0)  # read-only: no entry form, no undo
    expect(page.locator(".undo-redo")).to_have_count(0)
    if javascript:  # the page opened by its plain link is a step too (without JavaScript it is the table now)
        back(page)  # a new document (the last one was reloaded): slow on a busy machine
        arrived(page, re.compile(r"\?at=0(#answer)?$"))
        expect(page.locator(".past-banner")).to_contain_text("before the last 2 entries")
        expect(total(page, 0)).to_have_text("0")
        forward(page)
        expect(total(page, 0)).to_have_text("2")
    page.click("text=Show the table now")
    expect(total(page, 1)).to_have_text("5")  # nothing was written by going back
    expect(page.locator("ol.log li")).to_have_count(2)
    expect(page.locator("#tally form")).to_have_count(1)


def test_back_on_the_strato_sphere_dispute_page_returns_to_the_previous_tap(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/strato-sphere/dispute")
    page.click("a.ss-node.n11")
    expect(page.locator(".ss-step")).to_contain_text("Node 11 attacks.")
    page.click("a.ss-node.n0")
    expect(page.locator(".ss-step")).to_contain_text("Node 11 attacks node 0.")
    back(page)
    expect(page.locator(".ss-step")).to_contain_text("Node 11 attacks. Now tap the node it attacks")
    back(page)
    expect(page.locator(".ss-step")).to_contain_text("Tap the attacking node on the ring.")
    expect(page.locator("h1")).to_have_text("Strato-Sphere: settle a dispute")


def test_back_on_the_lumiere_capture_checker_takes_back_one_tap(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/lumiere/captures")
    cell = page.locator('.lp-area[data-cell="r1c1"]')
    cell.click()
    expect(cell).to_have_accessible_name(re.compile("Commoner"))
    page.locator('.lp-area[data-cell="r2c2"]').click()
    expect(page.locator('.lp-area[data-cell="r2c2"]')).to_have_accessible_name(re.compile("Commoner"))
    back(page)
    expect(page.locator('.lp-area[data-cell="r2c2"]')).not_to_have_accessible_name(re.compile("Commoner"))
    expect(cell).to_have_accessible_name(re.compile("Commoner"))
    expect(page.locator("h1")).to_have_text("Capture checker")


def test_back_on_the_sister_combination_check_returns_to_the_previous_tap(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/sister-combination/check")
    page.locator('.sc-check-form label:has(> input[name="p"][value="5"])').click()
    expect(page.locator('input[name="h4"]')).to_be_visible()
    page.locator('.sc-check-form label:has(> input[name="turn"][value="1"])').click()
    arrived(page, re.compile(r"turn=1"))
    back(page)
    expect(page).not_to_have_url(re.compile(r"turn=1"))
    expect(page.locator('input[name="h4"]')).to_be_visible()  # still five players: one tap back, not home
    expect(page.locator("h1")).to_have_text("May this card be played?")


def test_back_on_the_planeta_rica_score_page_takes_back_one_card(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/planeta-rica/score")
    page.click('#entry button[value="planet:tourist_planet"]')
    chips = page.locator("#entry .pr-chips")
    expect(chips).to_contain_text("Tourist")
    page.click('#entry button[value="planet:endymion"]')
    expect(chips).to_contain_text("Endymion")
    back(page)
    expect(chips).not_to_contain_text("Endymion")
    expect(chips).to_contain_text("Tourist")
    expect(page.locator("h1")).to_have_text("Planeta Rica: score a finished game")
