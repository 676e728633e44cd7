"""HTML -> PDF with WeasyPrint, and the result card -> PNG with Pillow, one module per job (no Flask here, so the
render worker stays small and the geometry is testable on its own):

    geometry.py  millimetres: papers, card sizes, the home sheet layout and its pagination (backs mirrored for
                 long-edge duplex, moved by the calibration offset), print-shop pages (bleed, crop marks), mm()
    fonts.py     the font stack (IPAexGothic, Noto Sans CJK JP, DejaVu Sans), fc-match, coverage, glyph_safe
                 (a missing character becomes its standard form, 姊 -> 姉, or "?"), check_fonts, FontMissing
    render.py    WeasyPrint in this process: render_pdf, the URL fetcher (printables/ and the fonts only), the
                 bleed boxes; PRINTABLES, the printables' folder
    pool.py      the render worker processes and RenderPool (time limit, retiring workers), pool(), and the
                 errors PrintTimeout, PrintBusy, PrintFailed
    cache.py     PdfCache (memory and disk, bounded) and cache_key
    printer.py   Printer: glyph_safe, then the cache, then the pool; Printed; print_card, CardImage
    card.py      a finished table's result card as data (ResultCard, CardRow), its JSON and card_key
    card_layout.py  where the card's texts and shapes go (wrapping, "…"), measured by the fonts given: pure
    card_draw.py    the card drawn with Pillow (a font per character, as the PDFs' glyph_safe) -> PNG bytes
    __main__.py  ``python -m companion.printing --worker ...``: a render worker (started by pool.py)

Imports run one way: geometry and fonts import nothing of the package; render, card and card_layout import them;
card_draw imports card and card_layout; pool and cache import render (pool card_draw too); printer imports
cache, card and pool. Import from the module that defines a name.
"""
