"""Planetary Sisters at phone size (390 × 844) in headless Chromium against gunicorn: a whole 4-player game scored
on the scoring page by tapping element icons (the built-in profile knows no card's elements), reaching the
right totals; the breakdown is kept as a screenshot (test-artifacts/planetary-sisters-breakdown.png)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from companion.games.planetary_sisters import Card, CardRef, ElementSet, score_player
from tests.browser.fixtures import arrived, settled, shot
from tests.games.planetary_sisters.support import EXAMPLE_FIELD, EXAMPLE_HOUSE, SYNTHETIC_DECK

pytestmark = pytest.mark.browser

URL = "/planetary-sisters/score"
ROUND = {"FOOD", "PLANT", "ANIMAL"}
NAMES = ("Aki", "Ben", "Chie", "Dan")


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def small_tap_targets(page: Page) -> list[str]:
    page.wait_for_load_state("load")  # a page a form submission brought: measured with its stylesheets
    selector = "#sheet button, #sheet a.button, #sheet label.rank-cell, #sheet label.count, #sheet label.toggle, " \
               "#sheet summary"
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])'))
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 36)
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""", selector)


def tap_card(page: Page, notation: str) -> None:
    """Tap a card in: its rank (when given), each element icon with its count, then Add."""
    ref = CardRef.parse(notation)
    entry = page.locator("#entry")
    before = int(page.locator("#sheet").get_attribute("data-entered") or "0")
    if ref.rank is not None:
        entry.locator(f'label.rank-cell:has(input[name="rank"][value="{ref.rank}"])').click()
    for name, count in ref.elements or ():
        if name in ROUND:
            entry.locator(f'label.count:has(input[name="el_{name}"][value="{count}"])').click()
        else:
            entry.locator(f'label.toggle:has(input[name="el_{name}"])').click()
    # a card whose icons leave nothing to add goes in by itself; Add for the others
    settled(page)
    if int(page.locator("#sheet").get_attribute("data-entered") or "0") == before:
        entry.locator('button[name="do"][value="add"]').click()
    expect(page.locator("#sheet")).to_have_attribute("data-entered", str(before + 1))


def notation(rank: int) -> str:
    return str(Card.of(SYNTHETIC_DECK[rank], rank))


def test_a_four_player_game_scored_by_tapping_icons_reaches_the_right_totals(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + URL)
    expect(page.locator("h1")).to_have_text("Planetary Sisters: score a finished game")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.click("details.names summary")
    for seat, name in enumerate(NAMES):
        page.fill(f'input[name="name{seat}"]', name)
    page.click('button[value="names"]')
    expect(page.locator('button[data-slot="house:3"] .slot-name')).to_have_text("Dan")

    # §4.5.2's field (by icons only) and §4.5.1's house for Aki; the others from the rest of a made-up deck
    used = {CardRef.parse(n).rank for n in EXAMPLE_HOUSE}
    rest = [r for r in sorted(SYNTHETIC_DECK) if r not in used][:24]
    houses = [list(EXAMPLE_HOUSE)] + [[notation(r) for r in rest[8 * i:8 * i + 8]] for i in range(3)]
    for card in EXAMPLE_FIELD:
        tap_card(page, card)
    expect(page.locator('button[data-slot="field"] .slot-count')).to_have_text("4/4 ✓")
    for seat, house in enumerate(houses):
        expect(page.locator("#entry")).to_have_attribute("data-slot", f"house:{seat}")  # it moves on by itself
        for card in house:
            tap_card(page, card)
    expect(page.locator("#results h2")).to_have_text("Final scores")
    no_horizontal_scroll(page)

    field = [Card.parse(n) for n in EXAMPLE_FIELD]
    expected = [score_player([Card.parse(n) for n in house], field, ElementSet.default()).total for house in houses]
    assert expected[0] == 167  # house 113 + field 54, as the rule text works it out (PS-4)
    results = page.locator("#results")
    for seat, total in enumerate(expected):
        expect(results.locator(f'.ps-ranking .ps-total[data-seat="{seat}"]')).to_have_text(str(total))
        expect(results.locator(f'section.ps-score[data-seat="{seat}"] h3 .ps-total')).to_have_text(str(total))
    aki = results.locator('section.ps-score[data-seat="0"]')
    expect(aki.locator(".split")).to_have_text("house 113 + field bonus 54 = 167")
    expect(aki.locator('table[data-side="house"] tr[data-key="collector"] td.pts')).to_have_text("48")
    expect(aki.locator('table[data-side="field"] tr[data-key="single"] td.pts')).to_have_text("20")
    winner = NAMES[max(range(4), key=lambda s: expected[s])]
    expect(results.locator(".ps-ranking li.winner .who")).to_have_text(winner)

    # the working of a line, in words, with its ruling id
    aki.locator("details.working").first.click()
    expect(aki.locator("details.working li").first).to_contain_text("6 × (4 − 1) = 18; 18 × 1 = 18")
    box = aki.locator('table[data-side="house"]').bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    results.scroll_into_view_if_needed()
    shot(page, "planetary-sisters-breakdown")

    # everything is in the address: a reload keeps the whole sheet
    page.reload()
    expect(page.locator('#results .ps-ranking .ps-total[data-seat="0"]')).to_have_text("167")


