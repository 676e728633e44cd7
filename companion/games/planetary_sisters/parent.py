"""Who becomes parent after a round (PS-5 for 3/4 players, PS-6 for 2 players; rule text §4.2, §4.4.1).

The difference of a turn is |rank played − rank taken|. The condition card says whether the smallest
(Close) or the largest (Far) difference wins; the new parent flips it, and the game starts on Close.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..base import Reason


class Condition(StrEnum):
    """The condition card's face up side (§4.2)."""

    CLOSE = "close"
    FAR = "far"

    def flipped(self) -> Condition:
        """PS-5: the new parent flips the card every round."""
        return Condition.FAR if self is Condition.CLOSE else Condition.CLOSE


@dataclass(frozen=True)
class ParentChange:
    """The next parent and why."""

    seat: int
    reasons: tuple[Reason, ...]


def rank_difference(played: int, taken: int) -> int:
    """PS-5: the difference of a turn."""
    return abs(played - taken)


def next_parent_many(turns: Sequence[tuple[int, int]], condition: Condition) -> ParentChange:
    """PS-5, 3/4 players. ``turns``: (seat, difference) in the order the turns were played.

    Close: the smallest difference; Far: the largest. A tie goes to the most downstream tied player, the one
    who acted last in the round.
    """
    differences = [d for _, d in turns]
    best = min(differences) if condition is Condition.CLOSE else max(differences)
    tied = [seat for seat, d in turns if d == best]
    seat = tied[-1]  # most downstream of the tied players (PS-5)
    code = "ps.parent.smallest_difference" if condition is Condition.CLOSE else "ps.parent.largest_difference"
    reasons = [
        Reason(
            code,
            "PS-5",
            True,
            {
                "seat": seat,
                "difference": best,
                "condition": condition.value,
                "seats": [s for s, _ in turns],
                "differences": differences,
            },
        )
    ]
    if len(tied) > 1:
        reasons.append(Reason("ps.parent.tie_downstream", "PS-5", True, {"seat": seat, "tied": tied}))
    return ParentChange(seat, tuple(reasons))


def next_parent_two(
    parent: int, parent_differences: Sequence[int], child: int, child_differences: Sequence[int], condition: Condition
) -> ParentChange:
    """PS-6, 2 players: each player's two differences, sorted ascending (Close) or descending (Far), are
    compared lexicographically; the better list makes its player parent, equal lists make the child parent."""
    close = condition is Condition.CLOSE
    ordered = {
        parent: sorted(parent_differences, reverse=not close),
        child: sorted(child_differences, reverse=not close),
    }
    mine, theirs = ordered[parent], ordered[child]
    if mine == theirs:
        return ParentChange(
            child,
            (
                Reason(
                    "ps.parent.equal_pairs_child",
                    "PS-6",
                    True,
                    {"seat": child, "condition": condition.value, "differences": mine},
                ),
            ),
        )
    parent_better = (mine < theirs) if close else (mine > theirs)
    winner, loser = (parent, child) if parent_better else (child, parent)
    position = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b) + 1
    return ParentChange(
        winner,
        (
            Reason(
                "ps.parent.better_pairs",
                "PS-6",
                True,
                {
                    "seat": winner,
                    "condition": condition.value,
                    "differences": ordered[winner],
                    "other_seat": loser,
                    "other_differences": ordered[loser],
                    "decided_at": position,
                },
            ),
        ),
    )
