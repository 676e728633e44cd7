"""The planet market (PR-1, PR-3): five planet types face up, duplicates stacked on their type, refilled from
the deck after an invade until five types show again or the deck is empty.

The companion never shuffles: the table says which planet it turned up (``Reveal``), and the companion checks
that such a card can still be in the deck (the game's copies, PR-1).
"""

from __future__ import annotations

from ..base import Reason
from .cards import Planet
from .moves import Reveal
from .state import MARKET_TYPES, Phase, Stack, TableState


def copies_left(state: TableState, planet: Planet) -> int:
    """Copies of ``planet`` that can still be in the deck."""
    return planet.copies - state.planets_seen()[planet]


def needs_refill(state: TableState) -> bool:
    """PR-3: fewer than five types show and the deck still has cards (「山札が切れたら新たな惑星が補充されなくなります」)."""
    return len(state.market) < MARKET_TYPES and state.deck > 0


def reveal_reasons(state: TableState, move: Reveal) -> list[Reason]:
    setting_up = state.phase is Phase.SETUP and len(state.market) < MARKET_TYPES
    reasons = [Reason("pr.market.reveal_time", "PR-1" if state.phase is Phase.SETUP else "PR-3",
                      setting_up or state.phase is Phase.REFILL,
                      {"phase": state.phase.value, "types": len(state.market)}, "type")]
    reasons.append(Reason("pr.market.deck_not_empty", "PR-3", state.deck > 0, {"deck": state.deck}, "planet",
                          impossible=state.deck <= 0))
    left = copies_left(state, move.planet)
    reasons.append(Reason("pr.market.copy_left", "PR-1", left > 0,
                          {"card": move.planet.value, "copies": move.planet.copies, "seen": move.planet.copies - left},
                          "planet", impossible=left <= 0))
    return reasons


def apply_reveal(state: TableState, move: Reveal) -> TableState:
    """The card joins its type's stack, or opens a new one."""
    if move.planet in state.market_types:
        market = tuple(Stack(s.planet, s.count + 1) if s.planet is move.planet else s for s in state.market)
    else:
        market = state.market + (Stack(move.planet),)
    return state.evolve(market=market)


def reveal_options(state: TableState) -> list[Reveal]:
    return [Reveal(p) for p in Planet if copies_left(state, p) > 0] if state.deck > 0 else []
