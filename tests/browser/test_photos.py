"""Photos of cards on Planeta Rica's scoring page and table, and Lumière's capture checker (issue #36), at phone
size with JavaScript (the photo sent as soon as it is chosen): what was read shown card by card or area by area,
then used."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.fixtures import shot
from tests.browser.taps import planeta_rica as planeta_rica_taps
from tests.web.photos import cards_in_a_row, field_photo

pytestmark = pytest.mark.browser


def test_planeta_rica_a_players_cards_from_a_photo(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/planeta-rica/score?players=3&seat=1")
    page.locator('input[type="file"][name="photo"]').set_input_files(
        {"name": "cards.jpg", "mimeType": "image/jpeg",
         "buffer": cards_in_a_row("planeta-rica", ["tourist_planet", "tachyon_mine", "warp_gate"])})
    read = page.locator("#photo-read")
    expect(read).to_contain_text("Read from the photo for Player 2: 3 cards.")
    shot(page, "planeta-rica-photo-read")
    read.locator("button", has_text="Put these cards in").click()
    expect(page.locator(".pr-chips")).to_contain_text("Tourist Planet")
    expect(page.locator(".pr-chips")).to_contain_text("Warp Gate")


def test_lumiere_the_field_from_a_photo(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/lumiere/captures")
    layout = [(0, 0, "commoner", 0, "ab"), (0, 3, "yokai_master", 1, "ab"), (2, 1, "exorcist", 2, "ab"),
              (3, 3, "warrior", 3, "ab"), (1, 2, "magician", 1, "ab")]
    page.locator('#lp-photo input[type="file"]').set_input_files(
        {"name": "field.png", "mimeType": "image/png", "buffer": field_photo(layout, 17.0)})
    read = page.locator("#photo-read")
    expect(read).to_contain_text("Read from the photo: 5 cards.")
    expect(read.locator(".photo-cards li").first).to_have_text("A1: Commoner, facing Player 1")
    shot(page, "lumiere-photo-read")
    read.locator("button", has_text="Use this field").click()
    expect(page.locator('[data-cell="r2c1"]')).to_contain_text("Exorcist")
    shot(page, "lumiere-photo-used")


def test_planeta_rica_the_first_market_from_one_photo_and_one_tap(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """Set-up (PR-1): five planets turned up, entered from a photo of them in two taps instead of five."""
    page = new_phone()
    planeta_rica_taps.start_on_builtin(page, live_server)
    page.click('.pr-status button[value="0"]')  # Aki starts
    expect(page.locator("#planeta-rica")).to_contain_text("Start player: Aki")  # the answer is drawn: its photo form
    planets = ["tourist_planet", "ai_autonomy", "tachyon_mine", "endymion", "merchant_guild"]
    page.locator('.pr-photo input[type="file"][name="photo"]').set_input_files(
        {"name": "market.jpg", "mimeType": "image/jpeg", "buffer": cards_in_a_row("planeta-rica", planets)})
    offer = page.locator(".pr-photo-read")
    expect(offer).to_contain_text("Read from the photo, not turned up yet: Tourist Planet, AI Autonomous Zone, "
                                  "Tachyon Mine, Endymion, Merchant Guild")
    shot(page, "planeta-rica-market-photo-read")
    button = offer.locator("button", has_text="Turn up these 5 planets")
    expect(button).to_be_in_viewport()  # the page opens at it: the next entry, above the dock
    page.screenshot(path="test-artifacts/planeta-rica-market-photo-screen.png")
    button.click()
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "action")
    for name in ("Tourist Planet", "AI Autonomous Zone", "Tachyon Mine", "Endymion", "Merchant Guild"):
        expect(page.locator(".pr-market")).to_contain_text(name)
    expect(page.locator("ol.log li").first).to_contain_text("Turned up Merchant Guild for the market")
    expect(page.locator("ol.log li")).to_have_count(6)  # the start player and one entry per planet
    expect(page.locator(".undo-what")).to_contain_text("Merchant Guild")  # each its own Undo
