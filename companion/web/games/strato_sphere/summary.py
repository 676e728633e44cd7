"""The score summary of a Strato-Sphere table: the result (SS-8) and, per seat and per side, the figures that
say how close each one is to it: the nodes it controls (SS-4) and how many of the nodes in front of it the
other side holds."""

from __future__ import annotations

from typing import Any

from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.ring import seats_of_side
from companion.games.strato_sphere.score import CONTROLLED, HELD_BY_OPPONENTS
from companion.games.strato_sphere.state import TableState
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.web.gameweb import Summary, SummaryTable, TableViewLike
from companion.web.wording import Wording

from .labels import ending_text, force_label, nodes_text


def _nodes(terms: Any, code: str) -> list[int]:
    return [int(n) for t in terms if t.code == code for n in t.params["nodes"]]


def summary(view: TableViewLike[TableState]) -> Summary:
    """Placings, deciding nodes and every figure come from ``GAME.score(state)``; this only words them."""
    state: TableState = view.state
    names = list(view.table.seats)
    players = state.players
    result = GAME.score(state)
    controlled = [_nodes(result.seat(seat).terms, CONTROLLED) for seat in range(players)]
    threatened = [_nodes(result.seat(seat).terms, HELD_BY_OPPONENTS) for seat in range(players)]
    decided = result.reasons[0] if result.finished else None

    ranking: list[tuple[int, str, str]] = []
    ahead = 0
    for index, group in enumerate(result.placings):
        for seat in group:
            if decided is not None and decided.code == "ss.score.win":
                ranking.append((index + 1, names[seat], _("won") if index == 0 else _("lost")))
            elif decided is not None:
                ranking.append((1, names[seat], _("drawn game")))
            else:
                count = len(controlled[seat])
                ranking.append((ahead + 1, names[seat], ngettext("%(num)s node", "%(num)s nodes", count)))
        ahead += len(group)

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
    side_rows = tuple(
        (" & ".join(names[s] for s in seats_of_side(r.params["side"], players)), str(r.params["controlled"]),
         f"{r.params['closest']} / {r.params['of']}")
        for r in result.reasons if r.code == "ss.score.side"
    )
    sides_table = SummaryTable(
        title=_("Sides"),
        columns=(_("Side"), _("Nodes controlled"), _("Closest to a win")),
        rows=side_rows,
        note=_("Closest to a win: the most nodes this side holds in front of one opposing player (SS-8)."),
    )
    return Summary(
        finished=result.finished,
        ranking=tuple(ranking),
        tables=(seats_table, sides_table),
        winner_note=ending_text(decided.code, decided.params, Wording.of_table(names)) if decided is not None else "",
    )
