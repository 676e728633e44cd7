"""Planeta Rica's tap driver (tests/browser/taps): the recorded 3-player game (tests/games/planeta_rica/
recorded_game.py) counted on a deck profile that knows the cards' values, as Planetary Sisters' and Lumière's
are: a group's saved profile, or the table's own copy after a first game taught it (``start``). On the built-in
profile, which knows no card value, each value the page asks for (a slot's reward, a planet's coin cost, a
gadget's cost, a card's VP at the end) is answered once from what the cards show (support.TEST_PROFILE, test data,
PR-6): a coin cost by the chip that also invades, a slot by the chip that also returns (``start_on_builtin``; both
games, the first and its rematch, are counted by tests/browser/test_planeta_rica_taps.py). Entries the table
makes by itself (forced.py) are not tapped."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from companion.games.planeta_rica import GAME, Phase, apply, new_state, parse_move_text
from companion.games.planeta_rica.moves import Collect, Develop, Dispatch, Donate, End, Invade, Return, Reveal, Start
from tests.browser.taps import Taps
from tests.games.planeta_rica import recorded_game as RECORDED
from tests.games.planeta_rica.support import TEST_PROFILE

GOAL = 100
BEFORE = "285 taps on the built-in profile (every return 1-3 taps, a typed coin cost, a dispatch slot by slot)"
CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in TEST_PROFILE["cards"]}


def start(page: Page, base_url: str) -> None:
    """A new table on a deck profile that knows every card's values (imported first, as a group's saved one)."""
    page.goto(base_url + "/profiles/planeta-rica")
    page.fill("#import textarea[name=text]", json.dumps(TEST_PROFILE))
    page.click("#import button[type=submit]")
    page.wait_for_load_state("load")
    _new_table(page, base_url, page.url)


def start_on_builtin(page: Page, base_url: str) -> None:
    """A new table on the built-in profile, which knows no card value (each is asked once, PR-6)."""
    _new_table(page, base_url, "")


def _new_table(page: Page, base_url: str, profile_link: str) -> None:
    page.goto(base_url + "/new/planeta-rica")
    if profile_link:
        page.fill("input[name=profile_link]", profile_link)
    for seat, name in enumerate(RECORDED.NAMES):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "setup")


def _phase(page: Page) -> str:
    return page.locator("#planeta-rica").get_attribute("data-phase") or ""


def _digits(taps: Taps, field: Any, value: int, what: str) -> None:
    taps.type(field, str(value), what)


def _return(taps: Taps, page: Page, state: Any, move: Return) -> None:
    planets = state.seats[state.to_move].planets
    form = page.locator(f'#returns form[data-planet="{move.planet}"]')
    slot = planets[move.planet].topmost
    shows = CARDS[planets[move.planet].planet.value][f"slot{slot}"]
    chip = form.locator(f'button[name="slot_shows"][value="{shows}"]')
    if chip.count():  # one tap says what the slot shows and returns the worker (PR-2, PR-6)
        taps.tap(chip, f"return {move.planet}: the slot shows {shows}")
        return
    if _picked(taps, form, state, move, shows):
        return
    if form.locator('select[name="shows"]').count():
        taps.choose(form.locator('select[name="shows"]'), shows, "what the slot shows")
    if move.copy is not None and form.locator('select[name="copy"]').count():
        taps.choose(form.locator('select[name="copy"]'), str(move.copy), "copy")
        if form.locator('select[name="copied"]').count():
            taps.choose(form.locator('select[name="copied"]'),
                        CARDS[planets[move.copy].planet.value][f"slot{slot}"], "what the copied slot shows")
    for prefix, bag in (("give_", move.give), ("take_", move.take)):
        for resource in ("tachyon", "monopole", "mithril"):
            if getattr(bag, resource):
                taps.type(form.locator(f'input[name="{prefix}{resource}"]'), str(getattr(bag, resource)), prefix)
    taps.tap(form.locator("button[type=submit].primary"), f"return {move.planet}")


def _picked(taps: Taps, form: Any, state: Any, move: Return, shows: str) -> bool:
    """A return chip (one tap: "any" and the resource taken, or the planet copied and what it pays), when the page
    offers the one this return is; an unknown slot's copy chips sit behind one more tap."""
    planets = state.seats[state.to_move].planets
    said = shows if form.locator('select[name="shows"]').count() else ""
    take = next((r for r in ("tachyon", "monopole", "mithril") if getattr(move.take, r)), "")
    if shows == "any" and not move.give.total:
        values = [f"{said}:::{take}"]
    elif shows == "copy" and move.copy is not None and not move.give.total:
        copied = CARDS[planets[move.copy].planet.value][f"slot{planets[move.planet].topmost}"]
        values = [f"{said}:{move.copy}::{take}", f"{said}:{move.copy}:{copied}:"]
    else:
        return False
    if said == "copy":
        taps.tap(form.locator(".pr-copies summary"), "the slot copies")
    for value in values:
        chip = form.locator(f'button[name="pick"][value="{value}"]')
        if chip.count():
            taps.tap(chip, f"return {move.planet}: {value}")
            return True
    raise AssertionError(f"no chip for {move} among {values}")


