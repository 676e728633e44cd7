"""A link grants what it names and no more: every page reached from a link, by following every address the pages
show (links, forms, the share fields' text), names only the tokens that link may reach, and offers forms that
write only where that link may write.

    a table's players' link   that table (play, watch) and its group's read-only view
    a table's watch link      that table, read-only
    a group's players' link   the group, its roster and its tables (it starts them)
    a group's watch link      the group and its tables, read-only

A guest shown one table's QR code must never find the group's players' link, nor another table's players' link.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from flask import Flask
from sqlalchemy import text

from companion.storage import db
from tests.web.apps import Phone
from tests.web.groups.support import new_group, token_of
from tests.web.test_tables import enter, new_table

ADDRESS = re.compile(r'(?:href|action|src|data-[a-z-]*url)="([^"]+)"')
FORM = re.compile(r"<form\b[^>]*>", re.S)
MOST_PAGES = 400


@dataclass(frozen=True)
class Tokens:
    group: str
    group_watch: str
    tables: dict[str, str]  # players' token -> watch token, of the group's tables
    outside: tuple[str, str]  # a table in no group: players', watch

    def every(self) -> set[str]:
        return {self.group, self.group_watch, *self.tables, *self.tables.values(), *self.outside}


@dataclass
class Reach:
    pages: set[str] = field(default_factory=set)
    body: list[str] = field(default_factory=list)
    writes: set[str] = field(default_factory=set)  # the actions of POST forms met on the way that name a token


def crawl(phone: Phone, start: str, tokens: Tokens) -> Reach:
    """Every page of this site reachable from ``start`` by GET whose address names a token (a page named by
    none, the home page or a rule sheet, says the same to everyone; static files, PDFs and live streams are not followed),
    with what each page says and the POST forms it offers."""
    reach = Reach()
    seen_paths: set[str] = set()
    todo: deque[str] = deque([start])
    while todo and len(reach.pages) < MOST_PAGES:
        url = todo.popleft()
        path = urlsplit(url).path
        if path in seen_paths:
            continue
        seen_paths.add(path)
        response = phone.get(url)
        if response.status_code >= 300 or "html" not in (response.mimetype or ""):
            continue
        html = response.get_data(as_text=True)
        reach.pages.add(url)
        reach.body.append(html)
        for tag in FORM.findall(html):
            if re.search(r'method="post"', tag, re.I):
                action = re.search(r'action="([^"]+)"', tag)
                assert action, f"a POST form without an action on {url}"
                target = urlsplit(action.group(1).replace("&amp;", "&")).path
                if any(token in target for token in tokens.every()):  # not the language switch (a cookie)
                    reach.writes.add(target)
        for raw in ADDRESS.findall(html):
            address = raw.replace("&amp;", "&")
            parts = urlsplit(address)
            if parts.netloc and parts.netloc != "localhost":
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if not parts.path.startswith("/") or parts.path.startswith("/static/") or parts.path.endswith(
                    (".pdf", ".svg", ".json", ".csv", ".bgsplay", "/events")):
                continue
            if any(token in target for token in tokens.every()):
                todo.append(target)
    return reach


@pytest.fixture
def tokens(app: Flask, phone: Phone) -> Tokens:
    group_url = new_group(phone, "Thursday club", "Aki", "Ben", "Chie")
    group = token_of(group_url)
    started = phone.post(f"/g/{group}/new/tally", {"seat0": "Aki", "seat1": "Ben", "seat2": "Chie"})
    assert started.status_code == 303
    first = started.headers["Location"]
    enter(phone, first, 0, "5")
    second = new_table(phone, "Aki", "Chie")
    assert phone.post(f"/g/{group}/tables", {"table": f"http://localhost{second}"}).status_code == 303
    outside = new_table(phone, "Dan", "Eri")
    with app.app_context():
        rows = db.session().execute(text("SELECT token, watch_token FROM tables")).all()
        group_watch = db.session().execute(text("SELECT watch_token FROM groups")).scalar_one()
    watch = {str(t): str(w) for t, w in rows}
    outside_token = token_of(outside)
    return Tokens(group, str(group_watch),
                  {token_of(first): watch[token_of(first)], token_of(second): watch[token_of(second)]},
                  (outside_token, watch[outside_token]))


def named(reach: Reach, tokens: Tokens) -> set[str]:
    said = "\n".join(reach.body)
    return {token for token in tokens.every() if token in said}


def write_tokens(reach: Reach, tokens: Tokens) -> set[str]:
    return {part for action in reach.writes for part in action.split("/") if part in tokens.every()}


def test_a_tables_players_link_reaches_that_table_and_the_groups_read_only_view(app: Flask, phone: Phone,
                                                                               tokens: Tokens) -> None:
    table, watch = next(iter(tokens.tables.items()))
    guest = Phone(app.test_client())
    reach = crawl(guest, f"/t/{table}", tokens)
    assert f"/t/{table}/group" in reach.pages  # the table's group page was reached, and from it...
    assert f"/gw/{tokens.group_watch}" in reach.pages  # ...the group, read-only
    # the group's read-only view names its tables' read-only links, and nothing else
    assert named(reach, tokens) == {table, watch, tokens.group_watch, *tokens.tables.values()}
    assert write_tokens(reach, tokens) == {table}  # every form it offers writes to this table alone
    group_page = guest.get(f"/t/{table}/group").get_data(as_text=True)
    assert "See the group (read-only)" in group_page


def test_a_tables_watch_link_reaches_that_table_read_only(app: Flask, tokens: Tokens) -> None:
    _table, watch = next(iter(tokens.tables.items()))
    reach = crawl(Phone(app.test_client()), f"/w/{watch}", tokens)
    assert named(reach, tokens) == {watch}
    assert reach.writes == set()


def test_a_groups_players_link_reaches_the_group_and_its_tables(app: Flask, tokens: Tokens) -> None:
    reach = crawl(Phone(app.test_client()), f"/g/{tokens.group}", tokens)
    assert named(reach, tokens) == {tokens.group, tokens.group_watch, *tokens.tables, *tokens.tables.values()}
    assert tokens.outside[0] not in write_tokens(reach, tokens)
    assert write_tokens(reach, tokens) <= {tokens.group, *tokens.tables}
    assert tokens.group in write_tokens(reach, tokens)


def test_a_groups_watch_link_reaches_the_group_and_its_tables_read_only(app: Flask, tokens: Tokens) -> None:
    reach = crawl(Phone(app.test_client()), f"/gw/{tokens.group_watch}", tokens)
    assert named(reach, tokens) == {tokens.group_watch, *tokens.tables.values()}
    assert reach.writes == set()


@pytest.mark.parametrize("route", ["members", "tables", "new/tally"])
def test_no_group_write_takes_a_tables_or_a_read_only_token(app: Flask, phone: Phone, tokens: Tokens,
                                                            route: str) -> None:
    table = next(iter(tokens.tables))
    form = {"name": "Mallory", "table": f"/t/{tokens.outside[0]}", "seat0": "Mallory", "seat1": "Aki"}
    for token in (table, tokens.tables[table], tokens.group_watch):
        assert phone.post(f"/g/{token}/{route}", form).status_code == 404
    roster = phone.get(f"/gw/{tokens.group_watch}").get_data(as_text=True)
    assert "Mallory" not in roster


# -- small holes: what a players' link could still do too much of --------------------------------------------------

def test_adding_and_removing_names_cannot_grow_a_roster_without_end(app: Flask, phone: Phone) -> None:
    from companion.web.groups.routes import NAMES_KEPT_LIMIT

    group = new_group(phone, "Churn")
    for n in range(NAMES_KEPT_LIMIT):
        assert phone.post(f"{group}/members", {"name": f"P{n}"}).status_code == 303
        page = phone.get(group).get_data(as_text=True)
        removed = re.search(r'action="([^"]+/remove)"', page)
        assert removed and phone.post(removed.group(1)).status_code == 303
    refused = phone.post(f"{group}/members", {"name": "One more"})
    assert refused.status_code == 422
    assert f"This group has kept {NAMES_KEPT_LIMIT} names" in refused.get_data(as_text=True)
    assert phone.post(f"{group}/members", {"name": "P7"}).status_code == 303  # a former member comes back
    with app.app_context():
        kept = db.session().execute(text("SELECT count(*) FROM group_members")).scalar_one()
    assert kept == NAMES_KEPT_LIMIT


def test_a_double_tapped_rematch_starts_one_table(app: Flask, phone: Phone) -> None:
    from companion.storage.models import Table
    from tests.web.groups.support import export_of, finished_game, import_table

    done = finished_game("sister-combination", ["Aki", "Ben", "Chie"])
    finished = import_table(phone, export_of(done, 0))
    first = phone.post(f"{finished}/rematch", {"order": "rotate"})
    second = phone.post(f"{finished}/rematch", {"order": "rotate"})
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    with app.app_context():
        assert db.session().query(Table).count() == 2  # the finished table and its one rematch


def test_a_phone_over_its_table_allowance_is_told_when_to_come_back(app: Flask, phone: Phone) -> None:
    app.config["TABLES_PER_WINDOW"] = 1
    assert phone.post("/new/tally", {"seat0": "Aki", "seat1": "Ben"}).status_code == 303
    refused = phone.post("/new/tally", {"seat0": "Aki", "seat1": "Ben"})
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == str(app.config["TABLE_RATE_WINDOW"] // 4)
    assert 'value="Aki"' in refused.get_data(as_text=True)  # what was entered is kept
    group = new_group(phone, "Late", "Aki", "Ben")
    from_group = phone.post(f"{group}/new/tally", {"seat0": "Aki", "seat1": "Ben"})
    assert from_group.status_code == 429 and from_group.headers["Retry-After"]
