"""What the table fragment (the tracker) shows: the ring, the seats, the pile and discard, the turn and who dealt
(SS-5), the moves a tapped node offers (each checked by the engine, with the reason when it is not allowed), the
reveal's card picker, the defence window (SS-7), the set-up forms (who dealt, SS-5; the forces, SS-3 option) and
the end of the game (SS-8).

Built in Python so the template only draws; every rule question is asked of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import url_for

from companion.games.base import Verdict
from companion.games.strato_sphere import GAME
from companion.games.strato_sphere.attack import defence_need, possible_defenders
from companion.games.strato_sphere.board import NodeStatus, node_status
from companion.games.strato_sphere.cards import card_text
from companion.games.strato_sphere.moves import Attack, Conceal, Draw, FixForces, Move, NameDealer, Pass, Place, Shift
from companion.games.strato_sphere.readings import START_FIRST_SEAT
from companion.games.strato_sphere.ring import neighbours, next_seat
from companion.games.strato_sphere.rules import forces_missing
from companion.games.strato_sphere.state import MOVES_PER_TURN, TableState, seen_cards
from companion.i18n import gettext as _
from companion.inputs import whole_number
from companion.tables.entries import entered_move
from companion.web.gameweb import TableRequest, TableViewLike
from companion.web.reasons import reason_text
from companion.web.standing import Standings
from companion.web.wording import Wording

from .history import describe_move
from .labels import (
    NodeView,
    SeatLabel,
    card_chip,
    card_label,
    ending_text,
    force_choices,
    force_label,
    node_views,
    seat_labels,
)
from .pickers import CardButton, defence_buttons, likely_defender, reveal_grid
from .running import standings as running_standings


@dataclass(frozen=True)
class Action:
    """One move the player may tap: its hidden fields, and the engine's verdict on it."""

    label: str
    fields: dict[str, str]
    legal: bool
    why: tuple[str, ...]  # the failing conditions, each with its ruling id


@dataclass(frozen=True)
class RevealForm:
    """Turning a node's face-down top card up (SS-5). The face the table saw before the card was turned down is
    face-down, so secret (SS-4): the page recalls it only behind a tap, never in the ring nor in the picker."""

    node: int
    known: str  # the face the table saw before it was turned down ("KS"), else ""
    known_label: str = ""  # the same as a player reads it ("K♠")
    known_colour: str = ""  # "red" / "black"
    grid: tuple[tuple[CardButton | None, ...], ...] = ()  # one tap enters the card (pickers.py)


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
    buttons: tuple[CardButton, ...] = ()  # the cards that could defend, each entered with one tap
    seat: str = ""  # the seat chosen first: the attacked node's (pickers.likely_defender), "" for none


@dataclass(frozen=True)
class Ending:
    kind: str
    text: str
    nodes: tuple[int, ...]


@dataclass(frozen=True)
class DealerChoice:
    """One answer to "who dealt?" (SS-5): that seat, and the seat on its left who therefore plays first."""

    seat: int
    dealer: str
    first: str


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
    dealer_choices: tuple[DealerChoice, ...] = ()  # asked before the first move (SS-5)
    started_by: str = ""  # who dealt and who played first, once that is known (SS-5)
    this_turn: tuple[TurnEntry, ...] = ()
    playing: bool = False
    can_write: bool = False
    version: int = 0
    move_url: str = ""  # where every entry form posts
    close_url: str = ""  # the table page without a tapped node
    pending: Mapping[str, str] = field(default_factory=dict)  # the refused entry's form, shown again
    standings: Standings | None = None  # each seat's nodes now, under the ring

    @property
    def turn_line(self) -> str:
        """Who moves now, for the dock at the bottom of the screen ("" before play and once it is over)."""
        if self.ending is not None or not self.playing:
            return ""
        if self.window is not None:
            return _("Attack! The defence window is open (SS-7).")
        return _("%(name)s to move", name=self.to_move) + " · " + _(
            "move %(number)s of %(total)s", number=self.move_number, total=self.moves_per_turn)


def _why(verdict: Verdict, wording: Wording) -> tuple[str, ...]:
    return tuple(reason_text(r, wording) for r in verdict.failures)


def _action(state: TableState, move: Move, label: str, fields: Mapping[str, Any], selected: int | None,
            wording: Wording) -> Action:
    verdict = GAME.check(state, move)
    hidden = {k: str(v) for k, v in fields.items()}
    if selected is not None:
        hidden["sel"] = str(selected)
    return Action(label, hidden, verdict.legal, _why(verdict, wording))


def _selected(state: TableState, pending: Mapping[str, str]) -> int | None:
    raw = (pending.get("sel") or "").strip()
    node = whole_number(raw, 0, len(state.board.nodes) - 1)
    if node is not None:
        return node
    return None


