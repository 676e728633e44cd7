"""Sticker sheets of card markers: ``/print/<prefix>-stickers.pdf``, one per game with markers (companion/markers).

One marker per physical card of the game (ids.deck: two copies of a card are two markers), each in a
``LABEL`` mm circle (a round label, or a square one of the same side) with the card's name, its notation and its
copy beside it, so a group marks its own deck once and a photo of the cards reads them (POST /api/v1/<slug>/scan).
The markers are vector art (codes.svg). listing.py adds the printable to every game whose cards have markers.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext as _l

from ...markers import codes, ids
from .documents import Document, Printable, PrintOptions, by_lang, digest

LABEL = 20.0  # mm: the label a marker goes on (round, or square of this side)
CELL_W = 46.0  # mm: a label and the words beside it
CELL_H = 24.0
MARGIN_X = 10.0
MARGIN_TOP = 16.0  # the title above the grid
MARGIN_BOTTOM = 16.0  # the footer below it


@dataclass(frozen=True)
class Sticker:
    x: float  # mm from the page's left edge
    y: float
    marker: Markup
    name: str
    card: str
    copy: str  # "2 / 20", or "" for a card with one copy


def _pages(slug: str, options: PrintOptions) -> list[list[Sticker]]:
    paper = options.paper
    cols = int((paper.width - 2 * MARGIN_X) // CELL_W)
    rows = int((paper.height - MARGIN_TOP - MARGIN_BOTTOM) // CELL_H)
    left = (paper.width - cols * CELL_W) / 2
    pages: list[list[Sticker]] = []
    for index, card in enumerate(ids.deck(slug)):
        at = index % (cols * rows)
        if at == 0:
            pages.append([])
        row, col = divmod(at, cols)
        pages[-1].append(Sticker(
            left + col * CELL_W, MARGIN_TOP + row * CELL_H, codes.svg(card.id, css_class="marker"),
            by_lang(options.lang, card.name_ja, card.name_en), card.card,
            f"{card.copy} / {card.copies}" if card.copies > 1 else ""))
    return pages


def sticker_sheet(slug: str, name_ja: str, name_en: str, options: PrintOptions) -> Document:
    pages = _pages(slug, options)
    game = by_lang(options.lang, name_ja, name_en)
    title = _("%(game)s: card stickers", game=game)
    count = len(ids.deck(slug))
    footer = _("%(n)s markers (%(family)s, %(marker)s mm) in %(label)s mm circles: for %(label)s mm round or "
               "square labels, or plain paper cut out and glued. Print at 100 %% (actual size).",
               n=count, family=codes.FAMILY_NAME, marker=format(codes.SIZE_MM, "g"), label=format(LABEL, "g"))
    context = {"paper": options.paper, "pages": pages, "game": game, "footer": footer, "count": count,
               "label": LABEL, "cell_w": CELL_W, "cell_h": CELL_H, "outer": codes.outer_mm(),
               "bottom": MARGIN_BOTTOM}
    return Document("stickers.html", title, f"{slug}-stickers-{options.paper.key}", ("stickers.css",), context,
                    fingerprint=digest({"slug": slug, "cards": [(c.id, c.card, c.copy) for c in ids.deck(slug)],
                                        "lang": options.lang}))


def sticker_printable(slug: str, prefix: str, name_ja: str, name_en: str) -> Printable:
    """The print page's entry for a game's sticker sheet (``<prefix>-stickers``)."""

    def build(options: PrintOptions) -> Document:
        return sticker_sheet(slug, name_ja, name_en, options)

    return Printable(f"{prefix}-stickers", slug, _l("Card stickers (markers)"),
                     _l("One marker for each physical card, its name and notation beside it: stick each on its card "
                        "or sleeve once, and a photo of the cards then enters them for you."),
                     ("paper", "lang"), build)


def has_stickers(slug: str) -> bool:
    return slug in ids.games()
