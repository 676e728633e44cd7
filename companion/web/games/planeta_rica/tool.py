"""The scoring page: a finished game's planets, gadgets and fame tapped in, every player's VP with its working,
the ranking and the winner with PR-5's tie-break (``/planeta-rica/score``).

Everything entered lives in the page's form and its address (``?players=4&start=0&p0=new_earth,tourist_planet
&g0=warp_gate&f0=7&vp_tourist_planet=3``), so a reload or a phone put to sleep loses nothing, and the page works
with JavaScript off: each tap is a plain form post answered by a redirect to the new address (with htmx, the
fresh sheet and the address in ``HX-Replace-Url``). VP come from the deck profile; a card whose VP the profile
lacks is asked once for the whole sheet and may be remembered in a profile copy (PR-6). The scoring is the
engine's ``score_seats``, the one the tracker and the API use.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import Breakdown, ParseError
from companion.games.planeta_rica import DeckProfile, Gadget, Planet, Reward, read_profile, score_seats
from companion.games.planeta_rica.cards import SLOTS
from companion.games.planeta_rica.score import GadgetVP, PlanetVP, SeatCards
from companion.games.planeta_rica.state import PLAYER_COUNTS
from companion.i18n import gettext as _
from companion.i18n import ngettext, pick
from companion.inputs import Sum, whole_number
from companion.profiles.refs import ProfileRef
from companion.web.gameweb import ProfileAllowanceUsed, ProfileChanged, profile_desk
from companion.web.links import LinkReader
from companion.web.pages import is_htmx, page
from companion.web.reasons import reason_text
from companion.web.wording import PAGE, Wording

from .asking import Asked, learned_vp, signed_vp, typed_vp, vp_errors
from .asking import asked_vp as ask_vp
from .breakdown import SeatVP, seat_views, winner_text
from .fame import FAME_CHARS, fame_error, fame_of, with_fame_parts
from .labels import REWARDS, gadget_name, planet_name, reward_icon, reward_name
from .remember import save

SLUG = "planeta-rica"
DEFAULT_REF = str(ProfileRef.builtin("default"))


@dataclass
class Sheet:
    """What the page holds: the seats' cards and fame, values typed for cards the profile lacks."""

    players: int
    start: int
    seat: int  # the player being entered
    profile_ref: str
    profile: dict[str, Any]
    deck: DeckProfile
    names: list[str]
    planets: list[list[Planet]]
    gadgets: list[list[Gadget]]
    fame: list[str]  # as typed, a sum perhaps: "12+3" ("" = not entered yet)
    vp: dict[str, str] = field(default_factory=dict)  # card id -> typed VP
    slots: dict[str, list[str]] = field(default_factory=dict)  # planet id -> 5 typed rewards ("" unknown)
    problems: list[str] = field(default_factory=list)

    @property
    def seat_names(self) -> list[str]:
        """The names typed for the seats; a seat left unnamed is "Player 2" (counted from 1: no table here)."""
        return [self.names[i] if i < len(self.names) and self.names[i] else PAGE.seat(i) for i in range(self.players)]

    @property
    def wording(self) -> Wording:
        """How this page names a seat in every message: by ``seat_names``."""
        return Wording.of_table(self.seat_names)

    def planet_counts(self) -> Counter[Planet]:
        return Counter(p for seat in self.planets for p in seat)

    def gadget_counts(self) -> Counter[Gadget]:
        return Counter(g for seat in self.gadgets for g in seat)

    def params(self) -> dict[str, str]:
        values: dict[str, str] = {"players": str(self.players), "start": str(self.start), "seat": str(self.seat)}
        if self.profile_ref != DEFAULT_REF:
            values["profile"] = self.profile_ref
        for s in range(self.players):
            values[f"p{s}"] = ",".join(p.value for p in self.planets[s])
            if self.gadgets[s]:
                values[f"g{s}"] = ",".join(g.value for g in self.gadgets[s])
            if self.fame[s]:
                values[f"f{s}"] = self.fame[s]
            if self.names[s]:
                values[f"name{s}"] = self.names[s]
        for card, typed in self.vp.items():
            if typed and self._held(card):
                values[f"vp_{card}"] = typed
        for planet, typed_slots in self.slots.items():
            for i, reward in enumerate(typed_slots):
                if reward:
                    values[f"s_{planet}_{i + 1}"] = reward
        return values

    def url(self, **extra: str) -> str:
        values: dict[str, Any] = {**self.params(), **extra}
        return url_for("planeta_rica.tool", **values)

    def _held(self, card: str) -> bool:
        return card in {p.value for p in self.planet_counts()} | {g.value for g in self.gadget_counts()}


