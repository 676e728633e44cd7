"""Lumière Prière at phone size (390 × 844) in headless Chromium against gunicorn with 2 workers: a field set
up by tapping and the get phase resolved, on the capture checker and on a table."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived, shot

pytestmark = pytest.mark.browser


def fits_the_phone(page: Page) -> None:
    page.wait_for_load_state("load")  # measured as the player sees it: with its stylesheets applied
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"
    small = page.evaluate("""() => [...document.querySelectorAll('button, a.button, input, select, summary')]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])') && e.type !== 'hidden')
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 && !(r.height >= 22 && r.width >= 22 && r.width < 30))
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
    assert small == [], small


def pick(page: Page, name: str, value: str) -> None:
    """Tap one of the checker's tool buttons (a radio drawn as a button)."""
    page.locator(f'.lp-checker input[name="{name}"][value="{value}"]').click()


def area(page: Page, cell: str):  # type: ignore[no-untyped-def]
    return page.locator(f'.lp-area[data-cell="{cell}"]')


def field_geometry(page: Page) -> dict[str, float]:
    page.wait_for_load_state("load")  # measured as the player sees it: with its stylesheets applied
    return page.evaluate("""() => {
        const cells = [...document.querySelectorAll('.lp-grid .lp-area')].map(e => e.getBoundingClientRect());
        const xs = cells.map(r => r.left), ws = cells.map(r => r.width), hs = cells.map(r => r.height);
        return {count: cells.length, minWidth: Math.min(...ws), maxWidth: Math.max(...ws),
                minHeight: Math.min(...hs), right: Math.max(...cells.map(r => r.right)), left: Math.min(...xs)};
    }""")


