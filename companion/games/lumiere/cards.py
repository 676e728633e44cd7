"""The twelve cards of Lumière Prière and how many of each a player's deck holds (LP-8, 【カード枚数】).

Only what the rule text states lives here: names and per-player counts. Points, effect texts and whether a
card may be stacked upon come from the deck profile (see ``profile.py``); nothing here guesses them.
"""

from __future__ import annotations

from enum import Enum

from ..base import ParseError


class Card(Enum):
    """A card kind, identified by the id the API uses (API.md, "Lumière Prière")."""

    COMMONER = "commoner"
    YOKAI_MASTER = "yokai_master"
    EXORCIST = "exorcist"
    WARRIOR = "warrior"
    MAGICIAN = "magician"
    BORDERER = "borderer"
    YOKAI = "yokai"
    OTHERWORLDER = "otherworlder"
    PRIEST = "priest"
    CONJURER = "conjurer"
    GHOST = "ghost"
    VAMPIRE = "vampire"

    def __str__(self) -> str:
        return self.value

    @property
    def name_ja(self) -> str:
        return NAMES_JA[self]

    @property
    def name_en(self) -> str:
        """A suggested English name (a translation, not card data)."""
        return NAMES_EN[self]

    @property
    def per_player(self) -> int:
        """Copies in one player's deck (the left-hand number in 【カード枚数】, LP-8)."""
        return PER_PLAYER[self]

    @classmethod
    def parse(cls, text: str) -> Card:
        try:
            return cls(text)
        except ValueError:
            raise ParseError("lp.card.unknown", "LP-8", card=str(text)) from None


NAMES_JA: dict[Card, str] = {
    Card.COMMONER: "常人",
    Card.YOKAI_MASTER: "妖使",
    Card.EXORCIST: "退魔士",
    Card.WARRIOR: "戦士",
    Card.MAGICIAN: "魔術師",
    Card.BORDERER: "境人",
    Card.YOKAI: "妖怪",
    Card.OTHERWORLDER: "異界人",
    Card.PRIEST: "神父",
    Card.CONJURER: "奇術師",
    Card.GHOST: "幽霊",
    Card.VAMPIRE: "吸血鬼",
}

NAMES_EN: dict[Card, str] = {
    Card.COMMONER: "Commoner",
    Card.YOKAI_MASTER: "Yokai Master",
    Card.EXORCIST: "Exorcist",
    Card.WARRIOR: "Warrior",
    Card.MAGICIAN: "Magician",
    Card.BORDERER: "Borderer",
    Card.YOKAI: "Yokai",
    Card.OTHERWORLDER: "Otherworlder",
    Card.PRIEST: "Priest",
    Card.CONJURER: "Conjurer",
    Card.GHOST: "Ghost",
    Card.VAMPIRE: "Vampire",
}

# 【カード枚数】: per player (the box holds four times as many: one deck per orientation).
PER_PLAYER: dict[Card, int] = {
    Card.COMMONER: 5,
    Card.YOKAI_MASTER: 2,
    Card.EXORCIST: 1,
    Card.WARRIOR: 1,
    Card.MAGICIAN: 1,
    Card.BORDERER: 1,
    Card.YOKAI: 2,
    Card.OTHERWORLDER: 2,
    Card.PRIEST: 1,
    Card.CONJURER: 1,
    Card.GHOST: 1,
    Card.VAMPIRE: 1,
}

DECK_SIZE = sum(PER_PLAYER.values())  # 19 (合計: 19枚)
OPENING_HAND = 6  # 【プレイの準備】: draw 6 after the commoner is set aside
DRAW_PILE_AT_START = DECK_SIZE - 1 - OPENING_HAND  # 12: the commoner in front, 6 in hand


def copies_in_play(card: Card, players: int) -> int:
    """How many copies of ``card`` a table of ``players`` can hold: one deck per player (LP-8)."""
    return card.per_player * players
