"""What a move does to the table: SC-3, SC-5, SC-6, SC-7 and SC-8 as pure functions returning an ``Effect``.

One function per kind of move; the tracker (rules.apply) and the referee API (api.play_request) both call them,
so a ruling reads the same everywhere.

- ``play_effect``: the card's own effect (Mirror, Pass, Stack 2 and the twelve S.P. cards), who is next, the
  colour to match, the reach penalty and whether the player went out.
- ``take_stack_effect`` (SC-3, with the SC-7 hand limit's overflow rules (a) and (b)), ``overflow_effect`` (the
  rule chosen on the spot), ``draw_effect`` (SC-4),
  ``pass_effect``, ``penalty_effect`` (SC-6 forgotten reach) and ``reshuffle_effect`` (SC-7 ruling).

Cards always come from somewhere: "即座に" cards from the deck unless the effect names the stack (可憐, 花穂,
鞠絵); cards added to the stack come from the deck (rule text: 「山札から、伏せたまま」). When the deck runs out
in the middle of a deal, the discard pile under the top card becomes the new deck at once (SC-7 ruling) and the
deal goes on; if even that is empty, the remaining cards are simply not dealt (``short`` in the reasons).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..base import Reason
from .cards import Element, Symbol, colour_name, number_of
from .deal import Deal, cycle, step
from .moves import Play
from .state import LIMIT_A, LIMIT_B, LIMIT_CHOSEN, STACK_TO_DECK, TableState

FORGOT_REACH_PENALTY = 2  # SC-6
BAD_OUT_PENALTY = 5  # SC-6


@dataclass(frozen=True)
class Effect:
    """The table after a move, as numbers (the API's ``effect`` is a subset of these)."""

    receives: tuple[int, ...]  # cards each seat took at once (from the stack or the deck); the penalty is apart
    hands: tuple[int, ...]  # every hand's size after the move (penalty included)
    stack: int
    deck: int
    direction: int
    next: int | None  # None when the game is over (SC-7)
    colour: Element | None  # the colour to match next
    penalty: int = 0  # cards the player drew for a reach mistake (SC-6)
    out: bool = False
    reshuffled: int = 0  # cards moved from the discard pile into the deck (SC-7 ruling)
    reach: str = ""  # "declared" / "forgotten" when the play left the player one card (SC-6)
    reasons: tuple[Reason, ...] = ()  # what happened, each with its ruling (all ok)
    stuck: int = 0  # SC-7 ruling under (a): players in a row who took nothing with every hand at the limit
    choosing: bool = False  # SC-7 chosen on the spot: the player to move now chooses (a) or (b)

    def to_json(self) -> dict[str, Any]:
        """The API's ``effect`` object (API.md)."""
        return {
            "receives": list(self.receives),
            "stack": self.stack,
            "deck": self.deck,
            "direction": self.direction,
            "next": self.next,
            "colour": None if self.colour is None else colour_name(self.colour),
            "penalty": self.penalty,
            "out": self.out,
        }


def _sp(deal: Deal, state: TableState, play: Play, direction: int) -> tuple[int, int | None]:
    """SC-5: the S.P.'s own effect. Returns (direction, the seat the turn goes to, or None for "as usual")."""
    p, n, out = state.turn, state.players, state.out
    key = play.card.sister.key
    code = f"sc.sp.{key}"
    if key == "karen":  # every other player 1, from the stack while it lasts, then the deck
        order = [s for s in cycle(n, out, step(n, out, p, direction), direction) if s != p]
        from_stack = 0
        for seat in order:
            before = deal.stack
            deal.give(seat, 1, "stack_then_deck")
            from_stack += before - deal.stack if before > deal.stack else 0
        deal.reasons.append(Reason(code, "SC-5", True, {"seats": order, "from_stack": from_stack,
                                                        "from_deck": len(order) - from_stack}))
    elif key == "kaho":  # deal the whole stack from the player on; the turn goes after the last receiver
        if deal.stack == 0:
            deal.reasons.append(Reason(code, "SC-5", True, {"dealt": 0, "last": None}))
            return direction, None
        seat, last, dealt, idle = p, p, 0, 0
        while deal.stack > 0 and idle < n:
            if deal.give(seat, 1, "stack"):
                last, dealt, idle = seat, dealt + 1, 0
            else:  # SC-7: a full hand is passed over (its card stays on the stack); all full: the deal stops
                idle += 1
            seat = step(n, out, seat, direction)
        deal.reasons.append(Reason(code, "SC-5", True, {"dealt": dealt, "last": last}))
        return direction, step(n, out, last, direction)
    elif key == "mamoru":  # SC-1
        deal.reasons.append(Reason(code, "SC-1", True, {"added": deal.to_stack(4)}))
    elif key == "sakuya":  # + the player's hand after playing, at most 7
        wanted = min(deal.hands[p], 7)
        deal.reasons.append(Reason(code, "SC-5", True, {"hand": deal.hands[p], "added": deal.to_stack(wanted)}))
    elif key == "hinako":
        target = step(n, out, p, direction)
        deal.reasons.append(Reason(code, "SC-5", True, {"seat": target, "cards": deal.give(target, 2, "deck")}))
    elif key == "marie":  # the stack keeps floor(n/2); ceil(n/2) dealt one by one from the next player
        kept, dealt = deal.stack // 2, deal.stack - deal.stack // 2
        seat = step(n, out, p, direction)
        seats = []
        for _ in range(dealt):
            deal.give(seat, 1, "stack")
            seats.append(seat)
            seat = step(n, out, seat, direction)
        deal.reasons.append(Reason(code, "SC-5", True, {"kept": kept, "dealt": dealt, "seats": seats}))
    elif key == "shirayuki":  # reverse, +2 on the stack
        direction = -direction
        deal.reasons.append(Reason(code, "SC-8", True, {"direction": direction, "added": deal.to_stack(2)}))
    elif key == "rinrin":  # everyone tied for the fewest cards after playing, the player included, gets 2
        order = cycle(n, out, p, direction)
        fewest = min(deal.hands[s] for s in order)
        seats = [s for s in order if deal.hands[s] == fewest]
        for seat in seats:
            deal.give(seat, 2, "deck")
        deal.reasons.append(Reason(code, "SC-5", True, {"fewest": fewest, "seats": seats}))
    elif key == "aria":  # reverse, then the next player (in the new direction) gets 2
        direction = -direction
        target = step(n, out, p, direction)
        deal.reasons.append(Reason(code, "SC-5", True, {"direction": direction, "seat": target,
                                                        "cards": deal.give(target, 2, "deck")}))
    elif key == "chikage":  # + the number of the card under the S.P. (word cards and S.P. count 0)
        under = state.top
        number = number_of(under) if under is not None else 0
        deal.reasons.append(Reason(code, "SC-5", True, {"under": str(under), "number": number,
                                                        "added": deal.to_stack(number)}))
    elif key == "haruka":  # the player 1, a chosen player 2, the stack +3
        mine = deal.give(p, 1, "deck")
        theirs = deal.give(play.target, 2, "deck") if play.target is not None else 0
        deal.reasons.append(Reason(code, "SC-5", True, {"player": mine, "seat": play.target, "cards": theirs,
                                                        "added": deal.to_stack(3)}))
    elif key == "yotsuba":  # a chosen player 2
        theirs = deal.give(play.target, 2, "deck") if play.target is not None else 0
        deal.reasons.append(Reason(code, "SC-5", True, {"seat": play.target, "cards": theirs}))
    return direction, None


def play_effect(state: TableState, play: Play, notice_forgotten: bool = False) -> Effect:
    """What playing ``play.card`` does (the caller has checked it is legal).

    ``notice_forgotten``: the forgotten "リーチ" is noticed at once and costs its 2 cards now (the referee API:
    its request says the play was made without it). The tracker leaves it to a ``reach-missed`` move (SC-6).
    """
    p, n = state.turn, state.players
    card = play.card
    deal = Deal(state, len(state.discard))  # the played card is the new top: everything under it may reshuffle
    before = deal.hands[p]
    deal.hands[p] -= 1
    direction = state.direction
    next_seat: int | None = None
    symbol = card.symbol
    if symbol is Symbol.MIRROR:
        direction = -direction
        deal.reasons.append(Reason("sc.card.mirror", "SC-8", True, {"direction": direction}))
    elif symbol is Symbol.PASS:
        skipped = step(n, state.out, p, direction)
        deal.reasons.append(Reason("sc.card.pass", "SC-8", True, {"skipped": skipped}))
        next_seat = step(n, state.out, p, direction, 2)
    elif symbol is Symbol.STACK_2:
        deal.reasons.append(Reason("sc.card.stack2", "SC-8", True, {"added": deal.to_stack(2)}))
    elif symbol is Symbol.SP:
        direction, next_seat = _sp(deal, state, play, direction)

    # SC-6: reach and the last card
    penalty_owed, out, reach = 0, False, ""
    if before == 1:
        declared, number = p in state.reached, symbol.is_number
        if declared and number:
            out = True
            deal.reasons.append(Reason("sc.out.went_out", "SC-6", True, {"seat": p, "place": len(state.out) + 1}))
        else:
            penalty_owed = BAD_OUT_PENALTY
            code = "sc.reach.out_without_reach" if not declared else "sc.reach.out_on_non_number"
            deal.reasons.append(Reason(code, "SC-6", True, {"card": str(card), "penalty": penalty_owed}))
    elif before - 1 == 1:
        reach = "declared" if play.reach else "forgotten"
        if not play.reach and notice_forgotten and deal.hands[p] == 1:
            penalty_owed = FORGOT_REACH_PENALTY
            deal.reasons.append(Reason("sc.reach.forgotten_noticed", "SC-6", True, {"penalty": penalty_owed}))
    penalty = deal.draw(p, penalty_owed)
    if penalty != penalty_owed:
        deal.reasons.append(Reason("sc.limit.penalty_capped", "SC-7", True, {"owed": penalty_owed,
                                                                            "drawn": penalty}))

    gone = state.out + ((p,) if out else ())
    finished = out and (state.options.end == "first_out" or len(state.active) - 1 <= 1)
    if finished:
        next_seat = None
    elif next_seat is None:
        next_seat = step(n, gone, p, direction)
    colour = play.colour if symbol is Symbol.SP else card.element
    return Effect(tuple(deal.receives), tuple(deal.hands), deal.stack, deal.deck, direction, next_seat, colour,
                  penalty, out, deal.reshuffled, reach, tuple(deal.notes()))


def _simple(state: TableState, deal: Deal, next_seat: int | None) -> Effect:
    return Effect(tuple(deal.receives), tuple(deal.hands), deal.stack, deal.deck, state.direction, next_seat,
                  state.colour, 0, False, deal.reshuffled, "", tuple(deal.notes()))


def take_stack_effect(state: TableState) -> Effect:
    """SC-3: the player takes the whole stack and does not play; the turn passes on.

    SC-7 "みんななかよく": the player takes no more than the hand limit allows. What is left: (a) stays, and
    obstruction mode goes on (until every player in turn could not play with every hand at the limit: then the
    stack goes back into the deck, SC-7 ruling); (b) every other player below the limit gets 1 at once, from the
    stack while it lasts, then from the deck, round after round while the stack lasts, from the next player on;
    when every hand is at the limit, the stack goes back into the deck. Under the option's third setting the
    player chooses (a) or (b) then: the turn stays with them and ``choosing`` says the table waits for it
    (``overflow_effect`` carries it out).
    """
    p = state.turn
    deal = Deal(state, len(state.discard) - 1)
    room = deal.stack if deal.limit is None else max(deal.limit - deal.hands[p], 0)
    taken = min(deal.stack, room)
    deal.stack -= taken
    deal.hands[p] += taken
    deal.receives[p] += taken
    deal.reasons.append(Reason("sc.stack.taken", "SC-3", True, {"seat": p, "cards": taken}))
    if deal.stack and state.options.hand_limit == LIMIT_CHOSEN:  # the turn does not pass on yet: "left" says so
        deal.reasons[-1] = Reason("sc.stack.taken", "SC-3", True, {"seat": p, "cards": taken, "left": deal.stack})
        deal.reasons.append(Reason("sc.limit.choose", "SC-7", True, {"seat": p, "left": deal.stack}))
        return replace(_simple(state, deal, p), stuck=state.stuck, choosing=True)
    return _left_over(state, deal, {LIMIT_A: "a", LIMIT_B: "b"}.get(state.options.hand_limit, ""))


def overflow_effect(state: TableState, rule: str) -> Effect:
    """SC-7, chosen on the spot: the player who took the stack up to the limit chose rule ``rule`` ("a" or "b")
    for the cards left on it; it is carried out as a table that fixed that rule before the game would."""
    return _left_over(state, Deal(state, len(state.discard) - 1), rule)


def _left_over(state: TableState, deal: Deal, rule: str) -> Effect:
    """SC-7 (a) or (b) for the cards the player to move could not take (none left: nothing to do); the turn
    passes on."""
    p, n = state.turn, state.players
    stuck = 0
    if deal.stack and rule == "a":
        stuck = _rule_a(deal, state)
    elif deal.stack and rule == "b":
        left, returned = deal.stack, 0
        while deal.stack:
            order = [s for s in cycle(n, state.out, step(n, state.out, p, state.direction), state.direction)
                     if s != p and not deal.full(s)]
            if not order:
                returned, deal.deck, deal.stack = deal.stack, deal.deck + deal.stack, 0
                break
            for seat in order:
                deal.give(seat, 1, "stack_then_deck")
        deal.reasons.append(Reason("sc.limit.rule_b", "SC-7", True, {"left": left, "returned": returned}))
    effect = _simple(state, deal, step(n, state.out, p, state.direction))
    return replace(effect, stuck=stuck)


def _rule_a(deal: Deal, state: TableState) -> int:
    """SC-7 (a): what the player could not take stays on the stack and obstruction mode goes on.

    Ruling (not in the text): when every hand is at the limit with the stack left and nobody can play, the stack
    goes back into the deck and obstruction mode ends, as (b)'s last sentence says for (b); else such a table
    would go round for ever, each player taking nothing. Hands are secret (SC-9), so "nobody can play" is what the
    table shows: every player still in took the stack in turn, one after another, instead of playing, while
    every hand was at the limit. Returns that count (0 once the stack went back, or while a hand has room)."""
    left, players = deal.stack, len(state.active)
    everyone_full = all(deal.full(s) for s in state.active)
    if not everyone_full or state.options.all_at_limit != STACK_TO_DECK:
        deal.reasons.append(Reason("sc.limit.rule_a", "SC-7", True, {"left": left}))
        return 0
    declined = state.stuck + 1
    if declined >= players:
        deal.deck, deal.stack = deal.deck + left, 0
        deal.reasons.append(Reason("sc.limit.stack_to_deck", "SC-7", True, {"returned": left, "players": players}))
        return 0
    deal.reasons.append(Reason("sc.limit.rule_a", "SC-7", True, {"left": left}))
    deal.reasons.append(Reason("sc.limit.all_at_limit", "SC-7", True, {"declined": declined, "players": players,
                                                                       "left": left}))
    return declined


def draw_effect(state: TableState) -> Effect:
    """SC-4: the player draws one card; the turn stays while they decide to play it or keep it."""
    deal = Deal(state, len(state.discard) - 1)
    drawn = deal.draw(state.turn, 1)
    deal.receives[state.turn] += drawn
    return _simple(state, deal, state.turn)


def pass_effect(state: TableState) -> Effect:
    """SC-4 keep the drawn card, or SC-7 pass at the hand limit: the turn passes to the next player."""
    deal = Deal(state, 0)
    return _simple(state, deal, step(state.players, state.out, state.turn, state.direction))


def penalty_effect(state: TableState, seat: int) -> Effect:
    """SC-6: a forgotten "リーチ" is noticed: ``seat`` draws 2 (never beyond the SC-7 hand limit)."""
    deal = Deal(state, len(state.discard) - 1)
    drawn = deal.draw(seat, FORGOT_REACH_PENALTY)
    deal.reasons.append(Reason("sc.reach.forgotten_noticed", "SC-6", True, {"seat": seat, "penalty": drawn}))
    effect = _simple(state, deal, state.turn)
    return Effect(effect.receives, effect.hands, effect.stack, effect.deck, effect.direction, effect.next,
                  effect.colour, drawn, False, effect.reshuffled, "", effect.reasons)


def reshuffle_effect(state: TableState) -> Effect:
    """SC-7 ruling: the discard pile under the top card becomes the deck."""
    deal = Deal(state, len(state.discard) - 1)
    deal.deck, deal.reshuffled, deal.pool = deal.deck + deal.pool, deal.pool, 0
    return _simple(state, deal, state.turn)

