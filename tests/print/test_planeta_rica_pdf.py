"""Planeta Rica's printables read back from the PDFs: the score pad (a column per player, the VP formula and
the tie-break), the turn summary (both phases, the six actions, the return effects, the end) and the card
sheets of a profile's planets and gadgets, with only what the profile knows (the rest blank, never invented)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.profiles import store as profile_store
from tests.games.planeta_rica.support import TEST_PROFILE
from tests.print.pdfs import all_text, open_pdf
from tests.web.helpers import text_of


def pdf(client: FlaskClient, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, text_of(response.get_data(as_text=True))[:500]
    return response.data


def test_score_pad_has_a_column_per_player_and_the_formula(client: FlaskClient) -> None:
    with open_pdf(pdf(client, "/print/pr-pad.pdf?players=5&lang=en&paper=a4")) as doc:
        assert len(doc.pages) == 1
        words = all_text(doc)
    for needle in ("Planeta Rica score pad", "Fame", "Planets: printed VP", "Gadgets: printed VP",
                   "Schneider: resource icons ÷ 4", "Total VP", "5.", "farthest clockwise", "PR-5", "PR-7"):
        assert needle in words, needle


def test_turn_summary_both_sides(client: FlaskClient) -> None:
    with open_pdf(pdf(client, "/print/pr-turn.pdf?lang=en&paper=a4")) as doc:
        words = all_text(doc)
    for needle in ("Return phase", "Dispatch", "Invade", "Develop", "Collect", "Donate", "Return effects",
                   "any one resource", "exchange resources", "1 worker", "PR-4"):
        assert needle in words, needle


def test_turn_summary_in_japanese(client: FlaskClient) -> None:
    with open_pdf(pdf(client, "/print/pr-turn.pdf?lang=ja&paper=a4")) as doc:
        words = all_text(doc)
    assert "帰還フェイズ" in words and "派遣" in words


def test_card_sheets_show_what_the_profile_knows(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        token = profile_store.create_profile("planeta-rica", TEST_PROFILE, "test").token
    with open_pdf(pdf(client, f"/print/pr-cards.pdf?profile=user:{token}&lang=en&paper=a4")) as doc:
        words = all_text(doc)
    assert "観光惑星" in words and "Tourist Planet" in words and "交易王シュナイダー" in words
    assert "(test) Warp Gate" in words  # the effect text the profile gives


def test_card_sheets_of_the_builtin_profile_invent_nothing(client: FlaskClient) -> None:
    with open_pdf(pdf(client, "/print/pr-cards.pdf?profile=default&lang=en&paper=a4")) as doc:
        words = all_text(doc)
    assert "ニューアース" in words and "×7" in words
    assert "(test)" not in words and "Effect:" in words
