"""The round tracker's state: an immutable record of what the table knows (PS-5 … PS-7).

The tracker knows what is public at a real table: the field, the cards played and taken, the house cards of
the 2-player second half, and at the end the revealed hands. Drawn cards stay unseen (``SeatState.unseen``)
until they are played or revealed. Cards are known by rank, by elements, or both.

A card the table saw taken into a hand is still in that hand, and a hand is its owner's alone (§2 【手札】)
until §4.5 shows every hand: ``hands_hidden`` says when, ``without_hands`` is the state with no hand's contents
(what a page for the whole table, such as a watch link, may hold).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from enum import Enum, StrEnum
from typing import Any, TypeVar

from ..base import ParseError, Reason
from .cards import Card, elements_of
from .flow import is_second_half, turn_order
from .parent import Condition, rank_difference
from .profile import DeckProfile

E = TypeVar("E", bound=Enum)


class Phase(StrEnum):
    SETUP = "setup"  # waiting for the first parent and the opened field (§4.1 / §4.3)
    TURNS = "turns"  # a round's turns (§4.2 / §4.4)
    NAME_PARENT = "name_parent"  # a round is over but a rank is unknown: the table names the parent
    REVEAL = "reveal"  # the game is over; hands are shown (§4.5)
    FINISHED = "finished"  # every hand is known: the houses (and guards) can be scored


@dataclass(frozen=True)
class SeatState:
    """One player's cards as far as the table knows them."""

    deck_size: int
    hand_size: int = 0
    known_hand: tuple[Card, ...] = ()  # taken from the field, so everyone saw them
    house: tuple[Card, ...] = ()  # 2 players: second-half takes (§4.4.2); 3/4 players: the revealed hand
    guards: tuple[Card, ...] = ()  # 2 players: the revealed final hand (番人札, §4.5)
    revealed: bool = False
    # PS-7: cards this player was seen to hold that an elements-only play may or may not have been. Not bound
    # to that play: each may still be in the hand (counted among ``unseen``) or be the card played (then it
    # can turn up by rank wherever that play went: the entry that shows it settles it).
    maybe_hand: tuple[Card, ...] = ()

    @property
    def unseen(self) -> int:
        """Cards in hand the table has not seen (drawn and not played yet)."""
        return self.hand_size - len(self.known_hand)


