"""The live table through the app: the event stream of a table, entry keys (every tap counted once),
undoing another phone's entry asks once, and the fragment of a version rendered once for every phone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask

from companion.tables import store, turns
from companion.web.tables import news as table_news
from companion.web.tables import render as table_render
from companion.web.tables import routes as tables
from tests.web.apps import Phone
from tests.web.helpers import text_of, totals, version_of
from tests.web.test_contention import other_phone
from tests.web.test_tables import enter, new_table


def first_event(phone: Phone, url: str, **headers: str) -> tuple[dict[str, str], Any]:
    """The first event of a table's stream (its fields, the data parsed), then the stream is closed."""
    response = phone.client.get(url, buffered=False, headers={"Accept-Language": "en", **headers})
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    text = ""
    try:
        for chunk in response.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if "\n\nid:" in "\n\n" + text or "event: table" in text and text.endswith("\n\n"):
                break
    finally:
        response.close()
    block = next(b for b in text.split("\n\n") if "event: table" in b)
    fields = dict(line.split(": ", 1) for line in block.splitlines())
    return fields, json.loads(fields["data"])


def test_a_stream_sends_the_table_as_it_is_now_to_a_page_that_is_behind(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert enter(other, url, 1, "7", version=0).status_code == 303  # another phone's entry
    fields, data = first_event(phone, f"{url}/events?v=0")
    assert fields["id"] == "1" and data["version"] == 1
    assert totals(data["html"]) == [0, 7] and version_of(data["html"]) == 1
    assert data["said"] == ["Ben: +7"]  # what another phone did, by seat name
    # The same render goes to every phone: no phone's token or tap key is in it (its page's script fills them)
    assert 'name="csrf_token" value=""' in data["html"] and 'name="entry_key" value=""' in data["html"]
    assert not re.search(r'name="(csrf_token|entry_key)" value="[^"]', data["html"])
    # while the page a phone opens has its own token and a key in every form that writes
    page = phone.get(url).get_data(as_text=True)
    forms = re.findall(r'<form[^>]*method="post".*?</form>', page, re.S)
    assert forms and all(re.search(r'name="csrf_token" value="[^"]+"', f) for f in forms)
    assert all(re.search(r'name="entry_key" value="[\w-]{8,}"', f) for f in forms if "/move" in f)


def test_an_undo_by_another_phone_is_announced_with_who_undid_what(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303  # this phone enters Aki's points
    other = other_phone(app)
    assert enter(other, url, 1, "2", version=1).status_code == 303  # the other phone enters Ben's
    assert other.post(f"{url}/undo", {"version": 2}).status_code == 303  # and undoes its own entry
    _fields, data = first_event(phone, f"{url}/events", **{"Last-Event-ID": "1"})
    assert data["said"] == ["Ben: +2", "Ben undid: Ben: +2"]  # oldest first, the undoer named by its player
    assert phone.post(f"{url}/redo", {"version": 3}).status_code == 303
    _fields, data = first_event(other, f"{url}/events", **{"Last-Event-ID": "3"})
    assert data["said"] == ["Aki redid: Ben: +2"]  # this phone entered only Aki's moves: it is Aki's


def test_a_phone_that_entered_several_players_moves_is_named_by_its_number(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(phone, url, 1, "2", version=1).status_code == 303  # one phone passed around the table
    assert phone.post(f"{url}/undo", {"version": 2}).status_code == 303
    _fields, data = first_event(other_phone(app), f"{url}/events", **{"Last-Event-ID": "2"})
    assert data["said"] == ["phone 1 undid: Ben: +2"]


def test_a_stream_resumes_from_the_last_event_id_and_never_announces_a_phones_own_entry(app: Flask,
                                                                                       phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(phone, url, 1, "2", version=1).status_code == 303
    fields, data = first_event(phone, f"{url}/events", **{"Last-Event-ID": "1"})
    assert fields["id"] == "2" and totals(data["html"]) == [5, 2]
    assert data["said"] == []  # this phone made them


def test_the_watch_stream_reads_and_carries_no_form(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    page = phone.get(url).get_data(as_text=True)
    watch = re.search(r'(/w/[A-Za-z0-9_-]+)', page)
    assert watch
    viewer = other_phone(app, "10.1.1.1")
    fields, data = first_event(viewer, f"{watch.group(1)}/events?v=0")
    assert fields["id"] == "1" and totals(data["html"]) == [5, 0]
    assert "<form" not in data["html"].split('class="card history"')[0].split("undo-redo")[0] or \
        "/move" not in data["html"]


def test_a_quiet_stream_sends_a_heartbeat(app: Flask, phone: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "HEARTBEAT_SECONDS", 0.05)
    url = new_table(phone, "Aki", "Ben")
    response = phone.client.get(f"{url}/events?v=0", buffered=False)
    text = ""
    try:
        for chunk in response.response:
            text += chunk.decode() if isinstance(chunk, bytes) else chunk
            if ": still here" in text:
                break
    finally:
        response.close()
    told = re.match(r"retry: (\d+)\n\n", text)
    assert told and tables.RECONNECT_MS[0] <= int(told.group(1)) <= tables.RECONNECT_MS[1]
    assert ": still here" in text


def test_streams_tell_their_pages_to_reconnect_at_different_moments(phone: Phone) -> None:
    """A cut that ends every stream of a room at once must not bring every page back at one instant."""
    url = new_table(phone, "Aki", "Ben")
    told = []
    for _ in range(12):
        response = phone.client.get(f"{url}/events?v=0", buffered=False)
        try:
            first = next(iter(response.response))
        finally:
            response.close()
        found = re.match(r"retry: (\d+)\n\n", first.decode() if isinstance(first, bytes) else first)
        assert found
        told.append(int(found.group(1)))
    assert all(tables.RECONNECT_MS[0] <= ms <= tables.RECONNECT_MS[1] for ms in told)
    assert len(set(told)) > 1, told


def test_an_unknown_tables_stream_is_a_404(phone: Phone) -> None:
    assert phone.get("/t/nosuchtable/events").status_code == 404
    assert phone.get("/w/%00/events").status_code == 404


def test_the_same_tap_sent_twice_is_written_once(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    tap = {"seat": 0, "points": 5, "version": 0, "entry_key": "tap-0001-abcdef"}
    assert phone.post(f"{url}/move", tap).status_code == 303
    again = phone.post(f"{url}/move", tap)  # the answer was lost; the phone sends the same tap again
    assert again.status_code == 303
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [5, 0] and version_of(html) == 1 and "#2" not in text_of(html)
    other_tap = {"seat": 1, "points": 3, "version": 1, "entry_key": "tap-0002-abcdef"}
    assert phone.post(f"{url}/move", other_tap).status_code == 303
    assert totals(phone.get(url).get_data(as_text=True)) == [5, 3]


def test_an_undo_sent_twice_takes_back_one_entry(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    assert enter(phone, url, 1, "3", version=1).status_code == 303
    tap = {"version": 2, "entry_key": "undo-tap-abcdef"}
    assert phone.post(f"{url}/undo", tap).status_code == 303
    assert phone.post(f"{url}/undo", tap).status_code == 303  # a retry, not a second undo
    html = phone.get(url).get_data(as_text=True)
    assert totals(html) == [5, 0] and version_of(html) == 3


def test_a_rendered_form_carries_a_key_of_its_own(phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    first = phone.get(url).get_data(as_text=True)
    second = phone.get(url).get_data(as_text=True)
    keys = [re.findall(r'name="entry_key" value="([^"]+)"', html) for html in (first, second)]
    assert keys[0] and keys[1] and keys[0][0] != keys[1][0]  # each page its own key: a reload is a new tap


def test_undoing_another_phones_entry_asks_once(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    other = other_phone(app)
    assert enter(other, url, 1, "7", version=0).status_code == 303
    asked = phone.post(f"{url}/undo", {"version": 1})
    assert asked.status_code == 200
    said = text_of(asked.get_data(as_text=True))
    assert "This entry was made on another phone (Ben): Ben: +7. Undo it?" in said
    assert totals(phone.get(url).get_data(as_text=True)) == [0, 7]  # nothing undone yet
    confirm = re.search(r'name="confirm" value="(\d+)"', asked.get_data(as_text=True))
    assert confirm and confirm.group(1) == "1"
    assert phone.post(f"{url}/undo", {"version": 1, "confirm": "1"}).status_code == 303
    assert totals(phone.get(url).get_data(as_text=True)) == [0, 0]
    assert enter(phone, url, 0, "4", version=2).status_code == 303
    assert phone.post(f"{url}/undo", {"version": 3}).status_code == 303  # its own entry: undone at once


def test_a_versions_fragment_is_rendered_once_for_every_phone(app: Flask, phone: Phone,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    phones = [phone] + [other_phone(app, f"10.0.0.{i}") for i in range(3)]
    for p in phones:
        p.get(url)
    renders = []
    original = table_render.render_template

    def counted(name: str, **context: Any) -> str:
        renders.append(name)
        return original(name, **context)

    monkeypatch.setattr(table_render, "render_template", counted)
    assert enter(phone, url, 0, "5", version=0).status_code == 303  # drawn once here, for every stream (news.share)
    answers = [p.client.get(f"{url}/poll?v=0", headers={"HX-Request": "true"}) for p in phones]
    assert all(a.status_code == 200 and totals(a.get_data(as_text=True)) == [5, 0] for a in answers)
    assert renders == ["table/_live.html"]  # the entry and four phones, one render
    assert len({a.get_data() for a in answers}) == 1  # the same bytes: nothing of one phone's is in it


def test_the_entry_key_column_guards_the_log(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    phone.post(f"{url}/move", {"seat": 0, "points": 1, "version": 0, "entry_key": "k-1234567890"})
    with app.app_context():
        table = store.get_table(url.rsplit("/", 1)[1])
        assert table is not None
        assert turns.entry_with_key(table.id, "k-1234567890") == (1, "move")
        assert turns.entry_with_key(table.id, "k-unknown-key") is None


def test_the_streams_a_version_wakes_read_the_table_once(app: Flask, phone: Phone,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A new version wakes every open stream of the table together: one read of the table (and one linked
    fragment) serves them all; each is told only of other phones' entries."""
    url = new_table(phone, "Aki", "Ben")
    phones = [phone] + [other_phone(app, f"10.0.1.{i}") for i in range(3)]
    for p in phones:
        p.get(url)
    assert enter(phone, url, 0, "5", version=0).status_code == 303
    reads = []
    original = table_news.load_view

    def counted(token: str, **kw: Any):  # type: ignore[no-untyped-def]
        reads.append(token)
        return original(token, **kw)

    monkeypatch.setattr(table_news, "load_view", counted)
    table_news._news.clear()  # as in a worker where no phone entered it: nothing drawn yet
    events = [first_event(p, f"{url}/events?v=0") for p in phones]
    assert len(reads) == 1  # four streams, one read
    assert all(fields["id"] == "1" and totals(data["html"]) == [5, 0] for fields, data in events)
    assert [data["said"] for _fields, data in events] == [[], ["Aki: +5"], ["Aki: +5"], ["Aki: +5"]]
    assert len({data["html"] for _fields, data in events}) == 1  # one render, no phone's token in it


def test_the_streams_fragment_links_its_rulings_back_to_the_page_it_sits_on(app: Flask, phone: Phone) -> None:
    """The live fragment a stream sends is drawn once for every phone on that page: its ruling links lead back to
    the table's page (the players' link, or the read-only one for a watcher), never to the stream's address."""
    from tests.web.games.lumiere.support import new_table as new_lumiere_table
    from tests.web.games.lumiere.support import play

    url = new_lumiere_table(phone, "Aki", "Ben", "Chie")
    play(phone, url, "first seat=0")
    watch = re.search(r'(/w/[A-Za-z0-9_-]+)', phone.get(url).get_data(as_text=True))
    assert watch
    for phone_on, page in ((other_phone(app), url), (other_phone(app, "10.1.1.2"), watch.group(1))):
        _fields, data = first_event(phone_on, f"{page}/events?v=0")
        backs = re.findall(r'<a class="rule-link[^"]*" href="/rules/lumiere/[\w-]+\?back=([^"]+)"', data["html"])
        assert backs and set(backs) == {page.replace("/", "%2F")}, (page, set(backs))