def _remembered(saved: int) -> str:
    if not saved:
        return ""
    return ngettext("%(num)d card value remembered in your deck profile.",
                    "%(num)d card values remembered in your deck profile.", saved)


def read_sheet(values: Mapping[str, str], link: LinkReader | None = None) -> Sheet:
    """The sheet a form or link carries; what cannot be kept is listed, never dropped silently: cards and
    numbers typed in ``problems`` and the form, the other fields of a hand-edited link in ``link`` (the page
    says what it left out)."""
    link = link if link is not None else LinkReader(values)
    players = link.number("players", min(PLAYER_COUNTS), max(PLAYER_COUNTS), allowed=PLAYER_COUNTS) or 4
    start = link.number("start", 0, players - 1) or 0
    seat = link.number("seat", 0, players - 1) or 0
    profile_ref, profile, deck, problems = profile_desk().deck(SLUG, values.get("profile") or DEFAULT_REF, DEFAULT_REF,
                                                     read_profile)
    names = [(values.get(f"name{s}") or "").strip()[:40] for s in range(players)]
    sheet = Sheet(players, start, seat, profile_ref, profile, deck, names, [[] for _s in range(players)],
                  [[] for _s in range(players)],
                  [(values.get(f"f{s}") or "").strip()[:FAME_CHARS] for s in range(players)],
                  problems=problems)
    for s in range(players):
        raw = values.get(f"p{s}")
        for card in ("new_earth" if raw is None else raw).split(","):
            if card:
                _keep(sheet, s, card, planet=True)
        for card in (values.get(f"g{s}") or "").split(","):
            if card:
                _keep(sheet, s, card, planet=False)
    sheet.vp = typed_vp(values)
    for planet in Planet:
        keys = [f"s_{planet.value}_{i}" for i in range(1, SLOTS + 1)]
        if any(values.get(key) for key in keys):
            sheet.slots[planet.value] = [link.choice(key, REWARDS) for key in keys]
    return sheet


def _keep(sheet: Sheet, seat: int, card: str, planet: bool) -> None:
    try:
        add(sheet, seat, card, planet)
    except ParseError as refused:
        sheet.problems.append(reason_text(refused, sheet.wording))


def add(sheet: Sheet, seat: int, card: str, planet: bool) -> None:
    """One card for ``seat``; ParseError when the game has no more copies (PR-1) or it is a second copy of a
    gadget in one seat (PR-3)."""
    if planet:
        kind = Planet.parse(card, "card")
        if sheet.planet_counts()[kind] >= kind.copies:
            raise ParseError("pr.sheet.copies", "PR-1", "card", card=kind.value, copies=kind.copies)
        sheet.planets[seat].append(kind)
        return
    gadget = Gadget.parse(card, "card")
    if gadget in sheet.gadgets[seat]:
        raise ParseError("pr.sheet.second_gadget", "PR-3", "card", card=gadget.value, seat=seat)
    if sheet.gadget_counts()[gadget] >= gadget.copies:
        raise ParseError("pr.sheet.copies", "PR-1", "card", card=gadget.value, copies=gadget.copies)
    sheet.gadgets[seat].append(gadget)


def remove(sheet: Sheet, seat: int, card: str) -> None:
    for row in (sheet.planets[seat], sheet.gadgets[seat]):
        for i, held in enumerate(row):
            if held.value == card:
                del row[i]
                return


# -- what the profile lacks, and the score ---------------------------------------------------------------------


@dataclass(frozen=True)
class SlotAsk:
    planet: str
    name: str
    typed: tuple[str, ...]
    known: tuple[str, ...]  # the profile's rewards ("" unknown)


def asked_vp(sheet: Sheet) -> list[Asked]:
    """The VP the profile lacks of the cards on the sheet, asked once for the whole sheet."""
    return ask_vp(sheet.deck, sheet.planet_counts(), sheet.gadget_counts(), sheet.vp)


def asked_slots(sheet: Sheet) -> list[SlotAsk]:
    """PR-7: Schneider counts the resource icons of its holder's planets; slots the profile lacks are asked."""
    found: dict[Planet, SlotAsk] = {}
    for s in range(sheet.players):
        if Gadget.TRADE_KING_SCHNEIDER not in sheet.gadgets[s]:
            continue
        for planet in sheet.planets[s]:
            known = sheet.deck.planet(planet).slots
            if None in known and planet not in found:
                typed = sheet.slots.get(planet.value, [""] * SLOTS)
                found[planet] = SlotAsk(planet.value, planet_name(planet), tuple(typed),
                                        tuple("" if r is None else r.value for r in known))
    return list(found.values())


