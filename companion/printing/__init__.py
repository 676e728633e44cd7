"""HTML -> PDF with WeasyPrint: page geometry, fonts, a bounded cache, and rendering with a time limit.

What lives here (no Flask, so the render worker stays small and the geometry is testable on its own):

- **Geometry** (millimetres): the papers (A4, US Letter), the card sizes, the home sheet layout (cards butted
  in a centred grid so one cut separates two cards; the page is exactly the paper, so "actual size" printing
  is true size), the back pages of a sheet (each row's column order reversed for long-edge duplex, then moved
  by the offset read off the calibration page) and the print-shop pages (one card per page, 3 mm bleed,
  crop marks outside the bleed, TrimBox/BleedBox set).
- **Fonts**: IPAexGothic (Debian fonts-ipaexfont-gothic) for Japanese and Latin text, DejaVu Sans after it for
  the few symbols IPAexGothic lacks. Text stays text (selectable, extractable). Any character neither font
  has is replaced before rendering, so a PDF never shows a missing-glyph box.
- **Cache**: PDFs keyed by a hash of the HTML, the stylesheets, the fonts and the options; bounded by count and
  bytes, in memory and (shared by the server's worker processes) on disk.
- **Render pool**: WeasyPrint runs in separate processes (spawned, so a threaded server never forks). A print
  waits for them at most ``time_limit`` seconds; a render that takes longer is killed and its worker replaced,
  so a print never holds up score entry and a runaway document cannot grow without bound. A worker retires
  after a number of jobs or once its memory passes a limit, which keeps memory bounded under repeated printing.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
PRINTABLES = ROOT / "printables"
LAYOUT_VERSION = "1"  # part of every cache key: bump when the geometry code changes what a PDF looks like

PT_PER_MM = 72 / 25.4

# -- geometry ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Paper:
    key: str
    width: float  # mm
    height: float


PAPERS: Mapping[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),  # 595.28 × 841.89 pt
    "letter": Paper("letter", 215.9, 279.4),  # 612 × 792 pt
}


@dataclass(frozen=True)
class CardSize:
    key: str
    width: float  # mm
    height: float


CARD_SIZES: Mapping[str, CardSize] = {
    "poker": CardSize("poker", 63.0, 88.0),  # the default
    "bridge": CardSize("bridge", 57.0, 89.0),
}

MIN_MARGIN = 5.0  # mm kept free at every page edge (most home printers cannot print closer)
BLEED = 3.0  # mm of artwork beyond the trim in print-shop mode
MARK_ZONE = 10.0  # mm around the bleed-ed card where the crop marks are drawn (the MediaBox margin)
MARK_GAP = 5.0  # crop marks start this far outside the trim (2 mm clear of the bleed)
GUIDE_LENGTH = 4.0  # mm: the cut guides drawn in a home sheet's margins
GUIDE_GAP = 1.0  # mm between the card grid and a cut guide


@dataclass(frozen=True)
class Offset:
    """Where back pages go relative to the fronts, as read off the calibration page's scales (mm).

    ``dx`` is to the right and ``dy`` downwards, both as seen looking at the back side. A back page's cards
    are drawn moved by exactly this much.
    """

    dx: float = 0.0
    dy: float = 0.0

    LIMIT = 10.0  # the calibration scales read ±5 mm; anything past ±10 mm is not a printer's error

    @classmethod
    def of(cls, dx: float, dy: float) -> Offset:
        if not (abs(dx) <= cls.LIMIT and abs(dy) <= cls.LIMIT):
            raise ValueError("offset out of range")
        return cls(round(dx, 1) + 0.0, round(dy, 1) + 0.0)

    @classmethod
    def parse(cls, text: str) -> Offset:
        """``"1.5,-0.5"`` (the cookie form) -> Offset; raises ValueError."""
        dx, comma, dy = text.partition(",")
        if not comma:
            raise ValueError("offset needs two numbers")
        return cls.of(float(dx), float(dy))

    def __str__(self) -> str:
        return f"{self.dx:g},{self.dy:g}"

    @property
    def is_zero(self) -> bool:
        return self.dx == 0 and self.dy == 0


@dataclass(frozen=True)
class Slot:
    """One card place on a sheet: its row and column and its top-left corner on the page (mm)."""

    index: int
    row: int
    col: int
    x: float
    y: float


@dataclass(frozen=True)
class SheetLayout:
    """A home-print sheet: cards butted in a grid centred on the page."""

    paper: Paper
    card: CardSize
    cols: int
    rows: int
    left: float  # the grid's top-left corner (mm)
    top: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.card.width

    @property
    def height(self) -> float:
        return self.rows * self.card.height

    def slot(self, index: int) -> Slot:
        row, col = divmod(index, self.cols)
        return Slot(index, row, col, self.left + col * self.card.width, self.top + row * self.card.height)

    @property
    def slots(self) -> tuple[Slot, ...]:
        return tuple(self.slot(i) for i in range(self.per_page))

    def back_of(self, index: int, offset: Offset = Offset()) -> Slot:
        """Where the back of the card in slot ``index`` goes on the back page (long-edge duplex).

        Turning the sheet over its long edge mirrors left and right: a card's back lands at the mirror image
        of its front's place, which reverses the column order on each row. Then the calibration offset moves
        the whole back page.
        """
        front = self.slot(index)
        mirrored_x = self.paper.width - front.x - self.card.width
        mirrored_col = self.cols - 1 - front.col
        return Slot(index, front.row, mirrored_col, mirrored_x + offset.dx, front.y + offset.dy)

    @property
    def cut_x(self) -> tuple[float, ...]:
        """The vertical cut lines (mm from the left): the grid's edges and every seam between columns."""
        return tuple(self.left + c * self.card.width for c in range(self.cols + 1))

    @property
    def cut_y(self) -> tuple[float, ...]:
        return tuple(self.top + r * self.card.height for r in range(self.rows + 1))


