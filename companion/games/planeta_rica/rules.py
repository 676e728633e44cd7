"""check / apply / legal_moves / actor for a whole tracked game: the turn's phases and the end (PR-1 … PR-7).

A turn (【ゲームの進行】): the return phase (every planet with workers returns its topmost worker, PR-2), then one
action (PR-3); a Time Machine owned since an earlier turn allows a second action, or ``end`` (PR-7). An invade
that leaves fewer than five types in the market is followed by the reveals that refill it. The end (PR-4) is
triggered by 12 cards in one seat or an empty fame pool, and falls after the turn of the start player's
right-hand neighbour (at once when that player triggers it).

``check`` is total for a parsed move: it never raises, and stops at the first condition the others depend on
(a move of the wrong phase is not checked any further).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..base import IllegalMove, Reason, Verdict
from . import actions, market, returns
from .cards import Gadget, Planet, Resource
from .moves import Adjust, Collect, Develop, Dispatch, Donate, End, Invade, Move, Return, Reveal, Start
from .state import END_CARDS, MARKET_TYPES, Phase, TableState, fame_face_down, impossibilities

ACTION_TYPES = (Return, Dispatch, Invade, Develop, Collect, Donate)


def _type(move: Move) -> str:
    return type(move).__name__.lower()


def _phase(state: TableState, move: Move, allowed: Sequence[Phase], rule: str) -> Reason:
    ok = state.phase in allowed
    return Reason("pr.turn.phase", rule, ok, {"move": _type(move), "phase": state.phase.value,
                                              "allowed": [p.value for p in allowed]}, "type")


def time_machine_ready(state: TableState, seat: int) -> bool:
    """PR-7: a Time Machine obtained before this turn allows a second action.

    The text does not say the card is used up, so it serves every later turn (PR-7, a reading: the FAQ says only
    that using it is optional); a table reading it as spent chooses the option ``time_machine``."""
    since = state.seats[seat].since(Gadget.TIME_MACHINE)
    return since is not None and since < state.turn


def check(state: TableState, move: Move) -> Verdict:
    """Every condition of ``move`` on ``state``, passing and failing."""
    return Verdict.of(_reasons(state, move))


def _reasons(state: TableState, move: Move) -> list[Reason]:
    seat = state.to_move
    match move:
        case Start(chosen):
            reasons = [_phase(state, move, (Phase.SETUP,), "PR-1"),
                       Reason("pr.setup.start_once", "PR-1", state.start is None,
                              {"start": state.start if state.start is not None else -1}, "seat"),
                       Reason("pr.setup.seat_in_range", "PR-1", 0 <= chosen < state.players,
                              {"seat": chosen, "players": state.players}, "seat")]
            return reasons
        case Reveal():
            phase = _phase(state, move, (Phase.SETUP, Phase.REFILL), "PR-3")
            return [phase] if not phase.ok else market.reveal_reasons(state, move)
        case Adjust():
            return _adjust_reasons(state, move)
        case End():
            phase = _phase(state, move, (Phase.ACTION,), "PR-7")
            if not phase.ok or seat is None:
                return [phase]
            return [phase, Reason("pr.turn.end_after_first_action", "PR-7", state.actions >= 1,
                                  {"actions": state.actions}, "type")]
    allowed = (Phase.RETURN, Phase.ACTION) if isinstance(move, Return) else (Phase.ACTION,)
    phase = _phase(state, move, allowed, "PR-2" if state.phase is Phase.RETURN else "PR-3")
    if not phase.ok or seat is None:
        return [phase]
    reasons = [phase]
    if state.phase is Phase.ACTION and state.actions >= 1:
        reasons.append(Reason("pr.turn.time_machine", "PR-7", time_machine_ready(state, seat),
                              {"actions": state.actions}, "type"))
    match move:
        case Return():
            if state.phase is Phase.RETURN:
                pending = state.pending_returns
                ok = move.planet in pending
                reasons.append(Reason("pr.return.pending", "PR-2", ok, {"planet": move.planet, "pending": list(pending)},
                                      "planet"))
                if not ok:
                    return reasons
            reasons.extend(returns.return_reasons(state, seat, move))
        case Dispatch():
            reasons.extend(actions.dispatch_reasons(state, seat, move))
        case Invade():
            reasons.extend(actions.invade_reasons(state, seat, move))
        case Develop():
            reasons.extend(actions.develop_reasons(state, seat, move))
        case Collect():
            reasons.extend(actions.collect_reasons(state, seat, move))
        case Donate():
            reasons.extend(actions.donate_reasons(state, seat, move))
    return reasons


def _adjust_reasons(state: TableState, move: Adjust) -> list[Reason]:
    """PR-6: a card effect the table applies: a seat that holds the card, a change, nothing below zero."""
    running = state.phase not in (Phase.SETUP, Phase.OVER)
    reasons = [Reason("pr.adjust.game_running", "PR-6", running, {"phase": state.phase.value}, "type")]
    in_range = 0 <= move.seat < state.players
    reasons.append(Reason("pr.adjust.seat_in_range", "PR-6", in_range, {"seat": move.seat, "players": state.players},
                          "seat"))
    if not in_range:
        return reasons
    player = state.seats[move.seat]
    held = ({p.planet for p in player.planets} if isinstance(move.card, Planet)
            else {g.gadget for g in player.gadgets})
    reasons.append(Reason("pr.adjust.card_held", "PR-6", move.card in held, {"seat": move.seat, "card": move.card.value},
                          "card"))
    changes = move.changes()
    reasons.append(Reason("pr.adjust.changes", "PR-6", bool(changes), {"card": move.card.value}, "type"))
    have = {"tachyon": player.resources.tachyon, "monopole": player.resources.monopole,
            "mithril": player.resources.mithril, "coins": player.coins, "fame": player.fame, "workers": player.hand}
    for key, change in changes.items():
        if change < 0 and key == "fame" and fame_face_down(state):
            # PR-8: the check still holds, but its answer must not say how much fame the seat holds
            reasons.append(Reason("pr.adjust.fame_not_negative", "PR-6", have[key] + change >= 0,
                                  {"seat": move.seat, "lose": -change}, key))
        elif change < 0:
            reasons.append(Reason("pr.adjust.not_negative", "PR-6", have[key] + change >= 0,
                                  {"field": key, "have": have[key], "change": change}, key))
    return reasons


def apply(state: TableState, move: Move) -> TableState:
    """The state after a legal move; raises IllegalMove for a move ``check`` refuses."""
    verdict = check(state, move)
    if not verdict.legal:
        raise IllegalMove(verdict)
    seat = state.to_move
    match move:
        case Start(chosen):
            return _maybe_begin(state.evolve(start=chosen))
        case Reveal():
            after = market.apply_reveal(state, move)
            if state.phase is Phase.SETUP:
                return _maybe_begin(after)
            return after if market.needs_refill(after) else _after_action(after)
        case Adjust():
            return _trigger(_adjust(state, move))
        case End():
            return _next_turn(state)
    assert seat is not None  # check passed: a turn move is made in a turn
    match move:
        case Return():
            after = returns.apply_return(state, seat, move)
            if state.phase is Phase.RETURN:
                after = _trigger(after.evolve(returned=state.returned | {move.planet}))
                if after.phase is Phase.RETURN and not after.pending_returns:
                    after = after.evolve(phase=Phase.ACTION)
                return after
        case Dispatch():
            after = actions.apply_dispatch(state, seat, move)
        case Invade():
            after = actions.apply_invade(state, seat, move)
        case Develop():
            after = actions.apply_develop(state, seat, move)
        case Collect():
            after = actions.apply_collect(state, seat, move)
        case Donate():
            after = actions.apply_donate(state, seat, move)
    if state.actions >= 1 and state.readings.time_machine_spent and seat is not None:
        after = _spend_time_machine(after, seat)
    after = _trigger(after.evolve(actions=state.actions + 1))
    if after.phase is Phase.OVER:
        return after
    if isinstance(move, Invade) and market.needs_refill(after):
        return after.evolve(phase=Phase.REFILL)
    return _after_action(after)


def _spend_time_machine(state: TableState, seat: int) -> TableState:
    """PR-7, the table's other reading (option ``time_machine``): the second action spends the Time Machine; it
    goes back to the supply (its VP with it), where anyone may develop it again."""
    player = state.seats[seat]
    kept = tuple(g for g in player.gadgets if g.gadget is not Gadget.TIME_MACHINE)
    return state.with_seat(seat, replace(player, gadgets=kept))


def _adjust(state: TableState, move: Adjust) -> TableState:
    player = state.seats[move.seat]
    seated = replace(player, resources=player.resources + move.resources, coins=player.coins + move.coins,
                     fame=player.fame + move.fame, hand=player.hand + move.workers)
    # fame gained comes from the pool (never below 0, PR-4); fame lost goes back to it (the text is silent;
    # the chips return to the central area like every other payment, closest ruling PR-4)
    return state.with_seat(move.seat, seated).evolve(fame_pool=max(0, state.fame_pool - move.fame))


def _maybe_begin(state: TableState) -> TableState:
    """PR-1: play begins once the start player is known and the market shows five types."""
    if state.start is None or (len(state.market) < MARKET_TYPES and state.deck > 0):
        return state
    return _begin_turn(state.evolve(turn=1))


def _begin_turn(state: TableState) -> TableState:
    after = state.evolve(phase=Phase.RETURN, actions=0, returned=frozenset())
    return after if after.pending_returns else after.evolve(phase=Phase.ACTION)


def _after_action(state: TableState) -> TableState:
    seat = state.to_move
    if state.phase is Phase.OVER or seat is None:
        return state
    if state.actions == 1 and time_machine_ready(state, seat):
        return state.evolve(phase=Phase.ACTION)  # PR-7: a second action, or "end"
    return _next_turn(state)


def _next_turn(state: TableState) -> TableState:
    """PR-4: once triggered, the game ends after the turn of the start player's right-hand neighbour."""
    if state.end_turn is not None and state.to_move == state.last_seat:
        return state.evolve(phase=Phase.OVER)
    return _begin_turn(state.evolve(turn=state.turn + 1))


