"""The print page and the PDF routes: every printable with its options, clear answers to bad options, the
remembered calibration offset and paper, the cache, and the time limit that keeps score entry quick."""

from __future__ import annotations

import re
import threading

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.web.printing.listing import PRINTABLES
from tests.print.pdfs import cards_on, open_pdf
from tests.print.test_summary_pdf import get
from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.test_tables import enter, new_table


def forms(html: str) -> dict[str, str]:
    """PDF form action -> the form's HTML."""
    found = {}
    for match in re.finditer(r'<form method="get" action="([^"]+)" target="_blank">(.*?)</form>', html, re.S):
        found[match.group(1)] = match.group(2)
    return found


def test_the_print_page_lists_every_printable_with_its_options(phone: Phone) -> None:
    response = phone.get("/print")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    page = text_of(html)
    for game in ("Sister Combination", "Planetary Sisters", "Lumière Prière", "Strato-Sphere"):
        assert game in page
    found = forms(html)
    for printable in PRINTABLES:
        form = found[f"/print/{printable.id}.pdf"]
        assert str(printable.title if printable.id != "calibration" else "Back-side calibration") in page
        names = set(re.findall(r'name="([a-z_]+)"', form))
        expected = {"offset": {"dx", "dy"}, "profile": {"profile", "profile_link"}}
        wanted = set().union(*(expected.get(o, {o}) for o in printable.options))
        assert names == wanted, printable.id
    assert 'action="/print/summary"' in html
    assert "Open PDF" in page and "Save the offset" in page


def test_the_print_page_offers_the_phones_own_profiles_with_how_much_they_know(phone: Phone) -> None:
    phone.get("/profiles/planetary-sisters")
    editor = phone.post("/profiles/planetary-sisters/copy", {"source": "default"}).headers["Location"]
    html = phone.get("/print").get_data(as_text=True)
    choice = re.search(rf'<label class="choice"><input type="radio" name="profile" value="user:{editor[3:]}"[^>]*>(.*?)'
                       r"</label>", html, re.S)
    assert choice, "the phone's own profile is a choice"
    assert text_of(choice.group(1)) == "Planetary Sisters: what the rule text gives (copy) · 0 of 36 cards known"
    assert "Planetary Sisters: what the rule text gives · 0 of 36 cards known" in text_of(html)
    other = phone.__class__(phone.client.application.test_client())
    assert editor[3:] not in other.get("/print").get_data(as_text=True)  # another phone's list is its own


def test_the_print_page_in_japanese(client: FlaskClient) -> None:
    phone = Phone(client, lang="ja")
    page = text_of(phone.get("/print").get_data(as_text=True))
    assert "印刷" in page and "デッキ一式（144枚）" in page and "条件カードと得点早見表" in page
    assert "裏面の位置合わせ" in page and "PDF を開く" in page
    assert "シスター・コンビネーション" in page and "遊星姊妹" in page


