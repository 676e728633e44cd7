"""Sister Combination's one-page reference and a table's score summary, read back from the PDFs."""

from __future__ import annotations

from flask.testing import FlaskClient

from companion.games import sister_combination as sc
from tests.print.pdfs import all_text, open_pdf, page_size_mm
from tests.print.test_planetary_sisters_pdf import pdf
from tests.web.apps import Phone
from tests.web.games.sister_combination.support import play, started


def test_the_reference_is_one_page_with_the_twelve_sp_effects_in_japanese(client: FlaskClient) -> None:
    data = pdf(client, "/print/sc-reference.pdf?lang=ja&paper=a4")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 1
        w, h = page_size_mm(doc.pages[0])
        assert abs(w - 210) < 1 and abs(h - 297) < 1
        text = all_text(doc).replace("\n", "").replace(" ", "")
    for sister in sc.SISTERS:
        assert sister.name_ja in text and sister.reading in text
        assert sister.effect_ja.replace(" ", "")[:12] in text, sister.key
    assert "妨害モード" in text and "リーチ" in text and "SC-3" in text and "SC-6" in text


def test_the_reference_in_english_on_letter(client: FlaskClient) -> None:
    data = pdf(client, "/print/sc-reference.pdf?lang=en&paper=letter")
    with open_pdf(data) as doc:
        assert len(doc.pages) == 1
        text = " ".join(all_text(doc).split())
    assert "Sister Combination: quick reference" in text
    assert "Halve the stack" in text and "Obstruction mode" in text and "SC-7" in text


def test_a_tables_score_summary(client: FlaskClient) -> None:
    phone = Phone(client)
    table = started(phone, "Aki", "Ben", "Chie")
    play(phone, table, "play sister=karen symbol=5", "play sister=hinako symbol=sp colour=red")
    data = pdf(client, f"{table}/summary.pdf?lang=en")
    with open_pdf(data) as doc:
        text = " ".join(all_text(doc).split())
    assert "Sister Combination" in text and "Aki" in text and "Chie" in text
    assert "Cards left" in text and "plays Hinako S.P., names red" in text


def test_the_reference_says_how_the_hand_limit_chooses_and_ends(app) -> None:  # type: ignore[no-untyped-def]
    """SC-7: (a) or (b) fixed before the game or chosen when it happens; under (a), a table where every hand is
    at the limit and nobody can play sends the stack back into the deck."""
    from flask_babel import force_locale

    from companion.web.games.sister_combination.printables import _turn_rules

    with app.test_request_context("/"):
        with force_locale("en"):
            heading, text, rule = _turn_rules()[-1]
            assert rule == "SC-7" and "chosen by that player when it happens" in text
            assert "every hand at the limit and nobody can play: it goes back into the deck" in text
        with force_locale("ja"):
            text = _turn_rules()[-1][1]
            assert "その場で選ぶ" in text and "山札に戻る" in text
