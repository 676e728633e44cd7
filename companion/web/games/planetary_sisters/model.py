"""The table fragment's model (``WEB.table_model``): everything templates/planetary_sisters/_table.html draws,
built once per render from the table view and what the phone asked. Seats are already names, reasons already
sentences, scores already rows with their working, cards' icons already worked out: the template only draws.

A hand is its owner's alone until it is shown (§2): while the game runs, a watch link's model holds the state
without any hand's contents and no "what if" (it counts the mover's hand); the players' link's model holds them
for a tap that shows a player a hand and hides it again. The scores never count a hidden hand (the engine's
``score_table``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.games.planetary_sisters import GAME, Card, CardRef, Phase, TableScore, TableState, WhatIf
from companion.games.planetary_sisters.state import hands_hidden, without_hands
from companion.i18n import gettext as _
from companion.web.gameweb import TableRequest, TableViewLike
from companion.web.reasons import ReasonView
from companion.web.standing import Standings
from companion.web.wording import Wording

from . import cards as cardlib
from .breakdown import ScoreView, score_view
from .draft import DraftView, draft_view, reveal_seat
from .labels import CONDITION_NAMES
from .messages import explain, reason_text, reason_views
from .running import standings as running_standings
from .what_if import what_if_for


@dataclass(frozen=True)
class TableModel:
    state: TableState  # without any hand's contents on a watch link while hands are hidden (§2)
    info: cardlib.DeckInfo  # the deck's elements, and the icons of every card drawn here
    phase: str
    names: tuple[str, ...]  # seat -> the player's name
    condition_names: Mapping[str, str]  # close / far as printed on the condition card
    score: TableScore | None  # the houses as they stand (None before the setup)
    score_views: tuple[ScoreView, ...]  # each seat's score with its working
    winner_text: str  # §4.5: why these seats win (once the game is over)
    what_if: WhatIf | None  # for the player to move, during the turns (the players' link only, with 3/4 players)
    flow: tuple[ReasonView, ...]  # PS-7's checks on the state
    round_reasons: tuple[tuple[ReasonView, ...], ...]  # per finished round: who became parent and why
    setup: DraftView | None  # the opened field being put together
    reveal: DraftView | None  # the hand being shown at the end
    reveal_seat: int
    # ranks the turn's picker greys out (PS-7: in one place only): the cards lying face up. A card the table saw
    # taken into a hand stays tappable by its rank, the mover's own as much as anyone's, so the picker shows
    # no hand (§2) and a seen card is played with one tap (issue 35)
    in_play: frozenset[int]
    learned: tuple[Card, ...]  # cards this table taught the profile
    standings: Standings | None = None  # each seat's running score, at the top of the table
    hands_hidden: bool = False  # §2: the game runs and no hand is shown yet
    score_note: str = ""  # what the scores so far leave out, with its rule (§2), while hands are hidden

    @property
    def turn_line(self) -> str:
        """Who plays now and how far the round is, for the dock at the bottom of the screen; in set-up, the
        parent choice and the reveal, what the table waits for ("" once the game is over)."""
        st = self.state
        if self.phase == Phase.TURNS.value and st.to_move is not None:
            return _("%(seat)s to play", seat=self.names[st.to_move]) + " " + _(
                "(%(k)s of %(n)s this round)", k=len(st.turns) + 1, n=len(st.turn_order))
        return {Phase.SETUP.value: _("Setting up the game"), Phase.NAME_PARENT.value: _("Who becomes parent?"),
                Phase.REVEAL.value: _("Show the hands")}.get(
            self.phase, "")


def _drawn(state: TableState, score: TableScore | None, what_if: WhatIf | None,
           drafts: Iterable[DraftView | None]) -> list[Card | CardRef]:
    cards: list[Card | CardRef] = [card for card, _place, _seat in state.places()]
    cards += [c for past in state.rounds for turn in past.turns for c in (turn.played, turn.taken)]
    cards += [c for s in state.seats for c in (*s.known_hand, *s.house, *s.guards)]
    cards += list(state.learned_cards())
    if score is not None:
        cards += [c for s in score.seats for c in (*s.house, *s.guards)] + list(score.field)
    if what_if is not None:
        cards += [o.card for o in what_if.options]
    for draft in drafts:
        if draft is not None:
            cards += draft.cards
    return cards


def table_model(view: TableViewLike[TableState], asked: TableRequest) -> TableModel:
    pending = asked.pending
    state: TableState = view.state
    wording = Wording.of_table(view.table.seats)
    names = tuple(wording.seat(i) for i in range(state.players))
    score = GAME.table_score(state) if state.phase is not Phase.SETUP else None
    hidden = hands_hidden(state)
    # "what if" counts the mover's hand (3/4 players): the mover's phone, never a watch link; with 2 players it
    # counts the house cards, which lie face up (§4.4.2)
    mover_only = not (asked.can_write or state.two_players)
    what_if = what_if_for(view) if state.phase is Phase.TURNS and not mover_only else None
    setup = draft_view(view, pending, "setup") if state.phase is Phase.SETUP else None
    reveal = draft_view(view, pending, "reveal") if state.phase is Phase.REVEAL else None
    shown = state if asked.can_write else without_hands(state)
    return TableModel(
        state=shown,
        info=cardlib.drawing(cardlib.deck_info(state.deck), _drawn(shown, score, what_if, (setup, reveal))),
        phase=state.phase.value,
        names=names,
        condition_names=MappingProxyType(dict(CONDITION_NAMES)),
        score=score,
        score_views=tuple(score_view(s.score, names[s.seat], s.seat, state.two_players)
                          for s in score.seats) if score and not score.no_score_yet else (),
        winner_text=explain(score.ranking.reason, wording) if score else "",
        what_if=what_if,
        flow=reason_views(GAME.flow_facts(state), wording),
        round_reasons=tuple(reason_views(r.reasons, wording) for r in state.rounds),
        setup=setup,
        reveal=reveal,
        reveal_seat=reveal_seat(state, pending),
        in_play=frozenset(card.rank for card, place, _seat in state.places() if place != "hand" and card.rank),
        learned=state.learned_cards(),
        standings=running_standings(score, names, wording),
        hands_hidden=hidden,
        score_note=reason_text(score.reason, wording) if score and hidden else "",
    )
