"""https at the table (`make run HTTPS=1`) served as `make run` serves it: gunicorn with its gevent workers
(companion/server/serving.py), plain http on one port and https on another with gunicorn's certfile and keyfile,
the certificate made by the instance's own authority (companion/server/certificates.py). A real gunicorn, real
sockets, and TLS checked against that authority only, as `curl --cacert` checks it."""

from __future__ import annotations

import socket
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography import x509

from companion.server.serving import HANDSHAKE_SECONDS
from tests.browser.fixtures import authority_of, https_of, serve

NAME = "table.test"  # a name the router's DNS might give this computer (TLS_NAMES)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app", https_names=(NAME,))


def get_https(base: str, path: str, authority: Path | None, name: str = "127.0.0.1") -> tuple[int, dict[str, str], bytes]:
    """GET over https from 127.0.0.1, checking the certificate for ``name`` against ``authority`` alone (None: the
    system's authorities, as a phone that trusts nothing more)."""
    port = int(base.rsplit(":", 1)[1])
    context = ssl.create_default_context(cafile=str(authority) if authority else None)  # a file: that one alone
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw, \
            context.wrap_socket(raw, server_hostname=name) as tls:
        tls.sendall(f"GET {path} HTTP/1.1\r\nHost: {name}:{port}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := tls.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def test_https_is_served_with_this_computers_certificate(server: str) -> None:
    secure = https_of(server)
    authority = authority_of(server)
    for name in ("127.0.0.1", NAME):
        status, _headers, body = get_https(secure, "/trust", authority, name)
        assert status == 200
        assert b"This page is open over https" in body  # the app knows the request came over https
    with pytest.raises(ssl.SSLCertVerificationError):  # a phone that has not trusted this computer is warned
        get_https(secure, "/trust", None)


def test_plain_http_keeps_serving_beside_it_and_leads_to_https(server: str) -> None:
    with urllib.request.urlopen(server + "/trust", timeout=30) as response:
        body = response.read()
    assert b"This page is open over https" not in body  # plain http is plain http, though gunicorn has a certfile
    https_port = https_of(server).rsplit(":", 1)[1]
    assert f":{https_port}/".encode() in body  # the secure address to open once trusted
    with urllib.request.urlopen(server + "/trust/companion-ca.crt", timeout=30) as response:
        assert response.headers["Content-Type"] == "application/x-x509-ca-cert"
        der = response.read()
    assert x509.load_der_x509_certificate(der) == x509.load_pem_x509_certificate(authority_of(server).read_bytes())
    with urllib.request.urlopen(server + "/trust/qr.svg", timeout=30) as response:
        assert response.read().startswith(b"<svg")


def test_plain_http_sent_to_the_https_port_is_not_served(server: str) -> None:
    secure = https_of(server).replace("https://", "http://")
    with pytest.raises((urllib.error.URLError, ConnectionError, OSError)):
        urllib.request.urlopen(secure + "/", timeout=30)
    with urllib.request.urlopen(server + "/", timeout=30) as response:  # and the server goes on
        assert response.status == 200


def test_a_connection_that_never_starts_its_handshake_is_closed(server: str) -> None:
    """It would otherwise hold a greenlet of the worker for good (gevent's server does not time a handshake)."""
    port = int(https_of(server).rsplit(":", 1)[1])
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=HANDSHAKE_SECONDS + 30) as idle:
        try:
            assert idle.recv(1) == b""
        except ConnectionResetError:
            pass
    assert time.monotonic() - started < HANDSHAKE_SECONDS + 30