def typed_errors(sheet: Sheet) -> list[str]:
    """Fame (a number or a sum, ``fame``) and VP typed that cannot be read: named, kept in the form, not scored."""
    names = sheet.seat_names
    errors = [reason_text(error, sheet.wording) + f" — {names[s]}" for s, typed in enumerate(sheet.fame)
              if (error := fame_error(typed, f"f{s}")) is not None]
    return errors + vp_errors(asked_vp(sheet), sheet.wording)


def _vp(sheet: Sheet, card: Planet | Gadget) -> int | None:
    known = sheet.deck.vp(card)
    if known is not None:
        return known
    return signed_vp(sheet.vp.get(card.value, ""))


def _slots(sheet: Sheet, planet: Planet) -> tuple[Reward | None, ...]:
    known = sheet.deck.planet(planet).slots
    typed = sheet.slots.get(planet.value, [""] * SLOTS)
    return tuple(k if k is not None else (Reward(t) if t else None) for k, t in zip(known, typed, strict=True))


def seat_cards(sheet: Sheet) -> list[SeatCards]:
    out = []
    for s in range(sheet.players):
        fame = fame_of(sheet.fame[s])
        out.append(SeatCards(fame.total if fame else 0,
                             tuple(PlanetVP(p, _vp(sheet, p), _slots(sheet, p)) for p in sheet.planets[s]),
                             tuple(GadgetVP(g, _vp(sheet, g)) for g in sheet.gadgets[s])))
    return out


def scored(sheet: Sheet) -> Breakdown:
    """The one scoring function (``score.score_seats``): the same the tracker and the API call."""
    return score_seats(seat_cards(sheet), sheet.start, finished=True)


def learned(sheet: Sheet) -> dict[str, dict[str, Any]]:
    """Values typed here that the profile does not know yet (what "remember" would save)."""
    found = learned_vp(asked_vp(sheet))
    for slot_ask in asked_slots(sheet):
        if all(slot_ask.typed[i] or slot_ask.known[i] for i in range(SLOTS)) and any(slot_ask.typed):
            found.setdefault(slot_ask.planet, {}).update(
                {f"slot{i + 1}": slot_ask.known[i] or slot_ask.typed[i] for i in range(SLOTS)})
    return found


# -- the page --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardButton:
    card: str
    name: str
    left: int  # copies not yet entered
    copies: int
    held: int  # by the seat being entered
    vp: int | None


def planet_buttons(sheet: Sheet) -> list[CardButton]:
    counts = sheet.planet_counts()
    mine = Counter(sheet.planets[sheet.seat])
    return [CardButton(p.value, planet_name(p), p.copies - counts[p], p.copies, mine[p], _vp(sheet, p))
            for p in Planet]


def gadget_buttons(sheet: Sheet) -> list[CardButton]:
    counts = sheet.gadget_counts()
    mine = Counter(sheet.gadgets[sheet.seat])
    return [CardButton(g.value, gadget_name(g), g.copies - counts[g], g.copies, mine[g], _vp(sheet, g))
            for g in Gadget]


@dataclass(frozen=True)
class SeatTab:
    seat: int
    name: str
    cards: int
    fame: str  # as typed
    vp: int | None
    active: bool
    starts: bool
    fame_sum: Sum | None = None  # what the fame typed adds up to (its ``parts`` shown when typed as a sum)


