"""A group's pages at phone size (390 × 844), JavaScript on and off, in Japanese and English, measured as the
walk measures every game's pages (tests/browser/test_walk.py): no sideways scrolling, nothing past the edge, no
text cut off, tap targets of 44 × 44 px. The group holds finished games of all five games (and a former
member, and an unfinished table), written before the server starts; screenshots go to
test-artifacts/walk-groups/."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.browser.fixtures import ARTIFACTS, PHONE, serve
from tests.browser.test_walk import MEASURE, WIDTH, Site
from tests.web.apps import Phone
from tests.web.groups.support import export_of, finished_game, import_table, new_group

pytestmark = pytest.mark.browser

GAMES = [("planetary-sisters", ["Aki", "Ben", "Chie"]), ("lumiere", ["Ben", "Chie", "Dan"]),
         ("planeta-rica", ["Chie", "Dan", "Aki"]), ("sister-combination", ["Dan", "Aki", "Ben"]),
         ("strato-sphere", ["Aki", "Ben"])]
# The walk to start from: Strato-Sphere's from seed 0 ends in a draw, so the pages show a draw count (which must
# fit a 360 px phone as the wins do).
SEEDS: dict[str, int] = {}


def group_pages(app: Flask) -> list[tuple[str, str]]:
    """The group's pages (name, path) after its games are written into ``app``'s database (test_axe walks them too)."""
    prepared: list[tuple[str, str]] = []
    phone = Phone(app.test_client())
    group = new_group(phone, "Friday club", "Aki", "Ben", "Chie", "Dan", "Wolfeschlegelsteinhausenbergerdorffvoral")
    tables = []
    for day, (slug, seats) in enumerate(GAMES):
        table = import_table(phone, export_of(finished_game(slug, seats, SEEDS.get(slug, 0)), day))
        assert phone.post(f"{group}/tables", {"table": table}).status_code == 303
        tables.append(table)
    html = phone.get(group).get_data(as_text=True)
    remove = re.search(r'action="([^"]+/remove)">\s*<input[^>]*>\s*<button[^>]*aria-label="Remove Dan from', html)
    assert remove and phone.post(remove.group(1)).status_code == 303
    assert phone.post(f"{tables[0]}/rematch", {"order": "rotate"}).status_code == 303
    watch = re.search(r'id="group-watch-link" readonly value="[^"]*(/gw/[^"]+)"', html)
    assert watch
    prepared.extend([
        ("group", group), ("group-stats", f"{group}/stats"), ("group-watch", watch.group(1)),
        ("group-watch-stats", f"{watch.group(1)}/stats"), ("group-new-table", f"{group}/new/planetary-sisters"),
        ("table-group", f"{tables[0]}/group"), ("table-with-rematch", tables[0]), ("groups-new", "/groups/new"),
        ("groups-import", "/groups/import"),
    ])
    return prepared


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    prepared: list[tuple[str, str]] = []

    def prepare(app: Flask) -> None:
        prepared.extend(group_pages(app))

    for base in serve(tmp_path_factory, "tests.browser.serve:app", prepare=prepare):
        yield Site(base, prepared)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_group_pages_fit_a_phone(browser, site: Site, lang: str, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    folder = ARTIFACTS / "walk-groups" / f"{lang}-{'js' if javascript else 'nojs'}"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(locale={"ja": "ja-JP", "en": "en-US"}[lang], java_script_enabled=javascript,
                                  **{**PHONE, "device_scale_factor": 1})
    page = context.new_page()
    faults: list[str] = []
    try:
        for index, (name, path) in enumerate(site.pages):
            response = page.goto(site.base + path)
            assert response is not None and response.status < 500, name
            page.wait_for_load_state("load")
            found = page.evaluate(MEASURE, WIDTH)
            page.screenshot(path=str(folder / f"{index:02d}-{name}.png"), full_page=True)
            if found["scroll"] > WIDTH:
                faults.append(f"{name}: the page scrolls sideways ({found['scroll']} px)")
            faults.extend(f"{name}: past the screen's edge: {what}" for what in found["overflow"][:5])
            faults.extend(f"{name}: text cut off: {what}" for what in found["cut"][:5])
            faults.extend(f"{name}: tap target under 44 × 44: {what}" for what in found["small"][:8])
        # the chart is drawn with JavaScript off too
        page.goto(site.base + dict(site.pages)["group-stats"])
        assert page.locator("svg.score-chart").count() >= 3
    finally:
        context.close()
    assert faults == [], "\n".join(faults)