def _fills_from_the_top(state: Any, move: Dispatch) -> bool:
    """One planet, its topmost empty slots (PR-3): the dispatch's one-tap worker count."""
    if len(move.placements) != 1:
        return False
    placement = move.placements[0]
    empty = state.seats[state.to_move].planets[placement.planet].empty
    return tuple(placement.slots) == tuple(empty[:len(placement.slots)])


def _enter(taps: Taps, page: Page, state: Any, move: Any) -> None:
    if isinstance(move, Start):
        taps.tap(page.locator(f'.pr-status button[value="{move.seat}"]'), str(move))
    elif isinstance(move, Reveal):
        taps.tap(page.locator(f'.pr-reveal button[value="{move.planet.value}"]'), str(move))
    elif isinstance(move, Return):
        _return(taps, page, state, move)
    elif isinstance(move, Dispatch) and _fills_from_the_top(state, move):
        placement = move.placements[0]
        taps.tap(page.locator(f'#dispatch button[name="fill"][value="{placement.planet}:{len(placement.slots)}"]'),
                 str(move))
    elif isinstance(move, Dispatch):
        for placement in move.placements:
            for slot in placement.slots:
                taps.tap(page.locator(f'#dispatch label.slotbox:has(input[name="d{placement.planet}_{slot}"])'))
        taps.tap(page.locator("#dispatch button[type=submit].primary"), str(move))
    elif isinstance(move, Invade):
        chip = page.locator(f'#invade button[name="invade_at"][value="{move.planet.value}:'
                            f'{CARDS[move.planet.value]["coins"]}"]')
        if chip.count():  # the coin cost printed on the card, asked once (PR-6), and the invade: one tap
            taps.tap(chip, f"{move} at {CARDS[move.planet.value]['coins']} coins")
        else:
            taps.tap(page.locator(f'#invade button[value="{move.planet.value}"]'), str(move))
    elif isinstance(move, Develop):
        button = page.locator(f'#develop button[value="{move.gadget.value}"]')
        if "?" in button.locator(".meta").inner_text():
            if page.locator("#develop details.pr-cost:not([open])").count():
                taps.tap(page.locator("#develop details").nth(1).locator("summary"), "the card's cost")
            for choice, n in CARDS[move.gadget.value]["cost"].items():
                _digits(taps, page.locator(f'#develop input[name="cost_{choice}"]'), n, f"cost {choice}")
        if move.pay is not None:
            taps.tap(page.locator("#develop details").nth(0).locator("summary"), "resources paid")
            for resource in ("tachyon", "monopole", "mithril"):
                if getattr(move.pay, resource):
                    _digits(taps, page.locator(f'#develop input[name="pay_{resource}"]'),
                            getattr(move.pay, resource), f"pay {resource}")
        taps.tap(button, str(move))
    elif isinstance(move, Collect):
        value = "" if move.resource is None else move.resource.value
        taps.tap(page.locator(f'#collect button[value="{value}"]'), str(move))
    elif isinstance(move, Donate):
        taps.tap(page.locator('form:has(input[name="type"][value="donate"]) button'), str(move))
    elif isinstance(move, End):
        taps.tap(page.locator('form:has(input[name="type"][value="end"]) button'), str(move))


def _made_by_the_table(page: Page, state: Any, move: Any) -> bool:
    """The table made this entry itself (forced.py): the page has moved past it."""
    if isinstance(move, Reveal):
        return _phase(page) not in ("setup", "refill")
    if isinstance(move, Return) and state.phase is Phase.RETURN:
        return _phase(page) != "return" or not page.locator(f'#returns form[data-planet="{move.planet}"]').count()
    return False


def play(taps: Taps) -> None:
    page = taps.page
    state = new_state(len(RECORDED.NAMES), {}, TEST_PROFILE)
    for text in RECORDED.MOVES:
        move = parse_move_text(text)
        if not _made_by_the_table(page, state, move):
            _enter(taps, page, state, move)
        state = apply(state, move)
    expect(page.locator("#planeta-rica")).to_have_attribute("data-phase", "over")
    # PR-6: the built-in profile knows no VP: each held card type's printed VP, typed once
    asked = page.locator("#asked input[data-card]")
    for i in range(asked.count()):
        field = asked.nth(i)
        taps.type(field, str(CARDS[field.get_attribute("data-card") or ""]["vp"]), "VP")
    if asked.count():
        taps.tap(page.locator("#asked button[type=submit]"), "remember the VP")
    assert GAME.score(state).winners == (RECORDED.WINNER,)


def check(page: Page) -> None:
    winner = RECORDED.NAMES[RECORDED.WINNER]
    expect(page.locator("#winner")).to_contain_text(f"{winner} wins with {RECORDED.SCORES[RECORDED.WINNER]} VP")
    for seat, total in enumerate(RECORDED.SCORES):
        expect(page.locator(f'.pr-score[data-seat="{seat}"] .pr-sum')).to_have_text(str(total))
