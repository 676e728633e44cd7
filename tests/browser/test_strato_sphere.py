"""Strato-Sphere at phone size (390 × 844) in headless Chromium against gunicorn: a short scripted game through
an attack and a defence, the ring's geometry, the dispute page with JavaScript off, and Japanese."""

from __future__ import annotations

import math
import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.browser.fixtures import arrived, shot

pytestmark = pytest.mark.browser


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def small_tap_targets(page: Page) -> list[str]:
    page.wait_for_load_state("load")  # a page a form submission brought: measured with its stylesheets
    return page.evaluate("""() => [...document.querySelectorAll('button, a.button, a.ss-node, input, select, summary')]
        .filter(e => e.offsetParent !== null && !(e.tagName === 'SUMMARY' ? e.parentElement.parentElement : e)?.closest('details:not([open])') && e.type !== 'hidden')
        .map(e => [e.outerHTML.slice(0, 70), e.getBoundingClientRect()])
        .filter(([_, r]) => r.height < 44 || r.width < 44)
        .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")


def boxes(page: Page) -> dict[int, dict[str, float]]:
    found = {}
    for node in page.locator(".ss-ring .ss-node").all():
        index = int(node.get_attribute("data-node") or "-1")
        box = node.bounding_box()
        assert box is not None
        found[index] = box
    return found


def gap(a: dict[str, float], b: dict[str, float]) -> float:
    dx = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]), 0)
    dy = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]), 0)
    return math.hypot(dx, dy)


def centre(box: dict[str, float]) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def check_ring_geometry(page: Page, players: int) -> None:
    """SS-1 as the table sees it: every node touches (or nearly) its two ring neighbours, the seams and the
    wrap-around included; each seat's middle node lies further out than its end nodes (a V); nothing overlaps."""
    page.wait_for_load_state("load")  # the stylesheets place the nodes
    found = boxes(page)
    size = 3 * players
    assert sorted(found) == list(range(size))
    width = found[0]["width"]
    assert width >= 60 and found[0]["height"] >= 44
    ring = page.locator(".ss-ring").bounding_box()
    assert ring is not None
    middle = (ring["x"] + ring["width"] / 2, ring["y"] + ring["height"] / 2)
    for node in range(size):
        neighbour = (node + 1) % size
        assert gap(found[node], found[neighbour]) < 0.45 * width, f"nodes {node} and {neighbour} do not touch"
        for other in range(node + 1, size):
            overlap = gap(found[node], found[other]) == 0 and not (
                found[node]["x"] + found[node]["width"] <= found[other]["x"] + 0.5
                or found[other]["x"] + found[other]["width"] <= found[node]["x"] + 0.5
                or found[node]["y"] + found[node]["height"] <= found[other]["y"] + 0.5
                or found[other]["y"] + found[other]["height"] <= found[node]["y"] + 0.5)
            assert not overlap, f"nodes {node} and {other} overlap"
    for seat in range(players):
        ends = [math.dist(centre(found[3 * seat + k]), middle) for k in (0, 2)]
        assert math.dist(centre(found[3 * seat + 1]), middle) > max(ends), f"seat {seat}'s nodes are not in a V"
    # Seat 0 sits at the bottom (the phone's edge), seat 1 clockwise from it.
    assert centre(found[1])[1] > centre(found[3 * (players // 2) + 1])[1]


def tap_node(page: Page, node: int) -> None:
    page.click(f"a.ss-node.n{node}")
    expect(page.locator("h3.ss-selected")).to_contain_text(f"Node {node}")


def pick(page: Page, form: str, name: str, value: str) -> None:
    page.locator(f"{form} .ss-chip:has(input[name={name}][value='{value}'])").click()


def reveal(page: Page, node: int, rank: str, suit: str) -> None:
    """The node, then the card it shows: one tap on the card enters it (issue 35)."""
    tap_node(page, node)
    page.click(f".ss-reveal button[name=card][value='{rank}{suit}']")


def tap_move(page: Page, label: str) -> None:
    version = page.locator("#live").get_attribute("data-version")
    page.locator(".ss-move button", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).click()
    expect(page.locator("#live")).not_to_have_attribute("data-version", version or "")


def test_a_short_game_through_an_attack_and_a_defence(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    page.goto(live_server + "/new/strato-sphere")
    page.fill("input[name=seat0]", "Aki")
    page.fill("input[name=seat1]", "Ben")
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    # The table asks who dealt first (SS-5): Ben did, so Aki, on his left, moves first.
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"Who dealt\? Play starts with the player on the "
                                                               r"dealer's left"))
    assert small_tap_targets(page) == []
    page.locator("#ss-dealer button", has_text="Ben dealt · Aki starts").click()
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"Turn 1 · Aki to move · move 1 of 3"))
    expect(page.locator(".ss-started")).to_contain_text("Ben dealt; Aki, on the dealer's left, played first")
    no_horizontal_scroll(page)
    check_ring_geometry(page, 2)

    # Turn 1, Aki: turn node 1 up (K♦: Aki plays red; Ben's force waits for his own reveal, SS-3), put a
    # card under it, draw.
    reveal(page, 1, "K", "D")
    expect(page.locator(".ss-node.n1")).to_contain_text("K♦")
    expect(page.locator(".ss-seat.s1 .ss-force")).to_have_text("?")
    expect(page.locator("h3.ss-selected")).to_contain_text("Node 1 · K♦ · 1 card · Aki")  # still tapped
    tap_move(page, "Place a hand card under node 1")
    tap_move(page, "Draw a card")
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"Turn 2 · Ben to move · move 1 of 3"))

    # Turn 2, Ben: Q♠ on node 2, next to Aki's node 1; a card under it; draw.
    reveal(page, 2, "Q", "S")
    expect(page.locator(".ss-seat.s1 .ss-force")).to_have_text("black")
    tap_move(page, "Place a hand card under node 2")
    tap_move(page, "Draw a card")

    # Turn 3, Aki: node 0 is neutral, so attacking it is refused with the reason; node 2 is Ben's.
    tap_node(page, 1)
    assert small_tap_targets(page) == []
    no_horizontal_scroll(page)
    expect(page.locator(".ss-move.illegal", has_text="Attack node 0")).to_contain_text(
        "Only a node an opponent controls can be attacked")
    page.locator(".ss-move button", has_text="Attack node 0").click()
    expect(page.locator(".notice.bad")).to_contain_text("Not allowed by the rules, so nothing was saved:")
    expect(page.locator(".notice.bad")).to_contain_text("(SS-6)")
    shot(page, "strato-sphere-refused")
    tap_move(page, "Attack node 2")
    window = page.locator("#ss-window")
    expect(window).to_contain_text("Aki attacks node 2 (Q♠) from node 1 (K♦).")
    assert window.locator(".ss-defend button[name=card]").all_inner_texts() == ["A♥", "K♥", "A♦"]
    expect(window.locator("input[name=seat][value='1']")).to_be_checked()  # Ben's node is attacked: chosen first
    expect(page.locator(".ss-node.n1")).to_have_class(re.compile(r"\bis-from\b"))
    expect(page.locator(".ss-node.n2")).to_have_class(re.compile(r"\bis-to\b"))
    assert page.locator("#ss-moves").count() == 0
    assert small_tap_targets(page) == []
    no_horizontal_scroll(page)
    shot(page, "strato-sphere-defence-window")

    # Ben defends with A♥ (SS-7): A♥ and K♦ are discarded, node 1 turns neutral, node 2 is untouched. One tap.
    page.click(".ss-defend button[name=card][value=AH]")
    expect(page.locator(".ss-node.n1")).to_have_text(re.compile(r"1\s*×1\s*neutral"))
    expect(page.locator(".ss-node.n2")).to_have_text(re.compile(r"2\s*×2\s*Q♠\s*Ben"))
    expect(page.locator("#ss-piles .ss-discard")).to_have_text("K♦A♥")
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"Turn 3 · Aki to move · move 2 of 3"))
    expect(page.locator(".ss-seat.s1 .ss-hand")).to_have_text("hand 5")
    expect(page.locator("ol.log li").first).to_contain_text("Ben defended with A♥")
    no_horizontal_scroll(page)
    shot(page, "strato-sphere-after-defence")

    # Undo takes the defence back: the window is open again.
    page.click("text=Undo last entry")
    expect(page.locator("#ss-window")).to_be_visible()
    page.locator(".ss-no-defence button").click()
    expect(page.locator(".ss-node.n2")).to_have_text(re.compile(r"2\s*×1\s*neutral"))
    expect(page.locator("#ss-piles .ss-discard")).to_have_text("K♦Q♠")


