"""Cookies under https: with PUBLIC_URL=https://… every cookie the app sets is Secure and
HttpOnly and every answer carries HSTS; over plain http (the home Wi-Fi) cookies are HttpOnly but not Secure
(a phone on http would never send them back) and there is no HSTS."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask, Response

from companion.web.printing.options import PAPER_COOKIE
from tests.web.apps import Phone, make_app
from tests.web.test_tables import enter, new_table


def cookie_flags(response: Response) -> dict[str, set[str]]:
    """Each Set-Cookie's name and its flags, lower-cased."""
    found: dict[str, set[str]] = {}
    for header in response.headers.getlist("Set-Cookie"):
        name = header.split("=", 1)[0].strip()
        found[name] = {part.strip().split("=", 1)[0].lower() for part in header.split(";")[1:]}
    return found


@pytest.fixture
def https_app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    app = make_app(tmp_path, database_url, PUBLIC_URL="https://club.example")
    yield app
    app.extensions["db_engine"].dispose()


def test_under_https_every_cookie_is_secure_and_httponly_with_hsts(https_app: Flask) -> None:
    phone = Phone(https_app.test_client())
    page = phone.get("/new/tally")  # a form page: the session (CSRF) cookie is set
    assert {"secure", "httponly"} <= cookie_flags(page)["session"]
    assert page.headers["Strict-Transport-Security"] == "max-age=31536000"
    table = new_table(phone, "Aki", "Ben")
    entry = enter(phone, table, 0, "5")  # the first entry names this phone: its device cookie
    assert {"secure", "httponly"} <= cookie_flags(entry)["device"]
    lang = phone.post("/lang", {"lang": "ja", "next": "/"})
    assert {"secure", "httponly"} <= cookie_flags(lang)["lang"]
    with https_app.test_request_context("/print"):  # what the print route sets with a PDF
        answer = Response("pdf")
        answer.set_cookie(PAPER_COOKIE, "a4", samesite="Lax")
        answer = https_app.process_response(answer)
    assert {"secure", "httponly", "samesite"} <= cookie_flags(answer)[PAPER_COOKIE]


def test_over_plain_http_cookies_are_httponly_not_secure_and_no_hsts(app: Flask) -> None:
    phone = Phone(app.test_client())
    page = phone.get("/new/tally")
    flags = cookie_flags(page)
    assert all("httponly" in f and "secure" not in f for f in flags.values()), flags
    assert "Strict-Transport-Security" not in page.headers
    with app.test_request_context("/print"):
        answer = Response("pdf")
        answer.set_cookie(PAPER_COOKIE, "a4", samesite="Lax")
        answer = app.process_response(answer)
    assert cookie_flags(answer)[PAPER_COOKIE] >= {"httponly"}
