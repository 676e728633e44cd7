"""``POST /api/v1/lumiere/captures`` (API.md), as a pure function of the decoded JSON body.

Request: ``{"players": 4, "board": [[[{"card": "commoner", "owner": 0}, ...], ...4 areas], ...4 rows],
"active": [[row, col], ...]}``; each area's stack is top card first; ``players`` defaults to 4 and
``active`` to no area. Answer: ``{"captures": [...], "excluded": [...]}`` in row-major order of ``cell``,
each capture's ``lines`` in ``captures.LINE_ORDER``. Every problem found is raised at once as ``ErrorList``
(ParseError for shape and values, ImpossibleState for a field that cannot exist).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .captures import GetOutcome, resolve_get
from .cards import Card, copies_in_play
from .field import SIZE, Cell, Field, FieldCard
from .state import PLAYER_COUNTS

DEFAULT_PLAYERS = 4


def captures_request(body: Any, lookup_profile: Callable[[str], Any] | None = None) -> dict[str, Any]:
    """The 200 answer for a request body; raises ErrorList (the 422's ``errors``).

    ``lookup_profile`` is accepted so this fits the web layer's API handler shape; captures need no profile.
    """
    return read_captures_request(body).to_json()


def read_captures_request(body: Any) -> GetOutcome:
    """Validate the body and resolve its get phase; the page uses the outcome's sandwiches to explain."""
    _, field = field_from_request(body)
    return resolve_get(field)


def field_from_request(body: Any) -> tuple[int, Field]:
    """The player count and the field (with the active top cards marked), or ErrorList with every problem."""
    if not isinstance(body, Mapping):
        raise ErrorList([ParseError("lp.json.wrong_type", "§場の説明", "", expected="object")])
    errors: list[RulesError] = []
    players = body.get("players", DEFAULT_PLAYERS)
    if not _is_int(players) or players not in PLAYER_COUNTS:
        errors.append(ParseError("lp.players.unsupported", "§概要", "players", players=str(players),
                                 allowed=list(PLAYER_COUNTS)))
        players = max(PLAYER_COUNTS)  # keep checking the rest against the largest table
    stacks = _read_board(body, players, errors)
    field = Field.from_stacks(stacks)
    active = _read_active(body, field, stacks, errors)
    errors.extend(_too_many_copies(field, players))
    if errors:
        raise ErrorList(errors)
    return players, field.with_active(active)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _read_board(body: Mapping[str, Any], players: int, errors: list[RulesError]) -> dict[Cell, tuple[FieldCard, ...]]:
    """Every well-formed area of ``board``; each problem appended to ``errors`` with its path."""
    if "board" not in body:
        errors.append(ParseError("lp.json.missing", "§場の説明", "board", field="board"))
        return {}
    board = body["board"]
    if not isinstance(board, list) or len(board) != SIZE:
        errors.append(_shape_error("board", board))
        return {}
    stacks: dict[Cell, tuple[FieldCard, ...]] = {}
    for row, areas in enumerate(board):
        if not isinstance(areas, list) or len(areas) != SIZE:
            errors.append(_shape_error(f"board[{row}]", areas))
            continue
        for col, stack in enumerate(areas):
            path = f"board[{row}][{col}]"
            if not isinstance(stack, list):
                errors.append(ParseError("lp.json.wrong_type", "§場の説明", path, expected="list"))
                continue
            cards = [_read_card(entry, f"{path}[{i}]", players, errors) for i, entry in enumerate(stack)]
            if all(card is not None for card in cards):
                stacks[Cell(row, col)] = tuple(card for card in cards if card is not None)
    return stacks


def _shape_error(path: str, value: Any) -> ParseError:
    found = len(value) if isinstance(value, list) else -1
    return ParseError("lp.board.shape", "§場の説明", path, expected=SIZE, found=found)


def _read_card(entry: Any, path: str, players: int, errors: list[RulesError]) -> FieldCard | None:
    if not isinstance(entry, Mapping):
        errors.append(ParseError("lp.json.wrong_type", "LP-8", path, expected="object"))
        return None
    card: Card | None = None
    owner: int | None = None
    if "card" not in entry:
        errors.append(ParseError("lp.json.missing", "LP-8", f"{path}.card", field="card"))
    elif not isinstance(entry["card"], str) or entry["card"] not in {c.value for c in Card}:
        errors.append(ParseError("lp.card.unknown", "LP-8", f"{path}.card", card=str(entry["card"])))
    else:
        card = Card(entry["card"])
    if "owner" not in entry:
        errors.append(ParseError("lp.json.missing", "LP-1", f"{path}.owner", field="owner"))
    elif not _is_int(entry["owner"]):
        errors.append(ParseError("lp.json.wrong_type", "LP-1", f"{path}.owner", expected="integer"))
    elif not 0 <= entry["owner"] < players:
        # LP-1: seats are 0..players-1; with 3 players the fourth orientation belongs to nobody
        errors.append(ParseError("lp.owner.out_of_range", "LP-1", f"{path}.owner", owner=entry["owner"],
                                 players=players))
    else:
        owner = entry["owner"]
    return FieldCard(card, owner) if card is not None and owner is not None else None


def _read_active(body: Mapping[str, Any], field: Field, stacks: dict[Cell, tuple[FieldCard, ...]],
                 errors: list[RulesError]) -> list[Cell]:
    """LP-3: the areas whose top card is active; each must be a cell of the field holding a card."""
    active = body.get("active", [])
    if not isinstance(active, list):
        errors.append(ParseError("lp.json.wrong_type", "LP-3", "active", expected="list"))
        return []
    cells: list[Cell] = []
    for i, value in enumerate(active):
        path = f"active[{i}]"
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
            errors.append(ParseError("lp.cell.malformed", "LP-3", path, cell=str(value)))
            continue
        if not all(0 <= v < SIZE for v in value):
            errors.append(ParseError("lp.cell.out_of_range", "LP-3", path, row=value[0], col=value[1], size=SIZE))
            continue
        cell = Cell(value[0], value[1])
        if cell in stacks and not stacks[cell]:  # an area we could not read is already reported
            errors.append(ImpossibleState("lp.active.empty_area", "LP-3", path, cell=str(cell)))
            continue
        cells.append(cell)
    return cells


def _too_many_copies(field: Field, players: int) -> list[RulesError]:
    """LP-8: a table holds ``per_player`` copies of a card for each player, no more."""
    counts = Counter(card.card for card in field.cards())
    return [ImpossibleState("lp.board.too_many_copies", "LP-8", "board", card=card.value, count=counts[card],
                            limit=copies_in_play(card, players), players=players)
            for card in Card if counts[card] > copies_in_play(card, players)]