def test_four_players_ring_and_japanese(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(lang="ja-JP")
    page.goto(live_server + "/new/strato-sphere")
    for i, name in enumerate(("Aki", "Ben", "Chie", "Dan")):
        page.fill(f"input[name=seat{i}]", name)
    page.click("button[type=submit].primary")
    page.wait_for_load_state("load")  # the table page, its scripts listening
    page.locator("#ss-dealer button", has_text="Danさんが配った · Akiさんから").click()
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"手番1 · Akiさんの番 · 3手中1手目"))
    check_ring_geometry(page, 4)
    reveal_ja = page.locator("a.ss-node.n11")
    reveal_ja.click()
    expect(page.locator("h3.ss-selected")).to_contain_text("ノード11")
    expect(page.locator(".ss-move", has_text="一番上のカードをノード0の一番下へ移動")).to_contain_text(
        "ノードを空にする行動はできません")
    assert small_tap_targets(page) == []
    no_horizontal_scroll(page)
    shot(page, "strato-sphere-ja-4p")


def test_the_dispute_page_with_javascript_off(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone(javascript=False)
    page.goto(live_server + "/")
    page.click("#game-strato-sphere >> text=Settle a dispute")
    expect(page.locator("h1")).to_have_text("Strato-Sphere: settle a dispute")
    check_ring_geometry(page, 4)
    page.click("a.ss-node.n11")
    expect(page.locator(".ss-step")).to_contain_text("Node 11 attacks.")
    page.click("a.ss-node.n0")  # across the wrap-around
    expect(page.locator(".ss-step")).to_contain_text("Node 11 attacks node 0.")
    form = ".ss-dispute-form"
    pick(page, form, "player", "3")
    pick(page, form, "f3", "C")
    pick(page, form, "f0", "D")
    for prefix, rank, suit, count in (("a", "10", "C", "3"), ("t", "J", "D", "2")):
        pick(page, form, prefix + "r", rank)
        pick(page, form, prefix + "s", suit)
        pick(page, form, prefix + "n", count)
    page.click("button[value=attack]")
    answer = page.locator("#answer")
    expect(answer).to_contain_text("✗ Node 11 may not attack node 0.")
    expect(answer).to_contain_text("The attacked top card J♦ outranks the attacking 10♣: only a top card of rank 10 "
                                   "or lower can be attacked from here.")
    expect(answer.locator("li.ok")).to_have_count(5)
    assert small_tap_targets(page) == []
    no_horizontal_scroll(page)
    # What was tapped stays tapped: change one card and ask again.
    pick(page, form, "tr", "9")
    page.click("button[value=attack]")
    expect(answer).to_contain_text("✓ Node 11 may attack node 0.")
    expect(answer).to_contain_text("cards that could still do it: A♣, K♣, Q♣, J♣, 10♣")
    pick(page, form, "dr", "J")
    pick(page, form, "ds", "C")
    page.click("button[value=defend]")
    expect(answer).to_contain_text("✓ J♣ defends.")
    shot(page, "strato-sphere-dispute")


def start_two(page: Page, live_server: str) -> None:
    page.goto(live_server + "/new/strato-sphere")
    page.fill("input[name=seat0]", "Aki")
    page.fill("input[name=seat1]", "Ben")
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    page.locator("#ss-dealer button", has_text="Ben dealt · Aki starts").click()
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"Turn 1 · Aki to move · move 1 of 3"))


