"""Printables: the print page and the PDF routes (blueprint "printing").

    GET  /print                     every printable with its options; each form opens its PDF
    GET  /print/<id>.pdf            a card sheet, play aid, mat or pad (options in the query string)
    POST /print/offset              remember this phone's back-side offset (read off the calibration page)
    GET  /print/summary             a pasted table link -> that table's summary PDF
    GET  /t/<token>/summary.pdf     a table's score summary (endpoint printing.table_summary)
    GET  /w/<token>/summary.pdf     the same from the read-only link (printing.watch_summary)
    GET  /t/<token>/result.png      a finished table's result card to share (printing.table_result; 409 before)
    GET  /w/<token>/result.png      the same from the read-only link (printing.watch_result)

``init_app(app)`` registers the blueprint (once) and the print settings' defaults.
"""

from __future__ import annotations

from flask import Flask

from .render import EXTENSION
from .routes import bp

DEFAULTS = {
    "PRINT_TIME_LIMIT": 20.0,  # seconds a PDF may take before the page says so (the render is stopped)
    "PRINT_WORKERS": 1,  # render processes per server process
    # a server process under gunicorn waits for its render process to load WeasyPrint as it starts (gunicorn.conf.py),
    # so the first PDF asked for after a start does not wait for it; False: the first print starts it (the tests)
    "PRINT_WARM": True,
    "PRINT_QUEUE": 2,  # prints that may wait for a busy render process; more are told "busy" at once
    "PRINT_WORKER_JOBS": 25,  # a render process retires after this many PDFs ...
    "PRINT_WORKER_MEMORY_MB": 600,  # ... or once it uses more memory than this
    "PRINT_CACHE_ITEMS": 48,  # PDFs kept in memory per server process
    "PRINT_CACHE_BYTES": 48 * 2**20,
    "PRINT_DISK_CACHE_ITEMS": 400,  # PDFs kept on disk (instance/print-cache), shared by the processes
    "PRINT_DISK_CACHE_BYTES": 400 * 2**20,
    "PRINT_CACHE_DIR": "",  # default: <instance>/print-cache
}


def init_app(app: Flask) -> None:
    """Register the printing blueprint and its settings; calling it again does nothing."""
    if "printing" in app.blueprints:
        return
    for key, value in DEFAULTS.items():
        app.config.setdefault(key, value)
    app.extensions.setdefault(EXTENSION, {})

    app.register_blueprint(bp)
