"""Configuration: defaults, then the environment, then what create_app(config) is given."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask


class SharedSecretMissing(RuntimeError):
    """The app would run on several hosts without one shared SECRET_KEY: each would sign sessions and CSRF tokens
    with its own, and a phone whose next request reached another host would be refused (400). Refused at start."""


def secret_key(instance: Path, database_url: str = "") -> str:
    """SECRET_KEY from the environment, else one generated once into the instance folder. The folder is shared
    by the worker processes of one host, so they agree; a database server (PostgreSQL) means the app may run on
    several hosts, which must share one key: there it must be set (SharedSecretMissing otherwise)."""
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    if database_url and not database_url.startswith("sqlite"):
        raise SharedSecretMissing(
            "SECRET_KEY is not set, and the database is a server every host may share: set the same SECRET_KEY "
            "(e.g. python -c 'import secrets; print(secrets.token_hex(32))') in the environment of every host and "
            "worker, or sessions and forms made on one host are refused on another.")
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        # Two workers may start at once: create exclusively; whoever loses reads the winner's key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32))
        except FileExistsError:
            pass
    return path.read_text().strip()


def configure(app: Flask, overrides: dict[str, Any] | None) -> None:
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    overrides = dict(overrides or {})
    app.config.update(
        DATABASE_URL=os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'companion.storage.db'}",
        # Request sizes: an uploaded file (a table export, a deck profile) up to 8 MiB; text pasted into a form
        # field up to 1 MiB; a referee API call's body up to 1 MiB. Chunked bodies are held to the same.
        MAX_CONTENT_LENGTH=8 * 1024 * 1024,
        MAX_FORM_MEMORY_SIZE=1024 * 1024,
        API_MAX_CONTENT_LENGTH=1024 * 1024,
        # A photo for POST /api/v1/<slug>/scan: the photo up to 10 MiB (companion/markers/reader.py) and the
        # multipart wrapping around it; the request waits for its reading at most SCAN_TIME_LIMIT seconds.
        SCAN_MAX_CONTENT_LENGTH=10 * 1024 * 1024 + 64 * 1024,
        SCAN_TIME_LIMIT=10.0,
        # A token must outlive an evening of play; the session cookie carrying it lives a month.
        WTF_CSRF_TIME_LIMIT=int(timedelta(days=7).total_seconds()),
        WTF_CSRF_HEADERS=["X-CSRFToken"],
        WTF_CSRF_SSL_STRICT=False,  # phones reach the app over plain http on the home Wi-Fi
        PERMANENT_SESSION_LIFETIME=timedelta(days=30),
        # The session (it holds the CSRF token) is saved when it changes, not re-signed on every request.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        TABLES_PER_WINDOW=int(os.environ.get("TABLES_PER_WINDOW", "30")),
        TABLE_RATE_WINDOW=int(os.environ.get("TABLE_RATE_WINDOW", "3600")),
        # What else one client may make per window (companion/server/quota.py): deck profiles (copies and imports), groups.
        PROFILES_PER_WINDOW=int(os.environ.get("PROFILES_PER_WINDOW", "30")),
        GROUPS_PER_WINDOW=int(os.environ.get("GROUPS_PER_WINDOW", "10")),
        # `flask --app companion cleanup` deletes what nobody can use any more after this many days
        # (companion/tables/retention.py).
        RETENTION_DAYS=int(os.environ.get("RETENTION_DAYS", "30")),
        KEPT_PROFILE_DAYS=int(os.environ.get("KEPT_PROFILE_DAYS", "365")),  # a phone's own deck profile, unchanged
        POLL_SECONDS=2,  # other phones see a change within this plus a request's time
        # Admission control (web/admission.py): a gevent worker whose loop has lagged past ADMISSION_LAG_MS for a
        # whole ADMISSION_WINDOW_MS answers new expensive requests 503 at once. "off" never sheds; "auto" sheds
        # only under gevent (make run), never under the test client or the development server.
        ADMISSION=os.environ.get("ADMISSION", "auto"),
        ADMISSION_LAG_MS=float(os.environ.get("ADMISSION_LAG_MS", "200")),
        ADMISSION_WINDOW_MS=float(os.environ.get("ADMISSION_WINDOW_MS", "1000")),
        # The gate (web/gate.py), per worker process: the connections it serves (open live streams plus requests
        # in flight; past it streams are shed first, then requests are answered "busy"), and what one client may
        # hold of them: its live streams and its requests in flight. A client is an address: behind a shared NAT
        # a whole club is one client, hence room for many phones.
        WORKER_CONNECTIONS=int(os.environ.get("WORKER_CONNECTIONS", "4000")),
        CLIENT_STREAMS=int(os.environ.get("CLIENT_STREAMS", "100")),
        CLIENT_REQUESTS=int(os.environ.get("CLIENT_REQUESTS", "16")),
        PUBLIC_URL=os.environ.get("PUBLIC_URL", ""),
        # https at the table (make run HTTPS=1, companion/server/certificates.py): the port https is served on beside
        # plain http, with the certificate this computer made (0: plain http only), and plain http's port. The pages
        # then lead phones from plain http to it, and /trust shows how a phone trusts this computer once.
        HTTPS_PORT=int(os.environ.get("HTTPS_PORT") or 0),
        HTTP_PORT=int(os.environ.get("HTTP_PORT") or 0),
        # How many proxies in front of the app set X-Forwarded-For/-Proto/-Host (0: none, the client's own
        # address is the connection's). Only that many are believed (Werkzeug's ProxyFix): a client cannot dodge
        # the per-client limits by sending the header itself.
        TRUSTED_PROXIES=int(os.environ.get("TRUSTED_PROXIES", "0")),
        # Where those proxies connect from (addresses or networks, comma-separated): forwarded headers are read
        # only on connections from there, so a client reaching the app's port directly cannot forge them.
        TRUSTED_PROXY_ADDRESSES=os.environ.get("TRUSTED_PROXY_ADDRESSES", "127.0.0.1,::1"),
        BABEL_DEFAULT_LOCALE="en",
        EXTRA_GAMES=(),  # (Game, GameWeb) pairs added to the registry; the tests use it for a stand-in game
    )
    if "SECRET_KEY" not in overrides:
        app.config["SECRET_KEY"] = secret_key(instance, str(overrides.get("DATABASE_URL")
                                                           or app.config["DATABASE_URL"]))
    app.config.update(overrides)
    if https(app) and "SESSION_COOKIE_SECURE" not in overrides:
        # Served over https (PUBLIC_URL): cookies only over https (web/security.py marks every other cookie the
        # same and sends HSTS).
        app.config["SESSION_COOKIE_SECURE"] = True


def https(app: Flask) -> bool:
    """The app is reached over https: its PUBLIC_URL says so."""
    return str(app.config.get("PUBLIC_URL") or "").lower().startswith("https://")