def test_pdfs_open_in_the_browser_and_repeat_prints_come_from_the_cache(client: FlaskClient) -> None:
    first = client.get("/print/calibration.pdf?paper=a4&lang=en")
    assert first.status_code == 200 and first.mimetype == "application/pdf"
    assert first.headers["Content-Disposition"] == 'inline; filename="calibration-a4.pdf"'
    assert first.headers["X-Print-Cache"] == "miss"
    assert "object-src 'self'" in first.headers["Content-Security-Policy"]
    again = client.get("/print/calibration.pdf?paper=a4&lang=en")
    assert again.headers["X-Print-Cache"] == "hit" and again.data == first.data
    unchanged = client.get("/print/calibration.pdf?paper=a4&lang=en", headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304
    other = client.get("/print/calibration.pdf?paper=letter&lang=en")
    assert other.headers["X-Print-Cache"] == "miss" and other.data != first.data


def test_the_disk_cache_serves_another_process(app: Flask, client: FlaskClient) -> None:
    from companion.web.printing.render import printer

    first = client.get("/print/ss-seats.pdf?players=2&lang=en")
    assert first.headers["X-Print-Cache"] == "miss"
    the_printer = printer(app)
    the_printer.cache._memory.clear()  # what a second server process sees: only the shared folder
    app.extensions["companion_printing"].pop("memo", None)
    again = client.get("/print/ss-seats.pdf?players=2&lang=en")
    assert again.headers["X-Print-Cache"] == "hit" and again.data == first.data


@pytest.mark.parametrize(("query", "english", "japanese"), [
    ("paper=a3", "“a3” is not one of the choices for Paper.", "「a3」は 用紙 の選択肢にありません。"),
    ("mode=offset", "“offset” is not one of the choices for Printing.", "「offset」は 印刷方法 の選択肢にありません。"),
    ("dx=left", "Back offset across must be a number of millimetres, not “left”.",
     "裏面のずれ（横） はミリメートルの数値で指定してください（「left」ではなく）。"),
    ("dy=40", "Back offset down must be between −10.0 and +10.0 mm.", "裏面のずれ（縦） は −10.0 〜 +10.0 mm の範囲で指定してください。"),
    # Unicode digits, "_", an exponent, inf and nan are not millimetres (float() would take them all)
    ("dx=%D9%A1", "Back offset across must be a number of millimetres, not “١”.",
     "裏面のずれ（横） はミリメートルの数値で指定してください（「١」ではなく）。"),
    ("dx=1_0", "Back offset across must be a number of millimetres, not “1_0”.",
     "裏面のずれ（横） はミリメートルの数値で指定してください（「1_0」ではなく）。"),
    ("dy=1e1", "Back offset down must be a number of millimetres, not “1e1”.",
     "裏面のずれ（縦） はミリメートルの数値で指定してください（「1e1」ではなく）。"),
    ("dy=nan", "Back offset down must be a number of millimetres, not “nan”.",
     "裏面のずれ（縦） はミリメートルの数値で指定してください（「nan」ではなく）。"),
])
def test_bad_options_are_explained_in_the_players_language(client: FlaskClient, query: str, english: str,
                                                          japanese: str) -> None:
    for lang, message in (("en", english), ("ja", japanese)):
        response = client.get(f"/print/sc-deck.pdf?{query}", headers={"Accept-Language": lang})
        assert response.status_code == 422
        assert response.mimetype == "text/html"
        assert message in text_of(response.get_data(as_text=True))


def test_an_unknown_printable_is_a_404_page(client: FlaskClient) -> None:
    response = client.get("/print/poster.pdf")
    assert response.status_code == 404
    assert "There is nothing at this address." in text_of(response.get_data(as_text=True))


def test_the_calibration_offset_is_remembered_and_moves_later_backs(client: FlaskClient) -> None:
    phone = Phone(client)
    assert "This phone's offset: across 0 mm, down 0 mm." in text_of(phone.get("/print").get_data(as_text=True))
    saved = phone.post("/print/offset", {"dx": "1.5", "dy": "-1"})
    assert saved.status_code == 303 and saved.headers["Location"] == "/print?saved=1#calibration"
    assert "print_offset=1.5:-1;" in saved.headers["Set-Cookie"]
    page = phone.get("/print?saved=1")
    html = page.get_data(as_text=True)
    assert "This phone's offset: across +1.5 mm, down −1 mm." in text_of(html)
    assert "Saved: every back page printed from this phone is now moved by this offset." in text_of(html)
    assert re.search(r'<option value="1.5" selected>', html)
    pdf = get(phone, "/print/sc-deck.pdf?paper=a4&lang=en")  # no offset in the link: the remembered one
    with open_pdf(pdf.data) as doc:
        backs = cards_on(doc.pages[1])
        assert [(round(c.x, 2), round(c.y, 2)) for c in backs[:3]] == [(12.0, 15.5), (75.0, 15.5), (138.0, 15.5)]
        assert [(round(c.x, 2), round(c.y, 2)) for c in cards_on(doc.pages[0])[:1]] == [(10.5, 16.5)]  # fronts stay
    reset = phone.post("/print/offset", {"reset": "1"})
    assert "print_offset=;" in reset.headers["Set-Cookie"]


@pytest.mark.parametrize("odd", ["١", "1_0", "inf", "nan", "1e1", "𝟗"])
def test_an_odd_offset_is_refused_and_nothing_is_remembered(client: FlaskClient, odd: str) -> None:
    phone = Phone(client)
    refused = phone.post("/print/offset", {"dx": odd, "dy": "0"})
    assert refused.status_code == 422
    assert "must be between −10.0 and +10.0 mm" in text_of(refused.get_data(as_text=True))
    assert "print_offset" not in refused.headers.get("Set-Cookie", "")


def test_an_offset_written_with_a_comma_or_a_minus_sign_is_read(client: FlaskClient) -> None:
    saved = Phone(client).post("/print/offset", {"dx": "1,5", "dy": "\u22122"})
    assert saved.status_code == 303 and "print_offset=1.5:-2;" in saved.headers["Set-Cookie"]
    typed = Phone(client).post("/print/offset", {"dx": "－１,５", "dy": "＋２"})  # a keyboard in 全角 mode
    assert typed.status_code == 303 and "print_offset=-1.5:2;" in typed.headers["Set-Cookie"]


def test_an_offset_save_without_its_csrf_token_is_refused(client: FlaskClient) -> None:
    response = client.post("/print/offset", data={"dx": "1", "dy": "1"})
    assert response.status_code == 400


def test_the_paper_is_remembered_and_us_phones_default_to_letter(client: FlaskClient) -> None:
    def checked(html: str) -> list[str]:
        return re.findall(r'name="paper" value="(a4|letter)" checked', html)

    us = client.get("/print", headers={"Accept-Language": "en-US,en;q=0.9"}).get_data(as_text=True)
    assert set(checked(us)) == {"letter"}
    jp = client.get("/print", headers={"Accept-Language": "ja-JP"}).get_data(as_text=True)
    assert set(checked(jp)) == {"a4"}
    printed = client.get("/print/calibration.pdf?paper=letter", headers={"Accept-Language": "ja-JP"})
    assert "print_paper=letter" in printed.headers["Set-Cookie"]
    again = client.get("/print", headers={"Accept-Language": "ja-JP"}).get_data(as_text=True)
    assert set(checked(again)) == {"letter"}


def test_a_slow_pdf_is_stopped_with_a_clear_page_and_entries_go_on(app: Flask, client: FlaskClient) -> None:
    # 4 s: the entry below must be saved while the print still waits, and on a busy machine an entry can take
    # a good part of a second or more; the render waits 30 s, so it is always the limit that ends it.
    app.config.update(PRINT_TIME_LIMIT=4.0, PRINT_TEST_DELAY=30.0)
    phone = Phone(client, lang="ja")
    table = new_table(phone, "Aki", "Ben")
    answers: list[int] = []
    slow_client = app.test_client()
    printing = threading.Thread(target=lambda: answers.append(
        slow_client.get("/print/ps-pad.pdf?players=2", headers={"Accept-Language": "ja"}).status_code))
    printing.start()
    assert enter(phone, table, 1, "4").status_code == 303  # an entry while the PDF is rendering ...
    assert printing.is_alive()  # ... is saved before the print has given up
    printing.join(60)
    assert answers == [503]
    response = client.get("/print/ps-pad.pdf?players=3", headers={"Accept-Language": "ja"})
    assert response.status_code == 503 and response.headers["Retry-After"] == "10"
    page = text_of(response.get_data(as_text=True))
    assert "PDF の作成に時間がかかりすぎています" in page and "4 秒で中止しました" in page
