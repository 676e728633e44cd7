"""The live table as players see it: three phones (390 × 844, Chromium) on one table, served as
`make run` serves (gunicorn, gevent, 2 worker processes; PostgreSQL when TEST_DATABASE_URL is set).

Each phone's polling (the fallback) is blocked, so whatever reaches it came by the stream. Nothing waits a fixed
time: each step waits for what a player waits for (a total, a notice), within the suite's generous limit."""

from __future__ import annotations

import json
import os
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from tests.browser.fixtures import MAKE_RUN, WAIT_MS, serve, shot
from tests.browser.test_platform import add, start_table

pytestmark = pytest.mark.browser

OFFLINE = "Offline: reconnecting."
WAITING_ONE = "1 entry is waiting to send."

# Every announcement a page showed, in order (it shows for a few seconds only; a busy machine must not make the
# test miss one): recorded as it is put on the screen.
RECORD_SAID = """
new MutationObserver(() => {
  const box = document.querySelector('.live-said');
  const text = box && box.textContent;
  window.__said = window.__said || [];
  if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app", server_args=[*MAKE_RUN, "--workers", "2"])


def phone(new_phone, lang: str = "en-US") -> Page:  # type: ignore[no-untyped-def]
    """A phone whose poll never gets through: what it learns, it learns from the stream."""
    page = new_phone(lang)
    page.route("**/poll*", lambda route: route.abort())
    page.add_init_script(RECORD_SAID)
    return page


def total(page: Page, seat: int):  # type: ignore[no-untyped-def]
    return page.locator(f'td.total[data-seat="{seat}"]')


def log_lines(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("ol.log li").all_inner_texts()]


def said(page: Page) -> list[str]:
    return list(page.evaluate("window.__said || []"))


def streaming(page: Page) -> None:
    """Wait until the page's stream is open (the live script marks it), as a player waits for a fresh table."""
    expect(page.locator("html")).to_have_attribute("data-live", "open")


