"""Each game's rules as a printed play aid: A4 (or Letter) pages and an A5 booklet, in Japanese or
English, read back from the PDFs: the page size, the clauses' titles and texts, the readings."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from companion.rulebook import rulebooks
from tests.print.pdfs import all_text, open_pdf, page_size_mm
from tests.print.test_planetary_sisters_pdf import pdf


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_rules_print_on_a4_in_japanese(client: FlaskClient) -> None:
    data = pdf(client, "/print/sister-combination-rules.pdf?lang=ja&paper=a4")
    with open_pdf(data) as doc:
        assert {tuple(round(v) for v in page_size_mm(p)) for p in doc.pages} == {(210, 297)}
        words = squeezed(all_text(doc))
    assert "シスター・コンビネーションのルール" in words
    assert "おじゃまモード：スタックがある間" in words and "数字のカードは場札と同じ色でも出せない" in words
    assert "アプリの読み" in words and "裁定：SC-3" in words


def test_the_rules_print_as_an_a5_booklet_in_english(client: FlaskClient) -> None:
    data = pdf(client, "/print/strato-sphere-rules-a5.pdf?lang=en")
    with open_pdf(data) as doc:
        assert len(doc.pages) >= 3
        assert {tuple(round(v) for v in page_size_mm(p)) for p in doc.pages} == {(148, 210)}
        words = all_text(doc)
    assert "Rules of Strato-Sphere" in words and "Attack" in words and "Defence" in words
    assert "The companion's reading" in words


@pytest.mark.parametrize("slug", sorted(rulebooks()))
def test_every_games_rules_print(client: FlaskClient, slug: str) -> None:
    listed = client.get("/print", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert f"/print/{slug}-rules.pdf" in listed or f'"{slug}-rules"' in listed or f"{slug}-rules" in listed
    data = pdf(client, f"/print/{slug}-rules.pdf?lang=en&paper=letter")
    with open_pdf(data) as doc:
        assert {tuple(round(v) for v in page_size_mm(p)) for p in doc.pages} == {(216, 279)}
        words = squeezed(all_text(doc))
    for clause in rulebooks()[slug].clauses[:3]:
        assert squeezed(clause.title["en"]) in words


def test_the_a4_rules_and_the_a5_booklet_are_two_documents_whichever_is_printed_first(client: FlaskClient) -> None:
    """The two once shared one cache entry, so whichever was printed first was served for both."""
    a4 = pdf(client, "/print/lumiere-rules.pdf?lang=en&paper=a4")
    a5 = pdf(client, "/print/lumiere-rules-a5.pdf?lang=en")
    again = pdf(client, "/print/lumiere-rules.pdf?lang=en&paper=a4")
    sizes = []
    for data in (a4, a5, again):
        with open_pdf(data) as doc:
            sizes.append({tuple(round(v) for v in page_size_mm(p)) for p in doc.pages})
    assert sizes == [{(210, 297)}, {(148, 210)}, {(210, 297)}]
