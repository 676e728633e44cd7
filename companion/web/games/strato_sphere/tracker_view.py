"""What the table fragment (the tracker) shows: the ring, the seats, the pile and discard, the turn, the moves
a tapped node offers (each checked by the engine, with the reason when it is not allowed), the reveal's card
picker, the defence window (SS-7), the forces form (SS-3 option) and the end of the game (SS-8).

Built in Python so the template only draws; every rule question is asked of the engine.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.games.base import RulesError, Verdict
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.attack import defence_need, possible_defenders
from companion.games.strato_sphere.board import NodeStatus, node_status
from companion.games.strato_sphere.cards import card_text
from companion.games.strato_sphere.moves import Attack, Conceal, Move, Pass, Place, Shift
from companion.games.strato_sphere.outcome import WIN
from companion.games.strato_sphere.ring import neighbours
from companion.games.strato_sphere.state import MOVES_PER_TURN, TableState, seen_cards
from companion.games.strato_sphere.rules import forces_missing

from .display import (
    NodeView,
    SeatLabel,
    card_chip,
    card_label,
    force_choices,
    force_label,
    node_views,
    nodes_text,
    say,
    seat_labels,
)
from .forms import describe_move


@dataclass(frozen=True)
class Action:
    """One move the player may tap: its hidden fields, and the engine's verdict on it."""

    label: str
    fields: dict[str, str]
    legal: bool
    why: tuple[str, ...]  # the failing conditions, each with its ruling id


@dataclass(frozen=True)
class RevealForm:
    node: int
    known: str  # the face the table saw before it was turned down ("KS"), else ""


@dataclass(frozen=True)
class DefenceWindow:
    attacker: str
    source: int
    target: int
    attacking_card: str
    attacked_card: str
    force: str
    force_value: str
    min_rank: str
    cards: tuple[tuple[str, str], ...]  # (label, colour) of faces that could defend and still have an unseen copy
    defenders: tuple[tuple[int, str, int], ...]  # (seat, name, hand) of every seat holding a card


@dataclass(frozen=True)
class Ending:
    kind: str
    text: str
    nodes: tuple[int, ...]


@dataclass(frozen=True)
class TurnEntry:
    seq: int
    mover: str
    text: str


@dataclass(frozen=True)
class Tracker:
    players: int
    nodes: list[NodeView]
    seats: list[SeatLabel]
    pile: int
    discard: tuple[tuple[str, str], ...]  # (label, colour), oldest first
    turn: int
    to_move: str
    move_number: int
    moves_per_turn: int
    selected: int | None
    actions: list[Action] = field(default_factory=list)
    reveal: RevealForm | None = None
    draw: Action | None = None
    pass_move: Action | None = None
    window: DefenceWindow | None = None
    ending: Ending | None = None
    forces_form: tuple[tuple[int, str], ...] = ()
    force_choices: tuple[tuple[str, str, str], ...] = ()
    this_turn: tuple[TurnEntry, ...] = ()
    playing: bool = False


def _why(verdict: Verdict) -> tuple[str, ...]:
    return tuple(f"{say(r)} ({r.rule})" for r in verdict.failures)


def _action(state: TableState, move: Move, label: str, fields: Mapping[str, Any], selected: int | None) -> Action:
    verdict = GAME.check(state, move)
    hidden = {k: str(v) for k, v in fields.items()}
    if selected is not None:
        hidden["sel"] = str(selected)
    return Action(label, hidden, verdict.legal, _why(verdict))


def _selected(state: TableState, pending: Mapping[str, str]) -> int | None:
    raw = (pending.get("sel") or "").strip()
    if raw.isdigit() and int(raw) < len(state.board.nodes):
        return int(raw)
    return None


def node_actions(state: TableState, node: int) -> tuple[list[Action], RevealForm | None]:
    """The moves of SS-5 a tapped node offers: those a player would consider for it, legal or not."""
    board = state.board
    top = board.nodes[node].top
    actions: list[Action] = [
        _action(state, Place(node), _("Place a hand card under node %(node)s", node=node),
                {"type": "place", "node": node}, node),
    ]
    reveal = None
    if top.up:
        actions.append(_action(state, Conceal(node), _("Turn node %(node)s face down", node=node),
                               {"type": "conceal", "node": node}, node))
        for other in neighbours(node, state.players):
            actions.append(_action(state, Attack(node, other), _("Attack node %(target)s", target=other),
                                   {"type": "attack", "from": node, "to": other}, node))
    if node_status(board, node) is not NodeStatus.CONTROLLED:
        for other in neighbours(node, state.players):
            actions.append(
                _action(state, Shift(node, other), _("Move its top card under node %(target)s", target=other),
                        {"type": "shift", "from": node, "to": other}, node)
            )
    if not top.up:
        # SS-5: a face-down top card may be turned up whatever its face; the face is asked for, and a face the
        # packs cannot still hold is refused when entered (SS-2).
        reveal = RevealForm(node, card_text(top.card) if top.card is not None else "")
    return actions, reveal


