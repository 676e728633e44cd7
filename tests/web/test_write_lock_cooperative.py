"""SQLite's write lock is waited for cooperatively: a gevent worker whose write waits for
another process's keeps serving its other greenlets meanwhile. SQLite's own busy wait is C code that sleeps
the whole process, so before, one worker waiting for the other's write froze every phone on it.

This process holds the write lock (as another worker's entry would) for HOLD seconds; a gevent process (as
`make run` runs a worker) writes meanwhile, by the write turn and by a plain session write, while a ticker on
its loop measures how late it wakes. The writes wait, and the loop keeps turning."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import text

from companion.storage import db
from tests.browser.fixtures import ROOT
from tests.web.apps import PG_URL, make_app

HOLD = 3.0

WORKER = textwrap.dedent("""
    from gevent import monkey
    monkey.patch_all()
    import json, sys, time
    from pathlib import Path
    import gevent
    from sqlalchemy import text
    from companion.storage import db
    from tests.web.apps import make_app

    app = make_app(Path(sys.argv[1]), sys.argv[2])
    late = []

    def tick():
        while True:
            due = time.monotonic() + 0.01
            gevent.sleep(0.01)
            late.append(time.monotonic() - due)

    def write(how):
        with app.app_context():
            started = time.monotonic()
            s = db.session()
            s.commit()
            if how == "turn":
                with db.write_lock():
                    s.execute(text("UPDATE creations SET client = 'turn'"))
                    s.commit()
            else:  # a write of any other path: its first statement takes the turn
                s.execute(text("UPDATE creations SET client = 'plain'"))
                s.commit()
            return time.monotonic() - started

    ticker = gevent.spawn(tick)
    print("ready", flush=True)
    sys.stdin.readline()  # the other process holds the lock now (a blocking read: the ticker starts after it)
    late.clear()
    waits = [gevent.spawn(write, how) for how in ("turn", "plain")]
    gevent.joinall(waits)
    ticker.kill()
    print(json.dumps({"waited": [w.value if w.successful() else repr(w.exception) for w in waits],
                      "most_late": max(late, default=999.0)}), flush=True)
""")


def test_a_write_waiting_for_another_process_leaves_the_event_loop_free(tmp_path: Path) -> None:
    if PG_URL:
        pytest.skip("SQLite's lock: PostgreSQL locks rows and waits in its server")
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    app = make_app(tmp_path, url)
    db.upgrade(app)
    with app.app_context():
        s = db.session()
        s.execute(text("INSERT INTO creations (kind, client, created_at) VALUES ('table', 'x', CURRENT_TIMESTAMP)"))
        s.commit()
    worker = subprocess.Popen([sys.executable, "-c", WORKER, str(tmp_path / "worker"), url], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT), "DB_WAIT_SECONDS": "60"})
    try:
        assert worker.stdout is not None and worker.stdin is not None
        assert worker.stdout.readline().strip() == "ready"
        held = threading.Event()

        def another_workers_entry() -> None:
            with app.app_context():
                s = db.session()
                s.commit()
                with db.write_lock():
                    s.execute(text("UPDATE creations SET client = 'other'"))  # SQLite's lock too, uncommitted
                    held.set()
                    time.sleep(HOLD)
                    s.commit()

        holder = threading.Thread(target=another_workers_entry)
        holder.start()
        assert held.wait(60)
        worker.stdin.write("go\n")
        worker.stdin.flush()
        said = json.loads(worker.stdout.readline())
        holder.join()
    finally:
        worker.kill()
        worker.wait()
        app.extensions["db_engine"].dispose()
    assert all(isinstance(w, float) for w in said["waited"]), said  # both writes were made...
    assert min(said["waited"]) >= HOLD / 2  # ...after waiting for the other process's
    assert said["most_late"] < HOLD / 2  # while the loop went on turning (it froze for the whole wait before)
    with app.app_context():
        assert db.session().execute(text("SELECT client FROM creations")).scalar_one() in ("turn", "plain")
