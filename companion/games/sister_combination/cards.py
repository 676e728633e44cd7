"""The 144 cards of Sister Combination (SC-0, SC-1; rule text <デッキの内容> and <各カードの効果一覧>).

Twelve sisters, grouped by the element of their birthday's star sign into four colours; each sister has one
card of each of the twelve symbols (1–8, Mirror, Pass, Stack 2, S.P.): 12 × 12 = 144 cards.

Card notation (round-trips, ``parse_card(str(c)) == c``): ``<sister>:<symbol>`` with the sister's romanised
key and the symbol's token, e.g. ``marie:7``, ``karen:mirror``, ``mamoru:sp``.

The S.P. effects are the rule text's own words (「S.P.カードに記載するテキストの複写」), with the unnamed
line "スタックに4枚追加。" given to 衛 (SC-1). ``effect_en`` is a translation for English prints, not card data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType

from ..base import ParseError


class Element(Enum):
    """SC-0: the four colours, each the element of three sisters' star signs (rule text <デッキの内容>)."""

    FIRE = "fire"
    EARTH = "earth"
    AIR = "air"
    WATER = "water"

    def __str__(self) -> str:
        return self.value

    @property
    def colour_ja(self) -> str:
        return _COLOUR_JA[self]

    @property
    def colour_en(self) -> str:
        return _COLOUR_EN[self]

    @property
    def element_ja(self) -> str:
        return _ELEMENT_JA[self]

    @property
    def element_en(self) -> str:
        return _ELEMENT_EN[self]


_COLOUR_JA = {Element.FIRE: "赤", Element.EARTH: "緑", Element.AIR: "黄", Element.WATER: "青"}
_COLOUR_EN = {Element.FIRE: "red", Element.EARTH: "green", Element.AIR: "yellow", Element.WATER: "blue"}
_ELEMENT_JA = {Element.FIRE: "火", Element.EARTH: "土", Element.AIR: "風", Element.WATER: "水"}
_ELEMENT_EN = {Element.FIRE: "fire", Element.EARTH: "earth", Element.AIR: "air", Element.WATER: "water"}


class Symbol(Enum):
    """The twelve symbols every sister's cards carry once each (SC-0). S.P. is an icon on the real cards."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    MIRROR = "mirror"
    PASS = "pass"
    STACK_2 = "stack2"
    SP = "sp"

    def __str__(self) -> str:
        return self.value

    @property
    def is_number(self) -> bool:
        """Number cards (1–8) have no effect; only they may be a player's last card (SC-6)."""
        return self.value.isdigit()

    @property
    def number(self) -> int | None:
        return int(self.value) if self.is_number else None

    @property
    def label(self) -> str:
        """What the card shows: the number, or the word as the rule text writes it."""
        return _LABELS[self]

    @property
    def is_word(self) -> bool:
        """文字カード: Mirror, Pass and Stack 2 (the only cards besides S.P. playable in obstruction mode, SC-3)."""
        return self in (Symbol.MIRROR, Symbol.PASS, Symbol.STACK_2)


_LABELS = {**{s: s.value for s in Symbol if s.value.isdigit()},
           Symbol.MIRROR: "Mirror", Symbol.PASS: "Pass", Symbol.STACK_2: "Stack 2", Symbol.SP: "S.P."}

SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)


@dataclass(frozen=True)
class Sister:
    """One of the twelve sisters (SC-0) and her S.P. card's effect (rule text; SC-1 for 衛)."""

    key: str  # romanised, lower case: the card notation's first part
    name_ja: str
    reading: str  # hiragana
    name_en: str
    element: Element
    effect_ja: str  # the rule text's words
    effect_en: str  # a translation for English prints
    rules: tuple[str, ...]  # the rulings that say how the companion reads the effect
    note_ja: str = ""  # the rule text's 追記 where it concerns this card
    note_en: str = ""

    @property
    def immediate(self) -> bool:
        """The effect deals "即座に" (immediately): it cannot be defended and skips nobody's turn (SC-5)."""
        return "即座に" in self.effect_ja

    def __str__(self) -> str:
        return self.key


_HAND_AFTER_JA = "手札の枚数は、このカードを出した後の枚数で数える（追記）。"
_HAND_AFTER_EN = "Hands are counted after this card is played (addendum)."

