"""The pages of https at the table (companion/web/trust.py): /trust as a server without https, with its own
certificate (make run HTTPS=1) and with a public https address shows it; the home page's way there; the table page's
line on plain http, with the secure address of the same table. As a phone on the Wi-Fi opens them: by the computer's
address, from another address than 127.0.0.1."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from companion.server.certificates import authority_der, ensure, fingerprint
from tests.web.apps import Phone, make_app

WIFI = "http://192.168.1.20:8000"
SECURE = "https://192.168.1.20:8443"
A_PHONE = {"REMOTE_ADDR": "192.168.1.30"}


@pytest.fixture
def served(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    """As `make run HTTPS=1` serves it: the certificates made, https on 8443 beside plain http on 8000."""
    ensure(tmp_path)
    app = make_app(tmp_path, database_url, HTTPS_PORT=8443, HTTP_PORT=8000)
    yield app
    app.extensions["db_engine"].dispose()


def page(phone: Phone, path: str, base: str = WIFI) -> str:
    response = phone.get(path, base_url=base, environ_base=A_PHONE)
    assert response.status_code == 200
    return str(response.get_data(as_text=True))


def test_without_https_the_trust_page_says_how_to_add_it_and_what_works_meanwhile(app: Flask) -> None:
    phone = Phone(app.test_client())
    body = page(phone, "/trust")
    assert "This server offers plain http only" in body and "make run HOST=0.0.0.0 HTTPS=1" in body
    assert 'id="screen-timeout"' in body and "Auto-Lock" in body
    assert "companion-ca.crt" not in body
    assert phone.get("/trust/companion-ca.crt").status_code == 404
    assert 'href="/trust"' in page(phone, "/")  # a phone on the Wi-Fi is led there from the home page
    assert 'href="/trust"' not in phone.get("/").get_data(as_text=True)  # this computer, on 127.0.0.1, is not


def test_with_its_own_certificate_the_trust_page_gives_it_and_the_steps(served: Flask, tmp_path: Path) -> None:
    phone = Phone(served.test_client())
    body = page(phone, "/trust")
    der = authority_der(tmp_path)
    assert der is not None
    assert fingerprint(der) in body
    assert 'href="/trust/companion-ca.crt"' in body
    assert f"<code>{WIFI}/trust</code>" in body  # the code leads a phone here, on plain http
    assert f'href="{SECURE}/"' in body  # and, once trusted, to the secure address
    assert 'id="android"' in body and 'id="iphone"' in body
    assert "This page is open over https" not in body
    # Opened over https, the code still gives plain http: a phone that trusts nothing yet opens it without a warning
    secure = page(phone, "/trust", SECURE)
    assert "This page is open over https" in secure and f"<code>{WIFI}/trust</code>" in secure
    download = phone.client.get("/trust/companion-ca.crt")
    assert download.mimetype == "application/x-x509-ca-cert" and download.data == der
    assert phone.client.get("/trust/qr.svg").data.startswith(b"<svg")


def test_opened_on_this_computer_the_code_gives_its_wifi_address(served: Flask,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("companion.web.trust.lan_addresses", lambda: ["192.168.1.20"])
    body = Phone(served.test_client()).get("/trust", base_url="http://127.0.0.1:8000").get_data(as_text=True)
    assert f"<code>{WIFI}/trust</code>" in body
    assert "This page was opened as 127.0.0.1" in body


def test_with_a_public_https_address_there_is_nothing_to_trust(tmp_path: Path, database_url: str) -> None:
    ensure(tmp_path)
    app = make_app(tmp_path, database_url, PUBLIC_URL="https://club.example", HTTPS_PORT=8443)
    body = page(Phone(app.test_client()), "/trust", "https://club.example")
    assert "This app has a secure address of its own" in body
    assert "companion-ca.crt" not in body
    app.extensions["db_engine"].dispose()


def test_the_table_page_on_plain_http_offers_the_same_table_over_https(served: Flask) -> None:
    phone = Phone(served.test_client())
    phone.get("/", base_url=WIFI, environ_base=A_PHONE)
    table = phone.post("/new/tally", {"seat0": "Aki", "seat1": "Ben"}, base_url=WIFI,
                       environ_base=A_PHONE).headers["Location"]
    body = page(phone, table)
    insecure = re.search(r'<p class="wake-note js-only" data-when="insecure" hidden>(.*?)</p>', body, re.S)
    assert insecure, "no line for a page that is not a secure context"
    assert "Keeping the screen on needs https here" in insecure.group(1)
    assert f'href="{SECURE}{table}"' in insecure.group(1)
    assert 'href="/trust#without-https"' in insecure.group(1)
    # over https there is nothing to lead to: the line (shown only if the browser lacks Wake Lock) says how, only
    secure = page(phone, table, SECURE)
    assert "Open over https" not in secure
    # Copy buttons say what they did
    assert 'class="copy-said"' in body and "Selected: copy it by hand" in body
