"""A card printed more than once is laid out once and drawn wherever it goes (companion/printing/faces.py,
printables/_card_sheet.html; laying out each copy made the 144-card deck slow): every copy lands in its own slot,
whole, as text, and the pages the cards were laid out on never reach the PDF."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import sister_combination as sc
from companion.printing.geometry import CARD_SIZES, PAPERS, ShopGeometry, paginate, sheet_layout
from companion.printing.render import render_pdf
from tests.print.pdfs import box_mm, cards_on, lines, open_pdf, reader

PT = 72 / 25.4  # points per mm

FACES_HTML = """<!doctype html><html><head><style>
@page { size: 100mm 50mm; margin: 0; }
@page face { size: 20mm 30mm; margin: 0; }
body { margin: 0; font-family: "IPAexGothic"; font-size: 10pt; } p { margin: 0; }
.page { position: relative; width: 100mm; height: 50mm; }
.slot { position: absolute; top: 10mm; width: 20mm; height: 30mm; }
.a { left: 5mm; } .b { left: 40mm; } .c { left: 75mm; }
.face-page { page: face; position: relative; break-after: page; }
.card { position: absolute; left: 0; top: 0; width: 20mm; height: 30mm; }
.frame { background: #c8392b; }
.mark { position: absolute; top: 20mm; left: 2mm; }
</style></head><body>
<section class="page"><div class="slot a" data-face="0 1"></div><div class="slot b" data-face="0 2"></div>
<div class="slot c" data-face="0 1"></div><p>Sheet</p></section>
<section class="face-page" data-face-page="0"><div class="card frame"></div></section>
<section class="face-page" data-face-page="1"><div class="card"><p>Ace</p></div></section>
<section class="face-page" data-face-page="2"><div class="card"><p class="mark">King</p></div></section>
</body></html>"""


def _words(page: Any, word: str) -> list[tuple[float, float]]:
    """Where ``word`` is drawn on a pdfplumber page: its top-left corners, in mm."""
    return [(hit["x0"] / PT, hit["top"] / PT) for hit in page.search(word)]


def test_each_face_page_is_drawn_in_its_slots_and_leaves_the_document() -> None:
    pdf = render_pdf(FACES_HTML)
    assert len(reader(pdf).pages) == 1  # the face pages are not pages of the PDF
    with open_pdf(pdf) as doc:
        page = doc.pages[0]
        frames = cards_on(page, 20, 30)
        assert [(round(c.x, 2), round(c.y, 2)) for c in frames] == [(5, 10), (40, 10), (75, 10)]
        aces, kings = _words(page, "Ace"), _words(page, "King")
        assert [round(x) for x, _y in aces] == [5, 75] and all(abs(y - 10) < 0.01 for _x, y in aces)
        assert [(round(x), round(y)) for x, y in kings] == [(42, 30)]  # its own place inside the card
        assert "Sheet" in page.extract_text()
    # each face is in the PDF once, drawn three, two and one times
    xobjects = reader(pdf).pages[0]["/Resources"]["/XObject"]
    assert sorted(name for name in xobjects if name.startswith("/card")) == ["/card0", "/card1", "/card2"]


@pytest.mark.parametrize(("paper", "lang"), [("a4", "ja"), ("letter", "en")])
def test_every_deck_card_is_drawn_whole_in_its_own_slot(client: FlaskClient, paper: str, lang: str) -> None:
    response = client.get(f"/print/sc-deck.pdf?paper={paper}&lang={lang}")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    layout = sheet_layout(PAPERS[paper], CARD_SIZES["poker"])
    expected = paginate(sc.DECK, layout, backs=True)
    with open_pdf(response.data) as pdf:
        assert len(pdf.pages) == len(expected) == 32
        names: dict[str, int] = {}
        for number, (page, sheet) in enumerate(zip(pdf.pages, expected, strict=True)):
            frames = cards_on(page)
            slots = sorted((p.slot.x, p.slot.y) for p in sheet.cards)
            drawn = sorted((c.x, c.y) for c in frames)
            assert len(drawn) == len(slots) and all(abs(a - b) < 0.05 for d, s in zip(drawn, slots, strict=True)
                                                    for a, b in zip(d, s, strict=True)), f"page {number}: {drawn}"
            if sheet.side == "back":
                # the back's words sit inside the card, one copy in each slot
                hits = _words(page, "Sister Combination")
                assert sorted(_slot_of(sheet, x, y) for x, y in hits) == list(range(len(sheet.cards)))
                continue
            for placed in sheet.cards:
                inside = [(x, y) for x, y in _words(page, placed.item.sister.name_en)
                          if _slot_of(sheet, x, y) == placed.slot.index]
                assert len(inside) == 1, f"page {number}: {placed.item} is not in slot {placed.slot.index}"
                number_label = placed.item.symbol.label
                if placed.item.symbol.is_number:  # the corner and the centre: the card's symbol layer
                    assert len([1 for x, y in _words(page, number_label)
                                if _slot_of(sheet, x, y) == placed.slot.index]) >= 3
            for sister in sc.SISTERS:
                names[sister.name_en] = names.get(sister.name_en, 0) + len(_words(page, sister.name_en))
        assert names == {s.name_en: 12 for s in sc.SISTERS}  # 1–8, Mirror, Pass, Stack 2, S.P. of each sister


def _slot_of(sheet: Any, x: float, y: float) -> int | None:
    for placed in sheet.cards:
        if placed.slot.x <= x <= placed.slot.x + 63 and placed.slot.y <= y <= placed.slot.y + 88:
            return int(placed.slot.index)
    return None


def test_the_deck_lays_out_each_part_of_a_face_once(client: FlaskClient) -> None:
    """4 element frames, 48 symbols in their element's colour, 12 names, 12 S.P. effects, and one back."""
    response = client.get("/print/sc-deck.pdf?paper=a4&lang=ja")
    xobjects = reader(response.data).pages[0]["/Resources"]["/XObject"]
    assert len([name for name in xobjects if name.startswith("/card")]) == 4 + 48 + 12 + 12 + 1


def test_print_shop_pages_each_get_their_card_and_the_crop_marks(client: FlaskClient) -> None:
    """One card per page, front then back, all 288 of them (two laid out, the rest copies of those): every page
    the print-shop size with its bleed, the card's art filling the bleed at the same place, the eight marks (laid
    out once) around it, and each of the 144 cards on its own front page, exactly once."""
    response = client.get("/print/sc-deck.pdf?mode=shop&lang=en")
    assert response.status_code == 200
    shop = ShopGeometry(CARD_SIZES["poker"])
    assert len(set(sc.DECK)) == 144
    for number, page in enumerate(reader(response.data).pages):
        media, bleed, trim = box_mm(page.mediabox), box_mm(page.bleedbox), box_mm(page.trimbox)
        assert trim[2:] == pytest.approx((63, 88), abs=0.01), number
        assert bleed == pytest.approx((trim[0] - 3, trim[1] - 3, 69, 94), abs=0.01), number
        assert media == pytest.approx((trim[0] - 10, trim[1] - 10, 83, 108), abs=0.01), number
    marks = sorted(tuple(round(v, 2) for v in line) for line in shop.crop_marks())
    fronts = []
    with open_pdf(response.data) as pdf:
        assert len(pdf.pages) == 288
        for number, page in enumerate(pdf.pages):
            art = cards_on(page, 69, 94)
            assert len(art) == 1 and (art[0].x, art[0].y) == pytest.approx((7, 7), abs=0.05), number
            assert _outside_the_bleed(lines(page)) == marks, number  # (a card's art may draw lines too)
            card, words = sc.DECK[number // 2], page.extract_text()
            names = [(sister.name_en, x, y) for sister in sc.SISTERS for x, y in _words(page, sister.name_en)]
            if number % 2:  # its back: the deck's name in the card, no card's
                assert names == [] and len(_words(page, "Sister Combination")) == 1, number
                continue
            assert len(names) == 1 and names[0][0] == card.sister.name_en, (number, names)
            assert 10 <= names[0][1] <= 73 and 10 <= names[0][2] <= 98, (number, names)  # inside the trim
            if card.symbol.is_number:  # the corner and the centre
                assert len(_words(page, card.symbol.label)) >= 3, number
            elif card.symbol.label == "S.P.":
                assert " ".join(card.sister.effect_en.split()[:3]) in " ".join(words.split()), number
            else:
                assert card.symbol.label in words, number
            fronts.append(words)
    assert len(fronts) == len(set(fronts)) == 144  # no front twice
    xobjects = reader(response.data).pages[0]["/Resources"]["/XObject"]
    assert len([name for name in xobjects if name.startswith("/card")]) == 4 + 48 + 12 + 12 + 1 + 1  # + the marks



def _outside_the_bleed(drawn: list[tuple[float, float, float, float]]) -> list[tuple[float, ...]]:
    """The lines drawn wholly outside a print-shop page's bleed (7 mm in from the media's edges), rounded."""
    return sorted(tuple(round(v, 2) for v in (x0, top, x1, bottom)) for x0, top, x1, bottom in drawn
                  if x1 <= 7 or x0 >= 83 - 7 or bottom <= 7 or top >= 108 - 7)


PATTERN_HTML = """<!doctype html><html><head><style>
@page { size: 60mm 40mm; margin: 0; }
@page face { size: 20mm 30mm; margin: 0; }
body { margin: 0; font-family: "IPAexGothic"; font-size: 10pt; } p { margin: 0; }
.page { position: relative; width: 60mm; height: 40mm; break-after: page; }
.page[data-face-copy] { display: none; }
.slot { position: absolute; top: 5mm; width: 20mm; height: 30mm; } .a { left: 5mm; } .b { left: 35mm; }
.face-page { page: face; position: relative; break-after: page; }
.card { position: absolute; left: 0; top: 0; width: 20mm; height: 30mm; }
</style></head><body>
<section class="page" data-face-pattern="p"><div class="slot a" data-face="0"></div><div class="slot b" data-face="1">
</div></section>
<section class="page" data-face-copy="p"><div class="slot a" data-face="2"></div><div class="slot b" data-face="0">
</div></section>
<section class="page"><p>Between</p></section>
<section class="page" data-face-copy="p"><div class="slot a" data-face="1"></div><div class="slot b" data-face="2">
</div></section>
<section class="face-page" data-face-page="0"><div class="card"><p>Ace</p></div></section>
<section class="face-page" data-face-page="1"><div class="card"><p>King</p></div></section>
<section class="face-page" data-face-page="2"><div class="card"><p>Queen</p></div></section>
</body></html>"""


def test_a_copy_of_a_pattern_sheet_is_a_page_where_it_stands_with_its_own_cards() -> None:
    pdf = render_pdf(PATTERN_HTML)
    expected = [{"Ace": 5, "King": 35}, {"Queen": 5, "Ace": 35}, {}, {"King": 5, "Queen": 35}]
    with open_pdf(pdf) as doc:
        assert len(doc.pages) == 4
        for number, (page, cards) in enumerate(zip(doc.pages, expected, strict=True)):
            drawn = {word: [(round(x, 2), round(y, 2)) for x, y in _words(page, word)]
                     for word in ("Ace", "King", "Queen")}
            assert drawn == {word: [(cards[word], 5)] if word in cards else [] for word in drawn}, number
        assert "Between" in doc.pages[2].extract_text()
    boxes = [box_mm(page.mediabox) for page in reader(pdf).pages]
    assert all(box[2:] == pytest.approx((60, 40), abs=0.01) for box in boxes)


@pytest.mark.parametrize("change", ['<p>Sheet 2</p></section>', '<div class="slot a" data-face="0"></div></section>'])
def test_a_copy_that_is_not_its_patterns_markup_is_refused(change: str) -> None:
    """The copy is drawn from the pattern's layout: markup of its own would not be laid out, so it is an error."""
    html = PATTERN_HTML.replace('<div class="slot b" data-face="2">\n</div></section>', change)
    assert html != PATTERN_HTML
    with pytest.raises(ValueError, match="not its markup"):
        render_pdf(html)


def test_a_copy_of_a_pattern_never_laid_out_is_refused() -> None:
    with pytest.raises(ValueError, match="was not laid out"):
        render_pdf(PATTERN_HTML.replace('data-face-pattern="p"', 'data-face-pattern="q"'))
