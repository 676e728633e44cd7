"""Cards on a page: how the card picker's fields read back as a CardRef, how a card is drawn (rank and element
icons), and the compact notation the forms and links carry.

The picker (templates/planetary_sisters/_macros.html) is a grid of the 36 ranks and, per element of the deck
profile, its icon count: round elements by count (0–5), pointed and crown elements as toggles. Names and
classes come from the profile (PS-1), never from this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from companion.games.base import ErrorList, ParseError, RulesError
from companion.games.planetary_sisters import Card, CardRef, DeckProfile, ElementClass
from companion.games.planetary_sisters.cards import RANKS, Elements, elements_of
from companion.inputs import notation_as_typed, whole_number

ROUND_COUNTS = (0, 1, 2, 3, 4, 5)  # icons of one round element on one card (§3.1: "数字で書かれています")
MAX_COUNT = 9
SEP = ","  # between cards in a form field or a link (element names never hold a comma, PS-1)
NOTATION_SEPARATORS = SEP + ":*+"  # what cuts the card notation into its ranks, names and counts


@dataclass(frozen=True)
class ElementInfo:
    name: str
    klass: str  # round / pointed / crown
    css: str  # el-round-0 … el-crown-4: the element's colour by its place in its class


@dataclass(frozen=True)
class DeckInfo:
    """What the pages need to know of a deck profile."""

    elements: tuple[ElementInfo, ...]
    known: Mapping[int, Card]  # rank -> card, for the ranks whose elements the profile knows
    # elements -> (name, count, css, class) per icon, for every card a page draws (``drawing``)
    drawn: Mapping[Elements, tuple[tuple[str, int, str, str], ...]] = field(default_factory=dict)
    # the cards the profile knows by their icons alone, with how many of the deck carry each set (meta.unranked)
    unranked: tuple[tuple[Elements, int], ...] = ()

    def of_class(self, klass: str) -> tuple[ElementInfo, ...]:
        return tuple(e for e in self.elements if e.klass == klass)

    @property
    def round(self) -> tuple[ElementInfo, ...]:
        return self.of_class("round")

    @property
    def toggles(self) -> tuple[ElementInfo, ...]:
        """Pointed then crown elements: a card carries one of them at most once (PS-2)."""
        return self.of_class("pointed") + self.of_class("crown")

    def css(self, name: str) -> str:
        for element in self.elements:
            if element.name == name:
                return element.css
        return "el-unknown"

    def klass(self, name: str) -> str:
        for element in self.elements:
            if element.name == name:
                return element.klass
        return ""


# The colours the style sheet has per class (el-round-0 … el-crown-4). A profile may have more types in a class
# than the default's guessed split (PS-1): they reuse its colours in turn; the icon's name tells them apart.
PALETTE = {"round": 3, "pointed": 4, "crown": 5}


def deck_info(deck: DeckProfile) -> DeckInfo:
    infos = []
    for klass in ElementClass:
        for index, name in enumerate(deck.elements.of_class(klass)):
            infos.append(ElementInfo(name, klass.value, f"el-{klass.value}-{index % PALETTE[klass.value]}"))
    order = {name: i for i, name in enumerate(deck.elements.names)}
    infos.sort(key=lambda e: order[e.name])
    known = {c.rank: c for c in deck.cards if c.rank is not None}
    unranked = tuple(sorted(deck.unranked, key=lambda item: _icon_order(item[0], order)))
    info = DeckInfo(tuple(infos), known, unranked=unranked)
    return drawing(info, [*known.values(), *(Card(elements, None) for elements, _n in deck.unranked)])


def _icon_order(elements: Elements, order: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    """Sets of icons in the profile's element order (FOOD before PLANT…, fewer icons first): a player finds the
    one in their hand where the picker's rows would put it."""
    return tuple(sorted((order.get(name, 99), count) for name, count in elements))


