"""The round tracker on the table page: the entry forms' fields to the engine's moves, the history lines, the
card lists being put together (the opened field, a hand shown at the end), "what if" for the player to move,
and remembering the cards a table learned in its deck profile.

The forms post to the platform's ``tables.move`` (version-checked, the engine checks and applies). A form that
collects several cards first (setup, reveal) adds them one at a time through ``draft``, which writes nothing:
it answers the table page with the cards so far kept in the form (``pending``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from companion import store
from companion.games.base import ErrorList, ParseError, Reason, RulesError
from companion.games.planetary_sisters import (
    GAME,
    Card,
    CardRef,
    Reveal,
    Setup,
    TableState,
    WhatIf,
)
from companion.games.planetary_sisters.flow import field_size
from companion.play import TableView
from companion.web.messages import explain, message_for
from companion.web.pages import is_htmx, page
from companion.web.table_service import load_view
from companion.web.tables import render_table

from . import cards as cardlib
from .labels import seat_label, set_seats
from .remember import remember_for_table

SLUG = "planetary-sisters"
PLAYED, PICK = "p_", ""  # field prefixes: the turn form's new played card; the setup / reveal picker


def _table_view(token: str) -> TableView:
    view = load_view(token, game=SLUG)
    set_seats(view.table.seats)
    return view


def _int(value: str | None, code: str, path: str) -> int:
    text = (value or "").strip()
    if not text.isdigit():
        raise ParseError(code, "PS-7", path)
    return int(text)


def _ref_json(card: Card) -> dict[str, Any]:
    return card.ref.to_json()


def form_to_move(form: Mapping[str, str], view: TableView) -> dict[str, Any]:
    """The entry forms of the table fragment -> the engine's move JSON (moves.parse_move reads it)."""
    set_seats(view.table.seats)
    state: TableState = view.state
    info = cardlib.deck_info(state.deck)
    kind = form.get("kind", "")
    if kind == "setup":
        parent = _int(form.get("parent"), "ps.form.no_seat", "parent")
        return {"type": "setup", "parent": parent, "field": _collected(form, info)}
    if kind == "turn":
        seat = _int(form.get("seat"), "ps.form.kind", "seat")
        return {"type": "turn", "seat": seat, "played": _played(form, state, seat, info),
                "taken": _taken(form, state, seat)}
    if kind == "parent":
        return {"type": "parent", "seat": _int(form.get("seat"), "ps.form.no_seat", "seat")}
    if kind == "reveal":
        seat = _int(form.get("seat"), "ps.form.no_seat", "seat")
        return {"type": "reveal", "seat": seat, "cards": _collected(form, info)}
    raise ParseError("ps.form.kind", "PS-7", "kind")


def _collected(form: Mapping[str, str], info: cardlib.DeckInfo) -> list[dict[str, Any]]:
    """The cards added so far, and the one still in the picker (a last card need not be added first)."""
    refs, errors = cardlib.split(form.get("cards"), "cards")
    if errors:
        raise ErrorList(errors)
    last = cardlib.picker_ref(form, PICK, info)
    if last is not None:
        refs.append(last)
    return [r.to_json() for r in refs]


def _played(form: Mapping[str, str], state: TableState, seat: int, info: cardlib.DeckInfo) -> dict[str, Any]:
    chosen = form.get("played", "")
    new = cardlib.picker_ref(form, PLAYED, info)
    known = state.seats[seat].known_hand if 0 <= seat < state.players else ()
    if chosen.startswith("k") and chosen[1:].isdigit() and int(chosen[1:]) < len(known):
        if new is not None:
            raise ParseError("ps.form.played_twice", "§4.2", "played")
        return _ref_json(known[int(chosen[1:])])
    if new is None:
        raise ParseError("ps.form.no_played", "§4.2", "played", seat=seat)
    return new.to_json()


def _taken(form: Mapping[str, str], state: TableState, seat: int) -> dict[str, Any]:
    chosen = form.get("taken", "")
    if chosen.startswith("f") and chosen[1:].isdigit() and int(chosen[1:]) < len(state.field):
        return _ref_json(state.field[int(chosen[1:])])
    raise ParseError("ps.form.no_taken", "§4.2", "taken", seat=seat)