def defence_window(state: TableState, names: list[str]) -> DefenceWindow | None:
    pending = state.pending
    if pending is None:
        return None
    need = defence_need(state.board, pending.source)
    if need is None:
        return None
    attacking = state.board.nodes[pending.source].top.card
    attacked = state.board.nodes[pending.target].top.card
    cards = possible_defenders(need, state.players, seen_cards(state))
    return DefenceWindow(
        attacker=names[pending.player],
        source=pending.source,
        target=pending.target,
        attacking_card=card_label(str(attacking)),
        attacked_card=card_label(str(attacked)),
        force=force_label(need.force),
        force_value=need.force.value,
        min_rank=str(need.min_rank),
        cards=tuple(card_chip(str(c)) for c in cards),
        defenders=tuple((seat, names[seat], hand) for seat, hand in enumerate(state.hands) if hand > 0),
    )


def ending(state: TableState, names: list[str]) -> Ending | None:
    outcome = state.outcome
    if outcome is None:
        return None
    if outcome.kind == WIN and outcome.captured is not None:
        winners = " & ".join(names[s] for s in outcome.winners)
        text = ngettext(
            "%(winners)s wins: every node in front of %(captured)s (nodes %(nodes)s) is theirs (SS-8).",
            "%(winners)s win: every node in front of %(captured)s (nodes %(nodes)s) is theirs (SS-8).",
            len(outcome.winners),
            winners=winners, captured=names[outcome.captured], nodes=nodes_text(outcome.nodes),
        )
        return Ending("win", text, tuple(outcome.nodes))
    return Ending("draw", _("Draw: the resource pile is empty at the end of a turn and nobody has won (SS-8)."), ())


# --- who made which move: the log replayed once per table version ---------------------------------------------

_movers: OrderedDict[tuple[str, int], tuple[tuple[int, int | None, int, Mapping[str, Any]], ...]] = OrderedDict()
_movers_lock = threading.Lock()


def movers(view: Any) -> tuple[tuple[int, int | None, int, Mapping[str, Any]], ...]:
    """(seq, mover seat or None, turn, payload) of every standing move, oldest first."""
    key = (view.table.token, view.version)
    with _movers_lock:
        hit = _movers.get(key)
    if hit is not None:
        return hit
    state = GAME.new_state(view.players, dict(view.table.options), view.profile)
    found = []
    for entry in view.log.standing:
        try:
            move = GAME.parse_move(entry.payload)
            kind = entry.payload.get("type")
            # A defence names its player in its own line; "no defence" and the forces are nobody's move.
            mover = None if kind in ("defend", "no_defence", "forces") else state.to_move
            found.append((entry.seq, mover, state.turn, entry.payload))
            state = GAME.apply(state, move)
        except RulesError:
            break
    result = tuple(found)
    with _movers_lock:
        _movers[key] = result
        while len(_movers) > 128:
            _movers.popitem(last=False)
    return result


def this_turn(view: Any, state: TableState) -> tuple[TurnEntry, ...]:
    names = list(view.table.seats)
    entries = []
    for seq, mover, turn, payload in movers(view):
        if turn != state.turn or payload.get("type") == "forces":
            continue
        who = names[mover] if isinstance(mover, int) and 0 <= mover < len(names) else ""
        entries.append(TurnEntry(seq, who, describe_move(payload, view)))
    return tuple(entries)


def build(view: Any, pending: Mapping[str, str] | None, can_write: bool) -> Tracker:
    state: TableState = view.state
    names = list(view.table.seats)
    pending = pending or {}
    playing = state.outcome is None and view.replay_error is None
    needs_forces = forces_missing(state) is not None
    selected = _selected(state, pending) if can_write and playing and not needs_forces and not state.pending else None

    marks: dict[int, list[str]] = {}
    if state.pending is not None:
        marks.setdefault(state.pending.source, []).append("from")
        marks.setdefault(state.pending.target, []).append("to")
    end = ending(state, names)
    if end is not None:
        for node in end.nodes:
            marks.setdefault(node, []).append("win")
    if selected is not None:
        marks.setdefault(selected, []).append("selected")
    hrefs: dict[int, str] = {}
    if can_write and playing and not needs_forces and state.pending is None:
        token = view.table.token
        hrefs = {n: url_for("tables.show", token=token, sel=n) for n in range(len(state.board.nodes))}

    tracker = Tracker(
        players=state.players,
        nodes=node_views(state.board, names, marks, hrefs),
        seats=seat_labels(state.board, names, state.hands, state.to_move if playing else None),
        pile=state.pile,
        discard=tuple(card_chip(str(c)) for c in state.discard),
        turn=state.turn,
        to_move=names[state.to_move],
        move_number=min(state.moves_made + 1, MOVES_PER_TURN),
        moves_per_turn=MOVES_PER_TURN,
        selected=selected,
        window=defence_window(state, names) if playing else None,
        ending=end,
        forces_form=tuple(enumerate(names)) if playing and needs_forces else (),
        force_choices=force_choices(state.players),
        this_turn=this_turn(view, state),
        playing=playing,
    )
    if not (can_write and playing) or needs_forces or state.pending is not None:
        return tracker
    actions, reveal = node_actions(state, selected) if selected is not None else ([], None)
    draw = _action(state, GAME.parse_move({"type": "draw"}), _("Draw a card"), {"type": "draw"}, selected)
    passing = GAME.check(state, Pass())
    pass_move = _action(state, Pass(), _("Pass this move"), {"type": "pass"}, selected) if passing.legal else None
    return Tracker(**{**tracker.__dict__, "actions": actions, "reveal": reveal, "draw": draw, "pass_move": pass_move})

