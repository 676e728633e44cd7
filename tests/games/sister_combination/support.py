"""Builders for Sister Combination tests: tables written the way the API writes them."""

from __future__ import annotations

from typing import Any

from companion.games.sister_combination.cards import Card, parse_card, parse_colour
from companion.games.sister_combination.moves import Play
from companion.games.sister_combination.state import DECK_SIZE, Options, TableState


def c(text: str) -> Card:
    return parse_card(text)


def table(hands: tuple[int, ...] = (7, 7, 7, 7, 7), turn: int = 0, direction: int = 1,
          discard: tuple[str, ...] = ("karen:3",), colour: str | None = None, stack: int = 0,
          deck: int | None = None, out: tuple[int, ...] = (), end: str = "first_out", limit: str = "none",
          **extra: Any) -> TableState:
    """A started table; the deck defaults to every card not elsewhere (144 conserved)."""
    pile = tuple(c(x) for x in discard)
    if deck is None:
        deck = DECK_SIZE - sum(hands) - stack - len(pile)
    return TableState(players=len(hands), options=Options(end, limit), started=True, hands=hands, deck=deck,
                      stack=stack, discard=pile,
                      colour=parse_colour(colour) if colour else pile[0].element, direction=direction, turn=turn,
                      out=out, **extra)


def play(text: str, colour: str | None = None, target: int | None = None, reach: bool = False) -> Play:
    return Play(c(text), reach, parse_colour(colour) if colour else None, target)


def codes(reasons: Any) -> list[str]:
    return [r.code for r in reasons]


def body(**changes: Any) -> dict[str, Any]:
    """API.md's example request, with changes."""
    data: dict[str, Any] = {"players": 5, "hands": [7, 6, 7, 3, 7], "turn": 1, "direction": 1,
                            "discard": ["sakuya:sp", "karen:3"], "colour": "blue", "stack": 0, "deck": 80,
                            "card": "aria:mirror", "reach": False, "choices": {},
                            "options": {"end": "first_out", "hand_limit": "none"}}
    data.update(changes)
    return data