def counted_cards(state: TableState, seat: int) -> int:
    """PR-4: the planet and gadget cards a seat holds towards the 12; New Earth is one of them (a reading: the
    text does not exclude it), unless the table chose the other reading (option ``new_earth``): then only the
    New Earth the player started with is left out. That reading counts the cards obtained, and a New Earth
    invaded from the market was obtained like any other planet."""
    held = state.seats[seat]
    if state.readings.new_earth_counts:
        return held.cards
    started_with = any(p.planet is Planet.NEW_EARTH and p.since == 0 for p in held.planets)
    return held.cards - int(started_with)


def end_condition(state: TableState) -> str | None:
    """PR-4: "cards" when a seat holds 12 planet and gadget cards (New Earth counted, as the table reads it),
    "fame" when the pool is empty, None otherwise."""
    if any(counted_cards(state, i) >= END_CARDS for i in range(state.players)):
        return "cards"
    if state.fame_pool <= 0:
        return "fame"
    return None


def _trigger(state: TableState) -> TableState:
    if state.end_turn is not None or state.phase in (Phase.SETUP, Phase.OVER):
        return state
    cause = end_condition(state)
    if cause is None:
        return state
    after = state.evolve(end_turn=state.turn, end_cause=cause)
    if state.to_move == state.last_seat:
        return after.evolve(phase=Phase.OVER)  # 「その場でゲーム終了」
    return after


