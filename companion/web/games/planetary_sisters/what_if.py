"""\"What if\" for the player to move: the score now and per field card if they took it; on its own page also
with the hand cards the table has not seen, typed on this phone only (nothing is written).
"""

from __future__ import annotations

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue

from companion.games.base import ErrorList, ParseError, Reason, RulesError
from companion.games.planetary_sisters import GAME, Card, CardRef, TableState, WhatIf, resolve
from companion.inputs import whole_number
from companion.web.gameweb import TableViewLike
from companion.web.pages import is_htmx, page
from companion.web.wording import Wording

from . import cards as cardlib
from .breakdown import score_view
from .draft import ranks_in_play
from .forms import PICK
from .messages import explain as explain_reason


def what_if_for(view: TableViewLike[TableState], hand: list[Card] | None = None) -> WhatIf | None:
    state: TableState = view.state
    if hand is not None and state.to_move is not None and not state.two_players:
        return GAME.what_if(state, [*state.seats[state.to_move].known_hand, *hand])
    return GAME.what_if(state)


# -- "what if" with the hand the table has not seen (this phone only) ------------------------------------------------


def _hand(state: TableState, text: str | None, wording: Wording) -> tuple[list[CardRef], list[Card], list[str]]:
    """The unseen hand cards typed on this phone: refs, resolved cards, problems."""

    def explain(reason: Reason | RulesError) -> str:
        return explain_reason(reason, wording)

    refs, errors = cardlib.split(text, "hand")
    problems = [explain(e) for e in errors]
    resolved: list[Card] = []
    kept: list[CardRef] = []
    taken = ranks_in_play(state)
    for ref in refs:
        try:
            card = resolve(ref, state.deck, "hand", state.card_of_rank)
        except ErrorList as bad:
            problems += [explain(e) for e in bad.errors]
            continue
        if card.rank is not None and (card.rank in taken or any(c.rank == card.rank for c in resolved)):
            problems.append(explain(Reason("ps.flow.one_place", "PS-7", False,
                                           {"card": str(card), "place": "hand"})))
            continue
        kept.append(ref)
        resolved.append(card)
    return kept, resolved, problems


def what_if_page(view: TableViewLike[TableState]) -> ResponseReturnValue:
    """The table page ``what-if`` (``/t/<token>/page/what-if``): this phone's "what if", nothing written."""
    state: TableState = view.state
    wording = Wording.of_table(view.seats)
    names = [wording.seat(i) for i in range(state.players)]

    def explain(reason: Reason | RulesError) -> str:
        return explain_reason(reason, wording)

    info = cardlib.deck_info(state.deck)
    values = request.form if request.method == "POST" else request.args
    refs, hand, problems = _hand(state, values.get("hand"), wording)
    pending: dict[str, str] = {}
    if request.method == "POST":
        action = values.get("do", "")
        if values.get("add_rank"):
            action = "add"
        if action == "add":
            try:
                ref = cardlib.picker_ref(values, PICK, info)
                if ref is None:
                    raise ErrorList([ParseError("ps.form.no_card", "§3")])
                more_refs, more, more_problems = _hand(state, cardlib.SEP.join(str(r) for r in [*refs, ref]), wording)
                if more_problems:
                    problems += more_problems
                    pending = cardlib.picker_values(ref, PICK)
                else:
                    refs, hand = more_refs, more
            except ErrorList as bad:
                problems += [explain(e) for e in bad.errors]
        elif action.startswith("drop:") and whole_number(action[5:], 0, 999) is not None:
            index = whole_number(action[5:], 0, 999)
            refs = [r for i, r in enumerate(refs) if i != index]
            refs, hand, problems = _hand(state, cardlib.SEP.join(str(r) for r in refs), wording)
        url = url_for("table_hooks.page", token=view.table.token, name="what-if",
                      hand=cardlib.SEP.join(str(r) for r in refs) or None)
        if not problems and not is_htmx():
            return redirect(url, 303)
    else:
        url = request.full_path
    advice = what_if_for(view, hand or None)
    drawn: list[Card | CardRef] = [*refs]
    if advice is not None:
        drawn += [*state.seats[advice.seat].known_hand, *(o.card for o in advice.options)]
    current = (score_view(advice.current, names[advice.seat], advice.seat, state.two_players)
               if advice is not None else None)
    body = page("planetary_sisters/what_if.html", "planetary_sisters/_what_if.html", 422 if problems else 200,
                view=view, info=cardlib.drawing(info, drawn), advice=advice, hand_refs=refs, problems=problems,
                pending=pending, names=names, current=current,
                used=ranks_in_play(state) | {c.rank for c in hand if c.rank is not None},
                hand_text=cardlib.SEP.join(str(r) for r in refs), state=state)
    if request.method == "POST" and is_htmx() and not problems:
        return body[0], body[1], {"HX-Replace-Url": url}
    return body
