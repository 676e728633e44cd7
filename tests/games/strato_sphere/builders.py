"""Small builders so a test can write a table the way a player would describe it."""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.base import Reason
from companion.games.strato_sphere.board import Board, parse_node
from companion.games.strato_sphere.cards import Card, Force, parse_any_force, parse_card
from companion.games.strato_sphere.forces import FORCES_FIRST_REVEAL
from companion.games.strato_sphere.moves import FixForces
from companion.games.strato_sphere.state import TableState


def forces(text: str) -> tuple[Force | None, ...]:
    """``"S H - D"``: one force per seat, ``-`` for not known yet."""
    return tuple(None if word == "-" else parse_any_force(word) for word in text.split())


def fix(text: str) -> FixForces:
    """The ``forces`` move of the fixed-forces option: ``"C D S H"`` (every seat named)."""
    return FixForces(tuple(parse_any_force(word) for word in text.split()))


def board(players: int, forces_text: str, nodes: str) -> Board:
    """``nodes``: one node per ``|``, top card first, e.g. ``"KS ? | ? | 9H [2C]"`` (3 × players of them)."""
    stacks = tuple(parse_node(part) for part in nodes.split("|"))
    assert len(stacks) == 3 * players, f"{len(stacks)} nodes for {players} players"
    return Board(players, forces(forces_text), stacks)


def table(
    b: Board,
    *,
    hands: tuple[int, ...] | None = None,
    pile: int = 20,
    discard: str = "",
    to_move: int = 0,
    moves_made: int = 0,
    forces_rule: str = FORCES_FIRST_REVEAL,
) -> TableState:
    """A tracked table at any point (totals are not made to add up: tests of single moves do not need it). Its
    dealer is named: the seat before the one to move, as if the table were still in its first round (SS-5)."""
    return TableState(
        board=b,
        hands=hands if hands is not None else (6,) * b.players,
        pile=pile,
        discard=tuple(parse_card(c) for c in discard.split()),
        forces_rule=forces_rule,
        dealer=(to_move - 1) % b.players,
        to_move=to_move,
        moves_made=moves_made,
    )


def codes(reasons: Iterable[Reason]) -> list[str]:
    return [r.code for r in reasons]


def card(text: str) -> Card:
    return parse_card(text)
