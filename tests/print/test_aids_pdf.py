"""Lumière Prière and Strato-Sphere printables and the calibration page, read back from the PDFs."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.profiles import builtin_profiles
from companion.profiles import store as profile_store
from tests.print.pdfs import cards_on, lines, open_pdf, page_size_mm, rects, text
from tests.print.test_planetary_sisters_pdf import card_text, pdf


def lumiere_profile(app: Flask) -> str:
    data = builtin_profiles("lumiere")["default"]
    for card in data["cards"]:
        if card["id"] == "commoner":
            card.update(points=1, effect="テスト効果：縦横1エリアの🫠カードを移動する。", stackable=True)
        if card["id"] == "vampire":
            card.update(points=-3, stackable=False)
    with app.app_context():
        return profile_store.create_profile("lumiere", data, "builtin:default").token


def test_lumiere_cards_four_decks_with_blanks_for_what_the_profile_lacks(client: FlaskClient) -> None:
    data = pdf(client, "/print/lp-cards.pdf?lang=en&paper=a4")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 18  # 76 cards: 8 full sheets and 4 cards, each sheet with its backs
        fronts = doc.pages[0::2]
        assert [len(cards_on(p)) for p in fronts] == [9] * 8 + [4]
        assert [len(cards_on(p)) for p in doc.pages[1::2]] == [9] * 8 + [4]
        everything = "".join(text(p) for p in fronts)
        assert everything.count("常人") == 20  # 5 per deck × 4 (【カード枚数】 20枚)
        assert everything.count("吸血鬼") == 4 and everything.count("妖使") == 8
        assert everything.count("Effect (not in this profile yet: write it in)") == 76
        first = card_text(fronts[0], 0)
        assert "Commoner" in first and "×5" in first and "May be stacked on" in first  # a box to tick by hand
        # the last sheet's backs: 4 cards mirrored (top row right to left, then the second row's right end)
        last_back = cards_on(doc.pages[17])
        assert [(round(c.x, 1), round(c.y, 1)) for c in last_back] == [(10.5, 16.5), (73.5, 16.5), (136.5, 16.5),
                                                                      (136.5, 104.5)]
        assert text(doc.pages[17]).count("Lumière Prière") == 4


def test_three_decks_print_57_cards(client: FlaskClient) -> None:
    data = pdf(client, "/print/lp-cards.pdf?lang=ja&decks=3&backs=0")
    with open_pdf(data) as doc:
        assert [len(cards_on(p)) for p in doc.pages] == [9] * 6 + [3]
        assert "".join(text(p) for p in doc.pages).count("常人") == 15


def test_lumiere_cards_show_a_profiles_points_and_effects(app: Flask, client: FlaskClient) -> None:
    token = lumiere_profile(app)
    data = pdf(client, f"/print/lp-cards.pdf?lang=ja&profile=user:{token}&backs=0")
    with open_pdf(data) as doc:
        commoner = card_text(doc.pages[0], 0)
        assert "常人" in commoner and "+1" in commoner.split() and "1+" in commoner.split()  # ① and ⑥ (upside down)
        assert "テスト効果：縦横1エリアの?カードを移動する。" in commoner.replace(" ", "")  # no glyph: "?"
        assert "重ね置き可" in commoner and "LP-6" in commoner
        assert "🫠" not in "".join(text(p) for p in doc.pages)
        vampire = card_text(doc.pages[8], 3)  # card 76: the last sheet's fourth
        assert "吸血鬼" in vampire and "-3" in vampire.split() and "3-" in vampire.split()  # ⑥ is upside down
        assert "重ね置き可" not in vampire
        yokai = card_text(doc.pages[2], 2)  # the 21st card: after 20 commoners
        assert "妖使" in yokai and "効果（このプロファイルには未登録：手書きで記入）" in yokai


def test_the_field_mat_is_true_size_on_four_quarters(client: FlaskClient) -> None:
    data = pdf(client, "/print/lp-field.pdf?lang=en&paper=letter")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 5
        for page in doc.pages:
            assert page_size_mm(page) == pytest.approx((215.9, 279.4), abs=0.01)
        overview = " ".join(text(doc.pages[0]).split())
        assert "Outer zone (外周ゾーン): the 12 areas along the edge." in overview
        assert "Central zone (中央ゾーン): the 4 areas in the middle." in overview
        assert "LP-4" in overview and "LP-1" in overview
        names = []
        for number, page in enumerate(doc.pages[1:], start=1):
            areas = [r for r in rects(page) if r.near(92, 92, 0.01) and r.filled and min(r.fill) > 0.8]  # zone tints
            assert len(areas) == 4, number
            xs, ys = sorted({round(a.x, 2) for a in areas}), sorted({round(a.y, 2) for a in areas})
            assert xs == [round((215.9 - 184) / 2, 2), round((215.9 - 184) / 2 + 92, 2)] and ys == [14, 106]
            words = " ".join(text(page).split())
            assert words.count("outer zone") == 3 and words.count("central zone") == 1  # one inner area per quarter
            assert words.count("corner") == 1
            names.append(words)
        assert "r0c0" in names[0] and "r1c1" in names[0] and "r3c3" in names[3] and "r2c2" in names[3]
        assert "top edge (seat 3), left edge (seat 2)" in names[0]
        assert "bottom edge (seat 1), right edge (seat 4)" in names[3]


def test_turn_phase_cards_front_and_back(client: FlaskClient) -> None:
    data = pdf(client, "/print/lp-phases.pdf?lang=ja")
    with open_pdf(data) as doc:
        front, back = doc.pages
        assert len(cards_on(front)) == len(cards_on(back)) == 4
        phases = card_text(front, 0).replace(" ", "")
        order = [phases.index(p) for p in ("スタートフェイズ", "リムーブフェイズ", "エフェクトフェイズ", "セットフェイズ",
                                           "ゲットフェイズ", "ドローフェイズ")]
        assert order == sorted(order)
        assert "LP-7" in phases and "LP-6" in phases
        rules = card_text(back, 2).replace(" ", "")
        for ruling in ("LP-2", "LP-3", "LP-4", "LP-5", "LP-7"):
            assert ruling in rules


def test_strato_sphere_quick_reference(client: FlaskClient) -> None:
    data = pdf(client, "/print/ss-reference.pdf?lang=en")
    with open_pdf(data) as doc:
        front, back = doc.pages
        moves = card_text(front, 0)
        assert "Your turn: exactly 3 moves, repeats allowed SS-5" in moves
        assert "hand stays at 7 or fewer" in moves
        for move in ("Put a hand card face down under a neutral node.", "Turn your node's top card face down.",
                     "Move a neutral node's top card face down under an adjacent node.", "Attack from your node"):
            assert move in moves
        rules = card_text(back, 2)
        assert "Both nodes hold 2 cards or more." in rules
        assert "A K Q J 10 9 8 7 6 5 4 3 2" in rules
        for ruling in ("SS-6", "SS-7", "SS-8"):
            assert ruling in rules


@pytest.mark.parametrize(("players", "pages", "seat_2"), [(4, 4, ("5", "4", "3", "6", "2")), (2, 2, ("5", "4", "3", "0", "2"))])
def test_seat_mats_show_each_seats_nodes_and_their_neighbours(client: FlaskClient, players: int, pages: int,
                                                              seat_2: tuple[str, ...]) -> None:
    data = pdf(client, f"/print/ss-seats.pdf?lang=en&players={players}&paper=a4")
    with open_pdf(data) as doc:
        assert len(doc.pages) == pages
        for page in doc.pages:
            assert page_size_mm(page) == pytest.approx((210, 297), abs=0.01)
        words = " ".join(text(doc.pages[1]).split())
        left, middle, right, touch_left, touch_right = seat_2
        assert "Seat 2 · Strato-Sphere" in words
        assert f"Node {left}" in words and f"Node {middle}" in words and f"Node {right}" in words
        # seat 2 sees its nodes 5 4 3 left to right; node 5 touches the next seat's first node, node 3 the
        # previous seat's last one (SS-1)
        assert f"touches node {touch_left} (seat {3 if players == 4 else 1})" in words
        assert f"touches node {touch_right} (seat 1)" in words
        first = doc.pages[0].search("Node 2")[0]["x0"] < doc.pages[0].search("Node 0")[0]["x0"]
        assert first  # seat 1: node 2 on the left, node 0 on the right
        if players == 4:
            assert "your partner's (seat 4)" in words


def test_calibration_page_lines_and_scales(client: FlaskClient) -> None:
    data = pdf(client, "/print/calibration.pdf?lang=en&paper=a4")
    with open_pdf(data) as doc:
        front, back = doc.pages
        drawn = lines(front)
        assert any(abs(x0 - 105) < 0.01 and abs(x1 - 105) < 0.01 and bottom - top > 200 for x0, top, x1, bottom in drawn)
        assert any(abs(t - 148.5) < 0.01 and abs(b - 148.5) < 0.01 and x1 - x0 > 150 for x0, t, x1, b in drawn)
        ticks = sorted(round(x0, 2) for x0, top, x1, bottom in lines(back)
                       if abs(x0 - x1) < 0.01 and abs((top + bottom) / 2 - (148.5 - 45)) < 0.01)
        assert ticks == [round(105 - 5 + 0.5 * i, 2) for i in range(21)]
        down = sorted(round(top, 2) for x0, top, x1, bottom in lines(back)
                      if abs(top - bottom) < 0.01 and abs((x0 + x1) / 2 - (105 - 45)) < 0.01)
        assert down == [round(148.5 - 5 + 0.5 * i, 2) for i in range(21)]
        assert "across (mm): + to the right" in text(back)
