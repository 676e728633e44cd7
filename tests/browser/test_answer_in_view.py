"""Quick tools answer in view: after the last tap on a quick tool at phone size (390 × 844),
the answer's first line (the verdict) and the start of its reason are on the screen without scrolling, in
English and Japanese. The last tap is the one a player makes last: Sister Combination's "colour named" chip,
Strato-Sphere's "may it attack?" button, a Lumière area tapped on the checker's field, Planeta Rica's "Update
scores" after the last card's VP is typed, and the icon that puts Planetary Sisters' last house card in.
A score sheet's answer is its heading, the verdict or the totals, then the reason: the first ``parts - 1`` of
them whole on the screen and the last one begun."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from flask import Flask

from tests.browser.fixtures import ARTIFACTS, PHONE, WAIT_MS, serve, settled

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "answer-in-view"
HOUSE = "FOOD,PLANT,ANIMAL,FOOD*2,PLANT*2,ANIMAL*2,FOOD+POLE,PLANT+SWORD"
# (address, taps before the last one, the last tap, the answer region, how many of its parts must show)
TOOLS: dict[str, tuple[str, tuple[str, ...], str, str, int]] = {
    "sister-combination-check": (
        "/sister-combination/check?" + urlencode({"p": "3", "ts": "karen", "tn": "3", "turn": "1", "cs": "hinako",
                                                  "cn": "sp", "named": "blue"}),
        (), "form.sc-check-form fieldset.sc-named label:has(input:not(:checked))", "#answer", 2),
    "strato-sphere-dispute": (
        "/strato-sphere/dispute?" + urlencode({"players": "2", "from": "1", "to": "2", "player": "0", "f0": "black",
                                               "f1": "red", "ar": "K", "as": "S", "an": "2", "tr": "Q", "ts": "H",
                                               "tn": "2"}),
        (), "button.ss-ask[value=attack]", "#answer", 2),
    "lumiere-captures": (
        "/lumiere/captures?" + urlencode({"p": "4", "card": "commoner", "owner": "0", "mode": "put",
                                          "f": ".,.,.,.;commoner@0,yokai@1,.,.;.,.,.,.;.,.,.,."}),
        (), ".lp-board.tappable button[data-cell=r1c2]", "#lp-answer", 2),
    # every card's VP known but the Tourist Planet's: typed, then "Update scores"; the verdict is Player 1 with 6
    "planeta-rica-score": (
        "/planeta-rica/score?" + urlencode({"players": "3", "p0": "new_earth,tourist_planet", "f0": "3", "f1": "2",
                                            "f2": "1", "vp_new_earth": "1"}),
        ("fill:input[name=vp_tourist_planet]=2",), "#asked button[value=update]", "#results", 3),
    # the last house card is FOOD+POLE: a pointed card with its round type goes in at its last icon
    "planetary-sisters-score": (
        "/planetary-sisters/score?" + urlencode({"players": "3", "field": "FOOD,PLANT,ANIMAL", "house0": HOUSE,
                                                 "house1": HOUSE, "house2": HOUSE.rsplit(",", 1)[0],
                                                 "slot": "house:2"}),
        ('#entry label.count:has(input[name="el_FOOD"][value="1"])',),
        '#entry label.toggle:has(input[name="el_POLE"])', "#results", 3),
}

# In view: the region's first parts (the verdict) whole, and the next one (its reason) begun, on the screen.
IN_VIEW = """([sel, parts]) => { const region = document.querySelector(sel); if (!region) return null;
  const kids = [...region.children].filter(e => e.getBoundingClientRect().height > 0);
  if (kids.length < parts) return null;
  const whole = kids.slice(0, parts - 1); const reason = kids[parts - 1]; const h = window.innerHeight;
  const v = {top: whole[0].getBoundingClientRect().top, bottom: whole[whole.length - 1].getBoundingClientRect().bottom};
  const r = reason.getBoundingClientRect();
  return {ok: v.top >= 0 && v.bottom <= h && r.top >= 0 && r.top + 20 <= h,
          verdict: whole.map(e => e.innerText.trim()).join(" / "),
          reason: reason.innerText.trim().slice(0, 80), vTop: v.top, vBottom: v.bottom, rTop: r.top, h}; }"""
# What the answer says for a known state, in each language: the words a player reads at the top of it.
SAYS = {
    ("planeta-rica-score", "en"): ("Player 1 wins with 6 VP",),
    ("planeta-rica-score", "ja"): ("の勝ち（6 VP）",),
    ("planetary-sisters-score", "en"): ("Final scores",),
    ("planetary-sisters-score", "ja"): ("最終",),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    def prepare(app: Flask) -> None:
        return None

    yield from serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_answer_is_in_view_after_the_last_tap(browser, site: str, tool: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    path, taps, last_tap, region, parts = TOOLS[tool]
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], **PHONE)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.goto(site + path)
        page.wait_for_load_state("load")
        page.evaluate("window.scrollTo(0, 0)")
        for tap in taps:  # the taps before the last one: each waits for the sheet it redraws
            if tap.startswith("fill:"):
                field, value = tap[5:].rsplit("=", 1)
                page.locator(field).first.fill(value)
                continue
            page.locator(tap).first.click()
            settled(page)
        page.locator(last_tap).first.scroll_into_view_if_needed()
        before = page.evaluate("(sel) => { const e = document.querySelector(sel); return e && e.dataset.v; }", region)
        page.evaluate("(sel) => { const e = document.querySelector(sel); if (e) e.dataset.v = 'old'; }", region)
        page.locator(last_tap).first.click()
        # the redrawn answer (the old one carried a mark the new one lacks), then its place on the screen
        page.wait_for_function("(sel) => { const e = document.querySelector(sel); return e && e.dataset.v !== 'old'"
                               " && e.hasAttribute('data-in-view'); }", arg=region, timeout=WAIT_MS)
        page.wait_for_function(f"(a) => {{ const f = {IN_VIEW}; const m = f(a); return m && m.ok; }}",
                               arg=[region, parts], timeout=WAIT_MS)
        found = page.evaluate(IN_VIEW, [region, parts])
        page.screenshot(path=str(SHOTS / f"{tool}-{lang}.png"))
        assert before is None
        assert found["ok"], found
        assert found["verdict"] and found["reason"], found
        for words in SAYS.get((tool, lang), ()):
            assert words in found["verdict"], found
    finally:
        context.close()
