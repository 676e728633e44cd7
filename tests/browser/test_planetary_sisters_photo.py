"""A photo of a house on the Planetary Sisters scoring page (issue #36), at phone size: the file set on the photo
input (as the phone's camera hands it over), what was read shown card by card, the house filled in once
confirmed; with JavaScript on (sent as soon as it is chosen) and off (a plain upload form). Also the table's set-up
field and a hand shown at the end of the game."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import shot
from tests.games.planetary_sisters.support import complete_profile
from tests.web.photos import cards_in_a_row

pytestmark = pytest.mark.browser

URL = "/planetary-sisters/score"
HOUSE = ["9", "10", "11", "12", "13", "14", "15", "16"]


def _profile_knowing_every_card(page: Page, live_server: str) -> str:
    """A deck profile that knows all 36 cards, imported as a player would paste it; its ref."""
    page.goto(live_server + "/profiles/planetary-sisters")
    page.locator('#import textarea[name="text"]').fill(json.dumps(complete_profile()))
    page.locator("#import button", has_text="Import").click()
    page.wait_for_url("**/p/*")
    return "user:" + page.url.rstrip("/").rsplit("/", 1)[-1]


def _new_table_knowing_every_card(page: Page, live_server: str) -> None:
    """A new 3-seat table (Aki, Ben, Chie) on a profile that knows every card, opened on ``page``."""
    ref = _profile_knowing_every_card(page, live_server)
    page.goto(live_server + "/new/planetary-sisters")
    for i, name in enumerate(("Aki", "Ben", "Chie")):
        page.fill(f"input[name=seat{i}]", name)
    page.fill("input[name=profile_link]", ref.removeprefix("user:"))
    page.click("button[type=submit].primary")
    page.wait_for_url("**/t/*")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_photo_of_a_house_fills_it_in_after_confirming(new_phone, live_server, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=javascript)
    ref = _profile_knowing_every_card(page, live_server)
    page.goto(live_server + URL + "?" + urlencode({"players": "4", "profile": ref, "slot": "house:1"}))
    photo = page.locator('#entry input[type="file"][name="photo"]')
    expect(photo).to_have_attribute("capture", "environment")
    photo.set_input_files({"name": "house.png", "mimeType": "image/jpeg",
                           "buffer": cards_in_a_row("planetary-sisters", HOUSE, per_row=4)})
    if not javascript:  # with it, the photo is sent as soon as it is chosen
        page.locator("#entry button", has_text="Read the photo").click()
    read = page.locator("#photo-read")
    expect(read).to_contain_text("Read from the photo for Player 2's house cards: 8 cards.")
    expect(read.locator(".photo-cards li")).to_have_count(8)
    expect(page.locator(".slot-tab[data-slot='house:1'] .slot-count")).to_have_text("0/8")  # nothing in yet
    shot(page, f"planetary-sisters-photo-read-{'js' if javascript else 'no-js'}")
    read.locator("button", has_text="Put these cards in").click()
    expect(page.locator(".slot-tab[data-slot='house:1'] .slot-count")).to_have_text("8/8 ✓")
    page.locator(".slot-tab[data-slot='house:1']").click()
    chips = page.locator("#entry .ps-chips .rank")
    expect(chips).to_have_text(HOUSE)
    shot(page, f"planetary-sisters-photo-in-{'js' if javascript else 'no-js'}")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_photo_of_the_opened_field_fills_the_set_up_form(new_phone, live_server, javascript: bool) -> None:  # type: ignore[no-untyped-def]
    """The photo goes with what was tapped in the set-up form (the first parent), with JavaScript off too."""
    page = new_phone(javascript=javascript)
    _new_table_knowing_every_card(page, live_server)
    page.locator('#ps-setup label.seat-pick:has(input[value="1"])').click()
    page.locator('.ps-photo input[type="file"]').set_input_files(
        {"name": "field.jpg", "mimeType": "image/jpeg", "buffer": cards_in_a_row("planetary-sisters", ["14", "20", "19"])})
    if not javascript:
        page.locator("#ps-setup button", has_text="Read the photo").click()
    expect(page.locator("#answer")).to_contain_text("Read from the photo: 14, 20, 19.")
    expect(page.locator("#ps-setup h3")).to_have_text("The opened field: 3 of 3")
    expect(page.locator('#ps-setup input[name="parent"][value="1"]')).to_be_checked()
    shot(page, f"planetary-sisters-photo-setup-{'js' if javascript else 'no-js'}")
    page.locator("#ps-setup button.primary").click()
    expect(page.locator("#ps-turn h2")).to_contain_text("Ben")


def test_a_photo_of_a_shown_hand_fills_the_end_of_game_reveal(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    """The game over, a player shows the hand: one photo of it fills the reveal's list card by card, and the hand
    is entered once the player sends it (nothing before)."""
    from companion.games.planetary_sisters import Phase, Reveal
    from tests.games.planetary_sisters.support import play_game
    from tests.web.games.planetary_sisters.support import form_of

    page = new_phone()
    _new_table_knowing_every_card(page, live_server)
    table = page.url.split("?")[0].split("#")[0]
    play = play_game(3, seed=21)
    reveal_at = next(i for i, s in enumerate(play.states) if s.phase is Phase.REVEAL)
    csrf = page.locator('meta[name="csrf-token"]').get_attribute("content") or ""
    version = int(page.locator("#live").get_attribute("data-version") or "0")
    for move, state in zip(play.moves[:reveal_at], play.states[:reveal_at], strict=True):  # the game, entered
        sent = page.request.post(table + "/move", form={"csrf_token": csrf, "version": str(version),
                                                        **form_of(move, state)}, max_redirects=0)
        assert sent.status == 303, sent.text()[:400]
        version += 1
    reveal = play.moves[reveal_at]
    assert isinstance(reveal, Reveal)
    ranks = [str(c.rank) for c in reveal.cards]
    page.goto(table)
    form = page.locator("#ps-reveal")
    if form.locator('input[name="seat"]').get_attribute("value") != str(reveal.seat):  # whose hand: one tap
        form.locator(f'button[name="do"][value="seat:{reveal.seat}"]').click()
        expect(form.locator('input[name="seat"]')).to_have_value(str(reveal.seat))
    form = page.locator("#ps-reveal")
    form.locator('.ps-photo input[type="file"]').set_input_files(
        {"name": "hand.jpg", "mimeType": "image/jpeg", "buffer": cards_in_a_row("planetary-sisters", ranks)})
    expect(page.locator("#answer")).to_contain_text("Read from the photo:")
    name = ("Aki", "Ben", "Chie")[reveal.seat]
    expect(page.locator("#ps-reveal h3")).to_have_text(f"{name}'s hand: {len(ranks)} of {len(ranks)}")
    assert sorted((page.locator('#ps-reveal input[name="cards"]').input_value()).split(",")) == sorted(ranks)
    expect(page.locator("#live")).to_have_attribute("data-version", str(version))  # nothing written yet
    shot(page, "planetary-sisters-photo-reveal")
    page.locator("#ps-reveal button.primary").click()
    expect(page.locator("#live")).to_have_attribute("data-version", str(version + 1))
    expect(page.locator("ol.log li").first).to_contain_text(name)
