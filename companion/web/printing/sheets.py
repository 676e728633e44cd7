"""The context every card document shares: its pages (home sheets or print-shop pages) and their geometry."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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


def card_sheet_context(items: Sequence[Any], options: PrintOptions, two_sided: bool = False) -> dict[str, Any]:
    """``pages`` (each with ``side``, ``sheet`` and ``cards`` of ``Placed(slot, item)``) plus the geometry the
    template writes into its style block. ``two_sided`` documents (a card whose back is a second face) always
    print their backs."""
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
    return context


def bleed_for(options: PrintOptions) -> float | None:
    return BLEED if options.shop else None