def drawing(info: DeckInfo, cards: Iterable[Card | CardRef]) -> DeckInfo:
    """``info`` able to draw these cards too: their icons worked out now, so a template only looks them up
    (``info.drawn[card.elements]``)."""
    drawn = dict(info.drawn)
    for card in cards:
        elements = card.elements or ()
        if elements not in drawn:
            drawn[elements] = tuple(icons(card, info))
    return replace(info, drawn=MappingProxyType(drawn))


def icons(card: Card | CardRef, info: DeckInfo) -> list[tuple[str, int, str, str]]:
    """(name, count, css class, element class) per element of a card, in the profile's order."""
    elements = card.elements or ()
    order = {e.name: i for i, e in enumerate(info.elements)}
    listed = sorted(elements, key=lambda item: order.get(item[0], 99))
    return [(name, count, info.css(name), info.klass(name)) for name, count in listed]


def compact(card: Card, info: DeckInfo) -> str:
    """The notation a form or link carries: the rank alone when the profile knows that card as it is."""
    if card.rank is not None and info.known.get(card.rank) == card:
        return str(card.rank)
    return str(card)


def join(cards: Iterable[Card], info: DeckInfo) -> str:
    return SEP.join(compact(card, info) for card in cards)


def split(text: str | None, path: str = "") -> tuple[list[CardRef], list[RulesError]]:
    """``30,FOOD*2+PLANT,12:POLE+FOOD`` -> the refs that parse, and the problems with the others. Ranks and
    counts may be typed in full width (「３０,１２」): they are read as ASCII before the engine's notation reads
    them; element names are kept exactly as typed."""
    refs: list[CardRef] = []
    errors: list[RulesError] = []
    typed = notation_as_typed(text or "", NOTATION_SEPARATORS)
    for index, word in enumerate(w.strip() for w in typed.split(SEP)):
        if not word:
            continue
        try:
            refs.append(CardRef.parse(word))
        except RulesError as bad:
            errors.append(ParseError(bad.code, bad.rule, f"{path}[{index}]", **bad.params))
    return refs, errors


def parse_rank(value: str | None) -> int | None:
    text = (value or "").strip()
    if not text:
        return None
    rank = whole_number(text, min(RANKS), max(RANKS))
    if rank is None or rank not in RANKS:
        raise ParseError("ps.form.rank", "PS-2", "rank", value=text[:20])
    return rank


def picker_ref(form: Mapping[str, str], prefix: str, info: DeckInfo) -> CardRef | None:
    """The card a picker names: its rank (tapped in the grid, or the rank button pressed) and its element
    icons; None when nothing was tapped. Raises ErrorList for a rank or count that cannot be read."""
    errors: list[RulesError] = []
    rank = None
    try:
        rank = parse_rank(form.get(f"{prefix}add_rank") or form.get(f"{prefix}rank"))
    except ParseError as bad:
        errors.append(bad)
    counts: dict[str, int] = {}
    for element in info.elements:
        raw = (form.get(f"{prefix}el_{element.name}") or "").strip()
        if not raw:
            continue
        count = whole_number(raw, 0, MAX_COUNT)
        if count is None:
            errors.append(ParseError("ps.form.count", "§3.1", f"elements.{element.name}", element=element.name,
                                     value=raw[:20]))
            continue
        if count:  # 0 icons ("0", 「０」) is no element on the card
            counts[element.name] = count
    if errors:
        raise ErrorList(errors)
    if rank is None and not counts:
        return None
    return CardRef(rank, elements_of(counts) if counts else None)


def picker_values(ref: CardRef | None, prefix: str) -> dict[str, str]:
    """The picker's fields for a card (to show a refused card again, or a card being edited)."""
    if ref is None:
        return {}
    values = {f"{prefix}rank": str(ref.rank)} if ref.rank is not None else {}
    for name, count in ref.elements or ():
        values[f"{prefix}el_{name}"] = str(count)
    return values


def used_ranks(cards: Sequence[Card]) -> set[int]:
    return {c.rank for c in cards if c.rank is not None}
