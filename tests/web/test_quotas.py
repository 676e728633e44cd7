"""Limits on what a stranger can make, and what is deleted when nobody uses it: deck profiles
(copies and imports) and groups have a per-client allowance like tables; `flask --app companion cleanup` deletes
empty tables, unused profiles, groups without a table and old creation records after RETENTION_DAYS."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update

from companion.storage import db
from companion.storage.models import Creation, Group, GroupMember, Profile, Table, utcnow
from tests.web.apps import Phone, make_app
from tests.web.games.planeta_rica.support import SCORE as PR_SCORE
from tests.web.games.planeta_rica.support import sheet_fields
from tests.web.games.planeta_rica.support import tap as pr_tap
from tests.web.games.planetary_sisters.support import sheet_state
from tests.web.games.planetary_sisters.test_score_page import URL as PS_SCORE
from tests.web.games.planetary_sisters.test_score_page import add as ps_add
from tests.web.games.planetary_sisters.test_score_page import tap as ps_tap
from tests.web.groups.support import new_group, token_of
from tests.web.helpers import text_of
from tests.web.test_contention import other_phone
from tests.web.test_tables import enter, new_table

PROFILES_EN = "This phone has made many deck profiles in a short time. Wait a while, then try again."
PROFILES_JA = "この端末は短時間に多くのデッキプロファイルを作成しました。しばらく待ってから再度お試しください。"
GROUPS_EN = "This phone has started many groups in a short time. Wait a while, then try again."


@pytest.fixture
def strict_app(tmp_path: Path, database_url: str) -> Iterator[Flask]:
    app = make_app(tmp_path, database_url, PROFILES_PER_WINDOW=2, GROUPS_PER_WINDOW=1, TABLES_PER_WINDOW=50)
    yield app
    app.extensions["db_engine"].dispose()


def backdate(app: Flask, *changes: Any) -> None:
    """Write ``changes`` (statements or new rows) in a transaction of their own, as the app's write paths do: the
    request's reads end first (db.READS: on PostgreSQL they run in autocommit, where a write is refused)."""
    with app.app_context():
        s = db.session()
        s.commit()
        for change in changes:
            if isinstance(change, Creation):
                s.add(change)
            else:
                s.execute(change)
        s.commit()


def profile_count(app: Flask) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count(Profile.id))) or 0


