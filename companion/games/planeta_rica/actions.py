"""The actions of the action phase but "return" (which is in returns.py): dispatch, invade, develop, collect,
donate (PR-3), with the gadgets that change them (Warp Gate, Hypnosis Capsule, PR-7).

Each action has ``<action>_reasons(state, seat, move)``: every condition, passing or failing, and
``apply_<action>(state, seat, move)`` for a move whose reasons all passed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..base import Reason
from .cards import Gadget, Resource, Resources
from .moves import Collect, Develop, Dispatch, Donate, Invade, Placement
from .profile import Cost
from .returns import bags
from .state import OwnedGadget, OwnedPlanet, Stack, TableState

DISPATCH_MAX = 5  # PR-3: up to 5 workers (no cap with Warp Gate, PR-7)
COLLECT_COIN = 1  # 集金: 1 coin, then +2 for a returned resource
COLLECT_BONUS = 2
DONATE_FAME = 3  # 寄付: 1 of each resource and 1 coin for 3 fame
DONATE_COINS = 1


# -- dispatch -----------------------------------------------------------------------------------------------


def dispatch_reasons(state: TableState, seat: int, move: Dispatch) -> list[Reason]:
    """PR-3: one planet, up to 5 workers from hand, empty slots from the top, none skipped, one per slot;
    PR-7: with Warp Gate several planets and no cap."""
    player = state.seats[seat]
    count = sum(len(p.slots) for p in move.placements)
    reasons = [Reason("pr.dispatch.workers_in_hand", "PR-3", count <= player.hand,
                      {"count": count, "hand": player.hand}, "placements")]
    planets = [p.planet for p in move.placements]
    if player.has(Gadget.WARP_GATE):
        reasons.append(Reason("pr.dispatch.warp_gate", "PR-7", True, {"planets": len(planets), "count": count}))
    else:
        reasons.append(Reason("pr.dispatch.one_planet", "PR-3", len(planets) == 1, {"planets": len(planets)},
                              "placements"))
        reasons.append(Reason("pr.dispatch.at_most_five", "PR-3", count <= DISPATCH_MAX,
                              {"count": count, "max": DISPATCH_MAX}, "placements"))
    duplicated = sorted({p for p in planets if planets.count(p) > 1})
    if duplicated:
        reasons.append(Reason("pr.dispatch.distinct_planets", "PR-3", False, {"planets": duplicated}, "placements"))
    for i, placement in enumerate(move.placements):
        path = f"placements[{i}]"
        if not 0 <= placement.planet < len(player.planets):
            reasons.append(Reason("pr.dispatch.planet_owned", "PR-3", False,
                                  {"planet": placement.planet, "planets": len(player.planets)}, f"{path}.planet"))
            continue
        owned = player.planets[placement.planet]
        params = {"planet": placement.planet, "card": owned.planet.value}
        reasons.append(Reason("pr.dispatch.planet_owned", "PR-3", True, params))
        reasons.extend(_slot_reasons(owned, placement.slots, params, f"{path}.slots", free=False))
    return reasons


def _slot_reasons(owned: OwnedPlanet, slots: tuple[int, ...], params: Mapping[str, object], path: str,
                  free: bool) -> list[Reason]:
    """One worker per slot, into empty slots; unless ``free`` (Hypnosis Capsule), the topmost empty ones."""
    doubled = sorted({s for s in slots if slots.count(s) > 1})
    reasons = [Reason("pr.dispatch.one_per_slot", "PR-3", not doubled, {**params, "slots": doubled or list(slots)},
                      path)]
    taken = [s for s in slots if s not in owned.empty]
    reasons.append(Reason("pr.dispatch.slot_empty", "PR-3", not taken, {**params, "slots": taken or list(slots)},
                          path))
    if free or doubled or taken:
        return reasons
    skipped = [s for s in owned.empty if s not in slots and any(t > s for t in slots)]
    if skipped:
        slot = min(t for t in slots if t > skipped[0])
        reasons.append(Reason("pr.dispatch.top_down", "PR-3", False, {**params, "slot": slot, "skipped": skipped[0]},
                              path))
    else:
        reasons.append(Reason("pr.dispatch.top_down", "PR-3", True, {**params, "slots": sorted(slots)}))
    return reasons


def apply_dispatch(state: TableState, seat: int, move: Dispatch) -> TableState:
    player = state.seats[seat]
    planets = list(player.planets)
    for placement in move.placements:
        planets[placement.planet] = planets[placement.planet].with_workers(placement.slots, True)
    count = sum(len(p.slots) for p in move.placements)
    return state.with_seat(seat, replace(player, planets=tuple(planets), hand=player.hand - count))


def dispatch_options(state: TableState, seat: int, limit: int = 2000) -> list[Dispatch] | None:
    """Every legal dispatch (top-down slots); None when Warp Gate makes more than ``limit`` of them."""
    player = state.seats[seat]
    empties = [(i, p.empty) for i, p in enumerate(player.planets) if p.empty]
    if not player.has(Gadget.WARP_GATE):
        return [Dispatch((Placement(i, empty[:n]),)) for i, empty in empties
                for n in range(1, min(DISPATCH_MAX, player.hand, len(empty)) + 1)]
    options: list[Dispatch] = []
    if not _warp(empties, 0, player.hand, (), options, limit):
        return None
    return options


def _warp(empties: list[tuple[int, tuple[int, ...]]], at: int, hand: int, chosen: tuple[Placement, ...],
          out: list[Dispatch], limit: int) -> bool:
    if at == len(empties):
        if chosen:
            out.append(Dispatch(chosen))
        return len(out) <= limit
    index, empty = empties[at]
    for n in range(0, min(hand, len(empty)) + 1):
        extra = (Placement(index, empty[:n]),) if n else ()
        if not _warp(empties, at + 1, hand - n, chosen + extra, out, limit):
            return False
    return True


# -- invade -------------------------------------------------------------------------------------------------


def invade_cost(state: TableState, move: Invade) -> int | None:
    known = state.profile.planet(move.planet).coins
    return known if known is not None else move.cost


def invade_reasons(state: TableState, seat: int, move: Invade) -> list[Reason]:
    """PR-3: a type of the market, its coin cost paid; PR-7: Hypnosis Capsule's workers on it at once.

    The FAQ speaks of workers sent to "the planet obtained" (入手した惑星) in any pattern; with one action a
    turn that can only happen with the invade itself, so the capsule's dispatch is part of the invade move
    (``hypnosis``: the slots, none included). A dispatch later on follows PR-3's top-down rule."""
    player = state.seats[seat]
    card = move.planet.value
    in_market = move.planet in state.market_types
    reasons = [Reason("pr.invade.in_market", "PR-3", in_market,
                      {"card": card, "market": [p.value for p in state.market_types]}, "planet")]
    known = state.profile.planet(move.planet).coins
    if known is not None and move.cost is not None and move.cost != known:
        reasons.append(Reason("pr.invade.cost_matches_profile", "PR-6", False,
                              {"card": card, "profile": known, "given": move.cost}, "cost"))
        return reasons
    cost = invade_cost(state, move)
    reasons.append(Reason("pr.invade.cost_known", "PR-6", cost is not None, {"card": card}, "cost"))
    if cost is not None:
        reasons.append(Reason("pr.invade.coins", "PR-3", player.coins >= cost,
                              {"card": card, "cost": cost, "coins": player.coins}, "planet"))
    if move.hypnosis:
        reasons.append(Reason("pr.invade.hypnosis_capsule", "PR-7", player.has(Gadget.HYPNOSIS_CAPSULE),
                              {"card": card, "slots": list(move.hypnosis)}, "hypnosis"))
        reasons.append(Reason("pr.dispatch.workers_in_hand", "PR-7", len(move.hypnosis) <= player.hand,
                              {"count": len(move.hypnosis), "hand": player.hand}, "hypnosis"))
        reasons.extend(_slot_reasons(OwnedPlanet(move.planet), move.hypnosis, {"card": card}, "hypnosis", free=True))
    return reasons


