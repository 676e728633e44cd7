"""Who plays which force (SS-3).

By default (the Japanese text) a player's force is the suit (2 players: colour) of the first card that
player turns face up, unless another player already holds it; then the next card decides. Nothing is
assigned to the other players: each gets a force by their own reveal only.

Option ``FORCES_COMPLETION`` (the English original's completion): with 2 players the other colour goes to
the other player at once; with 4, the last player gets the remaining suit. Option ``FORCES_FIXED``: forces
fixed before play, entered with the ``forces`` move.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import OptionSpec, Reason
from .cards import Card, Force, force_of, forces_for

FORCES_FIRST_REVEAL = "first-reveal"
FORCES_COMPLETION = "completion"
FORCES_FIXED = "fixed"
FORCES_OPTION = OptionSpec("forces", (FORCES_FIRST_REVEAL, FORCES_COMPLETION, FORCES_FIXED), "SS-3")

Forces = tuple[Force | None, ...]


def complete_forces(forces: Forces, players: int) -> Forces:
    """SS-3 option "completion": once all forces but one are known, the last player gets the remaining one."""
    missing = [seat for seat, force in enumerate(forces) if force is None]
    if len(missing) != 1:
        return forces
    remaining = [f for f in forces_for(players) if f not in forces]
    completed = list(forces)
    completed[missing[0]] = remaining[0]
    return tuple(completed)


def holder_of(forces: Forces, force: Force) -> int | None:
    for seat, held in enumerate(forces):
        if held == force:
            return seat
    return None


def forces_after_reveal(forces: Forces, player: int, card: Card, players: int, completion: bool = False) -> Forces:
    """SS-3: the forces after ``player`` turns ``card`` face up (``completion``: the option's last force too)."""
    force = force_of(card, players)
    if forces[player] is not None or holder_of(forces, force) is not None:
        return forces
    assigned = list(forces)
    assigned[player] = force
    return complete_forces(tuple(assigned), players) if completion else tuple(assigned)


def reveal_force_reason(
    forces: Forces, player: int, card: Card, players: int, completion: bool = False
) -> Reason | None:
    """SS-3, informative: what turning ``card`` up does to ``player``'s force (None if they hold one). With
    the completion option, the params also name the seat that gets the last force (``also_seat``)."""
    if forces[player] is not None:
        return None
    force = force_of(card, players)
    holder = holder_of(forces, force)
    if holder is not None:
        # Already taken: this reveal does not decide; the player's next reveal will (SS-3).
        return Reason(
            "ss.force.taken", "SS-3", True, {"player": player, "force": force.value, "holder": holder}, "card"
        )
    after = forces_after_reveal(forces, player, card, players, completion)
    params: dict[str, object] = {"player": player, "force": force.value}
    also = [seat for seat in range(players) if seat != player and forces[seat] is None and after[seat] is not None]
    if also:
        last = also[0]
        forced = after[last]
        assert forced is not None
        params |= {"also_seat": last, "also_force": forced.value}
    return Reason("ss.force.assigned", "SS-3", True, params, "card")


def fixed_forces_reasons(forces: Sequence[Force], players: int) -> tuple[Reason, ...]:
    """SS-3 (option): forces fixed before play name one force per seat, each once, of the right kind."""
    allowed = forces_for(players)
    reasons: list[Reason] = []
    if len(forces) != players:
        reasons.append(
            Reason("ss.forces.wrong_count", "SS-3", False, {"expected": players, "got": len(forces)}, "forces")
        )
    wrong_kind = [f.value for f in forces if f not in allowed]
    if wrong_kind:
        reasons.append(
            Reason(
                "ss.forces.wrong_kind",
                "SS-2",
                False,
                {"forces": wrong_kind, "allowed": [f.value for f in allowed]},
                "forces",
            )
        )
    repeated = sorted({f.value for f in forces if list(forces).count(f) > 1})
    if repeated:
        reasons.append(Reason("ss.forces.repeated", "SS-3", False, {"forces": repeated}, "forces"))
    if not reasons:
        reasons.append(Reason("ss.forces.valid", "SS-3", True, {"forces": [f.value for f in forces]}, "forces"))
    return tuple(reasons)
