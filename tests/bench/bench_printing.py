"""PDF render times: cold (not cached; the render process already running) and cached, for the 36-card sheet,
the 144-card deck and a score summary; plus the render process's start-up and the print route end to end; then
the render CPU of every built-in printable and of a 5,000-entry score summary, each in a fresh process.

    .venv/bin/python tests/bench/bench_printing.py

Targets (on the 2-core machine): every built-in printable at most 1.5 s of CPU cold (the 144-card
deck included), a 5,000-entry summary at most 2 s, cached under 20 ms. This script prints the figures; it
asserts nothing. "cached: print" re-renders the HTML and finds the PDF by its hash;
"route" is what the PDF route does (the rendered-HTML shortcut, then the same cache).
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pypdf

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

ROUNDS = int(os.environ.get("BENCH_PRINT_ROUNDS", "3"))


def main() -> None:
    from companion import create_app
    from companion.printing.cache import PdfCache
    from companion.printing.pool import WARM_UP_HTML
    from companion.storage import db
    from companion.tables import store
    from companion.web.printing import init_app
    from companion.web.printing.documents import summary_document
    from companion.web.printing.listing import by_id
    from companion.web.printing.options import read_options
    from companion.web.printing.render import html_of, pdf_of, printer
    from tests.bench.run import load
    from tests.web import entries
    from tests.web.apps import make_app

    folder = Path(tempfile.mkdtemp(prefix="bench-print-"))
    # A bench measures how long a render takes, however long: the players' 20 s limit (a 503 page) would stop
    # it on a busy machine, so it gets a limit nobody reaches.
    app = make_app(folder, f"sqlite:///{folder / 'bench.db'}", PRINT_TIME_LIMIT=3600.0)
    db.upgrade(app)
    init_app(app)
    _ = create_app  # the real factory builds the same app; make_app adds the stand-in game for the summary

    with app.test_request_context("/print", headers={"Accept-Language": "ja"}):
        the_printer = printer(app)
        started = time.perf_counter()
        the_printer.pool.render({"html": WARM_UP_HTML}, 60)
        print(f"render process start-up (spawn, import WeasyPrint, load fonts): {time.perf_counter() - started:.2f} s")

        table = store.create_table("tally", ["Aki", "Ben", "Chie"], {"cap": "100"}, "builtin:default", "bench")
        for i in range(40):
            entries.append_event(table.id, i, "move", {"seat": i % 3, "points": 1}, "bench")
        from companion.tables.view import view_of

        cases = []
        for label, printable, query in (
            ("36-card sheet (Planetary Sisters, A4, fronts+backs)", "ps-cards", {"paper": "a4"}),
            ("144-card deck (Sister Combination, A4, fronts+backs)", "sc-deck", {"paper": "a4"}),
            ("144-card deck, print shop (288 pages)", "sc-deck", {"mode": "shop"}),
        ):
            options, _problems = read_options(query)
            cases.append((label, by_id()[printable].build(options), options))
        options, _problems = read_options({"paper": "a4"})
        cases.append(("score summary (3 seats, 40 entries)", summary_document(view_of(store.get_table(table.token)),
                                                                              options), options))

        print(f"{'document':58} {'cold s (min/median)':>22} {'cached ms: print / route':>26}  pages")
        for label, document, options in cases:
            colds, hits = [], []
            pdf = b""
            routed = []
            for _round in range(ROUNDS):
                the_printer.cache = PdfCache(None)  # nothing cached: a cold render every round
                t0 = time.perf_counter()
                printed = pdf_of(document, options.lang, options.key())
                assert not printed.cached
                colds.append(time.perf_counter() - t0)
                pdf = printed.pdf
                for _hit in range(20):
                    t0 = time.perf_counter()
                    again = the_printer.print_html(html_of(document, options.lang),
                                                   {**options.key(), "template": document.template},
                                                   bleed=document.bleed)
                    hits.append(time.perf_counter() - t0)
                    assert again.cached
                    t0 = time.perf_counter()
                    assert pdf_of(document, options.lang, options.key()).cached  # the route's path (HTML shortcut)
                    routed.append(time.perf_counter() - t0)
            pages = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
            print(f"{label:58} {min(colds):9.2f} / {statistics.median(colds):5.2f}      "
                  f"{statistics.median(hits) * 1000:10.1f} / {statistics.median(routed) * 1000:5.1f}       {pages}"
                  f"   ({load()})")

    client = app.test_client()
    disk = PdfCache(folder / "route-cache")
    printer(app).cache = disk
    url = "/print/sc-deck.pdf?paper=a4&lang=ja"
    t0 = time.perf_counter()
    first = client.get(url)
    cold = time.perf_counter() - t0
    hits = []
    for _hit in range(20):
        t0 = time.perf_counter()
        response = client.get(url)
        hits.append(time.perf_counter() - t0)
        assert response.headers["X-Print-Cache"] == "hit"
    disk._memory.clear()  # a second server process: only the shared disk cache has it
    t0 = time.perf_counter()
    client.get(url)
    from_disk = time.perf_counter() - t0
    print(f"route GET {url}: first {cold:.2f} s ({first.status_code}), cached median "
          f"{statistics.median(hits) * 1000:.1f} ms, from the disk cache {from_disk * 1000:.1f} ms")

    # Repeated printing: 40 different PDFs (a summary after every new entry); memory stays bounded because the
    # caches are bounded and each render process retires after PRINT_WORKER_JOBS renders.
    printer(app).cache = PdfCache(folder / "repeat-cache", max_items=8, max_bytes=8 * 2**20, disk_items=16,
                                  disk_bytes=16 * 2**20)
    with app.app_context():
        table = store.create_table("tally", ["Aki", "Ben"], {"cap": "100"}, "builtin:default", "bench")
    rss_before = _rss_mb(os.getpid())
    worker_rss = []
    for i in range(40):
        with app.app_context():
            entries.append_event(table.id, i, "move", {"seat": i % 2, "points": 1}, "bench")
        assert client.get(f"/t/{table.token}/summary.pdf?lang=en").status_code == 200
        worker_rss += [_rss_mb(pid) for pid in printer(app).pool.worker_pids]
    cache = printer(app).cache
    stats = printer(app).pool.stats
    print(f"40 different summaries: server process {rss_before:.0f} -> {_rss_mb(os.getpid()):.0f} MB; render "
          f"process at most {max(worker_rss):.0f} MB; {stats.started} render processes started, {stats.retired} "
          f"retired; cache {cache.memory_items} PDFs / {cache.memory_bytes / 1024:.0f} KiB in memory, "
          f"{cache.disk_usage()[0]} on disk")
    printer(app).pool.close()
    _cpu_per_printable()
    for warm in (False, True):  # the first: the same start without loading the render processes ahead (baseline)
        _first_requests_after_start(warm)


# -- render CPU per printable, cold ------------------------------------------------------------------------------
# "Cold" here is what a player's first request costs a render process: a fresh process (WeasyPrint imported, its
# fonts not yet loaded), the document's HTML, then the PDF, measured with time.process_time (CPU, so the load of
# other jobs weighs less than on a wall clock). Each case runs in its own child process.

CPU_CASES = int(os.environ.get("BENCH_PRINT_CPU_ROUNDS", "1"))


def _cpu_per_printable() -> None:
    import subprocess

    from companion.web.printing.listing import all_printables

    cases = [(p.id, "ja", "") for p in all_printables()]
    cases += [("sc-deck", "en", ""), ("sc-deck", "ja", "shop"), ("summary:5000", "ja", "")]
    print(f"\n{'render CPU, fresh process':34} {'HTML s':>7} {'PDF s':>7}  pages")
    for printable, lang, mode in cases:
        for _round in range(CPU_CASES):
            done = subprocess.run([sys.executable, __file__, "--cpu", printable, lang, mode], capture_output=True,
                                  text=True, cwd=ROOT)
            print(done.stdout.rstrip() or f"{printable}: failed\n{done.stderr[-800:]}")


def _cpu_one(printable: str, lang: str, mode: str) -> None:
    from companion.printing.render import render_pdf
    from companion.storage import db
    from companion.tables import store
    from companion.tables.view import view_of
    from companion.web.printing import init_app
    from companion.web.printing.documents import summary_document
    from companion.web.printing.listing import by_id
    from companion.web.printing.options import read_options
    from companion.web.printing.render import html_of
    from tests.bench.run import load
    from tests.web import entries
    from tests.web.apps import make_app

    folder = Path(tempfile.mkdtemp(prefix="bench-print-cpu-"))
    app = make_app(folder, f"sqlite:///{folder / 'bench.db'}")
    db.upgrade(app)
    init_app(app)
    import weasyprint  # noqa: F401 - importing is the process's start-up, not the render

    query = {"paper": "a4", "lang": lang, **({"mode": mode} if mode else {})}
    with app.test_request_context("/print"):
        options, _problems = read_options(query)
        if printable.startswith("summary:"):
            count = int(printable.split(":")[1])
            table = store.create_table("tally", ["Aki", "Ben", "Chie"], {"cap": "1000000"}, "builtin:default", "bench")
            for i in range(count):
                entries.append_event(table.id, i, "move", {"seat": i % 3, "points": 1}, "bench")
            started = time.process_time()
            document = summary_document(view_of(store.get_table(table.token)), options)
        else:
            started = time.process_time()
            document = by_id()[printable].build(options)
        html = html_of(document, lang)
        built = time.process_time()
        pdf = render_pdf(html, bleed=document.bleed)
        rendered = time.process_time()
    label = f"{printable} ({lang}{', ' + mode if mode else ''})"
    pages = len(pypdf.PdfReader(io.BytesIO(pdf)).pages)
    print(f"{label:34} {built - started:7.2f} {rendered - built:7.2f}  {pages:5}   ({load()})")


# -- the first PDFs after a start ----------------------------------------------------------------------------------
# What a player waits for right after `make run`: gunicorn as it serves (gunicorn.conf.py, its render processes
# loaded as each worker starts) with print-ahead filling the disk cache beside it at low priority, and PDFs asked
# for as soon as the server answers, before print-ahead has reached them (English: it prints Japanese first), then
# a 5,000-entry table's summary. Wall time of each answer, as a phone waits for it (target: 1.5 s).

AFTER_START = ("sc-deck", "ps-cards", "pr-cards", "lp-cards", "sister-combination-rules",
               "sister-combination-rules-a5")


def _first_requests_after_start(warm: bool) -> None:
    import subprocess
    import urllib.request

    from companion.storage import db
    from companion.tables import store
    from tests.bench.run import free_port, gunicorn_command, load, stop, wait_until_up
    from tests.web import entries
    from tests.web.apps import make_app

    folder = Path(tempfile.mkdtemp(prefix="bench-print-start-"))
    url = f"sqlite:///{folder / 'bench.db'}"
    app = make_app(folder, url)
    db.upgrade(app)
    with app.app_context():
        table = store.create_table("tally", ["Aki", "Ben", "Chie"], {"cap": "1000000"}, "builtin:default", "bench")
        for i in range(5000):
            entries.append_event(table.id, i, "move", {"seat": i % 3, "points": 1}, "bench")
        token = table.token
    app.extensions["db_engine"].dispose()
    env = dict(os.environ, COMPANION_TEST_INSTANCE=str(folder), COMPANION_TEST_DATABASE_URL=url,
               COMPANION_TEST_CONFIG=f'{{"PRINT_WARM": {"true" if warm else "false"}}}')
    ahead_code = ("from tests.web.apps import make_app; from companion.web.printing.ahead import print_ahead; "
                  f"[None for _ in print_ahead(make_app(__import__('pathlib').Path({str(folder)!r}), {url!r}))]")
    port = free_port()
    started = time.perf_counter()
    server = subprocess.Popen(gunicorn_command(port), cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    ahead = subprocess.Popen(["nice", "-n", "10", sys.executable, "-c", ahead_code], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_up(port)
        print(f"\nfirst PDFs after a start, PRINT_WARM {'on' if warm else 'off (baseline)'}: gunicorn answered "
              f"{time.perf_counter() - started:.1f} s after it was started; print-ahead beside it; wall time of each:")
        paths = [f"/print/{doc}.pdf?lang=en&paper=letter" for doc in AFTER_START]
        paths += ["/print/sc-deck.pdf?lang=en&paper=a4&mode=shop", f"/t/{token}/summary.pdf?lang=en"]
        for path in paths:
            t0 = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=300) as answer:
                body = answer.read()
                how = answer.headers.get("X-Print-Cache", "?")
            pages = len(pypdf.PdfReader(io.BytesIO(body)).pages)
            print(f"  {path.split('?')[0]:44} {time.perf_counter() - t0:6.2f} s  {how:4} {pages:4} pages  ({load()})")
    finally:
        ahead.kill()
        ahead.wait()
        stop(server)


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--cpu"]:
        _cpu_one(*sys.argv[2:5])
    elif sys.argv[1:2] == ["--after-start"]:
        for warm in (False, True):
            _first_requests_after_start(warm)
    else:
        main()
