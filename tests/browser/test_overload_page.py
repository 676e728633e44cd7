"""The page's answer to a busy or full server, in Chromium at phone size: a 503 or
507 for an entry shows the server's message above the page, swaps nothing (the entry stays in its form), and a
later entry that is saved takes the message away. The server's side (when it answers so) is
tests/web/test_overload.py; here the answer is given to the page as the server gives it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Route, expect

from tests.browser.test_platform import add, start_table

pytestmark = pytest.mark.browser

BUSY = ("The server could not answer just now. What you entered is kept here: send it again in a few seconds (it is "
        "saved once, however often it is sent).")
FULL = "Not saved: the server's storage is full. What you entered is kept here; send it again once the server has space (tell whoever runs it)."


RESENT = ("The server could not answer, so this entry waits on this phone and is sent again by itself in a few "
          "seconds (it is saved once).")


@pytest.mark.parametrize("status", [503, 500, 502])
def test_a_busy_server_is_said_and_the_page_sends_the_entry_again_once(new_phone, live_server, status) -> None:  # type: ignore[no-untyped-def]
    """A 503 (or 429, or any answer that decided nothing: a 500, a proxy's 502) for an entry: the page says so,
    keeps the tap (with its key) and sends it again by itself after Retry-After; the form is emptied meanwhile, so
    the entry is not sent twice by hand. Saved once."""
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    answered: list[int] = []

    def refuse(route: Route) -> None:
        if answered:  # the next try finds the server able to answer
            route.continue_()
            return
        answered.append(status)
        route.fulfill(status=status, headers={"Retry-After": "1"}, content_type="text/plain; charset=utf-8",
                      body=BUSY)

    page.route("**/move", refuse)
    add(page, "Ben", "7")
    notice = page.locator("#server-notice")
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("7")  # sent again by the page, saved
    assert answered == [status]
    expect(notice).to_be_hidden()
    expect(page.locator(".live-queued")).to_be_hidden()
    expect(page.locator("ol.log li")).to_have_count(1)  # once
    expect(page.locator("ol.log li").first).to_contain_text("#1 Ben: +7")


def test_an_entry_saved_but_answered_500_is_sent_again_and_saved_once(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """The server saved the entry, then its answer failed (a database restart after the commit, as a real run
    met it): the page gets a 500 in place of the table. It sends the same tap again (its key): answered "saved", and
    the log holds the entry once, not twice."""
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    answered: list[int] = []

    def lose_the_answer(route: Route) -> None:
        if answered:
            route.continue_()
            return
        saved = route.fetch()  # the server has it (and wrote it)
        answered.append(saved.status)
        route.fulfill(status=500, content_type="text/plain; charset=utf-8", body="Internal Server Error")

    page.route("**/move", lose_the_answer)
    add(page, "Ben", "7")
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("7")
    expect(page.locator(".live-queued")).to_be_hidden()
    assert answered == [200]
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


def test_a_full_server_is_said_and_the_entry_waits_on_the_phone_until_there_is_space(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """507: the server's own words stay (whoever runs it must free space); the tap waits on the phone with its key
    and goes again by itself, and is saved once when the server has room again."""
    page = new_phone()
    start_table(page, live_server, "Aki", "Ben")
    answered: list[int] = []

    def refuse(route: Route) -> None:
        if len(answered) >= 2:  # space was freed
            route.continue_()
            return
        answered.append(507)
        route.fulfill(status=507, headers={"Retry-After": "1"}, content_type="text/plain; charset=utf-8", body=FULL)

    page.route("**/move", refuse)
    add(page, "Ben", "7")
    notice = page.locator("#server-notice")
    expect(notice).to_have_text(FULL)
    expect(notice).to_be_visible()
    expect(page.locator(".live-queued")).to_have_text("1 entry is waiting to send.")
    expect(page.locator('td.total[data-seat="1"]')).to_have_text("7")  # sent again by itself once there is space
    assert answered == [507, 507]
    expect(notice).to_be_hidden()
    expect(page.locator("ol.log li")).to_have_count(1)
