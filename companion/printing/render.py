"""WeasyPrint: one printable's HTML -> PDF bytes, in the calling process (the render workers call it; see
pool.py). Documents load nothing but the printables' own files and the fonts (the URL fetcher), and
print-shop pages get an exact BleedBox. A card sheet's cards are laid out once each and drawn where they go
(faces.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .faces import has_faces, place_faces
from .fonts import font_face_css, font_files
from .geometry import PT_PER_MM

ROOT = Path(__file__).resolve().parents[2]
PRINTABLES = ROOT / "printables"  # the printables' templates, stylesheets and icons


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
    from weasyprint.urls import URLFetcher  # type: ignore[import-untyped]

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
        import pydyf  # type: ignore[import-untyped]

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
    from weasyprint import CSS, HTML  # type: ignore[import-untyped]
    from weasyprint.text.fonts import FontConfiguration  # type: ignore[import-untyped]

    font_config = FontConfiguration()
    fetcher = _url_fetcher()
    fonts = CSS(string=font_face_css(), font_config=font_config, url_fetcher=fetcher)
    document = HTML(string=html, base_url=str(PRINTABLES) + "/", url_fetcher=fetcher)
    finishers = ([place_faces] if has_faces(html) else []) + ([_set_bleed_boxes(bleed)] if bleed else [])

    def finish(document: Any, pdf: Any) -> None:
        for finisher in finishers:
            finisher(document, pdf)

    return document.write_pdf(stylesheets=[fonts], font_config=font_config,  # type: ignore[no-any-return]
                              finisher=finish if finishers else None, uncompressed_pdf=False)