# -- the history ------------------------------------------------------------------------------------------------


def _card_text(data: Any, deck: Any = None) -> str:
    """A card of a logged move as a player reads it: ``30 (FOOD×2 PLANT)``, ``FOOD×2``; a rank alone with the
    elements the deck profile knows for it, if it does."""
    try:
        ref = CardRef.from_json(data, "")
    except RulesError:
        return "?"
    elements = ref.elements
    if elements is None and ref.rank is not None and deck is not None:
        known = deck.card(ref.rank)
        elements = known.elements if known is not None else None
    icons = " ".join(name if count == 1 else f"{name}×{count}" for name, count in elements or ())
    if ref.rank is None:
        return icons
    return f"{ref.rank} ({icons})" if icons else str(ref.rank)


def describe_move(move: Mapping[str, Any], view: TableView) -> str:
    set_seats(view.table.seats)
    deck = view.state.deck

    def card_text(data: Any) -> str:
        return _card_text(data, deck)

    kind = move.get("type")
    if kind == "setup":
        return _("%(seat)s is the first parent; the field opens with %(cards)s.",
                 seat=seat_label(move.get("parent")), cards=", ".join(card_text(c) for c in move.get("field", [])))
    if kind == "turn":
        return _("%(seat)s played %(played)s and took %(taken)s.", seat=seat_label(move.get("seat")),
                 played=card_text(move.get("played")), taken=card_text(move.get("taken")))
    if kind == "parent":
        return _("The table named %(seat)s the new parent.", seat=seat_label(move.get("seat")))
    if kind == "reveal":
        cards = [card_text(c) for c in move.get("cards", [])]
        return _("%(seat)s showed the hand: %(cards)s.", seat=seat_label(move.get("seat")),
                 cards=", ".join(cards) if cards else _("nothing new"))
    return message_for("table.unknown_move")


# -- putting a list of cards together: the opened field, a hand shown at the end ------------------------------------


def _draft_failures(state: TableState, kind: str, pending: Mapping[str, str], refs: list[CardRef]) -> list[Reason]:
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


def draft(token: str):  # type: ignore[no-untyped-def]
    """Add a card to the list being put together, or drop one; nothing is written. Answers the table page with
    the list kept in the form, and the reason when a card is refused (the picker keeps it then)."""
    view = _table_view(token)
    state: TableState = view.state
    info = cardlib.deck_info(state.deck)
    pending = request.form.to_dict()
    pending.pop("csrf_token", None)
    kind = pending.get("kind", "")
    if kind not in ("setup", "reveal"):
        abort(400)
    refs, errors = cardlib.split(pending.get("cards"), "cards")
    problems = [explain(e) for e in errors]
    action = pending.pop("do", "")
    if pending.pop("add_rank", "") and not action:
        action = "add"
    if pending.get(f"{PICK}add_rank"):
        pending[f"{PICK}rank"] = pending.pop(f"{PICK}add_rank")
    if action.startswith("drop:") and action[5:].isdigit():
        index = int(action[5:])
        refs = [r for i, r in enumerate(refs) if i != index]
    elif action.startswith("seat:") and action[5:].isdigit():
        pending["seat"] = action[5:]
        refs = []
    elif action == "add":
        try:
            ref = cardlib.picker_ref(pending, PICK, info)
            if ref is None:
                raise ParseError("ps.form.no_card", "§3")
            refused = _draft_failures(state, kind, pending, [*refs, ref])
            if refused:
                problems += [f"{explain(r)} ({r.rule})" if r.rule else explain(r) for r in refused]
            else:
                refs.append(ref)
                _clear_picker(pending, info)
        except ErrorList as bad:
            problems += [explain(e) for e in bad.errors]
        except ParseError as bad:
            problems.append(explain(bad))
    pending["cards"] = cardlib.SEP.join(str(r) for r in refs)
    notice = _("This card was not added:") if problems else ""
    return render_table(view, can_write=True, status=422 if problems else 200, notice=notice, problems=problems,
                        pending=pending)


def _clear_picker(pending: dict[str, str], info: cardlib.DeckInfo) -> None:
    pending.pop(f"{PICK}rank", None)
    for element in info.elements:
        pending.pop(f"{PICK}el_{element.name}", None)


