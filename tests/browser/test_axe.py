"""Accessibility: axe-core (pinned in package.json, copied to static/vendor/axe.min.js by
`make test`) run over every page a player opens, in Japanese and English: home, the new-table pages, every game's
table page (nothing entered yet and after a few entries, a step back, its history and its watch link), every game's
quick tool (empty and with an answer after taps), the rules pages, a group's pages, the profile pages and the print
index. No page may have a serious or critical violation; a failure lists each with its nodes.

The same site answers two more checks of point 5: on English pages every Japanese card name is marked
``lang="ja"`` (a screen reader reads it in Japanese, a browser picks a Japanese font), and at 360 × 740 no game's
table or quick tool scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask

from tests.browser.fixtures import ARTIFACTS, PHONE, ROOT, WAIT_MS, serve
from tests.browser.test_groups import group_pages
from tests.browser.test_walk import Site, _new, _play, walk_pages
from tests.web.apps import Phone

pytestmark = pytest.mark.browser

AXE = ROOT / "static" / "vendor" / "axe.min.js"
GAMES = ("strato-sphere", "lumiere", "sister-combination", "planeta-rica", "planetary-sisters")
TOOLS = ("/strato-sphere/dispute", "/lumiere/captures", "/sister-combination/check", "/planeta-rica/score",
         "/planetary-sisters/score")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    prepared: list[tuple[str, str]] = []

    def prepare(app: Flask) -> None:
        prepared.extend(walk_pages(app))
        prepared.extend(group_pages(app))
        # a Sister Combination table facing a stack: its "Take the stack" button carries the SC-3 badge
        phone = Phone(app.test_client())
        url = _new(phone, "sister-combination", ("Aki", "Ben", "Chie"))
        _play(phone, url, {"kind": "setup", "first": "0", "sister": "karen", "symbol": "3", "h0": "7", "h1": "7",
                           "h2": "7"}, {"kind": "play", "sister": "karen", "symbol": "stack2"})
        prepared.append(("table-sister-combination-stack", url))

    extra = [("home", "/"), ("rules", "/rules"), ("profiles", "/profiles"),
             *((f"rules-{slug}", f"/rules/{slug}") for slug in GAMES),
             *((f"tool-{path.split('/')[1]}-empty", path) for path in TOOLS)]
    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield Site(base, [*extra, *prepared])


# axe's verdict on the page, reduced to what the failure message needs: rule, impact, help, and each node's
# selector with axe's own summary of what is wrong there.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' '))}));
}"""


def _axe(page) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    page.add_script_tag(path=str(AXE))
    return list(page.evaluate(RUN_AXE))