def test_the_sheet_works_without_javascript(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + URL)
    page.click('label.rank-cell:has(input[name="rank"][value="30"])')
    page.click('label.count:has(input[name="el_FOOD"][value="1"])')
    page.click('label.count:has(input[name="el_PLANT"][value="2"])')
    page.click('label.count:has(input[name="el_ANIMAL"][value="1"])')
    page.click('#entry button[value="add"]')
    arrived(page, re.compile(r"field=30:ANIMAL%2BFOOD%2BPLANT\*2&slot=field$"))
    expect(page.locator("#entry .ps-chips .ps-card")).to_have_count(1)
    # a card breaking a per-card fact is refused, the reason shown with the icons tapped, and the picker emptied
    # so they do not ride into the next card
    page.click('label.toggle:has(input[name="el_POLE"])')
    page.click('label.toggle:has(input[name="el_SWORD"])')
    page.click('#entry button[value="add"]')
    expect(page.locator("#entry .notice.bad")).to_contain_text("A card carries at most one pointed element, once")
    expect(page.locator("#entry .notice.bad")).to_contain_text("Tapped: POLE SWORD")
    expect(page.locator('input[name="el_SWORD"]')).not_to_be_checked()
    expect(page.locator("#entry .ps-chips .ps-card")).to_have_count(1)
    shot(page, "planetary-sisters-refused")


def test_the_table_page_fits_a_phone(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(live_server + "/new/planetary-sisters")
    for i, name in enumerate(("アキ", "ベン", "チエ")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    expect(page.locator("#ps-setup h2")).to_have_text("ゲームの準備")
    page.click('#ps-setup label.seat-pick:has(input[value="1"])')
    for added, card in enumerate(("14:FOOD*4", "20:PLANT*2", "19:PAGE"), start=1):
        ref = CardRef.parse(card)
        page.click(f'#ps-setup label.rank-cell:has(input[name="rank"][value="{ref.rank}"])')
        for name, count in ref.elements or ():
            if name in ROUND:
                page.click(f'#ps-setup label.count:has(input[name="el_{name}"][value="{count}"])')
            else:
                page.click(f'#ps-setup label.toggle:has(input[name="el_{name}"])')
        page.click('#ps-setup button[value="add"]')
        expect(page.locator("#ps-setup h3")).to_have_text(f"公開した場札：3 枚中 {added} 枚")
    page.click("#ps-setup button.primary")
    expect(page.locator("#ps-turn h2")).to_contain_text("ベン の手番")
    expect(page.locator(".cond")).to_have_text("Close")
    no_horizontal_scroll(page)
    shot(page, "planetary-sisters-table")
    # ベン plays 30 (tapped by its rank and icons) and takes 14 from the field
    turn = page.locator("#ps-turn")
    turn.locator('label.rank-cell:has(input[name="p_rank"][value="30"])').click()
    for name in ("FOOD", "ANIMAL"):
        turn.locator(f'label.count:has(input[name="p_el_{name}"][value="1"])').click()
    turn.locator('label.count:has(input[name="p_el_PLANT"][value="2"])').click()
    turn.locator('button.take[name="taken"][value="f0"]').click()  # the field card taken enters the turn (issue 35)
    expect(page.locator("#ps-turn h2")).to_contain_text("チエ の手番")
    expect(page.locator(".turns-list li").first).to_contain_text("差 16")
    # an entry without the played card is refused with the reason, and what was tapped stays
    page.locator('#ps-turn button.take[name="taken"][value="f0"]').click()
    expect(page.locator(".notice.bad")).to_contain_text("チエ の使用札をタップしてください")
    expect(page.locator('#ps-turn button.take[value="f0"]')).to_have_attribute("aria-pressed", "true")
    shot(page, "planetary-sisters-turn-refused")
