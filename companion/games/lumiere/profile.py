"""Deck profiles for Lumière Prière: the card data the rule text does not give (LP-8).

The rule text gives the twelve names and the per-player counts (``cards.py``). Each card's points, effect
text and whether other cards may be stacked on it are printed on the physical cards only: a profile carries
them once a player has typed them in, and until then they are *unknown* (``None``), never guessed.

A profile arrives as a mapping (the TOML or JSON document)::

    {"id": "default", "game": "lumiere", "name_en": ..., "name_ja": ..., "meta": {},
     "cards": [{"id": "commoner", "name_ja": "常人", "per_player": 5,
                "points": 1, "effect": "...", "stackable": false}, ...]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import CardField, ErrorList, ParseError, Reason
from .cards import Card

SLUG = "lumiere"

CARD_FIELDS: tuple[CardField, ...] = (
    CardField("id", "text", choices=tuple(card.value for card in Card), required=True),
    CardField("points", "int"),
    CardField("effect", "text"),
    CardField("stackable", "bool"),  # other cards may be placed on top of it (セットフェイズ, LP-6)
)


@dataclass(frozen=True)
class CardData:
    """What a profile says about one card; ``None`` where it does not know yet."""

    card: Card
    points: int | None = None
    effect: str | None = None
    stackable: bool | None = None


@dataclass(frozen=True)
class DeckProfile:
    """A parsed profile: one ``CardData`` per card kind, in ``Card`` order (cards it omits are unknown)."""

    id: str
    cards: tuple[CardData, ...]

    @classmethod
    def unknown(cls, profile_id: str = "") -> DeckProfile:
        return cls(profile_id, tuple(CardData(card) for card in Card))

    @classmethod
    def from_mapping(cls, profile: Mapping[str, Any]) -> DeckProfile:
        """Parse a profile document; raises ``ErrorList`` of ``ParseError`` for malformed data.

        Absent values stay unknown; a profile may be partial (validate_profile says what is missing).
        """
        errors: list[ParseError] = []
        found: dict[Card, CardData] = {}
        entries = profile.get("cards", [])
        if not isinstance(entries, list):
            raise ErrorList([ParseError("lp.profile.cards_not_list", "LP-8", "cards")])
        for index, entry in enumerate(entries):
            path = f"cards[{index}]"
            if not isinstance(entry, Mapping):
                errors.append(ParseError("lp.profile.card_not_table", "LP-8", path))
                continue
            problems = [r for r in _value_reasons(entry) if not r.ok]
            errors.extend(ParseError(r.code, r.rule, f"{path}.{r.path}", **dict(r.params)) for r in problems)
            if problems:
                continue
            card = Card(entry["id"])
            if card in found:
                errors.append(ParseError("lp.profile.duplicate_card", "LP-8", f"{path}.id", card=card.value))
                continue
            found[card] = CardData(card, entry.get("points"), _text_or_none(entry.get("effect")),
                                   entry.get("stackable"))
        if errors:
            raise ErrorList(errors)
        return cls(str(profile.get("id", "")), tuple(found.get(card, CardData(card)) for card in Card))

    def data(self, card: Card) -> CardData:
        return self.cards[_PLACE[card]]

    def points(self, card: Card) -> int | None:
        return self.data(card).points

    def stackable(self, card: Card) -> bool | None:
        return self.data(card).stackable


_PLACE = {card: place for place, card in enumerate(Card)}  # a card's place in ``cards``: Card's own order


def _text_or_none(value: Any) -> str | None:
    """An effect left blank is not known yet."""
    return value if isinstance(value, str) and value.strip() else None


def _value_reasons(entry: Mapping[str, Any]) -> list[Reason]:
    """Per-card facts: a known id, and values of the right type (and the rule text's name and count)."""
    card_id = entry.get("id")
    known = isinstance(card_id, str) and card_id in {c.value for c in Card}
    reasons = [Reason("lp.card.id_known", "LP-8", known, {"card": str(card_id)}, "id")]
    if "points" in entry:
        points = entry["points"]
        ok = isinstance(points, int) and not isinstance(points, bool)
        reasons.append(Reason("lp.card.points_integer", "LP-8", ok, {"card": str(card_id), "points": str(points)},
                              "points"))
    if "effect" in entry:
        reasons.append(Reason("lp.card.effect_text", "LP-8", isinstance(entry["effect"], str),
                              {"card": str(card_id)}, "effect"))
    if "stackable" in entry:
        reasons.append(Reason("lp.card.stackable_flag", "LP-8", isinstance(entry["stackable"], bool),
                              {"card": str(card_id), "stackable": str(entry["stackable"])}, "stackable"))
    if known and "per_player" in entry:
        expected = Card(card_id).per_player
        reasons.append(Reason("lp.card.per_player", "LP-8", entry["per_player"] == expected,
                              {"card": str(card_id), "per_player": str(entry["per_player"]), "expected": expected},
                              "per_player"))
    if known and "name_ja" in entry:
        expected_name = Card(card_id).name_ja
        reasons.append(Reason("lp.card.name_ja", "LP-8", entry["name_ja"] == expected_name,
                              {"card": str(card_id), "name_ja": str(entry["name_ja"]), "expected": expected_name},
                              "name_ja"))
    return reasons


def validate_card(profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
    """The facts one card must satisfy (the editor refuses a card with a failing reason)."""
    return tuple(_value_reasons(card))


def validate_profile(profile: Mapping[str, Any]) -> tuple[Reason, ...]:
    """Every fact a complete profile must satisfy, passing or failing, naming the offending cards.

    Structure (the twelve cards once each, names and counts as the rule text gives them) and value types are
    checked always; completeness (points, effects, stackable flags) names what is still missing; the
    plus-and-minus fact (§概要: players score by capturing and lose by being made to capture minus cards)
    is checked once every card's points are known.
    """
    raw = profile.get("cards", [])
    entries = [e for e in raw if isinstance(e, Mapping)] if isinstance(raw, list) else []
    ids = [e.get("id") for e in entries]
    known_ids = {c.value for c in Card}
    unknown = sorted({str(i) for i in ids if i not in known_ids})
    duplicates = sorted({str(i) for i in ids if ids.count(i) > 1})
    missing_cards = [c.value for c in Card if c.value not in ids]
    badly_typed = sorted({str(e.get("id")) for e in entries if not all(r.ok for r in _value_reasons(e))
                          and e.get("id") in known_ids})
    reasons = [
        Reason("lp.profile.game", "LP-8", profile.get("game") == SLUG, {"game": str(profile.get("game"))}, "game"),
        Reason("lp.profile.known_cards", "LP-8", not unknown, {"cards": unknown}, "cards"),
        Reason("lp.profile.no_duplicates", "LP-8", not duplicates, {"cards": duplicates}, "cards"),
        Reason("lp.profile.all_cards", "LP-8", not missing_cards, {"cards": missing_cards}, "cards"),
        Reason("lp.profile.card_facts", "LP-8", not badly_typed, {"cards": badly_typed}, "cards"),
    ]
    usable = {e["id"]: e for e in entries if e.get("id") in known_ids and all(r.ok for r in _value_reasons(e))}
    for key, code in (("points", "lp.profile.points_known"), ("effect", "lp.profile.effects_known"),
                      ("stackable", "lp.profile.stackable_known")):
        missing = [c.value for c in Card if _missing(usable.get(c.value), key)]
        reasons.append(Reason(code, "LP-8", not missing, {"cards": missing}, "cards"))
    if all(not _missing(usable.get(c.value), "points") for c in Card):
        plus = [c.value for c in Card if usable[c.value]["points"] >= 1]
        minus = [c.value for c in Card if usable[c.value]["points"] <= -1]
        reasons.append(Reason("lp.profile.plus_and_minus_cards", "§概要", bool(plus and minus),
                              {"plus": plus, "minus": minus}, "cards"))
    return tuple(reasons)


def _missing(entry: Mapping[str, Any] | None, key: str) -> bool:
    if entry is None or key not in entry:
        return True
    return key == "effect" and _text_or_none(entry[key]) is None
