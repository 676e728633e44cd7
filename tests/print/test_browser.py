"""The print page on a phone (headless Chromium at 390 × 844, gunicorn with two workers): it fits, every
control is tappable, the forms open the PDFs with JavaScript off, the calibration offset is saved on the phone,
and a print that takes too long never holds up score entry."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import shot
from tests.browser.test_platform import add, no_horizontal_scroll, small_tap_targets, start_table
from tests.print.pdfs import cards_on, open_pdf

pytestmark = pytest.mark.browser


def open_pdf_from(page: Page, section: str) -> tuple[str, bytes]:
    """Tap a printable's "Open PDF"; the PDF opens in a new tab. Returns its URL and bytes."""
    with page.expect_popup() as opened:  # the tab opens once the PDF has been made
        page.click(f"{section} button[type=submit].primary")
    tab = opened.value
    tab.wait_for_load_state()
    response = page.request.get(tab.url)
    assert response.status == 200, response.text()[:300]
    assert response.headers["content-type"] == "application/pdf"
    assert response.headers["content-disposition"].startswith("inline;")
    tab.close()
    return tab.url, response.body()


@pytest.mark.parametrize("lang", ["en-US", "ja-JP"])
def test_the_print_page_fits_a_phone(new_phone, print_server, lang) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang=lang)
    page.goto(print_server + "/print")
    expect(page.locator("h1")).to_have_text("Print" if lang == "en-US" else "印刷")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    page.click("#print-sc-deck details.more summary")
    expect(page.locator("#print-sc-deck input[name=mode][value=shop]")).to_be_visible()
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    for choice in page.locator("#print-sc-deck label.choice").all():
        box = choice.bounding_box()
        assert box and box["height"] >= 44
    shot(page, f"print-page-{lang[:2]}")


def test_a_pdf_opens_from_its_form_with_javascript_off(new_phone, print_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(print_server + "/print")
    page.check("#print-sc-deck input[name=paper][value=a4]")
    page.click("#print-sc-deck details.more summary")
    page.check("#print-sc-deck input[name=backs][value='0']")
    url, data = open_pdf_from(page, "#print-sc-deck")
    assert "paper=a4" in url and "backs=0" in url
    with open_pdf(data) as pdf:
        assert len(pdf.pages) == 16
        assert len(cards_on(pdf.pages[0])) == 9
        assert (round(float(pdf.pages[0].width), 2), round(float(pdf.pages[0].height), 2)) == (595.28, 841.89)


def test_the_calibration_offset_is_saved_on_the_phone_and_moves_the_backs(new_phone, print_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(print_server + "/print#calibration")
    _url, calibration = open_pdf_from(page, "#calibration form[target=_blank]")
    with open_pdf(calibration) as pdf:
        assert len(pdf.pages) == 2
    page.select_option("#calibration .offset-form select[name=dx]", "1.5")
    page.select_option("#calibration .offset-form select[name=dy]", "-1")
    page.click("#calibration .offset-form button.primary")
    expect(page.locator("#calibration [role=status]")).to_contain_text("Saved")
    expect(page.locator("#calibration .current")).to_have_text("This phone's offset: across +1.5 mm, down −1 mm.")
    no_horizontal_scroll(page)
    shot(page, "print-calibration-saved")
    page.check("#print-ps-support input[name=paper][value=a4]")
    url, data = open_pdf_from(page, "#print-ps-support")
    assert "dx=1.5" in url and "dy=-1" in url  # the form carries the phone's offset
    with open_pdf(data) as pdf:
        backs = cards_on(pdf.pages[1])
        assert (round(backs[0].x, 2), round(backs[0].y, 2)) == (12.0, 15.5)


def test_a_slow_print_never_holds_up_score_entry(new_phone, slow_print_server) -> None:  # type: ignore[no-untyped-def]
    printing, scoring = new_phone(lang="ja-JP"), new_phone()
    printing.goto(slow_print_server + "/print")
    # its PDF renders for 60 s and the limit is 12 s: a tab opens and shows the answer when it comes
    tabs: list[Page] = []
    printing.context.on("page", lambda tab: tabs.append(tab))  # a new tab is announced only once its answer starts to come
    printing.click("#print-ps-pad button[type=submit].primary", no_wait_after=True)
    start_table(scoring, slow_print_server, "Aki", "Ben")
    add(scoring, "Ben", "7")
    expect(scoring.locator('td.total[data-seat="1"]')).to_have_text("7")
    answered = [tab for tab in tabs if tab.locator("h1").count()]
    assert answered == [], "the entry was saved only after the print gave up"
    tab = tabs[0] if tabs else printing.context.wait_for_event("page")  # waits for the answer
    expect(tab.locator("h1")).to_have_text("PDF の作成に時間がかかりすぎています")
    expect(tab.locator(".problems")).to_contain_text(re.compile(r"12 秒で中止しました"))
    no_horizontal_scroll(tab)
    shot(tab, "print-too-slow-ja")
