"""Deck profiles for Planeta Rica: the card data the rule text does not give (PR-6).

The rule text gives the names and copies (``cards.py``). Each planet's coin cost, VP, five slot rewards and
effect text, and each gadget's resource cost, VP and effect text, are printed on the cards only: a profile
carries them once a player has typed them in; until then they are unknown (``None``), never guessed.

A profile arrives as a mapping (the TOML or JSON document)::

    {"id": "default", "game": "planeta-rica", "name_en": ..., "name_ja": ..., "meta": {},
     "cards": [{"id": "tourist_planet", "name_ja": "観光惑星", "name_en": "Tourist Planet", "copies": 2,
                "coins": 3, "vp": 2, "slot1": "coin", ..., "slot5": "nothing", "effect": "..."},
               {"id": "warp_gate", ..., "cost": {"tachyon": 1, "any": 1}, "vp": 1, "effect": "..."}]}

A planet's slots may also be given as one list ``"slots": ["coin", ...]`` (the API's form); the editor uses
``slot1`` … ``slot5``. A gadget's ``cost`` counts tachyon, monopole, mithril and ``any`` (any resource).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import CardField, ErrorList, ParseError, Reason, is_plain_number
from .cards import GADGET_CARDS, PLANET_CARDS, RESOURCE_IDS, SLOTS, Card, Gadget, Planet, Resource, Resources, Reward

SLUG = "planeta-rica"
RULE = "PR-6"

SLOT_KEYS = tuple(f"slot{i}" for i in range(1, SLOTS + 1))
COST_CHOICES = ("tachyon", "monopole", "mithril", "any")
MAX_COST = 9  # a gadget cost of more resources than this is a typing slip (the printed costs are a few icons)
PLANET_KEYS = frozenset({"coins", "slots", *SLOT_KEYS})
GADGET_KEYS = frozenset({"cost"})

CARD_FIELDS: tuple[CardField, ...] = (
    CardField("id", "text", choices=tuple(c.value for c in (*Planet, *Gadget)), required=True),
    CardField("coins", "int"),  # planets: the coin cost in the top left (侵略)
    CardField("vp", "int"),
    *(CardField(key, "text", choices=tuple(r.value for r in Reward)) for key in SLOT_KEYS),  # planets
    CardField("cost", "counts", choices=COST_CHOICES),  # gadgets: the resource cost at the bottom (開発)
    CardField("effect", "text"),
)


@dataclass(frozen=True)
class Cost:
    """A gadget's resource cost: named resources plus ``any`` resources of the player's choice."""

    named: Resources = Resources()
    any: int = 0

    @property
    def total(self) -> int:
        return self.named.total + self.any

    def paid_by(self, pay: Resources) -> bool:
        """Does ``pay`` settle this cost exactly (the named ones, and ``any`` more of whatever kind)?"""
        return pay.covers(self.named) and pay.total == self.total

    def __str__(self) -> str:
        parts = [str(self.named)] if self.named.total else []
        if self.any:
            parts.append(f"{self.any}any")
        return "+".join(parts) or "0"

    def to_json(self) -> dict[str, int]:
        """As a profile writes it: ``{"tachyon": 1, "any": 1}``."""
        data = {r.value: self.named.get(r) for r in Resource if self.named.get(r)}
        return data | ({"any": self.any} if self.any else {})

    @classmethod
    def from_json(cls, value: Any, path: str = "cost") -> Cost:
        """``{"tachyon": 1, "any": 1}`` -> Cost; ParseError at ``path`` for anything else."""
        if not isinstance(value, Mapping) or not all(
                k in COST_CHOICES and _is_int(v) and 0 <= v <= MAX_COST for k, v in value.items()):
            raise ParseError("pr.develop.bad_cost", "PR-6", path, value=str(value)[:80])
        return cls(Resources(**{k: v for k, v in value.items() if k in RESOURCE_IDS}), int(value.get("any", 0)))

    @classmethod
    def parse(cls, text: str) -> Cost:
        """Notation ``1tachyon+1any`` (``0``: nothing) -> Cost; ParseError otherwise."""
        parts = text.split("+")
        anys = [p for p in parts if p.endswith("any")]
        named = "+".join(p for p in parts if not p.endswith("any")) or "0"
        if len(anys) > 1 or (anys and not is_plain_number(anys[0][:-3])):
            raise ParseError("pr.move.malformed", "PR-6", value=text)
        return cls(Resources.parse(named), int(anys[0][:-3]) if anys else 0)


@dataclass(frozen=True)
class PlanetData:
    planet: Planet
    coins: int | None = None
    vp: int | None = None
    slots: tuple[Reward | None, ...] = (None,) * SLOTS
    effect: str | None = None


@dataclass(frozen=True)
class GadgetData:
    gadget: Gadget
    cost: Cost | None = None
    vp: int | None = None
    effect: str | None = None


@dataclass(frozen=True)
class DeckProfile:
    """A parsed profile: one entry per card type in enum order (types it omits are unknown)."""

    id: str
    planets: tuple[PlanetData, ...]
    gadgets: tuple[GadgetData, ...]

    @classmethod
    def unknown(cls, profile_id: str = "") -> DeckProfile:
        return cls(profile_id, tuple(PlanetData(p) for p in Planet), tuple(GadgetData(g) for g in Gadget))

    @classmethod
    def from_mapping(cls, profile: Mapping[str, Any]) -> DeckProfile:
        """Parse a profile document; raises ``ErrorList`` of ``ParseError`` for malformed data (absent values
        stay unknown: a partial profile is fine, ``validate_profile`` says what it lacks)."""
        entries = profile.get("cards", [])
        if not isinstance(entries, list):
            raise ErrorList([ParseError("pr.profile.cards_not_list", RULE, "cards")])
        errors: list[ParseError] = []
        planets: dict[Planet, PlanetData] = {}
        gadgets: dict[Gadget, GadgetData] = {}
        for index, entry in enumerate(entries):
            path = f"cards[{index}]"
            if not isinstance(entry, Mapping):
                errors.append(ParseError("pr.profile.card_not_table", RULE, path))
                continue
            problems = [r for r in card_reasons(entry) if not r.ok]
            errors.extend(ParseError(r.code, r.rule, f"{path}.{r.path}", **dict(r.params)) for r in problems)
            if problems:
                continue
            card = _card_of(entry["id"])
            if card in planets or card in gadgets:
                errors.append(ParseError("pr.profile.duplicate_card", RULE, f"{path}.id", card=str(card)))
            elif isinstance(card, Planet):
                planets[card] = PlanetData(card, entry.get("coins"), entry.get("vp"), _slots(entry),
                                           _text(entry.get("effect")))
            elif card is not None:
                gadgets[card] = GadgetData(card, _cost(entry.get("cost")), entry.get("vp"),
                                           _text(entry.get("effect")))
        if errors:
            raise ErrorList(errors)
        return cls(str(profile.get("id", "")), tuple(planets.get(p, PlanetData(p)) for p in Planet),
                   tuple(gadgets.get(g, GadgetData(g)) for g in Gadget))

    def planet(self, planet: Planet) -> PlanetData:
        return self.planets[_PLANET_INDEX[planet]]

    def gadget(self, gadget: Gadget) -> GadgetData:
        return self.gadgets[_GADGET_INDEX[gadget]]

    def vp(self, card: Card) -> int | None:
        return self.planet(card).vp if isinstance(card, Planet) else self.gadget(card).vp

    def slot(self, planet: Planet, slot: int) -> Reward | None:
        """The reward of slot ``slot`` (1 … 5) of ``planet``, or None while unknown."""
        return self.planet(planet).slots[slot - 1]

    @property
    def complete_for_play(self) -> bool:
        """Every coin cost, slot reward and gadget cost known: a tracked game needs no value from the table."""
        return (all(p.coins is not None and None not in p.slots for p in self.planets)
                and all(g.cost is not None for g in self.gadgets))


_PLANET_INDEX = {p: i for i, p in enumerate(Planet)}
_GADGET_INDEX = {g: i for i, g in enumerate(Gadget)}


def read_profile(profile: Mapping[str, Any] | DeckProfile) -> DeckProfile:
    return profile if isinstance(profile, DeckProfile) else DeckProfile.from_mapping(profile)


def _card_of(value: Any) -> Card | None:
    for kind in (Planet, Gadget):
        try:
            return kind(value)
        except ValueError:
            continue
    return None


def _text(value: Any) -> str | None:
    """An effect left blank is not known yet."""
    return value if isinstance(value, str) and value.strip() else None


def _slots(entry: Mapping[str, Any]) -> tuple[Reward | None, ...]:
    listed = entry.get("slots")
    if isinstance(listed, list):
        return tuple(Reward(v) for v in listed)
    return tuple(Reward(entry[k]) if entry.get(k) not in (None, "") else None for k in SLOT_KEYS)


def _cost(value: Any) -> Cost | None:
    if not isinstance(value, Mapping):
        return None
    return Cost(Resources(**{k: v for k, v in value.items() if k in RESOURCE_IDS}), int(value.get("any", 0)))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def card_reasons(entry: Mapping[str, Any]) -> list[Reason]:
    """Per-card facts: a known id, values of the right type and kind, the rule text's name and copies."""
    raw_id = entry.get("id")
    card = _card_of(raw_id)
    name = str(raw_id)
    reasons = [Reason("pr.card.id_known", "PR-1", card is not None, {"card": name}, "id")]
    if card is None:
        return reasons
    if "name_ja" in entry:
        reasons.append(Reason("pr.card.name_ja", "PR-1", entry["name_ja"] == card.name_ja,
                              {"card": name, "name_ja": str(entry["name_ja"]), "expected": card.name_ja}, "name_ja"))
    if "copies" in entry:
        reasons.append(Reason("pr.card.copies", "PR-1", entry["copies"] == card.copies,
                              {"card": name, "copies": str(entry["copies"]), "expected": card.copies}, "copies"))
    if "kind" in entry:
        expected_kind = "planet" if isinstance(card, Planet) else "gadget"
        reasons.append(Reason("pr.card.kind", "PR-1", entry["kind"] == expected_kind,
                              {"card": name, "kind": str(entry["kind"]), "expected": expected_kind}, "kind"))
    foreign = sorted((GADGET_KEYS if isinstance(card, Planet) else PLANET_KEYS) & set(entry))
    for key in foreign:
        reasons.append(Reason("pr.card.field_fits_kind", RULE, entry[key] in (None, ""),
                              {"card": name, "field": key, "kind": "planet" if isinstance(card, Planet) else "gadget"},
                              key))
    if "vp" in entry:
        reasons.append(Reason("pr.card.vp_integer", RULE, _is_int(entry["vp"]), {"card": name, "vp": str(entry["vp"])},
                              "vp"))
    if "effect" in entry:
        reasons.append(Reason("pr.card.effect_text", RULE, isinstance(entry["effect"], str), {"card": name}, "effect"))
    if isinstance(card, Planet):
        if "coins" in entry:
            value = entry["coins"]
            reasons.append(Reason("pr.card.coins_count", RULE, _is_int(value) and value >= 0,
                                  {"card": name, "coins": str(value)}, "coins"))
        for key in SLOT_KEYS:
            if entry.get(key) not in (None, ""):
                reasons.append(Reason("pr.card.slot_reward", "PR-2", entry[key] in _REWARD_IDS,
                                      {"card": name, "slot": key, "reward": str(entry[key])}, key))
        if "slots" in entry:
            listed = entry["slots"]
            ok = (isinstance(listed, list) and len(listed) == SLOTS and all(v in _REWARD_IDS for v in listed))
            reasons.append(Reason("pr.card.slots_list", "PR-2", ok, {"card": name, "slots": str(listed)}, "slots"))
    elif "cost" in entry:
        value = entry["cost"]
        ok = isinstance(value, Mapping) and all(k in COST_CHOICES and _is_int(v) and v >= 0 for k, v in value.items())
        reasons.append(Reason("pr.card.cost_counts", RULE, ok, {"card": name, "cost": str(value)}, "cost"))
    return reasons


