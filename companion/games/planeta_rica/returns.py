"""Returning a worker (帰還, PR-2): which worker comes back, what its slot pays, and the player's choices.

Used by the return phase (every planet with workers, in the order the player chooses, none skipped) and by
the "return" action (one more worker, PR-3). The reward comes from the deck profile; while the profile does
not know a slot, the move says what the slot shows (``shows``/``copied``, PR-6).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import product

from ..base import Reason
from .cards import Resource, Resources, Reward
from .moves import Return
from .state import TableState

RULE = "PR-2"


@dataclass(frozen=True)
class Payout:
    """What a return pays: the slot, what it shows, and the reward paid (a copy resolved; None: nothing)."""

    slot: int
    shows: Reward | None
    reward: Reward | None


def printed(state: TableState, seat: int, planet: int, slot: int, given: Reward | None) -> Reward | None:
    """A slot's reward: the profile's, else what the move says it shows."""
    known = state.profile.slot(state.seats[seat].planets[planet].planet, slot)
    return known if known is not None else given


def copy_targets(state: TableState, seat: int, planet: int, slot: int) -> tuple[int, ...]:
    """PR-2: the other planets whose same slot may be copied (a copy slot cannot copy another copy slot;
    a slot the profile does not know may be copied, the move then says what it shows)."""
    planets = state.seats[seat].planets
    return tuple(j for j, p in enumerate(planets)
                 if j != planet and state.profile.slot(p.planet, slot) is not Reward.COPY)


def return_reasons(state: TableState, seat: int, move: Return) -> list[Reason]:
    """Every condition of returning ``move.planet``'s topmost worker and taking its reward."""
    owned = state.seats[seat].planets
    if not 0 <= move.planet < len(owned):
        return [Reason("pr.return.planet_owned", RULE, False, {"planet": move.planet, "planets": len(owned)},
                       "planet")]
    card = owned[move.planet].planet.value
    reasons = [Reason("pr.return.planet_owned", RULE, True, {"planet": move.planet, "card": card})]
    slot = owned[move.planet].topmost
    reasons.append(Reason("pr.return.has_worker", RULE, slot is not None, {"planet": move.planet, "card": card},
                          "planet"))
    if slot is None:
        return reasons
    reasons.append(Reason("pr.return.topmost", RULE, True, {"planet": move.planet, "card": card, "slot": slot}))
    shows, checks = _known(state, seat, move.planet, slot, move.shows, "shows")
    reasons.extend(checks)
    if shows is None:
        return reasons
    reward: Reward | None = shows
    if shows is Reward.COPY:
        reward, checks = _copy(state, seat, move, slot)
        reasons.extend(checks)
    elif move.copy is not None or move.copied is not None:
        reasons.append(Reason("pr.return.copy_not_needed", RULE, False, {"card": card, "slot": slot,
                                                                         "reward": shows.value}, "copy"))
    if reward is not None or shows is Reward.COPY:
        reasons.extend(_choices(state, seat, move, reward, card, slot))
    return reasons


def _known(state: TableState, seat: int, planet: int, slot: int, given: Reward | None,
           path: str) -> tuple[Reward | None, list[Reason]]:
    card = state.seats[seat].planets[planet].planet
    known = state.profile.slot(card, slot)
    params = {"card": card.value, "slot": slot}
    if known is None:
        return given, [Reason("pr.return.slot_known", "PR-6", given is not None, params, path)]
    if given is not None and given is not known:
        return None, [Reason("pr.return.slot_matches_profile", "PR-6", False,
                             {**params, "profile": known.value, "given": given.value}, path)]
    return known, [Reason("pr.return.slot_known", "PR-6", True, {**params, "reward": known.value})]


def _copy(state: TableState, seat: int, move: Return, slot: int) -> tuple[Reward | None, list[Reason]]:
    """PR-2: a copy slot pays the same slot of another planet the player owns, chosen at each return."""
    targets = copy_targets(state, seat, move.planet, slot)
    card = state.seats[seat].planets[move.planet].planet.value
    if move.copy is None:
        if move.copied is not None:
            return None, [Reason("pr.return.copy_target", RULE, False, {"card": card, "slot": slot,
                                                                         "targets": list(targets)}, "copy")]
        # nothing to copy pays nothing; while there is something, the player must choose
        return None, [Reason("pr.return.copy_target", RULE, not targets,
                             {"card": card, "slot": slot, "targets": list(targets)}, "copy")]
    owned = state.seats[seat].planets
    if move.copy == move.planet or not 0 <= move.copy < len(owned):
        return None, [Reason("pr.return.copy_target", RULE, False,
                             {"card": card, "slot": slot, "copy": move.copy, "targets": list(targets)}, "copy")]
    copied, reasons = _known(state, seat, move.copy, slot, move.copied, "copied")
    target = owned[move.copy].planet.value
    if copied is None:
        return None, reasons
    reasons.append(Reason("pr.return.copy_not_copy", RULE, copied is not Reward.COPY,
                          {"card": card, "slot": slot, "copy": move.copy, "target": target}, "copy"))
    return (copied if copied is not Reward.COPY else None), reasons


