"""Quick tools answer in view (issue 24, point 6): after the last tap on a quick tool at phone size (390 × 844),
the answer's first line (the verdict) and the start of its reason are on the screen without scrolling, in
English and Japanese. The last tap is the one a player makes last: Sister Combination's "colour named" chip,
Strato-Sphere's "may it attack?" button, a Lumière area tapped on the checker's field."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from flask import Flask

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, serve

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "answer-in-view"
TOOLS = {
    "sister-combination-check": (
        "/sister-combination/check?" + urlencode({"p": "3", "ts": "karen", "tn": "3", "turn": "1", "cs": "hinako",
                                                  "cn": "sp", "named": "blue"}),
        "form.sc-check-form fieldset.sc-named label:has(input:not(:checked))", "#answer"),
    "strato-sphere-dispute": (
        "/strato-sphere/dispute?" + urlencode({"players": "2", "from": "1", "to": "2", "player": "0", "f0": "black",
                                               "f1": "red", "ar": "K", "as": "S", "an": "2", "tr": "Q", "ts": "H",
                                               "tn": "2"}),
        "button.ss-ask[value=attack]", "#answer"),
    "lumiere-captures": (
        "/lumiere/captures?" + urlencode({"p": "4", "card": "commoner", "owner": "0", "mode": "put",
                                          "f": ".,.,.,.;commoner@0,yokai@1,.,.;.,.,.,.;.,.,.,."}),
        ".lp-board.tappable button[data-cell=r1c2]", "#lp-answer"),
}

# In view: the region's first element (the verdict) whole, and the next one (its reason) begun, on the screen.
IN_VIEW = """(sel) => { const region = document.querySelector(sel); if (!region) return null;
  const kids = [...region.children].filter(e => e.getBoundingClientRect().height > 0);
  const [verdict, reason] = kids; const h = window.innerHeight;
  const v = verdict.getBoundingClientRect(); const r = reason.getBoundingClientRect();
  return {ok: v.top >= 0 && v.bottom <= h && r.top >= 0 && r.top + 20 <= h, verdict: verdict.innerText.trim(),
          reason: reason.innerText.trim().slice(0, 80), vTop: v.top, vBottom: v.bottom, rTop: r.top, h}; }"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    def prepare(app: Flask) -> None:
        return None

    yield from serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_answer_is_in_view_after_the_last_tap(browser, site: str, tool: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    path, last_tap, region = TOOLS[tool]
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(site + path)
        page.wait_for_load_state("load")
        page.evaluate("window.scrollTo(0, 0)")
        page.locator(last_tap).first.scroll_into_view_if_needed()
        before = page.evaluate("(sel) => { const e = document.querySelector(sel); return e && e.dataset.v; }", region)
        page.evaluate("(sel) => { const e = document.querySelector(sel); if (e) e.dataset.v = 'old'; }", region)
        page.locator(last_tap).first.click()
        # the redrawn answer (the old one carried a mark the new one lacks), then its place on the screen
        page.wait_for_function("(sel) => { const e = document.querySelector(sel); return e && e.dataset.v !== 'old'; }",
                               arg=region, timeout=WAIT_MS)
        page.wait_for_function(f"(sel) => {{ const f = {IN_VIEW}; const m = f(sel); return m && m.ok; }}",
                               arg=region, timeout=WAIT_MS)
        found = page.evaluate(IN_VIEW, region)
        page.screenshot(path=str(SHOTS / f"{tool}-{lang}.png"))
        assert before is None
        assert found["ok"], found
        assert found["verdict"] and found["reason"], found
    finally:
        context.close()
