"""At phone size (390 × 844): a ruling id inside a button or a summary has its link beside the
control, one tap away: on the control's row, a 44 px target of its own, and tapping it opens the clause in a sheet
without pressing the button (nothing is entered) or opening the details; in English and in Japanese."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived, shot
from tests.browser.test_lumiere import fits_the_phone
from tests.browser.test_sister_combination import enter

pytestmark = pytest.mark.browser

TABLE_URL = re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$")


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def side_by_side(a: dict[str, float], b: dict[str, float]) -> bool:
    """Two boxes on one row: they overlap vertically, and the second starts right of the first's middle."""
    return a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"] and b["x"] > a["x"] + a["width"] / 2


@pytest.mark.parametrize("lang, turn, clause", [("en-US", "Aki's turn", "Draw"), ("ja-JP", "Akiのターン", "引")])
def test_a_buttons_ruling_is_a_tap_beside_the_button(new_phone, live_server, lang: str, turn: str,  # type: ignore[no-untyped-def]
                                                      clause: str) -> None:
    page = new_phone(lang=lang)
    page.goto(live_server + "/new/sister-combination")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, TABLE_URL)
    enter(page, "#sister-combination form", "karen", "3")  # her name, then the number button starts the game
    expect(page.locator(".sc-turn")).to_contain_text(turn)
    draw = ".sc-actions form:has(.sc-action-draw)"
    link = page.locator(f'{draw} a.rule-beside[data-rule="SC-4"]')
    expect(link).to_be_visible()
    expect(page.locator(f"{draw} button a")).to_have_count(0)  # nothing to tap inside the button
    button, beside = box(page, f"{draw} button"), box(page, f'{draw} a.rule-beside[data-rule="SC-4"]')
    assert side_by_side(button, beside), (button, beside)
    assert beside["height"] >= 44 and beside["width"] >= 44, beside
    fits_the_phone(page)
    shot(page, f"rule-beside-sc-actions-{lang[:2]}")
    hand = page.locator('.sc-seat[data-seat="0"] .sc-seat-hand').inner_text()
    link.click()
    sheet = page.locator("dialog.rule-dialog")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text(clause)
    shot(page, f"rule-beside-sc-sheet-{lang[:2]}")
    sheet.locator(".rule-dialog-close").click()
    expect(sheet).to_be_hidden()
    expect(page.locator(".sc-turn")).to_contain_text(turn)  # the button was not pressed: still Aki, same hand
    expect(page.locator('.sc-seat[data-seat="0"] .sc-seat-hand')).to_have_text(hand)


@pytest.mark.parametrize("lang, summary", [("en-US", "Record a mulligan"), ("ja-JP", "マリガン")])
def test_a_summarys_ruling_is_a_tap_beside_the_closed_details(new_phone, live_server, lang: str,  # type: ignore[no-untyped-def]
                                                               summary: str) -> None:
    page = new_phone(lang=lang)
    page.goto(live_server + "/new/lumiere")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, TABLE_URL)
    details = page.locator("details.lp-mulligan")
    expect(details.locator("summary")).to_contain_text(summary)
    link = page.locator('.rule-beside-links.before-details a.rule-beside[data-rule="LP-9"]')
    expect(link).to_be_visible()  # while the details is closed
    assert details.evaluate("d => d.open") is False
    row, beside = box(page, "details.lp-mulligan summary"), box(page, '.before-details a[data-rule="LP-9"]')
    assert side_by_side(row, beside) or abs(beside["y"] - row["y"]) < 44, (row, beside)
    assert beside["height"] >= 44 and beside["width"] >= 44, beside
    fits_the_phone(page)
    shot(page, f"rule-beside-lp-summary-{lang[:2]}")
    link.click()
    sheet = page.locator("dialog.rule-dialog")
    expect(sheet).to_be_visible()
    sheet.locator(".rule-dialog-close").click()
    expect(sheet).to_be_hidden()
    assert details.evaluate("d => d.open") is False  # the tap opened the clause, not the details
