"""check / apply / legal_moves / actor for a tracked game (SC-2 … SC-9).

``check`` lists every condition it looked at, passing ones too, each a Reason ``sc.<area>.<what>`` with its
ruling id; it never raises on a parsed move. ``apply`` folds the ``effects`` module's answer into the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import IllegalMove, Reason, Verdict
from .cards import DECK, DECK_SIZE, Card, Element, Symbol, colour_name
from .deal import step
from .effects import (
    Effect,
    draw_effect,
    overflow_effect,
    pass_effect,
    penalty_effect,
    play_effect,
    reshuffle_effect,
    take_stack_effect,
)
from .moves import OVERFLOW_RULES, Draw, Keep, Move, Overflow, PassTurn, Play, ReachMissed, Reshuffle, Setup, TakeStack
from .state import HAND_DEALT, HANDS_DEALT, TableState

TARGETED = ("haruka", "yotsuba")  # SC-5: the S.P. cards that name a seat ("誰か一人")


def _game_open(state: TableState, setup: bool, choice: bool = False) -> list[Reason]:
    if setup:
        if state.started:
            return [Reason("sc.setup.already_done", "SC-8", False, {})]
        return [Reason("sc.setup.not_done", "SC-8", True, {})]
    if not state.started:
        return [Reason("sc.game.not_started", "SC-8", False, {})]
    if state.finished:
        return [Reason("sc.game.over", "SC-7", False, {"end": state.options.end, "out": list(state.out)})]
    if state.choosing and not choice:  # SC-7 chosen on the spot: the table waits for (a) or (b)
        return [Reason("sc.limit.choose_first", "SC-7", False, {"seat": state.turn, "left": state.stack})]
    return []


def _check_setup(state: TableState, move: Setup) -> list[Reason]:
    reasons = _game_open(state, True)
    n = state.players
    if len(move.hands) != n:
        reasons.append(Reason("sc.setup.hand_count", "SC-8", False, {"players": n, "hands": len(move.hands)},
                              "hands"))
    else:
        reasons.append(Reason("sc.setup.hand_count", "SC-8", True, {"players": n, "hands": n}, "hands"))
    if not 0 <= move.first < n:
        reasons.append(Reason("sc.seat.no_such_seat", "SC-8", False, {"seat": move.first, "players": n}, "first"))
    if state.options.hands == HANDS_DEALT:
        # SC-8 (「各プレイヤーに裏向きで7枚ずつ配ります」): every hand starts with 7 cards
        dealt = all(h == HAND_DEALT for h in move.hands)
        reasons.append(Reason("sc.setup.seven_each", "SC-8", dealt,
                              {"hands": list(move.hands), "dealt": HAND_DEALT}, "hands"))
    elif any(h == 0 for h in move.hands):
        reasons.append(Reason("sc.setup.empty_hand", "SC-8", False, {"hands": list(move.hands)}, "hands"))
    total = sum(move.hands) + 1
    if total > DECK_SIZE:
        reasons.append(Reason("sc.setup.too_many_cards", "SC-0", False, {"dealt": total, "deck": DECK_SIZE},
                              "hands", impossible=True))
    ok = move.field.symbol.is_number
    reasons.append(Reason("sc.setup.field_number", "SC-8", ok, {"card": str(move.field)}, "field"))
    reasons.append(Reason("sc.setup.clockwise", "SC-8", True, {}))  # a reading: said so where it is shown
    return reasons


def match_reasons(state: TableState, card_played: Play) -> list[Reason]:
    """SC-2 matching and SC-3 obstruction mode: the conditions that let ``card`` onto the discard pile."""
    card, top = card_played.card, state.top
    colour = state.colour
    reasons: list[Reason] = []
    params = {"card": str(card), "top": str(top), "colour": None if colour is None else colour_name(colour),
              "stack": state.stack}
    if state.obstruction:
        if card.symbol.is_number:
            reasons.append(Reason("sc.obstruction.number_card", "SC-3", False, params, "card"))
            return reasons
        reasons.append(Reason("sc.obstruction.word_or_sp", "SC-3", True, params, "card"))
    matched = []
    if card.symbol is Symbol.SP:
        matched.append(Reason("sc.match.sp", "SC-2", True, params, "card"))
    if colour is not None and card.element is colour:
        after_sp = top is not None and top.symbol is Symbol.SP  # SC-2: the colour its player named
        matched.append(Reason("sc.match.named_colour" if after_sp else "sc.match.colour", "SC-2", True, params,
                              "card"))
    if top is not None and top.symbol is card.symbol and card.symbol is not Symbol.SP:
        matched.append(Reason("sc.match.symbol", "SC-2", True, params, "card"))
    if not matched:
        reasons.append(Reason("sc.match.none", "SC-2", False, params, "card"))
    return reasons + matched


def choice_reasons(state: TableState, play: Play) -> list[Reason]:
    """SC-8 colour named after an S.P.; SC-5 target seat of 春歌 and 四葉."""
    reasons: list[Reason] = []
    card = play.card
    if card.symbol is not Symbol.SP:
        return reasons
    if play.colour is None:
        reasons.append(Reason("sc.choice.colour_missing", "SC-8", False, {"card": str(card)}, "colour"))
    else:
        reasons.append(Reason("sc.choice.colour", "SC-8", True, {"colour": colour_name(play.colour)}, "colour"))
    if card.sister.key in TARGETED:
        target, params = play.target, {"card": str(card), "target": play.target, "players": state.players}
        if target is None:
            reasons.append(Reason("sc.choice.target_missing", "SC-5", False, params, "target"))
        elif not 0 <= target < state.players:
            reasons.append(Reason("sc.seat.no_such_seat", "SC-5", False, params, "target"))
        elif target == state.turn:
            # SC-5, a reading: "誰か一人" is another player, since 鈴凜's text says so where the player is included
            # (「対象にプレイヤーを含む」) and 春歌's and 四葉's do not. The message says it is a reading.
            reasons.append(Reason("sc.choice.target_self", "SC-5", False, params, "target"))
        elif target in state.out:
            reasons.append(Reason("sc.choice.target_out", "SC-5", False, params, "target"))
        else:
            reasons.append(Reason("sc.choice.target", "SC-5", True, params, "target"))
    return reasons


def reach_reasons(state: TableState, play: Play) -> list[Reason]:
    """SC-6: consequences, never a refusal (a forgotten reach or a bad last card is legal but costs cards)."""
    hand = state.hands[state.turn]
    params = {"seat": state.turn, "hand": hand, "card": str(play.card)}
    if hand == 1:
        declared = state.turn in state.reached
        number = play.card.symbol.is_number
        if declared and number:
            return [Reason("sc.reach.last_card_ok", "SC-6", True, params)]
        code = "sc.reach.out_without_reach" if not declared else "sc.reach.out_on_non_number"
        return [Reason(code, "SC-6", True, {**params, "penalty": 5})]
    if hand == 2:
        if play.reach:
            return [Reason("sc.reach.declared", "SC-6", True, params)]
        return [Reason("sc.reach.forgotten", "SC-6", True, {**params, "penalty_if_noticed": 2})]
    if play.reach:  # declared with more cards left: harmless (closest: SC-6)
        return [Reason("sc.reach.not_needed", "SC-6", True, params)]
    return []


def _check_play(state: TableState, play: Play) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    seat = state.turn
    params = {"seat": seat, "hand": state.hands[seat]}
    if state.drawn:
        reasons.append(Reason("sc.draw.plays_drawn_card", "SC-4", True, {**params, "card": str(play.card)}))
    if state.hands[seat] < 1:
        reasons.append(Reason("sc.hand.empty", "SC-9", False, params, impossible=True))
    else:
        reasons.append(Reason("sc.turn.players_turn", "SC-8", True, params))
    if play.card in state.discard:
        reasons.append(Reason("sc.card.already_seen", "SC-9", False, {"card": str(play.card)}, "card",
                              impossible=True))
    reasons += match_reasons(state, play)
    reasons += choice_reasons(state, play)
    reasons += reach_reasons(state, play)
    return reasons


def _check_draw(state: TableState, move: Draw) -> list[Reason]:
    reasons = _check_drawing(state)
    if move.keep and all(r.ok for r in reasons):  # SC-4: drawn and kept in one entry, the turn passes
        reasons.append(Reason("sc.draw.keep", "SC-4", True, {"seat": state.turn}))
    return reasons


def _check_drawing(state: TableState) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    seat, limit = state.turn, state.options.limit
    params = {"seat": seat, "hand": state.hands[seat], "stack": state.stack, "deck": state.deck}
    if state.drawn:
        return [Reason("sc.draw.already_drawn", "SC-4", False, params)]
    if state.obstruction:
        return [Reason("sc.draw.obstruction", "SC-3", False, params)]
    if limit is not None and state.hands[seat] >= limit:
        return [Reason("sc.limit.cannot_draw", "SC-7", False, {**params, "limit": limit})]
    if state.deck + len(state.discard) - 1 <= 0:
        return [Reason("sc.deck.nothing_to_draw", "SC-7", False, params)]
    return [Reason("sc.draw.normal_mode", "SC-4", True, params)]


def _check_keep(state: TableState) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    return [Reason("sc.draw.keep", "SC-4", state.drawn, {"seat": state.turn})]


def _check_take(state: TableState) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    params = {"seat": state.turn, "stack": state.stack}
    if state.drawn:
        return [Reason("sc.draw.already_drawn", "SC-4", False, params)]
    return [Reason("sc.stack.take" if state.obstruction else "sc.stack.empty", "SC-3", state.obstruction, params)]


def _check_pass(state: TableState) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    seat, limit = state.turn, state.options.limit
    params = {"seat": seat, "hand": state.hands[seat], "limit": limit, "deck": state.deck}
    if state.drawn:
        return [Reason("sc.draw.already_drawn", "SC-4", False, params)]
    if state.obstruction:
        return [Reason("sc.pass.obstruction", "SC-3", False, params)]
    if limit is not None and state.hands[seat] >= limit:
        return [Reason("sc.limit.pass", "SC-7", True, params)]
    if state.deck + len(state.discard) - 1 <= 0:
        return [Reason("sc.deck.nothing_to_draw", "SC-7", True, params)]
    return [Reason("sc.pass.must_draw", "SC-4", False, params)]


def _check_reach_missed(state: TableState, move: ReachMissed) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    params = {"seat": move.seat, "players": state.players}
    if not 0 <= move.seat < state.players:
        return [Reason("sc.seat.no_such_seat", "SC-6", False, params, "seat")]
    ok = move.seat in state.forgot and state.hands[move.seat] == 1
    return [Reason("sc.reach.missed" if ok else "sc.reach.nothing_missed", "SC-6", ok, params, "seat")]


def _check_reshuffle(state: TableState) -> list[Reason]:
    reasons = _game_open(state, False)
    if reasons:
        return reasons
    params = {"deck": state.deck, "discard": len(state.discard)}
    if state.deck > 0:
        return [Reason("sc.deck.not_empty", "SC-7", False, params)]
    return [Reason("sc.deck.reshuffle", "SC-7", len(state.discard) >= 2, params)]


def _check_overflow(state: TableState, move: Overflow) -> list[Reason]:
    reasons = _game_open(state, False, choice=True)
    if reasons:
        return reasons
    if not state.choosing:
        return [Reason("sc.limit.not_asked", "SC-7", False, {"hand_limit": state.options.hand_limit}, "rule")]
    return [Reason("sc.limit.chosen", "SC-7", True, {"seat": state.turn, "rule": move.rule, "left": state.stack},
                   "rule")]


def check(state: TableState, move: Move) -> Verdict:
    """Every condition of ``move`` on ``state``; total (never raises for a parsed move)."""
    match move:
        case Setup():
            reasons = _check_setup(state, move)
        case Play():
            reasons = _check_play(state, move)
        case Draw():
            reasons = _check_draw(state, move)
        case Keep():
            reasons = _check_keep(state)
        case TakeStack():
            reasons = _check_take(state)
        case PassTurn():
            reasons = _check_pass(state)
        case ReachMissed():
            reasons = _check_reach_missed(state, move)
        case Reshuffle():
            reasons = _check_reshuffle(state)
        case Overflow():
            reasons = _check_overflow(state, move)
    return Verdict.of(reasons)


def _after(state: TableState, effect: Effect, discard: tuple[Card, ...] | None = None) -> TableState:
    """Fold an Effect into the state; the reach flags only stand while a hand holds one card (SC-6)."""
    pile = state.discard if discard is None else discard
    if effect.reshuffled:
        pile = pile[:1]
    reached = frozenset(s for s in state.reached if effect.hands[s] == 1)
    forgot = frozenset(s for s in state.forgot if effect.hands[s] == 1)
    return state.evolve(hands=effect.hands, stack=effect.stack, deck=effect.deck, discard=pile,
                        direction=effect.direction, turn=state.turn if effect.next is None else effect.next,
                        colour=effect.colour, reached=reached, forgot=forgot)


def apply(state: TableState, move: Move) -> TableState:
    """The state after a legal ``move``; raises IllegalMove otherwise."""
    verdict = check(state, move)
    if not verdict.legal:
        raise IllegalMove(verdict)
    match move:
        case Setup():
            return state.evolve(started=True, hands=move.hands, deck=DECK_SIZE - sum(move.hands) - 1,
                                discard=(move.field,), colour=move.field.element, turn=move.first)
        case Play():
            effect = play_effect(state, move)
            after = _after(state, effect, (move.card, *state.discard))
            seat = state.turn
            reached, forgot = set(after.reached) - {seat}, set(after.forgot) - {seat}
            if effect.hands[seat] == 1 and effect.reach == "declared":
                reached.add(seat)
            if effect.hands[seat] == 1 and effect.reach == "forgotten":
                forgot.add(seat)
            # a play breaks a run of players who could not play (SC-7 ruling under (a))
            return after.evolve(out=state.out + ((seat,) if effect.out else ()), reached=frozenset(reached),
                                forgot=frozenset(forgot), drawn=False, stuck=0)
        case Draw():
            drawn = _after(state, draw_effect(state)).evolve(drawn=True, stuck=0)
            if move.keep:  # SC-4: and kept: the turn passes, as a Keep after it would
                return _after(drawn, pass_effect(drawn)).evolve(drawn=False, stuck=0)
            return drawn
        case Keep() | PassTurn():
            return _after(state, pass_effect(state)).evolve(drawn=False, stuck=0)
        case TakeStack():
            effect = take_stack_effect(state)
            return _after(state, effect).evolve(stuck=effect.stuck, choosing=effect.choosing)
        case Overflow():
            effect = overflow_effect(state, move.rule)
            return _after(state, effect).evolve(stuck=effect.stuck, choosing=False)
        case ReachMissed():
            effect = penalty_effect(state, move.seat)
            return _after(state, effect).evolve(forgot=state.forgot - {move.seat})
        case Reshuffle():
            return _after(state, reshuffle_effect(state))


def actor(state: TableState, move: Move) -> int | None:
    """The seat making ``move``: the player to move; the seat that draws for a noticed reach; None for set-up
    and a reshuffle (the table's own moves)."""
    match move:
        case Setup() | Reshuffle():
            return None
        case ReachMissed():
            return move.seat
        case _:
            return state.turn


def _plays(state: TableState) -> list[Move]:
    seen = set(state.discard)
    hand = state.hands[state.turn]
    others = [s for s in state.active if s != state.turn]
    plays: list[Move] = []
    if hand < 1:
        return plays
    for card in DECK:
        if card in seen:
            continue
        bare = Play(card)
        if not all(r.ok for r in match_reasons(state, bare)):
            continue
        reaches = (False, True) if hand == 2 else (False,)
        colours: Sequence[Element | None] = tuple(Element) if card.symbol is Symbol.SP else (None,)
        targets: Sequence[int | None] = others if (card.symbol is Symbol.SP and card.sister.key in TARGETED) \
            else (None,)
        plays += [Play(card, reach, colour, target) for reach in reaches for colour in colours for target in targets]
    return plays


def legal_moves(state: TableState) -> tuple[Move, ...]:
    """Every legal move. Hands are secret (SC-9), so every card not on the discard pile that matches may be
    played. Before set-up: the standard deal (7 cards each) with each first seat and each number field card."""
    if not state.started:
        hands = (7,) * state.players
        return tuple(Setup(first, hands, card) for first in range(state.players) for card in DECK
                     if card.symbol.is_number)
    if state.finished:
        return ()
    if state.choosing:  # SC-7 chosen on the spot: nothing else until the player chooses
        return tuple(Overflow(rule) for rule in OVERFLOW_RULES)
    moves: list[Move] = _plays(state)
    for extra in (Draw(), Draw(keep=True), Keep(), TakeStack(), PassTurn(), Reshuffle()):
        if check(state, extra).legal:
            moves.append(extra)
    moves += [ReachMissed(s) for s in sorted(state.forgot) if check(state, ReachMissed(s)).legal]
    return tuple(moves)


__all__ = ["TARGETED", "actor", "apply", "check", "choice_reasons", "legal_moves", "match_reasons",
           "reach_reasons", "step"]
