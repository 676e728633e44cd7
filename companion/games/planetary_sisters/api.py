"""``POST /api/v1/planetary-sisters/score`` (API.md), as a pure function of the decoded JSON body.

``score_request(body, find_profile)`` returns the response dict, or raises ErrorList listing every problem
with its path (422). The scoring is ``score.score_player``, the same the page and the tracker use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..base import ErrorList, ImpossibleState, ParseError, RulesError
from .cards import Card, CardRef
from .flow import PLAYER_COUNTS, field_size
from .profile import DeckProfile, read_profile
from .resolve import resolve
from .score import score_player

ProfileLookup = Callable[[str], "Mapping[str, Any] | None"]

HOUSE_MAX = 8  # §4.5: 8 house cards (PS-7); fewer is a partial house, scored as it stands
GUARDS_MAX = 2  # §4.4.2: 2 cards left in hand become the guards (PS-7)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _players(body: Mapping[str, Any], errors: list[RulesError]) -> int:
    players = body.get("players", 4)
    if not _is_int(players):
        errors.append(
            ParseError("ps.api.wrong_type", "PS-7", "players", expected="integer", got=type(players).__name__)
        )
        return 4
    if players not in PLAYER_COUNTS:
        errors.append(ParseError("ps.api.out_of_range", "PS-7", "players", value=players, choices=list(PLAYER_COUNTS)))
        return 4
    return int(players)


def _deck(body: Mapping[str, Any], find_profile: ProfileLookup, errors: list[RulesError]) -> DeckProfile | None:
    name = body.get("profile", "default")
    if not isinstance(name, str):
        errors.append(ParseError("ps.api.wrong_type", "PS-1", "profile", expected="string", got=type(name).__name__))
        return None
    data = find_profile(name)
    if data is None:
        errors.append(ParseError("ps.api.unknown_profile", "PS-1", "profile", profile=name))
        return None
    try:
        return read_profile(data)
    except ErrorList as broken:
        errors.append(
            ParseError(
                "ps.api.profile_unusable", "PS-1", "profile", profile=name, codes=[e.code for e in broken.errors]
            )
        )
        return None


def _card_list(
    body: Mapping[str, Any], key: str, required: bool, most: int, rule: str, errors: list[RulesError]
) -> list[tuple[str, CardRef]]:
    """The entries of one list (house, field, guards) that parse, each with its path."""
    raw = body.get(key)
    if raw is None:
        if required:
            errors.append(ParseError("ps.api.missing", "§4.5", key, field=key))
        return []
    if not isinstance(raw, list):
        errors.append(ParseError("ps.api.wrong_type", "§4.5", key, expected="array", got=type(raw).__name__))
        return []
    if len(raw) > most:
        errors.append(ParseError("ps.api.too_many_cards", rule, key, count=len(raw), max=most))
    refs: list[tuple[str, CardRef]] = []
    for index, entry in enumerate(raw):
        path = f"{key}[{index}]"
        try:
            refs.append((path, CardRef.from_json(entry, path)))
        except ErrorList as bad:
            errors.extend(bad.errors)
    return refs


def _resolved(refs: list[tuple[str, CardRef]], deck: DeckProfile, errors: list[RulesError]) -> list[Card]:
    cards: list[Card] = []
    for path, ref in refs:
        try:
            cards.append(resolve(ref, deck, path))
        except ErrorList as bad:
            errors.extend(bad.errors)
    return cards


def _duplicate_ranks(refs: list[tuple[str, CardRef]], errors: list[RulesError]) -> None:
    """PS-7: a card is in one place only, so a rank appears once in a request."""
    first: dict[int, str] = {}
    for path, ref in refs:
        if ref.rank is None:
            continue
        if ref.rank in first:
            errors.append(ImpossibleState("ps.card.duplicate_rank", "PS-7", path, rank=ref.rank, first=first[ref.rank]))
        else:
            first[ref.rank] = path


def read_score_request(
    body: Any, find_profile: ProfileLookup
) -> tuple[int, list[Card], list[Card], list[Card], DeckProfile]:
    """(players, house, field, guards, deck) from the body; raises ErrorList naming every problem."""
    if not isinstance(body, Mapping):
        raise ErrorList([ParseError("ps.api.wrong_type", "§4.5", "", expected="object", got=type(body).__name__)])
    errors: list[RulesError] = []
    players = _players(body, errors)
    deck = _deck(body, find_profile, errors)
    house = _card_list(body, "house", True, HOUSE_MAX, "PS-7", errors)
    field = _card_list(body, "field", False, field_size(players), "PS-7", errors)
    guards = _card_list(body, "guards", False, GUARDS_MAX, "PS-7", errors)
    if guards and players != 2:
        errors.append(ParseError("ps.api.guards_need_two_players", "PS-7", "guards", players=players))
    _duplicate_ranks([*house, *field, *guards], errors)
    if deck is None:
        raise ErrorList(errors)
    cards = [_resolved(part, deck, errors) for part in (house, field, guards)]
    if errors:
        raise ErrorList(errors)
    return players, cards[0], cards[1], cards[2], deck


def score_request(body: Any, find_profile: ProfileLookup) -> dict[str, Any]:
    """The 200 response of POST /api/v1/planetary-sisters/score, exactly as API.md shows it."""
    _, house, field, guards, deck = read_score_request(body, find_profile)
    return score_player(house, field, deck.elements, guards).to_json()