def _choices(state: TableState, seat: int, move: Return, reward: Reward | None, card: str, slot: int) -> list[Reason]:
    """The player's choice an "any" or "exchange" reward asks for; other rewards take none."""
    have = state.seats[seat].resources
    if reward is Reward.ANY:
        ok = move.take.total == 1 and not move.give.total
        return [Reason("pr.return.take_one", RULE, ok, {"card": card, "slot": slot, "take": str(move.take)}, "take")]
    if reward is Reward.EXCHANGE:
        # 「資源をいくらかでも中央に戻し」: any number, none included (PR-2); then exactly as many back
        return [
            Reason("pr.return.exchange_holdings", RULE, have.covers(move.give),
                   {"give": str(move.give), "have": str(have)}, "give"),
            Reason("pr.return.exchange_even", RULE, move.take.total == move.give.total,
                   {"give": str(move.give), "take": str(move.take)}, "take"),
        ]
    ok = not move.take.total and not move.give.total
    return [Reason("pr.return.no_choice", RULE, ok, {"card": card, "slot": slot,
                                                     "reward": "nothing" if reward is None else reward.value}, "take")]


def payout(state: TableState, seat: int, move: Return) -> Payout:
    """What a legal return pays (``return_reasons`` passed)."""
    planet = state.seats[seat].planets[move.planet]
    slot = planet.topmost or 1
    shows = printed(state, seat, move.planet, slot, move.shows)
    reward = shows
    if shows is Reward.COPY:
        reward = None if move.copy is None else printed(state, seat, move.copy, slot, move.copied)
    return Payout(slot, shows, reward)


def apply_return(state: TableState, seat: int, move: Return) -> TableState:
    """The worker comes back to hand and the reward is paid (PR-4: fame from an empty pool still counts)."""
    paid = payout(state, seat, move)
    player = state.seats[seat]
    planets = list(player.planets)
    planets[move.planet] = planets[move.planet].with_workers((paid.slot,), False)
    resources, coins, fame, hand, pool = player.resources, player.coins, player.fame, player.hand + 1, state.fame_pool
    reward = paid.reward
    if reward is not None and reward.resource is not None:
        resources = resources + Resources.one(reward.resource)
    elif reward in (Reward.ANY, Reward.EXCHANGE):
        resources = resources - move.give + move.take
    elif reward is Reward.COIN:
        coins += 1
    elif reward is Reward.COIN2:
        coins += 2
    elif reward is Reward.FAME:
        fame, pool = fame + 1, max(0, pool - 1)
    elif reward is Reward.WORKER:
        hand += 1
    seated = replace(player, planets=tuple(planets), resources=resources, coins=coins, fame=fame, hand=hand)
    return state.with_seat(seat, seated).evolve(fame_pool=pool)


LIST_LIMIT = 2000  # an exchange with many resources has too many choices to list (legal_moves says None)


def return_options(state: TableState, seat: int, planet: int) -> list[Return] | None:
    """Every legal return from ``planet`` with each choice its reward allows; None while a slot is unknown or
    an exchange has more than ``LIST_LIMIT`` choices."""
    slot = state.seats[seat].planets[planet].topmost
    if slot is None:
        return []
    shows = state.profile.slot(state.seats[seat].planets[planet].planet, slot)
    if shows is None:
        return None
    if shows is not Reward.COPY:
        return _limited(_with_choices(state, seat, Return(planet), shows))
    targets = copy_targets(state, seat, planet, slot)
    if not targets:
        return [Return(planet)]
    options: list[Return] = []
    for target in targets:
        copied = state.profile.slot(state.seats[seat].planets[target].planet, slot)
        if copied is None:
            return None
        options.extend(_with_choices(state, seat, Return(planet, copy=target), copied))
    return _limited(options)


def _limited(options: list[Return]) -> list[Return] | None:
    return options if len(options) <= LIST_LIMIT else None


def _with_choices(state: TableState, seat: int, base: Return, reward: Reward) -> list[Return]:
    if reward is Reward.ANY:
        return [replace(base, take=Resources.one(r)) for r in Resource]
    if reward is not Reward.EXCHANGE:
        return [base]
    have = state.seats[seat].resources
    options: list[Return] = []
    for give in product(*(range(have.get(r) + 1) for r in Resource)):
        if len(options) > LIST_LIMIT:
            break
        bag = Resources(*give)
        for take in bags(bag.total):
            options.append(replace(base, give=bag, take=take))
    return options


def bags(total: int) -> list[Resources]:
    """Every mix of ``total`` resources."""
    return [Resources(t, m, total - t - m) for t in range(total + 1) for m in range(total - t + 1)]
