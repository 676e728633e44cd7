"""Reading the PDFs back: page sizes, drawn card rectangles, lines and text, in millimetres."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import pdfplumber
import pypdf

PT = 25.4 / 72  # mm per point


def mm(points: float) -> float:
    return points * PT


@dataclass(frozen=True)
class Rect:
    x: float  # mm from the page's left edge (of the MediaBox)
    y: float  # mm from the top
    w: float
    h: float
    fill: Any = None  # the fill colour
    filled: bool = True  # a filled area (a background), not only a stroked outline

    def near(self, w: float, h: float, tol: float = 0.3) -> bool:
        return abs(self.w - w) <= tol and abs(self.h - h) <= tol


def open_pdf(data: bytes) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(data))


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def page_size_mm(page: Any) -> tuple[float, float]:
    return mm(float(page.width)), mm(float(page.height))


def _origin(page: Any) -> tuple[float, float]:
    """pdfplumber measures from the PDF's origin; a page whose MediaBox does not start at 0 (print-shop pages,
    with the trim at the origin) is measured here from the MediaBox's top-left corner."""
    return float(page.bbox[0]), float(page.bbox[1])


def rects(page: Any) -> list[Rect]:
    """Every drawn rectangle (filled or stroked) on a pdfplumber page."""
    ox, oy = _origin(page)
    out = []
    for r in page.rects:
        out.append(Rect(mm(r["x0"] - ox), mm(r["top"] - oy), mm(r["width"]), mm(r["height"]),
                        r.get("non_stroking_color"), bool(r.get("fill"))))
    return out


def cards_on(page: Any, w: float = 63.0, h: float = 88.0, tol: float = 0.3) -> list[Rect]:
    """The card-sized rectangles, top to bottom then left to right."""
    found = [r for r in rects(page) if r.near(w, h, tol)]
    return sorted(found, key=lambda r: (round(r.y, 1), round(r.x, 1)))


def lines(page: Any) -> list[tuple[float, float, float, float]]:
    """Straight lines as (x0, top, x1, bottom) in mm."""
    ox, oy = _origin(page)
    return [(mm(ln["x0"] - ox), mm(ln["top"] - oy), mm(ln["x1"] - ox), mm(ln["bottom"] - oy)) for ln in page.lines]


def text(page: Any) -> str:
    return page.extract_text() or ""


def all_text(pdf: Any) -> str:
    return "\n".join(text(p) for p in pdf.pages)


def box_mm(box: Any) -> tuple[float, float, float, float]:
    """A pypdf box as (left, bottom, width, height) in mm."""
    left, bottom, right, top = (float(v) for v in (box.left, box.bottom, box.right, box.top))
    return mm(left), mm(bottom), mm(right - left), mm(top - bottom)
