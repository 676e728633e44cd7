"""A photo of cards for the table's lists (issue #36): the opened field at set-up and a hand shown at the end
(``PhotoStep("cards")``, ``POST /t/<token>/photo/cards``, the platform reading the photo). The ranks read go into
the list being put together as tapping each would (``draft``'s checks, card by card), and the form is shown for
the player to check and send as ever: nothing is written. A rank the deck profile does not know is asked for as
typing it would be: its rank held in the picker, its icons to tap, then Add.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from flask import abort

from companion.games.planetary_sisters import CardRef, TableState
from companion.i18n import gettext as _
from companion.web.gameweb import Redraw, SeenCardLike, TableViewLike
from companion.web.wording import Wording

from . import cards as cardlib
from .draft import draft_failures
from .forms import PICK
from .messages import reason_text
from .refused import without_picker
from .sheet_form import ranks_of

UNKNOWN = "ps.card.unknown_rank"


def read(view: TableViewLike[TableState], form: Mapping[str, str], seen: Sequence[SeenCardLike]) -> Redraw:
    state: TableState = view.state
    pending = {k: v for k, v in form.items() if k != "do"}
    kind = pending.get("kind", "")
    if kind not in ("setup", "reveal"):
        abort(400)
    wording = Wording.of_table(view.seats)
    refs, _errors = cardlib.split(pending.get("cards"), "cards")
    listed = {r.rank for r in refs if r.rank is not None}
    read_ranks = ranks_of(",".join(c.card for c in seen))
    added: list[int] = []
    asked: list[int] = []
    left_out: list[str] = []
    for rank in read_ranks:
        if rank in listed:
            continue
        refused = draft_failures(state, kind, pending, [*refs, CardRef(rank, None)])
        if not refused:
            refs.append(CardRef(rank, None))
            added.append(rank)
        elif any(r.code == UNKNOWN for r in refused):
            asked.append(rank)
        else:
            left_out.append(_("%(rank)s: %(why)s", rank=rank, why=reason_text(refused[0], wording)))
    pending = without_picker(pending, PICK, cardlib.deck_info(state.deck))  # the picker starts anew
    pending["cards"] = cardlib.SEP.join(str(r) for r in refs)
    if asked:
        pending[f"{PICK}rank"] = str(asked[0])
    return Redraw(pending, tuple(left_out), notice=said(read_ranks, added, asked))


def said(read_ranks: list[int], added: list[int], asked: list[int]) -> str:
    """What the photo gave, card by card, in one notice above the form."""
    if not read_ranks:
        return _("No card of this game was read: photograph the cards' markers from closer, with light on them, or "
                 "tap the cards in.")
    words = [_("Read from the photo: %(ranks)s. Check the cards below, then send them.",
               ranks=", ".join(str(r) for r in read_ranks))]
    if added and len(added) < len(read_ranks):
        words.append(_("Added: %(ranks)s.", ranks=", ".join(str(r) for r in added)))
    if asked:
        words.append(_("Not in the deck profile yet: %(ranks)s. Tap each card's element icons (the first one's rank "
                       "is held in the picker), then Add card.", ranks=", ".join(str(r) for r in asked)))
    return " ".join(words)
