"""The walk: every page of every game at phone size (390 × 844), JavaScript on and off, in Japanese and
English, as a player would open it: home, a new table of each game, each game's table page with a few entries
(one seat named with 40 characters), the table as it was a step back, its history and watch pages, the
dispute, check and score pages with an answer, the print page, the profile pages and the import page (also sent
with no file). Each page is kept as a screenshot in test-artifacts/walk/ and checked for what a phone shows
badly: sideways scrolling, an element past the screen's edge, text cut off (a tab's name), a tap target under 44 × 44 px (inline text
links in a sentence aside), and on an English page a Japanese section name (§プレイの準備).

The tables are written before the server starts (through the same forms a phone sends, with the test client),
so the walk itself only reads; one Chromium, one context per language and JavaScript setting."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import Flask

from companion.profiles import store as profile_store
from companion.profiles.refs import ProfileRef
from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, serve
from tests.web.apps import Phone

pytestmark = pytest.mark.browser

WALK = ARTIFACTS / "walk"
LONG_NAME = "Wolfeschlegelsteinhausenbergerdorffvoral"  # 40 characters and no space to break at
assert len(LONG_NAME) == 40
WIDTH = PHONE["viewport"]["width"]  # type: ignore[index]


@dataclass
class Site:
    base: str
    pages: list[tuple[str, str]] = field(default_factory=list)  # (name, path)


def _play(phone: Phone, url: str, *entries: dict[str, str]) -> None:
    """Entries sent as a phone's forms; each must be saved."""
    from tests.web.helpers import version_of

    for entry in entries:
        html = phone.get(url).get_data(as_text=True)
        response = phone.post(f"{url}/move", {"version": str(version_of(html)), **entry})
        assert response.status_code == 303, (entry, response.get_data(as_text=True)[:800])


def _new(phone: Phone, slug: str, names: tuple[str, ...], profile: str = "") -> str:
    data = {f"seat{i}": n for i, n in enumerate(names)}
    if profile:
        data["profile_link"] = profile
    response = phone.post(f"/new/{slug}", data)
    assert response.status_code == 303, response.get_data(as_text=True)[:800]
    return str(response.headers["Location"])


def _tables(app: Flask, phone: Phone) -> dict[str, str]:
    """One table of each game with a few entries, seat 1 named with 40 characters; game slug -> play path."""
    from tests.games.planeta_rica.support import TEST_PROFILE
    from tests.games.planetary_sisters.support import complete_profile

    with app.app_context():
        pr_profile = str(ProfileRef.user(profile_store.create_profile("planeta-rica", TEST_PROFILE, "walk").token))
        ps_profile = profile_store.create_profile("planetary-sisters", complete_profile(), "walk").token
    tables = {}
    url = _new(phone, "strato-sphere", (LONG_NAME, "Ben"))
    _play(phone, url, {"type": "dealer", "seat": "1"}, {"type": "reveal", "node": "0", "rank": "K", "suit": "S"},
          {"type": "draw"}, {"type": "place", "node": "1"})
    tables["strato-sphere"] = url
    url = _new(phone, "lumiere", (LONG_NAME, "Ben", "Chie", "Dai"))
    _play(phone, url, {"kind": "first", "seat": "0"},
          *({"kind": "opening", "cell": cell} for cell in ("r1c0", "r1c1", "r3c3", "r0c3")))
    tables["lumiere"] = url
    url = _new(phone, "sister-combination", (LONG_NAME, "Ben", "Chie"))
    _play(phone, url, {"kind": "setup", "first": "0", "sister": "karen", "symbol": "3", "h0": "7", "h1": "7",
                       "h2": "7"}, {"kind": "play", "sister": "karen", "symbol": "5"})
    tables["sister-combination"] = url
    url = _new(phone, "planeta-rica", (LONG_NAME, "Ben", "Chie"), profile=pr_profile)
    _play(phone, url, {"type": "start", "seat": "0"},
          *({"type": "reveal", "planet": p} for p in ("tourist_planet", "ai_autonomy", "tachyon_mine", "endymion",
                                                     "merchant_guild")),
          {"type": "dispatch", "d0_1": "1", "d0_2": "1"})
    tables["planeta-rica"] = url
    url = _new(phone, "planetary-sisters", (LONG_NAME, "Ben", "Chie"), profile=ps_profile)
    _play(phone, url, {"kind": "setup", "parent": "1", "cards": "14,20,19"},
          {"kind": "turn", "seat": "1", "p_rank": "30", "taken": "f0"})
    tables["planetary-sisters"] = url
    tables["planetary-sisters-2"] = _new(phone, "planetary-sisters", (LONG_NAME, "Ben"), profile=ps_profile)
    tables["strato-sphere-2"] = _new(phone, "strato-sphere", (LONG_NAME, "Ben"))  # it asks who dealt (SS-5)
    return tables


