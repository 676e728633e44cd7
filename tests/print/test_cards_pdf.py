"""Card sheets read back from the PDFs: true size, nine to a page, mirrored and offset backs, real Japanese text,
no missing glyphs, and print-shop pages with bleed and crop marks. The Sister Combination deck is the example."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from flask.testing import FlaskClient
from fontTools.ttLib import TTFont

from companion.games import sister_combination as sc
from companion.printing.fonts import font_files
from tests.print.pdfs import box_mm, cards_on, lines, open_pdf, page_size_mm, reader, text

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


# The same address asked again in this module is answered from its first fetch: every test here has the same app
# (the default settings), so the PDF is the same bytes, and making it again proved nothing more (the cache and the
# render processes have tests of their own, test_print_page.py and test_render_infra.py).
_FETCHED: dict[str, bytes] = {}


def fetch(client: FlaskClient, url: str) -> bytes:
    if url not in _FETCHED:
        response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)[:800]
        assert response.mimetype == "application/pdf"
        _FETCHED[url] = response.data
    return _FETCHED[url]


def word_box(page: Any, word: str) -> tuple[float, float]:
    """The top-left corner (mm) of the first occurrence of ``word`` on a page."""
    found = page.search(word)
    assert found, f"{word!r} not on the page"
    return found[0]["x0"] * 25.4 / 72, found[0]["top"] * 25.4 / 72


def test_a4_deck_is_16_sheets_of_nine_true_size_cards_with_their_backs(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?paper=a4&lang=ja")
    with open_pdf(data) as pdf:
        assert len(pdf.pages) == 32  # 144 cards / 9 = 16 sheets, each front followed by its backs
        for page in pdf.pages:
            assert (round(float(page.width), 2), round(float(page.height), 2)) == A4
        for number in (0, 1, 30, 31):
            cards = cards_on(pdf.pages[number])
            assert len(cards) == 9, number
            for card in cards:
                assert card.w == pytest.approx(63, abs=0.3) and card.h == pytest.approx(88, abs=0.3)
        fronts = cards_on(pdf.pages[0])
        assert [(round(c.x, 1), round(c.y, 1)) for c in fronts] == [
            (10.5, 16.5), (73.5, 16.5), (136.5, 16.5), (10.5, 104.5), (73.5, 104.5), (136.5, 104.5),
            (10.5, 192.5), (73.5, 192.5), (136.5, 192.5)]


def test_letter_sheets_are_exactly_letter_with_the_grid_centred(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?paper=letter&lang=en&backs=0")
    with open_pdf(data) as pdf:
        assert len(pdf.pages) == 16  # fronts only
        for page in pdf.pages:
            assert (round(float(page.width), 2), round(float(page.height), 2)) == LETTER
            assert page_size_mm(page) == pytest.approx((215.9, 279.4), abs=0.01)
        first = cards_on(pdf.pages[0])
        assert len(first) == 9
        assert (first[0].x, first[0].y) == pytest.approx((13.45, 7.7), abs=0.05)
        assert (first[-1].x + 63, first[-1].y + 88) == pytest.approx((202.45, 271.7), abs=0.05)


def test_cut_guides_sit_on_the_cut_lines_inside_the_page(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?paper=a4&lang=en&backs=0")
    with open_pdf(data) as pdf:
        drawn = lines(pdf.pages[0])
        vertical_x = {round(x0, 2) for x0, top, x1, bottom in drawn if abs(x0 - x1) < 0.01}
        horizontal_y = {round(top, 2) for x0, top, x1, bottom in drawn if abs(top - bottom) < 0.01}
        assert {10.5, 73.5, 136.5, 199.5} <= vertical_x
        assert {16.5, 104.5, 192.5, 280.5} <= horizontal_y
        for x0, top, x1, bottom in drawn:
            assert 0 <= min(x0, x1) and max(x0, x1) <= 210 and 0 <= min(top, bottom) and max(top, bottom) <= 297


def test_names_readings_and_effects_are_real_text(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?paper=a4&lang=ja")
    with open_pdf(data) as pdf:
        first = text(pdf.pages[0])
        assert "鞠絵" in first and "まりえ" in first and "Marie" in first
        assert "赤・火" in first
        assert pdf.pages[0].images == []  # text and vector shapes, no pictures of text
        # sheet 2 holds Marie's Pass, Stack 2 and S.P. (cards 10–12): her effect in the rule text's words
        sheet2 = text(pdf.pages[2]).replace("\n", "")
        assert "スタックの枚数を半分(小数切り捨て)にし" in sheet2
        assert "SC-5" in sheet2 and "SC-2" in sheet2
        assert "Stack 2" in sheet2 and "Pass" in sheet2
        # 衛's S.P. (SC-1) is card 96: sheet 11
        sheet11 = text(pdf.pages[20]).replace("\n", "")
        assert "衛" in sheet11 and "まもる" in sheet11 and "スタックに4枚追加。" in sheet11 and "SC-1" in sheet11
        backs = text(pdf.pages[1])
        assert backs.count("Sister Combination") == 9
    english = fetch(client, "/print/sc-deck.pdf?paper=a4&lang=en&backs=0")
    with open_pdf(english) as pdf:
        sheet2 = " ".join(text(pdf.pages[1]).split())
        assert "Halve the stack (rounding down)" in sheet2
        assert "鞠絵" in sheet2  # names stay Japanese, with their readings


@cache
def _cmap(path: str) -> frozenset[int]:
    with TTFont(path, lazy=True, fontNumber=0) as font:  # face 0 of a collection (Noto CJK: JP)
        return frozenset(font.getBestCmap())


def test_every_printed_character_has_a_glyph_in_the_font_that_draws_it(client: FlaskClient) -> None:
    fonts = {family.replace(" ", ""): path for family, path in font_files()}
    for url in ("/print/sc-deck.pdf?paper=a4&lang=ja", "/print/ps-support.pdf?lang=ja", "/print/ps-cards.pdf?lang=ja",
                "/print/ss-reference.pdf?lang=ja", "/print/lp-phases.pdf?lang=en"):
        data = fetch(client, url)
        with open_pdf(data) as pdf:
            seen = 0
            for page in pdf.pages:
                for char in page.chars:
                    name = char["fontname"].split("+", 1)[-1].replace("-", "")
                    family = next((f for f in fonts if name.startswith(f)), None)
                    assert family is not None, f"{url}: {char['text']!r} drawn with an unexpected font {name}"
                    if char["text"].strip():
                        assert ord(char["text"][0]) in _cmap(fonts[family]), f"{url}: {char['text']!r} missing"
                        seen += 1
            assert seen > 200
        embedded = {str(f) for p in reader(data).pages for f in (p["/Resources"].get("/Font") or {}).values()}
        assert embedded


def test_backs_mirror_the_columns_and_move_by_the_offset(client: FlaskClient) -> None:
    data = fetch(client, "/print/ps-support.pdf?paper=a4&lang=en&dx=1.5&dy=-1")
    with open_pdf(data) as pdf:
        assert len(pdf.pages) == 2
        front, back = pdf.pages
        front_cards, back_cards = cards_on(front), cards_on(back)
        assert len(front_cards) == len(back_cards) == 5  # 1 condition card + 4 quick-reference cards
        expected = sorted([(136.5 + 1.5, 16.5 - 1), (73.5 + 1.5, 16.5 - 1), (10.5 + 1.5, 16.5 - 1),
                           (136.5 + 1.5, 104.5 - 1), (73.5 + 1.5, 104.5 - 1)], key=lambda p: (p[1], p[0]))
        assert [(round(c.x, 2), round(c.y, 2)) for c in back_cards] == [(round(x, 2), round(y, 2)) for x, y in
                                                                      expected]
        # the condition card: Close on the front at the top left, Far on the back at the top right
        assert word_box(front, "Close")[0] < 73.5
        far_x, far_y = word_box(back, "Far")
        assert 136.5 + 1.5 < far_x < 199.5 + 1.5 and far_y < 104.5
        assert "offset +1.5 / −1 mm" in text(back)


def test_print_shop_pages_have_bleed_trim_and_crop_marks(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?mode=shop&lang=ja")
    pages = reader(data).pages
    assert len(pages) == 288  # every card's front, then its back
    for page in (pages[0], pages[1], pages[287]):
        media, bleed, trim = box_mm(page.mediabox), box_mm(page.bleedbox), box_mm(page.trimbox)
        assert trim[2:] == pytest.approx((63, 88), abs=0.01)
        assert bleed[2:] == pytest.approx((69, 94), abs=0.01)
        assert media[2:] == pytest.approx((83, 108), abs=0.01)
        assert bleed[0] == pytest.approx(trim[0] - 3, abs=0.01) and bleed[1] == pytest.approx(trim[1] - 3, abs=0.01)
        assert media[0] == pytest.approx(trim[0] - 10, abs=0.01)
    with open_pdf(data) as pdf:
        page = pdf.pages[0]
        art = cards_on(page, 69, 94)
        assert len(art) == 1 and (art[0].x, art[0].y) == pytest.approx((7, 7), abs=0.05)  # the artwork fills the bleed
        marks = lines(page)
        assert len(marks) == 8
        for x0, top, x1, bottom in marks:
            if abs(x0 - x1) < 0.01:  # vertical marks on the trim's left and right edges, outside the bleed
                assert round(x0, 2) in (10.0, 73.0)
                assert bottom <= 5.01 or top >= 102.99
            else:
                assert round(top, 2) in (10.0, 98.0)
                assert x1 <= 5.01 or x0 >= 77.99
        assert "鞠絵" in text(page)
        assert "Sister Combination" in text(pdf.pages[1])


def test_bridge_size_cards(client: FlaskClient) -> None:
    data = fetch(client, "/print/sc-deck.pdf?paper=a4&size=bridge&backs=0&lang=en")
    with open_pdf(data) as pdf:
        assert len(cards_on(pdf.pages[0], 57, 89)) == 9
        assert cards_on(pdf.pages[0]) == []


def test_a_deck_name_in_both_languages(client: FlaskClient) -> None:
    ja = fetch(client, "/print/sc-deck.pdf?lang=ja&backs=0")
    with open_pdf(ja) as pdf:
        assert sc.NAME_JA in text(pdf.pages[0]).replace(" ", "")
        assert "シート 1 / 16" in text(pdf.pages[0])
    en = fetch(client, "/print/sc-deck.pdf?lang=en&backs=0")
    with open_pdf(en) as pdf:
        assert "Sister Combination · sheet 1 of 16" in text(pdf.pages[0])


@pytest.mark.parametrize("printable", ["sc-deck", "ps-cards", "ps-support", "lp-cards", "lp-phases", "ss-reference"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_text_runs_off_a_card(client: FlaskClient, printable: str, lang: str) -> None:
    """Every character inside the card grid lies within its card, clear of the edge (nothing clipped)."""
    data = fetch(client, f"/print/{printable}.pdf?lang={lang}&paper=a4&size=poker")
    pt = 72 / 25.4
    with open_pdf(data) as pdf:
        for number, page in enumerate(pdf.pages[:4] + pdf.pages[-2:]):
            cards = cards_on(page)
            assert cards
            top, bottom = min(c.y for c in cards), max(c.y + c.h for c in cards)
            for char in page.chars:
                x, y0, y1 = char["x0"] / pt, char["top"] / pt, char["bottom"] / pt
                if not (top <= y0 <= bottom) or not char["text"].strip():
                    continue  # the sheet's own notes, in the margins
                inside = [c for c in cards if c.x + 0.8 <= x and x + 0.5 <= c.x + c.w - 0.5 and c.y + 0.8 <= y0
                          and y1 <= c.y + c.h - 0.8]
                assert inside, f"page {number}: {char['text']!r} at ({x:.1f}, {y0:.1f}) runs off its card"