def test_entries_reach_every_phone_by_the_stream_and_are_announced_by_seat(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    first, second, third = phone(new_phone), phone(new_phone), phone(new_phone, "ja-JP")
    url = start_table(first, server, "Aki", "Ben")
    for page in (second, third):
        page.goto(url)
    for page in (first, second, third):
        streaming(page)
    add(first, "Ben", "7")
    for page in (first, second, third):
        expect(total(page, 1)).to_have_text("7")
        expect(page.locator("ol.log li").first).to_contain_text("Ben: +7")
    # The others are told who did what; the phone that entered it is not told its own entry.
    assert "Ben: +7" in said(second) and "Ben: +7" in said(third)
    assert said(first) == []
    expect(third.locator(".live-said")).to_have_text("Ben: +7")
    shot(third, "live-announced-ja")
    expect(second.locator(".live-said")).to_have_text("Ben: +7")
    shot(second, "live-announced-en")
    add(third, "Aki", "3")
    for page in (first, second):
        expect(total(page, 0)).to_have_text("3")
    assert "Aki: +3" in said(first) and "Aki: +3" in said(second)



# A copy of the table's entry form that htmx has not taken over, sent as a plain form (as a form of the fragment
# without hx-* attributes is): it carries the fragment's empty token and key until the page's script fills them.
PLAIN_SUBMIT = """([seat, points]) => {
  const form = document.querySelector('#live form[action$="/move"]').cloneNode(true);
  form.removeAttribute('hx-post');
  form.querySelector('[name="seat"]').value = seat;
  form.querySelector('[name="points"]').value = points;
  document.body.appendChild(form);
  const sent = [form.querySelector('[name="csrf_token"]').value, form.querySelector('[name="entry_key"]').value];
  form.requestSubmit();
  return sent;
}"""


def test_a_plain_form_of_a_streamed_fragment_is_sent_with_this_pages_token(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    """The fragment a stream brings is the same for every phone, so it holds no phone's token or tap key; the page
    fills in its own as a form goes out, and the entry is saved."""
    first, second = phone(new_phone), phone(new_phone)
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    for page in (first, second):
        streaming(page)
    add(first, "Ben", "7")
    expect(total(second, 1)).to_have_text("7")  # the stream swapped the fragment in
    assert second.evaluate("document.querySelector('#live [name=\"csrf_token\"]').value") == ""
    sent = second.evaluate(PLAIN_SUBMIT, ["0", "4"])
    assert sent == ["", ""]  # empty in the fragment as sent
    expect(total(second, 0)).to_have_text("4")  # filled as it went out: saved, not refused for its token
    expect(total(first, 0)).to_have_text("4")


def test_a_tap_made_offline_waits_survives_a_reload_and_is_sent_once(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    first, second = phone(new_phone), phone(new_phone)
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    streaming(first)
    streaming(second)
    first.context.set_offline(True)
    expect(first.locator(".live-offline")).to_be_visible()
    expect(first.locator(".live-offline")).to_contain_text(OFFLINE)
    expect(first.locator("html")).to_have_class(re.compile(r"\blive-stale\b"))
    add(first, "Aki", "4")
    expect(first.locator(".live-queued")).to_have_text(WAITING_ONE)
    shot(first, "live-offline-queued-en")
    # Back online, but the server still unreachable (a phone reloading on a bad signal): the tap is still kept.
    first.route("**/events*", lambda route: route.abort())
    first.route("**/move", lambda route: route.abort())
    first.context.set_offline(False)
    first.reload()
    expect(first.locator(".live-queued")).to_have_text(WAITING_ONE)
    expect(first.locator(".live-offline")).to_be_visible()
    expect(total(second, 0)).to_have_text("0")
    # The connection comes back: the tap goes once, every phone has it, the notices clear.
    first.unroute("**/move")
    first.unroute("**/events*")
    expect(total(first, 0)).to_have_text("4")
    expect(total(second, 0)).to_have_text("4")
    expect(first.locator(".live-queued")).to_be_hidden()
    expect(first.locator(".live-offline")).to_be_hidden()
    expect(first.locator("html")).not_to_have_class(re.compile(r"\blive-stale\b"))
    first.reload()
    expect(total(first, 0)).to_have_text("4")
    lines = log_lines(first)
    assert len(lines) == 1 and lines[0].startswith("#1 Aki: +4"), lines  # sent once, saved once


def test_a_tap_whose_answer_was_lost_is_sent_again_and_written_once(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    first, second = phone(new_phone), phone(new_phone)
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    streaming(first)
    lost: list[str] = []

    def save_then_drop(route) -> None:  # type: ignore[no-untyped-def]
        # The server gets the tap and saves it; the answer never reaches the phone (a dropped connection).
        if not lost:
            lost.append(route.request.post_data or "")
            route.fetch()
            route.abort()
        else:
            route.continue_()

    first.route("**/move", save_then_drop)
    add(first, "Ben", "5")
    expect(total(second, 1)).to_have_text("5")
    expect(total(first, 1)).to_have_text("5")
    expect(first.locator(".live-queued")).to_be_hidden()
    assert lost and "entry_key=" in lost[0]
    second.reload()
    expect(total(second, 1)).to_have_text("5")
    lines = log_lines(second)
    assert len(lines) == 1 and lines[0].startswith("#1 Ben: +5"), lines  # sent twice with one key: written once


def test_the_stale_notice_shows_while_the_stream_is_lost_and_clears_with_the_news(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    first, second = phone(new_phone), phone(new_phone, "ja-JP")
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    streaming(second)
    second.context.set_offline(True)
    expect(second.locator(".live-offline")).to_be_visible()
    expect(second.locator(".live-offline")).to_contain_text("オフライン")
    shot(second, "live-offline-ja")
    add(first, "Aki", "2")
    expect(total(first, 0)).to_have_text("2")
    expect(total(second, 0)).to_have_text("0")  # it cannot know yet, and says so
    second.context.set_offline(False)
    expect(total(second, 0)).to_have_text("2")
    expect(second.locator(".live-offline")).to_be_hidden()
    expect(second.locator(".live-caught-up")).to_be_visible()
    expect(second.locator(".live-caught-up")).to_contain_text("Aki: +2")
    shot(second, "live-caught-up-ja")


def test_the_stream_survives_a_worker_restart(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    first, second = phone(new_phone), phone(new_phone)
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    streaming(second)
    streams: list[str] = []
    second.on("request", lambda request: streams.append(request.url) if "/events" in request.url else None)
    for pid in workers_of(server):
        os.kill(pid, signal.SIGTERM)  # gunicorn starts a new worker in its place
    # The stream of the stopped worker ends; the page opens a new one (on a new worker) by itself.
    expect(second.locator("html")).to_have_attribute("data-live", "lost")
    streaming(second)
    assert streams, "the page never opened its stream again"
    add(first, "Ben", "9")
    expect(total(second, 1)).to_have_text("9")
    expect(second.locator(".live-offline")).to_be_hidden()


def test_a_half_tapped_entry_survives_a_reload_and_a_language_switch(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    page = phone(new_phone)
    start_table(page, server, "Aki", "Ben")
    streaming(page)
    page.select_option("#tally select[name=seat]", label="Ben")
    page.fill("#tally input[name=points]", "6")
    page.reload()
    expect(page.locator("#tally input[name=points]")).to_have_value("6")
    expect(page.locator("#tally select[name=seat] option:checked")).to_have_text("Ben")
    page.click("button[name=lang][value=ja]")
    expect(page.locator("button[name=lang][value=ja]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tally input[name=points]")).to_have_value("6")
    expect(page.locator("#tally select[name=seat] option:checked")).to_have_text("Ben")
    page.click("#tally button[type=submit]")
    expect(total(page, 1)).to_have_text("6")
    page.reload()
    streaming(page)  # the page's script has run (it would have put a draft back by now)
    expect(page.locator("#tally input[name=points]")).to_have_value("")  # sent: the draft is gone


def test_the_screen_on_toggle_is_there_where_the_browser_can_keep_the_screen_on(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    page = phone(new_phone)
    start_table(page, server, "Aki", "Ben")
    toggle = page.locator(".wake-toggle")
    if not page.evaluate("'wakeLock' in navigator"):
        expect(toggle).to_be_hidden()
        return
    expect(toggle).to_have_text("Keep the screen on")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_text("Screen stays on")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()  # remembered on this phone
    expect(toggle).to_have_text("Screen stays on")


# What the page's live state went through, in order (``data-live`` on <html>): the test reads when a stream
# opened, brought its event and ended.
RECORD_LIVE = """() => {
  window.__live = [];
  new MutationObserver(() => window.__live.push(document.documentElement.getAttribute('data-live')))
    .observe(document.documentElement, {attributes: true, attributeFilter: ['data-live']});
}"""


def test_an_older_version_heard_late_is_never_drawn_over_a_newer_one(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    """On a busy server a stream's event can arrive after this phone's own, newer answer: the page never steps
    back to it (a tap made there would be made on a table that is gone)."""
    page = phone(new_phone)
    start_table(page, server, "Aki", "Ben")
    streaming(page)
    add(page, "Aki", "2")
    expect(total(page, 0)).to_have_text("2")
    older = page.evaluate("document.getElementById('live').outerHTML")
    version = int(page.locator("#live").get_attribute("data-version") or "0")
    add(page, "Ben", "5")
    expect(total(page, 1)).to_have_text("5")
    late = json.dumps({"version": version, "html": older, "said": []})
    page.route("**/events*", lambda route: route.fulfill(
        status=200, headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"},
        body=f"retry: 600000\n\nid: {version}\nevent: table\ndata: {late}\n\n"))
    page.evaluate(RECORD_LIVE)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # a waking phone opens its stream again
    # the stream opened, told of the older version, and ended (its events come in that order)
    page.wait_for_function("() => window.__live.indexOf('lost', window.__live.indexOf('open')) > 0")
    expect(total(page, 1)).to_have_text("5")
    expect(page.locator("#live")).to_have_attribute("data-version", str(version + 1))


def test_a_newer_version_heard_while_an_entry_is_on_its_way_is_caught_up_to(new_phone, server) -> None:  # type: ignore[no-untyped-def]
    """Another phone's entry is streamed in while this phone's own answer is still on its way: once that (older)
    answer is drawn, the page catches up to the newer version at once, with nothing more to come on the stream."""
    first, second = phone(new_phone), phone(new_phone)
    url = start_table(first, server, "Aki", "Ben")
    second.goto(url)
    for page in (first, second):
        streaming(page)
    held: list[Route] = []
    first.route("**/move", lambda route: held.append(route))  # the answer is held back until the test lets it go
    add(first, "Aki", "3")
    deadline = time.monotonic() + WAIT_MS / 1000
    while not held:  # the route's handler runs while Playwright waits
        assert time.monotonic() < deadline, "the entry never went out"
        first.wait_for_timeout(50)
    answer = held[0].fetch()  # saved on the server now: version 1
    add(second, "Ben", "4")  # version 2, streamed to the first phone while its own answer is held
    # heard (the news says so) while the filled form is kept until the answer comes
    expect(first.locator(".live-said")).to_have_text("Ben: +4")
    expect(first.locator(".stale-banner")).to_be_visible()
    held[0].fulfill(response=answer)
    expect(total(first, 0)).to_have_text("3")
    expect(total(first, 1)).to_have_text("4")
    expect(first.locator("#live")).to_have_attribute("data-version", "2")


def workers_of(base: str) -> list[int]:
    """The worker processes of the gunicorn serving ``base`` (children of the process started with its port)."""
    bind = base.removeprefix("http://").encode()
    parents: dict[int, int] = {}
    serving: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        parents[int(entry.name)] = ppid
        if bind in cmdline:
            serving.append(int(entry.name))
    found = [pid for pid in serving if parents.get(pid) in serving]
    assert found, f"no gunicorn worker serving {base}"
    return found
