"""The table at a glance: on every game's table page at phone size (390 × 844), in English
and Japanese, whose turn it is, the game's state and the main action are on the first screen; sharing, the PDF,
the rules and the group sit in one compact menu (a <details>, so it works with JavaScript off); Undo says what
it will undo (the newest history line) and is on the screen, in the dock at its bottom (issue 35).

At 360 × 740 too: whose turn (in the top 45 %) and the main action on the first screen, and no sideways scroll.
The test prints, per game, language and width, how many pixels come before "whose turn" (~570 of 844 were measured
once, with whose turn below the fold on a small phone) and keeps a screenshot of each first screen in
test-artifacts/at-a-glance/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS
from tests.browser.test_walk import serve_tables

pytestmark = pytest.mark.browser

GLANCE = ARTIFACTS / "at-a-glance"
HEIGHT = PHONE["viewport"]["height"]  # type: ignore[index]
NARROW = {"width": 360, "height": 740}  # a small phone players use
ZONE = {"en": "America/New_York", "ja": "Asia/Tokyo"}  # each phone's own clock
# The line that says whose turn it is (or, before play, what to do first), per game.
TURN = {
    "strato-sphere": ".ss-status, .ss-ending",
    "lumiere": ".lp-turn, .lp-now",
    "sister-combination": ".sc-turn",
    "planeta-rica": ".pr-turn, .pr-now",
    "planetary-sisters": "#ps-turn h2",
}
# The game's state drawn (ring, field, seats with their hands, market, the ring of sisters' cards).
STATE = {
    "strato-sphere": ".ss-ring, svg",
    "lumiere": ".lp-board, .lp-cardpick",  # the field, or in the effect phase the cards left to pick from
    "sister-combination": ".sc-seats, .sc-field",
    "planeta-rica": ".pr-slotrow, .pr-market",
    "planetary-sisters": "#ps-turn",
}
# The main action: the entry's primary button, or where the game is entered by tapping (Lumière's field).
MAIN = {slug: "#live button.primary, #live .button.primary" for slug in TURN}
MAIN["lumiere"] = ".lp-board.tappable button, .lp-cardpick button"
MAIN["sister-combination"] = ".sc-play label, .sc-play button"  # the card as it lands: tap its sister
MAIN["planetary-sisters"] = "#live button.primary, #ps-turn button.take"  # a turn ends on the field card taken


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    yield from serve_tables(tmp_path_factory)


MEASURE = """([turn, state, main]) => {
  const top = sel => { const tops = [...document.querySelectorAll(sel)].map(e => e.getBoundingClientRect())
      .filter(r => r.height > 0).map(r => r.top); return tops.length ? Math.min(...tops) : null; };
  const undo = document.querySelector('.undo-redo button.undo');
  const history = document.querySelector('.history ol.log li:not(.undone)');
  const forms = [...document.querySelectorAll('#live form')].filter(f => !f.closest('.undo-redo, .confirm-undo, #table-menu')
      && f.getBoundingClientRect().height > 0 && f.querySelector('button[type=submit], button:not([type])'));
  const primary = [...document.querySelectorAll(main)]
      .filter(b => b.getBoundingClientRect().height > 0 && !b.closest('.undo-redo, details:not([open])'));
  return {
    turn: top(turn), state: top(state), scroll: document.scrollingElement.scrollWidth,
    undo: undo ? {top: undo.getBoundingClientRect().top, bottom: undo.getBoundingClientRect().bottom,
                  text: undo.innerText.trim()} : null,
    newest: history ? history.innerText.replace(/^#\\d+\\s*/, '').trim() : null,
    firstForm: forms.length ? Math.min(...forms.map(f => f.getBoundingClientRect().top)) : null,
    primary: primary.length ? Math.min(...primary.map(b => b.getBoundingClientRect().top)) : null,
    menu: !!document.querySelector('details#table-menu'),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_first_screen_is_the_game(browser, tables, lang: str) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    GLANCE.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], timezone_id=ZONE[lang], **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    faults: list[str] = []
    try:
        for slug in TURN:
            page.goto(base + made[slug])
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, [TURN[slug], STATE[slug], MAIN[slug]])
            page.screenshot(path=str(GLANCE / f"{slug}-{lang}-390.png"))
            print(f"{slug} {lang}: {found['turn']} px above whose turn; state at {found['state']}, "
                  f"main action at {found['primary']}, undo at {found['undo'] and found['undo']['top']}")
            if found["turn"] is None or found["turn"] > HEIGHT * 0.4:
                faults.append(f"{slug} {lang}: whose turn at {found['turn']} px (below the top 40 % of the screen)")
            if found["state"] is None or found["state"] > HEIGHT:
                faults.append(f"{slug} {lang}: the game's state starts at {found['state']} px, off the first screen")
            if found["primary"] is None or found["primary"] > HEIGHT:
                faults.append(f"{slug} {lang}: the main action at {found['primary']} px, off the first screen")
            if not found["menu"]:
                faults.append(f"{slug} {lang}: no table menu (share, PDF, rules, group)")
            undo = found["undo"]
            if undo is None:
                faults.append(f"{slug} {lang}: no Undo button")
            else:
                if undo["top"] < 0 or undo["bottom"] > HEIGHT:  # in the dock, at the bottom of the screen (issue 35)
                    faults.append(f"{slug} {lang}: Undo at {undo['top']}–{undo['bottom']} px, off the screen")
                if found["newest"] and found["newest"][:12] not in undo["text"]:
                    faults.append(f"{slug} {lang}: Undo says {undo['text']!r}, not the newest line {found['newest']!r}")
            if found["scroll"] > PHONE["viewport"]["width"]:  # type: ignore[index]
                faults.append(f"{slug} {lang}: the page scrolls sideways ({found['scroll']} px)")
            # the score summary link carries the phone's time zone (times printed as its player reads them)
            summary = page.locator("#table-menu a[data-tz]").first.get_attribute("href") or ""
            if f"tz={ZONE[lang].replace('/', '%2F')}" not in summary:
                faults.append(f"{slug} {lang}: the summary link {summary!r} does not carry the phone's zone")
        # the narrow phone (360 × 740): whose turn and the main action still on the first screen, nothing sideways
        page.set_viewport_size(NARROW)
        for slug in TURN:
            page.goto(base + made[slug])
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, [TURN[slug], STATE[slug], MAIN[slug]])
            page.screenshot(path=str(GLANCE / f"{slug}-{lang}-360.png"))
            print(f"{slug} {lang} at 360: {found['turn']} px above whose turn; main action at {found['primary']}")
            if found["turn"] is None or found["turn"] > NARROW["height"] * 0.45:
                faults.append(f"{slug} {lang} at 360: whose turn at {found['turn']} px (below the top 45 % of the screen)")
            if found["primary"] is None or found["primary"] > NARROW["height"]:
                faults.append(f"{slug} {lang} at 360: the main action at {found['primary']} px, off the first screen")
            if found["scroll"] > NARROW["width"]:
                faults.append(f"{slug} {lang} at 360: the page scrolls sideways ({found['scroll']} px)")
    finally:
        context.close()
    assert faults == [], "\n".join(faults)


def test_the_menu_works_without_javascript(browser, tables) -> None:  # type: ignore[no-untyped-def]
    """The menu is a <details>: with JavaScript off a tap opens it and shows the share link and the PDF."""
    base, made = tables
    context = browser.new_context(locale="en-US", java_script_enabled=False, **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(base + made["sister-combination"])
        menu = page.locator("details#table-menu")
        assert not menu.locator("#play-link").is_visible()
        menu.locator("> summary").click()
        menu.locator("#share > summary").click()
        assert menu.locator("#play-link").is_visible()
        assert menu.get_by_text("Score summary (PDF)").is_visible()
        assert menu.get_by_text("The whole rules").count() == 1
    finally:
        context.close()