def serve_tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    """A live server holding ``_tables``' one table of each game: (its base URL, game slug -> play path), for a
    module fixture of the tests that look at every game's table page."""
    made: dict[str, str] = {}

    def prepare(app: Flask) -> None:
        made.update(_tables(app, Phone(app.test_client())))

    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield base, made


def _answers(phone: Phone) -> list[tuple[str, str]]:
    """The quick tools' pages with an answer on them (what a player sees after a few taps)."""
    from tests.web.games.planeta_rica.support import sheet_fields

    pages = [
        ("strato-sphere-dispute", "/strato-sphere/dispute?" + urlencode(
            {"players": "2", "from": "1", "to": "2", "player": "0", "f0": "black", "f1": "red", "ar": "K", "as": "S",
             "an": "2", "tr": "Q", "ts": "H", "tn": "2", "ask": "attack"}) + "#answer"),
        ("lumiere-captures", "/lumiere/captures?" + urlencode(
            {"p": "4", "card": "commoner", "owner": "0", "mode": "put",
             "f": ".,.,.,.;commoner@0,yokai@1,commoner@0*,.;.,.,.,.;.,.,.,."})),
        ("sister-combination-check", "/sister-combination/check?" + urlencode(
            {"p": "3", "ts": "karen", "tn": "3", "turn": "1", "cs": "hinako", "cn": "sp", "named": "blue"})),
    ]
    html = phone.get("/planeta-rica/score?players=2").get_data(as_text=True)
    for card in ("planet:tourist_planet", "gadget:warp_gate"):
        response = phone.post("/planeta-rica/score", {**sheet_fields(html), "do": card})
        assert response.status_code == 303
        location = str(response.headers["Location"])
        html = phone.get(location).get_data(as_text=True)
    pages.append(("planeta-rica-score", location))
    pages.append(("planetary-sisters-score", "/planetary-sisters/score"))
    pages.append(("planetary-sisters-score-2-players", "/planetary-sisters/score?players=2"))
    return pages


def walk_pages(app: Flask) -> list[tuple[str, str]]:
    """The walk's pages (name, path) after its tables are written into ``app``'s database (test_axe walks them too)."""
    prepared: list[tuple[str, str]] = []
    phone = Phone(app.test_client())
    tables = _tables(app, phone)
    games = [slug for slug in tables if not slug.endswith("-2")]
    prepared.extend((f"new-{slug}", f"/new/{slug}") for slug in games)
    for slug, url in tables.items():
        if slug.endswith("-2"):  # two players, nothing entered yet: the set-up (its tabs, or who dealt)
            prepared.append((f"table-{slug}", url))
            continue
        html = phone.get(url).get_data(as_text=True)
        watch = re.search(r'id="watch-link" readonly value="[^"]*(/w/[A-Za-z0-9_-]+)"', html)
        assert watch, "no watch link"
        prepared.extend([(f"table-{slug}", url), (f"table-{slug}-step-back", f"{url}?at=1"),
                         (f"history-{slug}", f"{url}/history"), (f"watch-{slug}", watch.group(1))])
        if slug == "planetary-sisters":
            prepared.append(("planetary-sisters-what-if", f"{url}/page/what-if"))
    prepared.extend(_answers(phone))
    prepared.extend([("print", "/print"), ("import", "/import"),
                     ("planetary-sisters-profiles", "/planetary-sisters/profiles")])
    prepared.extend((f"profiles-{slug}", f"/profiles/{slug}") for slug in games)
    return prepared


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    prepared: list[tuple[str, str]] = []

    def prepare(app: Flask) -> None:
        prepared.extend(walk_pages(app))

    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield Site(base, [("home", "/"), *prepared])