def _context(browser, lang: str, **size: object):  # type: ignore[no-untyped-def]
    # bypass_csp: the app's Content-Security-Policy (script-src 'self') would refuse axe's injected script
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], bypass_csp=True, **{**PHONE, **size})
    context.set_default_timeout(WAIT_MS)
    return context


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_serious_or_critical_violation_on_any_page(browser, site: Site, lang: str) -> None:  # type: ignore[no-untyped-def]
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` copies it from node_modules/axe-core (package.json)")
    folder = ARTIFACTS / "a11y" / "axe" / lang
    folder.mkdir(parents=True, exist_ok=True)
    context = _context(browser, lang, device_scale_factor=1)
    page = context.new_page()
    faults: list[str] = []
    try:
        for index, (name, path) in enumerate(site.pages):
            response = page.goto(site.base + path)
            assert response is not None and response.status < 500, (name, path)
            page.wait_for_load_state("load")
            for violation in _axe(page):
                if violation["impact"] in ("serious", "critical"):
                    nodes = "\n      ".join(violation["nodes"][:6])  # type: ignore[index]
                    faults.append(f"{name} ({path}): {violation['id']} [{violation['impact']}] "
                                  f"{violation['help']}\n      {nodes}")
            page.screenshot(path=str(folder / f"{index:02d}-{name}.png"), full_page=True)
    finally:
        context.close()
    # the whole list, also kept beside the screenshots (pytest's diff of a long list shows only its start)
    (folder / "violations.txt").write_text("\n".join(faults) + "\n", encoding="utf-8")
    print("\n".join(faults))
    assert faults == [], f"{len(faults)} serious or critical violations:\n" + "\n".join(faults)


# Japanese text on an English page that is not inside an element marked lang="ja" (a card name, リーチ, 日本語):
# each text node with kana or kanji, named by its parent and the words themselves.
UNMARKED_JAPANESE = """() => {
  const japanese = /[\\u3040-\\u30ff\\u3400-\\u9fff]/;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const e = t.parentElement;
    if (!e || !japanese.test(t.textContent) || e.closest('script, style, [hidden]')) continue;
    const marked = e.closest('[lang]');
    if (!marked || !marked.getAttribute('lang').startsWith('ja')) out.push(e.tagName.toLowerCase() +
      (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
      ' "' + t.textContent.trim().slice(0, 40) + '"');
  }
  return out;
}"""


def test_japanese_words_on_english_pages_are_marked_lang_ja(browser, site: Site) -> None:  # type: ignore[no-untyped-def]
    context = _context(browser, "en", device_scale_factor=1)
    page = context.new_page()
    faults: list[str] = []
    try:
        for name, path in site.pages:
            page.goto(site.base + path)
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.lang") == "en", name
            faults.extend(f"{name}: {what}" for what in dict.fromkeys(page.evaluate(UNMARKED_JAPANESE)))
    finally:
        context.close()
    print("\n".join(faults))
    assert faults == [], f"{len(faults)} Japanese texts not marked lang=\"ja\":\n" + "\n".join(faults)


NARROW = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tables_and_tools_fit_a_360_px_phone(browser, site: Site, lang: str) -> None:  # type: ignore[no-untyped-def]
    """At 360 × 740 (the narrowest phones at the table) every game's table page and quick tool, with and without
    entries: no sideways scroll, nothing past the edge, no tap target under 44 × 44 px (the walk's measure)."""
    from tests.browser.test_walk import MEASURE

    folder = ARTIFACTS / "a11y" / f"360-{lang}"
    folder.mkdir(parents=True, exist_ok=True)
    pages = [(name, path) for name, path in site.pages
             if name.startswith(("table-", "tool-")) or name.endswith(("-dispute", "-captures", "-check", "-score"))]
    assert len(pages) >= 15, pages
    context = _context(browser, lang, **NARROW)
    page = context.new_page()
    faults: list[str] = []
    try:
        for name, path in pages:
            page.goto(site.base + path)
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, 360)
            page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
            if found["scroll"] > 360:
                faults.append(f"{name}: the page scrolls sideways ({found['scroll']} px)")
            faults.extend(f"{name}: past the screen's edge: {what}" for what in found["overflow"][:5])
            faults.extend(f"{name}: tap target under 44 × 44: {what}" for what in found["small"][:8])
    finally:
        context.close()
    assert faults == [], "\n".join(faults)


# Sister Combination's labels as a player reads them: how many lines each symbol chip's label and the field card's
# name take (by the distinct tops of its text's line boxes), whether the card's name fits inside the card, and the
# contrast of the ruling badge on the "Take the stack" button against the button.
SC_READING = """() => {
  const lines = e => { const r = document.createRange(); r.selectNodeContents(e);
    return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size; };
  const lum = c => { const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = {symbols: [], cards: [], badge: null};
  for (const e of document.querySelectorAll('.sc-symbols .sc-chip > span, .sc-chips.colours .sc-chip > span'))
    out.symbols.push([e.innerText.trim(), lines(e)]);
  for (const card of document.querySelectorAll('.sc-card')) {
    const name = card.querySelector('.sc-card-name ruby'); const c = card.getBoundingClientRect();
    const r = document.createRange(); r.selectNodeContents(name.firstChild); const n = r.getBoundingClientRect();
    out.cards.push([name.firstChild.textContent.trim(), n.left >= c.left + 4 && n.right <= c.right - 4]);
  }
  const take = document.querySelector('.sc-action-take');
  if (take) { const badge = take.querySelector('.rule');
    out.badge = contrast(getComputedStyle(badge).color, getComputedStyle(take).backgroundColor); }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_sister_combination_reads_well(browser, site: Site, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Labels read whole (a word broken over two lines reads as two): "Mirror" and "Stack 2" on one line, the field
    card's sister name inside the card (the S.P. card's
    frame included), the named colours ("green", not "gree n") likewise, the SC-3 badge on the blue "Take the
    stack" button readable (4.5:1)."""
    paths = dict(site.pages)
    context = _context(browser, lang, **NARROW)
    page = context.new_page()
    try:
        page.goto(site.base + paths["sister-combination-check"])
        page.wait_for_load_state("load")
        check = page.evaluate(SC_READING)
        page.screenshot(path=str(ARTIFACTS / "a11y" / f"sister-combination-check-360-{lang}.png"), full_page=True)
        page.goto(site.base + paths["table-sister-combination-stack"])
        page.wait_for_load_state("load")
        table = page.evaluate(SC_READING)
        page.screenshot(path=str(ARTIFACTS / "a11y" / f"sister-combination-table-360-{lang}.png"), full_page=True)
    finally:
        context.close()
    labels = dict(check["symbols"])
    assert labels.get("Mirror") == 1 and labels.get("Stack 2") == 1, check["symbols"]  # as printed on the cards
    assert all(n == 1 for _, n in check["symbols"] + table["symbols"]), check["symbols"] + table["symbols"]
    assert table["cards"] and all(inside for _, inside in table["cards"]), table["cards"]
    assert table["badge"] is not None and table["badge"] >= 4.5, table["badge"]
