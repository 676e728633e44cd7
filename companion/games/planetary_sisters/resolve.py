"""From what a player entered (CardRef) to a card scoring can use, with the profile (PS-1, PS-2)."""

from __future__ import annotations

from collections.abc import Callable

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .card_facts import card_facts
from .cards import Card, CardRef
from .profile import DeckProfile


def sub_path(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def resolve(
    ref: CardRef, deck: DeckProfile, path: str = "", lookup: Callable[[int], Card | None] | None = None
) -> Card:
    """The card ``ref`` names. Raises ErrorList listing every problem:
    an element the profile does not know (PS-1), a rank it does not know (PS-2), a rank whose known elements
    differ from the ones entered, and a card breaking a per-card fact of PS-2.

    ``lookup`` finds a rank's card (default: the profile; the tracker also knows the cards its table saw).
    """
    errors: list[RulesError] = []
    if ref.elements is not None:
        errors.extend(
            ParseError(
                "ps.card.unknown_element",
                "PS-1",
                sub_path(sub_path(path, "elements"), name),
                element=name,
                choices=list(deck.elements.names),
            )
            for name, _ in ref.elements
            if not deck.elements.knows(name)
        )
    if errors:
        raise ErrorList(errors)
    known = (lookup or deck.card)(ref.rank) if ref.rank is not None else None
    if ref.elements is None:
        if known is None:
            raise ErrorList(
                [ParseError("ps.card.unknown_rank", "PS-2", sub_path(path, "rank"), rank=ref.rank, profile=deck.id)]
            )
        card = known
    else:
        card = Card(ref.elements, ref.rank)
        if known is not None and known.elements != card.elements:
            errors.append(
                ImpossibleState(
                    "ps.card.rank_mismatch", "PS-2", path, rank=ref.rank, entered=str(card), profile_card=str(known)
                )
            )
    errors.extend(
        ImpossibleState(r.code, r.rule, path, **r.params)
        for r in card_facts(card, deck.elements, deck.partial(card.rank))
        if not r.ok
    )
    if errors:
        raise ErrorList(errors)
    return card
