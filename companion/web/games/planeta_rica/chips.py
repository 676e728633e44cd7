"""One-tap returns (issue 35): a return whose slot asks a choice ("any", copy) or that the table must be told
(a slot the deck profile does not know, PR-6) offered as chips, each the whole entry in one tap.

A chip sends ``pick=<shows>:<copy>:<copied>:<take>`` (forms.py reads it; an empty part says nothing), so the plain
form (JavaScript off) sends the same entry. Nothing here decides a rule: the engine checks the return (PR-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.planeta_rica.cards import Resource, Reward
from companion.games.planeta_rica.forced import NO_CHOICE
from companion.i18n import gettext as _

from .labels import resource_name, reward_icon, reward_name

FIXED = tuple(r.value for r in Reward if r in NO_CHOICE)  # what one tap can say a slot shows (PR-2)


@dataclass(frozen=True)
class Chip:
    value: str  # shows:copy:copied:take
    label: str


@dataclass(frozen=True)
class CopyChips:
    """The chips that copy one planet: one when its same slot is known, one per reward it may show when not."""

    target: int
    heading: str
    chips: tuple[Chip, ...]


def pick_value(shows: str = "", copy: int | None = None, copied: str = "", take: str = "") -> str:
    return f"{shows}:{'' if copy is None else copy}:{copied}:{take}"


def take_chips(shows: str) -> tuple[Chip, ...]:
    """PR-2 "any one resource": one chip per resource taken (``shows`` says the slot when the profile lacks it)."""
    return tuple(Chip(pick_value(shows, take=r.value), _("%(icon)s take 1 %(resource)s", icon=reward_icon("any"),
                                                          resource=resource_name(r.value)))
                 for r in Resource)


def copy_chips(shows: str, targets: tuple[tuple[int, str, str], ...]) -> tuple[CopyChips, ...]:
    """PR-2 copy: per planet the player may copy (index, name, its same slot's reward or "" unknown), the chips
    that copy it: its known reward, each resource of its "any", or (unknown, PR-6) what its slot shows."""
    out = []
    for j, name, reward in targets:
        heading = _("Copy #%(n)s %(name)s", n=j + 1, name=name)
        if reward in FIXED:
            chips: tuple[Chip, ...] = (Chip(pick_value(shows, j), f"{reward_icon(reward)} {reward_name(reward)}"),)
        elif reward == "any":
            chips = tuple(Chip(pick_value(shows, j, take=c.value.split(":")[3]), c.label) for c in take_chips(""))
        elif not reward:
            heading = _("Copy #%(n)s %(name)s, whose same slot shows:", n=j + 1, name=name)
            chips = tuple(Chip(pick_value(shows, j, r), f"{reward_icon(r)} {reward_name(r)}") for r in FIXED)
        else:
            continue  # exchange: the form below asks what is given and taken
        out.append(CopyChips(j, heading, chips))
    return tuple(out)