def test_deck_profile_copies_and_imports_share_one_allowance_per_client(strict_app: Flask) -> None:
    phone = Phone(strict_app.test_client())
    assert phone.post("/profiles/tally/copy", {"source": "default"}).status_code == 303
    toml = (Path(__file__).parent / "profiles" / "default.toml").read_text()
    assert phone.post("/profiles/tally/import", {"text": toml}).status_code == 303
    refused = phone.post("/profiles/tally/copy", {"source": "default"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert PROFILES_EN in text_of(refused.get_data(as_text=True))
    assert phone.post("/profiles/tally/import", {"text": toml}).status_code == 429
    japanese = Phone(strict_app.test_client(), lang="ja")
    said = japanese.post("/profiles/tally/copy", {"source": "default"})
    assert said.status_code == 429 and PROFILES_JA in text_of(said.get_data(as_text=True))
    assert profile_count(strict_app) == 2  # nothing kept over the limit
    # Another client (another address) has its own allowance.
    assert other_phone(strict_app).post("/profiles/tally/copy", {"source": "default"}).status_code == 303


def use_up_profiles(app: Flask, phone: Phone) -> None:
    """The phone makes its whole allowance of deck profiles (2 in ``strict_app``)."""
    for _ in range(2):
        assert phone.post("/profiles/tally/copy", {"source": "default"}).status_code == 303
    assert profile_count(app) == 2


def test_remembering_cards_on_planeta_ricas_score_page_counts_as_a_new_profile(strict_app: Flask) -> None:
    phone = Phone(strict_app.test_client())
    use_up_profiles(strict_app, phone)
    html = pr_tap(phone, phone.get(PR_SCORE + "?players=3").get_data(as_text=True), "planet:tourist_planet",
                  f0="5").get_data(as_text=True)
    response = phone.post(PR_SCORE, {**sheet_fields(html), "vp_tourist_planet": "3", "vp_new_earth": "0",
                                     "do": "update"})
    html = phone.get(response.headers["Location"]).get_data(as_text=True)
    refused = phone.post(PR_SCORE, {**sheet_fields(html), "do": "remember"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    page = refused.get_data(as_text=True)
    assert PROFILES_EN in text_of(page)
    kept = sheet_fields(page)  # what was entered is still on the sheet, to remember later or score now
    assert kept["vp_tourist_planet"] == "3" and kept["f0"] == "5" and not kept.get("profile", "").startswith("user:")
    assert profile_count(strict_app) == 2  # no copy made
    japanese = Phone(strict_app.test_client(), lang="ja")
    said = japanese.post(PR_SCORE, {**sheet_fields(html), "do": "remember"})
    assert said.status_code == 429 and PROFILES_JA in text_of(said.get_data(as_text=True))


def test_remembering_cards_on_planetary_sisters_score_page_counts_as_a_new_profile(strict_app: Flask) -> None:
    phone = Phone(strict_app.test_client())
    use_up_profiles(strict_app, phone)
    html = ps_add(phone, sheet_state(phone.get(PS_SCORE).get_data(as_text=True)), "27:PLANT*2").get_data(as_text=True)
    refused = ps_tap(phone, sheet_state(html), do="remember")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    page = refused.get_data(as_text=True)
    assert PROFILES_EN in text_of(page)
    assert "Typed here with their rank, not yet in the profile: 27:PLANT*2." in text_of(page)  # kept
    assert sheet_state(page)["profile"] in ("", "builtin:default")
    assert profile_count(strict_app) == 2
    # Another client has its own allowance: the same cards are remembered in a new copy.
    other = other_phone(strict_app)
    html = ps_add(other, sheet_state(other.get(PS_SCORE).get_data(as_text=True)), "27:PLANT*2").get_data(as_text=True)
    assert "1 card remembered in your deck profile." in text_of(ps_tap(other, sheet_state(html), do="remember")
                                                               .get_data(as_text=True))
    assert profile_count(strict_app) == 3


def test_groups_have_an_allowance_per_client_and_a_group_import_counts(strict_app: Flask) -> None:
    phone = Phone(strict_app.test_client())
    assert phone.post("/groups/new", {"name": "Club", "member0": "Aki"}).status_code == 303
    refused = phone.post("/groups/new", {"name": "Club 2", "member0": "Aki"})
    assert refused.status_code == 429 and GROUPS_EN in text_of(refused.get_data(as_text=True))
    imported = phone.post("/groups/import", {"text": "{}"})  # refused before it is read
    assert imported.status_code == 429 and int(imported.headers["Retry-After"]) > 0
    assert GROUPS_EN in text_of(imported.get_data(as_text=True))
    with strict_app.app_context():
        assert db.session().scalar(select(func.count(Group.id))) == 1


def group_export(name: str) -> str:
    return json.dumps({"format": "companion-group", "format_version": 1, "name": name,
                       "members": [{"name": "Aki", "former": False}], "tables": []})


def creations(app: Flask, kind: str) -> int:
    with app.app_context():
        return db.session().scalar(select(func.count(Creation.id)).where(Creation.kind == kind)) or 0


def test_a_refused_group_import_uses_up_no_allowance(strict_app: Flask) -> None:
    phone = Phone(strict_app.test_client())
    for bad in ("{}", "not json", json.dumps({"format": "companion-group", "format_version": 1, "name": " "})):
        response = phone.post("/groups/import", {"text": bad})
        assert response.status_code == 422 and "Retry-After" not in response.headers
    assert creations(strict_app, "group") == 0
    # the one group this phone may make is still there to make
    assert phone.post("/groups/import", {"text": group_export("Club")}).status_code == 303
    over = phone.post("/groups/import", {"text": group_export("Club 2")})
    assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
    assert 'Club 2' in over.get_data(as_text=True)  # the text sent is kept in the form
    assert creations(strict_app, "group") == 1


def test_a_group_import_over_the_table_limit_is_429_and_gives_its_group_back(tmp_path: Path,
                                                                             database_url: str) -> None:
    # room for one more table: the check before reading passes, the write of two tables does not
    app = make_app(tmp_path, database_url, GROUPS_PER_WINDOW=5, TABLES_PER_WINDOW=2)
    try:
        phone = Phone(app.test_client())
        table = new_table(phone, "Aki", "Ben")
        export = json.loads(phone.get(f"{table}/export.json").get_data(as_text=True))
        body = json.dumps({"format": "companion-group", "format_version": 1, "name": "Club",
                           "members": [{"name": "Aki", "former": False}], "tables": [export, export]})
        over = phone.post("/groups/import", {"text": body})
        assert over.status_code == 429 and int(over.headers["Retry-After"]) > 0
        assert "This phone has started many tables in a short time." in text_of(over.get_data(as_text=True))
        assert creations(app, "group") == 0  # charged once the file was good, then given back
        with app.app_context():
            assert db.session().scalar(select(func.count(Group.id))) == 0
    finally:
        app.extensions["db_engine"].dispose()


def test_cleanup_deletes_only_what_nobody_can_use_any_more(app: Flask) -> None:
    phone = Phone(app.test_client())
    empty = new_table(phone, "Aki", "Ben").rsplit("/", 1)[1]
    played = new_table(phone, "Cy", "Dee")
    assert enter(phone, played, 0, "5").status_code == 303
    played = played.rsplit("/", 1)[1]
    fresh_empty = new_table(phone, "Eve", "Fay").rsplit("/", 1)[1]
    mine = phone.post("/profiles/tally/copy", {"source": "default"}).headers["Location"].rsplit("/", 1)[1]
    with_copy = new_table(phone, "Gus", "Hal", profile=f"user:{mine}").rsplit("/", 1)[1]  # gets its own copy
    month_ago = utcnow() - timedelta(days=31)
    backdate(app, update(Table).where(Table.token != fresh_empty).values(created_at=month_ago),
             update(Profile).values(created_at=month_ago, updated_at=month_ago),
             Creation(kind="profile", client="x", created_at=month_ago))
    with app.app_context():
        assert len(set(db.session().scalars(select(Profile.token)))) == 2  # the phone's and the table's copy

    result = app.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0, result.output
    # The two empty old tables (one with its own profile copy, which then goes too) and the old creation record.
    assert "deleted: 2 empty tables, 1 unused deck profiles, 0 groups without a table, 1 creation records" in result.output
    with app.app_context():
        s = db.session()
        tables = set(s.scalars(select(Table.token)))
        profiles = set(s.scalars(select(Profile.token)))
    assert tables == {played, fresh_empty} and empty not in tables and with_copy not in tables
    assert profiles == {mine}  # a phone's own profile is kept for a year

    backdate(app, update(Profile).values(updated_at=utcnow() - timedelta(days=366)))
    again = app.test_cli_runner().invoke(args=["cleanup"])
    assert "deleted: 0 empty tables, 1 unused deck profiles, 0 groups without a table, 0 creation records" in again.output


def test_cleanup_keeps_everything_younger_than_the_retention(app: Flask) -> None:
    phone = Phone(app.test_client())
    new_table(phone, "Aki", "Ben")
    phone.post("/profiles/tally/copy", {"source": "default"})
    result = app.test_cli_runner().invoke(args=["cleanup", "--days", "1"])
    assert "deleted: 0 empty tables, 0 unused deck profiles, 0 groups without a table" in result.output


def test_cleanup_deletes_a_group_with_a_roster_but_no_table_once_nobody_changed_it_for_the_retention(
        app: Flask) -> None:
    phone = Phone(app.test_client())
    idle = token_of(new_group(phone, "Idle club", "Aki", "Ben"))  # a roster, never a table
    edited = new_group(phone, "Edited club", "Cy", "Dee")  # the same, but its roster changed lately
    playing = token_of(new_group(phone, "Playing club", "Eve"))
    table = new_table(phone, "Eve", "Fay")
    assert phone.post(f"/g/{playing}/tables", {"table": table}).status_code == 303
    month_ago = utcnow() - timedelta(days=31)
    backdate(app, update(Group).values(created_at=month_ago, changed_at=month_ago),
             update(Table).values(created_at=month_ago))
    assert phone.post(f"{edited}/members", {"name": "Gus"}).status_code == 303  # a change: counted from now
    assert phone.get(f"/g/{idle}").status_code == 200  # opening a group's page changes nothing

    result = app.test_cli_runner().invoke(args=["cleanup"])
    assert result.exit_code == 0, result.output
    assert "1 groups without a table" in result.output
    with app.app_context():
        s = db.session()
        names = set(s.scalars(select(Group.name)))
        members = set(s.scalars(select(GroupMember.name)))
    assert names == {"Edited club", "Playing club"}  # a group with a table is kept however old
    assert members == {"Cy", "Dee", "Gus", "Eve"}  # the idle club's roster went with it

    backdate(app, update(Group).values(changed_at=utcnow() - timedelta(days=31)))
    again = app.test_cli_runner().invoke(args=["cleanup"])
    assert "1 groups without a table" in again.output  # the edited club, a month after its last change
