"""The one card editor at phone size (390 × 844) in headless Chromium against gunicorn: Planetary Sisters' ranks
filled in by their element icons, Planeta Rica's slot rewards tapped from the eleven icons with JavaScript on
(htmx) and off (plain POSTs), the phone's list of its profiles. Screenshots: test-artifacts/profile-editor-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import shot

pytestmark = pytest.mark.browser


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def small_tap_targets(page: Page) -> list[str]:
    page.wait_for_load_state("load")
    return page.evaluate("""() => [...document.querySelectorAll('#editor button, #editor a.button, #editor a.card-cell')]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])'))
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 44)
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")


def copy_and_edit(page: Page, base: str, slug: str) -> None:
    page.goto(f"{base}/profiles/{slug}")
    page.get_by_role("button", name="Copy and edit").first.click()
    expect(page.locator("h1")).to_contain_text("Card editor")


def test_planetary_sisters_ranks_filled_in_by_their_icons(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    copy_and_edit(page, live_server, "planetary-sisters")
    expect(page.locator(".known-count")).to_have_text("0 of 36 cards known")
    page.locator('a.card-cell[data-card="27"]').click()
    expect(page.locator(".card-form h3")).to_have_text("Card 27")
    expect(page.locator(".card-form details.by-icons")).to_have_attribute("open", "")  # open while cards are missing
    # Tapped as a player taps it, with Playwright's checks: a forced click lands on stale coordinates when the page
    # is still scrolling to the #card anchor or re-laying out for a font (CI once saw it miss).
    two_plants = page.locator('.card-form input[name="el_PLANT"][value="2"]')
    two_plants.check()
    expect(two_plants).to_be_checked()
    page.get_by_role("button", name="Save Card 27").click()
    expect(page.locator(".known-count")).to_have_text("1 of 36 cards known")
    expect(page.locator(".card-form h3")).to_have_text("Card 28")  # the next card still missing
    expect(page.locator('a.card-cell[data-card="27"] .marks .el')).to_have_text("×2")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, "profile-editor-planetary-sisters")


@pytest.mark.parametrize("javascript", [True, False])
def test_planeta_rica_slot_rewards_tapped_from_the_icons(new_phone, live_server, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=javascript)
    copy_and_edit(page, live_server, "planeta-rica")
    page.locator('a.card-cell[data-card="tourist_planet"]').click()
    expect(page.locator(".card-form h3")).to_have_text("Tourist Planet")
    page.fill('input[name="f_coins"]', "3")
    page.fill('input[name="f_vp"]', "2")
    for slot, reward in ((1, "1 coin"), (2, "tachyon"), (3, "any one resource"), (4, "1 worker"), (5, "nothing")):
        page.get_by_role("button", name=f"Slot {slot}: {reward}", exact=True).click()
        expect(page.get_by_role("button", name=f"Slot {slot}: {reward}", exact=True)).to_have_attribute(
            "aria-pressed", "true")
    # The typed numbers went along with the first tap; every slot known: the planet is known.
    expect(page.locator(".known-count")).to_have_text("1 of 38 cards known")
    expect(page.locator('a.card-cell[data-card="tourist_planet"] .note')).to_have_text("3 coins · 2 VP")
    expect(page.locator(".card-form h3")).to_have_text("Tourist Planet")  # a tap stays on the card
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    if javascript:
        shot(page, "profile-editor-planeta-rica")
        page.goto(live_server + "/profiles")
        expect(page.locator("main")).to_contain_text("1 of 38 cards known")
        no_horizontal_scroll(page)
        shot(page, "profile-editor-my-profiles")
        page.click("main button.danger")  # one tap only asks: the typed cards are not lost by a slip
        expect(page.locator("#answer")).to_contain_text("for good? The cards typed into it go with it.")
        assert small_tap_targets(page) == []
        shot(page, "profile-editor-delete-asks")
        page.click("text=Keep it")
        expect(page.locator("main")).to_contain_text("1 of 38 cards known")


def test_the_editor_in_japanese(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(f"{live_server}/profiles/planeta-rica")
    expect(page.locator("main")).to_contain_text("全 38 枚中 0 枚が判明")
    page.get_by_role("button", name="コピーして編集").first.click()
    page.locator('a.card-cell[data-card="tourist_planet"]').click()
    expect(page.locator(".card-form h3")).to_have_text("観光惑星")
    page.get_by_role("button", name="スロット 1: 1 コイン", exact=True).click()
    expect(page.get_by_role("button", name="スロット 1: 1 コイン", exact=True)).to_have_attribute("aria-pressed", "true")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, "profile-editor-planeta-rica-ja")
