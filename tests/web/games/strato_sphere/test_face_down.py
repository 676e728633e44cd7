"""A face-down node card is secret (SS-4: 「一番上のカードが裏向き」 makes a neutral node), even one the table saw
face up before it was turned down: no ring shows its face, on the players' link or the watch link (a TV). On the
players' link a tapped node offers a tap that recalls the face and a tap that hides it again (a closed <details>:
JavaScript off too), said to be the app's help to the table's memory, and a reading: the text does not forbid
remembering. The card it turns up as is still checked against what the table saw (SS-4)."""

from __future__ import annotations

import re

from flask import Flask

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .helpers import enter, new_table, node_html, node_text, page, play

CLOSED_DETAILS = re.compile(r"(<details\b(?![^>]*\bopen\b)[^>]*>\s*<summary\b.*?</summary>).*?(</details>)", re.S)
READING = ("Kept as a help to the table's memory. That is a reading: face down means secret, but the text does not "
           "forbid remembering a card everyone saw before it was turned down. (SS-4)")


def before_a_tap(html: str) -> str:
    """What a player sees before tapping anything: a closed <details> shows its summary only."""
    return text_of(CLOSED_DETAILS.sub(r"\1\2", html))


def ring_of(html: str) -> str:
    start = html.index('id="ring"')
    return html[start:html.index('class="ss-centre"', start)]


def concealed(phone: Phone) -> str:
    """4 players: Aki turns node 0 up as K♠, places a card under it and turns it face down again; Ben to move."""
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    play(phone, table, "reveal 0 KS", "place 0", "conceal 0")
    return table


def watch_of(app: Flask, table: str) -> str:
    from companion.tables import store

    with app.app_context():
        found = store.get_table(table.rsplit("/", 1)[1])
        assert found is not None
        return f"/w/{found.watch_token}"


def test_the_watch_link_never_shows_the_face(phone: Phone, app: Flask) -> None:
    table = concealed(phone)
    html = phone.get(watch_of(app, table)).get_data(as_text=True)
    assert node_text(html, 0) == "0 ×2 neutral"
    assert "K♠" not in ring_of(html) and "ss-known" not in html and "ss-recall" not in html
    assert 'aria-label="Node 0: face down, neutral, 2 cards"' in node_html(html, 0)  # what a screen reader hears


def test_the_players_link_recalls_the_face_behind_a_tap(phone: Phone) -> None:
    table = concealed(phone)
    html = page(phone, table)
    assert "K♠" not in ring_of(html)
    html = page(phone, table, sel="0")  # Ben taps node 0
    assert "K♠" not in ring_of(html)
    moves = html[html.index('id="ss-moves"'):]
    moves = moves[:moves.index("</section>")]
    # the reveal's cards (one tap each, issue 35) show every face, the one the table saw among them, none marked: the
    # grid does not tell which it is; the face shows only after a tap
    grid = re.search(r'<div class="ss-grid[^"]*">(.*?)</div>', moves, re.S)
    assert grid and "is-chosen" not in grid.group(1)
    assert len(re.findall(r'name="card" value="', grid.group(1))) == 52
    assert "K♠" not in before_a_tap(moves.replace(grid.group(0), ""))
    recall = re.search(r'<details class="ss-recall" data-node="0">(.*?)</details>', moves, re.S)
    assert recall, moves
    summary, body = recall.group(1).split("</summary>", 1)
    assert text_of(summary) == "The table saw this card before it was turned down: tap to recall, tap again to hide"
    assert text_of(body).startswith(f"K♠ {READING} Turn it face up as K♠")
    # the button inside turns it up as the card the table saw
    assert 'name="rank" value="K"' in body and 'name="suit" value="S"' in body
    assert enter(phone, table, "reveal 0 KS").status_code == 303
    assert node_text(page(phone, table), 0) == "0 ×2 K♠ Aki"


def test_a_face_nobody_saw_has_nothing_to_recall(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan")
    assert "ss-recall" not in page(phone, table, sel="0")


def test_in_japanese_too(phone: Phone, app: Flask) -> None:
    ja = Phone(phone.client, "ja")
    table = concealed(ja)
    html = page(ja, table, sel="0")
    recall = re.search(r'<details class="ss-recall" data-node="0">(.*?)</details>', html, re.S)
    assert recall
    assert text_of(recall.group(1).split("</summary>")[0]) == "裏向きにされる前に卓が見たカード：タップで思い出す・もう一度タップで隠す"
    assert ("卓の記憶を助けるために残しています。これは解釈です：裏向きのカードは秘密ですが、裏向きにされる前に全員が見たカードを"
            "覚えておくことをルール本文は禁じていません。 (SS-4)") in text_of(recall.group(1))
    assert "K♠ として表向きにする" in text_of(recall.group(1))
    watch = ja.get(watch_of(app, table)).get_data(as_text=True)
    assert "K♠" not in ring_of(watch) and "ss-recall" not in watch
