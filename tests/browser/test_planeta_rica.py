"""Planeta Rica at phone size (390 × 844) in headless Chromium against gunicorn: a 4-player game scored on the
scoring page by tapping planet and gadget names (the built-in profile knows no VP, so each card type's VP is
asked once), and a tracked game's turns with a dispatch and an invade (its coin cost tapped, the market
refilled). Screenshots: test-artifacts/planeta-rica-*.png."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import shot

pytestmark = pytest.mark.browser

URL = "/planeta-rica/score"
NAMES = ("Aki", "Ben", "Chie", "Dan")
# per seat: planets tapped (New Earth is there already), gadgets, fame
HOLDINGS = (
    (("tourist_planet", "tachyon_mine"), ("warp_gate",), "7"),
    (("endymion",), ("think_tank", "time_machine"), "9"),
    (("tourist_planet",), (), "12"),
    ((), ("warp_gate",), "4"),
)
VP = {"new_earth": "1", "tourist_planet": "3", "tachyon_mine": "2", "endymion": "5", "warp_gate": "2",
      "think_tank": "1", "time_machine": "3"}
# totals: Aki 7 + (1+3+2) + 2 = 15; Ben 9 + (1+5) + (1+3) = 19; Chie 12 + (1+3) = 16; Dan 4 + 1 + 2 = 7


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def small_tap_targets(page: Page, root: str) -> list[str]:
    page.wait_for_load_state("load")  # a page a form submission brought: measured with its stylesheets
    selector = f"{root} button, {root} a.button, {root} summary, {root} label.slotbox"
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])'))
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 36)
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""", selector)


def test_fame_typed_as_a_sum_in_full_width_is_added_up(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """A phone whose keyboard is in 全角 mode commits 「１２＋３」: the browser sends it (no pattern stops it), the cell
    keeps it, "= 15" stands beside it and the score's working shows its parts."""
    page = new_phone()
    page.goto(live_server + URL + "?players=3")
    page.click('input[name="f0"]')
    page.keyboard.insert_text("１２＋３")  # what an IME commits
    page.click('#entry button[value="update"]')
    expect(page.locator('#sheet input[name="f0"]:not([type=hidden])')).to_have_value("１２＋３")  # the cell, not the photo form's copy
    expect(page.locator(".pr-fame-total")).to_have_text("= 15")
    expect(page.locator('#results tr[data-code="pr.vp.fame"]').first).to_contain_text("15")
    expect(page.locator("#results .pr-terms").first).to_contain_text("12 + 3")
    no_horizontal_scroll(page)


def test_a_four_player_game_scored_by_tapping(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + URL)
    expect(page.locator("h1")).to_have_text("Planeta Rica: score a finished game")
    no_horizontal_scroll(page)
    assert small_tap_targets(page, "#sheet") == []
    page.click("details.names summary")
    for seat, name in enumerate(NAMES):
        page.fill(f'input[name="name{seat}"]', name)
    page.click('button[value="names"]')
    expect(page.locator('button[data-seat="3"] .seat-name')).to_have_text("Dan")
    for seat, (planets, gadgets, fame) in enumerate(HOLDINGS):
        expect(page.locator("#entry")).to_have_attribute("data-seat", str(seat))
        page.fill(f'input[name="f{seat}"]', fame)
        for card in planets:
            page.click(f'#entry button[value="planet:{card}"]')
            expect(page.locator("#entry .pr-chips")).to_contain_text(page.locator(
                f'#entry button[value="planet:{card}"] .name').inner_text())
        for card in gadgets:
            page.click(f'#entry button[value="gadget:{card}"]')
            expect(page.locator(f'#entry button[value="gadget:{card}"]')).to_be_disabled()
        page.click('#entry button[value="next"]')
    expect(page.locator("#entry")).to_have_attribute("data-seat", "0")  # round again: the swap has landed
    # Endymion has one copy: its button is disabled for everyone now
    expect(page.locator('#entry button[value="planet:endymion"]')).to_be_disabled()
    # the built-in profile knows no VP: each card type is asked once
    for card, vp in VP.items():
        expect(page.locator(f'input[name="vp_{card}"]')).to_have_count(1)
        page.fill(f'input[name="vp_{card}"]', vp)
    page.click('#asked button[value="update"]')
    results = page.locator("#results")
    for seat, total in enumerate(("15", "19", "16", "7")):
        expect(results.locator(f'.pr-total[data-seat="{seat}"]')).to_have_text(total)
    expect(page.locator("#winner")).to_contain_text("Ben wins with 19 VP")
    no_horizontal_scroll(page)
    page.locator("#results").scroll_into_view_if_needed()
    shot(page, "planeta-rica-score")
    # remembered in a profile copy: the questions go, the totals stay
    page.click('#asked button[value="remember"]')
    expect(page.locator(".notice")).to_contain_text("remembered")
    expect(page.locator('input[name="vp_tourist_planet"]')).to_have_count(0)
    expect(results.locator('.pr-total[data-seat="1"]')).to_have_text("19")
    page.reload()
    expect(page.locator('#results .pr-total[data-seat="1"]')).to_have_text("19")


def entry(page: Page, selector: str) -> None:
    """Tap a button that saves an entry and wait for the table's next version (htmx swaps the live region)."""
    version = page.locator("#live").get_attribute("data-version") or "0"
    page.click(selector)
    # the next version, or later: an entry that teaches the profile a value also moves the table to its copy
    page.wait_for_function("v => document.querySelector('#live').dataset.version > +v", arg=int(version))


def test_a_tracked_turn_with_a_dispatch_and_an_invade(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/new/planeta-rica")
    for seat, name in enumerate(NAMES[:3]):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")  # the table page, its scripts listening
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "setup")
    entry(page, '.pr-status button[value="0"]')
    for card in ("tourist_planet", "ai_autonomy", "tachyon_mine", "endymion", "merchant_guild"):
        entry(page, f'.pr-reveal button[value="{card}"]')
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "action")
    no_horizontal_scroll(page)
    assert small_tap_targets(page, "#planeta-rica form") == []
    # a gap is refused with the reason and the ruling
    page.click('#dispatch label.slotbox:has(input[name="d0_1"])')
    page.click('#dispatch label.slotbox:has(input[name="d0_3"])')
    page.click('#dispatch button[type=submit].primary')
    expect(page.locator(".notice.bad")).to_contain_text("Slot 2 of New Earth is empty, so a worker cannot go to slot 3")
    expect(page.locator(".notice.bad")).to_contain_text("(PR-3)")
    shot(page, "planeta-rica-refused")
    # the entry is kept: tap slot 2 too and send
    page.click('#dispatch label.slotbox:has(input[name="d0_2"])')
    entry(page, '#dispatch button[type=submit].primary')
    expect(page.locator(".pr-turn")).to_contain_text("Ben's turn")
    expect(page.locator('.pr-seat[data-seat="0"] [data-k="hand"]')).to_have_text("hand 3")
    expect(page.locator('.pr-seat[data-seat="0"] .pr-slot.worker')).to_have_count(3)
    # Ben invades: the built-in profile lacks the coin cost, so the card's cost is tapped with the invade (PR-6)
    assert small_tap_targets(page, "#invade") == []
    entry(page, '#invade button[name="invade_at"][value="tourist_planet:3"]')
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "refill")
    entry(page, '.pr-reveal button[value="steel_city"]')
    expect(page.locator(".pr-turn")).to_contain_text("Chie's turn")
    expect(page.locator('.pr-seat[data-seat="1"] [data-k="coins"]')).to_have_text("coins 2")
    expect(page.locator('.pr-seat[data-seat="1"] .pr-planet')).to_have_count(2)
    expect(page.locator(".pr-market")).to_contain_text("Steel City")
    no_horizontal_scroll(page)
    shot(page, "planeta-rica-table")
    # undo through the log
    page.click("text=Undo last entry")
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "refill")
    entry(page, '.pr-reveal button[value="steel_city"]')
    # the built-in profile knows no VP: the totals say which cards they wait for, and the table asks once
    results = page.locator("#results")
    expect(results.locator('.pr-unknown[data-seat="1"]')).to_contain_text(
        "Ben's total waits for the VP of New Earth, Tourist Planet.")
    expect(results.locator('.pr-score[data-seat="1"] .pr-sum')).to_have_text("not known yet")
    page.click("#asked summary")
    page.fill('#asked input[name="vp_new_earth"]', "x")
    page.click("#asked button[type=submit]")
    expect(page.locator(".notice.bad")).to_contain_text("The VP of New Earth is a whole number, not “x”. (PR-6)")
    expect(page.locator('#asked input[name="vp_new_earth"]')).to_have_value("x")  # kept, to be corrected
    page.fill('#asked input[name="vp_new_earth"]', "1")
    page.fill('#asked input[name="vp_tourist_planet"]', "3")
    entry(page, "#asked button[type=submit]")
    expect(page.locator("#answer")).to_contain_text("2 card values remembered in the table's deck profile.")
    expect(results.locator('.pr-score[data-seat="1"] .pr-sum')).to_have_text("4")
    expect(page.locator("#asked")).to_have_count(0)
    no_horizontal_scroll(page)
    results.scroll_into_view_if_needed()
    shot(page, "planeta-rica-table-vp")