def test_a_tapped_node_survives_a_reload_and_another_phones_entry(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    start_two(page, live_server)
    tap_node(page, 1)
    expect(page).to_have_url(re.compile(r"\?(.*&)?sel=1(&|#|$)"))  # the tapped node is in the address, the step kept
    assert "at=" in page.url
    # Another phone enters a move: this phone's next version still has node 1 open.
    other = new_phone()
    other.goto(page.url.split("?")[0])
    other.wait_for_load_state("load")
    tap_move(other, "Draw a card")
    expect(page.locator(".ss-status")).to_have_text(re.compile(r"move 2 of 3"))
    expect(page.locator("h3.ss-selected")).to_contain_text("Node 1")
    # The page reloads: the node is open, its cards offered, as left.
    page.reload()
    page.wait_for_load_state("load")
    expect(page.locator("h3.ss-selected")).to_contain_text("Node 1")
    shot(page, "strato-sphere-reveal-after-reload")
    page.click(".ss-reveal button[name=card][value=KD]")
    expect(page.locator(".ss-node.n1")).to_contain_text("K♦")
    # Closed, the node leaves the address too: a reload shows no node open.
    page.locator("a.button", has_text="Close node 1").click()
    expect(page.locator("h3.ss-selected")).to_have_count(0)
    expect(page).not_to_have_url(re.compile(r"sel="))
    page.reload()
    page.wait_for_load_state("load")
    expect(page.locator("p.ss-hint")).to_be_visible()
    expect(page.locator("h3.ss-selected")).to_have_count(0)


def test_without_javascript_a_tapped_node_lives_in_the_address(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    start_two(page, live_server)
    plain = new_phone(javascript=False)
    plain.goto(page.url.split("?")[0])
    plain.click("a.ss-node.n2")
    expect(plain.locator("h3.ss-selected")).to_contain_text("Node 2")
    assert "sel=2" in plain.url
    plain.reload()
    expect(plain.locator("h3.ss-selected")).to_contain_text("Node 2")
    # One tap on a card enters it as a plain form (issue 35): node 2 turns up as 9♠.
    plain.click(".ss-reveal button[name=card][value='9S']")
    expect(plain.locator(".ss-node.n2")).to_contain_text("9♠")


def test_back_closes_a_ruling_sheet_and_keeps_the_table_as_it_was(new_phone, live_server) -> None:  # type: ignore[no-untyped-def]
    page = new_phone()
    start_two(page, live_server)
    tap_node(page, 1)
    expect(page).to_have_url(re.compile(r"\?(.*&)?sel=1(&|#|$)"))  # the tapped node is in the address
    before = page.url
    link = page.locator(".ss-move.illegal .ss-why a.rule-link").first
    link.scroll_into_view_if_needed()
    scrolled = page.evaluate("window.scrollY")
    link.click()
    sheet = page.locator("dialog.rule-dialog")
    expect(sheet).to_be_visible()
    shot(page, "strato-sphere-rule-sheet")
    page.go_back()
    expect(sheet).to_be_hidden()
    assert page.url == before
    expect(page.locator("h3.ss-selected")).to_contain_text("Node 1")
    assert page.evaluate("window.scrollY") == scrolled
    # Opened again and closed by its own button: its history entry goes with it, none is left dangling.
    link.click()
    expect(sheet).to_be_visible()
    sheet.locator(".rule-dialog-close").click()
    expect(sheet).to_be_hidden()
    # polled from outside the page: the page's CSP allows no evaluated strings (wait_for_function would need one)
    deadline = time.monotonic() + 30
    while page.evaluate("() => Boolean(history.state && history.state.ruleSheet)"):
        assert time.monotonic() < deadline, "closing the sheet did not take its history entry back"
        page.wait_for_timeout(100)
    assert page.url == before
    expect(page.locator("h3.ss-selected")).to_contain_text("Node 1")
