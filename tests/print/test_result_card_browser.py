"""The result image on a phone (headless Chromium at 390 × 844, gunicorn with two workers): the game-over card's
button fits and is tappable in both languages; where the phone cannot share files (this Chromium) a tap saves
the PNG, with JavaScript off too; where it can (Web Share, stood in for here), the button says so and a tap
shares the image itself."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from PIL import Image
from playwright.sync_api import Page, expect

from companion.printing.card import CARD_SIZE
from tests.browser.fixtures import ARTIFACTS, arrived, serve, shot
from tests.browser.test_platform import no_horizontal_scroll, small_tap_targets
from tests.print.finished import play
from tests.web.apps import Phone

pytestmark = pytest.mark.browser

LINK = "#live .result-share a[data-share-result]"


@pytest.fixture(scope="module")
def finished_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A server whose database holds a finished Planeta Rica table: (base URL, the table's players' link)."""
    made: dict[str, str] = {}

    def prepare(app: Flask) -> None:
        made["table"] = play(app, Phone(app.test_client()), "planeta-rica").table

    yield from ((base, made["table"]) for base in serve(tmp_path_factory, "tests.print.serve:app",
                                                            ready_path="/print", prepare=prepare))


def saved_png(page: Page) -> bytes:
    with page.expect_download() as saving:
        page.click(LINK)
    path = saving.value.path()
    assert path is not None
    data = Path(path).read_bytes()
    image = Image.open(io.BytesIO(data))
    assert (image.format, image.size) == ("PNG", CARD_SIZE)
    assert saving.value.suggested_filename.startswith("planeta-rica-result-")
    return data


@pytest.mark.parametrize(("lang", "label"), [("en-US", "Save the result as an image"), ("ja-JP", "結果を画像で保存")])
def test_the_button_fits_and_saves_the_image(new_phone: Any, finished_server: tuple[str, str], lang: str,
                                             label: str) -> None:
    base, table = finished_server
    page = new_phone(lang=lang)
    page.goto(base + table)
    arrived(page, re.compile(re.escape(base + table) + r"(\?.*)?$"))
    link = page.locator(LINK)
    expect(link).to_have_text(label)
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    # the phone's time zone goes along, as on the summary PDF's link
    assert "tz=" in str(link.get_attribute("href"))
    shot(page, f"result-card-page-{lang[:2]}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"result-card-button-{lang[:2]}.png"))  # the screen as the player sees it
    saved_png(page)


def test_with_javascript_off_the_link_saves_the_image(new_phone: Any, finished_server: tuple[str, str]) -> None:
    base, table = finished_server
    page = new_phone(javascript=False)
    page.goto(base + table)
    expect(page.locator(LINK)).to_have_text("Save the result as an image")
    saved_png(page)


SHARE_STAND_IN = """
window.__shared = null;
navigator.canShare = (data) => !!(data && data.files && data.files.length);
navigator.share = (data) => {
  window.__shared = data.files.map((f) => [f.name, f.type, f.size]);
  return Promise.resolve();
};
"""


def test_where_files_can_be_shared_a_tap_shares_the_image(new_phone: Any, finished_server: tuple[str, str]) -> None:
    base, table = finished_server
    page = new_phone(lang="ja-JP")
    page.add_init_script(SHARE_STAND_IN)
    page.goto(base + table)
    arrived(page, re.compile(re.escape(base + table) + r"(\?.*)?$"))
    link = page.locator(LINK)
    expect(link).to_have_text("結果を画像で共有")  # the image is at hand: the button shares it
    link.click()
    page.wait_for_function("window.__shared !== null")
    ((name, kind, size),) = page.evaluate("window.__shared")
    assert name.startswith("planeta-rica-result-") and name.endswith(".png")
    assert kind == "image/png" and size > 10_000
