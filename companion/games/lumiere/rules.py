"""``check`` and ``legal_moves`` for a tracked game: which move each phase expects and what it may be; what a legal
move does is ``apply``'s (companion/games/lumiere/advance.py).

``check`` is pure, total (it never raises for a parsed move) and has no side effects: it returns a Verdict
listing every condition it looked at. A move that describes something that cannot exist (a seat playing a
copy its deck does not have, LP-8) fails a reason marked ``impossible``. ``apply`` runs ``check`` and raises
``IllegalMove`` when it refuses. ``legal_moves`` lists every move ``check`` passes (the field has 16 areas
and 12 card kinds, so the candidates are few).
"""

from __future__ import annotations

from collections.abc import Callable

from ..base import Reason, Verdict
from .captures import resolve_get
from .cards import Card
from .conditions import RemoveStatus, placement_reasons, remove_phase, set_areas
from .field import ALL_CELLS, Cell
from .moves import (
    KINDS,
    ChooseFirst,
    Draw,
    Move,
    MoveCard,
    Mulligan,
    PlaceCommoner,
    PlayCard,
    ResolveGet,
    SendCard,
    SetCard,
    SwapCards,
    TakeTop,
    TurnCard,
    kind_of,
)
from .state import Phase, TableState

# -- which moves a phase expects -------------------------------------------------------------------------------

def expected_moves(state: TableState) -> tuple[type, ...]:
    """The kinds of move the table may record next (the page offers exactly these)."""
    phase = state.phase
    if phase is Phase.SETUP:
        # LP-9: mulligans end when the first player is chosen (a table started under the earlier reading
        # records them until play starts)
        if state.first is None:
            return (ChooseFirst, Mulligan)
        return (PlaceCommoner, Mulligan) if state.readings.mulligan_until_play else (PlaceCommoner,)
    if phase is Phase.REMOVE:
        # LP-6 applies, or the profile cannot tell (then the table decides: take a card, or play on)
        undecided = remove_status(state).applies is None
        return (TakeTop, PlayCard) if undecided else (TakeTop,)
    if phase is Phase.EFFECT:
        return (PlayCard,) if state.play_area is None else (MoveCard, TurnCard, SwapCards, SendCard, SetCard)
    if phase is Phase.GET:
        return (ResolveGet,)
    if phase is Phase.DRAW:
        return (Draw,)
    return ()


def remove_status(state: TableState) -> RemoveStatus:
    """LP-6 as this table reads it (top cards; buried ones too for a table started under the earlier reading)."""
    return remove_phase(state.field, state.profile, state.readings.remove_counts_buried)


def _phase_reason(state: TableState, move: Move) -> Reason:
    expected = expected_moves(state)
    params = {"phase": state.phase.value, "move": kind_of(move), "expected": [KINDS[kind] for kind in expected]}
    if isinstance(move, expected):
        return Reason("lp.phase.move_expected", "§ターン進行", True, params)
    return Reason("lp.phase.move_not_expected", "§ターン進行", False, params)


def seat_to_act(state: TableState) -> int:
    """The seat whose turn it is (the first player is chosen before anyone acts)."""
    assert state.turn is not None, "no seat to act before the first player is chosen"
    return state.turn


# -- check ---------------------------------------------------------------------------------------------------

def check(state: TableState, move: Move) -> Verdict:
    phase = _phase_reason(state, move)
    if not phase.ok:
        if isinstance(move, Mulligan) and state.first is not None:
            # LP-9: say why, not only which step is expected
            return Verdict.of([phase, Reason("lp.mulligan.ended", "LP-9", False, {"seat": move.seat})])
        return Verdict.of([phase])
    return Verdict.of([phase, *_CHECKS[type(move)](state, move)])


def _check_first(state: TableState, move: ChooseFirst) -> list[Reason]:
    return [Reason("lp.setup.first_player", "§プレイの準備", move.seat < state.players,
                   {"seat": move.seat, "players": state.players})]


