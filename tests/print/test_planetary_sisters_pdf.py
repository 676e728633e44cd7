"""Planetary Sisters printables read back: the 36 cards of a profile (blank where it knows nothing), the
condition card and the score quick-reference (both sides), and the blank score pad."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.profiles import builtin_profiles
from companion.profiles import store as profile_store
from tests.print.pdfs import cards_on, open_pdf, page_size_mm, text
from tests.web.apps import Phone
from tests.web.helpers import text_of

KNOWN = {  # a user's partly filled copy: the cards the §4.5.1 example names, with counts a player typed in
    27: {"PLANT": 2},
    30: {"FOOD": 2, "PLANT": 1, "ANIMAL": 1},
    11: {"POLE": 1},
    19: {"PAGE": 1},
}


def user_profile(app: Flask, known: dict[int, dict[str, int]] | None = None) -> str:
    data = builtin_profiles("planetary-sisters")["default"]
    data["name_en"] = "Our copy"
    data["name_ja"] = "うちの箱"
    for card in data["cards"]:
        if card["rank"] in (known if known is not None else KNOWN):
            card["elements"] = (known if known is not None else KNOWN)[card["rank"]]
    with app.app_context():
        return profile_store.create_profile("planetary-sisters", data, "builtin:default").token


def pdf(client: FlaskClient, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, text_of(response.get_data(as_text=True))[:500]
    return response.data


def card_text(page: Any, slot: int) -> str:
    """The text inside one card (slot 0..8) of a front page."""
    card = cards_on(page)[slot]
    pt = 72 / 25.4
    region = page.crop((card.x * pt, card.y * pt, (card.x + card.w) * pt, (card.y + card.h) * pt))
    return " ".join((region.extract_text() or "").split())


def card_words(page: Any, slot: int, left: float = 0, right: float = 99) -> list[str]:
    """The words of one card whose left edge lies between ``left`` and ``right`` mm from the card's left edge,
    top to bottom."""
    card = cards_on(page)[slot]
    pt = 72 / 25.4
    words = page.extract_words()
    inside = [w for w in words if card.x * pt <= w["x0"] < (card.x + card.w) * pt
              and card.y * pt <= w["top"] < (card.y + card.h) * pt
              and left <= w["x0"] / pt - card.x < right]
    return [w["text"] for w in sorted(inside, key=lambda w: (round(w["top"]), w["x0"]))]


def test_the_36_cards_show_rank_and_the_elements_the_profile_knows(app: Flask, client: FlaskClient) -> None:
    token = user_profile(app)
    data = pdf(client, f"/print/ps-cards.pdf?profile=user:{token}&lang=en&paper=a4")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 8  # 36 cards: 4 sheets, each with its backs
        fronts = [doc.pages[i] for i in (0, 2, 4, 6)]
        assert [len(cards_on(p)) for p in fronts] == [9, 9, 9, 9]
        rank_11 = card_text(fronts[1], 1)  # ranks 10..18 on sheet 2; 11 in the second slot
        assert rank_11.startswith("11") and "POLE" in rank_11 and "1 type" in rank_11
        assert "write them in" not in rank_11
        rank_19, rank_27 = card_text(fronts[2], 0), card_text(fronts[2], 8)
        assert "PAGE" in rank_19
        assert "PLANT ×2" in rank_27
        rank_30 = card_text(fronts[3], 2)
        assert "FOOD ×2" in rank_30 and "PLANT" in rank_30 and "ANIMAL" in rank_30 and "3 types" in rank_30
        rank_1 = card_text(fronts[0], 0)
        assert rank_1.startswith("1") and "Elements (not in this profile yet: write them in)" in rank_1
        assert "FOOD" not in rank_1  # never invented
        assert "Our copy" in rank_1
        assert text(doc.pages[1]).count("Planetary Sisters") == 9


def test_the_built_in_profile_prints_36_blank_cards_in_japanese(client: FlaskClient) -> None:
    data = pdf(client, "/print/ps-cards.pdf?lang=ja&backs=0")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 4
        everything = "".join(text(p) for p in doc.pages).replace(" ", "")
        assert everything.count("要素（このプロファイルには未登録：手書きで記入）") == 36
        assert everything.count("序列") == 36
        for name in ("FOOD", "PLANT", "ANIMAL", "POLE", "SWORD", "PAGE", "KING"):
            assert name not in everything


def test_the_game_name_prints_without_a_missing_glyph(client: FlaskClient) -> None:
    data = pdf(client, "/print/ps-cards.pdf?lang=ja")
    with open_pdf(data) as doc:
        backs = text(doc.pages[1])
        # 姊 is not in IPAexGothic; Noto Sans CJK JP (installed by setup) draws it, so the name prints as written
        assert backs.count("遊星姊妹") == 9
        assert "?" not in backs and "姉" not in backs


def test_a_pasted_profile_link_works_and_an_unknown_one_is_explained(app: Flask, client: FlaskClient) -> None:
    token = user_profile(app)
    data = pdf(client, f"/print/ps-cards.pdf?profile_link=http://192.168.1.20:8000/p/{token}&lang=en")
    with open_pdf(data) as doc:
        assert "POLE" in card_text(doc.pages[2], 1)
    phone = Phone(client, lang="ja")
    missing = phone.get("/print/ps-cards.pdf?profile=user:nosuchprofile")
    assert missing.status_code == 404
    assert "このゲームにデッキプロファイル「user:nosuchprofile」はありません。" in text_of(missing.get_data(as_text=True))


def test_a_profile_of_another_game_is_refused(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        other = profile_store.create_profile("lumiere", builtin_profiles("lumiere")["default"], "builtin:default").token
    response = Phone(client).get(f"/print/ps-cards.pdf?profile=user:{other}")
    assert response.status_code == 404
    assert "No deck profile" in text_of(response.get_data(as_text=True))


def test_condition_card_and_quick_reference_both_sides(client: FlaskClient) -> None:
    data = pdf(client, "/print/ps-support.pdf?lang=en&paper=letter")
    with open_pdf(data) as doc:
        front, back = doc.pages
        assert page_size_mm(front) == pytest.approx((215.9, 279.4), abs=0.01)
        assert len(cards_on(front)) == len(cards_on(back)) == 5
        close = card_text(front, 0)
        assert close.startswith("Condition card") and "Close" in close and "Far" not in close
        assert "smallest difference" in close and "PS-5" in close and "PS-6" in close
        far = card_text(back, 2)  # the condition card's back: top row, mirrored to the right
        assert "Far" in far and "largest difference" in far and "Close" not in far
        for slot in (1, 2, 3, 4):
            house = card_text(front, slot)
            assert house.startswith("◇ House score PS-3")
            names_column = "".join(card_words(front, slot, 0, 18))  # names wrap: compare without spaces
            assert ("Foodlovers×1Plantlovers×2Animallovers×4Dual-passionwarriors×2Single-passionwarriors×5"
                    "Collectors×4") in names_column
            assert house.count("p × (h − 1) × ") == 3 and house.count("(p − 1) × h × ") == 3
            for formula in ("p × (h − 1) × 1", "p × (h − 1) × 2", "p × (h − 1) × 4", "(p − 1) × h × 2",
                            "(p − 1) × h × 5", "(p − 1) × h × 4"):
                assert formula in house
            assert "FOOD icons" in house and "cards carrying FOOD" in house
        for slot in (0, 1, 3, 4):  # the quick-reference cards' backs
            field = card_text(back, slot)
            assert field.startswith("♦ Field bonus PS-4")
            assert "(h − 1)" not in field and "(p − 1)" not in field
            assert field.count("p × h × ") == 6
            assert ("Foodlovers×1Plantlovers×2Animallovers×4Dual-passionwarriors×2Single-passionwarriors×5"
                    "Collectors×4") in "".join(card_words(back, slot, 0, 18))
            assert "field cards carrying FOOD" in field and "No −1" in field


def test_quick_reference_in_japanese_uses_the_rule_texts_words(client: FlaskClient) -> None:
    data = pdf(client, "/print/ps-support.pdf?lang=ja")
    with open_pdf(data) as doc:
        front = text(doc.pages[0]).replace(" ", "").replace("\n", "")
        back = text(doc.pages[1]).replace(" ", "").replace("\n", "")
        for word in ("食物愛者", "植物愛者", "動物愛者", "複情念戦士", "単情念戦士", "蒐集家", "家札の得点", "条件カード"):
            assert word in front, word
        assert "場札の得点" in back and "FOODを持つ場札の枚数" in back
        assert "◇" in front and "♦" in back


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_pad_has_a_column_group_per_player(client: FlaskClient, players: int) -> None:
    data = pdf(client, f"/print/ps-pad.pdf?players={players}&lang=en&paper=a4")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        assert page_size_mm(page) == pytest.approx((210, 297), abs=0.01)
        words = " ".join(text(page).split())
        assert f"Players: {players}" in words
        header = page.extract_words()
        pts_columns = [w for w in header if w["text"] == "pts"]
        assert len(pts_columns) == players
        for name in ("Food lovers", "Plant lovers", "Animal lovers", "Dual-passion warriors",
                     "Single-passion warriors", "Collectors"):
            assert words.count(name) == 2  # house and field bonus
        assert "House total" in words and "Field bonus total" in words and "Final score (house + field)" in words
        assert "p × (h − 1) × 2" in words and "p × h × 5" in words


def test_players_outside_the_pads_choices_are_refused(client: FlaskClient) -> None:
    response = Phone(client).get("/print/ps-pad.pdf?players=5")
    assert response.status_code == 422
    assert "“5” is not one of the choices for Number of players." in text_of(response.get_data(as_text=True))