def node_actions(state: TableState, node: int, wording: Wording) -> tuple[list[Action], RevealForm | None]:
    """The moves of SS-5 a tapped node offers: those a player would consider for it, legal or not (why not
    worded as ``wording`` names the seats)."""
    board = state.board
    top = board.nodes[node].top
    actions: list[Action] = [
        _action(state, Place(node), _("Place a hand card under node %(node)s", node=node),
                {"type": "place", "node": node}, node, wording),
    ]
    reveal = None
    if top.up:
        actions.append(_action(state, Conceal(node), _("Turn node %(node)s face down", node=node),
                               {"type": "conceal", "node": node}, node, wording))
        for other in neighbours(node, state.players):
            actions.append(_action(state, Attack(node, other), _("Attack node %(target)s", target=other),
                                   {"type": "attack", "from": node, "to": other}, node, wording))
    if node_status(board, node) is not NodeStatus.CONTROLLED:
        for other in neighbours(node, state.players):
            actions.append(
                _action(state, Shift(node, other), _("Move its top card under node %(target)s", target=other),
                        {"type": "shift", "from": node, "to": other}, node, wording)
            )
    if not top.up:
        # SS-5: a face-down top card may be turned up whatever its face; the face is asked for, and a face the
        # packs cannot still hold is refused when entered (SS-2).
        known = card_text(top.card) if top.card is not None else ""
        label, colour = card_chip(known) if known else ("", "")
        reveal = RevealForm(node, known, label, colour, reveal_grid(state))
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
        buttons=defence_buttons(state),
        seat="" if (likely := likely_defender(state)) is None else str(likely),
    )


def ending(state: TableState, names: list[str]) -> Ending | None:
    outcome = state.outcome
    if outcome is None:
        return None
    params = outcome.params()
    text = ending_text("ss.score." + outcome.kind, params, Wording.of_table(names))
    return Ending(outcome.kind, text, tuple(outcome.nodes))


# --- who made which move this turn: the states before each move, as the platform keeps them -------------------


def this_turn(view: Any, state: TableState) -> tuple[TurnEntry, ...]:
    """The moves of the current turn, each with its mover (``GAME.actor``: a defence and the forces are nobody's
    move; a defence names its seat in its own line)."""
    wording = Wording.of_table(view.table.seats)
    entries = []
    for entry in view.log.standing:
        before = view.before.get(entry.seq)
        if before is None or before.turn != state.turn:
            continue
        move = entered_move(GAME, entry.payload)  # the typed move, as the history reads it
        if isinstance(move, (FixForces, NameDealer)):  # set-up before play: no one's move of this turn
            continue
        mover = GAME.actor(before, move)
        who = wording.seat(mover) if mover is not None else ""
        entries.append(TurnEntry(entry.seq, who, describe_move(move, before, wording)))
    return tuple(entries)


def dealer_choices(state: TableState, names: list[str]) -> tuple[DealerChoice, ...]:
    """SS-5: every seat may have dealt; the one on its left plays first."""
    return tuple(DealerChoice(seat, names[seat], names[next_seat(seat, state.players)])
                 for seat in range(state.players))


def started_by(state: TableState, names: list[str]) -> str:
    """Who dealt and who played first (SS-5), once the table knows; "" while the dealer is not named."""
    first = state.first_player
    if first is None:
        return ""
    if state.dealer is not None:
        return _("%(dealer)s dealt; %(first)s, on the dealer's left, played first (SS-5).", dealer=names[state.dealer],
                 first=names[first])
    if state.start_rule == START_FIRST_SEAT:
        return _("This table began before the app asked who dealt: %(first)s, the first seat, played first (SS-5).",
                 first=names[first])
    return ""


def table_model(view: TableViewLike[TableState], asked: TableRequest) -> Tracker:
    """The table fragment's model (templates/strato_sphere/_table.html draws it); a tapped node comes in the
    page's query (``sel``) or, after a refused entry, in the form sent back."""
    return build(view, {**asked.selected, **asked.pending}, asked.can_write, dict(asked.pending))


def build(view: Any, pending: Mapping[str, str] | None, can_write: bool,
          refused: Mapping[str, str] | None = None) -> Tracker:
    state: TableState = view.state
    names = list(view.table.seats)
    pending = pending or {}
    playing = state.outcome is None and view.replay_error is None
    needs_dealer = state.dealer_missing
    needs_forces = forces_missing(state) is not None
    # set-up comes first: no node is tapped and no move offered until the dealer and any fixed forces are in
    setting_up = needs_dealer or needs_forces
    selected = _selected(state, pending) if can_write and playing and not setting_up and not state.pending else None

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
    if can_write and playing and not setting_up and state.pending is None:
        token = view.table.token
        hrefs = {n: url_for("tables.show", token=token, sel=n, _anchor="ss-moves") for n in range(len(state.board.nodes))}

    tracker = Tracker(
        players=state.players,
        nodes=node_views(state.board, names, marks, hrefs),
        seats=seat_labels(state.board, names, state.hands, state.to_move if playing and not needs_dealer else None),
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
        dealer_choices=dealer_choices(state, names) if playing and needs_dealer else (),
        started_by=started_by(state, names),
        this_turn=this_turn(view, state),
        playing=playing,
        can_write=can_write,
        version=view.version,
        move_url=url_for("tables.move", token=view.table.token),
        close_url=url_for("tables.show", token=view.table.token),
        pending=dict(refused or {}),
        standings=running_standings(state, names),
    )
    if not (can_write and playing) or setting_up or state.pending is not None:
        return tracker
    wording = Wording.of_table(names)
    actions, reveal = node_actions(state, selected, wording) if selected is not None else ([], None)
    draw = _action(state, Draw(), _("Draw a card"), {"type": "draw"}, selected, wording)
    passing = GAME.check(state, Pass())
    pass_move = _action(state, Pass(), _("Pass this move"), {"type": "pass"}, selected, wording) \
        if passing.legal else None
    return Tracker(**{**tracker.__dict__, "actions": actions, "reveal": reveal, "draw": draw, "pass_move": pass_move})

