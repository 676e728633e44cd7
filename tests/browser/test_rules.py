"""Rules at hand at phone size (390 × 844) in headless Chromium: a ruling's link on a quick tool opens its clause
in a sheet and closing it leaves the tool as it was (JavaScript on), or opens the clause's page whose Back leads to
the same state (JavaScript off); the rules page answers a typed question in place, the matched words marked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import shot
from tests.browser.test_lumiere import fits_the_phone
from tests.browser.test_sister_combination import card, tap

pytestmark = pytest.mark.browser


def open_check_page(page: Page, live_server: str) -> None:
    page.goto(live_server + "/")
    page.click("#game-sister-combination >> text=May this card be played?")
    tap(page, ".sc-check-form", "p", "5")
    card(page, ".sc-check-form", "karen", "3", ("ts", "tn"))
    page.wait_for_url(re.compile(r"tn=3"))  # the answer's address, once htmx has drawn it


def test_a_ruling_opens_its_clause_in_a_sheet_and_closing_it_keeps_the_page(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    open_check_page(page, live_server)
    before = page.url
    link = page.locator('a.rule-link[data-rule="SC-3"]').first
    link.click()
    sheet = page.locator("dialog.rule-dialog")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("Obstruction mode: while the stack holds cards")
    expect(sheet).to_contain_text("The companion's reading")
    shot(page, "rules-sheet")
    sheet.locator(".rule-dialog-close").click()
    expect(sheet).to_be_hidden()
    assert page.url == before
    expect(page.locator('.sc-check-form input[name="p"][value="5"]')).to_be_checked()


def test_without_javascript_the_clause_page_leads_back(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + "/sister-combination/check?p=5&ts=karen&tn=3")
    before = page.url
    page.locator('a.rule-link[data-rule="SC-2"]').first.click()
    expect(page.locator("h2.clause-title")).to_have_text(
        "What you may play: same colour, same number or symbol, or an S.P.")
    fits_the_phone(page)
    page.click("text=Back")
    assert page.url == before


def test_the_rules_page_answers_a_question_in_place(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(live_server + "/rules/sister-combination")
    expect(page.locator("h1")).to_have_text("シスター・コンビネーションのルール")
    page.fill("#rule-results-q", "スタックがあるとき数字カードは出せる？")
    page.press("#rule-results-q", "Enter")
    first = page.locator("#rule-results li.clause").first
    expect(first).to_contain_text("おじゃまモード：スタックがある間")
    expect(first.locator("mark").first).to_be_visible()
    assert page.url.endswith("/rules/sister-combination")  # answered in place
    fits_the_phone(page)
    shot(page, "rules-search-ja")
