"""Cards of Strato-Sphere: standard packs without jokers, and their compact notation.

Notation (round-trips, ``parse_card(str(c)) == c``): rank then suit, ``KS``, ``10H``, ``2C``; ``T`` is accepted
for ten on input and written ``10``. Rank order A K Q J 10 … 2, ace high (rule text "カードの強さ", SS-6).

A player's *force* (SS-3) is a suit with 4 players and a suit colour with 2 players (SS-2: "suit" reads
"suit colour", red ♥♦, black ♠♣).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import cache

from ..base import ParseError

CARD_RULE = "SS-2"  # the packs: what a card is and how many copies exist


class Rank(IntEnum):
    """Card ranks; the integer order is the strength order of SS-6 (A high)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    def __str__(self) -> str:
        return _RANK_TEXT[self]


_RANK_TEXT: dict[Rank, str] = {
    **{Rank(n): str(n) for n in range(2, 11)},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_TEXT_RANK: dict[str, Rank] = {text: rank for rank, text in _RANK_TEXT.items()} | {"T": Rank.TEN}


class Colour(Enum):
    """A suit colour: the force of a player in a 2-player game (SS-2)."""

    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value

    @property
    def other(self) -> Colour:
        return Colour.BLACK if self is Colour.RED else Colour.RED


class Suit(Enum):
    """A suit: the force of a player in a 4-player game (SS-3)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    def __str__(self) -> str:
        return self.value

    @property
    def colour(self) -> Colour:
        # SS-2: red ♥♦, black ♠♣.
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK


Force = Suit | Colour
"""What a player controls nodes by (SS-3): a suit (4 players) or a suit colour (2 players)."""


@dataclass(frozen=True, order=True)
class Card:
    """One physical card's face."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


UNKNOWN = "?"
"""The notation of a face-down card whose face nobody at the table has seen."""


def parse_card(text: object) -> Card:
    """``"KS"``, ``"10H"``, ``"TH"`` -> Card. Raises ParseError (code ``ss.card.malformed``) otherwise."""
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise ParseError("ss.card.malformed", CARD_RULE, value=str(text))
    cleaned = text.strip().upper()
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    try:
        return Card(_TEXT_RANK[rank_text], Suit(suit_text))
    except (KeyError, ValueError):
        raise ParseError("ss.card.malformed", CARD_RULE, value=text) from None


def parse_card_or_unknown(text: object) -> Card | None:
    """Like ``parse_card`` but ``"?"`` (an unseen face-down card) gives None."""
    if isinstance(text, str) and text.strip() == UNKNOWN:
        return None
    return parse_card(text)


def card_text(card: Card | None) -> str:
    """The notation of a possibly unseen card: ``"KS"`` or ``"?"``."""
    return UNKNOWN if card is None else str(card)


def parse_force(text: object, players: int) -> Force:
    """A force as written in the API: a suit letter with 4 players, ``"red"``/``"black"`` with 2 (SS-2, SS-3)."""
    allowed = forces_for(players)
    for force in allowed:
        if isinstance(text, str) and text.strip().lower() == force.value.lower():
            return force
    raise ParseError("ss.force.malformed", "SS-3", value=str(text), allowed=[f.value for f in allowed])


def parse_any_force(text: object) -> Force:
    """A force written without knowing the player count: ``S H D C`` or ``red``/``black``."""
    every: tuple[Force, ...] = (*Suit, *Colour)
    for force in every:
        if isinstance(text, str) and text.strip().lower() == str(force.value).lower():
            return force
    allowed = [str(f.value) for f in every]
    raise ParseError("ss.force.malformed", "SS-3", value=str(text), allowed=allowed)


def forces_for(players: int) -> tuple[Force, ...]:
    """Every force a game of this size hands out (SS-2, SS-3)."""
    if players == 2:
        return (Colour.RED, Colour.BLACK)
    return (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def force_of(card: Card, players: int) -> Force:
    """The force a card belongs to: its suit, or with 2 players its suit colour (SS-2)."""
    return card.suit.colour if players == 2 else card.suit


def packs_for(players: int) -> int:
    """SS-2: two 52-card packs with 4 players, one with 2."""
    return 2 if players == 4 else 1


def pack_size() -> int:
    return len(Rank) * len(Suit)


@cache  # asked whenever a hidden card's possible faces are listed: several times per entry
def all_cards() -> tuple[Card, ...]:
    """The 52 different faces, spades first, ace high first."""
    return tuple(Card(rank, suit) for suit in Suit for rank in sorted(Rank, reverse=True))
