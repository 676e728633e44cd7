"""What a person sees and taps, at phone size, in headless Chromium against gunicorn with 2 workers."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived, shot

pytestmark = pytest.mark.browser


def start_table(page: Page, base: str, *names: str) -> str:
    page.goto(base + "/new/tally")
    for i, name in enumerate(names):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    # The table's own link (as its share link and QR code give it), not this phone's step address: a step address
    # (?at=N) opened after later entries shows that step, read-only.
    return re.sub(r"[?#].*$", "", page.url)


def add(page: Page, seat: str, points: str) -> None:
    page.select_option("#tally select[name=seat]", label=seat)
    page.fill("#tally input[name=points]", points)
    page.click("#tally button[type=submit]")


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def small_tap_targets(page: Page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('button, a.button, input, select, summary')]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])') && e.type !== 'hidden')
        .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 && !(r.height >= 22 && r.width >= 22 && r.width < 30))
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")


def test_home_and_table_fit_a_phone(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/")
    expect(page.locator("h1")).to_have_text("Which game is on the table?")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    start_table(page, live_server, "Aki", "Ben", "Chie")
    page.click("#table-menu > summary")
    page.click("#share summary")
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    qr = page.locator("img.qr").bounding_box()
    assert qr and qr["width"] == 240 and qr["height"] == 240
    assert page.evaluate("document.querySelector('img.qr').naturalWidth") > 0, "the QR image did not load"
    shot(page, "platform-table")


def test_without_the_stream_an_entry_appears_on_another_phone_at_its_next_poll(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """The fallback: where the live stream cannot connect (a proxy that buffers, an old browser), other phones
    see an entry within a poll's interval plus a request's time: the first poll the second phone sends after the
    entry is saved (or one already on its way) brings it. Counted in polls, not seconds, so a busy machine cannot
    fail it; the interval itself is the page's own (the test server's POLL_SECONDS, 1 s)."""
    first, second = new_phone(), new_phone()
    second.route("**/events*", lambda route: route.abort())  # no stream for this phone
    url = start_table(first, live_server, "Aki", "Ben")  # (tests/browser/test_live.py tests the stream itself)
    polls: list[object] = []  # the second phone's polls, in the order sent
    fresh: list[object] = []  # those answered with a changed table
    second.on("request", lambda request: polls.append(request) if "/poll" in request.url else None)
    second.on("response", lambda response: fresh.append(response.request)
              if "/poll" in response.url and response.status == 200 else None)
    second.goto(url)
    expect(second.locator("#live")).to_have_attribute("hx-trigger", "every 1s")
    expect(second.locator('td.total[data-seat="1"]')).to_have_text("0")
    add(first, "Ben", "7")
    expect(first.locator('td.total[data-seat="1"]')).to_have_text("7")
    sent_before_saved = len(polls)
    expect(second.locator('td.total[data-seat="1"]')).to_have_text("7")
    assert fresh, "the second phone's table changed without a poll"
    assert polls.index(fresh[0]) <= sent_before_saved, "a poll sent after the entry was saved missed it"
    expect(second.locator("ol.log li").first).to_contain_text("#1 Ben: +7")
    shot(second, "platform-second-phone")


def test_a_half_typed_entry_survives_another_phones_entry(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    first, second = new_phone(), new_phone()
    url = start_table(first, live_server, "Aki", "Ben")
    add(first, "Aki", "3")
    expect(first.locator('td.total[data-seat="0"]')).to_have_text("3")
    second.goto(url)
    second.fill("#tally input[name=points]", "-3")
    add(first, "Aki", "-1")
    expect(second.locator(".stale-banner")).to_be_visible()
    assert second.input_value("#tally input[name=points]") == "-3"
    # Sent on the old version, and it no longer means the same (Aki has 2 now, not 3): refused, the entry kept.
    second.click("#tally button[type=submit]")
    expect(second.locator("#live [role=alert]")).to_contain_text("Another phone entered something first")
    expect(second.locator('td.total[data-seat="0"]')).to_have_text("2")
    assert second.input_value("#tally input[name=points]") == "-3"
    second.fill("#tally input[name=points]", "-2")
    second.click("#tally button[type=submit]")
    expect(second.locator('td.total[data-seat="0"]')).to_have_text("0")


def test_a_half_typed_entry_that_still_means_the_same_is_saved(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    first, second = new_phone(), new_phone()
    url = start_table(first, live_server, "Aki", "Ben")
    second.goto(url)
    second.fill("#tally input[name=points]", "5")
    add(first, "Ben", "2")
    expect(second.locator(".stale-banner")).to_be_visible()
    second.click("#tally button[type=submit]")  # sent on the old version, but Ben's points change nothing of it
    expect(second.locator('td.total[data-seat="0"]')).to_have_text("5")
    expect(second.locator('td.total[data-seat="1"]')).to_have_text("2")
    expect(second.locator("ol.log li").first).to_contain_text("#2 Aki: +5")


def test_a_refused_entry_shows_the_reason_and_undo_redo_work(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    add(page, "Aki", "-4")
    expect(page.locator("#live [role=alert]")).to_contain_text("The total stays at zero or above (it would be -4). (T-2)")
    assert page.input_value("#tally input[name=points]") == "-4"
    page.fill("#tally input[name=points]", "4")
    page.click("#tally button[type=submit]")
    expect(page.locator('td.total[data-seat="0"]')).to_have_text("4")
    page.click("text=Undo last entry")
    expect(page.locator('td.total[data-seat="0"]')).to_have_text("0")
    expect(page.locator("ol.log li").first).to_contain_text("Undo of #1")
    page.click("button:has-text('Redo')")
    expect(page.locator('td.total[data-seat="0"]')).to_have_text("4")


def test_everything_works_with_javascript_off(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    url = start_table(page, live_server, "Aki", "Ben")
    add(page, "Ben", "3")
    arrived(page, re.compile(re.escape(url.split("?")[0].split("#")[0]) + r"\?at=1(#answer)?$"))
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("3")
    page.click("text=Undo last entry")
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("0")


def test_the_language_follows_the_phone_and_the_switch_is_remembered(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(live_server + "/")
    expect(page.locator("h1")).to_have_text("どのゲームを遊びますか？")
    page.click("button[name=lang][value=en]")
    expect(page.locator("h1")).to_have_text("Which game is on the table?")
    page.goto(live_server + "/import")
    expect(page.locator("h1")).to_have_text("Continue an exported table")
