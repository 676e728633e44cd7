"""A mouse press that outlives its control (static/js/press.js): an answer redraws the form while the button is
held on one of its chips, and the release on the chip drawn in its place is the click the player made. The check
page of Sister Combination redraws its whole form with every answer, so it is where the race is easiest to see."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import ElementHandle, Page, expect

from tests.browser.fixtures import settled
from tests.browser.test_sister_combination import tap

pytestmark = pytest.mark.browser

CHIP = '.sc-check-form label:has(> input[name="{name}"][value="{value}"])'


def check_page(page: Page, live_server: str) -> None:
    page.goto(live_server + "/sister-combination/check")
    page.wait_for_load_state("load")
    tap(page, ".sc-check-form", "p", "5")
    expect(page.locator('input[name="h4"]')).to_be_visible()
    settled(page)


def press(page: Page, name: str, value: str) -> ElementHandle:
    """The mouse button down (not up) in the middle of a chip; the chip as it was drawn then."""
    chip = page.locator(CHIP.format(name=name, value=value))
    box = chip.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    return chip.element_handle()


def redraw_while_held(page: Page, held: ElementHandle) -> None:
    """An answer comes in and replaces the form (as the form's own change does), the button still down."""
    page.evaluate("() => document.querySelector('.sc-check-form').dispatchEvent(new Event('change'))")
    page.wait_for_function("el => !el.isConnected", arg=held)
    settled(page)


def test_a_press_held_while_the_form_is_redrawn_is_still_a_click(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    check_page(page, live_server)
    held = press(page, "ts", "karen")
    redraw_while_held(page, held)
    page.mouse.up()
    # the chip redrawn under the pointer got the click: ticked, and the page asked with it (its address says so)
    expect(page.locator('.sc-check-form input[name="ts"][value="karen"]')).to_be_checked()
    expect(page).to_have_url(re.compile(r"[?&]ts=karen"))


def test_a_press_released_on_another_control_after_a_redraw_clicks_nothing(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    check_page(page, live_server)
    held = press(page, "ts", "karen")
    redraw_while_held(page, held)
    other = page.locator(CHIP.format(name="ts", value="hinako")).bounding_box()
    assert other is not None
    page.mouse.move(other["x"] + other["width"] / 2, other["y"] + other["height"] / 2)
    page.mouse.up()
    settled(page)
    # as without a redraw: a press and a release on two different chips choose neither
    expect(page.locator('.sc-check-form input[name="ts"]:checked')).to_have_count(0)
    assert "ts=" not in page.url


def test_a_plain_click_is_one_click_with_or_without_a_redraw(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    check_page(page, live_server)
    reach = '.sc-check-form input[name="reach"]'
    # a click the browser makes itself is not made again (a checkbox clicked twice would end up unticked)
    page.locator(".sc-reach-toggle").click()
    settled(page)
    expect(page.locator(reach)).to_be_checked()
    expect(page).to_have_url(re.compile(r"[?&]reach=1"))
    # the same box pressed across a redraw: one click, so unticked again
    box = page.locator(".sc-reach-toggle").bounding_box()
    assert box is not None
    held = page.locator(".sc-reach-toggle").element_handle()
    page.mouse.move(box["x"] + 10, box["y"] + box["height"] / 2)
    page.mouse.down()
    redraw_while_held(page, held)
    page.mouse.up()
    settled(page)
    expect(page.locator(reach)).not_to_be_checked()
    expect(page).not_to_have_url(re.compile(r"[?&]reach=1"))
