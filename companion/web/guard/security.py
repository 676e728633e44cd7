"""Headers on every response, the per-client table-creation limit, and a phone's device id."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask, Response, current_app, g, request, session

from companion.config import https
from companion.server.addresses import Networks, in_networks, proxy_networks
from companion.web.photos import is_photo_endpoint

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",  # no inline script, no eval (htmx runs with allowEval off)
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])
DEVICE_COOKIE = "device"


def client_id() -> str:
    """A keyed hash of the client's address: enough to rate-limit, without storing the address."""
    key = current_app.config["SECRET_KEY"].encode()
    return hmac.new(key, (request.remote_addr or "?").encode(), hashlib.sha256).hexdigest()[:32]


def device_id() -> str:
    """A short random id per phone, stored in a cookie: the history says which phone made an entry."""
    if "device" not in g:
        existing = request.cookies.get(DEVICE_COOKIE, "")
        g.device = existing if len(existing) == 8 and existing.isalnum() else secrets.token_hex(4)
        g.device_is_new = g.device != existing
    return g.device


# Requests that never need the session: static files, and the "anything new?" poll every phone sends every 2 s.
NO_SESSION_ENDPOINTS = frozenset({"static", "tables.poll", "tables.watch_poll"})


HSTS_SECONDS = 365 * 24 * 60 * 60


def harden_cookies(response: Response, secure: bool) -> None:
    """Every cookie this app sets (the device id, the language, the print settings) HttpOnly, since no script
    of the app reads one, and Secure when the app is served over https. The session cookie is set after this
    runs, by Flask, with SESSION_COOKIE_HTTPONLY and SESSION_COOKIE_SECURE (config.py)."""
    cookies = response.headers.getlist("Set-Cookie")
    if not cookies:
        return
    response.headers.remove("Set-Cookie")
    for cookie in cookies:
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        if "httponly" not in flags:
            cookie += "; HttpOnly"
        if secure and "secure" not in flags:
            cookie += "; Secure"
        response.headers.add("Set-Cookie", cookie)


def trust_proxies(app: Flask) -> None:
    """Behind ``TRUSTED_PROXIES`` proxies, the client's address (the per-client limits), scheme and host are
    the ones the nearest proxies forwarded: each proxy's own entry is believed, nothing a client added. And only
    when the connection comes from a proxy (``TRUSTED_PROXY_ADDRESSES``): a client that reaches the app's port
    directly cannot name itself a fresh address in X-Forwarded-For to get a fresh allowance."""
    count = int(app.config.get("TRUSTED_PROXIES") or 0)
    if count > 0:
        app.wsgi_app = ForwardedFromProxies(  # type: ignore[method-assign]
            app.wsgi_app, count, proxy_networks(str(app.config.get("TRUSTED_PROXY_ADDRESSES", ""))))


class ForwardedFromProxies:
    """Werkzeug's ProxyFix for requests whose connection comes from a trusted proxy; any other request is served
    as it came, its X-Forwarded-* headers ignored."""

    def __init__(self, app: WSGIApplication, count: int, networks: Networks) -> None:
        from werkzeug.middleware.proxy_fix import ProxyFix

        self.direct = app
        self.forwarded = ProxyFix(app, x_for=count, x_proto=count, x_host=count)
        self.networks = networks

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if self._from_proxy(environ.get("REMOTE_ADDR", "")):
            return self.forwarded(environ, start_response)
        return self.direct(environ, start_response)

    def _from_proxy(self, address: str) -> bool:
        return not address or in_networks(address, self.networks)  # no address: a Unix socket, a local proxy's


def init_app(app: Flask) -> None:
    trust_proxies(app)
    @app.before_request
    def _body_limits() -> None:
        # Only a multipart upload (a file) may use the whole MAX_CONTENT_LENGTH; pasted text and other bodies
        # stop at MAX_FORM_MEMORY_SIZE, an API call at API_MAX_CONTENT_LENGTH. Werkzeug holds chunked bodies
        # to the same limit while reading them: past it, 413.
        if is_photo_endpoint(request.endpoint):  # a photo (companion/web/photos.py)
            request.max_content_length = int(app.config["SCAN_MAX_CONTENT_LENGTH"])
        elif request.blueprint == "api":
            request.max_content_length = int(app.config["API_MAX_CONTENT_LENGTH"])
        elif request.mimetype != "multipart/form-data":
            request.max_content_length = int(app.config["MAX_FORM_MEMORY_SIZE"])

    @app.before_request
    def _lasting_session() -> None:
        # The CSRF token lives in the session cookie: it must survive the browser closing mid-evening. Static
        # files and the stateless API never touch the session, so they set no cookie.
        if request.endpoint in NO_SESSION_ENDPOINTS or request.blueprint == "api":
            return
        if not session.permanent:  # set once: setting it again would re-sign the cookie on every request
            session.permanent = True

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        # Table links carry their token: never leak it to another site.
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=()"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
        response.vary.add("HX-Request")
        response.vary.add("Accept-Language")
        if getattr(g, "device_is_new", False):
            response.set_cookie(DEVICE_COOKIE, g.device, max_age=60 * 60 * 24 * 365, samesite="Lax",
                                httponly=True)
        secure = https(app)
        if secure:  # once a browser has seen it over https, it never tries plain http here again
            response.headers["Strict-Transport-Security"] = f"max-age={HSTS_SECONDS}"
        harden_cookies(response, secure)
        return response
