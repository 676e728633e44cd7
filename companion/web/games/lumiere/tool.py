"""The game's quick tool, the capture checker: set up a 4 × 4 field by tapping, and see what the get phase takes
and why.

Its handlers (``tool`` for the page, ``tool_act`` for a tap) are registered in ``routes.py`` at
``/lumiere/captures``. No table is needed and nothing is stored: the whole field travels in the address (``?f=``), so a dispute can
be sent to another phone, and the back button steps back through the taps. Every tap is a plain form POST
(answered with a redirect to the new address, or for htmx the fresh fragment with that address), so it
works with JavaScript off.

The field is read and judged by the engine exactly as the referee API reads its JSON
(``field_from_request``, then ``resolve_get``), so the page and ``POST /api/v1/lumiere/captures`` always agree.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from flask import Response, make_response, redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, ParseError, RulesError
from companion.games.lumiere import ALL_CELLS, Card, Cell, Field, FieldCard, field_from_request, resolve_get
from companion.i18n import gettext as _
from companion.i18n import pgettext
from companion.web.links import LinkReader
from companion.web.messages import explain
from companion.web.pages import is_htmx, page
from companion.web.wording import PAGE

from .board import areas, outcome_view
from .labels import ARROWS, card_short, cell_label, side_name

PLAYERS = (3, 4)
MODES = ("put", "active", "turn", "lift")
MAX_STACK = 8  # more than any real stack; keeps an address short
MAX_ADDRESS = 4000
# No table, so no names: seats read "Player 1" … (counted from 1), areas "B3".
WORDING = PAGE


@dataclass(frozen=True)
class Checker:
    """The checker's whole state: the table size, the field, and the tool the next tap uses."""

    players: int = 4
    field: Field = Field.empty()
    card: Card = Card.COMMONER
    owner: int = 0
    mode: str = "put"

    def query(self) -> dict[str, str]:
        """The address parameters that bring this state back."""
        params = {"p": str(self.players), "card": self.card.value, "owner": str(self.owner), "mode": self.mode}
        if any(self.field.stack(cell) for cell in ALL_CELLS):
            params["f"] = encode_field(self.field)
        return params


# -- the field in an address ---------------------------------------------------------------------------------

def encode_field(board: Field) -> str:
    """The engine's field notation on one line: areas joined by ",", rows by ";" (``.`` is an empty area)."""
    return ";".join(",".join("/".join(str(card) for card in stack) or "." for stack in row) for row in board.areas)


def decode_field(text: str) -> Field:
    """The inverse of ``encode_field``; raises ParseError. Only top cards can be active (LP-3)."""
    if not text:
        return Field.empty()
    if len(text) > MAX_ADDRESS:
        raise ParseError("lp.dispute.unreadable", "§場の説明")
    rows = text.split(";")
    if len(rows) != 4 or any(" " in row or "\n" in row for row in rows):
        raise ParseError("lp.dispute.unreadable", "§場の説明")
    board = Field.parse("\n".join(row.replace(",", " ") for row in rows))
    if any(len(board.stack(cell)) > MAX_STACK for cell in ALL_CELLS):
        raise ParseError("lp.dispute.unreadable", "§場の説明")
    return board.with_active(board.active_cells())


def request_body(players: int, board: Field) -> dict[str, Any]:
    """The field as ``POST /api/v1/lumiere/captures`` takes it (API.md)."""
    return {
        "players": players,
        "board": [[[{"card": c.card.value, "owner": c.owner} for c in board.stack(Cell(r, col))]
                   for col in range(4)] for r in range(4)],
        "active": [cell.to_json() for cell in sorted(board.active_cells())],
    }


def checked(players: int, board: Field) -> Field:
    """The field as the engine reads it, or ErrorList with every problem (too many copies, LP-8; an owner no
    seat has, LP-1): the page uses the API's own reading."""
    _players, read = field_from_request(request_body(players, board))
    return read


def read_state(values: Mapping[str, str], link: LinkReader | None = None) -> tuple[Checker, list[RulesError]]:
    """The state an address or a form carries; what cannot be read falls back to the default, and says so (the
    field's problems returned, the other fields' noted in ``link``)."""
    problems: list[RulesError] = []
    link = link if link is not None else LinkReader(values)
    players = link.number("p", 0, 99, PLAYERS) or 4
    card = Card(link.choice("card", [c.value for c in Card]) or Card.COMMONER.value)
    owner = link.number("owner", 0, players - 1) or 0
    mode = link.choice("mode", MODES) or "put"
    try:
        board = decode_field(values.get("f", ""))
        board = checked(players, board)
    except RulesError as error:
        problems.append(ParseError("lp.dispute.unreadable", "§場の説明"))
        if isinstance(error, ErrorList):
            problems.extend(error.errors)
        board = Field.empty()
    return Checker(players, board, card, owner, mode), problems


# -- a tap ---------------------------------------------------------------------------------------------------

