"""How Sister Combination's ids read on a page: cards, sisters, colours, seats, directions, in the current language.

The engine speaks in ids (``marie:7``, ``red``, seat ``0``, direction ``-1``); a player reads 鞠絵 7 / Marie 7,
赤 / red, the seat's name (or "Player 1" where no table gives names: seats are shown from 1), 反時計回り /
counter-clockwise. In the referee API's messages seats stay as the API writes them (0-based), so a message
matches the request it explains.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from flask import has_request_context, request
from flask_babel import get_locale, pgettext
from flask_babel import gettext as _

from companion.games.base import ParseError, Reason, RulesError
from companion.games.sister_combination import SISTERS, SYMBOLS, Card, Element, Sister, Symbol, parse_card, parse_colour
from companion.web.messages import explain

# The seat names of the table whose page, history or summary is being put into words (None: no table, so
# "Player 2" on a page, "seat 1" in an API message). Set by ``table_labels`` around building a model.
_TABLE_SEATS: ContextVar[tuple[str, ...] | None] = ContextVar("sc_table_seats", default=None)

NONE = "—"


def lang() -> str:
    return str(get_locale() or "en")


def in_api() -> bool:
    """An API message keeps the API's numbers. Inside ``table_labels`` it is a page, whatever the request."""
    if _TABLE_SEATS.get() is not None:
        return False
    return has_request_context() and request.path.startswith("/api/")


@contextmanager
def table_labels(names: Sequence[str]) -> Iterator[None]:
    """Within the block, seats are called by these names (a table's model, history line or summary)."""
    token = _TABLE_SEATS.set(tuple(names))
    try:
        yield
    finally:
        _TABLE_SEATS.reset(token)


def seat_label(seat: int | str | None) -> str:
    """A seat by its name at a table, "Player 2" elsewhere (from 1), "seat 1" in an API message (0-based)."""
    if seat is None or str(seat) in ("None", "", NONE):
        return NONE
    try:
        number = int(seat)
    except (TypeError, ValueError):
        return str(seat)
    if in_api():
        return _("seat %(n)s", n=number)
    names = _TABLE_SEATS.get() or ()
    if 0 <= number < len(names):
        return names[number]
    return _("Player %(n)s", n=number + 1)


def sister_name(sister: Sister) -> str:
    """鞠絵 in Japanese (the name as written), Marie in English."""
    return sister.name_ja if lang() == "ja" else sister.name_en


def sister_full(sister: Sister) -> str:
    """The name with its reading: 鞠絵（まりえ） / Marie (鞠絵)."""
    return f"{sister.name_ja}（{sister.reading}）" if lang() == "ja" else f"{sister.name_en} ({sister.name_ja})"


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
    return element.colour_ja if lang() == "ja" else element.colour_en


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
    if lang() == "ja":
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


@dataclass(frozen=True)
class Line:
    """One checked condition or one thing an effect did, as a page shows it: the sentence and its ruling."""

    code: str
    text: str
    rule: str
    ok: bool


def line(reason: Reason | RulesError) -> Line:
    ok = reason.ok if isinstance(reason, Reason) else False
    return Line(reason.code, explain(reason), reason.rule, ok)


def lines(reasons: Iterable[Reason | RulesError]) -> tuple[Line, ...]:
    return tuple(line(r) for r in reasons)