# -- what the fragment shows ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DraftView:
    kind: str
    cards: list[CardRef]
    text: str  # the hidden field's value
    needed: int
    used: set[int]  # ranks the picker greys out: in play already, or in this list


def draft_view(view: TableView, pending: Mapping[str, str], kind: str) -> DraftView:
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
    return DraftView(kind, refs, cardlib.SEP.join(str(r) for r in refs), needed, used)


def first_unrevealed(state: TableState) -> int:
    return next((i for i, s in enumerate(state.seats) if not s.revealed), 0)


def reveal_seat(state: TableState, pending: Mapping[str, str]) -> int:
    """The seat whose hand the reveal form collects: the one picked, if it still has a hand to show."""
    if pending.get("kind") == "reveal" and str(pending.get("seat", "")).isdigit():
        seat = int(pending["seat"])
        if 0 <= seat < state.players and not state.seats[seat].revealed:
            return seat
    return first_unrevealed(state)


def ranks_in_play(state: TableState) -> set[int]:
    """Ranks the table can point at (PS-7: a card is in one place only): a picker greys them out."""
    return {card.rank for card, _place, _seat in state.places() if card.rank is not None}


def what_if_for(view: TableView, hand: list[Card] | None = None) -> WhatIf | None:
    state: TableState = view.state
    if hand is not None and state.to_move is not None and not state.two_players:
        return GAME.what_if(state, [*state.seats[state.to_move].known_hand, *hand])
    return GAME.what_if(state)


# -- "what if" with the hand the table has not seen (this phone only) ------------------------------------------------


def _hand(state: TableState, text: str | None) -> tuple[list[CardRef], list[Card], list[str]]:
    """The unseen hand cards typed on this phone: refs, resolved cards, problems."""
    from companion.games.planetary_sisters import resolve

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


def what_if_page(token: str):  # type: ignore[no-untyped-def]
    view = _table_view(token)
    state: TableState = view.state
    info = cardlib.deck_info(state.deck)
    values = request.form if request.method == "POST" else request.args
    refs, hand, problems = _hand(state, values.get("hand"))
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
                more_refs, more, more_problems = _hand(state, cardlib.SEP.join(str(r) for r in [*refs, ref]))
                if more_problems:
                    problems += more_problems
                    pending = cardlib.picker_values(ref, PICK)
                else:
                    refs, hand = more_refs, more
            except ErrorList as bad:
                problems += [explain(e) for e in bad.errors]
        elif action.startswith("drop:") and action[5:].isdigit():
            index = int(action[5:])
            refs = [r for i, r in enumerate(refs) if i != index]
            refs, hand, problems = _hand(state, cardlib.SEP.join(str(r) for r in refs))
        url = url_for("planetary_sisters.what_if", token=token, hand=cardlib.SEP.join(str(r) for r in refs) or None)
        if not problems and not is_htmx():
            return redirect(url, 303)
    else:
        url = request.full_path
    advice = what_if_for(view, hand or None)
    body = page("planetary_sisters/what_if.html", "planetary_sisters/_what_if.html", 422 if problems else 200,
                view=view, info=info, advice=advice, hand_refs=refs, problems=problems, pending=pending,
                used=ranks_in_play(state) | {c.rank for c in hand if c.rank is not None},
                hand_text=cardlib.SEP.join(str(r) for r in refs), state=state)
    if request.method == "POST" and is_htmx() and not problems:
        return body[0], body[1], {"HX-Replace-Url": url}
    return body


# -- remembering what a table learned --------------------------------------------------------------------------------


def remember_after_move(view):  # type: ignore[no-untyped-def]
    """After an entry the platform saved (WEB.after_move): cards it carried with rank and elements that the
    profile does not know go into the profile (see remember.py). The platform then shows the table as it is
    after this, so the phone holds the table's new version."""
    if view.replay_error is not None:
        return
    learned = list(view.state.learned_cards())
    if not learned:
        return
    try:
        remember_for_table(view, learned)
    except store.Conflict:
        return  # another phone wrote first: the cards stay learned and are remembered next time
