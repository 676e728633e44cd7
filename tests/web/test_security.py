"""CSRF on every form and htmx request (and a token that outlives an evening), headers, size limits."""

from __future__ import annotations

import time
from unittest import mock

from tests.web.apps import Phone, csrf_of
from tests.web.helpers import text_of, totals
from tests.web.test_tables import new_table


def test_a_form_without_its_csrf_token_is_refused_and_nothing_is_saved(client, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    table = new_table(phone, "Aki", "Ben")
    response = client.post(f"{table}/move", data={"seat": 0, "points": 3, "version": 0})
    assert response.status_code == 400
    assert "This page was open too long or lost its session: nothing was saved." in text_of(
        response.get_data(as_text=True))
    assert totals(phone.get(table).get_data(as_text=True)) == [0, 0]


def test_htmx_requests_carry_the_token_as_a_header(client, phone: Phone) -> None:  # type: ignore[no-untyped-def]
    table = new_table(phone, "Aki", "Ben")
    response = client.post(f"{table}/move", data={"seat": 0, "points": 3, "version": 0},
                           headers={"HX-Request": "true", "X-CSRFToken": phone.token})
    assert response.status_code == 200
    assert totals(response.get_data(as_text=True)) == [3, 0]


def test_a_token_issued_nine_hours_ago_still_works(client) -> None:  # type: ignore[no-untyped-def]
    nine_hours_ago = time.time() - 9 * 3600
    with mock.patch("itsdangerous.timed.time.time", return_value=nine_hours_ago):
        old_token = csrf_of(client.get("/new/tally").get_data(as_text=True))
    response = client.post("/new/tally", data={"csrf_token": old_token, "seat0": "A", "seat1": "B"})
    assert response.status_code == 303


def test_the_session_cookie_outlives_the_browser_closing(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/")
    cookie = next(v for v in response.headers.getlist("Set-Cookie") if v.startswith("session="))
    assert "Expires=" in cookie


def test_security_headers_forbid_inline_script_and_framing(client) -> None:  # type: ignore[no-untyped-def]
    headers = client.get("/").headers
    csp = headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "frame-ancestors 'none'" in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_pages_have_no_inline_script(phone: Phone) -> None:
    table = new_table(phone, "Aki", "Ben")
    for url in ("/", "/new/tally", table, "/import", "/profiles/tally"):
        html = phone.get(url).get_data(as_text=True)
        assert "<script>" not in html and " onclick=" not in html and "hx-on" not in html, url


def test_a_body_over_the_limit_is_413(phone: Phone) -> None:
    phone.get("/")
    response = phone.post("/import", {"text": "x" * (1024 * 1024 + 10)})
    assert response.status_code == 413
    assert "larger than this app accepts" in text_of(response.get_data(as_text=True))


def test_debug_is_off_by_default(app) -> None:  # type: ignore[no-untyped-def]
    assert app.debug is False


def test_the_secret_key_is_generated_once_into_the_instance_folder(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from companion.config import secret_key

    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = secret_key(tmp_path)
    assert len(first) == 64 and (tmp_path / "secret_key").read_text() == first
    assert secret_key(tmp_path) == first
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert secret_key(tmp_path) == "from-env"


def test_the_token_age_check_is_real(tmp_path, database_url) -> None:  # type: ignore[no-untyped-def]
    """The same nine-hour-old token is refused where the limit is one hour: the test above can fail."""
    from tests.web.apps import make_app

    app = make_app(tmp_path, database_url, WTF_CSRF_TIME_LIMIT=3600)
    client = app.test_client()
    with mock.patch("itsdangerous.timed.time.time", return_value=time.time() - 9 * 3600):
        old_token = csrf_of(client.get("/new/tally").get_data(as_text=True))
    response = client.post("/new/tally", data={"csrf_token": old_token, "seat0": "A", "seat1": "B"})
    assert response.status_code == 400
    app.extensions["db_engine"].dispose()
