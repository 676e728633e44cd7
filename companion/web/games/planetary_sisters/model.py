"""The table fragment's model (``WEB.table_model``): everything templates/planetary_sisters/_table.html draws,
built once per render from the table view and what the phone asked; the template only draws it."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import Reason
from companion.games.planetary_sisters import GAME, Card, Phase, TableScore, TableState, WhatIf
from companion.web.gameweb import TableRequest, TableViewLike

from . import cards as cardlib
from .draft import DraftView, draft_view, ranks_in_play, reveal_seat
from .labels import set_seats
from .what_if import what_if_for


@dataclass(frozen=True)
class TableModel:
    state: TableState
    info: cardlib.DeckInfo
    phase: str
    score: TableScore | None  # the houses as they stand (None before the setup)
    what_if: WhatIf | None  # for the player to move, during the turns
    flow: tuple[Reason, ...]  # PS-7's checks on the state
    setup: DraftView | None  # the opened field being put together
    reveal: DraftView | None  # the hand being shown at the end
    reveal_seat: int
    in_play: frozenset[int]  # ranks the pickers grey out (PS-7)
    profile_token: str
    learned: tuple[Card, ...]  # cards this table taught the profile
    known: int  # cards the profile knows


def table_model(view: TableViewLike, asked: TableRequest) -> TableModel:
    pending = asked.pending
    state: TableState = view.state
    set_seats(view.table.seats)
    return TableModel(
        state=state,
        info=cardlib.deck_info(state.deck),
        phase=state.phase.value,
        score=GAME.table_score(state) if state.phase is not Phase.SETUP else None,
        what_if=what_if_for(view) if state.phase is Phase.TURNS else None,
        flow=GAME.flow_facts(state),
        setup=draft_view(view, pending, "setup") if state.phase is Phase.SETUP else None,
        reveal=draft_view(view, pending, "reveal") if state.phase is Phase.REVEAL else None,
        reveal_seat=reveal_seat(state, pending),
        in_play=frozenset(ranks_in_play(state)),
        profile_token=view.profile_ref.token,
        learned=state.learned_cards(),
        known=len(state.deck.cards),
    )
