"""The table's own entries on the page (forced.py, companion/tables/entries.py): the draw that empties the deck is
followed by the table's reshuffle (SC-7 ruling), shown in the history as the table's, and one Undo takes both back."""

from __future__ import annotations

import re
from typing import Any

from companion.games.sister_combination import GAME
from companion.games.sister_combination.cards import parse_card
from companion.games.sister_combination.moves import Draw, Keep, Play, Setup, move_to_json
from tests.web.apps import Phone

from .support import imported, page, play

NAMES = ("Aki", "Ben", "Chie")


def down_to_one_card() -> list[dict[str, Any]]:
    """A 3-player game: Aki plays Karen 5, then everyone draws and keeps until the deck holds one card."""
    state = GAME.new_state(3, {}, {})
    moves: list[Any] = [Setup(0, (7, 7, 7), parse_card("karen:3")), Play(parse_card("karen:5"))]
    for move in moves:
        state = GAME.apply(state, move)
    while state.deck > 1:
        for move in (Draw(), Keep()):
            state = GAME.apply(state, move)
            moves.append(move)
    return [move_to_json(m) for m in moves]


def test_the_last_deck_card_drawn_then_the_table_reshuffles_and_undo_takes_both_back(phone: Phone) -> None:
    table = imported(phone, down_to_one_card(), *NAMES)
    before = page(phone, table)
    assert "Deck 1 · Discard 2" in before and "(then by the table" not in before
    play(phone, table, "draw")  # the last card of the deck: the deck is empty, nothing left to choose
    text = page(phone, table)
    assert "Chie: draws a card (then by the table: The discard pile under the top card is shuffled into a new deck)" \
        in text
    assert "Deck 1 · Discard 1" in text  # the pile under Karen 5 became the deck
    version = re.search(r'data-version="(\d+)"', phone.get(table).get_data(as_text=True))
    assert version is not None
    assert phone.post(f"{table}/undo", {"version": version.group(1)}).status_code == 303
    after = page(phone, table)
    assert "Deck 1 · Discard 2" in after and "Chie's turn · 47 cards in hand 5 Karen" in after  # not "has drawn"
    assert re.search(r"draws a card \(then by the table: [^)]*\) undone", after)  # both taken back as one
