"""Putting a list of cards together on the table page (the opened field, a hand shown at the end): the table
action ``draft`` (``POST /t/<token>/act/draft``) adds or drops one card and writes nothing; the platform draws
the table page again with the cards so far kept in the form (``pending``). ``draft_view`` is what the table model
shows of such a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask import abort

from companion.games.base import ErrorList, ParseError, Reason, RulesError
from companion.games.planetary_sisters import GAME, CardRef, Reveal, Setup, TableState
from companion.games.planetary_sisters.flow import field_size
from companion.i18n import gettext as _
from companion.inputs import whole_number
from companion.web.gameweb import Redraw, TableViewLike
from companion.web.wording import Wording

from . import cards as cardlib
from .forms import PICK
from .messages import explain as explain_reason
from .messages import reason_text
from .refused import tapped_line, without_picker


def draft_failures(state: TableState, kind: str, pending: Mapping[str, str], refs: list[CardRef]) -> list[Reason]:
    """The engine's refusals that concern the card just added (the last one): the whole entry is checked as
    it would be sent, and only the reasons pointing at that card are kept (the count is not due yet)."""
    index = len(refs) - 1
    if kind == "setup":
        move: Setup | Reveal = Setup(0, tuple(refs))
        path = f"field[{index}]"
    else:
        move = Reveal(reveal_seat(state, {**pending, "kind": "reveal"}), tuple(refs))
        path = f"cards[{index}]"
    verdict = GAME.check(state, move)
    return [r for r in verdict.failures if r.path == path or r.path.startswith(path + ".")]


def draft(view: TableViewLike[TableState], form: Mapping[str, str]) -> Redraw:
    """Add a card to the list being put together, or drop one; nothing is written. Answers the table page with
    the list kept in the form, and the reason when a card is refused, naming the icons tapped; the picker is
    emptied then, so a refused card's icons never ride into the next one."""
    state: TableState = view.state
    info = cardlib.deck_info(state.deck)
    pending = dict(form)
    kind = pending.get("kind", "")
    if kind not in ("setup", "reveal"):
        abort(400)
    wording = Wording.of_table(view.seats)

    def explain(reason: Reason | RulesError) -> str:
        return explain_reason(reason, wording)

    refs, errors = cardlib.split(pending.get("cards"), "cards")
    problems = [explain(e) for e in errors]
    action = pending.pop("do", "")
    rank_button = pending.pop(f"{PICK}add_rank", "")  # a rank the profile knows, tapped: that card, added at once
    if rank_button:
        pending[f"{PICK}rank"] = rank_button
        action = action or "add"
    if action.startswith("drop:") and whole_number(action[5:], 0, 999) is not None:
        index = whole_number(action[5:], 0, 999)
        refs = [r for i, r in enumerate(refs) if i != index]
    elif action.startswith("seat:") and (seat := whole_number(action[5:], 0, 99)) is not None:
        pending["seat"] = str(seat)  # as the form's buttons write it, however it was typed
        refs = []
    elif action == "add":
        known = len(problems)  # the list's own problems, before this card's
        try:
            ref = cardlib.picker_ref(pending, PICK, info)
            if ref is None:
                raise ParseError("ps.form.no_card", "§3")
            refused = draft_failures(state, kind, pending, [*refs, ref])
            if refused:
                problems += [reason_text(r, wording) for r in refused]
            else:
                refs.append(ref)
        except ErrorList as bad:
            problems += [explain(e) for e in bad.errors]
        except ParseError as bad:
            problems.append(explain(bad))
        if len(problems) > known:
            tapped = tapped_line(pending, PICK, info)
            problems += [tapped] if tapped else []
        pending = without_picker(pending, PICK, info)
    pending["cards"] = cardlib.SEP.join(str(r) for r in refs)
    notice = _("This card was not added:") if problems else ""
    return Redraw(pending, tuple(problems), notice, refused=bool(problems))


# -- what the fragment shows ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DraftView:
    kind: str
    cards: tuple[CardRef, ...]
    text: str  # the hidden field's value
    needed: int
    used: frozenset[int]  # ranks the picker greys out: in play already, or in this list


def draft_view(view: TableViewLike[TableState], pending: Mapping[str, str], kind: str) -> DraftView:
    state: TableState = view.state
    same = pending.get("kind") == kind
    refs, _errors = cardlib.split(pending.get("cards") if same else "", "cards")
    if kind == "setup":
        needed = field_size(state.players)
    else:
        seat = reveal_seat(state, pending)
        needed = state.seats[seat].unseen
    used = {r.rank for r in refs if r.rank is not None}
    if kind == "reveal":
        used |= ranks_in_play(state)
    return DraftView(kind, tuple(refs), cardlib.SEP.join(str(r) for r in refs), needed, frozenset(used))


def first_unrevealed(state: TableState) -> int:
    return next((i for i, s in enumerate(state.seats) if not s.revealed), 0)


def reveal_seat(state: TableState, pending: Mapping[str, str]) -> int:
    """The seat whose hand the reveal form collects: the one picked, if it still has a hand to show."""
    seat = whole_number(pending.get("seat", ""), 0, state.players - 1)
    if pending.get("kind") == "reveal" and seat is not None:
        if not state.seats[seat].revealed:
            return seat
    return first_unrevealed(state)


def ranks_in_play(state: TableState) -> set[int]:
    """Ranks the table can point at (PS-7: a card is in one place only): a picker greys them out."""
    return {card.rank for card, _place, _seat in state.places() if card.rank is not None}
