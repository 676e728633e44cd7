"""The first view of a long table after a restart starts from the table's stored snapshot, not a replay of the
whole log (companion/tables/snapshots.py: replaying 10,000 entries held a worker for a second); a snapshot that does not fit
is ignored and the log replayed."""

from __future__ import annotations

import re

import pytest
from flask import Flask

from companion.profiles.refs import ProfileRef
from companion.tables import snapshots, store, view
from tests.games.standin import Tally
from tests.web import entries
from tests.web.apps import Phone
from tests.web.helpers import text_of
from tests.web.test_tables import enter, new_table

LONG = 450  # past two snapshots (every 200 entries)


def fill(app: Flask, url: str, count: int) -> None:
    """``count`` entries straight into the log: seats 0 and 1 take turns, each adding 1 then taking it back (the
    stand-in game's totals stay within 0..100 however long the log)."""
    token = url.rsplit("/", 1)[1]
    with app.app_context():
        table = store.get_table(token)
        assert table is not None
        table_id, version = table.id, table.version
        for i in range(count):
            version = entries.append_event(table_id, version, "move",
                                         {"seat": i % 2, "points": 1 if (i // 2) % 2 == 0 else -1}, "p0")


def totals(html: str) -> list[str]:
    return re.findall(r'class="total" data-seat="\d">(\d+)<', html)


def restart() -> None:
    """What a worker forgets when it restarts: every kept replay and view, and which snapshots it stored."""
    view._replays.clear()
    view._views.clear()
    snapshots._stored.clear()


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    applied: list[int] = []
    original = Tally.apply

    def apply(self: Tally, state, move):  # type: ignore[no-untyped-def]
        applied.append(move.seat)
        return original(self, state, move)

    monkeypatch.setattr(Tally, "apply", apply)
    return applied


def test_after_a_restart_a_long_table_is_read_from_its_snapshot(app: Flask, phone: Phone,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, LONG)
    assert totals(phone.get(url).get_data(as_text=True)) == ["1", "1"]  # one replay, and a snapshot stored
    with app.app_context():
        table = store.get_table(url.rsplit("/", 1)[1])
        assert table is not None
        key = view.resolve_profile("tally", ProfileRef.parse(table.profile_ref))[1]
        stored = snapshots.load_snapshot(table.id, table.token, key, snapshots.ENGINE)
    assert stored is not None and stored[0] == LONG
    assert enter(phone, url, 0, "5", version=LONG).status_code == 303
    restart()
    applied = counting(monkeypatch)
    assert totals(phone.get(url).get_data(as_text=True)) == ["6", "1"]
    assert len(applied) <= 3, applied  # the entry after the snapshot (and the engine's last word), not 451


def test_a_snapshot_made_by_other_engine_code_is_ignored(app: Flask, phone: Phone,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, 250)
    assert totals(phone.get(url).get_data(as_text=True)) == ["1", "1"]
    restart()
    monkeypatch.setattr(snapshots, "ENGINE", "another deploy")
    applied = counting(monkeypatch)
    assert totals(phone.get(url).get_data(as_text=True)) == ["1", "1"]
    assert len(applied) >= 250  # replayed from the log


def test_an_unreadable_snapshot_is_replayed_over(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, 250)
    phone.get(url)
    with app.app_context():
        table = store.get_table(url.rsplit("/", 1)[1])
        assert table is not None
        key = view.resolve_profile("tally", ProfileRef.parse(table.profile_ref))[1]
        assert snapshots.save_snapshot(table.id, table.token, key, snapshots.ENGINE, 250, b"not a snapshot")
    restart()
    assert totals(phone.get(url).get_data(as_text=True)) == ["1", "1"]


def test_the_whole_history_of_a_long_table_comes_in_pages(app: Flask, phone: Phone) -> None:
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, LONG)
    first = phone.get(url + "/history").get_data(as_text=True)
    seqs = re.findall(r'data-seq="(\d+)"', first)
    assert seqs == [str(s) for s in range(LONG, LONG - 50, -1)]
    assert "(450 entries)" in first and "Page 1 of 9" in first and "Newer entries" not in first
    older = re.search(r'href="([^"]+)">Older entries', first)
    assert older is not None
    last = phone.get(older.group(1).replace("&amp;", "&").replace("page=2", "page=9")).get_data(as_text=True)
    assert re.findall(r'data-seq="(\d+)"', last) == [str(s) for s in range(50, 0, -1)]
    assert "#1 Aki: +1" in text_of(last) and "#2 Ben: +1" in text_of(last) and "Page 9 of 9" in last
    assert "Older entries" not in last
    japanese = Phone(app.test_client(), "ja").get(url + "/history?page=2").get_data(as_text=True)
    assert "9ページ中2ページ目" in japanese and "古い履歴へ" in japanese and "新しい履歴へ" in japanese
    odd = phone.get(url + "/history?page=99x")
    assert odd.status_code == 200 and "Page 1 of 9" in odd.get_data(as_text=True)


def test_a_streamed_export_is_the_export_file_exactly(app: Flask, phone: Phone,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from companion.web.tables import loading as table_loading
    from companion.web.tables import transfer as table_transfer

    monkeypatch.setattr(table_transfer, "EXPORT_BATCH", 7)  # several batches, the last one short
    empty = new_table(phone, "Aki", "Ben")
    url = new_table(phone, "Aki", "Ben")
    fill(app, url, 30)
    for table in (empty, url):
        with app.test_request_context("/"):
            view = table_loading.load_view(table.rsplit("/", 1)[1])
            whole = json.dumps(table_transfer.export_table(view), ensure_ascii=False, indent=1)
            chunks = list(table_transfer.export_chunks(view))
        assert "".join(chunks) == whole
        assert json.loads(whole)["log"] == [] if table == empty else len(json.loads(whole)["log"]) == 30
    assert len(chunks) == 2 + 5  # the head, five batches of the log, the end
