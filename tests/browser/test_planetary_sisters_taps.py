"""Planetary Sisters' scoring page, counted in taps: a whole 4-player game (all 36 cards of a made-up
deck that satisfies PS-2) scored at phone size by tapping only. Every click and every key counts as a tap.

- a new deck, by the element icons (the built-in profile knows no card), then "remember these cards" where the
  last card went in: ≤ 80 taps with JavaScript on; the next game with that deck, one tap per card on its set of
  icons: ≤ 40 taps;
- a new deck with every card's rank too, remembered the same way (counted and printed: one tap per rank and per
  element type is the floor, 90 for this deck); the next game, one tap per rank: ≤ 40 taps;
- JavaScript off: the same game by plain form posts reaches the same scores (more taps: Add for every card).

Back walks the steps (page.go_back() lands on the step before with its cards); clearing a slot is undone with
one tap. Screenshots of each step in both languages go to test-artifacts/ (ps-taps-*.png).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from companion.games.planetary_sisters import Card, ElementSet, score_player
from tests.browser.fixtures import settled, shot
from tests.browser.test_planetary_sisters import no_horizontal_scroll, small_tap_targets
from tests.games.planetary_sisters.support import SYNTHETIC_DECK

pytestmark = pytest.mark.browser

URL = "/planetary-sisters/score"
ROUND = ("FOOD", "PLANT", "ANIMAL")  # the built-in profile's round types, in its order (PS-1)


def deal() -> tuple[list[int], list[list[int]]]:
    """A realistic end of a 4-player game: the 36 ranks dealt into a field of 4 and four houses of 8."""
    ranks = sorted(SYNTHETIC_DECK)
    random.Random(15).shuffle(ranks)
    return ranks[:4], [ranks[4 + 8 * seat:12 + 8 * seat] for seat in range(4)]


def card(rank: int) -> Card:
    return Card.of(SYNTHETIC_DECK[rank], rank)


def expected_totals() -> list[int]:
    field, houses = deal()
    return [score_player([card(r) for r in house], [card(r) for r in field], ElementSet.default()).total
            for house in houses]


class Taps:
    """Taps the page and counts them; with JavaScript on, waits for htmx to finish each answer."""

    def __init__(self, page: Page, javascript: bool = True) -> None:
        self.page = page
        self.javascript = javascript
        self.count = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1
        if self.javascript:
            settled(self.page)
        else:
            self.page.wait_for_load_state("load")

    def entered(self) -> int:
        return int(self.page.locator("#sheet").get_attribute("data-entered") or "0")


def icons_in_order(rank: int) -> Iterator[tuple[str, int]]:
    """A card's icons as a player taps them: round types first, then its pointed or crown type."""
    elements = SYNTHETIC_DECK[rank]
    yield from ((name, elements[name]) for name in ROUND if name in elements)
    yield from ((name, count) for name, count in elements.items() if name not in ROUND)


def tap_icons(taps: Taps, rank: int) -> None:
    entry = taps.page.locator("#entry")
    for name, count in icons_in_order(rank):
        if name in ROUND:
            taps.tap(entry.locator(f'label.count:has(input[name="el_{name}"][value="{count}"])'))
        else:
            taps.tap(entry.locator(f'label.toggle:has(input[name="el_{name}"])'))


def enter_by_icons(taps: Taps, ranks: list[int], shots: dict[int, str] | None = None) -> None:
    """Each card by its element icons (Add only when it did not go in by itself); a screenshot after the cards
    numbered in ``shots``."""
    for number, rank in enumerate(ranks):
        before = taps.entered()
        tap_icons(taps, rank)
        add_if_waiting(taps, before)
        if shots and number in shots:
            looks_right(taps.page, shots[number])


def tap_icon_set(taps: Taps, rank: int) -> None:
    """The one tap of a card whose set of icons the deck profile remembered."""
    taps.tap(taps.page.locator(f'#entry button.icon-chip[value="{Card(card(rank).elements, None)}"]'))


def add_if_waiting(taps: Taps, before: int) -> None:
    """Add, only when the card did not go in by itself (its icons leave room for more: PS-2)."""
    if taps.entered() == before:
        taps.tap(taps.page.locator('#entry button[name="do"][value="add"]'))
    expect(taps.page.locator("#sheet")).to_have_attribute("data-entered", str(before + 1))


def all_ranks() -> list[int]:
    field, houses = deal()
    return field + [r for house in houses for r in house]


def check_final_scores(page: Page, final: str = "Final scores", winner: str = "winner") -> None:
    totals = expected_totals()
    results = page.locator("#results")
    expect(results.locator("h2")).to_have_text(final)
    for seat, total in enumerate(totals):
        expect(results.locator(f'.ps-ranking .ps-total[data-seat="{seat}"]')).to_have_text(str(total))
        expect(results.locator(f'section.ps-score[data-seat="{seat}"] h3 .ps-total')).to_have_text(str(total))
    best = max(totals)
    for seat, total in enumerate(totals):
        row = results.locator(f'.ps-ranking li[data-seat="{seat}"]')
        if total == best:
            expect(row.locator(".tag.win")).to_have_text(winner)
        else:
            expect(row.locator(".tag.win")).to_have_count(0)


