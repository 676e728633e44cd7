"""Sister Combination's tap driver (tests/browser/taps): the recorded 3-player game
(tests/games/sister_combination/recorded_game.py) entered on the table page as a player taps it.

A play is its card's sister chip, the seat given 2 by 春歌's or 四葉's S.P., "リーチ" where the page's default is
not what was said, then its symbol (a button that enters the play; an S.P.'s button names the colour); on a page
whose symbols are chips, the symbol and colour chips and "Play this card". Draw, keep and take are their buttons.
The table's own entries cost nothing.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from companion.games.sister_combination import parse_move_text
from companion.games.sister_combination.cards import colour_name
from companion.games.sister_combination.moves import Play, Setup
from tests.browser.fixtures import arrived
from tests.browser.taps import Taps
from tests.games.sister_combination import recorded_game

RECORDED = recorded_game
GOAL = 40
BEFORE = "61 taps (3 players, the recorded game, on the pages before issue 35)"

BUTTONS = {"draw": ".sc-action-draw", "draw keep": ".sc-action-draw_keep", "keep": ".sc-action-keep",
           "take": ".sc-action-take"}


def start(page: Page, base_url: str) -> None:
    page.goto(base_url + "/new/sister-combination")
    for seat, name in enumerate(RECORDED.SEATS):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}"))


def _chip(taps: Taps, form: str, name: str, value: str) -> None:
    """A chip (a radio drawn as a button), left alone when it is already chosen."""
    chip = taps.page.locator(f'{form} label:has(> input[name="{name}"][value="{value}"])')
    if not chip.locator("input").is_checked():
        taps.tap(chip, f"{name}={value}")


def _version(page: Page) -> str:
    return page.locator("#sister-combination form input[name=version]").first.get_attribute("value") or ""


def _press(taps: Taps, form: str, name: str, value: str) -> bool:
    """A submit button of the form named ``name`` with ``value`` (a symbol the page made a button), if it has one."""
    button = taps.page.locator(f'{form} button[name="{name}"][value="{value}"]')
    if not button.count():
        return False
    taps.tap(button, f"{name}={value} (enters)")
    return True


def _card(taps: Taps, form: str, move: Play | Setup, submit: str) -> None:
    """The chips of a card and its choices (the seat given 2 and "リーチ" before its symbol), then its symbol; then
    the submit button when the page has not entered it yet."""
    before = _version(taps.page)
    card = move.field if isinstance(move, Setup) else move.card
    if isinstance(move, Setup):
        _chip(taps, form, "first", str(move.first))
    _chip(taps, form, "sister", card.sister.key)
    if isinstance(move, Play):
        if move.target is not None:
            _chip(taps, form, "target", str(move.target))
        reach = taps.page.locator(f"{form} input[name=reach]")
        if reach.count() and reach.is_checked() != move.reach:
            taps.tap(taps.page.locator(f"{form} .sc-reach-toggle"), f"リーチ={move.reach}")
        if move.colour is not None and _press(taps, form, "sp", colour_name(move.colour)):
            return
    if _press(taps, form, "symbol", card.symbol.value):
        return
    _chip(taps, form, "symbol", card.symbol.value)
    if isinstance(move, Play) and move.colour is not None:
        _chip(taps, form, "colour", colour_name(move.colour))
    if _version(taps.page) == before:
        taps.tap(taps.page.locator(submit), "submit")


def play(taps: Taps) -> None:
    page = taps.page
    for who, entry in RECORDED.ENTRIES:
        move = parse_move_text(entry)
        seen = len(taps.log)
        if isinstance(move, Setup):
            _card(taps, "#sister-combination form", move, "#sister-combination form button[type=submit]")
        elif isinstance(move, Play):
            _card(taps, ".sc-play", move, ".sc-play-button")
        else:
            taps.tap(page.locator(BUTTONS[str(move)]), entry)
        taps.log[seen:] = [f"{who or 'table'} {entry}: " + " / ".join(taps.log[seen:])]
        expect(page.locator("[role=alert]")).to_have_count(0)


def check(page: Page) -> None:
    over = page.locator(".sc-over")
    expect(over).to_be_visible()
    rows = over.locator(".sc-ranking li")
    expect(rows).to_have_count(len(RECORDED.RESULT))
    for row, (place, name, cards) in zip(rows.all(), RECORDED.RESULT, strict=True):
        expect(row.locator("b")).to_contain_text(str(place))
        expect(row).to_contain_text(name)
        if cards:
            expect(row).to_contain_text(f"{cards} cards")
    expect(page.locator("[data-entry-now]")).to_have_count(0)
