"""The dock (issue 35): on a phone (390 × 844 in English, 360 × 740 in Japanese) scrolled down to its entry, the
news (another phone's entry, an undo, offline, waiting to send, back online) and Undo are inside the viewport,
and what was said stays until the next change. The table is made long on purpose (a tall spacer above the
table, as the longest game pages are) so that nothing passes by being near the top.

Every game's table page: Undo and whose turn are on the screen at both sizes, wherever the page is scrolled,
light and dark; with JavaScript off the dock is the end of the page and still works."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, shot
from tests.browser.test_live import phone, streaming, total
from tests.browser.test_platform import add, start_table
from tests.browser.test_walk import serve_tables

pytestmark = pytest.mark.browser

SIZES = {"en": {"width": 390, "height": 844}, "ja": {"width": 360, "height": 740}}
LOCALE = {"en": "en-US", "ja": "ja-JP"}

# A long table above the entry (as Planeta Rica's 6,000 px page was): a tall first box inside #live (a style, so
# every new version swapped in has it too), and the phone scrolled to its entry form.
LONG_PAGE = """() => {
  const style = document.createElement('style');
  style.textContent = '#live::before { content: ""; display: block; height: 3000px; }';
  document.head.appendChild(style);
  document.querySelector('#live [data-entry-now]').scrollIntoView({block: 'center'});
}"""

IN_VIEW = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height, inner: window.innerHeight};
}"""


def in_view(page: Page, selector: str) -> None:
    box = page.evaluate(IN_VIEW, selector)
    assert box is not None, f"no {selector}"
    assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= box["inner"], f"{selector} at {box}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_news_and_undo_are_in_view_of_a_phone_at_its_entry(new_phone, live_server, lang: str) -> None:  # type: ignore[no-untyped-def]
    first = phone(new_phone, LOCALE[lang])
    second = phone(new_phone, LOCALE[lang])
    for page in (first, second):
        page.set_viewport_size(SIZES[lang])
    url = start_table(second, live_server, "Aki", "Ben")
    first.goto(url)
    for page in (first, second):
        streaming(page)
    first.evaluate(LONG_PAGE)
    start = first.evaluate("window.scrollY")
    in_view(first, "#dock .undo")
    # another phone's entry: announced in the dock, in view, and it stays (no timer takes it away)
    add(second, "Ben", "7")
    expect(total(first, 1)).to_have_text("7")
    expect(first.locator("#dock .live-said")).to_have_text("Ben: +7")
    in_view(first, "#dock .live-said")
    assert abs(first.evaluate("window.scrollY") - start) < 400  # the phone was not thrown to the top
    first.wait_for_timeout(9000)  # longer than announcements used to last (8 s): a player looking away
    expect(first.locator("#dock .live-said")).to_have_text("Ben: +7")
    shot(first, f"dock-news-{lang}")
    # this phone's own entry: Undo in view, naming it
    add(first, "Aki", "3")
    expect(total(second, 0)).to_have_text("3")
    in_view(first, "#dock .undo")
    expect(first.locator("#dock .undo")).to_contain_text("Aki: +3")
    # an undo from the other phone: announced in view
    second.locator("#dock button.undo").click()
    second.locator("#dock .confirm-undo button").click()  # another phone's entry: asked once, in the dock
    expect(total(first, 0)).to_have_text("0")
    expect(first.locator("#dock .live-said")).to_contain_text("Aki: +3")
    in_view(first, "#dock .live-said")
    # offline, a tap waiting to send, back online: each in view
    first.context.set_offline(True)
    expect(first.locator(".live-offline")).to_be_visible()
    in_view(first, "#dock .live-offline")
    add(first, "Aki", "2")
    in_view(first, "#dock .live-queued")
    shot(first, f"dock-offline-{lang}")
    first.context.set_offline(False)
    expect(total(second, 0)).to_have_text("2")
    expect(first.locator(".live-queued")).to_be_hidden()
    expect(first.locator(".live-offline")).to_be_hidden()
    in_view(first, "#dock .undo")


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    yield from serve_tables(tmp_path_factory)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_games_dock_is_on_the_screen_wherever_the_page_is(browser, tables, lang: str) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    (ARTIFACTS / "dock").mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        context = browser.new_context(locale=LOCALE[lang], color_scheme=scheme,
                                      **{**PHONE, "viewport": SIZES[lang]})
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        try:
            for slug, url in sorted(made.items()):
                page.goto(base + url)
                page.wait_for_load_state("load")
                for where in ("0", "document.scrollingElement.scrollHeight / 2",
                              "document.scrollingElement.scrollHeight"):
                    page.evaluate(f"window.scrollTo(0, {where})")
                    in_view(page, "#dock .undo")
                    in_view(page, "#dock .dock-turn")
                page.evaluate("document.querySelector('[data-entry-now]')?.scrollIntoView({block: 'end'})")
                page.screenshot(path=str(ARTIFACTS / "dock" / f"{slug}-{lang}-{scheme}.png"))
                # the dock covers no more than a third of the screen
                height = page.evaluate("document.getElementById('dock').getBoundingClientRect().height")
                assert height <= SIZES[lang]["height"] / 3, f"{slug}: the dock is {height} px tall"
        finally:
            context.close()


def test_without_javascript_the_dock_ends_the_page_and_undo_works(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    url = start_table(page, live_server, "Aki", "Ben")
    page.goto(url)
    add(page, "Ben", "4")
    expect(total(page, 1)).to_have_text("4")
    order = page.evaluate("""() => {
      const live = document.getElementById('live');
      return [...live.children].map(e => e.id || e.className);
    }""")
    assert order[-1] == "dock", order
    page.locator("#dock button.undo").click()
    expect(total(page, 1)).to_have_text("0")