@pytest.mark.parametrize("javascript", [True, False])
def test_a_player_taps_to_look_at_their_own_face_down_fame_and_taps_again_to_hide_it(
        new_phone, live_server, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    """PR-8: fame is face down during play; on the play link a tap shows a seat's own fame and another tap hides it
    (a <details>: the same with JavaScript off); the watch link has no such tap."""
    page = new_phone(javascript=javascript)
    page.goto(live_server + "/new/planeta-rica")
    for seat, name in enumerate(NAMES[:3]):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")
    step = entry if javascript else (lambda p, selector: (p.click(selector), p.wait_for_load_state("load")))
    step(page, '.pr-status button[value="0"]')
    for card in ("tourist_planet", "ai_autonomy", "tachyon_mine", "endymion", "merchant_guild"):
        step(page, f'.pr-reveal button[value="{card}"]')
    page.click("#adjust summary")
    page.select_option('#adjust select[name="card"]', "new_earth")
    page.select_option('#adjust select[name="seat"]', "0")
    page.fill('#adjust input[name="fame"]', "4")
    step(page, "#adjust button[type=submit]")
    seat = page.locator('.pr-seat[data-seat="0"]')
    expect(seat.locator('[data-k="fame"]')).to_have_text("fame face down")
    seen = seat.locator('.pr-fame-look [data-k="fame-seen"]')
    expect(seen).to_be_hidden()
    seat.locator(".pr-fame-look summary").click()
    expect(seen).to_be_visible()
    expect(seen).to_have_text("fame 4")
    seat.locator(".pr-fame-look summary").click()
    expect(seen).to_be_hidden()
    no_horizontal_scroll(page)
    assert small_tap_targets(page, ".pr-seat") == []
    watch = page.locator("#watch-link").get_attribute("value") or ""
    page.goto(live_server + watch[watch.index("/w/"):])
    expect(page.locator('.pr-seat[data-seat="0"] [data-k="fame"]')).to_have_text("fame face down")
    expect(page.locator(".pr-fame-look")).to_have_count(0)