@dataclass(frozen=True)
class TurnRecord:
    """One turn: the card played from hand and the field card taken (§4.2)."""

    seat: int
    played: Card
    taken: Card

    @property
    def difference(self) -> int | None:
        """PS-5: |rank played − rank taken|, when both ranks are known."""
        if self.played.rank is None or self.taken.rank is None:
            return None
        return rank_difference(self.played.rank, self.taken.rank)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: who led, under which condition, the turns, and who became parent and why."""

    number: int
    parent: int
    condition: Condition
    turns: tuple[TurnRecord, ...]
    next_parent: int
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class TableState:
    players: int
    deck: DeckProfile
    seats: tuple[SeatState, ...]
    phase: Phase = Phase.SETUP
    round: int = 0
    parent: int = 0
    condition: Condition = Condition.CLOSE  # §4.1 step 5: the game starts on Close
    field: tuple[Card, ...] = ()
    turns: tuple[TurnRecord, ...] = ()  # the current round's turns so far
    rounds: tuple[RoundRecord, ...] = ()

    @property
    def two_players(self) -> bool:
        return self.players == 2

    @property
    def first_parent(self) -> int:
        return self.rounds[0].parent if self.rounds else self.parent

    @property
    def turn_order(self) -> tuple[int, ...]:
        return turn_order(self.players, self.parent)

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, or None outside the turns phase."""
        if self.phase is not Phase.TURNS:
            return None
        return self.turn_order[len(self.turns)]

    @property
    def second_half(self) -> bool:
        return is_second_half(self.players, self.round)

    def places(self) -> Iterator[tuple[Card, str, int]]:
        """Every card the table can point at: (card, place, seat or -1)."""
        for card in self.field:
            yield card, "field", -1
        for seat, s in enumerate(self.seats):
            for card in s.known_hand:
                yield card, "hand", seat
            for card in s.house:
                yield card, "house", seat
            for card in s.guards:
                yield card, "guards", seat
        for turn in self.turns:
            yield turn.played, "played", turn.seat
            yield turn.taken, "taken", turn.seat

    def where(self, rank: int) -> tuple[str, int] | None:
        """PS-7: the one place a card of this rank is, when the table knows it."""
        for card, place, seat in self.places():
            if card.rank == rank:
                return place, seat
        return None

    def card_of_rank(self, rank: int) -> Card | None:
        """The card of this rank as this table has seen it, else as the profile knows it."""
        for card, _, _ in self.places():
            if card.rank == rank:
                return card
        for past in self.rounds:
            for turn in past.turns:
                for card in (turn.played, turn.taken):
                    if card.rank == rank:
                        return card
        return self.deck.card(rank)

    def learned_cards(self) -> tuple[Card, ...]:
        """Cards this table entered with rank and elements that the profile does not know yet: what the
        profile editor can offer to remember (each already passed the per-card facts of PS-2)."""
        learned: dict[int, Card] = {}
        seen = [card for card, _, _ in self.places()]
        seen += [card for past in self.rounds for turn in past.turns for card in (turn.played, turn.taken)]
        for card in seen:
            if card.rank is not None and self.deck.card(card.rank) is None:
                learned.setdefault(card.rank, card)
        return tuple(sorted(learned.values(), key=lambda c: c.rank or 0))


def hands_hidden(state: TableState) -> bool:
    """§2 【手札】: only its owner may look at a hand (「持ち主だけが内容を確認できます」), until the scoring phase
    shows every hand (§4.5). Until then the cards the table saw a player take are part of a hidden hand too: no
    page for the whole table, score summary or score that anyone may read names them or counts them."""
    return state.phase in (Phase.SETUP, Phase.TURNS, Phase.NAME_PARENT)


def without_hands(state: TableState) -> TableState:
    """The state as the whole table may read it: while hands are hidden (§2), no seat's hand contents (what the
    table saw taken, what an elements-only play may have been); hand sizes stay, they are on the table."""
    if not hands_hidden(state):
        return state
    return replace(state, seats=tuple(replace(s, known_hand=(), maybe_hand=()) for s in state.seats))


# -- the state as JSON (a snapshot of a table; the profile is not in it, it is passed back in) -------------


def card_to_json(card: Card) -> dict[str, Any]:
    return card.to_json()


def _fail(path: str, what: str) -> ParseError:
    return ParseError("ps.state.malformed", "PS-7", path, what=what)