def _check_mulligan(state: TableState, move: Mulligan) -> list[Reason]:
    """LP-9 (【プレイの準備】): reveal one card of the hand, return any number of the others (not the revealed
    one), shuffle, draw as many again; as often as the player likes."""
    if move.seat >= state.players:
        return [Reason("lp.mulligan.no_such_seat", "§プレイの準備", False,
                       {"seat": move.seat, "players": state.players}, "seat")]
    seat = state.seat(move.seat)
    left = seat.unseen()[move.revealed]
    reasons = [Reason("lp.mulligan.revealed" if left > 0 else "lp.mulligan.no_such_card", "LP-9", left > 0,
                      {"seat": seat.seat, "card": move.revealed.value}, "revealed", impossible=left <= 0)]
    most = min(seat.hand - 1, seat.deck)  # the revealed card stays in hand
    reasons.append(Reason("lp.mulligan.returned", "LP-9", 0 <= move.returned <= most,
                          {"seat": seat.seat, "returned": move.returned, "most": most}, "returned"))
    return reasons


def _check_opening(state: TableState, move: PlaceCommoner) -> list[Reason]:
    return placement_reasons(state.field, move.cell, state.profile, stack_by_effect=False)


def _check_take(state: TableState, move: TakeTop) -> list[Reason]:
    """LP-6: the turn player may take any top card while the remove phase applies."""
    status = remove_status(state)
    top = state.field.top(move.cell)
    taken = Reason("lp.remove.top_card", "LP-6", top is not None,
                   {"cell": str(move.cell), "card": top.card.value if top else "", "seat": seat_to_act(state)},
                   str(move.cell))
    return [*status.reasons, taken]


def _check_play(state: TableState, move: PlayCard) -> list[Reason]:
    seat = state.seat(seat_to_act(state))
    reasons: list[Reason] = []
    if state.phase is Phase.REMOVE:  # only reachable when the profile cannot decide LP-6 (see expected_moves)
        reasons.extend(remove_status(state).reasons)
    reasons.append(Reason("lp.play.hand_not_empty", "§エフェクトフェイズ", seat.hand > 0,
                          {"seat": seat.seat, "hand": seat.hand}))
    left = seat.unseen()[move.card]
    if left <= 0:
        # A deck holds card.per_player copies (LP-8): another one would be a card that does not exist.
        reasons.append(Reason("lp.play.no_copy_left", "LP-8", False,
                              {"card": move.card.value, "seat": seat.seat, "per_player": move.card.per_player},
                              "card", impossible=True))
        return reasons
    reasons.append(Reason("lp.play.copy_left", "LP-8", True,
                          {"card": move.card.value, "seat": seat.seat, "left": left}))
    return reasons


def _top_card_reason(state: TableState, cell: Cell) -> Reason:
    """エフェクトフェイズ / 用語集「選ぶ」: an effect targets the top card of an area, so the area must hold one."""
    top = state.field.top(cell)
    params = {"cell": str(cell), "card": top.card.value if top else "", "owner": top.owner if top else -1}
    return Reason("lp.effect.top_card" if top else "lp.effect.empty_area", "§エフェクトフェイズ", top is not None,
                  params, str(cell))


def _distinct_reason(first: Cell, second: Cell) -> Reason:
    return Reason("lp.effect.two_areas", "§エフェクトフェイズ", first != second,
                  {"first": str(first), "second": str(second)}, str(second))


def _check_move(state: TableState, move: MoveCard) -> list[Reason]:
    reasons = [_top_card_reason(state, move.source), _distinct_reason(move.source, move.target)]
    if all(r.ok for r in reasons):
        if move.under and state.field.top(move.target) is not None:
            reasons.append(_under_reason(state, move.target))
        else:
            reasons.extend(placement_reasons(state.field, move.target, state.profile, move.stack))
    return reasons


