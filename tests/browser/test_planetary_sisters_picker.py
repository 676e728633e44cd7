"""The Planetary Sisters card picker after a refusal, at phone size, JavaScript on and off:
the refusal names the icons that were tapped, the picker starts empty again (so a refused card's icons never
ride into the next card: a player saw 7 saved as ANIMAL+POLE), and what a player taps never hides under the
sticky Add bar."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import ARTIFACTS, settled

pytestmark = pytest.mark.browser

URL = "/planetary-sisters/score"
SHOTS = ARTIFACTS / "planetary-sisters-picker"
# The picker's ticks that would ride into the next card: a rank, or an icon with a count above 0.
TICKED = '#entry input[name="rank"]:checked:not([value=""]), #entry input[name^="el_"]:checked:not([value="0"])'


def tap(page: Page, selector: str, javascript: bool) -> None:
    page.locator(selector).first.click()
    if javascript:
        settled(page)


def add(page: Page, javascript: bool, sent_by_its_last_icon: bool = False) -> None:
    """Tap Add, unless (JavaScript on) the card's last icon already sent it and it was answered."""
    if javascript and sent_by_its_last_icon and page.locator("#entry .notice.bad").count():
        return
    page.locator('#entry button[name="do"][value="add"]').click()
    if javascript:
        settled(page)
    else:
        page.wait_for_load_state("load")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_refused_card_is_named_and_its_icons_do_not_ride_into_the_next_card(new_phone, live_server,  # type: ignore[no-untyped-def]
                                                                              javascript: bool) -> None:
    page = new_phone(javascript=javascript)
    page.goto(live_server + URL + "?" + urlencode({"players": "4", "slot": "field"}))
    # 6 tapped with FOOD and KING: a crown card carries its crown alone (PS-2)
    tap(page, '#entry label.rank-cell:has(input[name="rank"][value="6"])', javascript)
    tap(page, '#entry label.count:has(input[name="el_FOOD"][value="1"])', javascript)
    tap(page, '#entry label.toggle:has(input[name="el_KING"])', javascript)
    add(page, javascript, sent_by_its_last_icon=True)
    refusal = page.locator("#entry .notice.bad")
    expect(refusal).to_contain_text("This card was not added:")
    expect(refusal).to_contain_text("A crown card carries its one crown element once and nothing else")
    expect(refusal).to_contain_text("Tapped: 6 (FOOD KING) · The picker is empty again: tap the card anew.")
    if javascript:  # the refusal is brought on screen: the picker under it is empty again
        page.wait_for_function("() => { const r = document.querySelector('#entry .notice.bad').getBoundingClientRect();"
                               " return r.top >= 0 && r.bottom <= window.innerHeight; }")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"refused-{'js' if javascript else 'no-js'}.png"))
    assert page.locator(TICKED).count() == 0
    # the next card: 7 with ANIMAL twice and PLANT goes in as exactly that, without the FOOD or KING tapped before
    tap(page, '#entry label.rank-cell:has(input[name="rank"][value="7"])', javascript)
    tap(page, '#entry label.count:has(input[name="el_ANIMAL"][value="2"])', javascript)
    tap(page, '#entry label.count:has(input[name="el_PLANT"][value="1"])', javascript)
    add(page, javascript)
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "1")
    expect(page.locator("#entry .ps-chips li")).to_have_count(1)
    chip = page.locator("#entry .ps-chips li").first.inner_text()
    assert "7" in chip and "KING" not in chip and "FOOD" not in chip, chip


# Scrolled into view at the bottom of the screen (as a focus move or a swap does), each element's bottom edge
# against the sticky bar's top edge.
UNDER_THE_BAR = """(selector) => { const bar = document.querySelector('#entry .sticky-actions');
  return [...document.querySelectorAll(selector)].map((e, i) => {
    e.scrollIntoView({block: 'end'});
    const r = e.getBoundingClientRect(); const b = bar.getBoundingClientRect();
    return {i, text: e.innerText.trim().slice(0, 30), bottom: Math.round(r.bottom), barTop: Math.round(b.top)};
  }).filter(m => m.bottom > m.barTop + 1); }"""


@pytest.mark.parametrize("lang", ["en-US", "ja-JP"])
def test_the_field_chips_and_the_picker_never_hide_under_the_sticky_bar(new_phone, live_server,  # type: ignore[no-untyped-def]
                                                                       lang: str) -> None:
    page = new_phone(lang)
    page.goto(live_server + URL + "?" + urlencode({"players": "4", "field": "FOOD,PLANT*2,ANIMAL", "slot": "field"}))
    expect(page.locator("#entry .ps-chips li")).to_have_count(3)
    hidden = page.evaluate(UNDER_THE_BAR, "#entry .ps-chips li, #entry label.rank-cell, #entry label.count")
    assert hidden == [], hidden
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#entry .ps-chips li").last.scroll_into_view_if_needed()
    page.evaluate("document.querySelector('#entry .ps-chips li:last-child').scrollIntoView({block: 'end'})")
    page.screenshot(path=str(SHOTS / f"chips-above-the-bar-{lang[:2]}.png"))