TARGETS = "#sheet button, #sheet a.button, #sheet label.rank-cell, #sheet label.count, #sheet label.toggle, #sheet summary"


def under_44(page: Page) -> list[str]:
    """Tap targets of the sheet smaller than 44 × 44 px."""
    return page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])'))
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 44)
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""", TARGETS)


def looks_right(page: Page, name: str) -> None:
    """No sideways scrolling, every tap target at least 44 × 44 px, and a screenshot to look at."""
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    assert under_44(page) == []
    shot(page, name)


def test_a_new_deck_by_its_icons_is_remembered_in_80_taps_and_the_next_game_takes_at_most_40(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + URL)
    taps = Taps(page)
    enter_by_icons(taps, all_ranks(), {n: f"ps-taps-icons-{n}-en" for n in (0, 3, 4)})
    check_final_scores(page)
    # "remember these cards" is offered where the last card went in: the deck is kept by its sets of icons
    remember = page.locator('#entry button[value="remember"]')
    expect(remember).to_have_text("Remember these 36 cards")
    expect(page.locator("#entry .remember-now")).to_contain_text(
        "36 cards entered by their icons alone are not in the deck profile yet")
    looks_right(page, "ps-taps-icons-final-en")
    taps.tap(remember)
    expect(page.locator("#sheet .notice").first).to_have_text("36 cards remembered in your deck profile.")
    print(f"\nPlanetary Sisters, 4 players, new deck by icons and remembered, JavaScript on: {taps.count} taps")
    assert taps.count <= 80

    # the next game with that deck: one tap per card, on its set of icons
    taps.count = 0
    taps.tap(page.locator("#results a.button", has_text="New game with this deck profile"))
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "0")
    chips = page.locator("#entry button.icon-chip")
    expect(chips).to_have_count(len({str(card(rank).elements) for rank in all_ranks()}))
    looks_right(page, "ps-taps-by-icons-remembered-start-en")
    for number, rank in enumerate(all_ranks()):
        tap_icon_set(taps, rank)
        expect(page.locator("#sheet")).to_have_attribute("data-entered", str(number + 1))
        if number == 5:
            looks_right(page, "ps-taps-by-icons-remembered-5-en")
    check_final_scores(page)
    looks_right(page, "ps-taps-by-icons-remembered-final-en")
    print(f"Planetary Sisters, 4 players, deck remembered by icons: {taps.count} taps")
    assert taps.count <= 40

    # the card editor shows what was remembered, and forgetting it takes a second tap
    expect(page.locator("#sheet .ps-profile")).to_contain_text("0 of 36 cards known · 36 known by their icons")
    page.locator("#sheet .ps-profile a", has_text="Card editor").click()
    section = page.locator("#unranked")
    expect(section.locator("h2")).to_have_text("Known by their icons alone")
    expect(section.locator(".unranked-list li")).to_have_count(len({str(card(r).elements) for r in all_ranks()}))
    forget = section.locator('button[value="forget_unranked"]')
    expect(forget).to_be_hidden()
    section.locator("summary", has_text="Forget these icons").click()
    expect(forget).to_have_text("Yes, forget them")
    section.scroll_into_view_if_needed()
    no_horizontal_scroll(page)
    assert small_tap_targets(page) == []
    shot(page, "ps-editor-unranked-en")


def test_a_new_deck_with_ranks_is_remembered_and_the_next_game_takes_at_most_40_taps(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + URL)
    taps = Taps(page)
    entry = page.locator("#entry")
    ranks = all_ranks()
    for number, rank in enumerate(ranks):
        # the rank first: it also finishes the card before it (which went in unless its icons left room)
        taps.tap(entry.locator(f'label.rank-cell:has(input[name="rank"][value="{rank}"])'))
        if number:
            expect(page.locator("#sheet")).to_have_attribute("data-entered", str(number))
        tap_icons(taps, rank)
        if number == 5:
            looks_right(page, "ps-taps-ranks-pending-en")
    add_if_waiting(taps, len(ranks) - 1)
    check_final_scores(page)
    # "remember these cards" is offered where the last card went in
    remember = page.locator('#entry button[value="remember"]')
    expect(remember).to_have_text("Remember these 36 cards")
    looks_right(page, "ps-taps-ranks-final-en")
    taps.tap(remember)
    expect(page.locator("#sheet .notice").first).to_have_text("36 cards remembered in your deck profile.")
    first = taps.count
    print(f"\nPlanetary Sisters, 4 players, new deck with every rank and remembered: {first} taps")
    assert first <= 36 + 54 + 2  # one tap per rank and per element type (the floor), Add once, Remember

    # the next game with the same deck: one tap per card
    taps.count = 0
    taps.tap(page.locator("#results a.button", has_text="New game with this deck profile"))
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "0")
    looks_right(page, "ps-taps-remembered-start-en")
    for rank in ranks:
        taps.tap(entry.locator(f'button.rank-cell[name="add_rank"][value="{rank}"]'))
    check_final_scores(page)
    looks_right(page, "ps-taps-remembered-final-en")
    print(f"Planetary Sisters, 4 players, remembered deck: {taps.count} taps")
    assert taps.count <= 40

    # Back walks the steps: the step before the last card, with its 35 cards
    # (each step is loaded again: htmx keeps no copy of a page, base.html; the next Back waits for the page)
    page.go_back(wait_until="load")
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "35")
    expect(page.locator('button[data-slot="house:3"] .slot-count')).to_have_text("7/8")
    page.wait_for_load_state("load")
    page.go_back(wait_until="load")
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "34")
    expect(page.locator("h1")).to_have_text("Planetary Sisters: score a finished game")
    # the step brought back is a working page: its next tap carries on from there
    taps.tap(entry.locator(f'button.rank-cell[name="add_rank"][value="{ranks[34]}"]'))
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "35")
    looks_right(page, "ps-taps-after-back-en")


def test_clearing_a_slot_is_undone_with_one_tap_and_back_returns_the_step(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    for javascript in (True, False):
        page = new_phone(javascript=javascript)
        page.goto(live_server + URL)
        taps = Taps(page, javascript)
        enter_by_icons(taps, all_ranks()[:3])
        taps.tap(page.locator('#entry button[value="clear:field"]'))  # no question first: it can be undone
        expect(page.locator("#sheet")).to_have_attribute("data-entered", "0")
        expect(page.locator("#answer")).to_contain_text("3 cards taken out.")
        looks_right(page, f"ps-taps-cleared-{'js' if javascript else 'nojs'}-en")
        taps.tap(page.locator("#answer a", has_text="Undo"))
        expect(page.locator("#sheet")).to_have_attribute("data-entered", "3")
        expect(page.locator("#entry .ps-chips .ps-card")).to_have_count(3)
        page.go_back(wait_until="load")  # back to the cleared step, its undo offer with it
        expect(page.locator("#sheet")).to_have_attribute("data-entered", "0")
        expect(page.locator("#answer")).to_contain_text("3 cards taken out.")
        page.wait_for_load_state("load")
        page.go_back(wait_until="load")  # and to the step before the clear, with its 3 cards
        expect(page.locator("#sheet")).to_have_attribute("data-entered", "3")


def test_without_javascript_the_same_game_reaches_the_same_scores(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + URL)
    taps = Taps(page, javascript=False)
    enter_by_icons(taps, all_ranks())
    check_final_scores(page)
    looks_right(page, "ps-taps-nojs-final-en")
    print(f"\nPlanetary Sisters, 4 players, new deck by icons, JavaScript off: {taps.count} taps")
    # remembered by its icons and played again by them, with plain form posts too
    taps.tap(page.locator('#entry button[value="remember"]'))
    expect(page.locator("#sheet .notice").first).to_have_text("36 cards remembered in your deck profile.")
    taps.tap(page.locator("#results a.button", has_text="New game with this deck profile"))
    for number, rank in enumerate(all_ranks()[:5]):
        tap_icon_set(taps, rank)
        expect(page.locator("#sheet")).to_have_attribute("data-entered", str(number + 1))
    looks_right(page, "ps-taps-nojs-by-icons-en")


def test_the_japanese_page_scores_the_same_game(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(live_server + URL)
    taps = Taps(page)
    enter_by_icons(taps, all_ranks(), {n: f"ps-taps-icons-{n}-ja" for n in (0, 4)})
    check_final_scores(page, final="最終得点", winner="勝者")
    looks_right(page, "ps-taps-icons-final-ja")
    taps.tap(page.locator('#entry button[value="clear:house:3"]'))
    expect(page.locator("#answer")).to_contain_text("8 枚を取り除きました。")
    expect(page.locator("#answer a")).to_have_text("元に戻す")
    looks_right(page, "ps-taps-cleared-ja")
    taps.tap(page.locator("#answer a", has_text="元に戻す"))
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "36")
    # remembered by its icons, and the next game's sets of icons in Japanese
    expect(page.locator("#entry .remember-now")).to_contain_text("アイコンだけで入力した36枚のカード")
    taps.tap(page.locator('#entry button[value="remember"]'))
    expect(page.locator("#sheet .notice").first).to_have_text("36 枚のカードをデッキプロファイルに記憶しました。")
    taps.tap(page.locator("#results a.button", has_text="このデッキプロファイルで次のゲーム"))
    tap_icon_set(taps, all_ranks()[0])
    expect(page.locator("#sheet")).to_have_attribute("data-entered", "1")
    expect(page.locator("#entry .icon-chips .left").first).to_contain_text("残り")
    looks_right(page, "ps-taps-by-icons-ja")
