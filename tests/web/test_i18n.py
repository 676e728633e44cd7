"""The interface follows the phone's language (ja or en), can be switched, and remembers the choice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.web.apps import Phone
from tests.web.helpers import text_of

ROOT = Path(__file__).resolve().parents[2]


def test_the_phone_language_is_followed(client) -> None:  # type: ignore[no-untyped-def]
    ja = text_of(client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}).get_data(as_text=True))
    assert "どのゲームを遊びますか？" in ja
    en = text_of(client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).get_data(as_text=True))
    assert "Which game is on the table?" in en
    other = text_of(client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert "Which game is on the table?" in other


def test_the_switch_is_remembered(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="en")
    phone.get("/")
    response = phone.post("/lang", {"lang": "ja", "next": "/import"})
    assert response.status_code == 303 and response.headers["Location"] == "/import"
    assert "lang=ja" in response.headers["Set-Cookie"] and "Max-Age=31536000" in response.headers["Set-Cookie"]
    assert "エクスポートしたテーブルを続ける" in text_of(phone.get("/import").get_data(as_text=True))
    assert "どのゲームを遊びますか？" in text_of(phone.get("/").get_data(as_text=True))


def test_the_switch_never_redirects_off_site(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client)
    phone.get("/")
    response = phone.post("/lang", {"lang": "ja", "next": "//evil.example/"})
    assert response.headers["Location"] == "/"


def test_reasons_and_errors_in_japanese(client) -> None:  # type: ignore[no-untyped-def]
    phone = Phone(client, lang="ja")
    response = phone.post("/new/tally", {"seat0": "Solo"})
    assert "2 / 3 / 4 人のプレイヤー名を時計回りに入力してください。" in text_of(response.get_data(as_text=True))
    assert "このアドレスには何もありません。" in text_of(phone.get("/t/nope").get_data(as_text=True))


def test_every_string_is_in_both_catalogs_and_translated_in_japanese() -> None:
    result = subprocess.run([sys.executable, "scripts/i18n.py", "check"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
