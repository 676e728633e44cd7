"""Odd input in every form field and link of every page never gets a 5xx (one reader per kind of input
closes the whole family at once).

The pages are crawled as a phone finds them (the home page, every game's quick tool and new-table page, a table
of each game, its watch page, the profile and group pages), every form and every link with a query is
collected, and each field is sent the odd values players' phones and hand-edited links produce: Unicode digits
and letters that pass ``str.isdigit`` but are not numbers, 5,000 digits, NUL, a lone surrogate (sent as the
bytes a browser would send), minus signs. Then hypothesis throws arbitrary text at random fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qsl, quote, urlsplit

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.web.apps import Phone

ODD = ["²", "１", "٣", "Ⅻ", "x", "-1", "9" * 5000, "\x00", "\ud800", " "]
SEATS = {"planetary-sisters": 4, "strato-sphere": 2, "lumiere": 3, "sister-combination": 3, "planeta-rica": 3,
         "tally": 2}


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, str] = field(default_factory=dict)
    values: dict[str, list[str]] = field(default_factory=dict)  # every value a field may send (buttons, options)


class _Forms(HTMLParser):
    """The forms of a page (action, method, each named field's first value) and its same-site links."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[Form] = []
        self.links: set[str] = set()
        self._form: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            action = a.get("action") or self.page
            action = self.page + action if action.startswith("?") else action
            self._form = Form(action, (a.get("method") or "get").lower())
            self.forms.append(self._form)
        elif tag in ("input", "select", "textarea", "button") and self._form is not None and a.get("name"):
            if a.get("type") == "file":
                return
            self._form.fields.setdefault(a["name"], a.get("value", ""))
            self._form.values.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "a" and a.get("href", "").startswith("?"):  # the same page with another query
            self.links.add(self.page + a["href"])
        elif tag == "a" and a.get("href", "").startswith("/") and not a["href"].startswith("//"):
            self.links.add(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


def _body(values: dict[str, str]) -> bytes:
    """Form data encoded as a browser does (a lone surrogate goes as the bytes it would send)."""
    return "&".join(f"{quote(k)}={quote(v.encode('utf-8', 'surrogatepass'))}" for k, v in values.items()).encode()


def _query(values: dict[str, str]) -> str:
    return _body(values).decode()


SKIP = re.compile(r"\.(pdf|svg|json|csv|toml|bgsplay)(\?|$)|/export|/static/|/events")


def crawl(phone: Phone) -> tuple[list[Form], list[str]]:
    """Every form and query link reachable in two steps from the home page and a table of each game."""
    start = ["/", "/import", "/profiles", "/groups/new", "/print"]
    for slug, seats in SEATS.items():
        names = {f"seat{i}": f"P{i}" for i in range(seats)}
        made = phone.post(f"/new/{slug}", names)
        if made.status_code == 303:
            table = made.headers["Location"]
            start.append(table)
            page = phone.get(table).get_data(as_text=True)
            watch = re.search(r'(/w/[A-Za-z0-9_-]+)', page)
            if watch:
                start.append(watch.group(1))
    seen: set[str] = set()
    forms: dict[tuple[str, str, tuple[str, ...]], Form] = {}
    links: set[str] = set()
    frontier = start
    for _depth in range(2):
        nxt: list[str] = []
        for url in frontier:
            if url in seen or SKIP.search(url) or len(seen) > 80:
                continue
            seen.add(url)
            response = phone.get(url)
            if response.status_code != 200 or "html" not in response.content_type:
                continue
            parsed = _Forms(urlsplit(url).path)
            parsed.feed(response.get_data(as_text=True))
            for form in parsed.forms:
                forms.setdefault((form.action, form.method, tuple(sorted(form.fields))), form)
            links.update(link for link in parsed.links if "?" in link and not SKIP.search(link))
            nxt.extend(parsed.links)
        frontier = nxt
    return list(forms.values()), sorted(links)


def send(phone: Phone, form: Form, values: dict[str, str]) -> int:
    headers = {"Accept-Language": phone.lang}
    if form.method == "post":
        values = {**values, "csrf_token": phone.token}
        response = phone.client.post(form.action, data=_body(values), headers=headers,
                                     content_type="application/x-www-form-urlencoded")
    else:
        response = phone.client.get(f"{urlsplit(form.action).path}?{_query(values)}", headers=headers)
    return response.status_code


def targets(forms: list[Form], links: list[str]) -> Iterator[tuple[Form, str]]:
    """Each field of each form, and each query parameter of each link (as a GET form)."""
    for form in forms:
        for name in form.fields:
            if name != "csrf_token":
                yield form, name
    for link in links:
        parts = urlsplit(link)
        form = Form(parts.path, "get", dict(parse_qsl(parts.query, keep_blank_values=True)))
        for name in form.fields:
            yield form, name


@pytest.fixture
def found(app: Flask, phone: Phone) -> tuple[list[Form], list[str]]:
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a server error is answered as a player gets it: a 500 page
    forms, links = crawl(phone)
    assert len(forms) >= 25, [f.action for f in forms]  # the crawl reached the games' tables and tools
    return forms, links


SWEEP = ["²", "9" * 5000, "\x00\ud800"]  # every field gets these; hypothesis draws the rest of ODD and more


def odd_values(values: list[str]) -> Iterator[str]:
    """The sweep's odd values for one field: in place of the whole value, and in place of the numbers inside
    each value the page offers (``slot:house:3`` -> ``slot:house:²``), where a reader splits a value before
    reading its numbers."""
    yield from SWEEP
    shapes = {re.sub(r"[0-9]+", "#", v): v for v in values if re.search(r"[0-9]", v)}  # one value per shape
    for value in shapes.values():
        for odd in ("²", "１"):
            yield re.sub(r"[0-9]+", odd, value)


def test_every_field_of_every_page_answers_odd_values_without_a_server_error(
        phone: Phone, found: tuple[list[Form], list[str]]) -> None:
    forms, links = found
    failures = []
    for form, name in targets(forms, links):
        for odd in odd_values(form.values.get(name, [form.fields[name]])):
            status = send(phone, form, {**form.fields, name: odd})
            if status >= 500:
                failures.append((form.method, form.action, name, odd[:12], status))
    assert not failures, failures


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_arbitrary_text_in_any_field_never_gets_a_server_error(
        phone: Phone, found: tuple[list[Form], list[str]], data: st.DataObject) -> None:
    forms, links = found
    form, name = data.draw(st.sampled_from(list(targets(forms, links))))
    value = data.draw(st.text(max_size=40) | st.sampled_from(ODD) | st.integers().map(str))
    assert send(phone, form, {**form.fields, name: value}) < 500


def test_the_crawl_reaches_the_print_offset_and_every_games_entry_forms(found: tuple[list[Form], list[str]]) -> None:
    """The sweep above is only as wide as the crawl: it must reach the calibration form and a table's entries."""
    forms, _links = found
    actions = {form.action for form in forms}
    assert "/print/offset" in actions
    tables = {action.split("/")[2] for action in actions if action.startswith("/t/")}
    assert len(tables) == len(SEATS), sorted(actions)  # every game's table has a form the sweep feeds
