"""The score summary of a Sister Combination table (page and PDF), from ``GAME.score(state)``: who went out in
which order, then the others by cards left (SC-7: fewer is better), with the table's options and its state."""

from __future__ import annotations

from companion.games.sister_combination import GAME, TableState
from companion.i18n import gettext as _
from companion.i18n import ngettext, pgettext
from companion.web.gameweb import Summary, SummaryTable, TableViewLike
from companion.web.reasons import reason_text
from companion.web.wording import Wording

from .labels import card_name, colour_label, direction_label, end_label, place_label


def summary(view: TableViewLike[TableState]) -> Summary | None:
    state: TableState = view.state
    if not state.started:
        return None
    return _summary(state, Wording.of_table(view.seats))


def _summary(state: TableState, wording: Wording) -> Summary:
    result = GAME.score(state)
    ranking: list[tuple[int, str, str]] = []
    place = 1
    for group in result.placings:
        for seat in group:
            shown = _("out %(place)s", place=place_label(state.out.index(seat) + 1)) if seat in state.out else \
                ngettext("%(num)s card left", "%(num)s cards left", state.hands[seat])
            ranking.append((place, wording.seat(seat), shown))
        place += len(group)
    seats = SummaryTable(
        _("Seats"),
        (pgettext("sister_combination", "Seat"), pgettext("sister_combination", "Cards left"),
         pgettext("sister_combination", "Out")),
        tuple((f"{s + 1}. {wording.seat(s)}", str(state.hands[s]),
               place_label(state.out.index(s) + 1) if s in state.out else "")
              for s in range(state.players)),
        _("Ranked %(end)s: first the players out in the order they went out, then by cards left, fewer first; "
          "equal hands share a place (SC-7).", end=end_label(state.options.end)),
    )
    table = SummaryTable(
        _("The table now"),
        (pgettext("sister_combination", "What"), pgettext("sister_combination", "Now")),
        ((_("Field card"), card_name(state.top)), (_("Colour to match"), colour_label(state.colour)),
         (_("Stack"), str(state.stack)), (_("Deck"), str(state.deck)),
         (_("Discard pile"), str(len(state.discard))), (_("Direction"), direction_label(state.direction))),
        _("Hands, stack, deck and discard pile always hold the 144 cards together (SC-9)."),
    )
    note = " ".join(reason_text(r, wording) for r in result.reasons)
    return Summary(finished=result.finished, ranking=tuple(ranking), tables=(seats, table), winner_note=note)
