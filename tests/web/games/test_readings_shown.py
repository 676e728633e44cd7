"""A reading of an unclear text is said to be one (players must know where the app chose), in both languages,
wherever the table page or the printed aid explains it: Planeta Rica's end "at once" (PR-4), New Earth among the 12
cards (PR-4, as the table chose), the readings the table chose (PR-4 New Earth, PR-7 Time Machine); Sister
Combination's clockwise start (SC-8) on the set-up form, the direction line and the printed reference."""

from __future__ import annotations

from flask import Flask
from flask_babel import force_locale

from companion.web.games.planeta_rica.labels import end_cause
from companion.web.games.sister_combination.printables import _turn_rules
from tests.web.apps import Phone
from tests.web.games.planeta_rica.test_tracker import ok
from tests.web.games.planeta_rica.test_tracker_vp import MARKET
from tests.web.games.sister_combination.support import new_table, started
from tests.web.helpers import text_of


def pr_table(phone: Phone, **options: str) -> str:
    data = {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie", **{f"option_{k}": v for k, v in options.items()}}
    response = phone.post("/new/planeta-rica", data)
    assert response.status_code == 303, text_of(response.get_data(as_text=True))
    url = str(response.headers["Location"])
    ok(phone, url, type="start", seat="0")
    for planet in MARKET:
        ok(phone, url, type="reveal", planet=planet)
    return url


def test_pr_the_end_at_once_is_said_to_be_a_reading(client) -> None:  # type: ignore[no-untyped-def]
    for lang, words in (
        ("en", "Chie triggered the end in turn 3: the fame pool is empty. Chie is the start player's right-hand "
               "neighbour, so the game ended at once, in that turn: returns or a second action still owed were "
               "not made. That is a reading: the text does not say which comes first. PR-4"),
        ("ja", "Chie はスタートプレイヤーの右隣なので、その手番の場でゲームは終わり、残っていた帰還や2回目のアクションは"
               "行いませんでした。これは解釈です：どちらが先かはルール本文に書かれていません。"),
    ):
        phone = Phone(client, lang)
        url = pr_table(phone)
        ok(phone, url, type="collect")  # Aki
        ok(phone, url, type="collect")  # Ben
        html = ok(phone, url, type="adjust", seat="2", card="new_earth", fame="36")  # Chie, the last seat
        assert 'data-phase="over"' in html
        assert words in text_of(html)


def test_pr_the_table_page_names_the_readings_it_chose(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, "en")
    default = text_of(phone.get(pr_table(phone)).get_data(as_text=True))
    assert ("Readings this table chose: New Earth counts among the 12 cards that end the game PR-4 · the Time "
            "Machine is kept after use PR-7") in default
    other = text_of(phone.get(pr_table(phone, new_earth="not-counted", time_machine="spent")).get_data(as_text=True))
    assert ("Readings this table chose: the New Earth each player starts with does not count among the 12 cards "
            "that end the game PR-4 · the Time Machine is spent once it has given a second action PR-7") in other
    ja = Phone(client, "ja")
    page = text_of(ja.get(pr_table(ja, new_earth="not-counted")).get_data(as_text=True))
    assert "この卓が選んだ解釈： 最初のニューアースを終了条件の12枚に数えない PR-4 · タイムマシンは使っても残る PR-7" in page


def test_pr_new_earth_in_the_12_cards_is_named_and_follows_the_table(app: Flask) -> None:
    with app.test_request_context("/"):
        with force_locale("en"):
            assert end_cause("cards") == ("a player holds 12 planet and gadget cards, New Earth counted among them "
                                          "(a reading: the text does not leave it out, and this table counts it)")
            assert end_cause("cards", new_earth_counts=False) == (
                "a player holds 12 planet and gadget cards obtained, the New Earth they started with not counted (a "
                "reading this table chose)")
        with force_locale("ja"):
            assert "ニューアースも数える" in end_cause("cards") and "解釈" in end_cause("cards")
            assert "最初のニューアースは数えない" in end_cause("cards", new_earth_counts=False)


def test_sc_the_clockwise_start_is_said_to_be_a_reading(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, "en")
    clockwise = "Play starts clockwise from the first player (a reading: the text names no direction). SC-8"
    table = new_table(phone)
    assert clockwise in text_of(phone.get(table).get_data(as_text=True))  # the set-up form
    page = text_of(phone.get(started(phone)).get_data(as_text=True))
    assert "↻ clockwise (a reading) SC-8" in page  # the direction line of a table in play, short
    ja = Phone(client, "ja")
    page = text_of(ja.get(started(ja)).get_data(as_text=True))
    assert "（解釈） SC-8" in page  # the direction line, short, in Japanese


def test_sc_the_printed_reference_says_clockwise_is_a_reading(app: Flask) -> None:
    with app.test_request_context("/"):
        with force_locale("en"):
            setup = _turn_rules()[0]
            assert setup[2] == "SC-8"
            assert "Play goes clockwise from the first player (a reading: the rule text names no direction)." \
                in setup[1]
        with force_locale("ja"):
            assert "最初の人から時計回りに進みます（解釈：ルール本文は向きを書いていません）。" in _turn_rules()[0][1]
