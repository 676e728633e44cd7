"""Who deals and who starts, on the table page (SS-5): a new table asks who dealt before anything else, says who
therefore plays first (the player on the dealer's left), and then names that seat as the one to move. A seat that
does not exist is refused with a message in the phone's language. A table started before tables named their
dealer keeps its first seat as the first player."""

from __future__ import annotations

import json
import re

from flask import Flask

from tests.web.apps import Phone
from tests.web.helpers import text_of

from .helpers import enter, new_table, node_html, page, play, problems, section


def test_a_new_table_asks_who_dealt_before_anything_else(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan", dealer=None)
    html = page(phone, table)
    status = section(html, "strato-sphere")
    assert "Who dealt? Play starts with the player on the dealer's left and goes clockwise (SS-5)." in status
    assert "to move" not in status
    asked = section(html, "ss-dealer")
    assert asked.startswith("Who dealt? SS-5")
    for dealer, first in (("Aki", "Ben"), ("Ben", "Chie"), ("Chie", "Dan"), ("Dan", "Aki")):
        assert f"{dealer} dealt · {first} starts" in asked
    assert node_html(html, 4).startswith("<div")  # no node can be tapped before the dealer is named
    assert 'id="ss-moves"' not in html
    refused = enter(phone, table, "draw")
    assert refused.status_code == 422
    assert problems(refused.get_data(as_text=True)) == [
        "First name who dealt: play starts with the player on the dealer's left (one of the 4 seats). (SS-5)"]


def test_dealer_seat_2_of_4_so_seat_3_moves_first(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben", "Chie", "Dan", dealer=None)
    play(phone, table, "dealer 1")
    html = page(phone, table)
    status = section(html, "strato-sphere")
    assert "Turn 1 · Chie to move · move 1 of 3" in status
    assert "Ben dealt; Chie, on the dealer's left, played first (SS-5)." in status
    assert re.search(r'<div class="ss-seat s2 side0 to-move"', html)  # Chie's seat is the one marked to move
    assert 'id="ss-dealer"' not in html
    assert "Ben dealt: Chie plays first, on the dealer's left" in text_of(html)  # the history line
    play(phone, table, "draw", "place 6", "place 7")
    assert "Turn 2 · Dan to move" in section(page(phone, table), "strato-sphere")
    play(phone, table, "draw", "place 9", "place 10")
    assert "Turn 3 · Aki to move" in section(page(phone, table), "strato-sphere")


def test_the_table_page_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    ja = Phone(client, lang="ja")
    table = new_table(ja, "Aki", "Ben", "Chie", "Dan", dealer=None)
    asked = section(page(ja, table), "ss-dealer")
    assert "ディーラーは誰？" in asked and "Benさんが配った · Chieさんから" in asked
    play(ja, table, "dealer 1")
    status = section(page(ja, table), "strato-sphere")
    assert "手番1 · Chieさんの番 · 3手中1手目" in status
    assert "ディーラーはBenさん。その左隣のChieさんから始めた（SS-5）。" in status


def test_a_seat_that_does_not_exist_is_refused_in_the_phones_language(client) -> None:  # type: ignore[no-untyped-def]
    en = Phone(client)
    table = new_table(en, "Aki", "Ben", dealer=None)
    response = enter(en, table, type="dealer", seat="2")
    assert response.status_code == 422
    assert problems(response.get_data(as_text=True)) == [
        "There is no Player 3 at a table of 2: the dealer is one of its players. (SS-5)"]
    unread = enter(en, table, type="dealer", seat="x")
    assert unread.status_code == 422
    assert "This entry could not be read, so nothing was saved: Tap who dealt." in text_of(
        unread.get_data(as_text=True))
    ja = Phone(client, lang="ja")
    response = enter(ja, table, type="dealer", seat="7")
    assert response.status_code == 422
    assert problems(response.get_data(as_text=True)) == [
        "2人のテーブルにプレイヤー8はいません。ディーラーはこのテーブルのプレイヤーの1人です。 (SS-5)"]
    assert "Who dealt?" in section(page(en, table), "ss-dealer")  # still asked: nothing was saved


def test_the_dealer_is_named_once(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")  # the helper names the last seat as dealer
    refused = enter(phone, table, "dealer 0")
    assert problems(refused.get_data(as_text=True)) == [
        "The dealer is already named: Ben dealt, and Aki played first. (SS-5)"]


def test_a_table_started_before_the_dealer_was_asked_keeps_its_first_seat(app: Flask, phone: Phone) -> None:
    """A table stored before this change: its options have no ``start``, its log no dealer entry."""
    from companion.tables import store

    moves = [{"type": "reveal", "node": 0, "card": "KS"}, {"type": "draw"}, {"type": "place", "node": 1}]
    with app.app_context():
        created = store.create_table("strato-sphere", ["Aki", "Ben", "Chie", "Dan"], {"forces": "first-reveal"}, "",
                                     "old-phone")
        table = f"/t/{created.token}"
    for move in moves:
        data = {k: str(v) for k, v in move.items()}
        if "card" in data:
            data |= {"rank": data.pop("card")[:-1], "suit": move["card"][-1]}  # type: ignore[index]
        assert enter(phone, table, **data).status_code == 303
    html = page(phone, table)
    status = section(html, "strato-sphere")
    assert "Turn 2 · Ben to move" in status
    assert "This table began before the app asked who dealt: Aki, the first seat, played first (SS-5)." in status
    assert 'id="ss-dealer"' not in html
    exported = json.loads(phone.get(f"{table}/export.json").get_data(as_text=True))
    assert exported["options"] == {"forces": "first-reveal"}  # as it was stored
    again = phone.post("/import", {"text": json.dumps(exported)})
    assert again.status_code == 303  # an export made before this change imports and replays too
    assert "Turn 2 · Ben to move" in section(page(phone, again.headers["Location"]), "strato-sphere")


def test_the_start_seat_the_platform_reads_is_the_first_player(app: Flask, phone: Phone) -> None:
    from companion.tables import store
    from companion.tables.view import view_of
    from companion.web.games.strato_sphere import WEB

    table = new_table(phone, "Aki", "Ben", "Chie", "Dan", dealer=None)
    with app.test_request_context():
        assert WEB.start_seat(view_of(store.get_table(table.rsplit("/", 1)[1]))) is None
    play(phone, table, "dealer 1")
    with app.test_request_context():
        assert WEB.start_seat(view_of(store.get_table(table.rsplit("/", 1)[1]))) == 2