def tapped(state: Checker, cell: Cell) -> Field:
    """The field after the tool is used on ``cell``; raises ParseError when it cannot be."""
    board = state.field
    top = board.top(cell)
    if state.mode == "put":
        if len(board.stack(cell)) >= MAX_STACK:
            raise ParseError("lp.dispute.too_deep", "§場の説明", str(cell), cell=str(cell), count=MAX_STACK)
        return board.push(cell, FieldCard(state.card, state.owner))
    if top is None:
        code = "lp.dispute.active_empty" if state.mode == "active" else "lp.dispute.lift_empty"
        raise ParseError(code, "LP-3" if state.mode == "active" else "LP-1", str(cell), cell=str(cell))
    if state.mode == "active":
        return board.with_top(cell, replace(top, active=not top.active))
    if state.mode == "turn":
        return board.with_top(cell, replace(top, owner=state.owner))
    return board.pop(cell)[1]


def with_players(state: Checker, players: int) -> Checker:
    """A 3-player table has no fourth side (LP-1): refuse while a card faces it."""
    if players == 3:
        facing = [str(cell) for cell in ALL_CELLS if any(c.owner == 3 for c in state.field.stack(cell))]
        if facing:
            raise ParseError("lp.dispute.unused_side", "LP-1", "p", cells=facing)
    return replace(state, players=players, owner=state.owner if state.owner < players else 0)


def after_post(state: Checker, form: Mapping[str, str]) -> Checker:
    """The state after the button that was tapped; raises RulesError (the field is then left as it was)."""
    if form.get("action") == "clear":
        return replace(state, field=Field.empty())
    if form.get("players") in ("3", "4"):
        return with_players(state, int(form["players"]))
    if "tap" in form:
        cell = Cell.parse(form["tap"])
        board = tapped(state, cell)
        return replace(state, field=checked(state.players, board))
    return state  # a change of tool only


# -- pages ---------------------------------------------------------------------------------------------------

def address(state: Checker) -> str:
    query: dict[str, Any] = state.query()
    return url_for("lumiere.tool", **query)


def render(state: Checker, problems: list[RulesError], status: int = 200, tapped_cell: str = "",
           link_notice: str = "", photo: Any = None, photo_error: str = "") -> tuple[str, int]:
    context = _context(state, problems, tapped_cell)
    context.update(link_notice=link_notice, photo=photo, photo_error=photo_error)  # photo: photo.FieldRead
    return page("lumiere/tool.html", "lumiere/_tool.html", status, **context)


def _context(state: Checker, problems: list[RulesError], tapped_cell: str) -> dict[str, Any]:
    outcome = resolve_get(state.field)
    seats = range(state.players)
    context = dict(
        checker=state,
        rows=areas(state.field, WORDING, outcome, pending=tapped_cell if problems else ""),
        outcome=outcome_view(state.field, outcome, seats, WORDING),
        problems=[_located(p) for p in problems],
        cards=[(c.value, card_short(c)) for c in Card],
        owners=[(s, WORDING.seat(s), ARROWS[s], side_name(s)) for s in seats],
        modes=[("put", _("Put a card")), ("active", _("Active ★")), ("turn", _("Face a seat")),
               ("lift", pgettext("lumiere", "Take off"))],
        sides=_sides(state.players),
        players_choices=PLAYERS,
        encoded=encode_field(state.field),
        address=address(state),
        api_body=json.dumps(request_body(state.players, state.field), ensure_ascii=False),
    )
    return context


def _sides(players: int) -> dict[str, str]:
    """The name printed along each edge of the field: the seat whose cards face that side."""
    names = {}
    for seat, side in enumerate(("bottom", "left", "top", "right")):
        names[side] = f"{WORDING.seat(seat)} {ARROWS[seat]}" if seat < players else _("(nobody)")
    return names


def _located(problem: RulesError) -> str:
    """A problem in words, with the area it is about when its path names one ("board[1][2]…")."""
    text = explain(problem, WORDING)
    path = problem.path
    if path.startswith("board[") and path.count("[") >= 3:
        try:
            row, col = int(path[6]), int(path[9])
            return f"{cell_label(Cell(row, col))}: {text}"
        except (ValueError, IndexError, RulesError):
            return text
    return text


# -- the handlers (routes.py registers them) -----------------------------------------------------------------

def tool() -> ResponseReturnValue:
    """The checker's page for the state its address carries."""
    link = LinkReader(request.args)
    state, problems = read_state(request.args, link)
    # a hand-edited link: what it asked for that cannot be is said in words on a usable page (a 200, as for the
    # other quick tools); a field that cannot be read is a 400, as before
    return render(state, problems, 400 if problems else 200, link_notice=link.notice())


def tool_act() -> ResponseReturnValue:
    """A tap or a button: the new state's address (htmx: its fragment, the address pushed)."""
    state, problems = read_state(request.form)
    if problems:  # the field the form carried could not be read: show that, change nothing
        return render(state, problems, 400)
    try:
        state = after_post(state, request.form)
    except RulesError as error:
        errors = error.errors if isinstance(error, ErrorList) else [error]
        return render(state, list(errors), 422, tapped_cell=request.form.get("tap", ""))
    if is_htmx():
        body, status = render(state, [])
        response: Response = make_response(body, status)
        response.headers["HX-Push-Url"] = address(state)  # each tap is a step Back returns to
        return response
    return redirect(address(state), 303)