def apply_invade(state: TableState, seat: int, move: Invade) -> TableState:
    player = state.seats[seat]
    cost = invade_cost(state, move) or 0
    market = []
    for stack in state.market:
        if stack.planet is move.planet:
            if stack.count > 1:
                market.append(Stack(stack.planet, stack.count - 1))
        else:
            market.append(stack)
    taken = OwnedPlanet(move.planet, since=state.turn).with_workers(move.hypnosis, True)
    seated = replace(player, planets=player.planets + (taken,), coins=player.coins - cost,
                     hand=player.hand - len(move.hypnosis))
    return state.with_seat(seat, seated).evolve(market=tuple(market))


# -- develop ------------------------------------------------------------------------------------------------


def develop_cost(state: TableState, move: Develop) -> Cost | None:
    """The cost this develop pays (PR-6): the profile's, else the one the first develop of that type at this table
    gave, else (the first develop itself) the one the move gives. A table started before PR-6 said so takes each
    develop as entered (the profile's cost, or only what was paid)."""
    if not state.readings.gadget_cost_held:
        return state.profile.gadget(move.gadget).cost
    known = state.gadget_cost(move.gadget)
    return known if known is not None else move.cost


def develop_payment(state: TableState, move: Develop) -> Resources | None:
    """What the player pays: the move's ``pay``, else the cost when it names every resource."""
    if move.pay is not None:
        return move.pay
    cost = develop_cost(state, move)
    return cost.named if cost is not None and not cost.any else None


