"""The page's answer to a busy or full server (issue 27, points 2 and 4), in Chromium at phone size: a 503 or
507 for an entry shows the server's message above the page, swaps nothing (the entry stays in its form), and a
later entry that is saved takes the message away. The server's side (when it answers so) is
tests/web/test_overload.py; here the answer is given to the page as the server gives it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from tests.browser.test_platform import add, start_table

pytestmark = pytest.mark.browser

BUSY = ("Not saved: the server is too busy to answer right now. What you entered is kept here; send it again in "
        "a few seconds.")
FULL = "Not saved: the server's storage is full. What you entered is kept here; send it again once the server has space (tell whoever runs it)."


RESENT = ("The server is busy, so this entry was not saved yet: it waits on this phone and is sent again by itself "
          "in a few seconds.")


def test_a_busy_server_is_said_and_the_page_sends_the_entry_again_once(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """A 503 (or 429) for an entry: the page says so, keeps the tap (with its key) and sends it again by itself
    after Retry-After; the form is emptied meanwhile, so the entry is not sent twice by hand. Saved once."""
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    answered: list[int] = []

    def refuse(route: Route) -> None:
        if answered:  # the next try finds the server able to answer
            route.continue_()
            return
        answered.append(503)
        route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="text/plain; charset=utf-8", body=BUSY)

    page.route("**/move", refuse)
    add(page, "Ben", "7")
    notice = page.locator("#server-notice")
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("7")  # sent again by the page, saved
    assert answered == [503]
    expect(notice).to_be_hidden()
    expect(page.locator(".live-queued")).to_be_hidden()
    expect(page.locator("ol.log li")).to_have_count(1)  # once
    expect(page.locator("ol.log li").first).to_contain_text("#1 Ben: +7")


def test_the_busy_notice_says_the_entry_waits_on_the_phone(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    page.route("**/move", lambda route: route.fulfill(status=503, headers={"Retry-After": "60"},
                                                      content_type="text/plain; charset=utf-8", body=BUSY))
    add(page, "Ben", "7")
    expect(page.locator("#server-notice")).to_have_text(RESENT)
    expect(page.locator(".live-queued")).to_have_text("1 entry is waiting to send.")
    expect(page.locator("#tally input[name=points]")).to_have_value("")  # emptied: it cannot go twice by hand


@pytest.mark.parametrize(("status", "said"), [(507, FULL)])
def test_a_full_server_is_said_and_the_entry_is_kept(new_phone, live_server, status: int,  # type: ignore[no-untyped-def]
                                                      said: str) -> None:
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    answered: list[int] = []

    def refuse(route: Route) -> None:
        answered.append(status)
        route.fulfill(status=status, headers={"Retry-After": "5"}, content_type="text/plain; charset=utf-8",
                      body=said)

    page.route("**/move", refuse)
    add(page, "Ben", "7")
    notice = page.locator("#server-notice")
    expect(notice).to_have_text(said)
    expect(notice).to_be_visible()
    assert answered == [status]
    expect(page.locator("#tally input[name=points]")).to_have_value("7")  # the entry is still in its form
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("0")

    page.unroute("**/move")
    page.click("#tally button[type=submit]")  # sent again once the server can: saved, the message goes
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("7")
    expect(notice).to_be_hidden()
