"""What keeps printing safe beside a running table: a bounded cache, render processes with a time limit that
retire to keep memory bounded, fonts that cover every character, and documents that can fetch nothing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from companion.printing.cache import PdfCache
from companion.printing.fonts import REPLACEMENT, family_for, glyph_safe, uncovered
from companion.printing.pool import PrintBusy, PrintFailed, PrintTimeout, RenderPool
from companion.printing.printer import Printer

TINY = "<html><body><p>遊星姊妹 {n}</p></body></html>"
# The time limit of every render here that is not about the limit: no render comes near it, however busy the
# machine (a first render also starts a process that loads WeasyPrint and the fonts).
ROOMY = 300


def test_the_memory_cache_is_bounded_by_count_and_bytes() -> None:
    cache = PdfCache(None, max_items=3, max_bytes=1000)
    for i in range(5):
        cache.put(f"k{i}", bytes(100))
    assert cache.memory_items == 3 and cache.get("k0") is None and cache.get("k4") == bytes(100)
    cache.get("k2")  # recently used: kept
    cache.put("big", bytes(800))
    assert cache.memory_bytes <= 1000
    assert cache.get("k2") is not None and cache.get("k3") is None
    cache.put("huge", bytes(5000))  # larger than the whole bound: not kept
    assert cache.get("huge") is None and cache.memory_bytes <= 1000


def test_the_disk_cache_is_shared_and_bounded(tmp_path: Path) -> None:
    one = PdfCache(tmp_path, max_items=1, disk_items=3, disk_bytes=350)
    two = PdfCache(tmp_path, max_items=1, disk_items=3, disk_bytes=350)
    one.put("a", bytes(100))
    assert two.get("a") == bytes(100)  # another server process reads it from the folder
    for key in "bcd":
        one.put(key, bytes(100))
    count, size = one.disk_usage()
    assert count <= 3 and size <= 350
    assert two.get("d") == bytes(100)
    one.put("e", bytes(400))  # larger than the disk bound: memory only
    assert one.disk_usage()[1] <= 350 and two.get("e") is None


def test_characters_no_font_has_are_replaced_before_rendering() -> None:
    assert uncovered("Lumière†Prière ◇♦ ≤ ⌊n/2⌋ 鈴凜 亞里亞 ルミエル†プリエール") == set()
    html, replaced = glyph_safe("<p>効果 🫠 です</p>")
    assert replaced == {"🫠"} and html == f"<p>効果 {REPLACEMENT} です</p>"
    # IPAexGothic has no 姊 (U+59CA); Noto Sans CJK JP, next in the stack, has it
    assert family_for("姊") == "Noto Sans CJK JP" and family_for("姉") == "IPAexGothic"
    assert uncovered("遊星姊妹") == set()
    assert glyph_safe("<h1>遊星姊妹</h1>") == ("<h1>遊星姊妹</h1>", set())


@pytest.fixture
def pool():  # type: ignore[no-untyped-def]
    made = RenderPool(size=1, max_jobs=2)
    yield made
    made.close()


def test_a_render_process_retires_after_its_jobs_and_a_fresh_one_takes_over(pool: RenderPool) -> None:
    pids = []
    for n in range(5):
        pdf = pool.render({"html": TINY.format(n=n)}, ROOMY)
        assert pdf.startswith(b"%PDF")
        pids.append(pool.worker_pids)
    assert pool.stats.rendered == 5 and pool.stats.retired == 2 and pool.stats.started == 3
    assert len({tuple(p) for p in pids if p}) >= 2
    # the one that took over was started as the other retired, not when the next print came
    assert all(len(p) == 1 for p in pids), pids


def test_a_render_over_the_time_limit_is_stopped_and_the_pool_recovers(pool: RenderPool) -> None:
    pool.render({"html": TINY.format(n=0)}, ROOMY)
    before = pool.worker_pids
    with pytest.raises(PrintTimeout):
        pool.render({"html": TINY.format(n=1), "delay": 30}, 0.5)
    assert pool.stats.killed == 1 and pool.worker_pids != before  # the stuck process is gone
    assert pool.render({"html": TINY.format(n=2)}, ROOMY).startswith(b"%PDF")


def test_a_busy_pool_answers_busy_instead_of_waiting_forever(pool: RenderPool) -> None:
    pool.render({"html": TINY.format(n=0)}, ROOMY)
    outcome: list[str] = []

    def slow() -> None:
        try:
            pool.render({"html": TINY.format(n=1), "delay": 2}, ROOMY)
            outcome.append("done")
        except Exception as exc:  # noqa: BLE001
            outcome.append(type(exc).__name__)

    thread = threading.Thread(target=slow)
    thread.start()
    while not pool._slots._value == 0:  # the slow render holds the only slot
        pass
    with pytest.raises(PrintBusy):
        pool.render({"html": TINY.format(n=2)}, 0.3)
    thread.join(ROOMY)
    assert outcome == ["done"]


def test_prints_beyond_the_queue_are_busy_at_once_so_request_threads_stay_free() -> None:
    pool = RenderPool(size=1, waiting=0)
    try:
        pool.render({"html": TINY.format(n=0)}, ROOMY)
        thread = threading.Thread(target=lambda: pool.render({"html": TINY.format(n=1), "delay": 2}, ROOMY))
        thread.start()
        while pool._waiting == 0:
            pass
        with pytest.raises(PrintBusy):
            pool.render({"html": TINY.format(n=2)}, ROOMY)  # no waiting out the limit: answered at once
        assert pool.stats.rendered == 1
        thread.join(ROOMY)
        assert pool.stats.rendered == 2
    finally:
        pool.close()


def test_documents_cannot_fetch_anything_but_the_printables(pool: RenderPool) -> None:
    for html in ('<link rel="stylesheet" href="http://example.com/x.css"><p>x</p>',
                 '<link rel="stylesheet" href="file:///etc/passwd"><p>x</p>',
                 '<img src="../companion/printing/__init__.py">',
                 '<link rel="stylesheet" href="missing.css">'):
        with pytest.raises(PrintFailed):
            pool.render({"html": html}, ROOMY)
    assert pool.render({"html": '<link rel="stylesheet" href="_common.css"><p>ok</p>'}, ROOMY).startswith(b"%PDF")


def test_the_printer_caches_by_content_and_options(pool: RenderPool) -> None:
    printer = Printer(PdfCache(None), pool, time_limit=ROOMY)
    first = printer.print_html(TINY.format(n="a"), {"paper": "a4"})
    assert not first.cached
    assert printer.print_html(TINY.format(n="a"), {"paper": "a4"}).cached
    assert not printer.print_html(TINY.format(n="a"), {"paper": "letter"}).cached
    assert not printer.print_html(TINY.format(n="b"), {"paper": "a4"}).cached
    replaced = printer.print_html("<p>🫠</p>", {})
    assert replaced.replaced == {"🫠"}


def test_every_character_of_the_printables_and_their_catalog_is_in_the_fonts() -> None:
    from babel.messages.pofile import read_po

    from companion.printing.fonts import VARIANTS, check_fonts
    from companion.printing.render import PRINTABLES

    texts = [path.read_text(encoding="utf-8") for path in PRINTABLES.glob("*.html")]
    po = Path(__file__).resolve().parents[2] / "companion/web/printing/translations/ja/LC_MESSAGES/messages.po"
    with po.open("rb") as f:
        for message in read_po(f):
            if message.id:
                texts += [str(message.id), str(message.string)]
    assert len(texts) > 200
    assert check_fonts(texts) - set(VARIANTS) == set()