def context(sheet: Sheet, errors: list[str] | None = None, notice: str = "", link_notice: str = "") -> dict[str, Any]:
    names = sheet.seat_names
    problems = typed_errors(sheet)
    breakdown = scored(sheet)
    fames = [fame_of(typed) for typed in sheet.fame]
    views: list[SeatVP] = [with_fame_parts(v, fames[v.seat]) for v in seat_views(breakdown, sheet.wording)]
    totals = {v.seat: v.total for v in views}
    tabs = [SeatTab(s, names[s], len(sheet.planets[s]) + len(sheet.gadgets[s]), sheet.fame[s], totals.get(s),
                    s == sheet.seat, s == sheet.start, fames[s]) for s in range(sheet.players)]
    asked = asked_vp(sheet)
    slot_asks = asked_slots(sheet)
    unknown_vp = [a for a in asked if signed_vp(a.typed) is None]
    complete = not problems and not unknown_vp and all(v.total is not None for v in views)
    mine_planets = Counter(sheet.planets[sheet.seat])
    mine_gadgets = sheet.gadgets[sheet.seat]
    return dict(
        sheet=sheet, names=names, tabs=tabs, errors=errors or [], problems=problems, notice=notice,
        link_notice=link_notice,
        planets=planet_buttons(sheet), gadgets=gadget_buttons(sheet), asked=asked, slot_asks=slot_asks,
        rewards=[(r, reward_icon(r), reward_name(r)) for r in REWARDS],
        mine_planets=[(p.value, planet_name(p), n) for p, n in mine_planets.items()],
        mine_gadgets=[(g.value, gadget_name(g)) for g in mine_gadgets],
        views=views, complete=complete, breakdown=breakdown,
        ranking=[(i + 1, names[s], totals.get(s), s) for i, place in enumerate(breakdown.placings) for s in place],
        winner=winner_text(breakdown, sheet.wording) if complete else "",
        learned=learned(sheet), profile_name=pick(sheet.profile, "name") or _("Deck profile"),
        profile_progress=profile_desk().progress(SLUG, sheet.profile),
        profile_edit=profile_desk().edit_or_copy(SLUG, sheet.profile_ref, back=sheet.url()),
        canonical=sheet.url(),
    )


def tool() -> ResponseReturnValue:
    link = LinkReader(request.args)
    sheet = read_sheet(request.args, link)
    notice = _remembered(link.number("saved", 0, 2**31 - 1) or 0)
    return page("planeta_rica/tool.html", "planeta_rica/_tool.html",
                **context(sheet, notice=notice, link_notice=link.notice()))


def _answer(sheet: Sheet, errors: list[str], **extra: str) -> ResponseReturnValue:
    if errors:
        return page("planeta_rica/tool.html", "planeta_rica/_tool.html", 422, **context(sheet, errors))
    url = sheet.url(**extra)
    if is_htmx():
        saved = whole_number(extra.get("saved", ""), 0, 2**31 - 1) or 0
        notice = _remembered(saved)
        body, status = page("planeta_rica/tool.html", "planeta_rica/_tool.html", **context(sheet, notice=notice))
        return body, status, {"HX-Push-Url": url}  # each tap a step Back returns to
    return redirect(url, 303)


def tool_act() -> ResponseReturnValue:
    """One tap: add or remove a card, switch the player, the player count or the start player, remember."""
    values = request.form.to_dict()
    values.pop("csrf_token", None)
    action = values.pop("do", "")
    kind, _colon, arg = action.partition(":")
    if kind == "players" and whole_number(arg, min(PLAYER_COUNTS), max(PLAYER_COUNTS)) is not None:
        values["players"] = arg
    elif kind in ("seat", "start") and whole_number(arg, 0, max(PLAYER_COUNTS) - 1) is not None:
        values[kind] = arg
    elif kind == "profile":
        values["profile"] = str(ProfileRef.from_input(values.get("profile_link", ""), profile_desk().builtin_refs(SLUG)))
    sheet = read_sheet(values)
    errors: list[str] = []
    if kind in ("planet", "gadget"):
        try:
            add(sheet, sheet.seat, arg, planet=kind == "planet")
        except ParseError as refused:
            errors = [reason_text(refused, sheet.wording)]
    elif kind == "remove":
        remove(sheet, sheet.seat, arg)
    elif kind == "next":
        sheet.seat = (sheet.seat + 1) % sheet.players
    elif kind == "remember":
        return _remember(sheet)
    return _answer(sheet, errors)


def _remember(sheet: Sheet) -> ResponseReturnValue:
    values = learned(sheet)
    if not values:
        return _answer(sheet, [])
    try:
        sheet.profile_ref = save(sheet.profile_ref, sheet.profile, values)
    except ProfileChanged:
        return _answer(sheet, [reason_text(ParseError("pr.sheet.no_profile_save", "PR-6"), sheet.wording)])
    except ProfileAllowanceUsed as used:  # the sheet is drawn again as entered: nothing typed is lost
        body, status = page("planeta_rica/tool.html", "planeta_rica/_tool.html", 429,
                            **context(sheet, [used.message]))
        return body, status, {"Retry-After": str(used.retry_after)}
    sheet.profile = profile_desk().data(SLUG, sheet.profile_ref)
    sheet.deck = read_profile(sheet.profile)
    sheet.vp = {k: v for k, v in sheet.vp.items() if k not in values}
    sheet.slots = {k: v for k, v in sheet.slots.items() if k not in values}
    return _answer(sheet, [], saved=str(len(values)))