# SC-0 order: red (fire), green (earth), yellow (air), blue (water); within a colour as the rule text lists them.
SISTERS: tuple[Sister, ...] = (
    Sister("marie", "鞠絵", "まりえ", "Marie", Element.FIRE,
           "スタックの枚数を半分(小数切り捨て)にし、残り半分はプレイヤーの次の人を起点にして、即座に1枚ずつ、無くなるまで配る。",
           "Halve the stack (rounding down); deal the other half immediately, one card at a time, starting with "
           "the player after you, until it is gone.",
           ("SC-5",)),
    Sister("hinako", "雛子", "ひなこ", "Hinako", Element.FIRE,
           "次の人に即座に2枚。",
           "The next player immediately gets 2 cards.",
           ("SC-5",)),
    Sister("sakuya", "咲耶", "さくや", "Sakuya", Element.FIRE,
           "スタックに [プレイヤーの手札の枚数] 枚追加。但し、最高は7枚。",
           "Add [the number of cards in your hand] cards to the stack, at most 7.",
           ("SC-5", "SC-3"), _HAND_AFTER_JA, _HAND_AFTER_EN),
    Sister("haruka", "春歌", "はるか", "Haruka", Element.EARTH,
           "プレイヤーは即座に1枚、誰か一人に即座に2枚、スタックに3枚追加。",
           "You immediately get 1 card, a player of your choice immediately gets 2, and 3 cards are added to "
           "the stack.",
           ("SC-5", "SC-3")),
    Sister("karen", "可憐", "かれん", "Karen", Element.EARTH,
           "プレイヤー以外全員に即座に1枚。スタックがある場合はスタックから、無くなれば山札から配る。",
           "Every other player immediately gets 1 card: from the stack while it lasts, then from the deck.",
           ("SC-5",)),
    Sister("kaho", "花穂", "かほ", "Kaho", Element.EARTH,
           "プレイヤーを起点にして、スタックから即座に1枚ずつ、無くなるまで配る。順番は、スタックを配り終えた直後の人になる。",
           "Deal the stack immediately, one card at a time, starting with you, until it is gone. The turn goes "
           "to the player after the last one dealt to.",
           ("SC-5",)),
    Sister("yotsuba", "四葉", "よつば", "Yotsuba", Element.AIR,
           "誰か一人に即座に2枚。",
           "A player of your choice immediately gets 2 cards.",
           ("SC-5",)),
    Sister("mamoru", "衛", "まもる", "Mamoru", Element.AIR,
           "スタックに4枚追加。",
           "Add 4 cards to the stack.",
           ("SC-1", "SC-3")),
    Sister("shirayuki", "白雪", "しらゆき", "Shirayuki", Element.AIR,
           "順番を逆周りにし、スタックに2枚追加。",
           "Reverse the order of play and add 2 cards to the stack.",
           ("SC-3",)),
    Sister("rinrin", "鈴凜", "りんりん", "Rinrin", Element.WATER,
           "手札が最も少ない人に即座に2枚(ずつ)。対象にプレイヤーを含む。",
           "Every player with the fewest cards in hand immediately gets 2 cards, you included.",
           ("SC-5",), _HAND_AFTER_JA, _HAND_AFTER_EN),
    Sister("aria", "亞里亞", "ありあ", "Aria", Element.WATER,
           "順番を逆周りにし、次の人に即座に2枚。",
           "Reverse the order of play; the next player immediately gets 2 cards.",
           ("SC-5",)),
    Sister("chikage", "千影", "ちかげ", "Chikage", Element.WATER,
           "スタックに [直前の場札の数字(文字の時は0)] 枚追加。",
           "Add [the number on the previous top card (0 for a word card)] cards to the stack.",
           ("SC-5", "SC-3")),
)

_BY_KEY: Mapping[str, Sister] = MappingProxyType({s.key: s for s in SISTERS})


def sister(key: str) -> Sister:
    try:
        return _BY_KEY[key]
    except KeyError:
        raise ParseError("sc.card.unknown_sister", "SC-0", sister=str(key)) from None


def sisters_of(element: Element) -> tuple[Sister, ...]:
    """SC-0: the three sisters of one colour, in the rule text's order."""
    return tuple(s for s in SISTERS if s.element is element)


@dataclass(frozen=True)
class Card:
    """One card: a sister and a symbol (SC-0: each pair exists exactly once)."""

    sister: Sister
    symbol: Symbol

    @property
    def element(self) -> Element:
        return self.sister.element

    @property
    def effect_ja(self) -> str:
        """Only S.P. cards carry a text of their own (rule text: カード毎の特有の効果はカード自体に記入)."""
        return self.sister.effect_ja if self.symbol is Symbol.SP else ""

    @property
    def effect_en(self) -> str:
        return self.sister.effect_en if self.symbol is Symbol.SP else ""

    def __str__(self) -> str:
        return f"{self.sister.key}:{self.symbol.value}"


def parse_card(text: str) -> Card:
    """``marie:7`` -> Card; raises ParseError for anything else."""
    if not isinstance(text, str):
        raise ParseError("sc.card.notation", "SC-0", text=str(text))
    key, colon, token = text.strip().partition(":")
    if not colon:
        raise ParseError("sc.card.notation", "SC-0", text=text)
    try:
        symbol = Symbol(token.lower())
    except ValueError:
        raise ParseError("sc.card.unknown_symbol", "SC-0", symbol=token) from None
    return Card(sister(key.lower()), symbol)


def deck() -> tuple[Card, ...]:
    """SC-0: every sister × every symbol once, sisters in the rule text's colour order."""
    return tuple(Card(s, symbol) for s in SISTERS for symbol in SYMBOLS)


DECK: tuple[Card, ...] = deck()
DECK_SIZE = len(DECK)  # 144 (rule text: 合計144枚)


# --- Colours as the referee API names them (API.md: ``red``, ``green``, ``yellow``, ``blue``; SC-0) ---

COLOURS: tuple[str, ...] = tuple(_COLOUR_EN[e] for e in Element)
_BY_COLOUR: Mapping[str, Element] = MappingProxyType({_COLOUR_EN[e]: e for e in Element})


def colour_name(element: Element) -> str:
    """SC-0: the colour word of an element, as the API and the state JSON write it (``fire`` -> ``red``)."""
    return _COLOUR_EN[element]


def parse_colour(text: object) -> Element:
    """``red`` | ``green`` | ``yellow`` | ``blue`` -> Element; raises ParseError (SC-0, SC-2)."""
    if isinstance(text, str) and text.strip().lower() in _BY_COLOUR:
        return _BY_COLOUR[text.strip().lower()]
    raise ParseError("sc.card.unknown_colour", "SC-0", text=str(text), allowed=list(COLOURS))


def number_of(card: Card) -> int:
    """SC-5 (千影): the card's number, 0 for a word card or an S.P."""
    return card.symbol.number or 0
