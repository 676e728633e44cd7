"""Sister Combination (シスター・コンビネーション): the card data of the 144-card deck, pure.

Only what the rule text (rules/sister-combination.ja.txt) and RULINGS SC-0/SC-1 give: the twelve sisters with
their colours and elements, the twelve symbols each sister's cards carry, and every S.P. card's own effect
as the rule text words it (SC-5 explains how the companion reads the "即座に N 枚" effects).

There is no ``GAME`` here on purpose: the companion prints this deck but does not yet run a table of it, so
the game registry (``companion.games.registry``) does not list it as playable.
"""

from __future__ import annotations

from .cards import (
    DECK,
    DECK_SIZE,
    SISTERS,
    SYMBOLS,
    Card,
    Element,
    Sister,
    Symbol,
    deck,
    parse_card,
    sister,
    sisters_of,
)

NAME_JA = "シスター・コンビネーション"
NAME_EN = "Sister Combination"
PLAYER_COUNTS = tuple(range(3, 14))  # rule text <プレイヤー人数>: 3〜13人

__all__ = [
    "NAME_JA", "NAME_EN", "PLAYER_COUNTS", "DECK", "DECK_SIZE", "SISTERS", "SYMBOLS", "Card", "Element", "Sister",
    "Symbol", "deck", "parse_card", "sister", "sisters_of",
]
