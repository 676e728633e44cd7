"""The tracker's entry forms -> the engine's move JSON (a logged move's history line is history.py's).

Every form on the table fragment sends ``type`` (the engine's move type) and the taps that go with it:
``seat``; ``planet`` (a planet id for reveal/invade, a planet's index in the mover's row for return);
``copy``, ``shows``, ``copied``, ``take_<resource>``, ``give_<resource>`` (a return's choices);
``d<planet>_<slot>`` (a dispatch's slot boxes); ``h_<slot>`` (Hypnosis Capsule's slots) and ``cost`` (invade);
``gadget``, ``pay_<resource>`` and ``cost_<resource or any>`` (develop); ``resource`` (collect); ``card`` and the six amounts (adjust).
A missing tap is a ParseError with a ``pr.form.*`` code that says what to tap; everything else is the engine's
to check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.base import ParseError
from companion.games.planeta_rica import GAME
from companion.games.planeta_rica.cards import SLOTS
from companion.games.planeta_rica.moves import ADJUST_KEYS, MOVE_TYPES, Move
from companion.games.planeta_rica.profile import COST_CHOICES
from companion.games.planeta_rica.state import TableState
from companion.inputs import optional_form_number
from companion.web.gameweb import TableViewLike

from .labels import RESOURCES, REWARDS

MAX_PLANETS = 24  # a row longer than this cannot be (44 planet cards, 12 cards end the game)


def _text(form: Mapping[str, str], key: str) -> str:
    return (form.get(key) or "").strip()


def _count(form: Mapping[str, str], key: str, code: str, signed: bool = False) -> int | None:
    """A number field of the entry forms (None when blank); ``code`` names what was not tapped or typed."""
    return optional_form_number(form, key, -9999 if signed else 0, 9999, code, "PR-3", signed=signed)


def _bag(form: Mapping[str, str], prefix: str) -> dict[str, int]:
    bag = {}
    for resource in RESOURCES:
        n = _count(form, f"{prefix}{resource}", "pr.form.number")
        if n:
            bag[resource] = n
    return bag


def _slots(form: Mapping[str, str], prefix: str) -> list[int]:
    return [slot for slot in range(1, SLOTS + 1) if _text(form, f"{prefix}{slot}") in ("1", "on", str(slot))]


def _fill(value: str, view: Any) -> dict[str, Any]:
    """A one-tap dispatch ``fill=<planet>:<n>``: n workers into the planet's topmost empty slots, the only slots
    PR-3 lets them go to (「上の段から順に」, no empty slot skipped)."""
    index, _sep, count = value.partition(":")
    if not (index.isdigit() and count.isdigit()):
        raise ParseError("pr.form.pick_slots", "PR-3", "placements")
    state = view.state
    planets = state.seats[state.to_move].planets if state.to_move is not None else ()
    planet, n = int(index), int(count)
    empty = planets[planet].empty if planet < len(planets) else ()
    # more than the planet has empty slots: sent as asked, so the engine says why not (PR-3)
    slots = list(empty[:n]) if n <= len(empty) else list(range(1, n + 1))
    return {"planet": planet, "slots": slots or [1]}


def _pick(form: Mapping[str, str], move: dict[str, Any], take: dict[str, int]) -> None:
    """A return chip (chips.py) ``pick=<shows>:<copy>:<copied>:<take>``: the whole return in one tap (PR-2, PR-6)."""
    pick = _text(form, "pick")
    if not pick:
        return
    parts = pick.split(":")
    if len(parts) != 4:
        raise ParseError("pr.form.pick_planet", "PR-2", "planet")
    shows, copy, copied, resource = parts
    if shows in REWARDS:
        move["shows"] = shows
    if copy.isdigit():
        move["copy"] = int(copy)
    if copied in REWARDS:
        move["copied"] = copied
    if resource in RESOURCES:
        take[resource] = 1


def move_json(form: Mapping[str, str], view: Any) -> dict[str, Any]:
    """Form fields -> the move's JSON (what the engine's parse_move reads)."""
    kind = _text(form, "type")
    if kind not in MOVE_TYPES:
        raise ParseError("pr.form.unknown", "PR-3", "type")
    move: dict[str, Any] = {"type": kind}
    if kind in ("start", "adjust"):
        seat = _count(form, "seat", "pr.form.pick_seat")
        if seat is None:
            raise ParseError("pr.form.pick_seat", "PR-1", "seat")
        move["seat"] = seat
    # an invade's cost chip ``invade_at=<planet>:<cost>``: the planet and the coin cost printed on it, one tap
    # (PR-3; a cost the deck profile lacks is asked once, PR-6)
    chip_planet, _sep, chip_cost = _text(form, "invade_at").partition(":") if kind == "invade" else ("", "", "")
    if chip_planet and not chip_cost.isdigit():
        raise ParseError("pr.form.number", "PR-3", "cost")
    if kind in ("reveal", "invade"):
        planet = chip_planet or _text(form, "planet")
        if not planet:
            raise ParseError("pr.form.pick_planet", "PR-3", "planet")
        move["planet"] = planet
    if kind == "return":
        index = _count(form, "planet", "pr.form.pick_planet")
        if index is None:
            raise ParseError("pr.form.pick_planet", "PR-2", "planet")
        move["planet"] = index
        copy = _count(form, "copy", "pr.form.pick_planet")
        if copy is not None:
            move["copy"] = copy
        # a reward chip (``slot_shows``: one tap that says what the slot shows and returns) or the list
        for key, fields in (("shows", ("slot_shows", "shows")), ("copied", ("copied",))):
            said = next((_text(form, f) for f in fields if _text(form, f) in REWARDS), "")
            if said:
                move[key] = said
        take, give = _bag(form, "take_"), _bag(form, "give_")
        _pick(form, move, take)
        if take:
            move["take"] = take
        if give:
            move["give"] = give
    if kind == "dispatch" and _text(form, "fill"):
        move["placements"] = [_fill(_text(form, "fill"), view)]
    elif kind == "dispatch":
        placements = []
        for index in range(MAX_PLANETS):
            slots = _slots(form, f"d{index}_")
            if slots:
                placements.append({"planet": index, "slots": slots})
        if not placements:
            raise ParseError("pr.form.pick_slots", "PR-3", "placements")
        move["placements"] = placements
    if kind == "invade":
        cost = int(chip_cost) if chip_planet else _count(form, "cost", "pr.form.number")
        if cost is not None:
            move["cost"] = cost
        hypnosis = _slots(form, "h_")
        if hypnosis:
            move["hypnosis"] = hypnosis
    if kind == "develop":
        gadget = _text(form, "gadget")
        if not gadget:
            raise ParseError("pr.form.pick_gadget", "PR-3", "gadget")
        move["gadget"] = gadget
        pay = _bag(form, "pay_")
        if pay or _text(form, "pay") == "1":
            move["pay"] = pay
        # PR-6: the card's cost, asked once; sent only when some field of it is filled (all blank is no answer,
        # never a free card: the engine then asks for it)
        if any(_text(form, f"cost_{choice}") for choice in COST_CHOICES):
            move["cost"] = {choice: n for choice in COST_CHOICES
                            if (n := _count(form, f"cost_{choice}", "pr.form.number"))}
    if kind == "collect" and _text(form, "resource"):
        move["resource"] = _text(form, "resource")
    if kind == "adjust":
        card = _text(form, "card")
        if not card:
            raise ParseError("pr.form.pick_card", "PR-6", "card")
        move["card"] = card
        for key in ADJUST_KEYS:
            n = _count(form, key, "pr.form.number", signed=True)
            if n:
                move[key] = n
    return move


def form_to_move(form: Mapping[str, str], view: TableViewLike[TableState]) -> Move:
    """An entry form -> the game's typed move: the fields are read here, the move's shape by the engine's one
    reader (``GAME.parse_move``), so a form and an API request are held to the same rules."""
    return GAME.parse_move(move_json(form, view))
