"""Sister Combination's printables: the whole 144-card deck from the engine's card data.

The game has no table yet (no ``WEB`` in this package, no ``GAME`` in its engine); the print page still lists
``PRINTABLES`` (companion/web/printing/listing.py), under the names its engine package gives. The template is
printables/sc_deck.html.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from companion.games import sister_combination as sc
from companion.web.printing.documents import CARD_OPTIONS, Document, Printable, PrintOptions, by_lang, card_document

SC = "sister-combination"
PRINT_ORDER = 4  # the print page lists the games in this order


def sc_deck(options: PrintOptions) -> Document:
    title = by_lang(options.lang, sc.NAME_JA, sc.NAME_EN)
    return card_document("sc_deck.html", sc.DECK, options, title, "sister-combination-deck")


PRINTABLES: tuple[Printable, ...] = (
    Printable("sc-deck", SC, _l("The whole deck (144 cards)"),
              _l("12 sisters × 1–8, Mirror, Pass, Stack 2 and S.P., coloured by element; every S.P. card carries "
                 "its sister's effect (SC-0, SC-1)."),
              CARD_OPTIONS, sc_deck),
)