def _int(data: Mapping[str, Any], key: str, path: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(f"{path}{key}", "int")
    return value


def _list(data: Mapping[str, Any], key: str, path: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise _fail(f"{path}{key}", "list")
    return value


def _object(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, "object")
    return value


def card_from_json(value: Any, path: str) -> Card:
    data = _object(value, path)
    rank = data.get("rank")
    elements = data.get("elements")
    if rank is not None and (not isinstance(rank, int) or isinstance(rank, bool)):
        raise _fail(f"{path}.rank", "int")
    if not isinstance(elements, Mapping) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in elements.items()
    ):
        raise _fail(f"{path}.elements", "counts")
    return Card(elements_of(elements), rank)


def _cards(data: Mapping[str, Any], key: str, path: str) -> tuple[Card, ...]:
    return tuple(card_from_json(v, f"{path}{key}[{i}]") for i, v in enumerate(_list(data, key, path)))


def _turn_to_json(turn: TurnRecord) -> dict[str, Any]:
    return {"seat": turn.seat, "played": turn.played.to_json(), "taken": turn.taken.to_json()}


def _turn_from_json(value: Any, path: str) -> TurnRecord:
    data = _object(value, path)
    return TurnRecord(_int(data, "seat", f"{path}."), card_from_json(data.get("played"), f"{path}.played"),
                      card_from_json(data.get("taken"), f"{path}.taken"))


def _reason_from_json(value: Any, path: str) -> Reason:
    data = _object(value, path)
    code, rule, ok, params, where = (data.get(k) for k in ("code", "rule", "ok", "params", "path"))
    if not (isinstance(code, str) and isinstance(rule, str) and isinstance(ok, bool) and isinstance(where, str)
            and isinstance(params, Mapping)):
        raise _fail(path, "reason")
    return Reason(code, rule, ok, dict(params), where, bool(data.get("impossible", False)))


def _enum(kind: type[E], value: Any, path: str) -> E:
    try:
        return kind(value)
    except ValueError:
        raise _fail(path, "|".join(str(m.value) for m in kind)) from None


def state_to_json(state: TableState) -> dict[str, Any]:
    """Everything the state holds but the deck profile, as plain JSON (``state_from_json`` reads it back)."""
    return {
        "players": state.players,
        "phase": state.phase.value,
        "round": state.round,
        "parent": state.parent,
        "condition": state.condition.value,
        "field": [c.to_json() for c in state.field],
        "turns": [_turn_to_json(t) for t in state.turns],
        "rounds": [
            {"number": r.number, "parent": r.parent, "condition": r.condition.value,
             "turns": [_turn_to_json(t) for t in r.turns], "next_parent": r.next_parent,
             "reasons": [reason.to_json() for reason in r.reasons]}
            for r in state.rounds
        ],
        "seats": [
            {"deck_size": s.deck_size, "hand_size": s.hand_size, "known_hand": [c.to_json() for c in s.known_hand],
             "house": [c.to_json() for c in s.house], "guards": [c.to_json() for c in s.guards],
             "revealed": s.revealed, "maybe_hand": [c.to_json() for c in s.maybe_hand]}
            for s in state.seats
        ],
    }


def state_from_json(value: Any, deck: DeckProfile) -> TableState:
    """Inverse of ``state_to_json`` with the deck the state was made with; raises ParseError."""
    data = _object(value, "")
    seats = []
    for i, raw in enumerate(_list(data, "seats", "")):
        s = _object(raw, f"seats[{i}]")
        at = f"seats[{i}]."
        revealed = s.get("revealed")
        if not isinstance(revealed, bool):
            raise _fail(f"{at}revealed", "bool")
        maybe = _cards(s, "maybe_hand", at) if "maybe_hand" in s else ()
        seats.append(SeatState(_int(s, "deck_size", at), _int(s, "hand_size", at), _cards(s, "known_hand", at),
                               _cards(s, "house", at), _cards(s, "guards", at), revealed, maybe))
    rounds = []
    for i, raw in enumerate(_list(data, "rounds", "")):
        r = _object(raw, f"rounds[{i}]")
        at = f"rounds[{i}]."
        rounds.append(RoundRecord(
            _int(r, "number", at), _int(r, "parent", at), _enum(Condition, r.get("condition"), f"{at}condition"),
            tuple(_turn_from_json(t, f"{at}turns[{j}]") for j, t in enumerate(_list(r, "turns", at))),
            _int(r, "next_parent", at),
            tuple(_reason_from_json(x, f"{at}reasons[{j}]") for j, x in enumerate(_list(r, "reasons", at))),
        ))
    players = _int(data, "players", "")
    if len(seats) != players:
        raise _fail("seats", f"{players} seats")
    return TableState(
        players, deck, tuple(seats), _enum(Phase, data.get("phase"), "phase"), _int(data, "round", ""),
        _int(data, "parent", ""), _enum(Condition, data.get("condition"), "condition"), _cards(data, "field", ""),
        tuple(_turn_from_json(t, f"turns[{j}]") for j, t in enumerate(_list(data, "turns", ""))), tuple(rounds),
    )
