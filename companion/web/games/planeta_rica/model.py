"""The table fragment's model: what ``templates/planeta_rica/_table.html`` draws, built once per render.

The phases, what is legal and every check are the engine's (companion.games.planeta_rica); this module puts
the state into words: each seat's planets with their five slots (workers and the profile's rewards), gadgets,
resources, coins, fame and hand; the market, the deck, the gadget supply and the fame pool; what the player to
move may enter now; the end (PR-4) and the VP (PR-5), with the VP the profile lacks asked (``asking``, PR-6).
Nothing here reads the request.

Fame is face down during play (PR-8) unless the table plays with open fame: the engine's score then leaves it out,
so every VP here is the VP on the table, said to be so; a seat's fame goes into the play link's model only, for a
tap that shows a player their own (the watch link's model never holds it); the final score shows everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from flask import url_for

from companion.games.base import Reason
from companion.games.planeta_rica import GAME, Gadget, Phase, Planet, Resource, TableState
from companion.games.planeta_rica.cards import SLOTS, Reward
from companion.games.planeta_rica.forced import NO_CHOICE
from companion.games.planeta_rica.market import copies_left
from companion.games.planeta_rica.returns import copy_targets
from companion.games.planeta_rica.rules import counted_cards, end_reasons, time_machine_ready
from companion.games.planeta_rica.state import Seat, fame_face_down
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.gameweb import TableRequest, TableViewLike
from companion.web.reasons import ReasonView
from companion.web.standing import Standing, Standings
from companion.web.wording import Wording

from .asking import Asked, asked_at_table, typed_vp, unknown_names
from .breakdown import SeatVP, seat_views, tie_notes, winner_text
from .chips import Chip, CopyChips, copy_chips, take_chips
from .labels import (
    ADJUST_NAMES,
    REWARDS,
    end_cause,
    gadget_name,
    phase_name,
    planet_name,
    readings_chosen,
    resource_name,
    reward_icon,
    reward_name,
)
from .running import RunningVP, running_vp
from .table_photo import photo_seen, turned_up


@dataclass(frozen=True)
class SlotView:
    n: int
    worker: bool
    reward: str  # id, "" while the profile does not know it
    icon: str
    word: str


@dataclass(frozen=True)
class PlanetView:
    index: int
    card: str
    name: str
    slots: tuple[SlotView, ...]
    topmost: int | None  # the slot whose worker would return
    owes_return: bool  # the return phase still wants its worker
    vp: int | None


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    is_turn: bool
    starts: bool
    last: bool  # the start player's right-hand neighbour (plays the last turn, PR-4)
    coins: int
    fame: int | None  # None where this page may not show it (PR-8: face down, and a watch link)
    hand: int
    resources: tuple[tuple[str, str, int], ...]  # (id, word, count)
    planets: tuple[PlanetView, ...]
    gadgets: tuple[tuple[str, str, bool], ...]  # (id, name, applied by the companion)
    cards: int  # towards the 12 that end the game (PR-4), as the table's reading counts them
    vp: int | None
    # while vp is None: the VP known so far and how many cards' VP are unknown (the running score, so a seat is never
    # shown as 0 while its VP is unknown)
    vp_at_least: int = 0
    vp_unknown_cards: int = 0
    figure: str = ""  # the VP in words, as the seat's header says them (``vp_figure``)


@dataclass(frozen=True)
class ReturnChoice:
    """A planet of the mover whose topmost worker may return, with what its slot asks for."""

    index: int
    name: str
    slot: int
    shows: str  # the profile's reward, "" while unknown (then asked)
    copy_targets: tuple[tuple[int, str, str], ...]  # (index, name, the same slot's reward or "")
    wants_take: bool  # "any" (take one) or exchange, or unknown (may be either)
    wants_give: bool
    asks_copied: bool  # a planet it may copy has that slot unknown: what the copied slot shows is asked (PR-6)
    takes: tuple[Chip, ...] = ()  # one tap each: "any one resource" and the resource taken (PR-2)
    copies: tuple[CopyChips, ...] = ()  # one tap each: the planet copied and what it pays (PR-2)


@dataclass(frozen=True)
class MarketView:
    card: str
    name: str
    count: int
    cost: int | None
    affordable: bool

    @property
    def cost_text(self) -> str:
        """"2 coins", "1 coin", "? coins" while the profile does not know it (PR-6: asked at the invade)."""
        if self.cost is None:
            return _("? coins")
        return ngettext("%(num)d coin", "%(num)d coins", self.cost)


@dataclass(frozen=True)
class SupplyView:
    card: str
    name: str
    left: int
    cost: str  # notation, "" while unknown
    has_any: bool
    held: bool  # the mover already holds one (PR-3)


@dataclass(frozen=True)
class TrackerView:
    phase: str
    phase_name: str
    turn: int
    actions: int
    mover: int | None
    mover_name: str
    start_name: str
    seats: tuple[SeatView, ...]
    market: tuple[MarketView, ...]
    deck: int
    fame_pool: int
    supply: tuple[SupplyView, ...]
    reveal_choices: tuple[tuple[str, str, int], ...]  # (planet id, name, copies that can still be in the deck)
    returns: tuple[ReturnChoice, ...]
    dispatch_planets: tuple[PlanetView, ...]
    warp_gate: bool
    hypnosis: bool
    second_action: bool  # Time Machine: this is the second action, or "end" (PR-7)
    collect_resources: tuple[tuple[str, str, int], ...]
    adjust_cards: tuple[tuple[int, str, tuple[tuple[str, str], ...]], ...]  # (seat, name, held cards)
    adjust_keys: tuple[tuple[str, str], ...]
    rewards: tuple[tuple[str, str, str], ...]
    reward_words: Mapping[str, str]  # reward id -> icon and words ("¢ 1 coin"), for a slot the profile knows
    resources: tuple[tuple[str, str], ...]
    hand: int  # the mover's workers in hand (the dispatch's one-tap counts)
    coins: int  # the mover's coins (an invade's cost chips: no planet costing more can be invaded, PR-3)
    fixed_rewards: frozenset[str]  # rewards that ask nothing more: one tap says what a slot shows (PR-2, PR-6)
    end_notes: tuple[ReasonView, ...]
    readings: tuple[ReasonView, ...]  # the readings this table chose (PR-4 New Earth, PR-7 Time Machine)
    turns_remaining: int | None
    scores: tuple[SeatVP, ...]
    winner: str
    ties: tuple[str, ...]
    final: bool
    asked: tuple[Asked, ...]  # the held cards whose VP the profile lacks (PR-6), each asked once
    asking_open: bool  # the question is shown open: the game is over, or an answer came back refused
    unknown_vp: str  # those cards by name, while any is unanswered ("" when every VP is known)
    vp_url: str  # where the answers go (the play link's own; a watch page draws no form)
    token: str
    version: int
    can_write: bool
    pending: Mapping[str, str] = field(default_factory=dict)
    # a market photo's planets beyond the market, not turned up yet (table_photo.py), and what the one tap sends
    photo_read: tuple[tuple[str, str], ...] = ()
    photo_seen: str = ""
    market_url: str = ""
    fame_hidden: bool = False  # PR-8: fame face down now (the game runs and the table did not agree to open fame)
    standings: Standings | None = None  # the watch link's scoreboard during play (companion/web/standing.py)

    @property
    def turn_line(self) -> str:
        """Whose turn and its phase, for the dock at the bottom of the screen; in set-up, the phase ("" once the
        game is over)."""
        if self.final:
            return ""
        if self.phase == "setup" or not self.mover_name:
            return self.phase_name
        return _("%(name)s's turn", name=self.mover_name) + " · " + self.phase_name


def _slot(state: TableState, planet: Planet, n: int, worker: bool) -> SlotView:
    reward = state.profile.slot(planet, n)
    rid = "" if reward is None else reward.value
    return SlotView(n, worker, rid, reward_icon(rid or None), reward_name(rid) if rid else "?")


def _planets(state: TableState, seat: int, is_turn: bool) -> tuple[PlanetView, ...]:
    owes = set(state.pending_returns) if is_turn else set()
    return tuple(
        PlanetView(i, p.planet.value, planet_name(p.planet),
                   tuple(_slot(state, p.planet, n, p.workers[n - 1]) for n in range(1, SLOTS + 1)),
                   p.topmost, i in owes, state.profile.planet(p.planet).vp)
        for i, p in enumerate(state.seats[seat].planets))


def _seat_view(state: TableState, seat: int, player: Seat, names: list[str], vp: int | None,
               running: RunningVP | None = None, fame_here: bool = True) -> SeatView:
    is_turn = state.to_move == seat and state.phase in (Phase.RETURN, Phase.ACTION, Phase.REFILL)
    return SeatView(
        seat, names[seat], is_turn, state.start == seat, state.last_seat == seat and state.start is not None,
        player.coins, player.fame if fame_here else None, player.hand,
        tuple((r, resource_name(r), player.resources.get(res)) for r, res in _RESOURCES),
        _planets(state, seat, is_turn),
        tuple((g.gadget.value, gadget_name(g.gadget), g.gadget.applied) for g in player.gadgets),
        counted_cards(state, seat), vp, running.at_least if running else 0, running.unknown_cards if running else 0)


def _reward_id(reward: Reward | None) -> str:
    return "" if reward is None else reward.value


def _returns(state: TableState, seat: int) -> tuple[ReturnChoice, ...]:
    player = state.seats[seat]
    if state.phase is Phase.RETURN:
        indices: tuple[int, ...] = state.pending_returns
    elif state.phase is Phase.ACTION:
        indices = tuple(i for i, p in enumerate(player.planets) if p.placed)
    else:
        return ()
    out = []
    for i in indices:
        owned = player.planets[i]
        slot = owned.topmost
        if slot is None:
            continue
        shows = state.profile.slot(owned.planet, slot)
        targets: tuple[tuple[int, str, str], ...] = ()
        if shows is None or shows is Reward.COPY:
            targets = tuple((j, planet_name(player.planets[j].planet),
                             _reward_id(state.profile.slot(player.planets[j].planet, slot)))
                            for j in copy_targets(state, seat, i, slot))
        choosing = shows in (None, Reward.ANY, Reward.EXCHANGE, Reward.COPY)
        said = "" if shows is not None else None  # a chip says what an unknown slot shows (PR-6)
        takes = take_chips("any" if said is None else "") if shows in (None, Reward.ANY) else ()
        copies = copy_chips("copy" if said is None else "", targets) if shows in (None, Reward.COPY) else ()
        out.append(ReturnChoice(i, planet_name(owned.planet), slot, "" if shows is None else shows.value, targets,
                                choosing, shows in (None, Reward.EXCHANGE, Reward.COPY),
                                any(not reward for _j, _name, reward in targets), takes, copies))
    return tuple(out)


_RESOURCES = tuple((r.value, r) for r in Resource)


def end_note(reason: Reason, wording: Wording, new_earth_counts: bool = True) -> ReasonView:
    """PR-4 announced as the table reads it: who triggered the end, when and why, who plays the last turn and
    how many turns remain (a real plural), or, once over, that everyone has had the same number of turns."""
    params = reason.params
    words = dict(seat=wording.seat(params["seat"]), turn=params["turn"],
                 cause=end_cause(params["cause"], new_earth_counts), last=wording.seat(params["last_seat"]))
    left = params.get("turns_remaining") or 0
    if not left and params["seat"] == params["last_seat"]:
        # PR-4's "at once" read literally: a reading, said as one so a table that reads it otherwise knows.
        text = _("%(seat)s triggered the end in turn %(turn)s: %(cause)s. %(seat)s is the start player's "
                 "right-hand neighbour, so the game ended at once, in that turn: returns or a second action still "
                 "owed were not made. That is a reading: the text does not say which comes first.", **words)
    elif not left:
        text = _("%(seat)s triggered the end in turn %(turn)s: %(cause)s. The game ended after the turn of "
                 "%(last)s, the start player's right-hand neighbour, so everyone has had the same number of "
                 "turns.", **words)
    else:
        text = ngettext("%(seat)s triggered the end in turn %(turn)s: %(cause)s. The game ends after the turn of "
                        "%(last)s, the start player's right-hand neighbour: this is the last turn.",
                        "%(seat)s triggered the end in turn %(turn)s: %(cause)s. The game ends after the turn of "
                        "%(last)s, the start player's right-hand neighbour: %(num)d turns left, this one "
                        "included.", left, **words)
    return ReasonView(text, reason.rule, ok=True)


def tracker(view: TableViewLike[TableState], pending: Mapping[str, str], can_write: bool) -> TrackerView:
    state: TableState = view.state
    wording = Wording.of_table(view.seats)  # every seat, in every line of this fragment, by the table's name
    names = [wording.seat(i) for i in range(state.players)]
    breakdown = GAME.score(state)
    scores = tuple(seat_views(breakdown, wording))
    totals = {s.seat: s.total for s in scores}
    floors = running_vp(breakdown)
    hidden = fame_face_down(state)
    # PR-8: a face-down fame reaches the play link only (a player's tap shows their own), never a watch link
    fame_here = can_write or not hidden
    seats = tuple(_seat_view(state, i, seat, names, totals.get(i), floors.get(i), fame_here)
                  for i, seat in enumerate(state.seats))
    seats = tuple(replace(s, figure=vp_figure(s, hidden)) for s in seats)
    mover = state.to_move
    player = state.seats[mover] if mover is not None else None
    market = tuple(MarketView(s.planet.value, planet_name(s.planet), s.count, state.profile.planet(s.planet).coins,
                              player is not None and (state.profile.planet(s.planet).coins or 0) <= player.coins)
                   for s in state.market)
    supply = []
    for g in Gadget:
        cost = state.gadget_cost(g)  # the profile's, or the one the first develop at this table gave (PR-6)
        supply.append(SupplyView(g.value, gadget_name(g), state.supply(g), "" if cost is None else str(cost),
                                 cost is not None and cost.any > 0, player is not None and player.has(g)))
    reveal = tuple((p.value, planet_name(p), copies_left(state, p)) for p in Planet) \
        if state.phase in (Phase.SETUP, Phase.REFILL) and state.deck > 0 else ()
    adjust_cards = tuple(
        (i, names[i], tuple((p.planet.value, planet_name(p.planet)) for p in s.planets) +
         tuple((g.gadget.value, gadget_name(g.gadget)) for g in s.gadgets))
        for i, s in enumerate(state.seats))
    final = state.phase is Phase.OVER
    asked = tuple(asked_at_table(state, typed_vp(pending)))
    seen = photo_seen(pending)
    return TrackerView(
        phase=state.phase.value, phase_name=phase_name(state.phase.value), turn=state.turn, actions=state.actions,
        mover=mover, mover_name=names[mover] if mover is not None else "",
        start_name=names[state.start] if state.start is not None else "",
        seats=seats, market=market, deck=state.deck, fame_pool=state.fame_pool, supply=tuple(supply),
        reveal_choices=reveal,
        returns=_returns(state, mover) if mover is not None else (),
        dispatch_planets=_planets(state, mover, True) if mover is not None else (),
        warp_gate=player is not None and player.has(Gadget.WARP_GATE),
        hypnosis=player is not None and player.has(Gadget.HYPNOSIS_CAPSULE),
        second_action=mover is not None and state.actions >= 1 and time_machine_ready(state, mover),
        collect_resources=tuple((r, resource_name(r), player.resources.get(res)) for r, res in _RESOURCES)
        if player is not None else (),
        adjust_cards=adjust_cards,
        adjust_keys=tuple((k, str(v)) for k, v in ADJUST_NAMES.items()),
        rewards=tuple((r, reward_icon(r), reward_name(r)) for r in REWARDS),
        reward_words={r: f"{reward_icon(r)} {reward_name(r)}" for r in REWARDS},
        resources=tuple((r, resource_name(r)) for r, _res in _RESOURCES),
        hand=player.hand if player is not None else 0,
        coins=player.coins if player is not None else 0,
        fixed_rewards=frozenset(r.value for r in NO_CHOICE),
        end_notes=tuple(end_note(r, wording, state.readings.new_earth_counts) for r in end_reasons(state)),
        readings=readings_chosen(state.readings.new_earth_counts, state.readings.time_machine_spent,
                                 state.readings.fame_open),
        turns_remaining=state.turns_remaining,
        scores=tuple(sorted(scores, key=lambda v: (v.place or len(scores) + 1, v.seat))) if final else scores,
        winner=winner_text(breakdown, wording) if final else "",
        # a tie of the VP on the table says nothing worth saying while fame, face down, may break it (PR-8)
        ties=() if hidden else tuple(tie_notes(breakdown, wording)), final=final,
        asked=asked, asking_open=final or pending.get("asking") == "vp", unknown_vp=unknown_names(asked),
        vp_url=url_for("table_hooks.act", token=view.table.token, name="vp") if can_write else "",
        token=view.table.token, version=view.version,
        can_write=can_write, pending=dict(pending), fame_hidden=hidden,
        photo_read=tuple((p.value, planet_name(p)) for p in turned_up(state, seen)) if reveal and can_write else (),
        photo_seen=",".join(p.value for p in seen),
        market_url=url_for("table_hooks.act", token=view.table.token, name="market") if can_write else "",
        standings=None if final else standings(seats, hidden))


def vp_figure(seat: SeatView, fame_hidden: bool) -> str:
    """A seat's VP as its header and the watch link's scoreboard say it: the total, or what is known so far and how
    many cards' VP are unknown (PR-6); while fame is face down (PR-8), said to leave fame out."""
    if seat.vp is not None:
        if fame_hidden:
            return _("%(vp)s VP, fame not counted", vp=seat.vp)
        return _("%(vp)s VP", vp=seat.vp)
    if not seat.vp_unknown_cards:
        return _("VP not known yet")
    if fame_hidden:
        return ngettext("at least %(vp)s VP, fame not counted; %(num)s card's VP unknown",
                        "at least %(vp)s VP, fame not counted; %(num)s cards' VP unknown",
                        seat.vp_unknown_cards, vp=seat.vp_at_least)
    return ngettext("at least %(vp)s VP; %(num)s card's VP unknown", "at least %(vp)s VP; %(num)s cards' VP unknown",
                    seat.vp_unknown_cards, vp=seat.vp_at_least)


def standings(seats: tuple[SeatView, ...], fame_hidden: bool) -> Standings:
    """Each seat's VP so far for the watch link's scoreboard (a TV): the same figure as the seat's header."""
    return Standings(_("VP so far"), tuple(Standing(s.seat, s.name, vp_figure(s, fame_hidden)) for s in seats))


def table_model(view: TableViewLike[TableState], asked: TableRequest) -> TrackerView:
    """The table fragment's model (templates/planeta_rica/_table.html draws it), in the current language."""
    return tracker(view, asked.pending, asked.can_write)