def test_the_checker_set_up_by_tapping_answers_the_get_phase(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/")
    page.click("#game-lumiere >> text=Check a capture")
    expect(page.locator("h1")).to_have_text("Capture checker")
    geometry = field_geometry(page)
    assert geometry["count"] == 16
    assert geometry["minWidth"] >= 60 and geometry["maxWidth"] - geometry["minWidth"] < 1  # four equal columns
    assert geometry["minHeight"] >= 60 and geometry["left"] >= 0 and geometry["right"] <= 390
    # Player 2's yokai between two of Player 1's commoners, one of them active.
    pick(page, "card", "yokai")
    pick(page, "owner", "1")
    area(page, "r1c1").click()
    expect(area(page, "r1c1")).to_have_accessible_name("B2: Yokai, Player 2's")
    pick(page, "card", "commoner")
    pick(page, "owner", "0")
    area(page, "r1c0").click()
    expect(area(page, "r1c0")).to_have_accessible_name("B1: Commoner, Player 1's")
    area(page, "r1c2").click()
    expect(page.locator("#lp-answer")).to_contain_text("Sandwiches that do not count (1)")
    expect(page.locator("#lp-answer")).to_contain_text("neither is, so nothing is taken. LP-3")
    pick(page, "mode", "active")
    area(page, "r1c2").click()
    answer = page.locator("#lp-answer")
    expect(answer).to_contain_text("B2 · Yokai → Player 1's point area")
    expect(answer).to_contain_text("Player 1 captures Yokai (Player 2's) at B2, sandwiched along: row. LP-5")
    expect(area(page, "r1c1")).to_have_class(re.compile(r"\btaken\b"))
    expect(area(page, "r1c0")).to_have_class(re.compile(r"\bend\b"))
    expect(area(page, "r1c2")).to_have_class(re.compile(r"\bactive\b"))
    expect(area(page, "r1c1").locator(".lp-badge")).to_have_text("→ Player 1")
    expect(page.locator(".lp-gains li[data-seat='0']")).to_have_text("Player 1 ↓ Yokai")
    assert "f=.,.,.,.;commoner@0,yokai@1,commoner@0*,.;" in page.url  # the field is in the address
    # The name on a card reads upright for the seat it faces (LP-1): Player 2 sits on the left.
    transform = page.evaluate("""getComputedStyle(document.querySelector('[data-cell="r1c1"] .lp-name')).transform""")
    assert transform.startswith("matrix(0, 1, -1, 0") or transform.startswith("matrix(6.12")
    fits_the_phone(page)
    shot(page, "lumiere-checker")
    # The address brings the same field back on another phone.
    other = new_phone()
    other.goto(page.url)
    expect(other.locator("#lp-answer")).to_contain_text("B2 · Yokai → Player 1's point area")


def test_the_checker_works_with_javascript_off(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + "/lumiere/captures")
    pick(page, "card", "ghost")
    pick(page, "owner", "3")
    area(page, "r0c0").click()
    arrived(page, re.compile(r"/lumiere/captures\?.*owner=3"))
    expect(area(page, "r0c0")).to_have_accessible_name("A1: Ghost, Player 4's")
    pick(page, "card", "commoner")
    pick(page, "owner", "0")
    area(page, "r0c1").click()
    area(page, "r1c0").click()
    pick(page, "mode", "active")
    area(page, "r0c1").click()
    expect(page.locator("#lp-answer")).to_contain_text("A1 · Ghost → Player 1's point area")
    expect(page.locator("#lp-answer")).to_contain_text(
        "A1 (Ghost, Player 4's) is a corner, and both areas next to it (A2, B1) hold cards of Player 1. LP-4")
    pick(page, "mode", "lift")
    area(page, "r3c3").click()  # nothing there: refused, nothing changed
    expect(page.locator("[role=alert]")).to_contain_text("D4 is empty: there is no card to take off.")
    expect(area(page, "r0c0")).to_have_accessible_name("A1: Ghost, Player 4's, captured by Player 1")


def test_a_table_resolves_a_get_phase_and_the_card_moves_to_the_point_area(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/new/lumiere")
    for i, name in enumerate(("Aki", "Ben", "Chie", "Dai")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    page.click("#lumiere button[name=seat][value='0']")  # Aki won rock-paper-scissors
    expect(page.locator("#lumiere")).to_contain_text("Aki places their commoner: tap an empty area.")
    fits_the_phone(page)
    for cell, seat in (("r1c0", "Aki"), ("r1c1", "Ben"), ("r3c3", "Chie"), ("r0c3", "Dai")):
        expect(page.locator("#lumiere")).to_contain_text(f"{seat} places their commoner")
        area(page, cell).click()
        expect(area(page, cell)).to_have_accessible_name(re.compile(f"Commoner, {seat}'s"))
    expect(page.locator(".lp-turn")).to_have_text("Turn 1 · Aki's turn")
    expect(page.locator(".lp-steps li.now")).to_have_text("effect phase")
    page.click("#lumiere button[name=card][value=priest]")
    expect(page.locator(".lp-play-area")).to_contain_text("Play area: Priest")
    expect(page.locator(".lp-status")).to_contain_text("The table then resolves the get phase and the draw by itself")
    expect(page.locator("[data-entry-now]")).to_have_attribute("id", "lp-field-form")
    shot(page, "lumiere-table-set-step")
    area(page, "r1c2").click()  # set: Ben's commoner on B2 is now between two of Aki's cards
    # the table resolves the get phase and the draw by itself (forced.py: LP-5, a reading; §ドローフェイズ)
    expect(page.locator(".lp-turn")).to_have_text("Turn 2 · Ben's turn")
    get = page.locator("#lp-last-get")
    expect(get).to_contain_text("Aki's get phase, resolved by the table")
    expect(get).to_contain_text("B2 · Commoner → Aki's point area")
    expect(page.locator('.lp-points[data-seat="0"]')).to_have_text(re.compile(r"Point area:\s*Commoner"))
    expect(page.locator('.lp-points[data-seat="1"]')).to_have_text(re.compile(r"Point area:\s*empty"))
    expect(area(page, "r1c1")).to_have_class(re.compile(r"\bempty\b"))
    expect(page.locator('.total[data-seat="0"]')).to_have_text("0 so far + ?")  # no points known yet (LP-8)
    expect(page.locator(".lp-seats-card")).to_contain_text("Points unknown: Commoner")
    expect(page.locator("ol.log li").first).to_contain_text(
        "Aki: Card set on B3 (then by the table: Aki: Get phase resolved; Aki: Draw phase)")
    expect(page.locator("[data-entry-now]")).to_have_count(1)
    expect(page.locator("[data-entry-now]")).to_have_class(re.compile(r"\blp-play\b"))  # Ben's card to play
    fits_the_phone(page)
    shot(page, "lumiere-table-point-area")
    # Undo takes back the set with the table's get phase and draw: Aki's turn again, the priest in the play area
    page.click("text=Undo last entry")
    expect(page.locator(".lp-turn")).to_have_text("Turn 1 · Aki's turn")
    expect(page.locator(".lp-play-area")).to_contain_text("Play area: Priest")
    expect(page.locator('.lp-points[data-seat="0"]')).to_have_text(re.compile(r"Point area:\s*empty"))
    expect(area(page, "r1c1")).to_have_accessible_name(re.compile("Commoner, Ben's"))
    page.click("text=Redo")
    expect(page.locator(".lp-turn")).to_have_text("Turn 2 · Ben's turn")
    # Another phone on the same table sees the point area too.
    other = new_phone(lang="ja-JP")
    other.goto(page.url)
    expect(other.locator('.lp-points[data-seat="0"]')).to_have_text(re.compile(r"ポイントエリア:\s*常人"))
    shot(other, "lumiere-table-ja")


def test_a_table_works_with_javascript_off(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + "/new/lumiere")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")  # the table page, its scripts listening
    table_url = page.url
    page.click("#lumiere button[name=seat][value='1']")  # Ben goes first
    for cell in ("r0c0", "r0c1", "r2c2"):  # Ben, Chie, Aki
        area(page, cell).click()
        arrived(page, re.compile(re.escape(table_url) + r"\?at=\d+(#answer)?$"))  # lands on the answer
    expect(page.locator(".lp-turn")).to_have_text("Turn 1 · Ben's turn")
    expect(page.locator(".lp-side-right")).to_have_text("(nobody)")  # 3 players: the fourth side is unused
    page.click("#lumiere button[name=card][value=ghost]")
    page.click("text=Turn a card to face another seat")
    page.locator('input[name="cell"][value="r0c1"]').check()
    page.click(".lp-effects button[name=owner][value='1']")  # Chie's commoner now faces Ben: active (LP-3)
    expect(area(page, "r0c1")).to_have_accessible_name("A2: Commoner, Ben's, active")
    area(page, "r1c0").click()  # set the ghost on B1; the table resolves the get phase and the draw
    expect(page.locator(".lp-turn")).to_have_text("Turn 2 · Chie's turn")
    expect(page.locator("#lp-last-get")).to_contain_text("Nothing is captured.")
    expect(page.locator("ol.log li").first).to_contain_text("(then by the table: Ben: Get phase resolved; Ben: Draw phase)")
    fits_the_phone(page)
    page.click("text=Undo last entry")  # the set goes, with the table's get phase and draw
    expect(page.locator(".lp-turn")).to_have_text("Turn 1 · Ben's turn")
    expect(page.locator(".lp-play-area")).to_contain_text("Play area: Ghost")
    expect(area(page, "r0c1")).to_have_accessible_name("A2: Commoner, Ben's, active")
