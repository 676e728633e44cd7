"""Printables as HTML (Jinja, in the chosen language) and as PDFs (companion.printing: cache, pool, time limit).

The printables' templates live in printables/ beside their stylesheets; they are rendered by an overlay of the
app's Jinja environment (same gettext, filters and globals) that loads from that folder only, so their names
never collide with the web pages' templates.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask, current_app
from flask_babel import force_locale
from jinja2 import Environment, FileSystemLoader

from ...printing.cache import PdfCache
from ...printing.geometry import mm
from ...printing.pool import pool as render_pool
from ...printing.printer import Printed, Printer
from ...printing.render import PRINTABLES

EXTENSION = "companion_printing"
WARM_SECONDS = 10.0  # a server process waits this long at most for its render process as it starts


@dataclass(frozen=True)
class Document:
    """A printable ready to render: its template in printables/, its context and stylesheets."""

    template: str
    title: str
    filename: str  # without ".pdf"
    stylesheets: tuple[str, ...]
    context: dict[str, Any] = field(default_factory=dict)
    bleed: float | None = None  # mm of bleed (print-shop pages): the PDF's BleedBox is set to it
    # What the HTML depends on besides the options and the templates (a profile's digest, a table's version);
    # "" for documents made of the options alone, None to render the HTML every time.
    fingerprint: str | None = ""


def environment(app: Flask) -> Environment:
    state = app.extensions[EXTENSION]
    env: Environment | None = state.get("env")
    if env is None:
        # trim_blocks/lstrip_blocks: fewer whitespace text nodes for WeasyPrint to lay out
        env = app.jinja_env.overlay(loader=FileSystemLoader(str(PRINTABLES)), trim_blocks=True,
                                    lstrip_blocks=True)
        env.globals.update(mm=mm)
        state["env"] = env
    return env


def html_of(document: Document, lang: str) -> str:
    env = environment(current_app._get_current_object())  # type: ignore[attr-defined]
    template = env.get_template(document.template)
    with force_locale(lang):
        return template.render(title=document.title, lang=lang, stylesheets=document.stylesheets,
                               **document.context)


def printer(app: Flask) -> Printer:
    state = app.extensions[EXTENSION]
    found: Printer | None = state.get("printer")
    if found is None:
        config = app.config
        folder = config.get("PRINT_CACHE_DIR")
        cache = PdfCache(
            Path(folder) if folder else Path(app.instance_path) / "print-cache",
            max_items=int(config["PRINT_CACHE_ITEMS"]), max_bytes=int(config["PRINT_CACHE_BYTES"]),
            disk_items=int(config["PRINT_DISK_CACHE_ITEMS"]), disk_bytes=int(config["PRINT_DISK_CACHE_BYTES"]),
        )
        # the result cards' PNGs beside them, in a folder of their own, with the same bounds
        cards = PdfCache(cache.folder / "cards" if cache.folder is not None else None,
                         max_items=cache.max_items, max_bytes=cache.max_bytes, disk_items=cache.disk_items,
                         disk_bytes=cache.disk_bytes, suffix=".png")
        pool = render_pool(int(config["PRINT_WORKERS"]), int(config["PRINT_WORKER_JOBS"]),
                             float(config["PRINT_WORKER_MEMORY_MB"]), int(config["PRINT_QUEUE"]))
        found = Printer(cache, pool, float(config["PRINT_TIME_LIMIT"]), float(config.get("PRINT_TEST_DELAY", 0)),
                        cards)
        state["printer"] = found
    return found


def warm_at_start(app: object) -> None:
    """As a server process starts (gunicorn's ``post_worker_init``, before it takes connections): its render process
    loads WeasyPrint and the fonts (about a second), and the server process waits for that, at most
    ``WARM_SECONDS``, unless PRINT_WARM is off. So a PDF not printed ahead, asked for as soon as the server answers,
    waits only for its own render: the 144-card deck took 2.6 s then (the render process loading, the load of the
    start in it), 1.1 s later on."""
    if isinstance(app, Flask) and EXTENSION in app.extensions and app.config.get("PRINT_WARM", True):
        printer(app).pool.ready(WARM_SECONDS)


def _templates_digest() -> str:
    """Changes whenever a printable template changes (the stylesheets are in the PDF cache key already)."""
    h = hashlib.sha256()
    for path in sorted(PRINTABLES.rglob("*.html")):  # each game's templates live in printables/<game>/
        try:
            st = path.stat()
        except OSError:
            continue
        h.update(f"{path.relative_to(PRINTABLES)}:{st.st_mtime_ns}:{st.st_size};".encode())
    return h.hexdigest()


class _Memo:
    """Rendered-HTML shortcut: (document inputs) -> the PDF cache key its HTML had. A repeat print of unchanged
    content then skips the template as well as WeasyPrint. Bounded; per process."""

    def __init__(self, size: int = 128) -> None:
        self.size = size
        self._keys: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            found = self._keys.get(key)
            if found is not None:
                self._keys.move_to_end(key)
            return found

    def put(self, key: str, value: str) -> None:
        with self._lock:
            self._keys[key] = value
            self._keys.move_to_end(key)
            while len(self._keys) > self.size:
                self._keys.popitem(last=False)


def pdf_of(document: Document, lang: str, options: dict[str, Any]) -> Printed:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    the_printer = printer(app)
    options = {**options, "template": document.template}
    memo: _Memo = app.extensions[EXTENSION].setdefault("memo", _Memo())
    memo_key = None
    if document.fingerprint is not None:
        # The document's file name and stylesheets too: two printables may share a template, data and options
        # and differ only there (a game's rules on A4 and as an A5 booklet), and must never share a PDF.
        memo_key = hashlib.sha256(json.dumps(
            [document.template, document.filename, document.stylesheets, document.fingerprint, lang,
             document.bleed, options, _templates_digest()],
            sort_keys=True, default=str).encode()).hexdigest()
        known = memo.get(memo_key)
        if known is not None:
            found = the_printer.cache.get(known)
            if found is not None:
                return Printed(found, known, True)
    printed = the_printer.print_html(html_of(document, lang), options, bleed=document.bleed)
    if memo_key is not None:
        memo.put(memo_key, printed.key)
    return printed
