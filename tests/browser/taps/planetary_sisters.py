"""Planetary Sisters' recorded 4-player game (tests/games/planetary_sisters/recorded_game.py) entered at a table
by tapping (issue 35). The table uses a deck profile that knows every card, imported once before the game (as a
group keeps one and picks it when it opens a table: not counted, like opening the table), so a card is one tap on
its rank. The hidden hands stay entered by the players (rule text §2): each card played from a hand and, at the
end (§4.5), each hand's cards the table has not seen."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from companion.games.planetary_sisters import Reveal
from tests.browser.fixtures import ARTIFACTS, arrived
from tests.browser.taps import Taps
from tests.games.planetary_sisters import recorded_game as RECORDED
from tests.games.planetary_sisters.support import complete_profile, replay_recorded

GOAL = 90
BEFORE = "130 taps (measured on main at 244f27b: field card tapped, then Enter; seen cards behind a tap)"

__all__ = ["BEFORE", "GOAL", "RECORDED", "check", "play", "start"]


def start(page: Page, base_url: str) -> None:
    """The complete profile imported, then a table of four opened with it."""
    page.goto(f"{base_url}/profiles/planetary-sisters")
    page.fill('#import textarea[name="text"]', json.dumps(complete_profile()))
    page.click('#import button[type="submit"]')
    arrived(page, re.compile(r"/p/[A-Za-z0-9_-]+$"))
    token = page.url.rsplit("/", 1)[1]
    page.goto(f"{base_url}/new/planetary-sisters?profile={token}")
    for seat, name in enumerate(RECORDED.NAMES):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))


def _unseen_at_end() -> list[tuple[int, list[int]]]:
    """Each seat and the cards its hand shows at the end that the table had not seen (what its owner enters,
    §4.5)."""
    moves, _states = replay_recorded()
    return [(move.seat, [card.rank or 0 for card in move.cards]) for move in moves if isinstance(move, Reveal)]


def play(taps: Taps) -> None:
    page = taps.page
    setup = page.locator("#ps-setup")
    taps.tap(setup.locator(f'label.seat-pick:has(input[value="{RECORDED.FIRST_PARENT}"])'), "first parent")
    for rank in RECORDED.FIELD:
        taps.tap(page.locator(f'#ps-setup button[name="add_rank"][value="{rank}"]'), f"field {rank}")
    taps.tap(page.locator("#ps-setup button.primary"), "start")
    for number, turns in enumerate(RECORDED.ROUNDS, start=1):
        for seat, played, taken in turns:
            _turn(taps, seat, played, taken, look=number == 3 and seat == turns[0][0])
    for seat, ranks in _unseen_at_end():
        if not page.locator("#ps-reveal").count():
            break  # the last hand is the table's: the ranks found nowhere else (§4.5, PS-7)
        expect(page.locator('#ps-reveal input[name="seat"]')).to_have_value(str(seat))
        for number, rank in enumerate(ranks, start=1):  # the last one enters the hand
            taps.tap(page.locator(f'#ps-reveal button[name="add_rank"][value="{rank}"]'), f"shown {rank}")
            if seat == 1 and number == 1:  # the hand being shown, at phone size (test-artifacts/)
                page.locator("#ps-reveal").screenshot(path=str(ARTIFACTS / "taps-planetary_sisters-reveal.png"))


def _turn(taps: Taps, seat: int, played: int, taken: int, look: bool = False) -> None:
    """The card played, by its rank (seen or not: the picker shows no hand, §2), then the field card taken,
    which enters the turn."""
    form = taps.page.locator("#ps-turn")
    expect(form.locator('input[name="seat"]')).to_have_value(str(seat))
    taps.tap(form.locator(f'label.rank-cell:has(input[name="p_rank"][value="{played}"])'), f"played {played}")
    if look:  # the turn form at phone size, a card the table saw taken among the hand (test-artifacts/)
        ARTIFACTS.mkdir(exist_ok=True)
        form.screenshot(path=str(ARTIFACTS / "taps-planetary_sisters-turn.png"))
    taps.tap(form.locator(f'button.take[name="taken"]:has(.rank:text-is("{taken}"))'), f"took {taken}")


def check(page: Page) -> None:
    final = page.locator("#final-scores")
    expect(final.locator("h2")).to_have_text("Final scores")
    for seat, total in enumerate(RECORDED.TOTALS):
        expect(final.locator(f'.ps-ranking .ps-total[data-seat="{seat}"]')).to_have_text(str(total))
    expect(final.locator(f'.ps-ranking li[data-seat="{RECORDED.WINNER}"] .tag.win')).to_be_visible()
    expect(final.locator(".ps-ranking .tag.win")).to_have_count(1)