def develop_reasons(state: TableState, seat: int, move: Develop) -> list[Reason]:
    """PR-3: a gadget of the supply, its resource cost paid, never a second copy in one seat; PR-6: the cost,
    asked once, is the card's for every later develop of that type, and a blank is never taken as free."""
    player = state.seats[seat]
    card = move.gadget.value
    supply = state.supply(move.gadget)
    reasons = [
        Reason("pr.develop.in_supply", "PR-3", supply > 0, {"card": card, "supply": supply}, "gadget"),
        Reason("pr.develop.no_second_copy", "PR-3", not player.has(move.gadget), {"card": card}, "gadget"),
    ]
    if state.readings.gadget_cost_held:
        held = _held_cost_reason(state, move)
        reasons.append(held)
        if not held.ok:
            return reasons
    cost = develop_cost(state, move)
    if cost is None:
        reasons.append(Reason("pr.develop.cost_known", "PR-6", move.pay is not None, {"card": card}, "pay"))
    elif move.pay is None and cost.any:
        reasons.append(Reason("pr.develop.choose_payment", "PR-3", False, {"card": card, "cost": str(cost)}, "pay"))
    elif move.pay is not None:
        reasons.append(Reason("pr.develop.pay_matches_cost", "PR-6", cost.paid_by(move.pay),
                              {"card": card, "cost": str(cost), "pay": str(move.pay)}, "pay"))
    pay = develop_payment(state, move)
    if pay is not None:
        reasons.append(Reason("pr.develop.resources", "PR-3", player.resources.covers(pay),
                              {"card": card, "cost": str(pay), "have": str(player.resources)}, "gadget"))
    return reasons


def _held_cost_reason(state: TableState, move: Develop) -> Reason:
    """PR-6: where the cost comes from, and a given cost that differs from the one held refused."""
    card = move.gadget.value
    from_profile = state.profile.gadget(move.gadget).cost
    known = state.gadget_cost(move.gadget)
    if known is None:
        if move.cost is None:  # asked for, never taken as free
            return Reason("pr.develop.cost_asked", "PR-6", False, {"card": card}, "cost")
        return Reason("pr.develop.cost_given", "PR-6", True, {"card": card, "cost": str(move.cost)}, "cost")
    source = "profile" if from_profile is not None else "table"
    if move.cost is not None and move.cost != known:
        return Reason(f"pr.develop.cost_differs_{source}", "PR-6", False,
                      {"card": card, "cost": str(known), "given": str(move.cost)}, "cost")
    return Reason(f"pr.develop.cost_held_{source}", "PR-6", True, {"card": card, "cost": str(known)}, "cost")


