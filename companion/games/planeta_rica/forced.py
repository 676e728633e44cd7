"""The entries the table makes by itself (issue 35): where the rules leave exactly one entry, and it needs nothing
only the players know (a drawn card, a choice), ``forced_move`` names it; the platform makes it after the entry
that led here, logs it as the table's and undoes it with that entry (companion.tables.entries).

Pure: reads the state, returns a move or None.
"""

from __future__ import annotations

from .cards import Reward
from .market import reveal_options
from .moves import Move, Return
from .returns import copy_targets
from .state import Phase, TableState

# rewards that leave the player nothing to choose (PR-2): "any" and "exchange" ask which resources, "copy" which planet
NO_CHOICE = frozenset({Reward.TACHYON, Reward.MONOPOLE, Reward.MITHRIL, Reward.COIN, Reward.COIN2, Reward.FAME,
                        Reward.WORKER, Reward.NOTHING})


def forced_move(state: TableState) -> Move | None:
    """The one entry the rules leave here, or None wherever a player chooses or the table must say something."""
    if state.phase is Phase.RETURN:
        return _forced_return(state)
    if state.phase is Phase.REFILL:
        return _forced_reveal(state)
    # PR-1 (who starts, the cards turned up: the table's to say), PR-3 (one action of the player's choosing), PR-7
    # (a second action or "end": the player's choice), PR-4 (over): nothing is forced
    return None


def _forced_return(state: TableState) -> Return | None:
    """PR-2: every planet with workers returns its topmost worker, none skipped; the order is the player's.

    A return is forced when its slot's reward is known (the deck profile, or a value the table already told it,
    PR-6) and leaves no choice: a named resource, coins, fame, a worker, nothing; a copy slot with no other planet
    to copy (pays nothing, PR-2) or with exactly one, whose same slot is known and leaves no choice. Such a return
    only adds to what the player has, so making it first takes no choice away from the returns still owed (an
    exchange may then give back more, "any" and a copy choose as before): the table makes those, in the row's
    order, and leaves the ones that ask something (or that the table must be told) to the player. One exception
    keeps the whole order the player's: the start player's right-hand neighbour whose returns could empty the fame
    pool (PR-4: the game then ends at once, and later returns are not made, so the order decides which are)."""
    seat = state.to_move
    pending = state.pending_returns
    if seat is None or not pending:
        return None
    moves = [move for planet in pending if (move := _fixed_return(state, seat, planet)) is not None]
    if not moves:
        return None
    if len(pending) > 1 and state.to_move == state.last_seat and state.end_turn is None \
            and _fame_rewards(state, seat, pending) >= state.fame_pool:
        return None  # PR-4 「その場でゲーム終了」: which returns are still made depends on the order
    return moves[0]


def _fixed_return(state: TableState, seat: int, planet: int) -> Return | None:
    """The one return from ``planet`` when its reward leaves no choice (PR-2), else None."""
    owned = state.seats[seat].planets
    slot = owned[planet].topmost
    if slot is None:
        return None
    shows = state.profile.slot(owned[planet].planet, slot)
    if shows in NO_CHOICE:
        return Return(planet)
    if shows is Reward.EXCHANGE and not state.seats[seat].resources.total:
        return Return(planet)  # PR-2: an exchange with no resource to give back gives and takes none
    if shows is Reward.COPY:
        targets = copy_targets(state, seat, planet, slot)
        if not targets:
            return Return(planet)  # PR-2: a copy slot with no other target pays nothing
        if len(targets) == 1 and state.profile.slot(owned[targets[0]].planet, slot) in NO_CHOICE:
            return Return(planet, copy=targets[0])  # PR-2: the only planet there is to copy
    return None  # PR-6 (unknown: the table says what the slot shows) or PR-2 (a choice: any, exchange, copy)


def _fame_rewards(state: TableState, seat: int, pending: tuple[int, ...]) -> int:
    """How many of the owed returns may pay fame: a fixed one that pays it (a copy counted by what it copies), and
    every one that asks something or is unknown (it may be or copy fame)."""
    owned = state.seats[seat].planets
    count = 0
    for planet in pending:
        move = _fixed_return(state, seat, planet)
        slot = owned[planet].topmost
        if move is None:
            count += 1
            continue
        source = planet if move.copy is None else move.copy
        if slot is not None and state.profile.slot(owned[source].planet, slot) is Reward.FAME:
            count += 1
    return count


def _forced_reveal(state: TableState) -> Move | None:
    """PR-3: after an invade the market is refilled from the deck. The card turned up is the table's to say, unless
    the deck can hold only one planet type (every copy of every other type is seen, PR-1): then it is that one."""
    options = reveal_options(state)
    return options[0] if len(options) == 1 else None
