"""The dark theme: every page follows the phone's light or dark setting (prefers-color-scheme,
also with JavaScript off), and the header's switch steps "as the phone" → light → dark, remembered by the phone
across pages and reloads. In both themes every piece of text a page shows keeps WCAG AA contrast against what
is behind it (4.5:1; 3:1 for large text), measured from the computed colours. Screenshots of each game's table
in dark at 390 × 844 are kept in test-artifacts/dark/."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import expect

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, serve
from tests.browser.test_at_a_glance import TURN
from tests.browser.test_walk import _answers, _tables
from tests.web.apps import Phone

pytestmark = pytest.mark.browser

DARK_DIR = ARTIFACTS / "dark"
LOCALES = {"en": "en-US", "ja": "ja-JP"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str], list[tuple[str, str]]]]:
    made: dict[str, str] = {}
    tools: list[tuple[str, str]] = []

    def prepare(app: Flask) -> None:
        phone = Phone(app.test_client())
        made.update(_tables(app, phone))
        tools.extend(_answers(phone))

    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield base, made, tools


# Every visible element with text of its own: its colour against the first opaque background behind it (text
# drawn over a picture or a gradient is left out: its background cannot be read from the styles).
CONTRAST = """() => {
  const parse = c => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const mix = (top, under) => { const a = top[3]; return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat(1); };
  const behind = el => { const layers = [];
    for (let e = el; e; e = e.parentElement) { const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') return null;
      const c = parse(s.backgroundColor); if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let bg = [255, 255, 255, 1]; for (const c of layers.reverse()) bg = mix(c, bg); return bg; };
  const bad = [];
  let checked = 0;
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    if (!r.width || !r.height || s.visibility === 'hidden' || el.closest('[hidden], details:not([open]) > :not(summary), :disabled')) continue;
    let opacity = 1; for (let e = el; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    if (opacity < 0.9) continue;  // a disabled or dimmed control: AA does not ask contrast of it
    const bg = behind(el); if (!bg) continue;
    const fg = mix(parse(s.color), bg);
    const [a, b] = [lum(fg), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(s.fontSize); const bold = parseInt(s.fontWeight, 10) >= 700;
    // Large text, and a symbol with no letter or digit (an owner's arrow): 3:1 (WCAG 1.4.3 and 1.4.11).
    const symbol = !/[\\p{L}\\p{N}]/u.test(el.textContent);
    const need = size >= 24 || (bold && size >= 18.66) || symbol ? 3 : 4.5;
    checked += 1;
    if (ratio < need) bad.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1 (${s.color} on rgb(${bg.slice(0, 3).map(Math.round)}))`);
  }
  return {bad, checked, paper: lum(behind(document.body) || [255, 255, 255, 1]), theme: document.documentElement.dataset.theme || 'system'};
}"""


def _pages(made: dict[str, str], tools: list[tuple[str, str]]) -> list[tuple[str, str]]:
    pages = [("home", "/"), ("rules", "/rules"), ("rules-lumiere", "/rules/lumiere"), ("groups-new", "/groups/new"),
             ("profiles", "/profiles"), ("print", "/print"), ("new-table", "/new/planeta-rica")]
    pages += [(f"table-{slug}", url) for slug, url in made.items() if slug in TURN]
    return pages + tools


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_every_page_keeps_aa_contrast_in_both_themes(browser, site, scheme: str) -> None:  # type: ignore[no-untyped-def]
    base, made, tools = site
    DARK_DIR.mkdir(parents=True, exist_ok=True)
    faults: list[str] = []
    for lang in LOCALES:
        context = browser.new_context(locale=LOCALES[lang], color_scheme=scheme, **PHONE)
        context.set_default_timeout(WAIT_MS)
        page = context.new_page()
        try:
            for name, path in _pages(made, tools):
                page.goto(base + path)
                page.wait_for_load_state("load")
                found = page.evaluate(CONTRAST)
                if (found["paper"] > 0.1) == (scheme == "dark"):
                    faults.append(f"{name} {lang}: the page is not {scheme} (background luminance {found['paper']:.2f})")
                if found["checked"] < 5:
                    faults.append(f"{name} {lang}: only {found['checked']} texts measured")
                faults += [f"{name} {lang} {scheme}: {b}" for b in found["bad"]]
                if scheme == "dark" and name.startswith("table-"):
                    page.screenshot(path=str(DARK_DIR / f"{name[6:]}-{lang}-390.png"))
                if scheme == "dark" and name in ("home", "rules-lumiere", "print"):
                    page.screenshot(path=str(DARK_DIR / f"{name}-{lang}-390.png"))
        finally:
            context.close()
    assert faults == [], f"{len(faults)} faults:\n" + "\n".join(faults[:80])


def test_the_switch_steps_through_the_themes_and_is_remembered(browser, site) -> None:  # type: ignore[no-untyped-def]
    base, made, _ = site
    context = browser.new_context(locale="en-US", color_scheme="light", **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    paper = "getComputedStyle(document.body).backgroundColor"
    try:
        page.goto(base + "/")
        switch = page.locator(".top .theme-toggle")
        expect(switch).to_have_text("◐ Auto")
        light = page.evaluate(paper)
        switch.click()
        expect(switch).to_have_text("☀ Light")
        expect(page.locator("html")).to_have_attribute("data-theme", "light")
        switch.click()
        expect(switch).to_have_text("☾ Dark")
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        dark = page.evaluate(paper)
        assert dark != light, (light, dark)
        # Remembered by the phone: on a table page and after a reload, from the first paint.
        page.goto(base + made["sister-combination"])
        expect(page.locator("html")).to_have_attribute("data-theme", "dark")
        assert page.evaluate(paper) == dark
        expect(page.locator(".top .theme-toggle")).to_have_text("☾ Dark")
        page.reload()
        assert page.evaluate(paper) == dark
        page.locator(".top .theme-toggle").click()  # back to following the phone: light here
        expect(page.locator(".top .theme-toggle")).to_have_text("◐ Auto")
        assert page.evaluate("document.documentElement.hasAttribute('data-theme')") is False
        assert page.evaluate(paper) == light
    finally:
        context.close()
    # With JavaScript off the switch is not offered, and the phone's dark setting still applies.
    context = browser.new_context(locale="ja-JP", color_scheme="dark", java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        page.goto(base + made["lumiere"])
        assert page.locator(".top .theme-toggle").is_hidden()
        assert page.evaluate(paper) == dark
    finally:
        context.close()
