"""A table's newest entries as its history shows them (``recent_log``): read in one statement, or carried on
without asking the database when this process has just written the table's next entry on the version its last
read showed (``carry_on``).

Why carry it on: a table's fragment shows its newest lines after every entry, and the phone that entered waits
for that fragment. Its read was one of an entry's three round trips on PostgreSQL (the read, the write, the
history) and one of its four statements on SQLite (issue 39). The log only grows, one entry per version, so the
log as read at version V and the entry written as V + 1 are the log at V + 1, exactly."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import JSON, DateTime, Integer, String, text

from companion.server.cache import BoundedCache
from companion.storage import db
from companion.tables.store import LoggedEntry


@dataclass(frozen=True)
class RecentLog:
    """A stretch of a table's log as its history shows it: the entries (oldest first), how many entries the
    log holds before the oldest (lines are numbered 1, 2, 3 … though seqs may skip), and each of their phones'
    place among the table's phones in the order of their first entry (1 the first)."""

    entries: list[LoggedEntry]
    before: int
    phones: dict[str, int]


def recent_log(table_id: int, token: str, limit: int, skip: int = 0, version: int | None = None) -> RecentLog:
    """The newest ``limit`` entries after skipping the ``skip`` newest, with their numbering and their phones'
    order, in one statement: three statements (the entries, the count before them, the phones' order) cost three
    round trips on PostgreSQL. Its cost is one page's index reads, the count before it, and the entries this
    process had not read yet for the phones' order (``_first_entries``). With the table's ``version``, the newest
    entries carried on to exactly that version by this process (``carry_on``) are taken as they are."""
    if skip == 0 and version is not None:
        kept = (_kept.get(token) or {}).get(limit)
        if kept is not None and kept[0] == version:
            return kept[1]
    cached = _first_entries.get(token) or (0, {})
    for known, firsts in (cached, (-1, {})):  # the second time (never needed, as the log only grows): all of it
        rows = db.session().execute(_RECENT_LOG, {"table": table_id, "limit": limit, "skip": skip,
                                                  "oldest": skip + limit - 1, "known": known}).all()
        entries = [LoggedEntry(r.seq, r.kind, r.payload, r.device, r.created_at) for r in rows if r.part == "entry"]
        found = {r.device: int(r.seq) for r in rows if r.part == "phone"}
        if found:
            firsts = {**found, **firsts}  # a phone read before keeps its first entry: only new phones are added
            newest = max(int(r.newest) for r in rows if r.part == "phone")
            _first_entries.put(token, (newest, firsts))
        if all(entry.device in firsts for entry in entries):
            break
    earlier = next((int(r.earlier) for r in rows if r.part == "entry"), 0)
    log = RecentLog(entries, earlier, _places(entries, firsts))
    if skip == 0 and version is not None:  # a history that is drawn again at the next version: carried on then
        _kept.put(token, {**(_kept.get(token) or {}), limit: (None, log)})
    return log


def carry_on(token: str, version: int, entry: LoggedEntry) -> None:
    """This process has just written ``entry`` as version ``version`` + 1 (its seq) on the table at ``version``:
    each newest stretch it read or carried whose newest entry is ``version`` becomes the stretch at
    ``version`` + 1 (the read showed every entry up to ``version``, and nothing else came in between: the write
    moved the version on from there). When the newest entry read is older (another process wrote since, or the
    version moved on with no entry, as a profile's copy does), nothing is carried: the next history reads."""
    phones = _first_entries.get(token)
    if entry.seq != version + 1 or phones is None or phones[0] != version:
        return  # the phones' order is not known up to this version: a new phone's place would be a guess
    firsts = phones[1] if entry.device in phones[1] else {**phones[1], entry.device: entry.seq}
    _first_entries.put(token, (entry.seq, firsts))
    carried: dict[int, tuple[int | None, RecentLog]] = {}
    for limit, (_exact_at, log) in (_kept.get(token) or {}).items():
        if log.entries and log.entries[-1].seq == version:
            entries = [*log.entries, entry]
            dropped = max(0, len(entries) - limit)
            entries = entries[dropped:]
            carried[limit] = (entry.seq, RecentLog(entries, log.before + dropped, _places(entries, firsts)))
    if carried:
        _kept.put(token, carried)


def _places(entries: list[LoggedEntry], firsts: dict[str, int]) -> dict[str, int]:
    """Each entry's phone's place among the table's phones, in the order of their first entries."""
    number = {device: place for place, device in enumerate(sorted(firsts, key=firsts.__getitem__), 1)}
    return {entry.device: number[entry.device] for entry in entries}


# The newest stretches of each table (one per length asked: the table's 30 lines, the history's first page) as this
# process last read or carried them, by token: {length: (the version it is known to be exact at, None for a read,
# the stretch)}. About 400 bytes an entry.
_kept: BoundedCache[dict[int, tuple[int | None, RecentLog]]] = BoundedCache(
    4096, max_bytes=16 * 2**20, size_of=lambda stretches: 400 * sum(len(log.entries) for _, log in stretches.values()))

# Each table's phones with the seq of their first entry, as far as this process has read the table's log, by
# table token (unique across databases): the log only grows, so a phone's first entry never changes, and a history
# read asks only for the entries after those read (grouping a 10,000-entry log at every version cost each fresh
# fragment 5 ms on SQLite). (the seq read up to, {phone: its first entry's seq})
_first_entries: BoundedCache[tuple[int, dict[str, int]]] = BoundedCache(4096)


# A plain SELECT, so that it runs on a request's reading connection (db.READS refuses anything else). Rows of two
# parts: "entry", the page of entries, with how many entries come before the page (counted up to the page's
# oldest entry found by its offset: an uncorrelated subquery, evaluated once; none when the page is not full: it
# reached the start of the log); and "phone", each phone's first entry among the entries after ``known`` (the
# seq this process has read the table's phones up to) with the newest seq it read.
_RECENT_LOG = text("""
SELECT * FROM (
    SELECT 'entry' AS part, page.seq, page.kind, page.payload, page.device, page.created_at,
        (SELECT count(*) FROM events WHERE table_id = :table AND seq < (
            SELECT seq FROM events WHERE table_id = :table ORDER BY seq DESC LIMIT 1 OFFSET :oldest)) AS earlier,
        NULL AS newest
    FROM (SELECT seq, kind, payload, device, created_at FROM events WHERE table_id = :table
          ORDER BY seq DESC LIMIT :limit OFFSET :skip) AS page
    UNION ALL
    SELECT 'phone', min(seq), NULL, NULL, device, NULL, NULL, max(seq) FROM events
    WHERE table_id = :table AND seq > :known GROUP BY device
) AS parts ORDER BY part, seq""").columns(part=String, seq=Integer, kind=String, payload=JSON, device=String,
                                          created_at=DateTime(timezone=True), earlier=Integer, newest=Integer)