def apply_develop(state: TableState, seat: int, move: Develop) -> TableState:
    player = state.seats[seat]
    pay = develop_payment(state, move) or Resources()
    seated = replace(player, resources=player.resources - pay,
                     gadgets=player.gadgets + (OwnedGadget(move.gadget, state.turn),))
    after = state.with_seat(seat, seated)
    if state.readings.gadget_cost_held and state.gadget_cost(move.gadget) is None and move.cost is not None:
        # PR-6: the first develop of this type told the card's cost: every later one pays the same
        after = after.evolve(gadget_costs=state.gadget_costs + ((move.gadget, move.cost),))
    return after


def develop_options(state: TableState, seat: int) -> list[Develop] | None:
    """Every legal develop; None while a cost is unknown."""
    player = state.seats[seat]
    options: list[Develop] = []
    for gadget in Gadget:
        if state.supply(gadget) <= 0 or player.has(gadget):
            continue
        cost = state.gadget_cost(gadget) if state.readings.gadget_cost_held else state.profile.gadget(gadget).cost
        if cost is None:
            return None
        if not cost.any:
            if player.resources.covers(cost.named):
                options.append(Develop(gadget))
            continue
        for extra in bags(cost.any):
            pay = cost.named + extra
            if player.resources.covers(pay):
                options.append(Develop(gadget, pay))
    return options


# -- collect, donate ----------------------------------------------------------------------------------------


def collect_reasons(state: TableState, seat: int, move: Collect) -> list[Reason]:
    """PR-3: +1 coin; then a returned resource gives 2 more (Free Trade Treaty and Dark Matter change this
    as their card text says: adjustment entries, PR-7)."""
    reasons = [Reason("pr.collect.coin", "PR-3", True, {"coins": COLLECT_COIN})]
    if move.resource is not None:
        have = state.seats[seat].resources.get(move.resource)
        reasons.append(Reason("pr.collect.has_resource", "PR-3", have >= 1,
                              {"resource": move.resource.value, "have": have, "coins": COLLECT_BONUS}, "resource"))
    return reasons


def apply_collect(state: TableState, seat: int, move: Collect) -> TableState:
    player = state.seats[seat]
    coins, resources = player.coins + COLLECT_COIN, player.resources
    if move.resource is not None:
        coins += COLLECT_BONUS
        resources = resources - Resources.one(move.resource)
    return state.with_seat(seat, replace(player, coins=coins, resources=resources))


def donate_reasons(state: TableState, seat: int, move: Donate) -> list[Reason]:
    """PR-3: one tachyon, one monopole, one mithril and one coin for 3 fame (PR-4: paid from an empty pool
    too)."""
    player = state.seats[seat]
    reasons = [Reason("pr.donate.resource", "PR-3", player.resources.get(r) >= 1,
                      {"resource": r.value, "have": player.resources.get(r)}) for r in Resource]
    reasons.append(Reason("pr.donate.coin", "PR-3", player.coins >= DONATE_COINS,
                          {"cost": DONATE_COINS, "coins": player.coins}))
    return reasons


def apply_donate(state: TableState, seat: int, move: Donate) -> TableState:
    player = state.seats[seat]
    seated = replace(player, resources=player.resources - Resources(1, 1, 1), coins=player.coins - DONATE_COINS,
                     fame=player.fame + DONATE_FAME)
    return state.with_seat(seat, seated).evolve(fame_pool=max(0, state.fame_pool - DONATE_FAME))
