"""Ranking and winner (rule text §4.5: "最終得点が最も大きいプレイヤーが勝者となります").

The text gives no tie-break, so players tied on the highest final score all win, and tied players share a
place (1, 1, 3 ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import Reason


@dataclass(frozen=True)
class Standing:
    seat: int
    total: int
    place: int  # 1 = best; tied totals share a place


@dataclass(frozen=True)
class Ranking:
    standings: tuple[Standing, ...]  # best first; tied seats in seat order
    winners: tuple[int, ...]

    @property
    def reason(self) -> Reason:
        """§4.5: why these seats win."""
        best = self.standings[0].total if self.standings else 0
        return Reason(
            "ps.result.winner",
            "§4.5",
            True,
            {"seats": list(self.winners), "total": best, "shared": len(self.winners) > 1},
        )


def rank_players(totals: Sequence[int]) -> Ranking:
    """``totals[seat]`` -> standings, highest first, and the winners (every seat with the highest total)."""
    order = sorted(range(len(totals)), key=lambda seat: (-totals[seat], seat))
    standings = tuple(
        Standing(seat, totals[seat], 1 + sum(1 for other in totals if other > totals[seat])) for seat in order
    )
    winners = tuple(s.seat for s in standings if s.place == 1)
    return Ranking(standings, winners)
