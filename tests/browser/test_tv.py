"""The watch link as a TV scoreboard: on a wide landscape screen (1280 × 720, the
`(min-width: 1024px) and (orientation: landscape)` query of static/css/parts/tv.css) every game's watch page is
readable from across the room: seat names of at least 28 px, whose turn in big type, the game's state and the
last few entries, nothing that writes to the table, no sideways scroll; and an entry made on a phone through the
players' link reaches the TV by the live stream without a reload. Screenshots in test-artifacts/tv/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, serve
from tests.browser.test_at_a_glance import STATE, TURN
from tests.browser.test_walk import _tables
from tests.web.apps import Phone

pytestmark = pytest.mark.browser

TV_DIR = ARTIFACTS / "tv"
TV = {"viewport": {"width": 1280, "height": 720}}
LOCALES = {"en": "en-US", "ja": "ja-JP"}
# Whose turn: the play page's lines, and on a Planetary Sisters watch page (no entry form) its own line.
TURN = {**TURN, "planetary-sisters": "#ps-turn h2, .ps-to-move"}
STATE = {**STATE, "planetary-sisters": ".ps-field, .ps-seats"}


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, tuple[str, str]]]]:
    """Per game: (players' link, watch link)."""
    made: dict[str, tuple[str, str]] = {}

    def prepare(app: Flask) -> None:
        phone = Phone(app.test_client())
        for slug, play in _tables(app, phone).items():
            html = phone.get(play).get_data(as_text=True)
            found = re.search(r'id="watch-link" readonly value="[^"]*?(/w/[^"]+)"', html)
            assert found, slug
            made[slug] = (play, found.group(1))

    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield base, made


MEASURE = """([turn, state]) => {
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const seats = [...document.querySelectorAll('#live > .seats .seat')].filter(shown);
  const turns = [...document.querySelectorAll(turn)].filter(shown);
  const states = [...document.querySelectorAll(state)].filter(shown);
  // What could write: a form that posts, anywhere but the language switch (the rules search is a GET).
  const writes = [...document.querySelectorAll('form')]
      .filter(f => !f.classList.contains('lang') && ((f.getAttribute('method') || '').toLowerCase() === 'post' || f.hasAttribute('hx-post')))
      .map(f => f.getAttribute('action') || f.getAttribute('hx-post') || '(form)');
  const lines = [...document.querySelectorAll('.history ol.log li')].filter(shown);
  return {
    seatSizes: seats.map(e => parseFloat(getComputedStyle(e).fontSize)),
    seatNames: seats.map(e => e.innerText.trim()),
    scores: seats.map(e => { const b = e.querySelector('.seat-score');
      return b ? {text: b.innerText.trim(), size: parseFloat(getComputedStyle(b).fontSize)} : null; }),
    turn: turns.length ? {size: parseFloat(getComputedStyle(turns[0]).fontSize), top: turns[0].getBoundingClientRect().top,
                          text: turns[0].innerText.trim()} : null,
    state: states.length ? states[0].getBoundingClientRect() : null,
    writes, lines: lines.length,
    scroll: document.scrollingElement.scrollWidth, width: window.innerWidth,
    watch: document.documentElement.classList.contains('watch'),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_watch_page_is_a_scoreboard_on_a_tv(browser, tables, lang: str) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    TV_DIR.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale=LOCALES[lang], **TV)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    faults: list[str] = []
    try:
        for slug in TURN:
            page.goto(base + made[slug][1])
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, [TURN[slug], STATE[slug]])
            page.screenshot(path=str(TV_DIR / f"{slug}-{lang}-1280.png"))
            where = f"{slug} {lang}"
            if not found["watch"]:
                faults.append(f"{where}: the page is not marked as a watch page")
            if not found["seatSizes"] or min(found["seatSizes"]) < 28:
                faults.append(f"{where}: seat names at {found['seatSizes']} px (under 28 px)")
            if any(sc is None or sc["size"] < 24 for sc in found["scores"]):
                faults.append(f"{where}: a seat without its standing in big type: {found['scores']}")
            if found["turn"] is None or found["turn"]["size"] < 28 or found["turn"]["top"] > 720:
                faults.append(f"{where}: whose turn not in big type on the screen: {found['turn']}")
            if found["state"] is None or found["state"]["top"] > 720 or found["state"]["width"] < 400:
                faults.append(f"{where}: the game's state not drawn large on the screen: {found['state']}")
            if found["writes"]:
                faults.append(f"{where}: forms that could write: {found['writes']}")
            if page.locator("#live button:visible").count():
                faults.append(f"{where}: buttons on the scoreboard: {page.locator('#live button:visible').all_inner_texts()}")
            if not 1 <= found["lines"] <= 5:
                faults.append(f"{where}: {found['lines']} history lines shown (the last few, at most 5)")
            if found["scroll"] > found["width"]:
                faults.append(f"{where}: the page scrolls sideways ({found['scroll']} px)")
        # The standings are the game's own (its score summary's words): Strato-Sphere counts nodes held.
        page.goto(base + made["strato-sphere"][1])
        standings = page.locator("#live > .seats .seat-score").all_inner_texts()
        if lang == "en" and standings != ["1 node", "0 nodes"]:
            faults.append(f"strato-sphere en: standings {standings}, not ['1 node', '0 nodes']")
        # The same page on a phone stays the phone's page: the scoreboard is the wide screen's alone.
        page.set_viewport_size(PHONE["viewport"])  # type: ignore[arg-type]
        page.goto(base + made["strato-sphere"][1])
        small = page.evaluate(MEASURE, [TURN["strato-sphere"], STATE["strato-sphere"]])
        if max(small["seatSizes"]) >= 28:
            faults.append(f"phone {lang}: seat names at {small['seatSizes']} px on a phone")
    finally:
        context.close()
    assert faults == [], "\n".join(faults)


def test_an_entry_on_a_phone_reaches_the_tv_without_a_reload(browser, tables) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    play, watch = made["strato-sphere"]
    tv_context = browser.new_context(locale="en-US", **TV)
    phone_context = browser.new_context(locale="en-US", **PHONE)
    try:
        tv = tv_context.new_page()
        tv.set_default_timeout(WAIT_MS)
        tv.route("**/poll*", lambda route: route.abort())  # what the TV learns, it learns by the stream
        tv.goto(base + watch)
        expect(tv.locator("html")).to_have_attribute("data-live", "open")
        tv.evaluate("window.__notReloaded = true")
        before = tv.locator(".history ol.log li").first.inner_text()
        phone = phone_context.new_page()
        phone.set_default_timeout(WAIT_MS)
        phone.goto(base + play)
        phone.locator("#live form.ss-move.legal button.primary").first.click()
        newest = phone.locator(".history ol.log li").first
        expect(newest).not_to_have_text(before)
        entry = re.sub(r"^#\d+\s*", "", newest.inner_text().strip()).splitlines()[0]
        expect(tv.locator(".history ol.log li").first).to_contain_text(entry)
        assert tv.evaluate("window.__notReloaded === true")
        size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('#live > .seats .seat')).fontSize)")
        assert size >= 28, f"after the swap the seat names are {size} px"
        tv.screenshot(path=str(TV_DIR / "strato-sphere-after-entry-en-1280.png"))
    finally:
        tv_context.close()
        phone_context.close()


# A TV across the room: the whole watch page on one screen, at full HD and at 720p. Seat names at least 40 px at
# 1080 px tall, scaled with the screen's height below that (40 × 720 / 1080 ≈ 27 px at 720p).
SCREENS = [(1920, 1080), (1280, 720)]
ONE_SCREEN = """([turn]) => {
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const box = e => { if (!e) return null; const r = e.getBoundingClientRect();
    return {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right)}; };
  const seats = [...document.querySelectorAll('#live > .seats .seat-name, #live > .seats .seat:not(:has(.seat-name))')].filter(shown);
  const root = document.documentElement;
  return {
    height: root.scrollHeight, width: root.scrollWidth, vh: window.innerHeight, vw: window.innerWidth,
    seatSizes: seats.map(e => parseFloat(getComputedStyle(e).fontSize)),
    seats: seats.map(box),
    turn: box([...document.querySelectorAll(turn)].filter(shown)[0]),
    newest: box(document.querySelector('.history ol.log li:first-child')),
    parts: [...document.querySelectorAll('#live > *')].filter(shown).map(e => `${e.tagName}.${e.className} ${box(e).top}-${box(e).bottom}`),
  };
}"""


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_every_watch_page_fits_one_tv_screen(browser, tables, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    TV_DIR.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale="en-US", viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    faults: list[str] = []
    least = 40 * height / 1080
    try:
        for slug in TURN:
            page.goto(base + made[slug][1])
            page.wait_for_load_state("load")
            found = page.evaluate(ONE_SCREEN, [TURN[slug]])
            page.screenshot(path=str(TV_DIR / f"{slug}-en-{width}.png"), full_page=True)
            where = f"{slug} {width}×{height}"
            if found["height"] > height or found["width"] > width:
                faults.append(f"{where}: the page is {found['width']} × {found['height']} px: {found['parts']}")
            if not found["seatSizes"] or min(found["seatSizes"]) < least:
                faults.append(f"{where}: seat names at {found['seatSizes']} px (under {least:.1f} px)")
            if any(s["bottom"] > height or s["right"] > width for s in found["seats"]):
                faults.append(f"{where}: a seat name off the screen: {found['seats']}")
            for what in ("turn", "newest"):
                spot = found[what]
                if spot is None or spot["top"] < 0 or spot["bottom"] > height or spot["right"] > width:
                    faults.append(f"{where}: {what} not on the screen: {spot}")
    finally:
        context.close()
    assert faults == [], "\n".join(faults)
