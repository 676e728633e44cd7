"""Lumière Prière's tap driver (tests/browser/taps): the recorded 4-player game (tests/games/lumiere/recorded_game.py)
entered on a phone as its players would, with the fewest taps the table page allows.

An entry the table now makes by itself (``GAME.forced``, companion/games/lumiere/forced.py) is not tapped: the
driver follows the game on the engine beside the page and skips exactly the moves the platform makes after the
entry that led there. Everything else is one tap per choice: a card button, an area of the field, an effect's
form (its heading, then each choice in it)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from companion.games.lumiere import GAME, Move, MoveCard, SwapCards, TableState, TurnCard, parse_move_text
from tests.browser.taps import Taps
from tests.games.lumiere import recorded_game
from tests.games.lumiere.support import NEW_TABLE, complete_profile

RECORDED = recorded_game
GOAL = 140
BEFORE = "238 (every get and draw phase a tap of its own)"


def start(page: Page, base_url: str) -> None:
    """A new 4-player table on a complete deck profile (imported first: the game-over card can then score)."""
    page.goto(base_url + "/profiles/lumiere")
    page.fill("#import textarea[name=text]", json.dumps(complete_profile()))
    page.click("#import button[type=submit]")
    page.wait_for_load_state("load")
    profile_link = page.url
    page.goto(base_url + "/new/lumiere")
    for i, name in enumerate(recorded_game.PLAYERS):
        page.fill(f"input[name=seat{i}]", name)
    page.fill("input[name=profile_link]", profile_link)
    page.click("button[type=submit].primary")
    expect(page.locator("#lumiere")).to_contain_text("Who won rock-paper-scissors?")


def _area(page: Page, cell: object):  # type: ignore[no-untyped-def]
    return page.locator(f'#lp-field-form .lp-area[data-cell="{cell}"]')


def _enter(taps: Taps, move: Move, text: str) -> None:
    page = taps.page
    kind = text.split()[0]
    if kind == "first":
        taps.tap(page.locator(f"#lumiere button[name=seat][value='{text.split()[1]}']"), text)
    elif kind in ("opening", "take", "set") and text.split()[1:2]:
        taps.tap(_area(page, text.split()[1]), text)
    elif kind == "play":
        taps.tap(page.locator(f"#lumiere .lp-play button[name=card][value={text.split()[1]}]"), text)
    elif isinstance(move, TurnCard):
        taps.tap(page.locator(".lp-effects summary", has_text="Turn a card"), "open: turn a card")
        form = page.locator(".lp-effects details[open] form")
        taps.tap(form.locator(f'input[name=cell][value="{move.cell}"]'), f"the card {move.cell}")
        taps.tap(form.locator(f"button[name=owner][value='{move.owner}']"), text)
    elif isinstance(move, (MoveCard, SwapCards)):  # not in the recorded game; here for another record
        raise NotImplementedError(text)
    elif kind == "get":
        taps.tap(page.get_by_role("button", name="Resolve the get phase"), text)
    elif kind == "draw":
        taps.tap(page.locator(".lp-draw button[type=submit]"), text)
    else:
        raise AssertionError(f"no way to tap {text!r}")


def play(taps: Taps) -> None:
    entries = [*recorded_game.SETUP, *(move for turn in recorded_game.TURNS for move in turn)]
    state: TableState = GAME.new_state(len(recorded_game.PLAYERS), NEW_TABLE, complete_profile())
    made_by_table: Move | None = None
    for text in entries:
        move = parse_move_text(text)
        if made_by_table is None or move != made_by_table:
            _enter(taps, move, text)
        state = GAME.apply(state, move)
        made_by_table = GAME.forced(state)  # what the platform makes after this move (entries.follow_forced)


def check(page: Page) -> None:
    over = page.locator(".lp-over")
    expect(over).to_contain_text(f"Winner: {recorded_game.WINNER}")
    for seat, total in enumerate(recorded_game.TOTALS):
        expect(page.locator(f'.total[data-seat="{seat}"]')).to_have_text(re.compile(rf"^\s*{total}\s*$"))