def end_reasons(state: TableState) -> tuple[Reason, ...]:
    """Why the game is ending or over (PR-4), for the page: who triggered it (the player whose turn it was), when
    and why, who plays the last turn and how many turns remain."""
    if state.end_turn is None or state.start is None:
        return ()
    return (Reason("pr.end.triggered", "PR-4", True,
                   {"cause": state.end_cause, "turn": state.end_turn,
                    "seat": (state.start + state.end_turn - 1) % state.players, "last_seat": state.last_seat,
                    "turns_remaining": state.turns_remaining}),)


def actor(state: TableState, move: Move) -> int | None:
    """The seat making ``move``: set-up moves are the whole table's; an adjustment names its seat."""
    if isinstance(move, Adjust):
        return move.seat
    if isinstance(move, (Start, Reveal)) and state.phase is Phase.SETUP:
        return None
    return state.to_move


def legal_moves(state: TableState) -> tuple[Move, ...] | None:
    """Every legal move but adjustments (free-form, PR-6); None where the moves cannot be listed: a profile
    value the table must give (PR-6), or a Warp Gate with too many ways to dispatch (PR-7)."""
    seat = state.to_move
    if state.phase is Phase.OVER:
        return ()
    if state.phase is Phase.SETUP:
        found: list[Move] = [Start(s) for s in range(state.players)] if state.start is None else []
        if len(state.market) < MARKET_TYPES:
            found.extend(market.reveal_options(state))
        return tuple(found)
    if state.phase is Phase.REFILL:
        return tuple(market.reveal_options(state))
    assert seat is not None
    if state.phase is Phase.RETURN:
        found = []
        for planet in state.pending_returns:
            options = returns.return_options(state, seat, planet)
            if options is None:
                return None
            found.extend(options)
        return tuple(found)
    player = state.seats[seat]
    found = []
    if state.actions >= 1:
        found.append(End())
    for planet in range(len(player.planets)):
        options = returns.return_options(state, seat, planet)
        if options is None:
            return None
        found.extend(options)
    dispatches = actions.dispatch_options(state, seat)
    if dispatches is None:
        return None
    found.extend(dispatches)
    for offered in state.market_types:
        cost = state.profile.planet(offered).coins
        if cost is None:
            return None
        if cost <= player.coins:
            found.append(Invade(offered))
            if player.has(Gadget.HYPNOSIS_CAPSULE):
                found.extend(Invade(offered, hypnosis=pattern) for pattern in _patterns(player.hand))
    developed = actions.develop_options(state, seat)
    if developed is None:
        return None
    found.extend(developed)
    found.append(Collect())
    found.extend(Collect(r) for r in _held(state, seat))
    if not [r for r in actions.donate_reasons(state, seat, Donate()) if not r.ok]:
        found.append(Donate())
    return tuple(found)


def _patterns(hand: int) -> list[tuple[int, ...]]:
    """PR-7: Hypnosis Capsule's 31 non-empty patterns of the five slots (the 32nd is no worker at all)."""
    out = []
    for mask in range(1, 32):
        slots = tuple(i + 1 for i in range(5) if mask >> i & 1)
        if len(slots) <= hand:
            out.append(slots)
    return out


def _held(state: TableState, seat: int) -> list[Resource]:
    return [r for r in Resource if state.seats[seat].resources.get(r) > 0]


def impossible_reasons(state: TableState) -> tuple[Reason, ...]:
    """Why a table cannot be (for a state built from JSON by hand)."""
    return tuple(Reason(code, rule, False, params, path, impossible=True)
                 for code, rule, path, params in impossibilities(state))
