"""App fixtures: an app on a fresh database per test (SQLite by default, PostgreSQL when TEST_DATABASE_URL is
set), with the stand-in game "tally" registered beside the real games. A pytest plugin that tests/conftest.py
loads only where Flask is installed, so the engine tests need neither Flask nor SQLAlchemy."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, FileSystemLoader
from sqlalchemy import make_url, text

from companion import create_app
from companion.i18n import translation_directories
from companion.profiles import register_profile_dir
from companion.storage import db
from companion.storage.db import make_engine
from tests.web import tally

HERE = Path(__file__).resolve().parent.parent


def _worker_database(url: str) -> str:
    """Under pytest-xdist (`make test` runs the suite in several processes) each worker has a PostgreSQL
    database of its own, named after the one given plus the worker's id, since every test empties the tables
    it starts from. A single process uses the database given."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url or not worker:
        return url
    return make_url(url).set(database=f"{make_url(url).database}_{worker}").render_as_string(hide_password=False)


BASE_PG_URL = os.environ.get("TEST_DATABASE_URL", "")
PG_URL = _worker_database(BASE_PG_URL)
_pg_created: list[str] = []


def ensure_pg_database() -> None:
    """Create this worker's database afresh (once per process) from the one given; see _worker_database."""
    if not PG_URL or PG_URL == BASE_PG_URL or _pg_created:
        return
    name = make_url(PG_URL).database
    engine = make_engine(BASE_PG_URL).execution_options(isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))  # left by a run stopped midway
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    _pg_created.append(name)


TALLY_TRANSLATIONS = HERE / "web" / "translations"
ROOMY_PRINT_SECONDS = 300.0


def _compile_tally_catalog() -> None:
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    po = TALLY_TRANSLATIONS / "ja" / "LC_MESSAGES" / "messages.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        return
    with po.open("rb") as f:
        catalog = read_po(f)
    # Written aside and renamed: another test process (a live server, a parallel run) may be reading it.
    partial = mo.with_suffix(f".{os.getpid()}.tmp")
    with partial.open("wb") as f:
        write_mo(f, catalog)
    partial.replace(mo)


def make_app(instance: Path, database_url: str, **extra: Any) -> Flask:
    register_profile_dir("tally", HERE / "web" / "profiles")
    _compile_tally_catalog()
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "INSTANCE_PATH": str(instance),
        "DATABASE_URL": database_url,
        "EXTRA_GAMES": ((tally.GAME, tally.WEB),),
        "TABLES_PER_WINDOW": 1000,
        # A PDF may take this long in a test: far more than any render needs, however busy the machine (the
        # served 20 s made card sheets answer "too slow" under load); the tests of the limit set their own.
        "PRINT_TIME_LIMIT": ROOMY_PRINT_SECONDS,
        # The suite starts many servers and few print: a render process is started when a test first prints
        # (tests/web/test_print_ready.py turns the start-up one on).
        "PRINT_WARM": False,
        "PROFILES_PER_WINDOW": 1000,
        "GROUPS_PER_WINDOW": 1000,
        "BABEL_TRANSLATION_DIRECTORIES": ";".join([*translation_directories(), str(TALLY_TRANSLATIONS)]),
    }
    config.update(extra)
    app = create_app(config)
    app.jinja_loader = ChoiceLoader([app.jinja_loader, FileSystemLoader(str(HERE / "web" / "templates"))])
    return app


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run the migrations once; every test starts from a copy of the result."""
    folder = tmp_path_factory.mktemp("template-db")
    path = folder / "template.db"
    app = make_app(folder, f"sqlite:///{path}")
    db.upgrade(app)
    app.extensions["db_engine"].dispose()
    return path


@pytest.fixture(scope="session")
def pg_migrated() -> bool:
    if PG_URL:
        ensure_pg_database()
        app = make_app(Path("/tmp"), PG_URL)
        db.upgrade(app)
        app.extensions["db_engine"].dispose()
    return bool(PG_URL)


@pytest.fixture
def database_url(tmp_path: Path, migrated_sqlite: Path, pg_migrated: bool) -> Iterator[str]:
    if PG_URL:
        app = make_app(tmp_path, PG_URL)
        with app.extensions["db_engine"].begin() as conn:
            conn.execute(text("TRUNCATE group_tables, group_members, groups, events, table_snapshots, creations, "
                              "tables, profiles "
                              "RESTART IDENTITY CASCADE"))
        app.extensions["db_engine"].dispose()
        yield PG_URL
        return
    path = tmp_path / "companion.storage.db"
    shutil.copy(migrated_sqlite, path)
    yield f"sqlite:///{path}"


@pytest.fixture
def app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    app = make_app(tmp_path, database_url)
    yield app
    app.extensions["companion_live"].stop()  # its watcher thread (started by a poll or a stream) ends too
    app.extensions["db_engine"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


CSRF_RE = re.compile(r'name="csrf-token" content="([^"]+)"')


def csrf_of(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "page has no csrf-token meta"
    return match.group(1)


class Phone:
    """A test client that behaves like a phone: it reads the page's CSRF token and sends it with forms."""

    def __init__(self, client: FlaskClient, lang: str = "en") -> None:
        self.client = client
        self.lang = lang
        self.token = ""

    def get(self, url: str, **kw: Any):  # type: ignore[no-untyped-def]
        kw.setdefault("headers", {}).setdefault("Accept-Language", self.lang)
        response = self.client.get(url, **kw)
        body = response.get_data(as_text=True)
        if 'name="csrf-token"' in body:
            self.token = csrf_of(body)
        return response

    def post(self, url: str, data: dict[str, Any] | None = None, **kw: Any):  # type: ignore[no-untyped-def]
        if not self.token:
            self.get("/")
        data = dict(data or {})
        data.setdefault("csrf_token", self.token)
        kw.setdefault("headers", {}).setdefault("Accept-Language", self.lang)
        return self.client.post(url, data=data, **kw)


@pytest.fixture
def phone(client: FlaskClient) -> Phone:
    return Phone(client)