def _check_turn(state: TableState, move: TurnCard) -> list[Reason]:
    reasons = [_top_card_reason(state, move.cell)]
    top = state.field.top(move.cell)
    params = {"cell": str(move.cell), "owner": move.owner, "players": state.players,
              "from": top.owner if top else -1}
    if move.owner >= state.players:  # LP-1: with 3 players one orientation belongs to nobody
        reasons.append(Reason("lp.turn.no_such_seat", "LP-1", False, params, str(move.cell)))
    elif top is not None and top.owner == move.owner:
        reasons.append(Reason("lp.turn.full_turn", "LP-3", True, params, str(move.cell)))
    else:
        reasons.append(Reason("lp.turn.new_owner", "LP-1", True, params, str(move.cell)))
    return reasons


def _check_swap(state: TableState, move: SwapCards) -> list[Reason]:
    return [_top_card_reason(state, move.first), _top_card_reason(state, move.second),
            _distinct_reason(move.first, move.second)]


def _under_reason(state: TableState, cell: Cell) -> Reason:
    """LP-10 (用語集「重ね置き」: 上に置くのか下に置くのかは問わない): the effect puts the card under the stack; the
    card on top stays on top."""
    top = state.field.top(cell)
    return Reason("lp.place.under", "LP-10", True,
                  {"cell": str(cell), "top": top.card.value if top else "", "owner": top.owner if top else -1},
                  str(cell))


def _check_send(state: TableState, move: SendCard) -> list[Reason]:
    reasons = [_top_card_reason(state, move.cell)]
    if move.seat is not None and move.seat >= state.players:
        reasons.append(Reason("lp.send.no_such_seat", "LP-10", False,
                              {"cell": str(move.cell), "seat": move.seat, "players": state.players}, "seat"))
    elif reasons[0].ok:
        top = state.field.top(move.cell)
        assert top is not None
        params = {"cell": str(move.cell), "card": top.card.value, "to": move.to,
                  "seat": move.seat if move.seat is not None else -1}
        reasons.append(Reason(f"lp.send.{move.to}", "LP-10", True, params, str(move.cell)))
    return reasons


def _check_set(state: TableState, move: SetCard) -> list[Reason]:
    reasons = []
    if move.owner is not None:
        params = {"cell": str(move.cell), "owner": move.owner, "players": state.players, "seat": seat_to_act(state)}
        if move.owner >= state.players:
            return [Reason("lp.turn.no_such_seat", "LP-1", False, params, "owner")]
        if move.owner != seat_to_act(state):
            reasons.append(Reason("lp.set.facing_other", "LP-10", True, params, str(move.cell)))
    if move.table:
        return [*reasons, *_table_decides(state, move.cell)]
    if move.under and state.field.top(move.cell) is not None:
        return [*reasons, _under_reason(state, move.cell)]
    placed = placement_reasons(state.field, move.cell, state.profile, move.stack)
    if not all(r.ok for r in placed) and not set_areas(state.field, state.profile):
        # LP-6 "never stuck": say that no area takes it by the rules, and that the table decides
        placed.append(Reason("lp.set.no_legal_area", "LP-6", False, {"card": _played(state)}, str(move.cell)))
    return [*reasons, *placed]


def _played(state: TableState) -> str:
    return state.play_area.value if state.play_area is not None else ""


def _table_decides(state: TableState, cell: Cell) -> list[Reason]:
    """LP-6: when an effect left no area that takes the card by the rules (the field full and no top card that
    may be stacked upon), the table places it on the area it chooses, recorded as its decision; otherwise the
    rules decide, so the areas they allow are named."""
    allowed = set_areas(state.field, state.profile)
    if allowed:
        return [Reason("lp.set.table_not_needed", "LP-6", False, {"cells": [str(c) for c in allowed]}, str(cell))]
    top = state.field.top(cell)
    return [Reason("lp.set.no_area_by_rules", "LP-6", True, {"card": _played(state)}),
            Reason("lp.set.table_decides", "LP-6", True,
                   {"cell": str(cell), "card": _played(state), "top": top.card.value if top else ""}, str(cell))]


