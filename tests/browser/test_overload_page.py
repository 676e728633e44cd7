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


@pytest.mark.parametrize(("status", "said"), [(503, BUSY), (507, FULL)])
def test_a_busy_or_full_server_is_said_and_the_entry_is_kept(new_phone, live_server, status: int,  # type: ignore[no-untyped-def]
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