_REWARD_IDS = frozenset(r.value for r in Reward)


def validate_card(profile: Mapping[str, Any], card: Mapping[str, Any]) -> tuple[Reason, ...]:
    """The facts one card must satisfy (the editor refuses a card with a failing reason)."""
    return tuple(card_reasons(card))


def validate_profile(profile: Mapping[str, Any]) -> tuple[Reason, ...]:
    """Every fact a complete profile must satisfy, passing or failing, naming the offending cards.

    Structure (every card type once, names and copies as 【カード内訳】 gives them: 21 types / 44 planets,
    17 types / 29 gadgets) and value types are checked always; completeness names what is still missing.
    """
    raw = profile.get("cards", [])
    entries = [e for e in raw if isinstance(e, Mapping)] if isinstance(raw, list) else []
    ids = [e.get("id") for e in entries]
    all_ids = [c.value for c in (*Planet, *Gadget)]
    unknown = sorted({str(i) for i in ids if i not in all_ids})
    duplicates = sorted({str(i) for i in ids if ids.count(i) > 1})
    missing_cards = [i for i in all_ids if i not in ids]
    usable = {e["id"]: e for e in entries if e.get("id") in all_ids and all(r.ok for r in card_reasons(e))}
    badly = sorted({str(e.get("id")) for e in entries if e.get("id") in all_ids and e.get("id") not in usable})
    planet_total = sum(_copies(usable.get(p.value), p) for p in Planet)
    gadget_total = sum(_copies(usable.get(g.value), g) for g in Gadget)
    reasons = [
        Reason("pr.profile.game", RULE, profile.get("game") == SLUG, {"game": str(profile.get("game"))}, "game"),
        Reason("pr.profile.known_cards", "PR-1", not unknown, {"cards": unknown}, "cards"),
        Reason("pr.profile.no_duplicates", "PR-1", not duplicates, {"cards": duplicates}, "cards"),
        Reason("pr.profile.all_cards", "PR-1", not missing_cards, {"cards": missing_cards}, "cards"),
        Reason("pr.profile.card_facts", RULE, not badly, {"cards": badly}, "cards"),
        Reason("pr.profile.planet_total", "PR-1", planet_total == PLANET_CARDS,
               {"count": planet_total, "expected": PLANET_CARDS}, "cards"),
        Reason("pr.profile.gadget_total", "PR-1", gadget_total == GADGET_CARDS,
               {"count": gadget_total, "expected": GADGET_CARDS}, "cards"),
    ]
    deck = DeckProfile.from_mapping({"cards": list(usable.values())})
    completeness = (
        ("pr.profile.coins_known", [p.planet.value for p in deck.planets if p.coins is None]),
        ("pr.profile.planet_vp_known", [p.planet.value for p in deck.planets if p.vp is None]),
        ("pr.profile.slots_known", [p.planet.value for p in deck.planets if None in p.slots]),
        ("pr.profile.costs_known", [g.gadget.value for g in deck.gadgets if g.cost is None]),
        ("pr.profile.gadget_vp_known", [g.gadget.value for g in deck.gadgets if g.vp is None]),
        ("pr.profile.gadget_effects_known", [g.gadget.value for g in deck.gadgets if g.effect is None]),
    )
    reasons.extend(Reason(code, RULE, not missing, {"cards": missing}, "cards") for code, missing in completeness)
    return tuple(reasons)


def missing(profile: Mapping[str, Any] | DeckProfile) -> dict[str, list[str]]:
    """What a profile still lacks, by field (``{"coins": [...], "slots": [...], ...}``), empty lists dropped."""
    deck = read_profile(profile)
    found = {
        "coins": [p.planet.value for p in deck.planets if p.coins is None],
        "planet_vp": [p.planet.value for p in deck.planets if p.vp is None],
        "slots": [p.planet.value for p in deck.planets if None in p.slots],
        "cost": [g.gadget.value for g in deck.gadgets if g.cost is None],
        "gadget_vp": [g.gadget.value for g in deck.gadgets if g.vp is None],
        "effect": [g.gadget.value for g in deck.gadgets if g.effect is None],
    }
    return {key: cards for key, cards in found.items() if cards}


def _copies(entry: Mapping[str, Any] | None, card: Card) -> int:
    if entry is not None and _is_int(entry.get("copies")):
        return int(entry["copies"])
    return card.copies
