"""The round tracker: check the table's moves (PS-5, PS-6, PS-7; rule text §4); ``advance`` applies them.

``check`` never changes anything and never raises for a parsed move; it says, for a legal move too, which conditions it checked. ``apply``
runs the same examination and refuses (IllegalMove) what ``check`` refuses. Draws, the parent change, the
flip of the condition card and the end of a round follow from the rules and happen inside ``apply``; a
parent change that needs an unknown rank waits for a ``NameParent`` move. No reason is marked ``impossible``:
a card in two places or breaking a per-card fact of PS-2 is refused like an illegal move, with every reason
(the table page has always answered it so; see the test of the refused turn).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import ErrorList, ParseError, Reason, Verdict
from .cards import Card, CardRef
from .flow import (
    PLAYER_COUNTS,
    deck_size,
    field_size,
)
from .moves import Move, NameParent, Reveal, Setup, Turn
from .profile import read_profile
from .resolve import resolve
from .state import Phase, SeatState, TableState, TurnRecord


def new_table(players: int, profile: Mapping[str, Any]) -> TableState:
    """A table waiting for its setup move. Raises ParseError for a player count other than 2, 3, 4 and
    ErrorList for a profile that cannot be read."""
    if players not in PLAYER_COUNTS:
        raise ParseError("ps.setup.players", "PS-7", "players", players=players, choices=list(PLAYER_COUNTS))
    deck = read_profile(profile)
    return TableState(players, deck, tuple(SeatState(deck_size(players)) for _ in range(players)))


# -- examining a move: the reasons, and what a legal move will do -----------------------------------------


@dataclass(frozen=True)
class Plan:
    """What examining a move found: every reason, and the cards it names once resolved."""

    reasons: tuple[Reason, ...]
    cards: tuple[Card, ...] = ()
    from_known_hand: int | None = None  # Turn: index of the played card in the known hand
    field_index: int | None = None  # Turn: index of the taken card on the field
    unbound: tuple[int, ...] = ()  # Turn: known-hand cards an elements-only play may have been (PS-7)
    from_maybe: int | None = None  # Turn: index of the played card among the seat's maybe_hand (PS-7)
    field_unbound: tuple[int, ...] = ()  # Turn: other field cards the elements-only take may have been (PS-7)

    @property
    def verdict(self) -> Verdict:
        return Verdict.of(self.reasons)


def _phase(state: TableState, expected: Phase) -> Reason:
    return Reason(
        "ps.flow.phase", "PS-7", state.phase is expected, {"phase": state.phase.value, "expected": expected.value}
    )


def _seat_in_range(code: str, rule: str, seat: int, state: TableState, path: str) -> Reason:
    return Reason(code, rule, 0 <= seat < state.players, {"seat": seat, "players": state.players}, path)


def _resolve(state: TableState, ref: CardRef, path: str, reasons: list[Reason]) -> Card | None:
    """The card a reference names (profile, or the cards this table saw), with a reason either way."""
    try:
        card = resolve(ref, state.deck, path, state.card_of_rank)
    except ErrorList as bad:
        reasons.extend(e.reason for e in bad.errors)
        return None
    reasons.append(Reason("ps.card.valid", "PS-2", True, {"card": str(card)}, path))
    return card


def _one_place(state: TableState, card: Card, path: str, also: Sequence[Card] = ()) -> Reason:
    """PS-7: a card is in one place only (checked for cards whose rank is known)."""
    params: dict[str, Any] = {"card": str(card), "place": "", "seat": -1}
    if card.rank is not None:
        found = state.where(card.rank)
        if found is None and any(other.rank == card.rank for other in also):
            found = ("same_entry", -1)
        if found is not None:
            params["place"], params["seat"] = found
            return Reason("ps.flow.one_place", "PS-7", False, params, path)
    return Reason("ps.flow.one_place", "PS-7", True, params, path)


def _find(cards: Sequence[Card], ref: CardRef, state: TableState) -> int | None:
    """Where ``ref`` is among ``cards``: by rank, else by elements (a card entered without its rank)."""
    if ref.rank is not None:
        for index, card in enumerate(cards):
            if card.rank == ref.rank:
                return index
        known = state.card_of_rank(ref.rank)
        elements = ref.elements if ref.elements is not None else (known.elements if known else None)
        if elements is None:
            return None
        return next((i for i, c in enumerate(cards) if c.rank is None and c.elements == elements), None)
    return next((i for i, c in enumerate(cards) if c.elements == ref.elements), None)


def _same_elements(found: Card, ref: CardRef, path: str) -> Reason:
    """A card found by rank must carry the elements entered with it, if any (PS-2)."""
    ok = ref.elements is None or ref.elements == found.elements
    return Reason(
        "ps.card.rank_mismatch" if not ok else "ps.card.valid",
        "PS-2",
        ok,
        {"rank": found.rank or 0, "entered": str(ref), "profile_card": str(found)} if not ok else {"card": str(found)},
        path,
    )


def _known(found: Card, ref: CardRef) -> Card:
    """The card with everything known about it: a field card entered by elements gains the rank taken."""
    return found if found.rank is not None or ref.rank is None else Card(found.elements, ref.rank)


def examine_setup(state: TableState, move: Setup) -> Plan:
    """§4.1 / §4.3: the first parent, and the field opened face up (as many cards as PS-7 says)."""
    if state.phase is not Phase.SETUP:
        return Plan((_phase(state, Phase.SETUP),))
    reasons = [
        _phase(state, Phase.SETUP),
        _seat_in_range("ps.setup.parent_seat", "§4.1", move.parent, state, "parent"),
        Reason(
            "ps.setup.field_count",
            "PS-7",
            len(move.field) == field_size(state.players),
            {"count": len(move.field), "expected": field_size(state.players), "players": state.players},
            "field",
        ),
    ]
    cards: list[Card] = []
    for index, ref in enumerate(move.field):
        card = _resolve(state, ref, f"field[{index}]", reasons)
        if card is not None:
            reasons.append(_one_place(state, card, f"field[{index}]", cards))
            cards.append(card)
    return Plan(tuple(reasons), tuple(cards))


def examine_turn(state: TableState, move: Turn) -> Plan:
    """§4.2 / §4.4.1: the player to move plays a hand card and takes a field card."""
    reasons = [_phase(state, Phase.TURNS)]
    if state.phase is not Phase.TURNS:
        return Plan(tuple(reasons))
    expected = state.to_move
    reasons.append(
        Reason(
            "ps.turn.order",
            "PS-7",
            move.seat == expected,
            {"seat": move.seat, "expected": expected, "round": state.round, "turn": len(state.turns) + 1},
            "seat",
        )
    )
    if not 0 <= move.seat < state.players:
        return Plan(tuple(reasons))
    seat = state.seats[move.seat]

    played: Card | None
    unbound: tuple[int, ...] = ()
    maybe_index: int | None = None
    known_index = _find(seat.known_hand, move.played, state)
    fitting = _fitting(seat.known_hand, move.played)
    if move.played.rank is not None:
        maybe_index = next((i for i, c in enumerate(seat.maybe_hand) if c.rank == move.played.rank), None)
    if known_index is not None and fitting and (seat.unseen > 0 or len(fitting) > 1):
        # PS-7: entered by its elements alone while several cards this player may hold fit (a card seen in
        # the hand, or one drawn unseen): bound to none of them until the entries force it.
        known_index = None
        unbound = fitting
        played = _resolve(state, move.played, "played", reasons)
        if played is not None:
            reasons.append(
                Reason("ps.turn.played_unbound", "PS-7", True,
                       {"seat": move.seat, "card": str(played), "candidates": [str(seat.known_hand[i]) for i in fitting],
                        "unseen": seat.unseen}, "played")
            )
            reasons.append(
                Reason("ps.turn.played_from_hand", "§4.2", True,
                       {"seat": move.seat, "card": str(played), "seen": False, "unseen": seat.unseen + len(fitting),
                        "hand_size": seat.hand_size}, "played")
            )
    elif known_index is None and maybe_index is not None:
        # PS-7: a card this player may still hold (an earlier elements-only play was not bound to it).
        played = _same_card(seat.maybe_hand[maybe_index], move.played, "played", reasons)
        reasons.append(
            Reason("ps.turn.played_from_hand", "§4.2", seat.unseen > 0,
                   {"seat": move.seat, "card": str(played), "seen": False, "unseen": seat.unseen,
                    "hand_size": seat.hand_size}, "played")
        )
    elif known_index is not None:
        played = _known(seat.known_hand[known_index], move.played)
        reasons.append(_same_elements(played, move.played, "played"))
        if played.rank is not None and played.rank != seat.known_hand[known_index].rank:
            reasons.append(_one_place(state, played, "played"))  # an unranked card gains its rank
        reasons.append(
            Reason("ps.turn.played_from_hand", "§4.2", True, {"seat": move.seat, "card": str(played), "seen": True},
                   "played")
        )
    else:
        played = _resolve(state, move.played, "played", reasons)
        if played is not None:
            reasons.append(_one_place(state, played, "played"))
            reasons.append(
                Reason(
                    "ps.turn.played_from_hand",
                    "§4.2",
                    seat.unseen > 0,
                    {"seat": move.seat, "card": str(played), "seen": False, "unseen": seat.unseen,
                     "hand_size": seat.hand_size},
                    "played",
                )
            )

    taken: Card | None = None
    field_unbound: tuple[int, ...] = ()
    field_index = _find(state.field, move.taken, state)
    if field_index is None:
        reasons.append(
            Reason(
                "ps.turn.taken_from_field",
                "§4.2",
                False,
                {"card": str(move.taken), "field": [str(c) for c in state.field]},
                "taken",
            )
        )
    elif _field_ambiguous(state.field, move.taken):
        # PS-7: taken by its elements alone from among field cards that fit but differ in what the table
        # knows of them (their ranks): bound to none; the ones left on the field lose their rank with it.
        fitting = _fitting(state.field, move.taken)
        taken = Card(state.field[field_index].elements, None)
        field_unbound = tuple(i for i in fitting if i != field_index)
        reasons.append(
            Reason("ps.turn.taken_unbound", "PS-7", True,
                   {"seat": move.seat, "card": str(taken), "candidates": [str(state.field[i]) for i in fitting]},
                   "taken")
        )
        reasons.append(
            Reason("ps.turn.taken_from_field", "§4.2", True,
                   {"card": str(taken), "field": [str(c) for c in state.field]}, "taken")
        )
    else:
        taken = _known(state.field[field_index], move.taken)
        reasons.append(_same_elements(taken, move.taken, "taken"))
        if taken.rank is not None and taken.rank != state.field[field_index].rank:
            reasons.append(_one_place(state, taken, "taken", (played,) if played else ()))
        reasons.append(
            Reason(
                "ps.turn.taken_from_field",
                "§4.2",
                True,
                {"card": str(taken), "field": [str(c) for c in state.field]},
                "taken",
            )
        )
    cards = (played, taken) if played is not None and taken is not None else ()
    return Plan(tuple(reasons), cards, known_index, field_index, unbound, maybe_index, field_unbound)


def _field_ambiguous(field: Sequence[Card], ref: CardRef) -> bool:
    """PS-7: an elements-only take that several field cards fit, not all known alike (ranks differ)."""
    fitting = _fitting(field, ref)
    return len(fitting) > 1 and len({field[i].rank for i in fitting}) > 1


def _fitting(hand: Sequence[Card], ref: CardRef) -> tuple[int, ...]:
    """PS-7: the known-hand cards an entry by elements alone fits (none for an entry with a rank)."""
    if ref.rank is not None or ref.elements is None:
        return ()
    return tuple(i for i, card in enumerate(hand) if card.elements == ref.elements)


def _same_card(found: Card, ref: CardRef, path: str, reasons: list[Reason]) -> Card:
    reasons.append(_same_elements(found, ref, path))
    return found


def _unranked(turns: Sequence[TurnRecord]) -> list[str]:
    return [str(card) for t in turns for card in (t.played, t.taken) if card.rank is None]


def examine_name_parent(state: TableState, move: NameParent) -> Plan:
    """PS-5 / PS-6 need every rank of the round; without one, the table says who became parent."""
    rule = "PS-6" if state.two_players else "PS-5"
    reasons = [
        _phase(state, Phase.NAME_PARENT),
        _seat_in_range("ps.parent.seat", rule, move.seat, state, "seat"),
    ]
    if reasons[0].ok:
        reasons.append(Reason("ps.parent.named", rule, True, {"seat": move.seat, "cards": _unranked(state.turns)}))
    return Plan(tuple(reasons))


def examine_reveal(state: TableState, move: Reveal) -> Plan:
    """§4.5: at the end every hand is shown; the table enters the cards it had not seen."""
    reasons = [_phase(state, Phase.REVEAL), _seat_in_range("ps.reveal.seat", "§4.5", move.seat, state, "seat")]
    if not (reasons[0].ok and reasons[1].ok):
        return Plan(tuple(reasons))
    seat = state.seats[move.seat]
    reasons.append(Reason("ps.reveal.once", "§4.5", not seat.revealed, {"seat": move.seat}, "seat"))
    reasons.append(
        Reason(
            "ps.reveal.count",
            "PS-7",
            len(move.cards) == seat.unseen,
            {"seat": move.seat, "count": len(move.cards), "expected": seat.unseen},
            "cards",
        )
    )
    cards: list[Card] = []
    # PS-7: the cards an elements-only play was not bound to may be among the revealed ones.
    seats = list(state.seats)
    seats[move.seat] = replace(seat, maybe_hand=())
    view = replace(state, seats=tuple(seats))
    for index, ref in enumerate(move.cards):
        card = _resolve(state, ref, f"cards[{index}]", reasons)
        if card is not None:
            reasons.append(_one_place(view, card, f"cards[{index}]", cards))
            cards.append(card)
    return Plan(tuple(reasons), tuple(cards))


def examine(state: TableState, move: Move) -> Plan:
    if isinstance(move, Setup):
        return examine_setup(state, move)
    if isinstance(move, Turn):
        return examine_turn(state, move)
    if isinstance(move, NameParent):
        return examine_name_parent(state, move)
    return examine_reveal(state, move)


def check(state: TableState, move: Move) -> Verdict:
    return examine(state, move).verdict
