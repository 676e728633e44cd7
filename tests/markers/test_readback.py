"""The printed markers read back: every sticker sheet and every card sheet rendered to pictures (as a flatbed scan
would, 150 dpi) and read by the reader. Every card of every sheet is read once, in the right place, nothing extra
and nothing misread; a card sheet's card shows the same marker in two corners."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from flask.testing import FlaskClient

from companion.games import lumiere as lp
from companion.games import sister_combination as sc
from companion.games.planeta_rica import Gadget, Planet
from companion.markers import ids, reader
from tests.markers.photos import fetch, png, render
from tests.print.pdfs import all_text, open_pdf

STICKERS = [("ps", ids.PS, "a4", "ja"), ("ss", ids.SS, "letter", "en"), ("sc", ids.SC, "a4", "ja"),
            ("lp", ids.LP, "letter", "ja"), ("pr", ids.PR, "a4", "en")]


def _chunks(markers: Sequence[int], size: int) -> list[list[int]]:
    return [list(markers[i:i + size]) for i in range(0, len(markers), size)]


@pytest.mark.parametrize(("prefix", "slug", "paper", "lang"), STICKERS)
def test_a_sticker_sheet_reads_back_as_the_whole_deck(client: FlaskClient, prefix: str, slug: str, paper: str,
                                                      lang: str) -> None:
    pdf = fetch(client, f"/print/{prefix}-stickers.pdf?paper={paper}&lang={lang}")
    deck = [c.id for c in ids.deck(slug)]
    pages = render(pdf)
    read = [[c.marker for c in reader.read_cards(slug, png(image))] for image in pages.values()]
    flat = [m for page in read for m in page]
    assert sorted(flat) == deck  # every card once, none extra, none misread
    assert all(max(a) < min(b) for a, b in zip(read, read[1:], strict=False))  # the deck's order, page by page
    document = open_pdf(pdf)
    columns = _columns(document)
    assert all(c.card in columns for c in ids.deck(slug))  # its notation printed beside each marker
    assert ("ラベル" if lang == "ja" else "labels") in all_text(document)  # the footer says which labels


def _columns(document) -> str:  # type: ignore[no-untyped-def]
    """The words of each page, column by column (words that start where others start), top to bottom, run
    together: a long notation wrapped within its sticker reads whole."""
    runs = []
    for page in document.pages:
        columns: dict[int, list[dict[str, object]]] = {}
        for word in page.extract_words():
            columns.setdefault(round(float(word["x0"]) / 3), []).append(word)
        runs += ["".join(str(w["text"]) for w in sorted(words, key=lambda w: float(w["top"])))  # type: ignore[arg-type]
                 for words in columns.values()]
    return "\n".join(runs)


def _text_under(page, boxes) -> list[str]:  # type: ignore[no-untyped-def]
    """The characters of a PDF page that a marker or its quiet zone (boxes: corners in points) would cover."""
    covered = []
    for box in boxes:
        quiet = (box[:, 0].max() - box[:, 0].min()) / 8  # one cell of the 8 a side
        left, right = box[:, 0].min() - quiet, box[:, 0].max() + quiet
        top, bottom = box[:, 1].min() - quiet, box[:, 1].max() + quiet
        covered += [c["text"] for c in page.chars
                    if c["x0"] < right and c["x1"] > left and c["top"] < bottom and c["bottom"] > top]
    return covered


def _sc() -> list[int]:
    return [ids.marker_of(ids.SC, str(c)) for c in sc.DECK]


def _ps() -> list[int]:
    return [ids.marker_of(ids.PS, str(rank)) for rank in range(1, 37)]


def _lp() -> list[int]:  # four players' decks: each kind's copies one after the other, in the engine's order
    return [ids.marker_of(ids.LP, c.value, n) for c in lp.Card for n in range(1, c.per_player * 4 + 1)]


def _pr() -> list[int]:  # one card per kind (its first copy), planets then gadgets
    return [ids.marker_of(ids.PR, k.value, 1) for k in (*Planet, *Gadget)]


SHEETS = [("/print/sc-deck.pdf?paper=a4&lang=ja", ids.SC, _sc, 9),
          ("/print/ps-cards.pdf?paper=a4&lang=ja", ids.PS, _ps, 9),
          ("/print/lp-cards.pdf?paper=letter&lang=ja", ids.LP, _lp, 9),
          ("/print/pr-cards.pdf?paper=a4&lang=en", ids.PR, _pr, 9),
          ("/print/ps-cards.pdf?paper=a4&lang=en&mode=shop", ids.PS, _ps, 1)]


@pytest.mark.parametrize(("url", "slug", "expected", "per_page"), SHEETS)
def test_a_card_sheet_reads_back_card_by_card(client: FlaskClient, url: str, slug: str, expected, per_page: int
                                              ) -> None:  # type: ignore[no-untyped-def]
    pdf = fetch(client, url)
    dpi = 150 if per_page > 1 else 300
    pages = render(pdf, dpi=dpi)
    document = open_pdf(pdf)
    fronts = [image for index, image in pages.items() if index % 2 == 0]  # each front, then its backs
    backs = [image for index, image in pages.items() if index % 2 == 1]
    if per_page == 1:
        fronts = fronts[:6]  # print-shop pages: a sample (each page is one card)
        backs = backs[:2]
    want = _chunks(expected(), per_page)[:len(fronts)]
    assert len(want) == len(fronts)
    for number, (image, cards) in enumerate(zip(fronts, want, strict=True)):
        seen = reader.read_cards(slug, png(image))
        assert [c.marker for c in seen] == cards, f"page {2 * number + 1}"  # each once, in reading order
        found = reader.detect(reader.decode(png(image))[0])
        assert sorted(m for m, _box in found) == sorted(cards * 2), f"page {2 * number + 1}: a card's two corners"
        hidden = _text_under(document.pages[2 * number], [box * 72 / dpi for _m, box in found])
        assert hidden == [], f"page {2 * number + 1}: a marker hides {hidden}"
    for image in backs:
        assert reader.detect(reader.decode(png(image))[0]) == []  # no marker on a back