def sheet_layout(paper: Paper, card: CardSize) -> SheetLayout:
    """As many cards as fit within MIN_MARGIN of every edge (9 poker cards on A4 and on Letter), centred."""
    cols = int((paper.width - 2 * MIN_MARGIN + 1e-9) // card.width)
    rows = int((paper.height - 2 * MIN_MARGIN + 1e-9) // card.height)
    if cols < 1 or rows < 1:
        raise ValueError(f"{card.key} cards do not fit on {paper.key}")
    left = (paper.width - cols * card.width) / 2
    top = (paper.height - rows * card.height) / 2
    return SheetLayout(paper, card, cols, rows, round(left, 3), round(top, 3))


T = TypeVar("T")


@dataclass(frozen=True)
class Placed(Generic[T]):
    slot: Slot
    item: T


@dataclass(frozen=True)
class SheetPage(Generic[T]):
    """One page of a card sheet: fronts, or the backs of the page before it."""

    side: str  # "front" or "back"
    sheet: int  # 1-based sheet number (a front page and its back page share it)
    cards: tuple[Placed[T], ...]


def paginate(items: Sequence[T], layout: SheetLayout, backs: bool, offset: Offset = Offset()) -> list[SheetPage[T]]:
    """Home print: each sheet's fronts, then (with ``backs``) the page of their backs, mirrored and offset,
    so printing the whole PDF duplex (flip on the long edge) puts every back behind its front."""
    pages: list[SheetPage[T]] = []
    n = layout.per_page
    for sheet, start in enumerate(range(0, len(items), n), start=1):
        chunk = items[start:start + n]
        pages.append(SheetPage("front", sheet, tuple(Placed(layout.slot(i), it) for i, it in enumerate(chunk))))
        if backs:
            pages.append(SheetPage("back", sheet,
                                   tuple(Placed(layout.back_of(i, offset), it) for i, it in enumerate(chunk))))
    return pages


@dataclass(frozen=True)
class ShopGeometry:
    """Print-shop pages: one card per page. The page (TrimBox) is the card; the artwork runs BLEED beyond it
    (BleedBox); the crop marks sit outside the bleed, in a MARK_ZONE margin (MediaBox)."""

    card: CardSize
    bleed: float = BLEED
    zone: float = MARK_ZONE
    gap: float = MARK_GAP

    @property
    def media_width(self) -> float:
        return self.card.width + 2 * self.zone

    @property
    def media_height(self) -> float:
        return self.card.height + 2 * self.zone

    def crop_marks(self) -> tuple[tuple[float, float, float, float], ...]:
        """Eight lines (x1, y1, x2, y2) in mm from the MediaBox's top-left: each corner's two trim lines,
        from MARK_GAP to MARK_ZONE outside the trim."""
        z, w, h, g = self.zone, self.card.width, self.card.height, self.gap
        marks = []
        for x in (z, z + w):
            marks.append((x, 0.0, x, z - g))  # above the card
            marks.append((x, z + h + g, x, 2 * z + h))  # below
        for y in (z, z + h):
            marks.append((0.0, y, z - g, y))  # left
            marks.append((z + w + g, y, 2 * z + w, y))  # right
        return tuple(marks)


def shop_pages(items: Sequence[T], backs: bool) -> list[tuple[str, T]]:
    """Print shop: each card's front, then its back (print shops take fronts and backs as page pairs)."""
    pages: list[tuple[str, T]] = []
    for item in items:
        pages.append(("front", item))
        if backs:
            pages.append(("back", item))
    return pages


def mm(value: float) -> str:
    """A CSS length for the printables' geometry style blocks."""
    return f"{value:.3f}".rstrip("0").rstrip(".") + "mm"


# -- fonts ------------------------------------------------------------------------------------------------------

JAPANESE_FAMILY = "IPAexGothic"
# Noto Sans CJK JP (Debian fonts-noto-cjk, installed by setup) draws the rarer kanji IPAexGothic lacks, such as
# 遊星姊妹's 姊. It is a font collection: face 0 is the Japanese one.
CJK_FAMILY = "Noto Sans CJK JP"
SYMBOL_FAMILY = "DejaVu Sans"
_FONT_FALLBACKS = {
    JAPANESE_FAMILY: ("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
                      "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"),
    CJK_FAMILY: ("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",),
    SYMBOL_FAMILY: ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",),
}
FONT_STACK = f'"{JAPANESE_FAMILY}", "{CJK_FAMILY}", "{SYMBOL_FAMILY}"'


class FontMissing(RuntimeError):
    pass


def _fc_match(family: str) -> str:
    try:
        found = subprocess.run(["fc-match", "-f", "%{file}|%{family}", family], capture_output=True, text=True,
                               timeout=10, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    path, _, families = found.partition("|")
    return path if family.lower() in families.lower() and Path(path).is_file() else ""


@cache
def font_files() -> tuple[tuple[str, str], ...]:
    """(family, file) of the fonts the PDFs use, the Japanese one first. Raises FontMissing without it."""
    found = []
    for family, fallbacks in _FONT_FALLBACKS.items():
        path = next((p for p in fallbacks if Path(p).is_file()), "") or _fc_match(family)
        if path:
            found.append((family, str(Path(path).resolve())))
        elif family == JAPANESE_FAMILY:
            raise FontMissing("IPAexGothic is not installed (Debian package fonts-ipaexfont-gothic)")
    return tuple(found)


def font_face_css() -> str:
    """@font-face rules naming the exact font files (so no other installed font is ever picked)."""
    return "\n".join(
        f'@font-face {{ font-family: "{family}"; src: url("{Path(path).as_uri()}"); }}'
        for family, path in font_files()
    )


@cache
def _cmaps() -> tuple[tuple[str, frozenset[int]], ...]:
    from fontTools.ttLib import TTFont

    out = []
    for family, path in font_files():
        with TTFont(path, lazy=True, fontNumber=0) as font:
            out.append((family, frozenset(font.getBestCmap())))
    return tuple(out)


@cache
def coverage() -> frozenset[int]:
    """Every code point one of the PDF fonts has a glyph for."""
    covered: set[int] = set()
    for _family, cmap in _cmaps():
        covered |= cmap
    return frozenset(covered)


def family_for(char: str) -> str | None:
    """The font that draws ``char`` (the first in the stack that has it), or None."""
    for family, cmap in _cmaps():
        if ord(char) in cmap:
            return family
    return None


_INVISIBLE = frozenset(map(ord, "\n\r\t\u200b\u200c\u200d\ufeff"))
REPLACEMENT = "?"
# Variant characters (異体字) IPAexGothic lacks, printed in their standard form rather than as "?":
# 遊星姊妹's 姊 (U+59CA) is 姉 (U+59C9), the form the rule text's own 姉妹カード uses.
VARIANTS = {"姊": "姉"}


def uncovered(text: str) -> set[str]:
    """Characters of ``text`` no PDF font can draw (they would print as missing-glyph boxes)."""
    covered = coverage()
    return {c for c in set(text) if ord(c) not in covered and ord(c) not in _INVISIBLE}


def glyph_safe(html: str) -> tuple[str, set[str]]:
    """The HTML with every character no PDF font has replaced (by its standard form for a known variant, else
    by "?"), and the characters replaced.

    Markup is ASCII, so only text (names and effects users typed, mostly) can be affected.
    """
    missing = uncovered(html)
    if not missing:
        return html, missing
    table = {ord(c): VARIANTS.get(c, REPLACEMENT) for c in missing}
    return html.translate(table), missing


# -- rendering (runs in a worker process) ---------------------------------------------------------------------------


def _allowed(url: str) -> bool:
    from urllib.parse import unquote, urlparse

    if not url.startswith("file://"):
        return False
    path = Path(unquote(urlparse(url).path)).resolve()
    roots = [PRINTABLES.resolve()] + [Path(p).resolve() for _f, p in font_files()]
    return any(path == root or root in path.parents for root in roots)


def _url_fetcher() -> Any:
    """Only the printables' own files and the fonts: a document can never make the server fetch anything
    else. A missing stylesheet stops the render (a PDF without its styles would print wrong)."""
    from weasyprint.urls import URLFetcher

    class LocalOnly(URLFetcher):  # type: ignore[misc]
        def fetch(self, url: str, headers: Any = None) -> Any:
            if not _allowed(url):
                raise ValueError(f"printables may not load {url}")
            return super().fetch(url, headers)

    return LocalOnly(allowed_protocols=("file",), fail_on_errors=True)


def _set_bleed_boxes(bleed_mm: float):  # type: ignore[no-untyped-def]
    """A WeasyPrint finisher: BleedBox exactly ``bleed_mm`` around each page's TrimBox (WeasyPrint puts it
    up to 10 pt out), on the pages that have a bleed area."""

    def finisher(document: Any, pdf: Any) -> None:
        import pydyf

        bleed = bleed_mm * PT_PER_MM
        for obj in pdf.objects:
            if isinstance(obj, pydyf.Dictionary) and obj.get("Type") == "/Page" and "TrimBox" in obj:
                left, top, right, bottom = (float(v) for v in obj["TrimBox"])
                media = [float(v) for v in obj["MediaBox"]]
                if media == [left, top, right, bottom]:
                    continue
                obj["BleedBox"] = pydyf.Array([left - bleed, top - bleed, right + bleed, bottom + bleed])

    return finisher


def render_pdf(html: str, bleed: float | None = None) -> bytes:
    """The PDF of one printable's HTML (stylesheets and images relative to printables/). In-process."""
    from weasyprint import CSS, HTML
    from weasyprint.text.fonts import FontConfiguration

    font_config = FontConfiguration()
    fetcher = _url_fetcher()
    fonts = CSS(string=font_face_css(), font_config=font_config, url_fetcher=fetcher)
    document = HTML(string=html, base_url=str(PRINTABLES) + "/", url_fetcher=fetcher)
    finisher = _set_bleed_boxes(bleed) if bleed else None
    return document.write_pdf(stylesheets=[fonts], font_config=font_config, finisher=finisher,  # type: ignore[no-any-return]
                              uncompressed_pdf=False)


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


WARM_UP_HTML = "<html><body style=\"font-family: IPAexGothic\">遊星姉妹 Sister Combination 0123</body></html>"


def _serve(jobs_in: Any, max_jobs: int, max_rss_mb: float, replies: Any) -> None:
    """A render worker: loads WeasyPrint and the fonts once, then renders jobs until told to stop, until it
    has rendered ``max_jobs`` documents, or until its memory passes ``max_rss_mb`` (then it retires)."""
    try:
        render_pdf(WARM_UP_HTML)
    except Exception:  # noqa: BLE001 - a broken setup shows up on the first real job, with its message
        pass
    jobs = 0
    while True:
        try:
            job = jobs_in.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        delay = float(job.get("delay", 0))
        if delay:
            time.sleep(delay)  # tests: a render that takes too long
        try:
            pdf = render_pdf(job["html"], job.get("bleed"))
            reply: tuple[str, Any] = ("ok", pdf)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as exc:  # noqa: BLE001 - WeasyPrint's fatal fetch error is a BaseException too;
            reply = ("error", f"{type(exc).__name__}: {exc}")  # the caller answers a clear page
        jobs += 1
        retire = jobs >= max_jobs or _rss_mb() > max_rss_mb
        try:
            replies.send((*reply, retire, os.getpid()))
        except (EOFError, OSError):
            return
        if retire:
            return


class PrintError(Exception):
    """Base of what a print can run into; the web layer answers each with a page in the user's language."""


class PrintTimeout(PrintError):
    """The render did not finish within the time limit (it was stopped)."""


class PrintBusy(PrintError):
    """Every render worker stayed busy for the whole time limit."""


class PrintFailed(PrintError):
    """WeasyPrint failed, or its worker died."""


class _Worker:
    """One render process: ``python -m companion.printing --worker`` talking over two pipes.

    A plain subprocess rather than multiprocessing's spawn, which would re-import the server's (or a
    script's) main module in the child.
    """

    def __init__(self, max_jobs: int, max_rss_mb: float) -> None:
        from multiprocessing.connection import Connection

        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion.printing", "--worker", str(to_child_r), str(from_child_w),
                 str(max_jobs), str(max_rss_mb)],
                pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                cwd=str(ROOT), env=env, close_fds=True,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self._send = Connection(to_child_w, readable=False)
        self._recv = Connection(from_child_r, writable=False)

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, job: Mapping[str, Any] | None) -> None:
        self._send.send(job)

    def poll(self, timeout: float) -> bool:
        return self._recv.poll(timeout)

    def recv(self) -> Any:
        return self._recv.recv()

    def stop(self, kill: bool = False) -> None:
        try:
            if not kill and self.alive:
                try:
                    self._send.send(None)
                    self.process.wait(2)
                except (OSError, ValueError, subprocess.TimeoutExpired):
                    kill = True
            if self.alive:
                self.process.kill()
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            log.warning("print worker %s did not stop", self.pid)
        finally:
            self._send.close()
            self._recv.close()


@dataclass
class PoolStats:
    started: int = 0
    retired: int = 0
    killed: int = 0
    rendered: int = 0


class RenderPool:
    """At most ``size`` render processes, started when first needed (``warm`` starts one ahead of time).

    At most ``waiting`` prints wait for a busy process; any more are answered "busy" at once, so printing never
    holds more than ``size + waiting`` of a server process's request threads (the rest keep serving score entry).
    """

    def __init__(self, size: int = 1, max_jobs: int = 25, max_rss_mb: float = 600.0, waiting: int = 2) -> None:
        self.size = max(1, size)
        self.max_jobs = max(1, max_jobs)
        self.max_rss_mb = max_rss_mb
        self.max_waiting = max(0, waiting)
        self._waiting = 0
        self._slots = threading.BoundedSemaphore(self.size)
        self._idle: queue.LifoQueue[_Worker] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._all: list[_Worker] = []
        self.stats = PoolStats()
        self.pid = os.getpid()

    def _start(self) -> _Worker:
        worker = _Worker(self.max_jobs, self.max_rss_mb)
        with self._lock:
            self._all.append(worker)
            self.stats.started += 1
        return worker

    def _forget(self, worker: _Worker, kill: bool) -> None:
        with self._lock:
            if worker in self._all:
                self._all.remove(worker)
        worker.stop(kill=kill)

    def _take(self) -> _Worker:
        while True:
            try:
                worker = self._idle.get_nowait()
            except queue.Empty:
                return self._start()
            if worker.alive:
                return worker
            self._forget(worker, kill=True)

    def warm(self) -> None:
        """Start a worker now if none is running (it loads WeasyPrint and the fonts while the user picks)."""
        if self._slots.acquire(blocking=False):
            try:
                if self._idle.empty():
                    self._idle.put(self._start())
            finally:
                self._slots.release()

    @property
    def worker_pids(self) -> list[int]:
        with self._lock:
            return [w.pid for w in self._all if w.alive]

    def render(self, job: Mapping[str, Any], time_limit: float) -> bytes:
        with self._lock:
            if self._waiting >= self.size + self.max_waiting:
                raise PrintBusy()
            self._waiting += 1
        try:
            return self._render(job, time_limit)
        finally:
            with self._lock:
                self._waiting -= 1

    def _render(self, job: Mapping[str, Any], time_limit: float) -> bytes:
        deadline = time.monotonic() + time_limit
        if not self._slots.acquire(timeout=max(0.0, time_limit)):
            raise PrintBusy()
        try:
            worker = self._take()
            try:
                worker.send(dict(job))
            except (OSError, ValueError):  # it died while idle: one fresh worker, once
                self._forget(worker, kill=True)
                worker = self._start()
                worker.send(dict(job))
            if not worker.poll(max(0.0, deadline - time.monotonic())):
                self._forget(worker, kill=True)
                self.stats.killed += 1
                raise PrintTimeout()
            try:
                status, payload, retire, _pid = worker.recv()
            except (EOFError, OSError) as exc:
                self._forget(worker, kill=True)
                raise PrintFailed("the render worker stopped") from exc
            if retire:
                self.stats.retired += 1
                self._forget(worker, kill=False)
            else:
                self._idle.put(worker)
            if status != "ok":
                raise PrintFailed(str(payload))
            self.stats.rendered += 1
            return bytes(payload)
        finally:
            self._slots.release()

    def close(self) -> None:
        with self._lock:
            workers, self._all = list(self._all), []
        for worker in workers:
            worker.stop()
        while not self._idle.empty():
            self._idle.get_nowait()


_pools: dict[tuple[int, int, float, int], RenderPool] = {}
_pools_lock = threading.Lock()


def pool(size: int = 1, max_jobs: int = 25, max_rss_mb: float = 600.0, waiting: int = 2) -> RenderPool:
    """This process's render pool for these settings (a new one after a fork: a pool's workers belong to the
    process that started them)."""
    key = (size, max_jobs, max_rss_mb, waiting)
    with _pools_lock:
        found = _pools.get(key)
        if found is None or found.pid != os.getpid():
            found = RenderPool(size, max_jobs, max_rss_mb, waiting)
            _pools[key] = found
        return found


# -- the cache ----------------------------------------------------------------------------------------------------


class PdfCache:
    """Finished PDFs by key: an LRU in memory, and a folder on disk shared by the server's processes.

    Both are bounded by a number of PDFs and a number of bytes; the oldest (least recently used) go first. A PDF
    larger than a tier's byte bound is not kept in that tier.
    """

    def __init__(self, folder: Path | None, max_items: int = 64, max_bytes: int = 64 * 2**20,
                 disk_items: int = 256, disk_bytes: int = 256 * 2**20) -> None:
        self.folder = folder
        self.max_items, self.max_bytes = max_items, max_bytes
        self.disk_items, self.disk_bytes = disk_items, disk_bytes
        self._memory: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    # memory
    @property
    def memory_items(self) -> int:
        return len(self._memory)

    @property
    def memory_bytes(self) -> int:
        return self._bytes

    def _remember(self, key: str, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        with self._lock:
            old = self._memory.pop(key, None)
            if old is not None:
                self._bytes -= len(old)
            self._memory[key] = data
            self._bytes += len(data)
            while self._memory and (len(self._memory) > self.max_items or self._bytes > self.max_bytes):
                _k, dropped = self._memory.popitem(last=False)
                self._bytes -= len(dropped)

    # disk
    def _path(self, key: str) -> Path | None:
        return None if self.folder is None else self.folder / f"{key}.pdf"

    def disk_usage(self) -> tuple[int, int]:
        if self.folder is None:
            return 0, 0
        files = list(self.folder.glob("*.pdf"))
        return len(files), sum(_size(f) for f in files)

    def _store(self, key: str, data: bytes) -> None:
        path = self._path(key)
        if path is None or len(data) > self.disk_bytes:
            return
        tmp = path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except OSError as exc:
            log.warning("print cache: cannot write %s: %s", path, exc)
            tmp.unlink(missing_ok=True)
            return
        self._trim_disk()

    def _trim_disk(self) -> None:
        assert self.folder is not None
        entries = []
        for f in self.folder.glob("*.pdf"):
            try:
                st = f.stat()
            except OSError:
                continue
            entries.append((st.st_mtime, st.st_size, f))
        entries.sort()
        count, total = len(entries), sum(size for _m, size, _f in entries)
        for _mtime, size, f in entries:
            if count <= self.disk_items and total <= self.disk_bytes:
                break
            f.unlink(missing_ok=True)
            count -= 1
            total -= size

    def get(self, key: str) -> bytes | None:
        with self._lock:
            data = self._memory.get(key)
            if data is not None:
                self._memory.move_to_end(key)
                return data
        path = self._path(key)
        if path is None:
            return None
        try:
            data = path.read_bytes()
            os.utime(path)  # recently used: the last to go
        except OSError:
            return None
        self._remember(key, data)
        return data

    def put(self, key: str, data: bytes) -> None:
        self._remember(key, data)
        self._store(key, data)

    def clear(self) -> None:
        with self._lock:
            self._memory.clear()
            self._bytes = 0
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder.mkdir(parents=True, exist_ok=True)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


# -- the printer: cache, then the pool ------------------------------------------------------------------------------


@cache
def _weasyprint_version() -> str:
    from importlib.metadata import version

    return version("weasyprint")


def _stylesheets_digest() -> str:
    """A digest of every printable stylesheet (they are part of what a PDF looks like)."""
    h = hashlib.sha256()
    for path in sorted(PRINTABLES.rglob("*.css")):
        try:
            st = path.stat()
        except OSError:
            continue
        h.update(_file_digest(str(path), st.st_mtime_ns, st.st_size).encode())
    return h.hexdigest()


@cache
def _file_digest(path: str, mtime_ns: int, size: int) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def cache_key(html: str, options: Mapping[str, Any]) -> str:
    h = hashlib.sha256()
    for part in (LAYOUT_VERSION, _weasyprint_version(), _stylesheets_digest(), repr(font_files()),
                 json.dumps(dict(options), sort_keys=True, default=str), html):
        h.update(part.encode())
        h.update(b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    key: str
    cached: bool
    replaced: frozenset[str] = field(default_factory=frozenset)  # characters no font had


@dataclass
class Printer:
    """What the web layer calls: ``print_html`` answers from the cache or renders in the pool."""

    cache: PdfCache
    pool: RenderPool
    time_limit: float = 20.0
    test_delay: float = 0.0  # seconds each render waits first (tests of the time limit only)

    def print_html(self, html: str, options: Mapping[str, Any], bleed: float | None = None) -> Printed:
        html, replaced = glyph_safe(html)
        if replaced:
            log.info("printing: replaced characters no font has: %s", "".join(sorted(replaced)))
        key = cache_key(html, {**options, "bleed": bleed})
        found = self.cache.get(key)
        if found is not None:
            return Printed(found, key, True, frozenset(replaced))
        job: dict[str, Any] = {"html": html, "bleed": bleed}
        if self.test_delay:
            job["delay"] = self.test_delay
        pdf = self.pool.render(job, self.time_limit)
        self.cache.put(key, pdf)
        return Printed(pdf, key, False, frozenset(replaced))


def check_fonts(texts: Iterable[str]) -> set[str]:
    """Characters among ``texts`` the PDF fonts lack (for tests and for data written into printables)."""
    missing: set[str] = set()
    for text in texts:
        missing |= uncovered(text)
    return missing


def _worker_main(argv: Sequence[str]) -> None:
    """``python -m companion.printing --worker IN_FD OUT_FD MAX_JOBS MAX_RSS_MB``: a render worker."""
    from multiprocessing.connection import Connection

    in_fd, out_fd, max_jobs, max_rss = int(argv[0]), int(argv[1]), int(argv[2]), float(argv[3])
    _serve(Connection(in_fd, writable=False), max_jobs, max_rss, Connection(out_fd, readable=False))
