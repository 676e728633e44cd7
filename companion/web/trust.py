"""https at the table, as the pages offer it (docs/deployment.md#https-at-the-table).

Browsers allow some things only on secure pages (https, or this computer's own 127.0.0.1): keeping the screen on,
copying at a tap. Phones on the Wi-Fi open a plain http address, so with `make run HTTPS=1` the app is also served
over https (HTTPS_PORT) with a certificate this computer made (companion/server/certificates.py). This page shows a
phone how to trust that computer once (a QR code, the certificate, the steps on Android and iPhone), and says
what works without it. The pages that lose something on plain http say so and lead here (``secure_offer``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno
from flask import Blueprint, Flask, Response, abort, current_app, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion.config import https
from companion.server.addresses import LOOPBACK_HOSTS, lan_addresses
from companion.server.certificates import authority_der, authority_name, fingerprint

bp = Blueprint("trust", __name__)
CA_FILE = "companion-ca.crt"  # the name a phone saves it under (Android's installer lists it by this name)


def split_host(host: str) -> tuple[str, int | None]:
    """A Host header's name and port: "192.168.1.20:8000" -> ("192.168.1.20", 8000), "[::1]:8000" -> ("[::1]", 8000)."""
    name, port = host, None
    if host.startswith("["):
        end = host.find("]")
        if end != -1:
            name, rest = host[:end + 1], host[end + 1:]
            port = int(rest[1:]) if rest.startswith(":") and rest[1:].isdigit() else None
    elif host.count(":") == 1:
        name, _, digits = host.partition(":")
        port = int(digits) if digits.isdigit() else None
    return name, port


def _https_port() -> int:
    return int(current_app.config.get("HTTPS_PORT") or 0)


@dataclass(frozen=True)
class SecureOffer:
    """What a page on plain http can offer instead: the same page over https (when this server serves it; "" when
    it does not, or the page is https already), and the page that says how to trust this computer."""
    https_url: str
    trust_url: str


def secure_offer() -> SecureOffer:
    https_url = ""
    if _https_port() and not request.is_secure and not https(current_app):
        name, _port = split_host(request.host)
        path = request.full_path.rstrip("?")
        https_url = f"https://{name}:{_https_port()}{path}"
    return SecureOffer(https_url, url_for("trust.page"))


@dataclass(frozen=True)
class TrustPage:
    """The /trust page's model: whether this server serves https with its own certificate (``served``) or has a
    secure public address (``public_https``); the authority's name and fingerprint; the address the QR code gives
    phones (plain http when this server serves it: a phone that does not trust this computer yet opens it
    without a warning), and the secure address to open once trusted."""
    served: bool
    public_https: bool
    opened_secure: bool
    authority: str
    fingerprint: str
    phone_url: str
    secure_home: str
    loopback: bool  # opened as 127.0.0.1: the QR code gives this computer's Wi-Fi address instead


def _phone_host() -> tuple[str, int | None, bool]:
    name, port = split_host(request.host)
    if name.lower() in LOOPBACK_HOSTS:
        found = lan_addresses()
        if found:
            return found[0], port, True
    return name, port, False


def trust_page() -> TrustPage:
    config = current_app.config
    public_https = https(current_app)
    der = authority_der(current_app.instance_path) if _https_port() and not public_https else None
    name, port, loopback = _phone_host()
    if public_https:
        phone_url = str(config["PUBLIC_URL"]).rstrip("/") + url_for("trust.page")
    elif request.is_secure and config.get("HTTP_PORT"):
        phone_url = f"http://{name}:{config['HTTP_PORT']}{url_for('trust.page')}"
    else:
        scheme = "https" if request.is_secure else "http"
        phone_url = f"{scheme}://{name}{f':{port}' if port else ''}{url_for('trust.page')}"
    return TrustPage(
        served=der is not None, public_https=public_https, opened_secure=request.is_secure,
        authority=authority_name(der) if der else "", fingerprint=fingerprint(der) if der else "",
        phone_url=phone_url, secure_home=f"https://{name}:{_https_port()}/" if der else "", loopback=loopback)


@bp.get("/trust")
def page() -> ResponseReturnValue:
    return render_template("trust.html", page=trust_page())


@bp.get("/trust/qr.svg")
def qr() -> ResponseReturnValue:
    buffer = io.BytesIO()
    segno.make(trust_page().phone_url, error="m").save(buffer, kind="svg", scale=6, border=2, dark="#111",
                                                       light="#fff", xmldecl=False, svgclass=None, lineclass=None)
    return Response(buffer.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-cache"})


@bp.get(f"/trust/{CA_FILE}")
def authority() -> ResponseReturnValue:
    """The certificate authority's certificate, as phones install it: DER, with the type both Safari (which offers
    it as a profile to install) and Android's certificate installer recognise."""
    der = authority_der(current_app.instance_path) if _https_port() else None
    if der is None:
        abort(404)
    return Response(der, mimetype="application/x-x509-ca-cert", headers={"Cache-Control": "no-cache"})


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["secure_offer"] = secure_offer
