"""The context every card document shares: its pages (home sheets or print-shop pages) and their geometry."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...markers import codes, ids
from ...printing.geometry import (
    BLEED,
    GUIDE_GAP,
    GUIDE_LENGTH,
    Placed,
    SheetPage,
    ShopGeometry,
    paginate,
    sheet_layout,
    shop_pages,
)
from .options import PrintOptions


@dataclass(frozen=True)
class OffsetText:
    dx: str
    dy: str


def signed(value: float) -> str:
    return "0" if value == 0 else f"{value:+g}".replace("-", "−")


MARKER_INSET = 3.5  # mm from a card's edges to its markers' quiet zones (top right and bottom left)


def marker_data(marker: int, bleed: float = 0.0) -> str:
    """A slot's ``data-marker``: the marker the renderer draws in its card's corners (companion/printing/marks.py):
    its id, inset and side in mm, and its cells as 64 bits."""
    bits = "".join("1" if black else "0" for row in codes.cells(marker) for black in row)
    return f"{marker} {MARKER_INSET + bleed:g} {codes.SIZE_MM:g} {int(bits, 2):016x}"


def markers_of(slug: str, notations: Sequence[str]) -> list[int]:
    """The marker of each card (its notation), a card named again being its next copy (ids.py)."""
    count: Counter[str] = Counter()
    markers = []
    for card in notations:
        count[card] += 1
        markers.append(ids.marker_of(slug, card, count[card]))
    return markers


def _page_marks(pages: Sequence[SheetPage[Any]], markers: Sequence[int]) -> list[list[int | None]]:
    """For each page, the marker of each of its cards (None on backs, or with no ``markers``)."""
    marks: list[list[int | None]] = []
    taken = 0
    for page in pages:
        if page.side == "front" and markers:
            marks.append(list(markers[taken:taken + len(page.cards)]))
            taken += len(page.cards)
        else:
            marks.append([None] * len(page.cards))
    return marks


def card_sheet_context(items: Sequence[Any], options: PrintOptions, two_sided: bool = False,
                       markers: Sequence[int] = ()) -> dict[str, Any]:
    """``pages`` (each with ``side``, ``sheet`` and ``cards`` of ``Placed(slot, item)``) plus the geometry the
    template writes into its style block. ``two_sided`` documents (a card whose back is a second face) always
    print their backs. ``markers`` (one per item, markers_of) are printed on the fronts: ``page_marks``."""
    backs = options.backs or two_sided
    context: dict[str, Any] = {
        "paper": options.paper, "card": options.size, "offset": options.offset,
        "offset_text": OffsetText(signed(options.offset.dx), signed(options.offset.dy)),
        "guide_gap": GUIDE_GAP, "guide_length": GUIDE_LENGTH,
    }
    if options.shop:
        pages: list[SheetPage[Any]] = [
            SheetPage(side, number, (Placed(None, item),))  # type: ignore[arg-type]
            for number, (side, item) in enumerate(shop_pages(items, backs), start=1)
        ]
        context.update(shop=ShopGeometry(options.size), pages=pages, sheets=len(items), layout=None, back_slots=())
    else:
        layout = sheet_layout(options.paper, options.size)
        pages = paginate(items, layout, backs, options.offset)
        context.update(shop=None, pages=pages, layout=layout, sheets=(len(items) + layout.per_page - 1) // layout.per_page,
                       back_slots=tuple(layout.back_of(i, options.offset) for i in range(layout.per_page)))
    bleed = BLEED if options.shop else 0.0
    context.update(page_marks=_page_marks(pages, markers), marker_data=lambda marker: marker_data(marker, bleed))
    return context


def bleed_for(options: PrintOptions) -> float | None:
    return BLEED if options.shop else None
