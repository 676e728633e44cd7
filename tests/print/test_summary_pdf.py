"""A table's score summary as a PDF (the stand-in game "tally" gives a summary; a game without one still prints
its seats, options, profile and history)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from flask import Flask

from companion.tables import store
from companion.web.gameweb import Registered
from tests.print.pdfs import all_text, open_pdf, page_size_mm
from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.test_tables import enter, new_table


@pytest.fixture
def played(phone: Phone) -> str:
    table = new_table(phone, "Aki", "Ben", "Chie")
    for seat, points in ((1, "7"), (0, "3"), (2, "12"), (1, "5")):
        assert enter(phone, table, seat, points).status_code == 303
    html = phone.get(table).get_data(as_text=True)
    version = int(html.split('data-version="')[1].split('"')[0])
    assert phone.post(f"{table}/undo", {"version": version}).status_code == 303  # takes back Ben's +5
    return table


def get(phone: Phone, url: str):  # type: ignore[no-untyped-def]
    """A PDF or a page, without the Phone's reading of the body as HTML."""
    return phone.client.get(url, headers={"Accept-Language": phone.lang})


def summary_text(phone: Phone, url: str) -> str:
    response = get(phone, url)
    assert response.status_code == 200, text_of(response.get_data(as_text=True))[:500]
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith('inline; filename="tally-summary-v')
    with open_pdf(response.data) as pdf:
        for page in pdf.pages:
            assert page_size_mm(page) == pytest.approx((210, 297), abs=0.01)
        return " ".join(all_text(pdf).split())


def test_the_summary_shows_seats_ranking_breakdown_and_history(phone: Phone, played: str) -> None:
    words = summary_text(phone, f"{played}/summary.pdf?lang=en&paper=a4")
    assert "Tally" in words and "得点表 · Score summary" in words
    assert "Seats (clockwise) 1. Aki 2. Ben 3. Chie" in words
    assert "Still running: the scores so far" in words
    assert "Final place Seat Score 1 Chie 12 2 Ben 7 3 Aki 3" in words  # the game's own ranking, in its order
    assert "Points Seat Total Aki 3 Ben 7 Chie 12 Total = sum of entries (T-2)" in words
    assert "5 entries in the log" in words
    history = words[words.index("History"):]
    assert history.index("#1 Ben: +7") < history.index("#2 Aki: +3") < history.index("#5 Undo of #4: Ben: +5")
    assert "#4 Ben: +5 undone" in history


def test_the_summary_in_japanese(phone: Phone, played: str) -> None:
    words = summary_text(phone, f"{played}/summary.pdf?lang=ja")
    assert "得点表" in words and "Tally · 得点のまとめ" in words
    assert "順位" in words and "履歴" in words and "取り消し済み" in words
    assert "進行中：ここまでの得点" in words


def test_a_game_without_scores_still_prints_its_table(app: Flask, phone: Phone, played: str) -> None:
    registered = app.extensions["companion_games"]["tally"]
    app.extensions["companion_games"]["tally"] = Registered(registered.game, replace(registered.web, summary=None))
    words = summary_text(phone, f"{played}/summary.pdf?lang=en")
    assert "No scores are available for this game yet; its seats, options and history follow." in words
    assert "1. Aki 2. Ben 3. Chie" in words and "#1 Ben: +7" in words
    assert "Ranking" not in words


def test_a_failing_summary_does_not_cost_the_history(app: Flask, phone: Phone, played: str) -> None:
    def broken(view):  # type: ignore[no-untyped-def]
        raise KeyError("a bug in a game's summary")

    registered = app.extensions["companion_games"]["tally"]
    app.extensions["companion_games"]["tally"] = Registered(registered.game, replace(registered.web, summary=broken))
    words = summary_text(phone, f"{played}/summary.pdf?lang=en")
    assert "The scores could not be worked out for this table" in words and "#3 Chie: +12" in words


def test_the_read_only_link_prints_it_too(app: Flask, phone: Phone, played: str) -> None:
    with app.app_context():
        watch = store.get_table(played.rsplit("/", 1)[1]).watch_token
    words = summary_text(phone, f"/w/{watch}/summary.pdf?lang=en")
    assert "1 Chie 12" in words


def test_an_unknown_table_is_a_404_page(phone: Phone) -> None:
    response = phone.get("/t/" + "x" * 24 + "/summary.pdf")
    assert response.status_code == 404
    assert "There is nothing at this address." in text_of(response.get_data(as_text=True))


def test_a_pasted_link_opens_its_summary(phone: Phone, played: str) -> None:
    response = phone.get(f"/print/summary?table=http://192.168.1.20:8000{played}&paper=letter&lang=ja")
    assert response.status_code == 303
    assert response.headers["Location"] == f"{played}/summary.pdf?paper=letter&lang=ja"
    missing = Phone(phone.client, lang="ja").get("/print/summary?table=nothing-here")
    assert missing.status_code == 404
    assert "テーブルのリンクを丸ごと貼り付けてください" in text_of(missing.get_data(as_text=True))


def test_a_new_entry_makes_a_new_summary(phone: Phone, played: str) -> None:
    url = f"{played}/summary.pdf?lang=en"
    assert get(phone, url).headers["X-Print-Cache"] == "miss"
    assert get(phone, url).headers["X-Print-Cache"] == "hit"
    assert enter(phone, played, 0, "20").status_code == 303
    again = get(phone, url)
    assert again.headers["X-Print-Cache"] == "miss"
    with open_pdf(again.data) as pdf:
        assert "1 Aki 23" in " ".join(all_text(pdf).split())
