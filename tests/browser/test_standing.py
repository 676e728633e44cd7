"""Where each player stands, as a player sees it: on every game's watch page at phone size,
in English and Japanese, the standing has one line per seat (or, for a Planetary Sisters game of 3 during play,
where every card that scores is in a hidden hand, the one line that says so), fits the width (no sideways scroll)
and is kept as a screenshot in test-artifacts/standing/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS
from tests.browser.test_walk import serve_tables

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "standing"
# test_walk's tables: one line per seat; Planetary Sisters' 3 seats mid-game: no line per seat, one note (§2)
PLAYERS = {"strato-sphere": 2, "lumiere": 4, "sister-combination": 3, "planetary-sisters": 0}
GAMES = ("strato-sphere", "lumiere", "sister-combination", "planetary-sisters")  # Planeta Rica: on its seat cards


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    yield from serve_tables(tmp_path_factory)


MEASURE = """() => { const box = document.querySelector('.standing');
  if (!box) return null; box.scrollIntoView({block: 'center'});
  const rows = [...box.querySelectorAll('li')].filter(li => li.getBoundingClientRect().height > 0);
  const r = box.getBoundingClientRect();
  const note = box.querySelector('p.hint');
  return {rows: rows.map(li => li.innerText.replace(/\\s+/g, ' ').trim()), right: r.right,
          note: note ? note.innerText.trim() : '', scroll: document.scrollingElement.scrollWidth}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_standing_on_every_watch_page(browser, tables, lang: str) -> None:  # type: ignore[no-untyped-def]
    base, made = tables
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    faults: list[str] = []
    try:
        for slug in GAMES:
            page.goto(base + made[slug])
            watch = page.locator("#watch-link").get_attribute("value") or ""
            page.goto(watch)
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE)
            page.screenshot(path=str(SHOTS / f"{slug}-{lang}.png"))
            print(slug, lang, found and found["rows"])
            if found is None or len(found["rows"]) != PLAYERS[slug]:
                faults.append(f"{slug} {lang}: the standing shows {found and found['rows']}, not one line per seat")
                continue
            if not PLAYERS[slug] and "§2" not in found["note"]:
                faults.append(f"{slug} {lang}: no line saying why there is no score yet: {found['note']!r}")
            if found["scroll"] > PHONE["viewport"]["width"] or found["right"] > PHONE["viewport"]["width"]:  # type: ignore[index]
                faults.append(f"{slug} {lang}: the standing is wider than the phone ({found['right']} px)")
    finally:
        context.close()
    assert faults == [], "\n".join(faults)
