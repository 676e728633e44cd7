"""Strato-Sphere's whole recorded game (tests/games/strato_sphere/recorded_game.py) entered by tapping, as a player
at the table would: a node on the ring, then its move; a card picked on the reveal's picker; the defence window's
answer. What is already chosen on the page (the tapped node, a preselected chip) is not tapped again, and an entry
the table made by itself (forced.py) is not entered."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from companion.games.strato_sphere.moves import (
    Attack,
    Conceal,
    Defend,
    Draw,
    NoDefence,
    Pass,
    Place,
    Reveal,
    Shift,
    parse_move_text,
)
from tests.browser.fixtures import arrived
from tests.browser.taps import Taps
from tests.games.strato_sphere import recorded_game

RECORDED = recorded_game
GOAL = 60
BEFORE = "85 taps on the pages before issue 35 (issue 35 guessed 100–175)"


def start(page: Page, base_url: str) -> None:
    page.goto(base_url + "/new/strato-sphere")
    for seat, name in enumerate(RECORDED.SEATS):
        page.fill(f"input[name=seat{seat}]", name)
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))


def _button(page: Page, scope: str, label: str):  # type: ignore[no-untyped-def]
    return page.locator(f"{scope} button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def _node(taps: Taps, node: int) -> None:
    """The node's moves: tapped on the ring unless that node is the one open already."""
    page = taps.page
    if page.locator(f".ss-ring .ss-node.n{node}.is-selected").count():
        return
    taps.tap(page.locator(f"a.ss-node.n{node}"), f"node {node}")
    expect(page.locator("h3.ss-selected")).to_contain_text(f"Node {node}")


def _chip(taps: Taps, scope: str, name: str, value: str) -> None:
    page = taps.page
    radio = page.locator(f"{scope} input[name={name}][value='{value}']")
    if radio.is_checked():
        return
    taps.tap(page.locator(f"{scope} .ss-chip:has(input[name={name}][value='{value}'])"), f"{name} {value}")


def _card(taps: Taps, scope: str, card: str) -> None:
    """A card on a picker: one tap on its button where the page offers the card itself, else rank and suit."""
    page = taps.page
    whole = page.locator(f"{scope} button[name=card][value='{card}']")
    if whole.count():
        taps.tap(whole, f"card {card}")
        return
    _chip(taps, scope, "rank", card[:-1])
    _chip(taps, scope, "suit", card[-1])
    taps.tap(page.locator(f"{scope} button[type=submit]"), f"enter {card}")


def _enter(taps: Taps, text: str) -> None:
    page = taps.page
    move = parse_move_text(text)
    match move:
        case Draw():
            taps.tap(_button(page, ".ss-global .ss-move", "Draw a card"), "draw")
        case Pass():
            if _button(page, ".ss-global .ss-move", "Pass this move").count():
                taps.tap(_button(page, ".ss-global .ss-move", "Pass this move"), "pass")
        case Place(node):
            _node(taps, node)
            taps.tap(_button(page, ".ss-actions .ss-move", f"Place a hand card under node {node}"), text)
        case Conceal(node):
            _node(taps, node)
            taps.tap(_button(page, ".ss-actions .ss-move", f"Turn node {node} face down"), text)
        case Shift(source, target):
            _node(taps, source)
            taps.tap(_button(page, ".ss-actions .ss-move", f"Move its top card under node {target}"), text)
        case Attack(source, target):
            _node(taps, source)
            taps.tap(_button(page, ".ss-actions .ss-move", f"Attack node {target}"), text)
        case Reveal(node, card):
            _node(taps, node)
            _card(taps, ".ss-reveal", str(card))
        case Defend(seat, card):
            _chip(taps, ".ss-defend", "seat", str(seat))
            _card(taps, ".ss-defend", str(card))
        case NoDefence():
            if page.locator("#ss-window").count():  # else the table entered it (SS-7, forced.py)
                taps.tap(page.locator(".ss-no-defence button"), "no defence")
        case _:
            raise AssertionError(f"not in a recorded game: {text}")


def play(taps: Taps) -> None:
    page = taps.page
    dealer = RECORDED.SEATS[RECORDED.DEALER]
    first = RECORDED.SEATS[(RECORDED.DEALER + 1) % len(RECORDED.SEATS)]
    taps.tap(page.locator("#ss-dealer button", has_text=f"{dealer} dealt · {first} starts"), "dealer")
    for seat, moves in RECORDED.TURNS:
        expect(page.locator(".ss-status")).to_contain_text(f"{RECORDED.SEATS[seat]} to move")
        for text in moves:
            _enter(taps, text)


def check(page: Page) -> None:
    winner = RECORDED.SEATS[RECORDED.WINNERS[0]]
    ending = page.locator(".ss-ending")
    expect(ending).to_contain_text("Game over.")
    expect(ending).to_contain_text(winner)
    for node in RECORDED.DECIDING_NODES:
        expect(page.locator(f".ss-node.n{node}")).to_have_class(re.compile(r"\bis-win\b"))
    assert page.locator("#ss-moves, #ss-window").count() == 0
