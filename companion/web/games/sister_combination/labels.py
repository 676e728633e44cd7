"""How Sister Combination's ids read on a page: cards, sisters, colours, seats, directions, in the current language.

The engine speaks in ids (``marie:7``, ``red``, seat ``0``, direction ``-1``); a player reads 鞠絵 7 / Marie 7,
赤 / red, 反時計回り / counter-clockwise. Seats are the platform's: whoever words a page builds a
``companion.web.wording.Wording`` (the table's names, "Player 2" on the check page, "seat 1" in the API) and
passes it to ``companion.web.reasons.reason_views`` and ``Wording.seat``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.games.base import ParseError
from companion.games.sister_combination import SISTERS, SYMBOLS, Card, Element, Sister, Symbol, parse_card, parse_colour
from companion.i18n import gettext as _
from companion.i18n import language, pgettext
from companion.web.wording import NONE


def sister_name(sister: Sister) -> str:
    """鞠絵 in Japanese (the name as written), Marie in English."""
    return sister.name_ja if language() == "ja" else sister.name_en


def sister_full(sister: Sister) -> str:
    """The name with its reading: 鞠絵（まりえ） / Marie (鞠絵)."""
    return f"{sister.name_ja}（{sister.reading}）" if language() == "ja" else f"{sister.name_en} ({sister.name_ja})"


def symbol_label(symbol: Symbol) -> str:
    return symbol.label


def card_name(card: Card | str | None) -> str:
    """鞠絵 7 / Marie 7, 可憐 Mirror / Karen Mirror; an id that is no card stays as it was written."""
    if card is None or str(card) in ("None", ""):
        return NONE
    if isinstance(card, str):
        try:
            known = parse_card(card)
        except ParseError:
            return card
    else:
        known = card
    return f"{sister_name(known.sister)} {known.symbol.label}"


def colour_label(colour: Element | str | None) -> str:
    """赤 / red (the colour words of the API and the state JSON, or an Element)."""
    if colour is None or str(colour) in ("None", "", NONE):
        return NONE
    if isinstance(colour, Element):
        element = colour
    else:
        try:
            element = parse_colour(colour)
        except ParseError:
            return str(colour)
    return element.colour_ja if language() == "ja" else element.colour_en


def colour_words() -> dict[str, str]:
    """colour word -> its name now (red -> 赤)."""
    return {str(e.colour_en): colour_label(e) for e in Element}


def direction_label(direction: int | str) -> str:
    try:
        value = int(direction)
    except (TypeError, ValueError):
        return str(direction)
    return pgettext("sister_combination", "clockwise") if value == 1 else \
        pgettext("sister_combination", "counter-clockwise")


def direction_arrow(direction: int) -> str:
    return "↻" if direction == 1 else "↺"


def end_label(end: str) -> str:
    return {"first_out": _("until the first player is out"),
            "last_one": _("until one player remains")}.get(end, end)


def place_label(place: int | str) -> str:
    try:
        number = int(place)
    except (TypeError, ValueError):
        return str(place)
    if language() == "ja":
        return f"{number}位"
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def sisters_by_colour() -> tuple[tuple[Element, tuple[Sister, ...]], ...]:
    """The twelve sisters grouped by colour (SC-0 order), for the card pickers."""
    return tuple((e, tuple(s for s in SISTERS if s.element is e)) for e in Element)


@dataclass(frozen=True)
class SisterChip:
    key: str
    name: str
    reading: str
    css: str  # the element: the chip's colour
    seen: str  # her symbols already on the discard pile, as a player reads them


def sister_groups(seen: Iterable[Card] = ()) -> tuple[tuple[str, str, tuple[SisterChip, ...]], ...]:
    """(element, colour name, the sisters' chips) per colour, for the card pickers (SC-0: 12 × 12 cards)."""
    gone = set(seen)
    groups = []
    for element, sisters in sisters_by_colour():
        chips = tuple(SisterChip(s.key, sister_name(s), s.reading, element.value,
                                 " ".join(sym.label for sym in SYMBOLS if Card(s, sym) in gone)) for s in sisters)
        groups.append((element.value, colour_label(element), chips))
    return tuple(groups)


def symbol_choices() -> tuple[tuple[str, str], ...]:
    return tuple((str(s), s.label) for s in SYMBOLS)


def colour_choices() -> tuple[tuple[str, str, str], ...]:
    """(colour word, its name now, css) for the colour chips (SC-0 order)."""
    return tuple((e.colour_en, colour_label(e), e.value) for e in Element)