# What the walk measures on each page, in the page. Visible elements only; an element inside a box that scrolls
# or clips sideways is judged by that box. Tap targets: buttons, links drawn as buttons or standing alone,
# inputs (a radio or checkbox by the label around it, which is what a finger taps), selects, summaries.
MEASURE = """(width) => {
  const visible = e => { const s = getComputedStyle(e); const r = e.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const clipped = e => { for (let p = e.parentElement || e.parentNode; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o !== 'visible') return true; } return false; };
  const hiddenAway = e => e.closest('.sr, [hidden], details:not([open]) > :not(summary)');
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30) + '"';
  const out = {scroll: document.scrollingElement.scrollWidth, overflow: [], cut: [], small: [], japanese: []};
  for (const e of document.body.querySelectorAll('*')) {
    if (hiddenAway(e) || !visible(e)) continue;
    const r = e.getBoundingClientRect();
    if ((r.right > width + 0.5 || r.left < -0.5) && !clipped(e)) out.overflow.push(name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  // Text runs past its box's edge without making the box wider (a long word that does not break): by its range.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const e = t.parentElement;
    if (!t.textContent.trim() || !e || hiddenAway(e) || !visible(e) || clipped(t)) continue;
    const range = document.createRange(); range.selectNodeContents(t);
    const r = range.getBoundingClientRect();
    if (r.width > 0 && (r.right > width + 0.5 || r.left < -0.5)) out.overflow.push('text in ' + name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  // Text cut off by its own box (an ellipsis, or a box that hides what does not fit): a tab's name, a label.
  for (const e of document.body.querySelectorAll('*')) {
    if (hiddenAway(e) || !visible(e) || e.matches('input, select, textarea, svg, svg *')) continue;
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible' || s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
    const own = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    // a tile too small for a whole name may end it with "…" when its title holds the whole of it
    const titled = e.closest('[title]'); const whole = e.textContent.trim();
    if (s.textOverflow === 'ellipsis' && titled && titled.getAttribute('title').includes(whole)) continue;
    if (own && e.scrollWidth > e.clientWidth + 1) out.cut.push(name(e) + ' ' + e.clientWidth + '<' + e.scrollWidth);
  }
  const targets = document.querySelectorAll('button, a, input, select, textarea, summary');
  for (const e of targets) {
    if (e.type === 'hidden' || hiddenAway(e)) continue;
    let box = e;
    if (e.matches('input[type=radio], input[type=checkbox]')) box = e.closest('label') || e;
    if (!visible(box)) continue;
    if (e.tagName === 'A' && !e.matches('.button, [role=button]') && getComputedStyle(e).display === 'inline'
        && e.closest('p, li, dd, td, span, small, .hint, .lead, legend, label')) continue;  // a link in a sentence
    const r = box.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) out.small.push(name(box) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  const texts = [document.body.innerText, ...[...document.querySelectorAll('[aria-label], [title]')]
    .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.getAttribute('title') || ''))];
  for (const t of texts) for (const m of t.matchAll(/§\\s*[\\u3040-\\u30ff\\u3400-\\u9fff][^\\s、。）)]*/g)) out.japanese.push(m[0]);
  return out;
}"""


def _walk(browser, site: Site, lang: str, javascript: bool) -> list[str]:  # type: ignore[no-untyped-def]
    """Open every page, keep its screenshot, and return what is wrong with each, one line per fault."""
    folder = WALK / f"{lang}-{'js' if javascript else 'nojs'}"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], java_script_enabled=javascript,
                                  **{**PHONE, "device_scale_factor": 1})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    faults: list[str] = []
    try:
        pages = [*site.pages, ("import-no-file", "")]
        for index, (name, path) in enumerate(pages):
            if name == "import-no-file":  # the import form sent with no file and no text
                page.goto(site.base + "/import")
                page.click("form.card button.primary")
                page.wait_for_load_state("load")
            else:
                response = page.goto(site.base + path)
                assert response is not None
                if response.status >= 500:
                    faults.append(f"{name}: status {response.status}")
                page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, WIDTH)
            page.screenshot(path=str(folder / f"{index:02d}-{name}.png"), full_page=True)
            if found["scroll"] > WIDTH:
                faults.append(f"{name}: the page scrolls sideways ({found['scroll']} px)")
            faults.extend(f"{name}: past the screen's edge: {what}" for what in found["overflow"][:5])
            faults.extend(f"{name}: text cut off: {what}" for what in found["cut"][:5])
            faults.extend(f"{name}: tap target under 44 × 44: {what}" for what in found["small"][:8])
            if lang == "en":
                faults.extend(f"{name}: Japanese section name {what}" for what in sorted(set(found["japanese"])))
    finally:
        context.close()
    return faults


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_fits_a_phone(browser, site: Site, lang: str, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    started = time.monotonic()
    faults = _walk(browser, site, lang, javascript)
    print(f"walk {lang} {'js' if javascript else 'nojs'}: {len(site.pages) + 1} pages in "
          f"{time.monotonic() - started:.1f} s")
    assert faults == [], "\n".join(faults)


def test_the_screenshots_are_kept() -> None:
    """The walk's screenshots are the artifact a person looks through (test-artifacts/walk/<lang>-<js>/)."""
    if not WALK.exists():
        pytest.skip("the walk has not run")
    assert any(Path(WALK).rglob("*.png"))