def _check_get(state: TableState, move: ResolveGet) -> list[Reason]:
    outcome = resolve_get(state.field)
    found = [c.reason for c in outcome.captures] + [e.reason for e in outcome.exclusions]
    return found or [Reason("lp.get.nothing", "LP-5", True, {"refused": len(outcome.refused)})]


def _check_draw(state: TableState, move: Draw) -> list[Reason]:
    seat = state.seat(seat_to_act(state))
    if seat.deck:
        return [Reason("lp.draw.card", "§ドローフェイズ", True, {"seat": seat.seat, "deck": seat.deck})]
    return [Reason("lp.draw.deck_empty", "§ドローフェイズ", True, {"seat": seat.seat})]


_CHECKS: dict[type, Callable[..., list[Reason]]] = {
    ChooseFirst: _check_first, Mulligan: _check_mulligan, SendCard: _check_send, PlaceCommoner: _check_opening, TakeTop: _check_take, PlayCard: _check_play,
    MoveCard: _check_move, TurnCard: _check_turn, SwapCards: _check_swap, SetCard: _check_set,
    ResolveGet: _check_get, Draw: _check_draw,
}


# -- legal moves ---------------------------------------------------------------------------------------------

def _candidates(state: TableState) -> list[Move]:
    """Every move of the kinds the phase expects, whatever its areas, cards and seats."""
    found: list[Move] = []
    for kind in expected_moves(state):
        if kind is ChooseFirst:
            found += [ChooseFirst(seat) for seat in range(state.players)]
        elif kind is Mulligan:
            found += [Mulligan(seat, card, n) for seat in range(state.players) for card in Card
                      for n in range(state.seat(seat).hand)]
        elif kind is SendCard:
            found += [SendCard(cell, to, seat) for cell in ALL_CELLS for to in ("points", "hand")
                      for seat in range(state.players)]
            found += [SendCard(cell, "exclusion") for cell in ALL_CELLS]
        elif kind is PlaceCommoner:
            found += [PlaceCommoner(cell) for cell in ALL_CELLS]
        elif kind is TakeTop:
            found += [TakeTop(cell) for cell in ALL_CELLS]
        elif kind is PlayCard:
            found += [PlayCard(card) for card in Card]
        elif kind is MoveCard:
            found += [MoveCard(a, b, stack) for a in ALL_CELLS for b in ALL_CELLS for stack in (False, True)]
            found += [MoveCard(a, b, False, True) for a in ALL_CELLS for b in ALL_CELLS]
        elif kind is TurnCard:
            found += [TurnCard(cell, owner) for cell in ALL_CELLS for owner in range(state.players)]
        elif kind is SwapCards:
            found += [SwapCards(a, b) for a in ALL_CELLS for b in ALL_CELLS if a < b]
        elif kind is SetCard:
            found += [SetCard(cell, stack) for cell in ALL_CELLS for stack in (False, True)]
            found += [SetCard(cell, False, True) for cell in ALL_CELLS]
            found += [SetCard(cell, table=True) for cell in ALL_CELLS]
            found += [SetCard(cell, False, False, owner) for cell in ALL_CELLS for owner in range(state.players)
                      if owner != state.turn]
        elif kind is ResolveGet:
            found.append(ResolveGet())
        elif kind is Draw:
            found.append(Draw())
    return found


def legal_moves(state: TableState) -> tuple[Move, ...]:
    """Every move ``check`` passes on ``state``. A ``stack`` flag records the table's word that the card's
    effect allows stacking (the companion cannot read effects), so both settings are listed where legal."""
    return tuple(move for move in _candidates(state) if check(state, move).legal)
