"""The score summary of a Strato-Sphere table: the result (SS-8) and, per seat and per side, the figures that
say how close each one is to it: the nodes it controls (SS-4) and how many of the nodes in front of it the
other side holds."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.games.strato_sphere.board import controller
from companion.games.strato_sphere.outcome import WIN
from companion.games.strato_sphere.ring import are_opponents, nodes_of, seats_of_side, side_of
from companion.games.strato_sphere.state import TableState
from companion.web.gameweb import Summary, SummaryTable

from .display import force_label, nodes_text
from .tracker_view import ending


def _controlled(state: TableState, seat: int) -> list[int]:
    return [n for n in range(len(state.board.nodes)) if controller(state.board, n) == seat]


def _held_by_opponents(state: TableState, seat: int) -> list[int]:
    held = []
    for node in nodes_of(seat):
        holder = controller(state.board, node)
        if holder is not None and are_opponents(holder, seat, state.players):
            held.append(node)
    return held


def _places(values: list[int]) -> list[int]:
    """Competition places for scores, highest first: 3, 3, 1 -> 1, 1, 3."""
    return [1 + sum(1 for other in values if other > value) for value in values]


def summary(view: Any) -> Summary:
    state: TableState = view.state
    names = list(view.table.seats)
    players = state.players
    controlled = [_controlled(state, seat) for seat in range(players)]
    threatened = [_held_by_opponents(state, seat) for seat in range(players)]
    outcome = state.outcome

    if outcome is not None and outcome.kind == WIN:
        ranking = tuple(
            (1 if seat in outcome.winners else 2, names[seat], _("won") if seat in outcome.winners else _("lost"))
            for seat in sorted(range(players), key=lambda s: (s not in outcome.winners, s))
        )
    elif outcome is not None:
        ranking = tuple((1, names[seat], _("drawn game")) for seat in range(players))
    else:
        counts = [len(nodes) for nodes in controlled]
        places = _places(counts)
        order = sorted(range(players), key=lambda s: (places[s], s))
        ranking = tuple(
            (places[s], names[s], ngettext("%(num)s node", "%(num)s nodes", counts[s])) for s in order
        )

    seat_rows = tuple(
        (
            names[seat],
            force_label(state.forces[seat]),
            f"{len(controlled[seat])} ({nodes_text(controlled[seat]) or '—'})",
            f"{len(threatened[seat])} / 3 ({nodes_text(threatened[seat]) or '—'})",
            str(state.hands[seat]),
        )
        for seat in range(players)
    )
    seats_table = SummaryTable(
        title=_("Seats"),
        columns=(_("Seat"), _("Force"), _("Nodes controlled"), _("Nodes in front held by the other side"),
                 _("Hand")),
        rows=seat_rows,
        note=_("A node is controlled by the player whose force matches its face-up top card (SS-4). A side wins "
               "at once when it holds all 3 nodes in front of one opposing player (SS-8)."),
    )
    side_rows = []
    for side in range(2):
        seats = seats_of_side(side, players)
        total = sum(len(controlled[s]) for s in seats)
        best = max(len(threatened[s]) for s in range(players) if side_of(s, players) != side)
        side_rows.append((" & ".join(names[s] for s in seats), str(total), f"{best} / 3"))
    sides_table = SummaryTable(
        title=_("Sides"),
        columns=(_("Side"), _("Nodes controlled"), _("Closest to a win")),
        rows=tuple(side_rows),
        note=_("Closest to a win: the most nodes this side holds in front of one opposing player (SS-8)."),
    )
    end = ending(state, names)
    return Summary(
        finished=outcome is not None,
        ranking=ranking,
        tables=(seats_table, sides_table),
        winner_note=end.text if end is not None else "",
    )
