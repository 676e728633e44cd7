"""A group's statistics of Sister Combination: per seat its place (SC-7 ranks by going out, then by cards left;
there are no points), how often each place was reached, whether they went out and the cards left in hand."""

from __future__ import annotations

from companion.games.sister_combination import GAME
from companion.games.sister_combination.state import TableState
from companion.groups.records import Category
from companion.i18n import gettext as _
from companion.i18n import pgettext
from companion.web.gameweb import TableViewLike

POINTS = False  # placed by going out, then by cards left (SC-7)


def places(view: TableViewLike[TableState]) -> dict[int, int]:
    """Each seat's place by the engine's placings (tied seats share a place, the next place is skipped)."""
    found: dict[int, int] = {}
    ahead = 0
    for group in GAME.score(view.state).placings:
        for seat in group:
            found[seat] = ahead + 1
        ahead += len(group)
    return found


def categories(view: TableViewLike[TableState]) -> list[tuple[Category, ...]]:
    state = view.state
    placed = places(view)
    seats = []
    for seat in range(state.players):
        place = placed.get(seat, state.players)
        # one counted category per place a seat of this table could reach: "placed 2nd" counts 1 or 0
        reached = tuple(Category(f"place.{n}", _("Times placed #%(place)s", place=n), 1 if place == n else 0,
                                 counted=True) for n in range(1, state.players + 1))
        seats.append((Category("place", _("Average place"), place), *reached,
                      Category("out", _("Went out"), 1 if seat in state.out else 0, counted=True),
                      Category("left", pgettext("sister_combination", "Cards left"), state.hands[seat])))
    return seats
